"""`Cache-Control: private, no-store` on every answer to a signed-in user:
RH's pages and CSV/XLSX exports, the candidate's pages (the cached status page too), a public
page seen signed in; anonymous visitors keep the public pages' own cache headers."""

from decimal import Decimal

import pytest
from django.urls import reverse

from classificacao.listas import recalcular
from tests.factories import CargoFactory, InscricaoFactory, usuario

pytestmark = pytest.mark.django_db

PRIVADO = "private, no-store"


@pytest.fixture
def versao():
    cargo = CargoFactory(vagas=1, codigo="ADM")
    InscricaoFactory(cargo=cargo, numero="000001", nota=Decimal("90"))
    return recalcular(cargo.pk)


def test_paginas_e_exportacoes_do_rh_sao_privadas(client, rh, versao):
    client.force_login(rh)
    cargo = versao.cargo
    for url in (reverse("painel:painel"),
                reverse("painel:exportar", args=[versao.pk, "csv"]),
                reverse("painel:exportar", args=[versao.pk, "xlsx"]),
                reverse("painel:exportar_ordem_nomeacao", args=[cargo.pk, "csv"]),
                reverse("painel:exportar_ordem_nomeacao", args=[cargo.pk, "xlsx"])):
        resposta = client.get(url)
        assert (url, resposta.status_code, resposta["Cache-Control"]) == (url, 200, PRIVADO)


def test_paginas_do_candidato_sao_privadas_tambem_vindas_do_cache(client):
    insc = InscricaoFactory()
    user = usuario("cand_privado", "Candidato")
    insc.candidato.usuario = user
    insc.candidato.save()
    client.force_login(user)
    assert client.get(reverse("portal:painel"))["Cache-Control"] == PRIVADO
    url = reverse("portal:inscricao", args=[insc.pk])
    renderizada = client.get(url)
    guardada = client.get(url)  # served by candidatos/cache_situacao.py
    assert (renderizada.context is not None, guardada.context is None) == (True, True)
    assert (renderizada["Cache-Control"], guardada["Cache-Control"]) == (PRIVADO, PRIVADO)


def test_pagina_publica_anonima_mantem_cache_publico_e_logada_e_privada(client, candidato_user,
                                                                       settings):
    cargo = CargoFactory()
    url = reverse("certame_publico", args=[cargo.certame.pk])
    anonima = client.get(url)
    assert anonima.status_code == 200
    assert anonima["Cache-Control"] == (f"public, max-age={settings.CACHE_PUBLICO_MAX_AGE}, "
                                        f"stale-while-revalidate={settings.CACHE_PUBLICO_MAX_AGE}")
    assert anonima["ETag"].startswith('"')
    client.force_login(candidato_user)
    logada = client.get(url)
    assert (logada["Cache-Control"], "ETag" in logada) == (PRIVADO, False)


def test_cabecalho_da_propria_view_e_mantido(client, rh):
    # The print-queue page of impressos sets its own "no-store"; the middleware adds nothing.
    from django.http import HttpResponse
    from django.test import RequestFactory

    from comum.seguranca import SemCacheAutenticadoMiddleware

    def view(request):
        resposta = HttpResponse("x")
        resposta["Cache-Control"] = "no-store"
        return resposta

    request = RequestFactory().get("/")
    request.user = rh
    assert SemCacheAutenticadoMiddleware(view)(request)["Cache-Control"] == "no-store"

"""The candidate's dashboard served from the cache (candidatos/cache_situacao.py, the status
page's mechanism): a hit, and each source renewing it — an act on one of the candidate's
inscrições, a publication of their certame, a deadline reached, the account, a new inscrição
in another certame, the visit to the notices, an inscrições stage of another certame —
while another candidate's act leaves it and another account never gets it. The tables it
reads: tests/candidatos/test_cache_situacao.py."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.contrib.messages import constants
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from candidatos import cache_situacao
from candidatos.importacao import importar, importar_inscricoes
from candidatos.models import Inscricao
from certames.models import Certame, Etapa
from classificacao.listas import publicar, recalcular
from tests.candidatos.test_importacao import CABECALHO, _csv
from tests.comissoes.fabricas import candidato_com_conta
from tests.factories import CargoFactory, CertameFactory, EtapaFactory, InscricaoFactory

pytestmark = pytest.mark.django_db

URL = "/candidato/"
SEV = "severinia-lei3057-2026"


def _guardada(client) -> str:
    """GET twice: rendered and stored, then served from the cache (no template)."""
    primeira = client.get(URL)
    assert (primeira.status_code, primeira.context is None) == (200, False)
    segunda = client.get(URL)
    assert (segunda.status_code, segunda.context) == (200, None)
    return segunda.content.decode()


def _renderizada(client) -> str:
    resposta = client.get(URL)
    assert (resposta.status_code, resposta.context is None) == (200, False)
    return resposta.content.decode()


def _conta(nome: str, certame=None, **extra):
    """A candidate with a log-in and one inscrição (a Severínia cargo of 2 vacancies, the
    candidate first by score)."""
    certame = certame or CertameFactory(regime=SEV)
    cargo = CargoFactory(certame=certame, vagas=2)
    candidato = candidato_com_conta(nome, nome=f"Pessoa {nome}")
    insc = InscricaoFactory(cargo=cargo, candidato=candidato, nota=Decimal(90), listas=[],
                            **extra)
    return candidato.usuario, insc


def test_url_do_painel_e_a_marcada():
    assert reverse("portal:painel") == URL


def test_acerto_so_le_as_geracoes_e_serve_a_mesma_pagina(client):
    user, insc = _conta("cand_p1")
    client.force_login(user)
    renderizada = client.get(URL)
    with CaptureQueriesContext(connection) as consultas:
        guardada = client.get(URL)
    assert guardada.context is None
    assert [q["sql"].count('"certames_invalidacao"') > 0
            for q in consultas.captured_queries] == [True]
    assert guardada["Content-Type"] == renderizada["Content-Type"]
    assert insc.numero in guardada.content.decode()
    assert sorted(cache.get(cache_situacao._chave(user.pk, None))["escopos"]) == sorted([
        "todos", "inicio", f"c{insc.certame_id}", f"i{insc.pk}", f"u{user.pk}"])


def test_ato_numa_inscricao_do_candidato_renova(client):
    user, insc = _conta("cand_p2")
    client.force_login(user)
    assert "Eliminado" not in _guardada(client)
    insc.situacao = Inscricao.Situacao.ELIMINADO
    insc.save()
    assert "Eliminado" in _renderizada(client)


def test_publicacao_do_certame_renova(client, rh):
    user, insc = _conta("cand_p3")
    InscricaoFactory(cargo=insc.cargo, nota=Decimal(80), listas=[])
    versao = recalcular(insc.cargo_id)
    client.force_login(user)
    assert "da classificação publicado" not in _guardada(client)
    publicar(versao, "preliminar", rh)
    assert "da classificação publicado" in _renderizada(client)


def test_prazo_alcancado_renova_no_instante_calculado(client, monkeypatch):
    user, insc = _conta("cand_p4")
    agora = timezone.now()
    fim = agora + dt.timedelta(minutes=30)  # before the ceiling (CACHE_SITUACAO_TTL)
    EtapaFactory(certame=insc.certame, tipo=Etapa.Tipo.PAGAMENTO_TAXA,
                 inicio=agora - dt.timedelta(days=1), fim=fim)
    insc.cargo.taxa_inscricao = Decimal("50.00")
    insc.cargo.save()
    Inscricao.objects.filter(pk=insc.pk).update(situacao_taxa=Inscricao.SituacaoTaxa.PENDENTE)
    client.force_login(user)
    assert "Pagar a taxa de inscrição" in _guardada(client)
    entrada = cache.get(cache_situacao._chave(user.pk, None))
    meia_noite = dt.datetime.combine(timezone.localdate() + dt.timedelta(days=1), dt.time.min,
                                     tzinfo=timezone.get_current_timezone())
    assert entrada["valido_ate"] == min(fim, meia_noite).timestamp()
    # The clock reaches the end of the stage: the page is rendered again, without the step.
    monkeypatch.setattr(cache_situacao.time, "time", lambda: entrada["valido_ate"])
    monkeypatch.setattr(timezone, "now", lambda: fim + dt.timedelta(seconds=1))
    assert "Pagar a taxa de inscrição" not in _renderizada(client)


def test_mudanca_da_conta_renova(client):
    user, insc = _conta("cand_p5")
    client.force_login(user)
    assert "Pessoa cand_p5" in _guardada(client)
    candidato = insc.candidato
    candidato.nome = "Nome Corrigido"
    candidato.save()
    assert "Nome Corrigido" in _renderizada(client)


def test_nova_inscricao_em_outro_certame_renova(client):
    user, insc = _conta("cand_p6")
    client.force_login(user)
    _guardada(client)
    outra = InscricaoFactory(cargo=CargoFactory(certame=CertameFactory(regime=SEV)),
                             candidato=insc.candidato, listas=[])
    assert outra.numero in _renderizada(client)


@pytest.mark.parametrize("via", ["orm", "copia"])
def test_inscricao_importada_para_a_conta_renova(client, via):
    if via == "copia" and not importar.copia_disponivel():
        pytest.skip("COPY exige PostgreSQL")
    user, insc = _conta("cand_imp")
    insc.candidato.cpf = "52998224725"  # the CPF of the banca's line below
    insc.candidato.save()
    # The banca's e-mail is the account's own: the imported inscrição joins the account.
    user.email = "cand_imp@example.com"
    user.save()
    outro = CertameFactory(regime="pirangi-lei3056-2025", parametros={"base_reserva": "cargo"})
    CargoFactory(certame=outro, codigo="ENF", vagas=5)
    client.force_login(user)
    assert "777001" not in _guardada(client)
    linha = "777001;529.982.247-25;Pessoa cand_imp;ENF;parda;não;não;;PP;87,5;40;" \
            "cand_imp@example.com"
    importar_inscricoes(outro, _csv([linha], cabecalho=CABECALHO + ";email"), via=via)
    assert "777001" in _renderizada(client)


def test_visita_aos_avisos_renova(client):
    user, _insc = _conta("cand_p7")
    client.force_login(user)
    _guardada(client)
    assert client.get(reverse("portal:avisos")).status_code == 200
    _renderizada(client)


def test_inscricoes_abertas_em_outro_certame_renovam_e_limitam(client):
    user, _insc = _conta("cand_p8")
    outro = CertameFactory(regime=SEV, status=Certame.Status.PUBLICADO, titulo="Certame Novo")
    client.force_login(user)
    assert "Certame Novo" not in _guardada(client)
    agora = timezone.now()
    etapa = EtapaFactory(certame=outro, tipo=Etapa.Tipo.INSCRICOES,
                         inicio=agora - dt.timedelta(hours=1), fim=agora + dt.timedelta(days=3))
    assert "Certame Novo" in _renderizada(client)
    # A stage of inscrições still to open bounds the page: it appears when it opens.
    etapa.inicio = agora + dt.timedelta(hours=5)
    etapa.save()
    assert "Certame Novo" not in _guardada(client)
    entrada = cache.get(cache_situacao._chave(user.pk, None))
    assert entrada["valido_ate"] <= etapa.inicio.timestamp()


def test_ato_de_outro_candidato_nao_renova(client):
    user, insc = _conta("cand_p9")
    _outro_user, outra = _conta("cand_p10")
    client.force_login(user)
    _guardada(client)
    outra.situacao = Inscricao.Situacao.ELIMINADO
    outra.save()
    assert client.get(URL).context is None


def test_outra_conta_nunca_recebe_este_painel(client):
    user, insc = _conta("cand_p11")
    outro_user, outra = _conta("cand_p12", certame=insc.certame)
    client.force_login(user)
    meu = _guardada(client)
    assert insc.numero in meu
    client.force_login(outro_user)
    dele = client.get(URL)
    assert dele.context is not None  # rendered for this account, not the stored page
    assert outra.numero in dele.content.decode()
    assert insc.numero not in dele.content.decode()
    assert "Pessoa cand_p11" not in dele.content.decode()


def test_mensagens_pendentes_renderizam(client):
    user, _insc = _conta("cand_p13")
    client.force_login(user)
    _guardada(client)
    # A redirect's "feito": the next page shows it (rendered, not served, not stored).
    pedido = HttpRequest()
    armazenamento = CookieStorage(pedido)
    armazenamento.add(constants.SUCCESS, "Feito agora")
    resposta_msg = HttpResponse()
    armazenamento.update(resposta_msg)
    client.cookies["messages"] = resposta_msg.cookies["messages"].value
    assert "Feito agora" in _renderizada(client)
    assert client.get(URL).context is None

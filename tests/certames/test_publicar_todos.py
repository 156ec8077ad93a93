"""The lists of every cargo of a certame published in one confirmed act
(`classificacao.listas.publicar_todos`): each cargo through the single-cargo publication
(`publicar`), all or nothing, refused with each cargo's reason from the one answer
(`motivo_nao_publicar`); a cargo already published as asked is left as it is."""

import datetime as dt
from decimal import Decimal

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import timezone

from certames.models import Ato, Etapa, Publicacao
from certames.recalculo import solicitar_recalculo
from classificacao import listas
from classificacao.listas import (
    PublicacaoInvalida,
    PublicacaoTodosRecusada,
    motivo_nao_publicar,
    publicar,
    publicar_todos,
    recalcular,
    situacao_publicacao,
)
from tests.factories import CargoFactory, CertameFactory, InscricaoFactory

pytestmark = pytest.mark.django_db

SEV = "severinia-lei3057-2026"


@pytest.fixture
def certame():
    """Three cargos with computed versions, one without inscrições (nothing to publish)."""
    certame = CertameFactory(regime=SEV)
    for codigo in ("A1", "B2", "C3"):
        cargo = CargoFactory(certame=certame, codigo=codigo, vagas=2)
        for i in range(3):
            InscricaoFactory(cargo=cargo, numero=f"{codigo}{i}", nota=Decimal(90 - i))
        recalcular(cargo.pk)
    CargoFactory(certame=certame, codigo="D4")
    return certame


def _cargo(certame, codigo):
    return certame.cargos.get(codigo=codigo)


def _ultima(cargo):
    return cargo.versoes_classificacao.order_by("-numero").first()


def test_publica_a_versao_mais_recente_de_cada_cargo_em_um_ato(certame, rh):
    publicacoes = publicar_todos(certame, "preliminar", rh)
    assert sorted((p.versao.cargo.codigo, p.versao.numero, p.tipo) for p in publicacoes) == [
        ("A1", 1, "preliminar"), ("B2", 1, "preliminar"), ("C3", 1, "preliminar")]
    assert Ato.objects.filter(tipo="publicacao_preliminar").count() == 3
    ato = Ato.objects.get(tipo="publicacao_todos_os_cargos")
    assert (ato.certame_id, ato.autor, ato.depois) == (
        certame.pk, rh, {"tipo": "preliminar", "cargos": {"A1": 1, "B2": 1, "C3": 1},
                         "ja_publicados": []})
    assert ato.descricao == ("Resultado preliminar da classificação de 3 cargo(s) em um só "
                             "ato: A1 (v1), B2 (v1), C3 (v1).")


def test_cargo_ja_publicado_fica_como_esta(certame, rh):
    publicar(_ultima(_cargo(certame, "B2")), "preliminar", rh)
    publicacoes = publicar_todos(certame, "preliminar", rh)
    assert sorted(p.versao.cargo.codigo for p in publicacoes) == ["A1", "C3"]
    assert Publicacao.objects.filter(versao__cargo__codigo="B2").count() == 1
    assert Ato.objects.get(tipo="publicacao_todos_os_cargos").depois["ja_publicados"] == ["B2"]
    with pytest.raises(PublicacaoInvalida) as erro:
        publicar_todos(certame, "preliminar", rh)
    assert str(erro.value) == ("Nenhum cargo tem lista a publicar como resultado preliminar: a "
                               "versão mais recente de cada um já foi publicada assim.")


def test_um_cargo_que_nao_pode_recusa_todos_com_o_motivo_de_cada_um(certame, rh):
    b2 = _cargo(certame, "B2")
    solicitar_recalculo([b2], "ato posterior")  # an act not yet computed
    b2.refresh_from_db()
    esperado = motivo_nao_publicar(_ultima(b2), "preliminar")
    antes = Ato.objects.count()
    with pytest.raises(PublicacaoTodosRecusada) as erro:
        publicar_todos(certame, "preliminar", rh)
    assert [(r.cargo.codigo, r.motivo) for r in erro.value.recusas] == [("B2", esperado)]
    assert esperado.startswith("Há atos posteriores à versão 1 que ainda não foram calculados")
    assert str(erro.value) == f"Cargo B2: {esperado}"
    assert (Publicacao.objects.count(), Ato.objects.count()) == (0, antes)


def test_fora_da_etapa_do_cronograma_cada_cargo_e_recusado(rh):
    certame = CertameFactory(regime=SEV, cronograma=False)
    inicio = timezone.now() + dt.timedelta(days=10)
    Etapa.objects.create(certame=certame, tipo=Etapa.Tipo.RESULTADO_FINAL, inicio=inicio,
                         fim=inicio + dt.timedelta(days=1))
    for codigo in ("X1", "X2"):
        cargo = CargoFactory(certame=certame, codigo=codigo)
        InscricaoFactory(cargo=cargo, nota=Decimal(80))
        recalcular(cargo.pk)
    linhas = situacao_publicacao(certame, "final")
    motivo = listas.motivo_cronograma(linhas[0].cargo, "final")
    assert motivo.startswith("O resultado final (homologado) da classificação só pode ser "
                             "publicado a partir de ")
    assert [(linha.cargo.codigo, linha.motivo, linha.a_publicar) for linha in linhas] == [
        ("X1", motivo, False), ("X2", motivo, False)]
    with pytest.raises(PublicacaoTodosRecusada):
        publicar_todos(certame, "final", rh)
    assert Publicacao.objects.count() == 0


def test_cargo_com_inscricoes_sem_versao_recusa_e_sem_inscricoes_fica_de_fora(certame, rh):
    e5 = CargoFactory(certame=certame, codigo="E5")
    InscricaoFactory(cargo=e5)
    linhas = situacao_publicacao(certame, "preliminar")
    assert [(linha.cargo.codigo, linha.motivo) for linha in linhas] == [
        ("A1", None), ("B2", None), ("C3", None),
        ("E5", "Ainda não há classificação calculada para este cargo.")]


def test_tudo_ou_nada_quando_uma_publicacao_falha_no_meio(certame, rh, monkeypatch):
    original = listas.publicar
    feitas = []

    def falha_no_segundo(versao, tipo, autor, agora=None):
        if feitas:
            raise PublicacaoInvalida("falha simulada")
        feitas.append(versao)
        return original(versao, tipo, autor, agora)

    monkeypatch.setattr(listas, "publicar", falha_no_segundo)
    with pytest.raises(PublicacaoInvalida):
        publicar_todos(certame, "preliminar", rh)
    assert (len(feitas), Publicacao.objects.count(),
            Ato.objects.filter(tipo__startswith="publicacao_").count()) == (1, 0, 0)


def test_publicar_de_um_cargo_recusa_com_a_mesma_resposta(certame, rh):
    a1 = _cargo(certame, "A1")
    solicitar_recalculo([a1], "ato posterior")
    a1.refresh_from_db()
    with pytest.raises(PublicacaoInvalida) as erro:
        publicar(_ultima(a1), "preliminar", rh)
    assert str(erro.value) == motivo_nao_publicar(_ultima(a1), "preliminar")


# --- RH's pages -------------------------------------------------------------------------------


def _url(certame, tipo="preliminar"):
    return reverse("painel:publicar_todos", args=[certame.pk, tipo])


def test_pagina_do_certame_leva_a_publicacao_de_todos(client, rh, certame):
    client.force_login(rh)
    html = client.get(reverse("painel:certame", args=[certame.pk])).content.decode()
    assert f'href="{_url(certame)}"' in html and f'href="{_url(certame, "final")}"' in html


def test_pagina_diz_o_que_cada_cargo_publica_e_o_ato_publica(client, rh, certame):
    publicar(_ultima(_cargo(certame, "C3")), "preliminar", rh)
    client.force_login(rh)
    html = client.get(_url(certame)).content.decode()
    assert 'data-cargo="A1" data-situacao="publicar"' in html
    assert 'data-cargo="C3" data-situacao="ja-publicado"' in html
    assert 'data-cargo="D4"' not in html
    assert 'data-form="publicar-todos"' in html
    resposta = client.post(_url(certame), {"confirmacao": "on"})
    assert resposta.status_code == 302 and resposta["Location"] == reverse(
        "painel:certame", args=[certame.pk])
    assert [str(m) for m in get_messages(resposta.wsgi_request)] == [
        "Resultado preliminar publicado em 2 cargo(s): A1, B2. Cada candidato recebe um "
        "e-mail."]
    assert Publicacao.objects.count() == 3


def test_recusa_volta_a_pagina_que_diz_por_que_e_nada_publica(client, rh, certame):
    b2 = _cargo(certame, "B2")
    solicitar_recalculo([b2], "ato posterior")
    client.force_login(rh)
    html = client.get(_url(certame)).content.decode()
    assert 'data-cargo="B2" data-situacao="recusado"' in html
    assert 'data-publicacao-todos="recusada"' in html and 'data-form="publicar-todos"' not in html
    resposta = client.post(_url(certame), {"confirmacao": "on"})
    assert resposta["Location"] == _url(certame)
    assert [str(m) for m in get_messages(resposta.wsgi_request)][0].startswith(
        "Nada foi publicado. Cargo B2: Há atos posteriores à versão 1")
    assert Publicacao.objects.count() == 0


def test_tipo_desconhecido_e_404(client, rh, certame):
    client.force_login(rh)
    assert client.get(_url(certame, "parcial")).status_code == 404

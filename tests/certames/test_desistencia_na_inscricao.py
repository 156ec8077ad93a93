"""RH records a desistência on the inscrição page (candidatos.chamadas.desistir): when the
inscrição holds a call, it is the call's act, so the career order shows it and the vacancy is
called again (spec section 7, step 2); after the posse it is refused (exoneração is outside the
certame). Same world as tests/certames/test_chamadas.py (Severínia, 5 vacancies)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from candidatos import chamadas
from candidatos.models import Inscricao
from certames.models import Ato, EventoChamada
from tests.certames.test_chamadas import (
    PRAZO,
    PUBLICADA,
    _chamada,
    _historia,
    _homologado,
    _ordem,
    _republicar,
)
from tests.factories import nomear

pytestmark = pytest.mark.django_db

MOTIVO = "Declarou por escrito, em 20/11, que não assume a vaga."


def test_desistencia_na_pagina_da_inscricao_e_ato_da_convocacao(client, rh):
    cargo = _homologado(rh)
    chamadas.convocar(cargo, 5, prazo=PRAZO, autor=rh)
    insc = Inscricao.objects.get(numero="204")
    client.force_login(rh)
    resposta = client.post(reverse("painel:inscricao", args=[insc.pk]),
                           {"acao": "desistencia", "desistencia-motivacao": MOTIVO,
                            "desistencia-confirmacao": "on"})
    assert resposta.status_code == 302
    evento = EventoChamada.objects.get()
    assert (evento.tipo, evento.chamada.posicao, evento.motivacao) == ("desistencia", 2, MOTIVO)
    insc.refresh_from_db()
    assert insc.situacao == Inscricao.Situacao.DESISTENTE
    assert [h[3] for h in _historia(cargo)] == [
        "convocada", "desistencia", "convocada", "convocada", "convocada"]
    assert _ordem(_republicar(cargo, rh)) == [*PUBLICADA, (6, "PPI", "210")]


def test_desistencia_sem_convocacao_e_ato_da_inscricao(rh):
    cargo = _homologado(rh)
    chamadas.convocar(cargo, 1, prazo=PRAZO, autor=rh)
    insc = Inscricao.objects.get(numero="206")  # not called
    chamadas.desistir(insc, autor=rh, motivacao=MOTIVO)
    insc.refresh_from_db()
    assert (insc.situacao, EventoChamada.objects.count()) == (
        Inscricao.Situacao.DESISTENTE, 0)


def test_depois_da_posse_nao_ha_desistencia_do_certame(rh):
    cargo = _homologado(rh)
    chamadas.convocar(cargo, 1, prazo=PRAZO, autor=rh)
    nomear(_chamada(cargo, "201"), rh)
    chamadas.registrar_evento(_chamada(cargo, "201"), "posse", autor=rh)
    insc = Inscricao.objects.get(numero="201")
    with pytest.raises(ValidationError) as erro:
        chamadas.desistir(insc, autor=rh, motivacao=MOTIVO)
    assert erro.value.messages == [
        "A inscrição 201 tomou posse na 1ª convocação: o desligamento do servidor "
        "(exoneração) é ato da vida funcional, não desistência do certame."]
    insc.refresh_from_db()
    assert insc.situacao != Inscricao.Situacao.DESISTENTE


CONFIRME = "Marque a caixa de confirmação: o ato não pode ser desfeito e nada foi registrado."


@pytest.mark.parametrize(("acao", "dados"), [
    ("desistencia", {"desistencia-motivacao": MOTIVO}),
    ("eliminacao", {"eliminacao-motivacao": MOTIVO, "eliminacao-fundamento": "Edital, 9.1"}),
])
def test_desistencia_e_eliminacao_exigem_confirmacao(client, rh, acao, dados):
    """Without the box, 400 with the reason and nothing recorded; with
    it, the act."""
    cargo = _homologado(rh)
    insc = Inscricao.objects.get(cargo=cargo, numero="204")
    client.force_login(rh)
    url = reverse("painel:inscricao", args=[insc.pk])
    assert "não pode ser desfeita." in client.get(url).content.decode()
    atos = Ato.objects.count()
    resposta = client.post(url, {"acao": acao, **dados})
    assert resposta.status_code == 400
    assert CONFIRME in resposta.content.decode()
    insc.refresh_from_db()
    assert (Ato.objects.count(), insc.situacao) == (atos, "habilitado")
    resposta = client.post(url, {"acao": acao, **dados, f"{acao}-confirmacao": "on"})
    assert resposta.status_code == 302
    insc.refresh_from_db()
    assert (insc.situacao, Ato.objects.filter(tipo=acao).count()) == (
        {"desistencia": "desistente", "eliminacao": "eliminado"}[acao], 1)


def test_ato_sobre_a_convocacao_sem_confirmacao_e_recusado(client, rh):
    cargo = _homologado(rh)
    chamadas.convocar(cargo, 1, prazo=PRAZO, autor=rh)
    url = reverse("painel:evento_chamada", args=[_chamada(cargo, "201").pk, "nomeacao"])
    client.force_login(rh)
    chamadas.aceitar_pelo_candidato(_chamada(cargo, "201").inscricao, autor=None)
    dia = timezone.localdate(_chamada(cargo, "201").chamada_em).isoformat()
    ato = {"numero_ato": "Portaria 7/2026", "veiculo_publicacao": "Diário Oficial",
           "publicado_em": dia}
    sem = client.post(url, {"data": dia, **ato})
    assert sem.status_code == 400
    assert sem.context["form"].errors["confirmacao"] == [
        "Marque a caixa de confirmação: o ato não pode ser desfeito e nada foi registrado."]
    assert EventoChamada.objects.count() == 1  # the aceite
    com = client.post(url, {"data": dia, **ato, "confirmacao": "on"})
    assert com.status_code == 302
    assert list(EventoChamada.objects.values_list("tipo", flat=True)) == ["aceite", "nomeacao"]

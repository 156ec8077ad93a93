"""A room is corrected (name, capacity, accessibility) while no allocation act uses it;
afterwards the correction is refused with the reason (the allocation is an act)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from certames.models import Ato
from comum.formatos import data_hora_br
from provas.aplicacao import alocacao, locais
from provas.models import LugarProva, SalaProva
from tests.provas.apoio_aplicacao import mundo

pytestmark = pytest.mark.django_db


@pytest.fixture
def w():
    return mundo()


def _estado(sala) -> tuple:
    sala = SalaProva.objects.get(pk=sala.pk)
    return sala.nome, sala.capacidade, sala.acessivel


def test_correcao_antes_da_alocacao_vale_para_a_alocacao(w):
    """Sala 2 goes from 3 to 1 seat and becomes accessible, renamed: the five confirmed
    then need Sala 1 (3) + Sala 2B (1) = 4 seats, one short."""
    locais.corrigir_sala(w.sala2, nome=" Sala 2B ", capacidade=1, acessivel=True, autor=w.rh)
    assert _estado(w.sala2) == ("Sala 2B", 1, True)
    ato = Ato.objects.get(tipo="sala_prova_corrigida")
    assert (ato.antes, ato.depois) == ({"nome": "Sala 2", "capacidade": 3, "acessivel": False},
                                       {"nome": "Sala 2B", "capacidade": 1, "acessivel": True})
    assert ato.descricao == ("Correção da sala “Sala 2”. Sala “Sala 2B” do local “Escola "
                             "Estadual Centro”: 1 lugar, acessível.")
    with pytest.raises(ValidationError) as erro:
        alocacao.publicar_alocacao(w.etapa, autor=w.rh)
    assert erro.value.messages[0].startswith("Falta 1 lugar: 5 inscrições confirmadas e 4 ")


def test_sala_de_uma_alocacao_publicada_nao_se_corrige(w):
    velha = SalaProva.objects.get(pk=w.sala1.pk)  # read before the allocation
    publicada = alocacao.publicar_alocacao(w.etapa, autor=w.rh)
    atos = Ato.objects.count()
    with pytest.raises(ValidationError) as erro:
        locais.corrigir_sala(velha, nome="Sala 1", capacidade=30, acessivel=True, autor=w.rh)
    assert erro.value.messages == [
        f"A sala “Sala 1” está na alocação dos locais de prova publicada em "
        f"{data_hora_br(publicada.publicada_em)}: a alocação é um ato registrado e não pode "
        "ser alterada, nem a sala em que ela coloca candidatos. Cadastre outra sala e "
        "publique uma nova alocação, com a motivação."]
    assert _estado(w.sala1) == ("Sala 1", 3, True)
    assert Ato.objects.count() == atos
    # A room the allocation does not use is still corrected.
    vazia = locais.cadastrar_sala(w.local, nome="Sala 3", capacidade=5, acessivel=False,
                                  autor=w.rh)
    locais.corrigir_sala(vazia, nome="Sala 3", capacidade=8, acessivel=False, autor=w.rh)
    assert _estado(vazia) == ("Sala 3", 8, False)
    assert locais.salas_em_alocacao(w.certame.pk) == {
        w.sala1.pk: publicada.publicada_em, w.sala2.pk: publicada.publicada_em}


def test_nome_repetido_ou_nada_a_corrigir(w):
    with pytest.raises(ValidationError) as erro:
        locais.corrigir_sala(w.sala2, nome="sala 1", capacidade=3, acessivel=False, autor=w.rh)
    assert erro.value.message_dict == {"nome": ["Este local já tem uma sala “sala 1”."]}
    with pytest.raises(ValidationError) as erro:
        locais.corrigir_sala(w.sala2, nome="Sala 2", capacidade=3, acessivel=False, autor=w.rh)
    assert erro.value.messages == ["Nada a corrigir: a sala já tem estes dados."]
    assert _estado(w.sala2) == ("Sala 2", 3, False)
    assert not Ato.objects.filter(tipo="sala_prova_corrigida").exists()


def test_pagina_do_rh_corrige_ou_diz_por_que_nao(client, w):
    client.force_login(w.rh)
    url = reverse("painel:aplicacao_sala_corrigir", args=[w.sala2.pk])
    pagina = client.get(reverse("painel:aplicacao_prova", args=[w.certame.pk]))
    assert url in pagina.content.decode()
    assert client.post(url, {"nome": "Sala 2", "capacidade": "4"}).status_code == 400
    resposta = client.post(url, {"nome": "Sala 2", "capacidade": "4", "confirmacao": "on"},
                           follow=True)
    assert [str(m) for m in resposta.context["messages"]] == ["Sala corrigida."]
    assert _estado(w.sala2) == ("Sala 2", 4, False)
    alocacao.publicar_alocacao(w.etapa, autor=w.rh)
    pagina = client.get(reverse("painel:aplicacao_prova", args=[w.certame.pk]))
    assert url not in pagina.content.decode()
    assert pagina.content.decode().count('data-sala="em-alocacao"') == 2
    resposta = client.post(url, {"nome": "Sala 2", "capacidade": "9", "confirmacao": "on"},
                           follow=True)
    assert [str(m) for m in resposta.context["messages"]][0].startswith(
        "A sala “Sala 2” está na alocação dos locais de prova publicada em")
    assert _estado(w.sala2) == ("Sala 2", 4, False)
    assert LugarProva.objects.filter(sala=w.sala2).count() == 2

"""RH's search for an inscrição across certames (candidatos/busca.py)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.urls import reverse

from candidatos import busca
from tests.factories import CandidatoFactory, CargoFactory, CertameFactory, InscricaoFactory

pytestmark = pytest.mark.django_db

CPF_MARIA = "52998224725"


@pytest.fixture
def mundo():
    um = CargoFactory(certame=CertameFactory(numero_edital="001/2026"), codigo="ENF")
    dois = CargoFactory(certame=CertameFactory(numero_edital="002/2026"), codigo="ADM")
    maria = CandidatoFactory(nome="Maria da Conceição Souza", cpf=CPF_MARIA)
    joao = CandidatoFactory(nome="João Pedro Almeida", nome_social="Joana Almeida")
    souza = CandidatoFactory(nome="Pedro Souza Lima")
    return {
        "maria_1": InscricaoFactory(cargo=um, candidato=maria, numero="000123"),
        "maria_2": InscricaoFactory(cargo=dois, candidato=maria, numero="77"),
        "joao": InscricaoFactory(cargo=um, candidato=joao, numero="000124"),
        "souza": InscricaoFactory(cargo=dois, candidato=souza, numero="78"),
    }


def _numeros(resultado):
    return [i.numero for i in resultado.inscricoes]


def test_cpf_com_ou_sem_mascara_acha_todas_as_inscricoes_da_pessoa(mundo):
    assert _numeros(busca.buscar("529.982.247-25")) == ["000123", "77"]
    assert busca.buscar(CPF_MARIA).modo == "cpf"


def test_numero_com_ou_sem_zeros_a_esquerda(mundo):
    assert _numeros(busca.buscar("123")) == ["000123"]
    assert _numeros(busca.buscar("000123")) == ["000123"]
    assert _numeros(busca.buscar("0078")) == ["78"]
    assert busca.buscar("123").modo == "numero"


def test_cada_palavra_no_nome_civil_ou_social_sem_diferenciar_maiusculas(mundo):
    assert _numeros(busca.buscar("souza")) == ["000123", "77", "78"]
    assert _numeros(busca.buscar("maria SOUZA")) == ["000123", "77"]
    assert _numeros(busca.buscar("joana")) == ["000124"]  # the social name
    assert _numeros(busca.buscar("pedro lima")) == ["78"]
    assert busca.buscar("souza").modo == "nome"


def test_termo_curto_pede_mais_letras_e_nao_busca(mundo):
    resultado = busca.buscar("ma")
    assert (resultado.inscricoes, resultado.aviso) == (
        [], "Digite ao menos 3 letras do nome, o CPF ou o número da inscrição.")


def test_limite_e_aviso_de_excesso(mundo, monkeypatch):
    monkeypatch.setattr(busca, "LIMITE", 2)
    resultado = busca.buscar("souza")
    assert (_numeros(resultado), resultado.excedeu) == (["000123", "77"], True)


def test_pagina_do_rh_mostra_resultados_com_cpf_mascarado_e_links(client, rh, mundo):
    client.force_login(rh)
    pagina = client.get(reverse("painel:buscar"), {"q": "Souza"}).content.decode()
    assert "3 inscrições encontradas." in pagina
    assert "***.982.247-**" in pagina and CPF_MARIA not in pagina
    assert reverse("painel:inscricao", args=[mundo["souza"].pk]) in pagina
    assert "edital 002/2026" in pagina


def test_pagina_escapa_o_termo_digitado(client, rh, mundo):
    client.force_login(rh)
    pagina = client.get(reverse("painel:buscar"), {"q": "<script>x</script>"}).content.decode()
    assert "<script>x</script>" not in pagina
    assert "&lt;script&gt;x&lt;/script&gt;" in pagina
    assert "Nenhuma inscrição encontrada." in pagina


@pytest.mark.skipif("connection.vendor != 'postgresql'")
def test_busca_por_nome_usa_o_indice_trigrama_no_postgresql(mundo):
    """The few rows here would make a sequential scan cheaper: with it disabled the planner
    shows whether the index can serve the query Django writes for `icontains`."""
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
    plano = busca.Inscricao.objects.filter(candidato__nome__icontains="souza").explain()
    assert "candidato_nome_trgm" in plano

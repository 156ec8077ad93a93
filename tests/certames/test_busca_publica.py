"""The public finds a name or an inscrição number in the
published lists of a cargo without paging, across every list and the call order, only in the
current publication and only with what the lists show (no CPF)."""

import html
from decimal import Decimal

import pytest
from django.urls import reverse

from candidatos.models import EstadoLista, Inscricao, SituacaoLista
from classificacao.listas import publicar, recalcular
from publico.views.certames import LIMITE_BUSCA
from tests.factories import CandidatoFactory, CargoFactory, CertameFactory, InscricaoFactory

pytestmark = pytest.mark.django_db

SMBV = "smbv-lc22-2026"
CPF = "52998224725"


@pytest.fixture
def cargo():
    """SMBV, 3 vacancies: PP = arred(0,75; 0,7) = 1, AC = 2 (LC 22/2026, art. 1º, §2º).
    General list (AC) by score: 101, 102, 103, 104; PP list: 101, 103 (sub judice until the
    heteroidentification decides). Call order: 1ª AC 101 (first of the general list), 2ª AC
    102, 3ª PP 103 (the first PP optant not yet called)."""
    cargo = CargoFactory(vagas=3, certame=CertameFactory(regime=SMBV))
    dados = [
        ("000101", "José Ângelo Souza", "", "90", "parda", ["PP"], CPF),
        ("000102", "Ana Maria Prado", "", "85", "branca", [], None),
        ("000103", "Pedro Civil Santos", "Joséfa Lima", "80", "preta", ["PP"], None),
        ("000104", "JOSE DA SILVA", "", "70", "branca", [], None),
    ]
    for numero, nome, social, nota, cor, listas, cpf in dados:
        candidato = CandidatoFactory(nome=nome, nome_social=social,
                                     **({"cpf": cpf} if cpf else {}))
        InscricaoFactory(cargo=cargo, numero=numero, nota=Decimal(nota), cor_raca=cor,
                         listas=listas, candidato=candidato)
    return cargo


def _buscar(client, cargo, termo, **params):
    url = reverse("cargo_publico", args=[cargo.certame_id, cargo.pk])
    return client.get(url, {"q": termo, **params})


def _linhas(resposta):
    return [(r["lista"], r["posicao"], r["numero"], r["nome"], r["sub_judice"])
            for r in resposta.context["busca"].linhas]


def test_nome_sem_acento_nem_caixa_em_todas_as_listas(client, cargo, rh):
    publicar(recalcular(cargo.pk), "preliminar", rh)
    resposta = _buscar(client, cargo, "jose")
    assert resposta.status_code == 200
    # "jose" is in "José Ângelo", in the social name "Joséfa" and in "JOSE DA SILVA": every
    # row of every list, in the lists' order (AC, then PP), by position.
    assert _linhas(resposta) == [
        ("AC", 1, "000101", "José Ângelo Souza", False),
        ("AC", 3, "000103", "Joséfa Lima", False),
        ("AC", 4, "000104", "JOSE DA SILVA", False),
        ("PP", 1, "000101", "José Ângelo Souza", True),
        ("PP", 2, "000103", "Joséfa Lima", True),
        ("convocacao", 1, "000101", "José Ângelo Souza", False),
        ("convocacao", 3, "000103", "Joséfa Lima", False),
    ]
    assert resposta.context["busca"].excedeu is False
    # Every word must be in the name, in any order and with or without accents.
    assert _linhas(_buscar(client, cargo, "  ÂNGELO   jose ")) == [
        ("AC", 1, "000101", "José Ângelo Souza", False),
        ("PP", 1, "000101", "José Ângelo Souza", True),
        ("convocacao", 1, "000101", "José Ângelo Souza", False),
    ]


def test_nome_social_esconde_o_civil(client, cargo, rh):
    # The list shows the social name (Decreto 8.727/2016): the civil name finds nothing.
    publicar(recalcular(cargo.pk), "preliminar", rh)
    assert _linhas(_buscar(client, cargo, "Pedro Civil")) == []
    assert _linhas(_buscar(client, cargo, "lima")) == [
        ("AC", 3, "000103", "Joséfa Lima", False),
        ("PP", 2, "000103", "Joséfa Lima", True),
        ("convocacao", 3, "000103", "Joséfa Lima", False),
    ]


@pytest.mark.parametrize("termo", ["101", "000101", "0000101", " 00.0101 "])
def test_numero_com_ou_sem_zeros(client, cargo, rh, termo):
    publicar(recalcular(cargo.pk), "preliminar", rh)
    assert _linhas(_buscar(client, cargo, termo)) == [
        ("AC", 1, "000101", "José Ângelo Souza", False),
        ("PP", 1, "000101", "José Ângelo Souza", True),
        ("convocacao", 1, "000101", "José Ângelo Souza", False),
    ]


def test_numero_so_deste_cargo_e_comparado_por_inteiro(client, cargo, rh):
    """The number is looked up among this cargo's inscrições in the database: the same number
    in another certame is not this list's, and "9.0101" only ends like 101 (digits 90101)."""
    publicar(recalcular(cargo.pk), "preliminar", rh)
    outro = CargoFactory(vagas=1, certame=CertameFactory(regime=SMBV))
    InscricaoFactory(cargo=outro, numero="000101", nota=Decimal("99"), cor_raca="branca",
                     candidato=CandidatoFactory(nome="Outra Pessoa"))
    publicar(recalcular(outro.pk), "preliminar", rh)
    InscricaoFactory(cargo=cargo, numero="9.0101", nota=Decimal("10"), cor_raca="branca",
                     candidato=CandidatoFactory(nome="Nove Zero"))
    publicar(recalcular(cargo.pk), "preliminar", rh)
    assert [(lista, pos, numero) for lista, pos, numero, _n, _s in _linhas(
        _buscar(client, cargo, "101"))] == [("AC", 1, "000101"), ("PP", 1, "000101"),
                                           ("convocacao", 1, "000101")]
    assert [(lista, numero) for lista, _p, numero, _n, _s in _linhas(
        _buscar(client, cargo, "90101"))] == [("AC", "9.0101")]


def test_numero_inexistente_nada_encontra(client, cargo, rh):
    publicar(recalcular(cargo.pk), "preliminar", rh)
    resposta = _buscar(client, cargo, "10")
    assert _linhas(resposta) == []
    assert ("Nenhum nome ou inscrição encontrado nas listas publicadas deste cargo."
            in html.unescape(resposta.content.decode()))


@pytest.mark.parametrize("termo", ["", "jo", "a b c", "---"])
def test_termo_curto_pede_mais(client, cargo, rh, termo):
    publicar(recalcular(cargo.pk), "preliminar", rh)
    busca = _buscar(client, cargo, termo).context["busca"]
    assert (busca.linhas, busca.aviso) == (
        [], "Digite ao menos 3 letras do nome ou o número da inscrição.")


def test_ordem_de_convocacao_tambem(client, cargo, rh):
    # Final result, the PP optants confirmed (no longer sub judice); same call order.
    for insc in Inscricao.objects.filter(cargo=cargo, numero__in=("000101", "000103")):
        SituacaoLista.objects.create(inscricao=insc, lista="PP", estado=EstadoLista.CONFIRMADA)
    publicar(recalcular(cargo.pk), "final", rh)
    resposta = _buscar(client, cargo, "josé")
    assert _linhas(resposta) == [
        ("AC", 1, "000101", "José Ângelo Souza", False),
        ("AC", 3, "000103", "Joséfa Lima", False),
        ("AC", 4, "000104", "JOSE DA SILVA", False),
        ("PP", 1, "000101", "José Ângelo Souza", False),
        ("PP", 2, "000103", "Joséfa Lima", False),
        ("convocacao", 1, "000101", "José Ângelo Souza", False),
        ("convocacao", 3, "000103", "Joséfa Lima", False),
    ]
    assert [r["vaga"] for r in resposta.context["busca"].linhas][-2:] == ["AC", "PP"]


def test_so_a_publicacao_atual(client, cargo, rh):
    assert "busca" not in _buscar(client, cargo, "jose").context  # nothing published yet
    v1 = recalcular(cargo.pk)
    publicar(v1, "preliminar", rh)
    InscricaoFactory(cargo=cargo, numero="000105", nota=Decimal("99"), cor_raca="branca",
                     candidato=CandidatoFactory(nome="José Novo Ramos"))
    v2 = recalcular(cargo.pk)  # computed, not published
    assert v2.numero == 2
    assert _linhas(_buscar(client, cargo, "novo")) == []
    assert _linhas(_buscar(client, cargo, "105")) == []
    publicar(v2, "preliminar", rh)
    # 105 heads the general list and takes the 1ª call (AC).
    assert _linhas(_buscar(client, cargo, "novo")) == [
        ("AC", 1, "000105", "José Novo Ramos", False),
        ("convocacao", 1, "000105", "José Novo Ramos", False),
    ]


def test_resultado_sem_cpf_na_pagina(client, cargo, rh):
    publicar(recalcular(cargo.pk), "preliminar", rh)
    resposta = _buscar(client, cargo, "angelo", lista="PP")
    texto = html.unescape(resposta.content.decode())
    inicio = texto.index('<section id="busca"')
    secao = texto[inicio:texto.index("</section>", inicio)]
    assert "Resultado da busca por “angelo”" in secao
    assert "José Ângelo Souza" in secao and "000101" in secao
    assert "***.982.247-**" not in secao and CPF not in secao and "CPF" not in secao
    # The tabs leave the search; the list below is still the chosen tab's.
    assert "?lista=AC#listas" in texto
    assert [p.inscricao.numero for p in resposta.context["page_obj"]] == ["000101", "000103"]


def test_limite_sem_paginacao(client, rh):
    cargo = CargoFactory(vagas=1, certame=CertameFactory(regime=SMBV))
    for i in range(LIMITE_BUSCA + 1):
        InscricaoFactory(cargo=cargo, numero=f"{i + 1:04d}", nota=Decimal(500 - i),
                         cor_raca="branca", candidato=CandidatoFactory(nome=f"Maria Igual {i}"))
    publicar(recalcular(cargo.pk), "preliminar", rh)
    # 101 rows of the general list and the one call (1ª AC, "Maria Igual 0"): 102 matches.
    busca = _buscar(client, cargo, "maria igual").context["busca"]
    assert LIMITE_BUSCA == 100
    assert busca.excedeu is True
    assert [r["posicao"] for r in busca.linhas] == list(range(1, 101))
    assert _linhas(_buscar(client, cargo, "Maria Igual 100")) == [
        ("AC", 101, "0101", "Maria Igual 100", False)]

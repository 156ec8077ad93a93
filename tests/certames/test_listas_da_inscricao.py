"""Which lists a candidate is in has one answer (`classificacao.listas_da_inscricao`), said alike by
RH's cargo page, RH's inscrição page and the candidate's page.

The reported case, federal regime (spec section 3: "among racial lists only the one with the
highest percentage", Decreto 12.536/2025): a candidate who self-declared black and quilombola
and opted for PP (25%) and Q (2%) stays only in PP and is removed from Q. RH's cargo page
said "mantido só na lista de maior percentual (Q)", naming the list removed as if kept."""

import datetime as dt
from decimal import Decimal

import pytest
from django.urls import reverse

from certames.models import Publicacao
from classificacao import listas_da_inscricao
from classificacao.listas import publicar, recalcular
from comum.papeis import GRUPO_CANDIDATO, GRUPO_RH
from tests import instantaneo_apoio
from tests.factories import (
    CandidatoFactory,
    CargoFactory,
    CertameFactory,
    InscricaoFactory,
    usuario,
)

pytestmark = pytest.mark.django_db

FEDERAL = "federal-lei15142-2025"
TEXTO = ("removido(a) da lista Q, de pessoas quilombolas, e mantido(a) só na lista PP, de "
         "pessoas pretas e pardas, a de maior percentual entre as reservas raciais; permanece "
         "na ampla concorrência")
ERRADO = "mantido só na lista de maior percentual (Q)"


@pytest.fixture
def caso():
    # Federal N=10, reserve per cargo (edital setting): PP arred(2,5) = 3, I 0, Q 0, PcD 1.
    certame = CertameFactory(regime=FEDERAL, data_publicacao_edital=dt.date(2026, 2, 10),
                             parametros={"base_reserva": "cargo"})
    cargo = CargoFactory(certame=certame, vagas=10, codigo="FED1")
    user = usuario("quilombola_pp", GRUPO_CANDIDATO)
    dupla = InscricaoFactory(cargo=cargo, candidato=CandidatoFactory(usuario=user),
                             numero="000002", nota=Decimal("85"), cor_raca="preta",
                             quilombola=True, listas=["PP", "Q"])
    InscricaoFactory(cargo=cargo, numero="000001", nota=Decimal("90"), cor_raca="branca",
                     listas=[])
    InscricaoFactory(cargo=cargo, numero="000003", nota=Decimal("80"), cor_raca="parda",
                     quilombola=True, listas=["Q"])
    versao = recalcular(cargo.pk, causa="teste")
    return cargo, versao, dupla, user


def test_o_motor_mantem_em_pp_e_retira_de_q_e_o_instantaneo_registra_as_duas(caso):
    cargo, versao, dupla, _user = caso
    assert [n for n, _s in instantaneo_apoio.numeros_sub_judice(versao, "PP")] == ["000002"]
    assert [n for n, _s in instantaneo_apoio.numeros_sub_judice(versao, "Q")] == ["000003"]
    [entrada] = [e for e in versao.exclusoes if e["inscricao"] == "000002"]
    assert (entrada["motivo"], entrada["lista"], entrada["mantida"],
            entrada["permanece_ac"]) == ("maior_percentual", "Q", "PP", True)
    listas = listas_da_inscricao.listas_da_inscricao(versao, dupla)
    assert listas.em == ("AC", "PP")
    [saida] = listas.saidas
    assert (saida.listas, saida.mantida, saida.texto) == (("Q",), "PP", TEXTO)
    assert saida.fundamento == (
        "Decreto 12.536/2025: classificado apenas na reserva de maior percentual; PcD à parte")


def test_rh_e_candidato_dizem_o_mesmo(client, caso):
    cargo, versao, dupla, user = caso
    client.force_login(usuario("rh_listas", GRUPO_RH))
    pagina_cargo = client.get(reverse("painel:cargo", args=[cargo.pk])).content.decode()
    assert f"000002: {TEXTO}" in pagina_cargo
    assert ERRADO not in pagina_cargo
    pagina_insc = client.get(reverse("painel:inscricao", args=[dupla.pk])).content.decode()
    assert TEXTO[:1].upper() + TEXTO[1:] in pagina_insc

    publicar(versao, Publicacao.Tipo.PRELIMINAR, user)
    client.force_login(user)
    status = client.get(reverse("portal:inscricao", args=[dupla.pk])).content.decode()
    assert TEXTO[:1].upper() + TEXTO[1:] in status
    assert ERRADO not in status


def test_versao_gravada_sem_a_lista_mantida_le_das_posicoes(caso):
    """A version written before `mantida` was recorded: the kept list is read from the
    candidate's own positions (RH's cargo page reads every candidate's at once)."""
    cargo, versao, dupla, _user = caso
    # The entries as such a version holds them (the version itself is never rewritten).
    antigas = [{k: v for k, v in e.items() if k != "mantida"} for e in versao.exclusoes]
    [saida] = listas_da_inscricao.saidas(versao, antigas)
    assert (saida.inscricao, saida.mantida, saida.texto) == ("000002", "PP", TEXTO)
    [saida] = listas_da_inscricao.listas_da_inscricao(versao, dupla, entradas=antigas).saidas
    assert saida.texto == TEXTO

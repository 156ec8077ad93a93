"""The recompute's reading: JSON columns decoded once per distinct value, and the cyclic
garbage collector paused only for the duration of the recompute."""

from __future__ import annotations

import gc
from decimal import Decimal

import pytest

from certames import regras
from classificacao import listas
from tests.factories import CargoFactory, InscricaoFactory

pytestmark = pytest.mark.django_db


def test_candidatos_lidos_com_desempate_e_listas_do_banco():
    cargo = CargoFactory(vagas=2)
    InscricaoFactory(cargo=cargo, numero="1", nota=Decimal("70.50"), desempate=["40", "7"],
                     listas=["PP"])
    InscricaoFactory(cargo=cargo, numero="2", nota=Decimal("70.50"), desempate=["40", "7"],
                     listas=[])
    candidatos, ids, linhas = listas._candidatos(cargo)
    por_numero = {c.inscricao: c for c in candidatos}
    assert por_numero["1"].desempate == (Decimal("40"), Decimal("7"))
    assert por_numero["1"].listas == {"PP": regras.Estado.PENDENTE.value}
    assert por_numero["2"].listas == {}
    assert set(ids) == {"1", "2"}
    # The hash's rows keep the stored values ("70.5", the texts of the tie-breakers).
    assert [linha[:3] for linha in linhas] == [["1", "70.5", ("40", "7")],
                                              ["2", "70.5", ("40", "7")]]


def test_coletor_volta_ligado_depois_do_recalculo_e_de_um_erro():
    cargo = CargoFactory(vagas=1)
    InscricaoFactory(cargo=cargo, numero="1", nota=Decimal("50"))
    assert gc.isenabled()
    listas.recalcular(cargo.pk, causa="teste")
    assert gc.isenabled()
    with pytest.raises(RuntimeError), listas._sem_coleta_ciclica():
        assert not gc.isenabled()
        raise RuntimeError("falha no meio")
    assert gc.isenabled()
    gc.disable()
    try:
        with listas._sem_coleta_ciclica():
            pass
        assert not gc.isenabled()  # the former state, off, is kept
    finally:
        gc.enable()

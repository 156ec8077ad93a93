"""The next calls when the version holds a reserved seat without a candidate (no preterição:
the seat is kept for its list, spec sections 6-7): the calls made are checked by their own
positions and the next call is the next position with a candidate (`candidatos.chamadas.
proximas`). The demo's homologated SMBV cargo has exactly this: calls at 1, 2 and 4, the
3rd position a PP seat with no PP optant."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.core.exceptions import ValidationError

from candidatos import chamadas
from certames.instantaneo import PosicaoConvocacao


def _ordem():
    linhas = ((1, "AC", 11), (2, "AC", 12), (3, "PP", None), (4, "AC", 14), (5, "AC", 15))
    return [PosicaoConvocacao(p, vaga, insc, vaga, False) for p, vaga, insc in linhas]


def _feita(posicao, inscricao, vaga="AC"):
    return SimpleNamespace(posicao=posicao, inscricao_id=inscricao, vaga=vaga)


def test_a_vaga_retida_nao_bloqueia_a_proxima_chamada(monkeypatch):
    monkeypatch.setattr(chamadas.instantaneo, "convocacao", lambda versao: _ordem())
    versao = SimpleNamespace(numero=2)
    feitas = [_feita(1, 11), _feita(2, 12), _feita(4, 14)]
    assert [p.posicao for p in chamadas.proximas(None, versao, feitas)] == [5]


def test_chamada_que_a_versao_nao_reproduz_e_recusada(monkeypatch):
    monkeypatch.setattr(chamadas.instantaneo, "convocacao", lambda versao: _ordem())
    with pytest.raises(ValidationError, match="não reproduz a convocação já feita na posição 4"):
        chamadas.proximas(None, SimpleNamespace(numero=2), [_feita(1, 11), _feita(4, 99)])

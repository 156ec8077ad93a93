"""The call order the edital states (spec section 7, edital setting ``ordem_convocacao``;
Lei 3.057/2026, art. 17, parágrafo único: "A Administração deverá estabelecer previamente no
edital a ordem de convocação"), worked by hand.

Severínia, N = 10: PPI arred(3.0) = 3 (art. 8º), PcD teto(0.5) = 1 <= 20% of 10 (the federal
rule the edital keeps by default), AC 6.
"""

from __future__ import annotations

import pytest

from certames.regras import ErroEntrada, classificar, ler_entrada, ordem_convocacao
from certames.regras.json_io import ler_parametros

SEV = "severinia-lei3057-2026"


def _ordem(vagas: int, ordem: dict | None = None) -> tuple[str, ...]:
    parametros = ler_parametros({"ordem_convocacao": ordem}) if ordem else None
    return ordem_convocacao(vagas, SEV, parametros)


def test_sem_ordem_no_edital_vale_a_regra_da_secao_4():
    """R_PPI(v) = arred(0.3 v): due at v = 2, 5, 9; R_PCD(v) = teto(0.05 v), floor above
    20% of v: due from v = 5, where PPI goes first (the regime's order), so at 6."""
    assert _ordem(10) == ("AC", "PPI", "AC", "AC", "PPI", "PCD", "AC", "AC", "PPI", "AC")


def test_posicoes_do_edital_e_periodo_depois_da_ultima():
    """PPI at 2, 5, 8 (then every 3rd), PcD at 10: positions 1..10 hold PPI 3, PcD 1, AC 6."""
    ordem = {"PPI": {"posicoes": [2, 5, 8], "depois_a_cada": 3}, "PCD": {"posicoes": [10]}}
    assert _ordem(10, ordem) == (
        "AC", "PPI", "AC", "AC", "PPI", "AC", "AC", "PPI", "AC", "PCD")


def test_grupo_que_o_edital_nomeia_para_a_posicao_vai_primeiro():
    """PcD named at the 2nd position; PPI (not named: section 4's rule) is due at v = 2 too.
    The edital's group takes the 2nd, PPI the 3rd, and the rest follow section 4's rule."""
    assert _ordem(10, {"PCD": {"posicoes": [2]}}) == (
        "AC", "PCD", "PPI", "AC", "PPI", "AC", "AC", "AC", "PPI", "AC")


def test_a_ordem_do_edital_nunca_da_mais_que_a_reserva():
    """With 5 PPI positions in the first 10 the cargo's split still gives PPI 3: the 4th and
    5th positions the edital names for PPI are not PPI's (min(R_g(v), r_g(N))): the 4th is
    AC, the 5th PcD's (R_PCD(5) = teto(0.25) = 1 <= 20% of 5)."""
    tipos = _ordem(10, {"PPI": {"posicoes": [1, 2, 3, 4, 5]}})
    assert tipos == ("PPI", "PPI", "PPI", "AC", "PCD", "AC", "AC", "AC", "AC", "AC")


def test_a_ordem_do_edital_continua_o_historico():
    """N = 4 called AC, PPI, AC, AC; a vacancy arises (N = 5: PPI 2 by arred(1.5)): the
    edital's 5th position is PPI's, so the new position 5 is PPI; the calls made stay."""
    candidatos = [{"inscricao": str(i), "nota": str(100 - i)} for i in range(1, 9)]
    candidatos[6]["listas"] = {"PPI": "confirmada"}
    candidatos[7]["listas"] = {"PPI": "confirmada"}
    entrada = ler_entrada({
        "regime": SEV, "vagas": 5, "candidatos": candidatos,
        "parametros": {"ordem_convocacao": {"PPI": {"posicoes": [2, 5, 8]}}},
        "chamados": [{"inscricao": "1", "vaga": "AC"}, {"inscricao": "7", "vaga": "PPI"},
                     {"inscricao": "2", "vaga": "AC"}, {"inscricao": "3", "vaga": "AC"}],
    })
    r = classificar(entrada)
    assert [(c.posicao, c.vaga, c.inscricao) for c in r.convocacao] == [
        (1, "AC", "1"), (2, "PPI", "7"), (3, "AC", "2"), (4, "AC", "3"), (5, "PPI", "8")]


@pytest.mark.parametrize(("ordem", "mensagem"), [
    ({"PPI": {"posicoes": [3], "depois_a_cada": 5}, "PCD": {"posicoes": [4], "depois_a_cada": 7}},
     "parametros.ordem_convocacao.PCD: a 18ª posição é reivindicada por PPI e por PCD"),
    ({"PPI": {"posicoes": [2, 13]}, "PCD": {"posicoes": [3], "depois_a_cada": 5}},
     "parametros.ordem_convocacao.PCD: a 13ª posição é reivindicada por PPI e por PCD"),
    ({"PP": {"posicoes": [1]}},
     "parametros.ordem_convocacao.PP: a lista “PP” não é reserva do regime " + SEV),
    ({"AC": {"posicoes": [1]}}, "parametros.ordem_convocacao.AC: a lista “AC” não é reserva"),
    ({"PPI": {"posicoes": [3, 3]}},
     "parametros.ordem_convocacao.PPI.posicoes: as posições devem estar em ordem "
     "estritamente crescente"),
    ({"PPI": {"posicoes": [0]}},
     "parametros.ordem_convocacao.PPI.posicoes: esperado inteiro maior ou igual a 1"),
    ({"PPI": {"posicoes": []}}, "parametros.ordem_convocacao.PPI.posicoes: informe ao menos"),
    ({"PPI": {"posicoes": [2], "depois_a_cada": 0}},
     "parametros.ordem_convocacao.PPI.depois_a_cada: esperado inteiro maior ou igual a 1"),
    ({"PPI": {"posicoes": [2], "cada": 3}}, "parametros.ordem_convocacao.PPI.cada: campo "
     "desconhecido"),
])
def test_ordens_malformadas_sao_recusadas(ordem, mensagem):
    with pytest.raises(ErroEntrada) as exc:
        classificar(ler_entrada({"regime": SEV, "vagas": 10, "candidatos": [],
                                 "parametros": {"ordem_convocacao": ordem}}))
    assert str(exc.value).startswith(mensagem), str(exc.value)


def test_periodos_que_nunca_se_cruzam_sao_aceitos():
    """PPI 3, 8, 13 ... (3 mod 5) and PcD 4, 14, 24 ... (4 mod 10 = 4 mod 5): never equal."""
    ordem = {"PPI": {"posicoes": [3], "depois_a_cada": 5},
             "PCD": {"posicoes": [4], "depois_a_cada": 10}}
    assert len(_ordem(30, ordem)) == 30

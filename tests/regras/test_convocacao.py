"""Call order: alternância e proporcionalidade (regras-de-reserva.md, section 7;
Lei 3.057/2026, art. 17; Lei 3.056/2025, art. 12)."""

from collections import Counter
from fractions import Fraction

import pytest

from certames.regras import Parametros, distribuir, obter_regime, ordem_convocacao
from certames.regras.regimes import REGIMES, RegraPcd

from .ajuda import ampla, cand, regime_um_grupo, rodar

SMBV = "smbv-lc22-2026"
SEV = "severinia-lei3057-2026"
PIR = "pirangi-lei3056-2025"
FED = "federal-lei15142-2025"


def posicoes(tipos, tipo):
    return [i for i, t in enumerate(tipos, start=1) if t == tipo]


def test_vinte_por_cento_minimo_tres():
    """20% with 0,5 rounding and minimum 3: the 3rd, 8th, 13th, ... positions."""
    r = regime_um_grupo(Fraction(20, 100), Fraction(1, 2), 3)
    tipos = ordem_convocacao(60, r)
    assert posicoes(tipos, "PP") == [3, 8, 13, 18, 23, 28, 33, 38, 43, 48, 53, 58]


def test_pcd_regra_federal():
    """PcD 5%, teto, not above 20% (Decreto 9.508/2018, art. 1º, §3º): 5th, 21st, 41st."""
    tipos = ordem_convocacao(80, FED)
    assert posicoes(tipos, "PCD") == [5, 21, 41, 61]
    r = regime_um_grupo(
        Fraction(0), Fraction(1, 2), 0, RegraPcd(Fraction(5, 100), Fraction(20, 100))
    )
    assert posicoes(ordem_convocacao(80, r), "PCD") == [5, 21, 41, 61]


def test_smbv():
    """SMBV: PP at 3, 7, 11, 15, ... (25%, 0,7: LC 22/2026, art. 1º, I and §2º),
    I at 14, 34, 54 (5%, 0,7), PcD at 10, 21, 41 (5%, teto, cap 10%: art. 6º, §1º)."""
    tipos = ordem_convocacao(60, SMBV)
    assert posicoes(tipos, "PP") == list(range(3, 60, 4))
    assert posicoes(tipos, "I") == [14, 34, 54]
    assert posicoes(tipos, "PCD") == [10, 21, 41]


def test_federal_e_pirangi():
    tipos = ordem_convocacao(60, FED)
    # PP 25%, 0,5, N >= 2 (Lei 15.142/2025, art. 5º, §2º): 0,5 at N=2 -> 1; 1,5 at 6 -> 2.
    assert posicoes(tipos, "PP") == list(range(2, 60, 4))
    assert posicoes(tipos, "I") == [17, 51]  # 3% de 17 = 0,51; de 51 = 1,53
    assert posicoes(tipos, "Q") == [25]  # 2% de 25 = 0,5
    tipos = ordem_convocacao(60, PIR)
    assert posicoes(tipos, "PP") == [4, 10, 17, 24, 30, 37, 44, 50, 57]
    assert posicoes(tipos, "PCD") == [5, 21, 41]


def test_vencimentos_simultaneos():
    """Several groups due at one position: one per position in the regime's order
    (racial groups, then PcD), the others at the following positions, ahead of AC."""
    # Severínia N=6: PPI due at 2 and 5 (1,5 -> 2), PcD due at 5: PPI at 5, PcD at 6.
    assert ordem_convocacao(6, SEV) == ("AC", "PPI", "AC", "AC", "PPI", "PCD")
    # Severínia N=60: PcD at 6, 21, 41 (first one pushed from 5 by PPI).
    assert posicoes(ordem_convocacao(60, SEV), "PCD") == [6, 21, 41]


def test_preenchimento_de_tras_para_frente():
    """Still due after N: the group takes the last AC positions, from N backwards."""
    # Severínia N=5: PPI and PcD both due at 5; PPI takes 5, PcD the last AC position (4).
    assert ordem_convocacao(5, SEV) == ("AC", "PPI", "AC", "PCD", "PPI")
    # Pirangi N=17: PP at 4, 10, 17; PcD at 5; I due at 17 too -> last AC position, 16.
    tipos = ordem_convocacao(17, PIR)
    assert posicoes(tipos, "PP") == [4, 10, 17]
    assert posicoes(tipos, "I") == [16]
    assert posicoes(tipos, "PCD") == [5]
    # Federal N=2: PP 0,5 -> 1 at position 2.
    assert ordem_convocacao(2, FED) == ("AC", "PP")


@pytest.mark.parametrize("regime", list(REGIMES))
@pytest.mark.parametrize("parametros", [None, Parametros(arredondamento_conjunto=True)])
def test_contagens_iguais_a_distribuicao(regime, parametros):
    """Positions 1..N hold exactly r_g positions of each group and AC of AC."""
    for n in range(0, 121):
        tipos = ordem_convocacao(n, regime, parametros)
        assert len(tipos) == n
        assert Counter(tipos) == Counter(
            {k: v for k, v in distribuir(n, regime, parametros).contagens.items() if v}
        ), n


def test_ocupantes_chamados_na_ordem_da_lista_de_origem():
    """Each source list's occupants are called in the order of their rank in that list
    (spec v3, section 7, step 5). SMBV N=7: AC 5, PP 2 at positions 3 and 7. Only one PP
    optant, P1 (7th of AC): section 6 gives P1 a PP slot from PP and reverts the other PP
    slot to AC (LC 22/2026, art. 1º, §7º): X, 6th of AC. The PP positions take their own
    list first: 3 <- PP (P1), 7 <- AC; AC's occupants A000..A004 and X go in AC order to the
    AC-sourced positions 1, 2, 4, 5, 6, 7, so X comes last.

    Corrected with the call order without preterição: this test expected X at 3 (ahead of
    A002..A004, better ranked in AC) and P1 at 7, the preterição the spec now forbids
    ("observada a ordem de classificação")."""
    candidatos = ampla(5) + [cand("X", 50), cand("P1", 40, PP="confirmada")]
    res = rodar(SMBV, 7, candidatos)
    assert [(c.posicao, c.vaga, c.inscricao) for c in res.convocacao] == [
        (1, "AC", "A000"),
        (2, "AC", "A001"),
        (3, "PP", "P1"),
        (4, "AC", "A002"),
        (5, "AC", "A003"),
        (6, "AC", "A004"),
        (7, "PP", "X"),
    ]
    assert [(c.inscricao, c.lista) for c in res.convocacao if c.vaga == "PP"] == [
        ("P1", "PP"),
        ("X", "AC"),
    ]


def test_posicoes_vazias():
    """Not enough candidates: the slot stays empty, inscricao None."""
    res = rodar(SMBV, 4, [cand("1", 90)])
    assert [(c.posicao, c.vaga, c.inscricao) for c in res.convocacao] == [
        (1, "AC", "1"),
        (2, "AC", None),
        (3, "PP", None),
        (4, "AC", None),
    ]
    assert res.vagas_vazias == {"AC": 2, "PP": 1, "I": 0, "PCD": 0}


def test_vagas_invalidas():
    with pytest.raises(ValueError):
        ordem_convocacao(-1, SMBV)
    assert ordem_convocacao(0, obter_regime(SMBV)) == ()

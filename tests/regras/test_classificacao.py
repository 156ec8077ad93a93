"""Result within the vacancies (regras-de-reserva.md, section 6)."""

import pytest

from certames.regras import Parametros
from certames.regras.regimes import ELIMINA

from .ajuda import ampla, cand, ocupantes, rodar

SMBV = "smbv-lc22-2026"
SEV = "severinia-lei3057-2026"
PIR = "pirangi-lei3056-2025"
FED = "federal-lei15142-2025"


def test_concorrencia_concomitante():
    """An optant within the AC vacancies is approved in AC and does not use a reserved
    one (LC 22/2026, art. 1º, §§4º e 5º). SMBV N=4: AC 3, PP 1."""
    cs = [
        cand("P1", 95, PP="confirmada"),
        cand("A1", 90),
        cand("A2", 85),
        cand("A3", 80),
        cand("P2", 70, PP="confirmada"),
        cand("P3", 60, PP="confirmada"),
    ]
    res = rodar(SMBV, 4, cs)
    assert ocupantes(res) == {
        "P1": ("AC", "AC"),
        "A1": ("AC", "AC"),
        "A2": ("AC", "AC"),
        "P2": ("PP", "PP"),
    }
    fund = {o.inscricao: o.fundamento for o in res.vagas_preenchidas}
    assert fund["P1"] == (
        "optante aprovado na ampla concorrência, não computado na reserva — "
        "LC 22/2026, art. 1º, §§4º e 5º; art. 6º, §§3º e 4º"
    )
    assert fund["A1"] == "ampla concorrência, ordem de classificação geral"
    assert fund["P2"] == "LC 22/2026, art. 1º, I"
    assert [o.posicao_geral for o in res.vagas_preenchidas] == [1, 2, 3, 5]


def test_mesmo_candidato_em_duas_reservas_ocupa_uma():
    """Racial groups are served before PcD (regime order): a PP+PCD optant takes the PP
    slot, the PcD slot goes to the next of the PcD list. SMBV N=10: AC 7, PP 2, PCD 1."""
    cs = ampla(7) + [
        cand("D", 50, PP="confirmada", PCD="confirmada"),
        cand("E", 40, PCD="confirmada"),
        cand("F", 30, PP="confirmada"),
    ]
    res = rodar(SMBV, 10, cs)
    oc = ocupantes(res)
    assert oc["D"] == ("PP", "PP") and oc["F"] == ("PP", "PP") and oc["E"] == ("PCD", "PCD")
    assert len(res.vagas_preenchidas) == 10


# --- reversion chains ------------------------------------------------------------------
# Pirangi N=25: AC 17, PP 4 (3,75), I 1 (0,75), Q 1 (0,5), PCD 2.


def _pirangi_25(reservados):
    return rodar(PIR, 25, ampla(17) + reservados)


def test_pirangi_q_para_i():
    """No quilombola: the Q slot goes to the next indigenous (Lei 3.056/2025, art. 3º, §1º)."""
    res = _pirangi_25([cand("I1", 50, I="confirmada"), cand("I2", 40, I="confirmada")])
    oc = ocupantes(res)
    assert oc["I1"] == ("I", "I")
    assert oc["I2"] == ("Q", "I")
    (q,) = [o for o in res.vagas_preenchidas if o.vaga == "Q"]
    assert q.fundamento == "Lei 3.056/2025, art. 3º, §1º"


def test_pirangi_i_para_q():
    """No indigenous: the I slot goes to the next quilombola (art. 3º, §2º)."""
    res = _pirangi_25([cand("Q1", 50, Q="confirmada"), cand("Q2", 40, Q="confirmada")])
    oc = ocupantes(res)
    assert oc["Q1"] == ("Q", "Q") and oc["Q2"] == ("I", "Q")
    (i,) = [o for o in res.vagas_preenchidas if o.vaga == "I"]
    assert i.fundamento == "Lei 3.056/2025, art. 3º, §2º"


def test_pirangi_q_para_i_para_pp():
    """No quilombola, one indigenous: the Q slot walks I (exhausted) then PP (art. 3º, §3º)."""
    pp = [cand(f"P{i}", 60 - i, PP="confirmada") for i in range(1, 6)]
    res = _pirangi_25(pp + [cand("I1", 10, I="confirmada")])
    oc = ocupantes(res)
    assert [oc[f"P{i}"] for i in range(1, 5)] == [("PP", "PP")] * 4
    assert oc["I1"] == ("I", "I")
    assert oc["P5"] == ("Q", "PP")
    (q,) = [o for o in res.vagas_preenchidas if o.vaga == "Q"]
    assert q.fundamento == "Lei 3.056/2025, art. 3º, §3º"


def test_pirangi_por_ultimo_ampla_concorrencia():
    """No indigenous nor quilombola, PP exhausted: I and Q slots revert to AC, the last
    resort (art. 3º, §3º "por último"; art. 11), in the regime's order (I before Q)."""
    pp = [cand(f"P{i}", 60 - i, PP="confirmada") for i in range(1, 5)]
    res = rodar(PIR, 25, ampla(21) + pp)
    oc = ocupantes(res)
    # General list: A000..A016 in AC slots; then A017..A020 (notas 83..80) above the PPs.
    assert oc["A017"] == ("I", "AC")
    assert oc["A018"] == ("Q", "AC")
    assert oc["A019"] == ("PCD", "AC") and oc["A020"] == ("PCD", "AC")
    assert [oc[f"P{i}"] for i in range(1, 5)] == [("PP", "PP")] * 4
    fund = {o.inscricao: o.fundamento for o in res.vagas_preenchidas}
    assert fund["A017"] == 'Lei 3.056/2025, art. 3º, §3º ("por último"); art. 11'


def test_pirangi_pp_para_ampla():
    """PP has no chain: straight to AC (Lei 3.056/2025, art. 3º, §3º; art. 11).
    Pirangi N=10: AC 7, PP 2, PCD 1; one PP optant, one I optant (not used for PP)."""
    res = rodar(PIR, 10, ampla(9) + [cand("P1", 5, PP="confirmada"), cand("I1", 4, I="confirmada")])
    oc = ocupantes(res)
    assert oc["P1"] == ("PP", "PP")
    assert oc["A007"] == ("PP", "AC")
    assert oc["A008"] == ("PCD", "AC")
    assert "I1" not in oc


def test_federal_mesma_cadeia():
    res = rodar(
        FED,
        25,
        ampla(15)
        + [
            *(cand(f"P{i}", 60 - i, PP="confirmada") for i in range(1, 8)),
            cand("I1", 10, I="confirmada"),
            cand("I2", 9, I="confirmada"),
        ],
    )
    # Federal N=25: AC 15, PP 6, I 1, Q 1, PCD 2.
    oc = ocupantes(res)
    assert oc["I1"] == ("I", "I") and oc["I2"] == ("Q", "I")
    assert oc["P7"] == ("PCD", "AC")


def test_smbv_negro_ou_indigena_depois_ampla():
    """SMBV: an unfilled reserved vacancy goes to the next "candidato negro ou indígena"
    (LC 22/2026, art. 1º, §6º: I -> PP, PP -> I), and to AC only when they run out (§7º).
    N=14: AC 9 (A000-A008), PP 3 (P1-P3), I 1: no indígena, so the next preto or pardo
    (P4); PcD 1: no PcD, so the next of the general list (A009, art. 6º, §6º)."""
    pp = [cand(f"P{i}", 60 - i, PP="confirmada") for i in range(1, 5)]
    res = rodar(SMBV, 14, ampla(10) + pp)
    oc = ocupantes(res)
    assert [oc.get(f"P{i}") for i in range(1, 5)] == [("PP", "PP")] * 3 + [("I", "PP")]
    assert oc["A009"] == ("PCD", "AC")
    fund = {o.inscricao: o.fundamento for o in res.vagas_preenchidas}
    assert fund["P4"] == 'LC 22/2026, art. 1º, §6º ("candidato negro ou indígena")'
    assert fund["A009"] == "LC 22/2026, art. 6º, §6º"
    # With one preto or pardo fewer, the I slot reverts to AC (§7º): A009, and PcD A010.
    res = rodar(SMBV, 14, ampla(11) + pp[:3])
    oc = ocupantes(res)
    assert (oc["A009"], oc["A010"]) == (("I", "AC"), ("PCD", "AC"))
    fund = {o.inscricao: o.fundamento for o in res.vagas_preenchidas}
    assert fund["A009"] == "LC 22/2026, art. 1º, §7º"


def test_smbv_vaga_pp_para_indigena():
    """SMBV N=4 (AC 3, PP 1; LC 22/2026, art. 1º, I and §2º): no preto or pardo optant,
    so the PP slot goes to the next indígena (art. 1º, §6º) before AC (§7º)."""
    res = rodar(SMBV, 4, ampla(4) + [cand("I1", 50, I="confirmada")])
    oc = ocupantes(res)
    assert oc["I1"] == ("PP", "I") and "A003" not in oc
    assert [(c.posicao, c.vaga, c.inscricao) for c in res.convocacao] == [
        (1, "AC", "A000"),
        (2, "AC", "A001"),
        (3, "PP", "I1"),
        (4, "AC", "A002"),
    ]


def test_severinia_ampla():
    """Lei 3.057/2026, art. 16: unfilled PPI slots revert to AC. N=10: AC 6, PPI 3, PCD 1."""
    res = rodar(SEV, 10, ampla(12) + [cand("P1", 1, PPI="confirmada")])
    oc = ocupantes(res)
    assert oc["P1"] == ("PPI", "PPI")
    assert oc["A006"] == ("PPI", "AC") and oc["A007"] == ("PPI", "AC")
    assert oc["A008"] == ("PCD", "AC")
    fund = {o.inscricao: o.fundamento for o in res.vagas_preenchidas}
    assert fund["A006"] == "Lei 3.057/2026, art. 16"


# --- states ----------------------------------------------------------------------------


def test_desistencia_proximo_da_mesma_lista():
    """A desistência is a recompute without the candidate: the vacancy goes to the next of
    the same list (LC 22/2026, art. 1º, §6º; Lei 3.057/2026, art. 15, §2º;
    Lei 3.056/2025, art. 10, §3º)."""
    base = ampla(3) + [cand("P1", 50, PP="confirmada"), cand("P2", 40, PP="confirmada")]
    assert ocupantes(rodar(SMBV, 4, base))["P1"] == ("PP", "PP")
    base[3] = cand("P1", 50, desistente=True, PP="confirmada")
    oc = ocupantes(rodar(SMBV, 4, base))
    assert oc["P2"] == ("PP", "PP") and "P1" not in oc


def test_nao_confirmacao_smbv_pp_permanece_ou_elimina():
    """SMBV PP non-confirmation: by default out of the PP list, still in AC (LC 22/2026,
    art. 3º, §3º eliminates only a false declaration established in the fraud procedure:
    spec sections 3 and 5), so P1 keeps the AC slot; with the edital's "elimina" P1 is out
    and A002 takes it. N=4: AC 3, PP 1."""
    cs = [cand("P1", 95, PP="nao_confirmada"), *ampla(3, 90), cand("P2", 10, PP="confirmada")]
    oc = ocupantes(rodar(SMBV, 4, cs))
    assert oc["P1"] == ("AC", "AC") and "A002" not in oc and oc["P2"] == ("PP", "PP")
    p = Parametros(efeito_nao_confirmacao={"PP": ELIMINA})
    oc = ocupantes(rodar(SMBV, 4, cs, p))
    assert "P1" not in oc and oc["A002"] == ("AC", "AC") and oc["P2"] == ("PP", "PP")


def test_nao_confirmacao_indigena_smbv_fica_na_ampla():
    """SMBV I non-confirmation: out of the I list, stays in AC (spec section 3)."""
    res = rodar(SMBV, 14, ampla(9) + [cand("I1", 95, I="nao_confirmada")] + ampla(6, 50, "B"))
    assert ocupantes(res)["I1"] == ("AC", "AC")


def test_pendente_ocupa_sub_judice():
    res = rodar(SMBV, 4, ampla(3) + [cand("P1", 50, PP="pendente")])
    (o,) = [o for o in res.vagas_preenchidas if o.vaga == "PP"]
    assert (o.inscricao, o.lista, o.sub_judice) == ("P1", "PP", True)
    assert [e for e in res.entradas("PP")][0].sub_judice
    chamada = [c for c in res.convocacao if c.vaga == "PP"][0]
    assert chamada.sub_judice and chamada.inscricao == "P1"


def test_fraude_eliminado_em_tudo():
    res = rodar(SMBV, 4, [cand("F", 99, PCD="fraude"), *ampla(4)])
    assert "F" not in ocupantes(res)
    assert [e.motivo for e in res.excluidos] == ["fraude"]


def test_menos_candidatos_que_vagas():
    res = rodar(FED, 10, [cand("1", 90, PP="confirmada"), cand("2", 80)])
    # Federal N=10: AC 6, PP 3, PCD 1. Both in AC slots; everything else empty.
    assert ocupantes(res) == {"1": ("AC", "AC"), "2": ("AC", "AC")}
    assert res.vagas_vazias == {"AC": 4, "PP": 3, "I": 0, "Q": 0, "PCD": 1}


def test_resultado_auxiliares():
    res = rodar(SMBV, 4, ampla(3) + [cand("P1", 50, PP="pendente")])
    assert res.ocupacao("P1").vaga == "PP"
    assert res.ocupacao("ninguem") is None
    assert [(e.posicao, e.inscricao) for e in res.entradas("AC")][:2] == [(1, "A000"), (2, "A001")]


@pytest.mark.parametrize("vagas", [0, 1])
def test_poucas_vagas(vagas):
    res = rodar(PIR, vagas, ampla(3))
    assert len(res.vagas_preenchidas) == vagas


def test_pendente_que_pode_eliminar_deixa_vaga_ac_sub_judice():
    """SMBV with the edital's "elimina": a pending PP verdict may end in elimination, so
    even the optant's AC placement is sub judice; with the default (stays in AC, spec
    section 3) it is not, nor in Pirangi (art. 6º, §2º)."""
    cs = [cand("P1", 95, PP="pendente"), *ampla(3, 90)]
    elimina = Parametros(efeito_nao_confirmacao={"PP": ELIMINA})
    (o,) = [o for o in rodar(SMBV, 4, cs, elimina).vagas_preenchidas if o.inscricao == "P1"]
    assert (o.vaga, o.lista, o.sub_judice) == ("AC", "AC", True)
    assert rodar(SMBV, 4, cs, elimina).listas.sub_judice["AC"] == frozenset({"P1"})
    (o,) = [o for o in rodar(SMBV, 4, cs).vagas_preenchidas if o.inscricao == "P1"]
    assert (o.vaga, o.sub_judice) == ("AC", False)
    assert rodar(SMBV, 4, cs).listas.sub_judice["AC"] == frozenset()
    (o,) = [o for o in rodar(PIR, 4, cs).vagas_preenchidas if o.inscricao == "P1"]
    assert (o.vaga, o.sub_judice) == ("AC", False)


def test_regime_nao_embutido():
    """A regime is data: an Entrada may carry a Regime object (e.g. a new municipality)."""
    from fractions import Fraction

    from certames.regras import Entrada, classificar

    from .ajuda import regime_um_grupo

    r = regime_um_grupo(Fraction(20, 100), Fraction(1, 2), 3)
    res = classificar(Entrada(r, 8, tuple(ampla(6) + [cand("P", 1, PP="confirmada")])))
    assert res.distribuicao.contagens == {"AC": 6, "PP": 2, "PCD": 0}
    assert ocupantes(res)["P"] == ("PP", "PP")

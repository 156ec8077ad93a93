"""Call order without preterição (regras-de-reserva.md v3, section 6 item 4 and
section 7 step 5).

A reserved slot that reverts to AC is filled "observada a ordem de classificação" (LC
22/2026, art. 1º, §7º and art. 6º, §6º; Lei 3.057/2026, art. 16; Lei 3.056/2025, art. 11):
the positions of a type take their sources in order (own list, chain, AC, empty) and each
source list's occupants are called by their rank in that list. Before v3 the occupants of
one slot type were called at that type's positions by their rank in AC, so an early
reserved position reverted to AC called the worst-ranked AC occupant ahead of the better
ones.
"""

from __future__ import annotations

import io
import json
import sys
from collections import Counter
from dataclasses import replace

from django.core.management import call_command
from hypothesis import given, settings
from hypothesis import strategies as st

from certames.regras import Chamado, Entrada, Resultado, classificar, resultado_para_json
from certames.regras.regimes import AC

from .ajuda import cand
from .test_historico import historico
from .test_propriedades import entradas

SMBV = "smbv-lc22-2026"
SEV = "severinia-lei3057-2026"
PIR = "pirangi-lei3056-2025"


def rodar(regime, vagas, candidatos, chamados=None, distribuicao=None) -> Resultado:
    return classificar(
        Entrada(regime, vagas, tuple(candidatos), None, chamados, distribuicao=distribuicao)
    )


def ordem(res: Resultado) -> list[tuple[int, str, str | None, str | None]]:
    return [(c.posicao, c.vaga, c.inscricao, c.lista) for c in res.convocacao]


def geral(n: int) -> list:
    """G01..Gnn, none an optant, notas 100, 99, ...: Gk is the k-th of the general list."""
    return [cand(f"G{i:02d}", 101 - i) for i in range(1, n + 1)]


# -- Severínia: the reported case --------------------------------------------------------------


def test_severinia_sem_optantes_chama_a_lista_geral_em_ordem():
    """Severínia N=10 (Lei 3.057/2026, art. 8º: PPI 30% de 10 = 3; PcD teto(0,5) = 1 <= 2;
    AC 6), 12 candidates, none an optant. The order's types are AC, PPI, AC, AC, PPI, PCD,
    AC, AC, PPI, AC; section 6 fills AC's six slots with G01..G06 and, the PPI and PcD lists
    being empty, reverts the PPI slots to G07, G08, G09 and the PcD slot to G10 (art. 16).
    Every position's source is AC, so positions 1..10 call G01..G10 in order. Before v3 the
    PPI positions 2, 5, 9 took the PPI slots' occupants (G07, G08, G09) and the PcD position
    6 took G10: the order was 1, 7, 2, 3, 8, 10, 4, 5, 9, 6."""
    res = rodar(SEV, 10, geral(12))
    assert [c.vaga for c in res.convocacao] == [
        "AC", "PPI", "AC", "AC", "PPI", "PCD", "AC", "AC", "PPI", "AC",
    ]
    assert [c.inscricao for c in res.convocacao] == [f"G{i:02d}" for i in range(1, 11)]
    assert {c.lista for c in res.convocacao} == {AC}
    assert [c.posicao_lista for c in res.convocacao] == list(range(1, 11))
    # vagas_preenchidas still reports section 6's slots: G07 holds a PPI slot from AC.
    assert [(o.inscricao, o.vaga, o.lista) for o in res.vagas_preenchidas][6:] == [
        ("G07", "PPI", AC),
        ("G08", "PPI", AC),
        ("G09", "PPI", AC),
        ("G10", "PCD", AC),
    ]
    assert res.convocacao[1].fundamento == (
        "vaga reservada PPI não preenchida pela lista PPI: revertida à ampla concorrência, "
        "2º da lista AC, observada a ordem de classificação — Lei 3.057/2026, art. 16"
    )
    assert res.convocacao[0].fundamento == (
        "vaga de ampla concorrência: 1º da lista AC, na ordem de classificação geral"
    )


def test_severinia_duas_chamadas_chamam_o_primeiro_e_o_segundo():
    """The reported act: publish, homologate, call 2 — positions 1 and 2 are the general
    list's 1st and 2nd (before v3: the 1st and the 7th). With those two calls as the
    history the order continues with the 3rd..10th."""
    res = rodar(SEV, 10, geral(12))
    assert ordem(res)[:2] == [(1, "AC", "G01", AC), (2, "PPI", "G02", AC)]
    h = (Chamado("G01", "AC", "AC"), Chamado("G02", "PPI", "AC"))
    depois = rodar(SEV, 10, geral(12), h)
    assert [c.inscricao for c in depois.convocacao] == [f"G{i:02d}" for i in range(1, 11)]
    assert [c.situacao for c in depois.convocacao] == ["ocupada"] * 2 + ["nova"] * 8
    assert depois.convocacao[1].fundamento == (
        "chamada já realizada (vaga PPI, lista AC (ampla concorrência)), mantida na ordem de "
        "convocação — Lei 3.057/2026, art. 17, parágrafo único; art. 19, parágrafo único"
    )


def test_classificar_comando_severinia():
    """The same through ``manage.py classificar``: its ``convocacao`` keeps the contract's
    keys; ``--completo`` adds ``explicacao_convocacao``, one entry per position."""
    entrada = {
        "regime": SEV,
        "vagas": 10,
        "candidatos": [{"inscricao": f"G{i:02d}", "nota": 101 - i} for i in range(1, 13)],
    }
    saida, antigo = io.StringIO(), sys.stdin
    sys.stdin = io.StringIO(json.dumps(entrada))
    try:
        call_command("classificar", "-", "--completo", stdout=saida)
    finally:
        sys.stdin = antigo
    r = json.loads(saida.getvalue())
    assert r["convocacao"][:3] == [
        {"posicao": 1, "vaga": "AC", "inscricao": "G01"},
        {"posicao": 2, "vaga": "PPI", "inscricao": "G02"},
        {"posicao": 3, "vaga": "AC", "inscricao": "G03"},
    ]
    assert [c["inscricao"] for c in r["convocacao"]] == [f"G{i:02d}" for i in range(1, 11)]
    assert set(r["convocacao_detalhada"][0]) == {
        "posicao", "vaga", "inscricao", "lista", "sub_judice",
    }
    assert r["explicacao_convocacao"][5] == {
        "posicao": 6,
        "lista": "AC",
        "posicao_lista": 6,
        "fundamento": "vaga reservada PCD não preenchida pela lista PCD: revertida à ampla "
        "concorrência, 6º da lista AC, observada a ordem de classificação — Lei 3.057/2026, "
        "art. 19; padrão Decreto 9.508/2018, art. 1º, §5º",
    }


# -- SMBV --------------------------------------------------------------------------------------


def test_smbv_pp_revertida_e_cadeia_indigena():
    """SMBV N=10 (LC 22/2026, art. 1º, I-II and §2º: PP 2,5 -> 2, I 0,5 -> 0; art. 6º, §1º:
    PcD teto(0,5) = 1 <= 1; AC 7): PP at 3 and 7, PcD at 10.

    (a) No optant: section 6 reverts both PP slots to AC (art. 1º, §7º: G08, G09) and the
    PcD slot (art. 6º, §6º: G10); every source is AC, so G01..G10 in order. Before v3
    position 3 called G08 ("SMBV calls its 8th third").

    (b) One preto or pardo P1 (nota 85: 11th of AC) and one PcD D1 (nota 80: 12th): AC
    slots G01..G07; PP slots: P1 from PP, then AC (G08); PcD: D1. The PP positions take
    their sources in order, own list first: 3 <- PP (P1), 7 <- AC. AC's occupants G01..G08
    go, in AC order, to the AC-sourced positions 1, 2, 4, 5, 6, 7, 8, 9. Before v3 the PP
    positions took P1 and G08 by AC rank: G08 at 3 (ahead of G03..G07), P1 at 7.

    (c) No preto or pardo, two indígenas I1, I2: the PP slots go to the next indígena
    ("negro ou indígena", art. 1º, §6º): I1 and I2, called at 3 and 7 by their rank in I.
    """
    a = rodar(SMBV, 10, geral(12))
    assert [c.vaga for c in a.convocacao] == [
        "AC", "AC", "PP", "AC", "AC", "AC", "PP", "AC", "AC", "PCD",
    ]
    assert [c.inscricao for c in a.convocacao] == [f"G{i:02d}" for i in range(1, 11)]
    assert a.convocacao[2].fundamento == (
        "vaga reservada PP não preenchida pela lista PP nem pela lista I: revertida à ampla "
        "concorrência, 3º da lista AC, observada a ordem de classificação — LC 22/2026, "
        "art. 1º, §7º"
    )
    assert a.convocacao[9].fundamento.endswith("10º da lista AC, observada a ordem de "
                                               "classificação — LC 22/2026, art. 6º, §6º")

    b = rodar(
        SMBV, 10, geral(10) + [cand("P1", 85, PP="confirmada"), cand("D1", 80, PCD="confirmada")]
    )
    assert ordem(b) == [
        (1, "AC", "G01", AC),
        (2, "AC", "G02", AC),
        (3, "PP", "P1", "PP"),
        (4, "AC", "G03", AC),
        (5, "AC", "G04", AC),
        (6, "AC", "G05", AC),
        (7, "PP", "G06", AC),
        (8, "AC", "G07", AC),
        (9, "AC", "G08", AC),
        (10, "PCD", "D1", "PCD"),
    ]
    assert b.convocacao[2].fundamento == (
        "vaga reservada PP: 1º da lista PP (pessoas negras (pretas e pardas)), na ordem de "
        "classificação da lista — LC 22/2026, art. 1º, I"
    )

    c = rodar(
        SMBV, 10, geral(10) + [cand("I1", 85, I="confirmada"), cand("I2", 80, I="confirmada")]
    )
    assert [(p, v, i, lst) for p, v, i, lst in ordem(c) if v == "PP"] == [
        (3, "PP", "I1", "I"),
        (7, "PP", "I2", "I"),
    ]
    assert c.convocacao[6].fundamento == (
        "vaga reservada PP não preenchida pela lista PP: vai à lista I (pessoas indígenas), "
        '2º dessa lista, na ordem de classificação — LC 22/2026, art. 1º, §6º ("candidato '
        'negro ou indígena")'
    )


# -- Pirangi: chain moves and reversion to AC ---------------------------------------------------


def test_pirangi_q_da_cadeia_e_reversao_a_ampla():
    """Pirangi N=25 (Lei 3.056/2025, art. 3º and art. 8º, §1º: PP 3,75 -> 4, I 0,75 -> 1,
    Q 0,5 -> 1; PcD federal default teto(1,25) = 2 <= 5; AC 17). Order: PP at 4, 10, 17,
    24; PcD at 5, 21; I at 18; Q at 25; AC elsewhere.

    Candidates: G01..G22 (none an optant), P1 (PP, 23rd of AC), I1 and I2 (I, 24th and
    25th). Section 6: AC slots G01..G17; PP: P1 from PP, three left; I: I1; Q: no
    quilombola, the chain Q -> I gives I2 (art. 3º, §1º); then, "por último", the three PP
    slots revert to AC (art. 3º, §3º; art. 11): G18, G19, G20, and the two PcD slots: G21,
    G22.

    Sources: PP positions 4, 10, 17, 24 <- PP, AC, AC, AC; PcD 5, 21 <- AC; I 18 <- I;
    Q 25 <- I. List I fills 18 and 25: I1 (1st of I) at 18, I2 at 25. List AC fills the
    other 22 positions, in position order, with G01..G22 in AC order: 1-3 G01-G03, 5 G04
    (PcD), 6-9 G05-G08, 10 G09 (PP), 11-16 G10-G15, 17 G16 (PP), 19 G17, 20 G18, 21 G19
    (PcD), 22 G20, 23 G21, 24 G22 (PP). Before v3 position 5 (PcD) called G21, the 21st."""
    cs = geral(22) + [
        cand("P1", 70, PP="confirmada"),
        cand("I1", 65, I="confirmada"),
        cand("I2", 60, I="confirmada"),
    ]
    res = rodar(PIR, 25, cs)
    assert res.distribuicao.contagens == {"AC": 17, "PP": 4, "I": 1, "Q": 1, "PCD": 2}
    tipos = {c.posicao: c.vaga for c in res.convocacao}
    assert [p for p, v in tipos.items() if v == "PP"] == [4, 10, 17, 24]
    assert [p for p, v in tipos.items() if v == "PCD"] == [5, 21]
    assert (tipos[18], tipos[25]) == ("I", "Q")
    chamados = {c.posicao: (c.inscricao, c.lista) for c in res.convocacao}
    assert chamados[4] == ("P1", "PP")
    assert chamados[18] == ("I1", "I")
    assert chamados[25] == ("I2", "I")
    ac = [p for p in range(1, 26) if p not in (4, 18, 25)]
    assert [chamados[p] for p in ac] == [(f"G{i:02d}", AC) for i in range(1, 23)]
    assert res.convocacao[24].fundamento == (
        "vaga reservada Q não preenchida pela lista Q: vai à lista I (pessoas indígenas), 2º "
        "dessa lista, na ordem de classificação — Lei 3.056/2025, art. 3º, §1º"
    )
    assert res.convocacao[9].fundamento == (
        "vaga reservada PP não preenchida pela lista PP: revertida à ampla concorrência, 9º "
        "da lista AC, observada a ordem de classificação — Lei 3.056/2025, art. 3º, §3º; "
        "art. 11"
    )
    # Section 6's slots are unchanged: I2 holds the Q slot from I, G18 a PP slot from AC.
    oc = {o.inscricao: (o.vaga, o.lista) for o in res.vagas_preenchidas}
    assert oc["I2"] == ("Q", "I") and oc["G18"] == ("PP", AC) and oc["G21"] == ("PCD", AC)


def test_pirangi_cadeia_para_pp_sem_preterir_na_lista_pp():
    """Pirangi, one cargo of an edital drawn on the whole edital (spec section 4.1, item 4):
    N=6 with ``distribuicao`` AC 2, PP 1, I 1, Q 1, PcD 1 (PcD on the cargo base: teto(0,3)
    = 1 <= 1,2). Step 3 (per-cargo R_g(v)): PP due at 4, PcD at 5, AC elsewhere; the tail
    retypes the last two AC positions, 3 and 6, with I and Q: AC, AC, I, PP, PCD, Q.

    Candidates: G01..G05, P1, P2, P3 (PP optants, in that order), nobody in I, Q or PcD.
    Section 6: AC G01, G02; PP: P1; I: chain I -> Q (empty) -> PP: P2 (art. 3º, §3º); Q:
    chain Q -> I (empty) -> PP: P3 (art. 3º, §3º); PcD reverts to AC: G03.

    Sources: 3 (I) <- PP, 4 (PP) <- PP, 5 (PCD) <- AC, 6 (Q) <- PP. List PP fills 3, 4, 6
    with P1, P2, P3 by their rank in PP. Before v3 the I position took the I slot's
    occupant, P2, ahead of P1 (preterição inside the PP list), and P1 came 4th."""
    cs = geral(5) + [cand(f"P{i}", 60 - i, PP="confirmada") for i in (1, 2, 3)]
    res = rodar(PIR, 6, cs, distribuicao={"AC": 2, "PP": 1, "I": 1, "Q": 1, "PCD": 1})
    assert ordem(res) == [
        (1, "AC", "G01", AC),
        (2, "AC", "G02", AC),
        (3, "I", "P1", "PP"),
        (4, "PP", "P2", "PP"),
        (5, "PCD", "G03", AC),
        (6, "Q", "P3", "PP"),
    ]
    oc = {o.inscricao: (o.vaga, o.lista) for o in res.vagas_preenchidas}
    assert oc == {
        "G01": ("AC", AC),
        "G02": ("AC", AC),
        "P1": ("PP", "PP"),
        "P2": ("I", "PP"),
        "P3": ("Q", "PP"),
        "G03": ("PCD", AC),
    }
    assert res.convocacao[2].fundamento == (
        "vaga reservada I não preenchida pela lista I: vai à lista PP (pessoas pretas e "
        "pardas), 1º dessa lista, na ordem de classificação — Lei 3.056/2025, art. 3º, §3º"
    )


# -- history and re-calls ----------------------------------------------------------------------


def test_historico_rechamada_sem_pretericao():
    """Severínia N=10, G01..G12 and two PPI optants P1 (nota 50, 13th of AC) and P2 (45).
    Section 6: AC G01..G06; PPI: P1, P2 and, reverted (art. 16), G07; PcD reverted: G08.
    Order: 1 G01, 2 P1 (PPI), 3 G02, 4 G03, 5 P2 (PPI), 6 G04 (PcD), 7 G05, 8 G06, 9 G07
    (PPI from AC), 10 G08.

    Calls 1-4 are made, then P1 declines. Occupied: G01, G02, G03 (c_AC 3, c_PPI 0); 7 new
    positions, 5..11. Step 2: P1's freed PPI call is called again at 5 (art. 15, §2º).
    Step 3: v=5 at 6: PPI arred(1,5) = 2 > 1: PPI; v=6 at 7: PPI 2 not > 2, PcD 1 > 0:
    PCD; v=7, 8 at 8, 9: AC; v=9 at 10: PPI arred(2,7) = 3 > 2: PPI; v=10 at 11: AC.
    Section 6 on the others: AC G04, G05, G06; PPI: P2 (now 1st of PPI), then two revert
    to AC: G07, G08; PcD reverts: G09. Sources: PPI positions 5, 6, 10 <- PPI, AC, AC; so
    5 calls P2, and the AC-sourced 6..11 call G04..G09 in order. (Before v3 the re-call at
    5 took G07, the PPI slots' best AC rank, and P2 waited for 10: 5 G07, 6 G08, 7 G09,
    8 G04, 9 G05, 10 P2, 11 G06.)

    Then a vacancy arises (N=11) after the re-call was made (history up to 5): P2's PPI
    call at 5 re-called P1's freed call, so it is not called again (a freed call is
    re-called once); 6..12 are typed by step 3 (PPI, PCD, AC, AC, PPI, AC, AC) and, no PPI
    candidate being left, call G04..G10 in order."""
    cs = geral(12) + [cand("P1", 50, PPI="confirmada"), cand("P2", 45, PPI="confirmada")]
    n10 = rodar(SEV, 10, cs)
    assert [(p, v, i) for p, v, i, _ in ordem(n10)] == [
        (1, "AC", "G01"),
        (2, "PPI", "P1"),
        (3, "AC", "G02"),
        (4, "AC", "G03"),
        (5, "PPI", "P2"),
        (6, "PCD", "G04"),
        (7, "AC", "G05"),
        (8, "AC", "G06"),
        (9, "PPI", "G07"),
        (10, "AC", "G08"),
    ]
    feitas = historico(n10)[:4]
    desistiu = [replace(c, desistente=True) if c.inscricao == "P1" else c for c in cs]
    res = rodar(SEV, 10, desistiu, feitas)
    assert ordem(res)[4:] == [
        (5, "PPI", "P2", "PPI"),
        (6, "PPI", "G04", AC),
        (7, "PCD", "G05", AC),
        (8, "AC", "G06", AC),
        (9, "AC", "G07", AC),
        (10, "PPI", "G08", AC),
        (11, "AC", "G09", AC),
    ]
    assert [c.situacao for c in res.convocacao] == [
        "ocupada", "desistente", "ocupada", "ocupada",
        "rechamada", "nova", "nova", "nova", "nova", "nova", "nova",
    ]
    assert res.convocacao[1].fundamento == (
        "chamada liberada (desistência do candidato): a vaga PPI é chamada de novo, uma vez "
        "só, na 5ª posição — Lei 3.057/2026, art. 15, §2º"
    )
    assert res.convocacao[4].fundamento == (
        "nova chamada da vaga PPI liberada na 2ª posição (chamada uma vez só) — Lei "
        "3.057/2026, art. 15, §2º; vaga reservada PPI: 1º da lista PPI (pessoas pretas, "
        "pardas e indígenas), na ordem de classificação da lista — Lei 3.057/2026, art. 8º"
    )

    n11 = rodar(SEV, 11, desistiu, historico(res)[:5])
    assert [(p, v, i) for p, v, i, _ in ordem(n11)][5:] == [
        (6, "PPI", "G04"),
        (7, "PCD", "G05"),
        (8, "AC", "G06"),
        (9, "AC", "G07"),
        (10, "PPI", "G08"),
        (11, "AC", "G09"),
        (12, "AC", "G10"),
    ]
    assert "rechamada" not in [c.situacao for c in n11.convocacao]
    assert n11.devidos == {}
    assert n11.convocacao[1].fundamento.endswith("na 5ª posição — Lei 3.057/2026, art. 15, §2º")


# -- properties --------------------------------------------------------------------------------


def _sem_pretericao(res: Resultado, desde: int = 0) -> None:
    """Among the positions after ``desde``: each source list's occupants are called in the
    order of their rank in that list, each position's source is the slot type's own list,
    a list of its chain or AC, and every position is explained."""
    rank = {
        lst: {c.inscricao: i for i, c in enumerate(res.listas[lst], start=1)}
        for lst in res.regime.listas_com_ac
    }
    novas = res.convocacao[desde:]
    for lst in res.regime.listas_com_ac:
        seq = [rank[lst][c.inscricao] for c in novas if c.inscricao and c.lista == lst]
        assert seq == sorted(seq), (lst, seq)
        assert [c.posicao_lista for c in novas if c.inscricao and c.lista == lst] == seq
    for c in novas:
        assert c.fundamento
        if c.inscricao is None:
            assert c.lista is None
            continue
        permitidas = {c.vaga, AC}
        if c.vaga != AC:
            permitidas |= {p.lista for p in res.regime.reversao(c.vaga).cadeia}
        assert c.lista in permitidas
    # Within one type, the sources come in order: own list, chain (in order), AC, empty.
    for tipo in res.regime.listas_com_ac:
        ordem_fontes = [tipo]
        if tipo != AC:
            ordem_fontes += [p.lista for p in res.regime.reversao(tipo).cadeia] + [AC]
        indice = {lst: i for i, lst in enumerate(dict.fromkeys(ordem_fontes))}
        fontes = [
            indice[c.lista] if c.lista is not None else len(indice)
            for c in novas
            if c.vaga == tipo
        ]
        assert fontes == sorted(fontes), (tipo, fontes)


@settings(max_examples=200, deadline=None)
@given(entradas())
def test_nenhum_ocupante_antes_de_um_melhor_da_mesma_lista(entrada: Entrada) -> None:
    """No source list's occupant is called before a better-ranked occupant of the same list;
    positions 1..N still hold exactly r_g of each type; the calls are section 6's
    occupants."""
    res = classificar(entrada)
    _sem_pretericao(res)
    contagens = {k: v for k, v in res.distribuicao.contagens.items() if v}
    assert Counter(c.vaga for c in res.convocacao) == Counter(contagens)
    assert sorted(c.inscricao for c in res.convocacao if c.inscricao) == sorted(
        o.inscricao for o in res.vagas_preenchidas
    )
    # Each call's source is its occupant's slot's source (section 6 reports it).
    origem = {o.inscricao: o.lista for o in res.vagas_preenchidas}
    assert all(origem[c.inscricao] == c.lista for c in res.convocacao if c.inscricao)
    j = resultado_para_json(res, completo=True)
    assert [e["fundamento"] for e in j["explicacao_convocacao"]] == [
        c.fundamento for c in res.convocacao
    ]


@settings(max_examples=100, deadline=None)
@given(entradas(), st.integers(0, 8), st.data())
def test_sem_pretericao_apos_historico(entrada: Entrada, k: int, data) -> None:
    """The same for the new positions after a history (some calls freed by a desistência),
    with k vacancies arisen: the history stays, the new positions call each list in its
    order."""
    h = list(historico(classificar(entrada)))
    candidatos = {c.inscricao: c for c in entrada.candidatos}
    for ch in h:
        if data.draw(st.integers(0, 4)) == 0:
            candidatos[ch.inscricao] = replace(candidatos[ch.inscricao], desistente=True)
    res = classificar(
        replace(
            entrada,
            vagas=entrada.vagas + k,
            candidatos=tuple(candidatos.values()),
            chamados=tuple(h),
        )
    )
    assert [(c.inscricao, c.vaga) for c in res.convocacao[: len(h)]] == [
        (ch.inscricao, ch.vaga) for ch in h
    ]
    assert all(c.fundamento for c in res.convocacao[: len(h)])
    _sem_pretericao(res, len(h))

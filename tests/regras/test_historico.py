"""The certame over time: the call order with the calls already made, desistências after
the call, arising vacancies and fim de fila (regras-de-reserva.md, sections 5 and 7)."""

from collections import Counter
from dataclasses import replace
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from certames.regras import (
    REGIMES,
    Chamado,
    Entrada,
    Resultado,
    aplicar_parametros,
    classificar,
    distribuir,
    montar_listas,
    obter_regime,
    ordem_convocacao,
    resultado_para_json,
)
from certames.regras.classificacao import ocupantes_novos
from certames.regras.convocacao import convocar
from certames.regras.distribuicao import contagens
from certames.regras.modelos import SITUACOES_CHAMADO

from .ajuda import ampla, cand
from .referencia import ordem_convocacao_antiga, preencher_vagas_antigo
from .test_propriedades import entradas

SMBV = "smbv-lc22-2026"
SEV = "severinia-lei3057-2026"
PIR = "pirangi-lei3056-2025"


def ordem(res: Resultado) -> list[tuple[int, str, str | None]]:
    return [(c.posicao, c.vaga, c.inscricao) for c in res.convocacao]


def historico(res: Resultado) -> tuple[Chamado, ...]:
    """The calls of ``res`` as a history, up to the first position nobody occupies (the
    calls are made in order); a call of the history keeps its ``situacao``."""
    chamados: list[Chamado] = []
    for c in res.convocacao:
        if c.inscricao is None:
            break
        situacao = c.situacao if c.situacao in SITUACOES_CHAMADO else "ocupada"
        chamados.append(Chamado(c.inscricao, c.vaga, c.lista, situacao))
    return tuple(chamados)


def rodar(regime, vagas, candidatos, chamados=None, parametros=None) -> Resultado:
    return classificar(Entrada(regime, vagas, tuple(candidatos), parametros, chamados))


# -- Severínia (spec section 7's worked example) -----------------------------------

#: A000-A007 (notas 100-93), three PPI optants and one PcD optant below them.
SEVERINIA = [
    *ampla(8),
    cand("P1", 80, PPI="confirmada"),
    cand("P2", 70, PPI="confirmada"),
    cand("P3", 65, PPI="confirmada"),
    cand("D1", 60, PCD="confirmada"),
]


def test_severinia_vaga_surgida_mantem_as_chamadas():
    """Severínia N=4: AC 3, PPI 1 (30% de 4 = 1,2 -> 1), PcD 0 (teto(0,2) = 1 > 20% de 4:
    floor, 0): AC, PPI, AC, AC. Recomputed from scratch with N=5 (AC 2, PPI 2, PcD 1) the
    order is AC, PPI, AC, PCD, PPI and A002, called 4th, would be out of the vacancies.
    With the history the four calls stay (Lei 3.057/2026, art. 17, parágrafo único); at
    v=5 PPI is due (min(2, 2) > 1) and takes position 5; PcD is due too (1 > 0) and is
    reported as owed: it takes the next vacancy that arises."""
    n4 = rodar(SEV, 4, SEVERINIA)
    assert ordem(n4) == [(1, "AC", "A000"), (2, "PPI", "P1"), (3, "AC", "A001"), (4, "AC", "A002")]
    sem_historico = rodar(SEV, 5, SEVERINIA)
    assert ordem(sem_historico)[3] == (4, "PCD", "D1")

    n5 = rodar(SEV, 5, SEVERINIA, historico(n4))
    assert ordem(n5) == ordem(n4) + [(5, "PPI", "P2")]
    assert [c.situacao for c in n5.convocacao] == ["ocupada"] * 4 + ["nova"]
    assert n5.devidos == {"PCD": 1}
    # The occupied calls first, in call order, then the new placements.
    assert [(o.inscricao, o.vaga, o.lista) for o in n5.vagas_preenchidas] == [
        ("A000", "AC", "AC"),
        ("P1", "PPI", "PPI"),
        ("A001", "AC", "AC"),
        ("A002", "AC", "AC"),
        ("P2", "PPI", "PPI"),
    ]
    assert n5.vagas_preenchidas[3].fundamento == (
        "chamada já realizada na posição 4, mantida na ordem de convocação — "
        "Lei 3.057/2026, art. 17, parágrafo único; art. 19, parágrafo único"
    )
    assert n5.distribuicao.contagens == {"AC": 2, "PPI": 2, "PCD": 1}

    # N=6 (AC 3, PPI 2 = 1,8 -> 2, PcD 1): the owed PcD vacancy takes position 6.
    n6 = rodar(SEV, 6, SEVERINIA, historico(n5))
    assert ordem(n6) == ordem(n5) + [(6, "PCD", "D1")]
    assert n6.devidos == {}


def test_severinia_desistencia_rechama_do_mesmo_grupo():
    """Spec section 7: the PPI candidate at position 2 declines; step 2 calls the next PPI
    candidate at position 5 (Lei 3.057/2026, art. 15, §2º). Positions 1-4 do not move."""
    n4 = rodar(SEV, 4, SEVERINIA)
    desistiu = [replace(c, desistente=True) if c.inscricao == "P1" else c for c in SEVERINIA]
    res = rodar(SEV, 4, desistiu, historico(n4))
    assert ordem(res) == ordem(n4) + [(5, "PPI", "P2")]
    assert [c.situacao for c in res.convocacao] == [
        "ocupada",
        "desistente",
        "ocupada",
        "ocupada",
        "rechamada",
    ]
    assert [o.inscricao for o in res.vagas_preenchidas] == ["A000", "A001", "A002", "P2"]
    assert res.devidos == {}


def test_vaga_liberada_rechamada_uma_vez_so():
    """After the re-call (P2 at 5) a vacancy arises, N=5: P1's freed call was already
    called again, so position 6 is typed by step 3 (PPI due: min(2, 2) > 1, P3); PcD owed.
    N=6: PPI holds 2 = r_PPI(6), PcD is due (1 > 0): position 7 is PcD, not a second
    re-call of P1's vacancy."""
    n4 = rodar(SEV, 4, SEVERINIA)
    desistiu = [replace(c, desistente=True) if c.inscricao == "P1" else c for c in SEVERINIA]
    h5 = historico(rodar(SEV, 4, desistiu, historico(n4)))
    n5 = rodar(SEV, 5, desistiu, h5)
    assert ordem(n5)[4:] == [(5, "PPI", "P2"), (6, "PPI", "P3")]
    assert n5.devidos == {"PCD": 1}
    n6 = rodar(SEV, 6, desistiu, historico(n5))
    assert ordem(n6)[6:] == [(7, "PCD", "D1")]
    assert n6.devidos == {}
    assert Counter(o.vaga for o in n6.vagas_preenchidas) == {"AC": 3, "PPI": 2, "PCD": 1}


def test_ac_liberada_nao_e_retipada():
    """A freed AC call is not re-called with its type (spec section 7, step 2): step 3 types
    it. Severínia N=5 order AC, PPI, AC, PCD, PPI; A001 (position 3) declines: at v=5 no
    group is due (PPI 2 = min(2, 2), PcD 1 = min(1, 1)), so AC: the next of the general
    list, A002."""
    n5 = rodar(SEV, 5, SEVERINIA)
    assert ordem(n5) == [
        (1, "AC", "A000"),
        (2, "PPI", "P1"),
        (3, "AC", "A001"),
        (4, "PCD", "D1"),
        (5, "PPI", "P2"),
    ]
    desistiu = [replace(c, desistente=True) if c.inscricao == "A001" else c for c in SEVERINIA]
    res = rodar(SEV, 5, desistiu, historico(n5))
    assert ordem(res)[5:] == [(6, "AC", "A002")]
    assert [c.situacao for c in res.convocacao][5:] == ["nova"]


# -- SMBV: chains in the history, fim de fila, sem efeito -------------------------------------

#: A000-A003 (notas 100-97), two pretos or pardos and one indígena below them.
SMBV_CANDIDATOS = [
    *ampla(4),
    cand("P1", 80, PP="confirmada"),
    cand("P2", 70, PP="confirmada"),
    cand("I1", 60, I="confirmada"),
]


def test_smbv_rechamada_segue_a_cadeia_negro_ou_indigena():
    """SMBV N=4 (AC 3, PP 1: 25% de 4 = 1): AC, AC, PP, AC. P1 and P2 decline: the PP
    vacancy is called again (position 5), and with no preto or pardo left it goes to the
    next indígena (LC 22/2026, art. 1º, §6º: "candidato negro ou indígena")."""
    n4 = rodar(SMBV, 4, SMBV_CANDIDATOS)
    assert ordem(n4) == [(1, "AC", "A000"), (2, "AC", "A001"), (3, "PP", "P1"), (4, "AC", "A002")]
    saem = {"P1", "P2"}
    cs = [replace(c, desistente=True) if c.inscricao in saem else c for c in SMBV_CANDIDATOS]
    res = rodar(SMBV, 4, cs, historico(n4))
    assert ordem(res)[4:] == [(5, "PP", "I1")]
    ultima = res.vagas_preenchidas[-1]
    assert (ultima.inscricao, ultima.vaga, ultima.lista, ultima.fundamento) == (
        "I1",
        "PP",
        "I",
        'LC 22/2026, art. 1º, §6º ("candidato negro ou indígena")',
    )


def test_fim_de_fila_na_chamada():
    """P1, called at position 3 (PP), is granted fim de fila: the call is freed and called
    again from PP (P2, position 5); P1 ranks last in every list (spec sections 5 and 7).
    Then P2 declines: the vacancy is called again (position 6) and P1, last of the PP list
    but still in it, is called again."""
    n4 = rodar(SMBV, 4, SMBV_CANDIDATOS)
    h = list(historico(n4))
    h[2] = replace(h[2], situacao="fim_de_fila")
    res = rodar(SMBV, 4, SMBV_CANDIDATOS, tuple(h))
    assert ordem(res)[2:] == [(3, "PP", "P1"), (4, "AC", "A002"), (5, "PP", "P2")]
    assert res.convocacao[2].situacao == "fim_de_fila"
    assert [c.inscricao for c in res.listas["PP"]] == ["P2", "P1"]
    assert [c.inscricao for c in res.listas["AC"]][-2:] == ["I1", "P1"]

    cs = [replace(c, desistente=True) if c.inscricao == "P2" else c for c in SMBV_CANDIDATOS]
    res = rodar(SMBV, 4, cs, historico(res))
    assert ordem(res)[4:] == [(5, "PP", "P2"), (6, "PP", "P1")]
    assert [c.situacao for c in res.convocacao][4:] == ["desistente", "rechamada"]


def test_fim_de_fila_do_candidato():
    """The candidate flag alone: ranks after everyone who did not ask for it, in every list
    (spec section 5). SMBV N=4 (AC 3, PP 1): without it P1 (nota 95) is first in AC;
    with it P1 is last in AC and in PP, and the PP slot goes to P2."""
    cs = [cand("P1", 95, PP="confirmada"), *ampla(3, 90), cand("P2", 50, PP="confirmada")]
    assert ordem(rodar(SMBV, 4, cs))[0] == (1, "AC", "P1")
    cs[0] = replace(cs[0], fim_de_fila=True)
    res = rodar(SMBV, 4, cs)
    assert [c.inscricao for c in res.listas["AC"]] == ["A000", "A001", "A002", "P2", "P1"]
    assert [c.inscricao for c in res.listas["PP"]] == ["P2", "P1"]
    assert ordem(res) == [(1, "AC", "A000"), (2, "AC", "A001"), (3, "PP", "P2"), (4, "AC", "A002")]


def test_sem_efeito_tira_de_todas_as_listas():
    """A call made void: its candidate is out of every list (spec section 7). A001's AC
    call (position 2) is void: the freed AC vacancy is typed by step 3 (SMBV at v=4: PP
    1 = min(1, 1), I and PcD 0: AC) and goes to the next of the general list, A003."""
    n4 = rodar(SMBV, 4, SMBV_CANDIDATOS)
    h = list(historico(n4))
    h[1] = replace(h[1], situacao="sem_efeito")
    res = rodar(SMBV, 4, SMBV_CANDIDATOS, tuple(h))
    assert ordem(res)[4:] == [(5, "AC", "A003")]
    assert res.convocacao[1].situacao == "sem_efeito"
    assert "A001" not in [c.inscricao for c in res.listas["AC"]]
    (e,) = res.excluidos
    assert (e.inscricao, e.motivo, e.lista) == ("A001", "sem_efeito", None)


def test_pirangi_ordem_da_carreira():
    """Pirangi N=10 (PP 2, PcD 1, AC 7: PP at 4 and 10, PcD at 5) called in full; N=17 (PP 3,
    I 1, Q 0, PcD 1, AC 12): positions 1-10 stay (Lei 3.056/2025, art. 12, §2º). From
    v=11: PP due at v=17 (min(3, 3) > 2), I at 17 too (1 > 0): PP at 17 and the tail gives
    I the last AC position, 16."""
    cs = [*ampla(20), *(cand(f"P{i}", 50 - i, PP="confirmada", I="confirmada") for i in range(3))]
    cs.append(cand("D1", 10, PCD="confirmada"))
    n10 = rodar(PIR, 10, cs)
    tipos10 = [v for _, v, _ in ordem(n10)]
    assert tipos10 == ["AC", "AC", "AC", "PP", "PCD", "AC", "AC", "AC", "AC", "PP"]
    n17 = rodar(PIR, 17, cs, historico(n10))
    assert ordem(n17)[:10] == ordem(n10)
    assert [v for _, v, _ in ordem(n17)][10:] == ["AC"] * 5 + ["I", "PP"]
    assert n17.devidos == {}
    # The order from scratch has the same types here: the split is reached either way.
    assert Counter(v for _, v, _ in ordem(n17)) == Counter(ordem_convocacao(17, PIR))


# -- properties -------------------------------------------------------------------------------


@settings(max_examples=100, deadline=None)
@given(entradas())
def test_sem_historico_nada_muda(entrada: Entrada) -> None:
    """Without ``chamados`` the result is the frozen reference's (the call order's types and
    the fill, as before the call history), with spec v3's step 5; with an empty history the
    same, plus ``devidos`` = {}."""
    res = classificar(entrada)
    regime = aplicar_parametros(obter_regime(str(entrada.regime)), entrada.parametros)
    distribuicao = distribuir(entrada.vagas, regime)
    listas = montar_listas(entrada.candidatos, regime)
    ocupacoes, vazias = preencher_vagas_antigo(distribuicao, listas, regime)
    tipos = ordem_convocacao_antiga(entrada.vagas, regime)
    # Step 5 is spec v3's (no preterição), on the frozen fill and types.
    chamadas = convocar(tipos, ocupantes_novos(ocupacoes, listas), regime)
    referencia = Resultado(
        regime, entrada.vagas, distribuicao, listas, ocupacoes, vazias, chamadas
    )
    assert resultado_para_json(res, completo=True) == resultado_para_json(
        referencia, completo=True
    )
    assert res.vagas_preenchidas == ocupacoes and res.devidos == {}
    assert ordem_convocacao(entrada.vagas, regime) == tipos

    vazio = resultado_para_json(classificar(replace(entrada, chamados=())), completo=True)
    completo = resultado_para_json(res, completo=True)
    assert vazio.pop("devidos") == {}
    assert [c.pop("situacao") for c in vazio["convocacao_detalhada"]] == ["nova"] * entrada.vagas
    assert vazio == completo


@settings(max_examples=100, deadline=None)
@given(entradas(), st.integers(0, 12))
def test_historico_de_n_chamadas_estendido(entrada: Entrada, k: int) -> None:
    """The order for N+k vacancies with the history of the first N calls extends it:
    positions 1..N unchanged, N+k positions in all, nobody called twice, and every group
    gets its r_g(N+k) positions or is reported as owed."""
    antes = classificar(entrada)
    h = historico(antes)  # the calls made: up to the first empty position
    depois = classificar(replace(entrada, vagas=entrada.vagas + k, chamados=h))
    n = entrada.vagas + k
    assert ordem(depois)[: len(h)] == ordem(antes)[: len(h)]
    assert len(depois.convocacao) == n
    chamados = [c.inscricao for c in depois.convocacao if c.inscricao]
    assert len(chamados) == len(set(chamados))
    assert [o.inscricao for o in depois.vagas_preenchidas][: len(h)] == [c.inscricao for c in h]
    finais = dict(zip(depois.regime.listas, contagens(n, depois.regime), strict=True))
    no_historico = Counter(c.vaga for c in h)
    tipos = Counter(c.vaga for c in depois.convocacao)
    for g, r in finais.items():
        assert tipos[g] + depois.devidos.get(g, 0) == max(r, no_historico[g])
    assert all(v > 0 for v in depois.devidos.values())


@settings(max_examples=100, deadline=None)
@given(entradas(), st.integers(0, 6), st.data())
def test_historico_com_desistencias_e_fim_de_fila(entrada: Entrada, k: int, data) -> None:
    """Calls freed after they were made (desistência, sem efeito, fim de fila, anulação):
    positions 1..|H| are H; N - |A| new positions follow, re-calls first (freed reserved
    calls, same type, history order); every group is served up to its split or owed; with the whole
    order of N in H and no new vacancy, each freed vacancy goes back to its own type."""
    h = list(historico(classificar(entrada)))
    por_inscricao = {c.inscricao: c for c in entrada.candidatos}
    candidatos = dict(por_inscricao)
    for i, ch in enumerate(h):
        mudanca = data.draw(
            st.sampled_from(["nada"] * 4 + ["desiste", "sem_efeito", "fila", "anulada"])
        )
        if mudanca == "desiste":
            candidatos[ch.inscricao] = replace(candidatos[ch.inscricao], desistente=True)
        elif mudanca != "nada":
            h[i] = replace(ch, situacao="fim_de_fila" if mudanca == "fila" else mudanca)
    n = entrada.vagas + k
    res = classificar(
        replace(entrada, vagas=n, candidatos=tuple(candidatos.values()), chamados=tuple(h))
    )
    ocupadas = [c for c in res.convocacao[: len(h)] if c.situacao == "ocupada"]
    assert [(c.vaga, c.inscricao, c.lista) for c in res.convocacao[: len(h)]] == [
        (ch.vaga, ch.inscricao, ch.lista_efetiva) for ch in h
    ]
    novas = res.convocacao[len(h) :]
    assert len(novas) == n - len(ocupadas)
    assert [c.posicao for c in res.convocacao] == list(range(1, len(h) + len(novas) + 1))
    # Re-calls: at most the freed reserved calls, by type (a later call of the same type
    # in H counts as the re-call of an earlier freed one).
    livres = Counter(c.vaga for c in res.convocacao[: len(h)] if c.situacao != "ocupada")
    rechamadas = [c.vaga for c in novas if c.situacao == "rechamada"]
    assert Counter(rechamadas) <= livres - Counter({"AC": livres["AC"]})
    assert all(c.situacao == "rechamada" for c in novas[: len(rechamadas)])
    if k == 0 and len(h) == entrada.vagas:
        assert Counter(c.vaga for c in novas) == livres
    # Nobody occupies two positions; the occupied calls come first in vagas_preenchidas.
    ocupantes = [c.inscricao for c in ocupadas] + [c.inscricao for c in novas if c.inscricao]
    assert len(ocupantes) == len(set(ocupantes))
    assert [o.inscricao for o in res.vagas_preenchidas] == [c.inscricao for c in ocupadas] + [
        o.inscricao for o in res.vagas_preenchidas[len(ocupadas) :]
    ]
    assert sorted(ocupantes) == sorted(o.inscricao for o in res.vagas_preenchidas)
    # Every group: its split, or more if the past (re-calls included) gave it more.
    finais = dict(zip(res.regime.listas, contagens(n, res.regime), strict=True))
    tipos = Counter(c.vaga for c in ocupadas) + Counter(c.vaga for c in novas)
    base = Counter(c.vaga for c in ocupadas) + Counter(rechamadas)
    for g, r in finais.items():
        assert tipos[g] + res.devidos.get(g, 0) == max(r, base[g])
    # Candidates out of every list are never called again; fim de fila ranks last.
    fora = {e.inscricao for e in res.excluidos}
    assert not fora & {c.inscricao for c in novas if c.inscricao}
    fila = {ch.inscricao for ch in h if ch.situacao == "fim_de_fila"}
    fila |= {c.inscricao for c in entrada.candidatos if c.fim_de_fila}
    for lista in res.listas.ordem.values():
        marcas = [c.inscricao in fila for c in lista]
        assert marcas == sorted(marcas)


def test_regimes_embutidos_fifo_e_ordem_do_regime_coincidem():
    """Spec section 7 serves the first due group in the regime's order; the former code
    served simultaneous dues first in, first out. For every built-in regime and edital
    rounding setting the two give the same order (N up to 60 here; checked up to 400)."""
    for regime in REGIMES.values():
        variantes = [regime, replace(regime, arredondamento_conjunto=True)]
        if not regime.limiar_definido_em_lei:
            variantes += [
                replace(regime, limiar_arredondamento=Fraction(t, 10)) for t in (3, 7, 10)
            ]
        for r in variantes:
            for n in range(61):
                assert ordem_convocacao(n, r) == ordem_convocacao_antiga(n, r), (r.id, n)

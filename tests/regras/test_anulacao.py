"""An annulled nomeação as a call of the history (regras-de-reserva.md, sections 7 and 9):
``"situacao": "anulada"`` in ``chamados``.

Worked case, Severínia (Lei 3.057/2026), N = 5, federal PcD default. Split (section 4): PPI
arred(5 x 0.30 = 1.5) = 2; PcD teto(0.25) = 1 <= 20% of 5 = 1, so 1; AC 5 - 2 - 1 = 2.
Candidates by score (the cargo of tests/certames/test_chamadas.py):

    201 95 -      202 90 PPI    203 88 -      204 85 PPI    205 80 PCD
    206 78 -      207 75 PPI    208 72 -      209 70 PCD    210 68 PPI

Default order, section 7 step 3 (v = 1..5): v=1 AC (R_PPI(1) = arred(0.3) = 0, R_PCD(1) = 0:
teto(0.05) = 1 > 0.2, so floor 0); v=2 PPI (arred(0.6) = 1 > 0); v=3 AC; v=4 AC; v=5 PPI
(arred(1.5) = 2 > 1, min(2, r(5) = 2)). Tail (step 4): PcD owes 1, the last AC position of
step 3 (4) becomes PCD. So AC, PPI, AC, PCD, PPI, called as 1 AC 201, 2 PPI 204, 3 AC 202 (an
optant within the AC places, art. 15 §§1-2), 4 PCD 205, 5 PPI 207: the history H.

1. The PPI call at position 5 (207) is annulled (fraud proven after the nomeação, art. 12,
   parágrafo único, III). Occupied calls A = {201, 204, 202, 205}: |A| = 4, N - |A| = 1 new
   position. Step 2: the freed call of a reserved type, PPI, no later PPI call matching it,
   is called again at position 6 with type PPI (a re-call). Step 5: the PPI list without the
   callers in A (204, 202) and without 207 (annulled: out of every list) is [210]: position 6
   PPI 210.
   If instead the PPI call at position 2 (204) is annulled, step 2 matches it with the later
   PPI call of H (position 5: "freed calls and later calls of one type are matched in
   history order"), so nothing is left to re-call; step 3 at v = 5, c = {AC 2, PPI 1, PCD 1}:
   PPI min(R(5) = 2, r(5) = 2) = 2 > 1, due: position 6 is PPI all the same, 210.
2. The AC call at position 1 (201) is annulled instead: step 2 does not re-type an AC call.
   Step 3 at v = |A| + 1 = 5 with c = {AC 1, PPI 2, PCD 1}: PPI min(2, 2) = 2 = c, PcD
   min(1, 1) = 1 = c, nobody due: AC. The general list without 201 (annulled) and without
   the callers in A (202): 203. Position 6 AC 203.
3. The PPI call re-called already (position 6, 210, in the history): the freed call is
   re-called once; |A| = 5 = N, no new position.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from certames.regras import Chamado, Entrada, ErroEntrada, classificar, ler_entrada
from certames.regras.json_io import resultado_para_json

from .ajuda import cand

SEV = "severinia-lei3057-2026"
PIR = "pirangi-lei3056-2025"

CANDIDATOS = (
    cand("201", 95), cand("202", 90, PPI="confirmada"), cand("203", 88),
    cand("204", 85, PPI="confirmada"), cand("205", 80, PCD="confirmada"), cand("206", 78),
    cand("207", 75, PPI="confirmada"), cand("208", 72), cand("209", 70, PCD="confirmada"),
    cand("210", 68, PPI="confirmada"),
)
H = (Chamado("201", "AC"), Chamado("204", "PPI"), Chamado("202", "AC"),
     Chamado("205", "PCD"), Chamado("207", "PPI"))


def _ordem(res):
    return [(c.posicao, c.vaga, c.inscricao, c.situacao) for c in res.convocacao]


def _rodar(chamados, vagas=5, candidatos=CANDIDATOS, regime=SEV):
    return classificar(Entrada(regime, vagas, tuple(candidatos), None, tuple(chamados)))


def test_historia_sem_anulacao_e_a_ordem_publicada():
    sem = classificar(Entrada(SEV, 5, CANDIDATOS))
    assert [(c.posicao, c.vaga, c.inscricao) for c in sem.convocacao] == [
        (1, "AC", "201"), (2, "PPI", "204"), (3, "AC", "202"), (4, "PCD", "205"),
        (5, "PPI", "207")]
    assert [s for *_, s in _ordem(_rodar(H))] == ["ocupada"] * 5


def test_chamada_ppi_anulada_e_rechamada_do_proprio_grupo():
    h = list(H)
    h[4] = replace(h[4], situacao="anulada")
    res = _rodar(h)
    assert _ordem(res) == [
        (1, "AC", "201", "ocupada"), (2, "PPI", "204", "ocupada"), (3, "AC", "202", "ocupada"),
        (4, "PCD", "205", "ocupada"), (5, "PPI", "207", "anulada"),
        (6, "PPI", "210", "rechamada")]
    # The annulled candidate is out of every list, with the regime's articles.
    assert "207" not in [c.inscricao for c in res.listas["AC"]]
    assert [c.inscricao for c in res.listas["PPI"]] == ["202", "204", "210"]
    (excluido,) = res.excluidos
    assert (excluido.inscricao, excluido.motivo, excluido.lista, excluido.fundamento) == (
        "207", "anulada", None,
        "Lei 3.057/2026, art. 12, parágrafo único, III; Lei 3.057/2026 de Severínia, art. 5º, "
        "I e IV")
    # The occupied calls are the four kept plus the re-call; nobody occupies the annulled one.
    assert [o.inscricao for o in res.vagas_preenchidas] == ["201", "204", "202", "205", "210"]
    assert res.devidos == {}


def test_anulada_a_segunda_chamada_ppi_a_posicao_6_e_ppi():
    h = list(H)
    h[1] = replace(h[1], situacao="anulada")
    res = _rodar(h)
    assert _ordem(res)[1] == (2, "PPI", "204", "anulada")
    assert _ordem(res)[5:] == [(6, "PPI", "210", "nova")]
    assert [c.inscricao for c in res.listas["PPI"]] == ["202", "207", "210"]


def test_chamada_ac_anulada_nao_e_retipada():
    h = list(H)
    h[0] = replace(h[0], situacao="anulada")
    res = _rodar(h)
    assert _ordem(res)[0] == (1, "AC", "201", "anulada")
    assert _ordem(res)[5:] == [(6, "AC", "203", "nova")]
    assert [c.inscricao for c in res.listas["AC"]][:2] == ["202", "203"]


def test_rechamada_ja_feita_nao_se_repete():
    h = list(H)
    h[4] = replace(h[4], situacao="anulada")
    h.append(Chamado("210", "PPI"))
    res = _rodar(h)
    assert len(res.convocacao) == 6
    assert _ordem(res)[5] == (6, "PPI", "210", "ocupada")


def test_anulacao_depois_de_desistencia_e_rechamada():
    """207 (PPI, 5th) declined and 210 was re-called at 6 (step 2); then 204's nomeação (PPI,
    2nd) is annulled. A = {201, 202, 205, 210}, |A| = 4: one new position. Step 2 matches the
    freed PPI calls with the later PPI calls in history order (call 2 with call 5, call 5
    with call 6): none is left unmatched, so no re-call. Step 3 at v = 5, c = {AC 2, PPI 1,
    PCD 1}: PPI min(R(5) = 2, 2) = 2 > 1, due: position 7 is PPI. The PPI list has nobody
    left (202 and 210 occupy calls, 204 annulled, 207 desistente): the seat reverts to AC
    (Lei 3.057/2026, art. 16), to 203, the best of the general list not occupying a call."""
    cs = [replace(c, desistente=True) if c.inscricao == "207" else c for c in CANDIDATOS]
    h = list(H) + [Chamado("210", "PPI")]
    h[1] = replace(h[1], situacao="anulada")
    res = _rodar(h, candidatos=cs)
    assert _ordem(res)[4:] == [(5, "PPI", "207", "desistente"), (6, "PPI", "210", "ocupada"),
                               (7, "PPI", "203", "nova")]
    assert res.convocacao[6].lista == "AC"


def test_candidato_anulado_nao_ocupa_chamada_posterior():
    """An annulled candidate is out of every list: a later call of theirs does not occupy a
    vacancy either (its situacao says why: anulada). A = {201, 202, 205}: two new positions.
    Step 2: call 5 (PPI) matches the freed call 2; call 5 itself is freed and unmatched, so
    it is called again at 6 (PPI); step 3 at v = 5, c = {AC 2, PPI 1, PCD 1}: PPI due
    (2 > 1), position 7 PPI. The PPI list without the callers and 204: 207, 210."""
    h = [Chamado("201", "AC"), Chamado("204", "PPI", situacao="anulada"),
         Chamado("202", "AC"), Chamado("205", "PCD"), Chamado("204", "PPI")]
    res = _rodar(h)
    assert _ordem(res)[4:] == [(5, "PPI", "204", "anulada"), (6, "PPI", "207", "rechamada"),
                               (7, "PPI", "210", "nova")]


def test_pirangi_fundamento_da_anulacao():
    cs = [cand(f"A{i}", 90 - i) for i in range(8)] + [cand("P1", 50, PP="confirmada"),
                                                     cand("P2", 40, PP="confirmada")]
    inicial = classificar(Entrada(PIR, 2, tuple(cs)))
    h = [Chamado(c.inscricao, c.vaga, c.lista) for c in inicial.convocacao]
    h[0] = replace(h[0], situacao="anulada")
    res = _rodar(h, vagas=2, candidatos=cs, regime=PIR)
    (excluido,) = res.excluidos
    assert (excluido.motivo, excluido.fundamento) == ("anulada", "Lei 3.056/2025, art. 7º, §1º, II")


def test_contrato_json_aceita_anulada():
    entrada = {
        "regime": SEV, "vagas": 5,
        "candidatos": [{"inscricao": c.inscricao, "nota": str(c.nota),
                        "listas": dict(c.listas)} for c in CANDIDATOS],
        "chamados": [{"inscricao": ch.inscricao, "vaga": ch.vaga} for ch in H],
    }
    entrada["chamados"][4]["situacao"] = "anulada"
    saida = resultado_para_json(classificar(ler_entrada(json.loads(json.dumps(entrada)))),
                                completo=True)
    assert [(c["posicao"], c["vaga"], c["inscricao"], c["situacao"])
            for c in saida["convocacao_detalhada"]][4:] == [
        (5, "PPI", "207", "anulada"), (6, "PPI", "210", "rechamada")]
    assert [(e["inscricao"], e["motivo"]) for e in saida["excluidos"]] == [("207", "anulada")]

    entrada["chamados"][1]["situacao"] = "anulado"
    with pytest.raises(ErroEntrada) as erro:
        ler_entrada(entrada)
    assert str(erro.value) == (
        "chamados[1].situacao: situação inválida 'anulado' (use ocupada, sem_efeito, "
        "fim_de_fila ou anulada)")

"""Synthetic candidates (benchmark helper) and a coarse performance guard."""

import time

from certames.regras import Entrada, classificar, gerar_candidatos_sinteticos, obter_regime


def test_deterministico():
    a = gerar_candidatos_sinteticos(500, "federal-lei15142-2025", 7)
    b = gerar_candidatos_sinteticos(500, obter_regime("federal-lei15142-2025"), 7)
    c = gerar_candidatos_sinteticos(500, "federal-lei15142-2025", 8)
    assert a == b and a != c
    assert len({x.inscricao for x in a}) == 500
    assert all(set(x.listas) <= set(obter_regime("federal-lei15142-2025").listas) for x in a)


def test_desempenho_grosseiro():
    """20,000 candidates classify well within a second on a loaded CI machine (the
    engine is O(n log n); 100,000 take about 0.3 s on the development machine)."""
    cands = tuple(gerar_candidatos_sinteticos(20_000, "pirangi-lei3056-2025", 1))
    inicio = time.perf_counter()
    res = classificar(Entrada("pirangi-lei3056-2025", 500, cands))
    assert time.perf_counter() - inicio < 2.0
    assert len(res.vagas_preenchidas) == 500

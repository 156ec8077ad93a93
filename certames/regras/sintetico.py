"""Deterministic synthetic candidates for benchmarks and property tests."""

from __future__ import annotations

import random
from decimal import Decimal

from .modelos import Candidato, Estado
from .regimes import PCD, Regime, obter_regime

__all__ = ["gerar_candidatos_sinteticos"]

_ESTADOS = (Estado.CONFIRMADA, Estado.PENDENTE, Estado.NAO_CONFIRMADA, Estado.FRAUDE)
_PESOS_ESTADOS = (90, 6, 3.8, 0.2)


def gerar_candidatos_sinteticos(n: int, regime: Regime | str, seed: int = 0) -> list[Candidato]:
    """``n`` candidates for ``regime`` from ``random.Random(seed)`` (same seed, same list).

    Scores have one decimal place (many ties, so the tie-break keys and the inscription
    number matter); two tie-break keys; about 35% opt into a racial list, 6% into PCD,
    with a mix of states; 1% eliminated and 1% desistentes. Inscriptions are 8 digits.
    """
    r = obter_regime(regime) if isinstance(regime, str) else regime
    rnd = random.Random(seed)
    grupos = [g.codigo for g in r.grupos]
    pesos = [float(g.percentual) for g in r.grupos]  # sampling weights only, not rules
    numeros = rnd.sample(range(10_000_000, 100_000_000), n)
    candidatos: list[Candidato] = []
    for numero in numeros:
        k = rnd.randint(400, 1000)
        nota = Decimal(f"{k // 10}.{k % 10}")
        desempate = (Decimal(rnd.randint(18, 70)), Decimal(rnd.randint(0, 100)))
        listas: dict[str, str] = {}
        if rnd.random() < 0.35:
            listas[rnd.choices(grupos, pesos)[0]] = rnd.choices(_ESTADOS, _PESOS_ESTADOS)[0]
            if len(grupos) > 1 and rnd.random() < 0.05:
                listas[rnd.choice(grupos)] = Estado.CONFIRMADA
        if rnd.random() < 0.06:
            listas[PCD] = rnd.choices(_ESTADOS, _PESOS_ESTADOS)[0]
        sorteio = rnd.random()
        candidatos.append(
            Candidato(
                inscricao=f"{numero:08d}",
                nota=nota,
                desempate=desempate,
                listas=listas,
                eliminado=sorteio < 0.01,
                desistente=0.01 <= sorteio < 0.02,
            )
        )
    return candidatos

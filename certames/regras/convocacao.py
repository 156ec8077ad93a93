"""Call order (ordem de convocação: alternância e proporcionalidade), spec section 7.

Position n = 1..N is of group g when R_g(n) > R_g(n-1), R_g(n) being g's count with n
vacancies (section 4); otherwise AC. Groups due at the same position are served one per
position in the regime's order (racial groups, then PcD), the others at the following
positions, ahead of AC (a FIFO queue of dues). If some group is still due after position N,
it takes the last AC positions, from N backwards; the pending dues, oldest first, get those
positions in ascending order. Positions 1..N then hold exactly r_g positions of each group.

Generalisation (no effect with the built-in regimes, whose R_g are non-decreasing): a group
is due while min(R_g(n), r_g(N)) exceeds what it already got, so a split that is not
monotone in n (possible with joint rounding) can never give a group more than r_g(N).

Legal basis: Lei 3.057/2026, art. 17 and parágrafo único; Lei 3.056/2025, art. 12;
Lei 15.142/2025 (alternância e proporcionalidade).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from .distribuicao import contagens
from .parametros import Parametros, aplicar_parametros
from .regimes import AC, Regime, obter_regime

__all__ = ["Chamada", "ordem_convocacao", "convocar"]


@dataclass(frozen=True, slots=True)
class Chamada:
    """Position ``posicao`` of the call order: slot type and its occupant (or None)."""

    posicao: int
    vaga: str
    inscricao: str | None
    lista: str | None = None
    sub_judice: bool = False


def ordem_convocacao(
    vagas: int, regime: Regime | str, parametros: Parametros | None = None
) -> tuple[str, ...]:
    """Slot type of each position 1..``vagas`` (index 0 is position 1)."""
    if isinstance(vagas, bool) or not isinstance(vagas, int) or vagas < 0:
        raise ValueError(f"vagas deve ser inteiro >= 0, recebido “{vagas}”")
    r = obter_regime(regime) if isinstance(regime, str) else regime
    r = aplicar_parametros(r, parametros)
    codigos = r.listas
    k = len(codigos)
    finais = contagens(vagas, r)
    servidos = [0] * k
    enfileirados = [0] * k
    fila: deque[int] = deque()
    tipos: list[str] = []
    for n in range(1, vagas + 1):
        atuais = contagens(n, r)
        # New dues at n, in the regime's order of groups.
        for i in range(k):
            alvo = min(atuais[i], finais[i])
            while servidos[i] + enfileirados[i] < alvo:
                fila.append(i)
                enfileirados[i] += 1
        if fila:
            i = fila.popleft()
            enfileirados[i] -= 1
            servidos[i] += 1
            tipos.append(codigos[i])
        else:
            tipos.append(AC)
    if fila:
        # Still due after N: take the last AC positions, from N backwards.
        posicoes: list[int] = []
        p = vagas - 1
        while len(posicoes) < len(fila):
            if tipos[p] == AC:
                posicoes.append(p)
            p -= 1
        for p, i in zip(sorted(posicoes), fila, strict=True):
            tipos[p] = codigos[i]
    return tuple(tipos)


def convocar(
    tipos: Sequence[str],
    ocupantes: dict[str, list[tuple[int, str, str, bool]]],
) -> tuple[Chamada, ...]:
    """Fill the call order: the occupants of the slots of one type, in order of their rank
    in the general list, are called at that type's positions (spec section 7).

    ``ocupantes`` maps slot type -> [(rank in AC, inscricao, origin list, sub judice)].
    """
    filas = {t: deque(sorted(v)) for t, v in ocupantes.items()}
    chamadas: list[Chamada] = []
    for pos, tipo in enumerate(tipos, start=1):
        f = filas.get(tipo)
        if f:
            _, inscricao, lista, sj = f.popleft()
            chamadas.append(Chamada(pos, tipo, inscricao, lista, sj))
        else:
            chamadas.append(Chamada(pos, tipo, None))
    return tuple(chamadas)

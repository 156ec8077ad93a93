"""Call order (ordem de convocação: alternância e proporcionalidade), spec section 7.

The vacancies of a cargo are called one at a time and what was called stays called: the
order is fixed in advance (Lei 3.057/2026, art. 17, parágrafo único) and is the servant's
order for the whole career (Lei 3.056/2025, art. 12, §2º). So the order is built as a
continuation of the calls already made (the history H, in order):

1. Positions 1..|H| are H, unchanged. A call is *occupied* unless its candidate is out of
   every list (desistente, eliminado), the call was made void (``sem_efeito``) or the
   candidate was granted fim de fila at it. A = the occupied calls, c_g = how many of them
   are of type g (AC included). N - |A| new positions follow.
2. Re-calls: each freed call of a reserved type, in history order, is called again at the
   next position with the same type (LC 22/2026, art. 1º, §6º and art. 6º, §5º;
   Lei 3.057/2026, art. 15, §2º; Lei 3.056/2025, art. 3º, §§1º-2º and art. 10, §3º), while
   positions remain. A freed call is called again once: a later call of the same type in H
   is the re-call of the earliest freed call of that type before it that has none yet (so
   when a vacancy arises after a re-call was made, the freed call is not called a second
   time). A freed AC call is not re-typed here.
3. The other new positions get types one by one: for the position that fills the v-th
   vacancy (v = |A| + positions typed so far + 1), group g is due when
   ``min(R_g(v), r_g(N)) > c_g``, R_g(v) being g's count with v vacancies (section 4). The
   first due group in the regime's order (racial groups, then PcD) takes it, else AC.
4. Tail: the shortfalls ``r_g(N) - c_g``, in the regime's order, retype the last that many
   AC positions of step 3, in position order. What cannot be placed is reported as owed
   (``devidos``) and takes the next vacancy that arises.

With no history this is the known practice (20% with 0.5 rounding and minimum 3: the 3rd,
8th, 13th ... positions) and positions 1..N hold exactly r_g of each group. A split that
is not monotone in n (possible with joint rounding) never gives a group more than r_g(N).

Legal basis: Lei 3.057/2026, art. 17 and parágrafo único; Lei 3.056/2025, art. 12 and §2º;
Lei 15.142/2025 (alternância e proporcionalidade).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from .distribuicao import contagens
from .parametros import Parametros, aplicar_parametros
from .regimes import AC, Regime, obter_regime

__all__ = [
    "Chamada",
    "Continuacao",
    "NOVA",
    "RECHAMADA",
    "continuar_ordem",
    "ordem_convocacao",
    "convocar",
]

#: ``Chamada.situacao`` of a new position typed by steps 3-4, and of a re-call (step 2).
NOVA = "nova"
RECHAMADA = "rechamada"


@dataclass(frozen=True, slots=True)
class Chamada:
    """Position ``posicao`` of the call order: slot type and its occupant (or None).

    ``situacao``: for a position of the history, what became of the call (``ocupada``,
    ``sem_efeito``, ``fim_de_fila``, ``anulada``, or why its candidate left every list:
    ``desistente``, ``eliminado``, ``fraude``, ``nao_confirmada``); for a new position ``nova`` or
    ``rechamada`` (a freed reserved call called again, step 2).
    """

    posicao: int
    vaga: str
    inscricao: str | None
    lista: str | None = None
    sub_judice: bool = False
    situacao: str = NOVA


@dataclass(frozen=True)
class Continuacao:
    """The new positions after a history: their types in order (the first ``rechamadas``
    are re-calls) and the reserved groups still owed (positive counts, regime order)."""

    tipos: tuple[str, ...]
    rechamadas: int
    devidos: dict[str, int]


def continuar_ordem(
    vagas: int,
    regime: Regime,
    historico: Sequence[tuple[str, bool]],
    finais: Sequence[int] | None = None,
) -> Continuacao:
    """Types of the new positions after ``historico`` = [(slot type, occupied), ...] in call
    order, for ``vagas`` vacancies (spec section 7, steps 2-4).

    ``regime`` must have the edital's parameters applied; the caller checks that every
    type exists in it and that the occupied calls do not exceed ``vagas``. ``finais``: the
    cargo's split ``r_g(N)`` in ``regime.listas`` order when it is not section 4's (the
    whole-edital draw, spec section 4.1 item 4); ``R_g(v)`` of step 3 stays the per-cargo
    rule (spec section 7: "the cargo's split r_g(N) (section 4, or 4.1's distribuicao)").
    """
    codigos = regime.listas
    indice = {cod: i for i, cod in enumerate(codigos)}
    k = len(codigos)
    finais = tuple(finais) if finais is not None else contagens(vagas, regime)
    servidos = [0] * k
    ocupadas = 0
    # Step 2: freed reserved calls not yet called again, matched in history order.
    abertas: dict[str, deque[int]] = {cod: deque() for cod in codigos}
    for p, (tipo, ocupada) in enumerate(historico):
        if ocupada:
            ocupadas += 1
        if tipo == AC:
            continue
        if abertas[tipo]:
            abertas[tipo].popleft()  # this call re-called an earlier freed one
        if ocupada:
            servidos[indice[tipo]] += 1
        else:
            abertas[tipo].append(p)
    novas = vagas - ocupadas
    pendentes = sorted((p, tipo) for tipo, fila in abertas.items() for p in fila)
    tipos: list[str] = []
    for _, tipo in pendentes[:novas]:
        tipos.append(tipo)
        servidos[indice[tipo]] += 1
    rechamadas = len(tipos)

    # Step 3: the first due group in the regime's order, else AC.
    posicoes_ac: list[int] = []
    while len(tipos) < novas:
        v = ocupadas + len(tipos) + 1
        atuais = contagens(v, regime)
        for i in range(k):
            if min(atuais[i], finais[i]) > servidos[i]:
                servidos[i] += 1
                tipos.append(codigos[i])
                break
        else:
            posicoes_ac.append(len(tipos))
            tipos.append(AC)

    # Step 4: the shortfalls retype the last AC positions of step 3, in position order.
    faltas = [codigos[i] for i in range(k) for _ in range(max(0, finais[i] - servidos[i]))]
    colocadas = min(len(faltas), len(posicoes_ac))
    alvo = posicoes_ac[len(posicoes_ac) - colocadas :]
    for p, tipo in zip(alvo, faltas, strict=False):
        tipos[p] = tipo
    devidos: dict[str, int] = {}
    for tipo in faltas[colocadas:]:
        devidos[tipo] = devidos.get(tipo, 0) + 1
    return Continuacao(tuple(tipos), rechamadas, devidos)


def ordem_convocacao(
    vagas: int, regime: Regime | str, parametros: Parametros | None = None
) -> tuple[str, ...]:
    """Slot type of each position 1..``vagas`` with no history (index 0 is position 1)."""
    if isinstance(vagas, bool) or not isinstance(vagas, int) or vagas < 0:
        raise ValueError(f"vagas deve ser inteiro >= 0, recebido “{vagas}”")
    r = obter_regime(regime) if isinstance(regime, str) else regime
    r = aplicar_parametros(r, parametros)
    return continuar_ordem(vagas, r, ()).tipos


def convocar(
    tipos: Sequence[str],
    ocupantes: dict[str, list[tuple[int, str, str, bool]]],
    inicio: int = 1,
    rechamadas: int = 0,
) -> tuple[Chamada, ...]:
    """Fill the call order: the occupants of the slots of one type, in order of their rank
    in the general list, are called at that type's positions (spec section 7, step 5).

    ``ocupantes`` maps slot type -> [(rank in AC, inscricao, origin list, sub judice)];
    ``inicio`` is the number of the first position; the first ``rechamadas`` positions are
    re-calls.
    """
    filas = {t: deque(sorted(v)) for t, v in ocupantes.items()}
    chamadas: list[Chamada] = []
    for i, tipo in enumerate(tipos):
        situacao = RECHAMADA if i < rechamadas else NOVA
        f = filas.get(tipo)
        if f:
            _, inscricao, lista, sj = f.popleft()
            chamadas.append(Chamada(inicio + i, tipo, inscricao, lista, sj, situacao))
        else:
            chamadas.append(Chamada(inicio + i, tipo, None, None, False, situacao))
    return tuple(chamadas)

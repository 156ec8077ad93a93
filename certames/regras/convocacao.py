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
5. Occupants (``convocar``): section 6 fills the new positions' types as slots; each slot's
   source is the list its occupant came from. The new positions of type g, in position
   order, take first the sources of g's slots filled from g's own list, then those filled
   along the chain (in chain order), then those reverted to AC, then the empty ones. Each
   source list's occupants are then called at the positions that list fills, in position
   order, by their rank in that list: nobody is called before a better-ranked occupant of
   the same list (no preterição: a reserved slot reverted to AC is filled "observada a
   ordem de classificação", LC 22/2026, art. 1º, §7º and art. 6º, §6º; Lei 3.057/2026,
   art. 16; Lei 3.056/2025, art. 11).

The edital may state the order itself (``Regime.ordem_edital``, from the edital setting
``ordem_convocacao``; Lei 3.057/2026, art. 17, parágrafo único and art. 18, VIII): step 3's
R_g(v) is then the number of g's positions <= v in the edital's order for a group it names
(section 4's rule for the others), and when several groups are due at one vacancy the group
the edital names for it goes first. Every other step is unchanged.

With no history this is the known practice (20% with 0.5 rounding and minimum 3: the 3rd,
8th, 13th ... positions) and positions 1..N hold exactly r_g of each group. A split that
is not monotone in n (possible with joint rounding) never gives a group more than r_g(N).

Legal basis: Lei 3.057/2026, art. 17 and parágrafo único; Lei 3.056/2025, art. 12 and §2º;
Lei 15.142/2025 (alternância e proporcionalidade).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field

from .distribuicao import contagens
from .parametros import Parametros, aplicar_parametros
from .regimes import AC, NOMES_LISTAS, PCD, Regime, obter_regime

__all__ = [
    "Chamada",
    "Continuacao",
    "NOVA",
    "Ocupante",
    "RECHAMADA",
    "continuar_ordem",
    "convocar",
    "fontes_da_vaga",
    "fundamento_historico",
    "fundamento_posicao",
    "ordem_convocacao",
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

    ``vaga`` is the position's type; ``lista`` the list its occupant came from (the source,
    step 5) and ``posicao_lista`` the occupant's rank in that list. ``fundamento`` explains
    the position: where its occupant came from and why, with the regime's citation.
    """

    posicao: int
    vaga: str
    inscricao: str | None
    lista: str | None = None
    sub_judice: bool = False
    situacao: str = NOVA
    fundamento: str = ""
    posicao_lista: int = 0


@dataclass(frozen=True, slots=True)
class Ocupante:
    """A new slot's occupant as step 5 calls it: the slot's type (``vaga``), the list the
    occupant came from (``lista``), their rank in that list (1-based) and whether they are
    an optant approved in AC (only for the explanation)."""

    vaga: str
    lista: str
    posicao_lista: int
    inscricao: str
    sub_judice: bool = False
    optante: bool = False


@dataclass(frozen=True)
class Continuacao:
    """The new positions after a history: their types in order (the first ``rechamadas``
    are re-calls) and the reserved groups still owed (positive counts, regime order).

    ``rechamada_em`` maps each freed reserved call of the history (its position, 1-based)
    to the position of its re-call: a later call of the same type in the history, or one of
    the first ``rechamadas`` new positions (numbered after the history)."""

    tipos: tuple[str, ...]
    rechamadas: int
    devidos: dict[str, int]
    rechamada_em: dict[int, int] = field(default_factory=dict)


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
    rechamada_em: dict[int, int] = {}
    for p, (tipo, ocupada) in enumerate(historico):
        if ocupada:
            ocupadas += 1
        if tipo == AC:
            continue
        if abertas[tipo]:
            # This call re-called an earlier freed one.
            rechamada_em[abertas[tipo].popleft() + 1] = p + 1
        if ocupada:
            servidos[indice[tipo]] += 1
        else:
            abertas[tipo].append(p)
    novas = vagas - ocupadas
    pendentes = sorted((p, tipo) for tipo, fila in abertas.items() for p in fila)
    tipos: list[str] = []
    for p, tipo in pendentes[:novas]:
        tipos.append(tipo)
        servidos[indice[tipo]] += 1
        rechamada_em[p + 1] = len(historico) + len(tipos)
    rechamadas = len(tipos)

    # Step 3: the first due group in the regime's order, else AC. With the order the
    # edital states (Lei 3.057/2026, art. 17, parágrafo único), a group it names is due by
    # its positions, and the group it names for this vacancy goes first.
    edital = {o.grupo: o for o in regime.ordem_edital}
    posicoes_ac: list[int] = []
    while len(tipos) < novas:
        v = ocupadas + len(tipos) + 1
        atuais = contagens(v, regime)
        if edital:
            atuais = tuple(
                edital[cod].quantas_ate(v) if cod in edital else atuais[i]
                for i, cod in enumerate(codigos)
            )
        devidos_agora = [i for i in range(k) if min(atuais[i], finais[i]) > servidos[i]]
        if devidos_agora:
            i = next(
                (j for j in devidos_agora if codigos[j] in edital and edital[codigos[j]].ocupa(v)),
                devidos_agora[0],
            )
            servidos[i] += 1
            tipos.append(codigos[i])
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
    return Continuacao(tuple(tipos), rechamadas, devidos, rechamada_em)


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
    ocupantes: Sequence[Ocupante],
    regime: Regime,
    inicio: int = 1,
    rechamadas: Sequence[int] = (),
) -> tuple[Chamada, ...]:
    """Call the occupants of the new positions (spec section 7, step 5).

    ``tipos``: the new positions' types in order (``continuar_ordem``); ``ocupantes``: who
    section 6 placed in slots of those types (as many slots per type as positions);
    ``inicio``: the number of the first position; ``rechamadas``: for each of the first
    positions that is a re-call (step 2), the history position of the freed call it calls
    again.

    First every position gets a source list: the positions of type g, in position order,
    take g's slots filled from g's own list, then those filled along g's chain (in chain
    order), then those reverted to AC, then the empty ones. Then each source list's
    occupants, by their rank in that list, are called at the positions that list fills, in
    position order (no preterição: LC 22/2026, art. 1º, §7º and art. 6º, §6º; Lei
    3.057/2026, art. 16; Lei 3.056/2025, art. 11, "observada a ordem de classificação").
    """
    por_tipo: dict[str, dict[str, int]] = {}
    por_lista: dict[str, list[Ocupante]] = {}
    for o in ocupantes:
        contagem = por_tipo.setdefault(o.vaga, {})
        contagem[o.lista] = contagem.get(o.lista, 0) + 1
        por_lista.setdefault(o.lista, []).append(o)
    fontes: dict[str, deque[str]] = {}
    for tipo, contagem in por_tipo.items():
        ordem = [tipo]
        if tipo != AC:
            ordem += [p.lista for p in regime.reversao(tipo).cadeia] + [AC]
        fila: deque[str] = deque()
        for lista in dict.fromkeys(ordem):
            fila.extend([lista] * contagem.pop(lista, 0))
        if contagem:  # pragma: no cover - section 6 only fills from these lists
            raise ValueError(f"vaga {tipo} preenchida por lista fora da cadeia: {contagem}")
        fontes[tipo] = fila
    filas = {
        lista: deque(sorted(os, key=lambda o: o.posicao_lista)) for lista, os in por_lista.items()
    }
    chamadas: list[Chamada] = []
    for i, tipo in enumerate(tipos):
        rechamada = i < len(rechamadas)
        situacao = RECHAMADA if rechamada else NOVA
        fila_tipo = fontes.get(tipo)
        origem = fila_tipo.popleft() if fila_tipo else None
        prefixo = _texto_rechamada(regime, tipo, rechamadas[i]) if rechamada else ""
        if origem is None:
            chamadas.append(
                Chamada(
                    inicio + i, tipo, None, None, False, situacao,
                    prefixo + _texto_vazia(regime, tipo),
                )
            )
            continue
        o = filas[origem].popleft()
        chamadas.append(
            Chamada(
                inicio + i,
                tipo,
                o.inscricao,
                origem,
                o.sub_judice,
                situacao,
                prefixo + fundamento_posicao(regime, tipo, origem, o.posicao_lista, o.optante),
                o.posicao_lista,
            )
        )
    return tuple(chamadas)


# -- the explanation of each position (where its occupant came from and why) -------------------


def _nome(regime: Regime, lista: str) -> str:
    if lista in (AC, PCD):
        return NOMES_LISTAS[lista]
    try:
        return regime.grupo(lista).nome
    except KeyError:
        return NOMES_LISTAS.get(lista, lista)


def _lista(regime: Regime, lista: str) -> str:
    return f"lista {lista} ({_nome(regime, lista)})"


def _fundamento_propria(regime: Regime, lista: str) -> str:
    if lista == PCD:
        return regime.pcd.fundamento
    return regime.grupo(lista).fundamento


def fundamento_posicao(
    regime: Regime, vaga: str, lista: str, posicao_lista: int, optante: bool = False
) -> str:
    """Why a new position of type ``vaga`` calls the ``posicao_lista``-th of ``lista``
    (spec sections 6 and 7, step 5), with the regime's citation."""
    n = f"{posicao_lista}º"
    if vaga == AC:
        texto = f"vaga de ampla concorrência: {n} da lista AC, na ordem de classificação geral"
        if optante:
            texto += (
                "; optante aprovado na ampla concorrência, não computado na reserva — "
                + regime.fundamento_concorrencia
            )
        return texto
    if lista == vaga:
        return (
            f"vaga reservada {vaga}: {n} da {_lista(regime, vaga)}, na ordem de classificação "
            f"da lista — {_fundamento_propria(regime, vaga)}"
        )
    reversao = regime.reversao(vaga)
    cadeia = [p.lista for p in reversao.cadeia]
    if lista == AC:
        tentadas = " nem pela ".join(f"lista {x}" for x in [vaga, *cadeia])
        return (
            f"vaga reservada {vaga} não preenchida pela {tentadas}: revertida à ampla "
            f"concorrência, {n} da lista AC, observada a ordem de classificação — "
            f"{reversao.fundamento_ampla}"
        )
    passo = next(p for p in reversao.cadeia if p.lista == lista)
    return (
        f"vaga reservada {vaga} não preenchida pela lista {vaga}: vai à {_lista(regime, lista)}, "
        f"{n} dessa lista, na ordem de classificação — {passo.fundamento}"
    )


def fontes_da_vaga(regime: Regime, vaga: str) -> tuple[tuple[str, str, str], ...]:
    """The lists a position of type ``vaga`` is filled from, in order (spec sections 6 and
    7, step 5): (list code, its name, legal basis). AC: the general list. A reserved type:
    its own list, its chain, then AC "observada a ordem de classificação"."""
    if vaga == AC:
        return ((AC, _nome(regime, AC), "ordem de classificação geral"),)
    reversao = regime.reversao(vaga)
    return (
        (vaga, _nome(regime, vaga), _fundamento_propria(regime, vaga)),
        *((p.lista, _nome(regime, p.lista), p.fundamento) for p in reversao.cadeia),
        (
            AC,
            _nome(regime, AC),
            f"observada a ordem de classificação — {reversao.fundamento_ampla}",
        ),
    )


def _texto_vazia(regime: Regime, vaga: str) -> str:
    if vaga == AC:
        return "vaga de ampla concorrência sem candidato: não há candidato a chamar na lista AC"
    cadeia = [p.lista for p in regime.reversao(vaga).cadeia]
    listas = ", ".join(f"lista {x}" for x in [vaga, *cadeia])
    return (
        f"vaga reservada {vaga} sem candidato: não há candidato a chamar na {listas} nem na "
        f"ampla concorrência — {regime.reversao(vaga).fundamento_ampla}"
    )


def _texto_rechamada(regime: Regime, vaga: str, liberada: int) -> str:
    return (
        f"nova chamada da vaga {vaga} liberada na {liberada}ª posição (chamada uma vez só) — "
        f"{regime.reversao(vaga).fundamento_mesma_lista}; "
    )


#: How a call of the history was freed, for its explanation.
MOTIVOS_LIBERACAO: dict[str, str] = {
    "sem_efeito": "chamada tornada sem efeito",
    "fim_de_fila": "candidato reclassificado para o final da lista",
    "desistente": "desistência do candidato",
    "eliminado": "candidato eliminado",
    "fraude": "candidato eliminado por fraude",
    "nao_confirmada": "candidato fora de todas as listas (não confirmação)",
    "anulada": "nomeação anulada",
    "nao_admitido_corte": "candidato fora da nota de corte de uma fase",
    "eliminado_nota_minima": "candidato eliminado por nota abaixo da mínima de uma fase",
    "ausente": "candidato ausente em uma fase",
    "aguardando_nota": "candidato aguardando nota de uma fase",
}


def fundamento_historico(
    regime: Regime,
    posicao: int,
    vaga: str,
    lista: str,
    situacao: str,
    rechamada_em: int | None,
) -> str:
    """Why position ``posicao`` of the history (step 1) is where it is: a call already made
    stays; a freed one says why and where its vacancy is called again (step 2)."""
    if situacao == "ocupada":
        return (
            f"chamada já realizada (vaga {vaga}, {_lista(regime, lista)}), mantida na ordem de "
            f"convocação — {regime.fundamento_convocacao}"
        )
    motivo = MOTIVOS_LIBERACAO.get(situacao, situacao)
    if vaga == AC:
        return (
            f"chamada liberada ({motivo}): a vaga de ampla concorrência segue a alternância "
            f"nas novas posições — {regime.fundamento_convocacao}"
        )
    fundamento = regime.reversao(vaga).fundamento_mesma_lista
    if rechamada_em is None:
        return f"chamada liberada ({motivo}): a vaga {vaga} será chamada de novo — {fundamento}"
    return (
        f"chamada liberada ({motivo}): a vaga {vaga} é chamada de novo, uma vez só, na "
        f"{rechamada_em}ª posição — {fundamento}"
    )

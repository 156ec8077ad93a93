"""Result within the vacancies (concorrência concomitante), spec section 6, and the one
entry point ``classificar``.

Slots are filled deterministically, in this order:

1. AC slots: the first ``AC`` candidates of the general list; optants among them are
   approved in AC and not counted in any reserve (Lei 15.142/2025, art. 7º, §2º;
   LC 22/2026, art. 1º, §5º; Lei 3.057/2026, art. 15, §§1º e 2º; Lei 3.056/2025,
   art. 10, §2º).
2. Reserved slots, list by list in the regime's order (racial groups, then PcD): the best
   candidates of the list's own ranking not yet placed.
3. Slots still empty, in the same order, walk the regime's chain (Pirangi and federal:
   Q -> I -> PP, I -> Q -> PP; Lei 3.056/2025, art. 3º, §§1º a 3º; SMBV: PP -> I,
   I -> PP, "negro ou indígena", LC 22/2026, art. 1º, §§6º e 7º).
4. Only then, in the same order, empty slots revert to AC, the last resort (Lei 3.056/2025,
   art. 3º, §3º "por último"; LC 22/2026, art. 1º, §7º; Lei 3.057/2026, art. 16).
5. If candidates run out, slots stay empty.

Every list keeps a cursor that only moves forward ("best not yet placed" can only move
down, since the set of placed candidates only grows): the whole fill is O(n).

With a history of calls (``Entrada.chamados``, spec section 7) the fill runs on the
candidates who do not occupy a call already made, with the new positions' types as its
slots (``convocacao.continuar_ordem``). The slots' occupants are then called by
``convocacao.convocar`` (spec section 7, step 5): each list's occupants by their rank in
that list, so a slot reverted to AC never calls a worse-ranked AC candidate ahead of a
better-ranked one (LC 22/2026, art. 1º, §7º and art. 6º, §6º; Lei 3.057/2026, art. 16;
Lei 3.056/2025, art. 11: "observada a ordem de classificação").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace

from .convocacao import (
    Chamada,
    Continuacao,
    Ocupante,
    continuar_ordem,
    convocar,
    fundamento_historico,
)
from .distribuicao import Distribuicao, contagens, distribuir
from .erros import ErroEntrada
from .fases import AvaliacaoFases, avaliar_fases, validar_fases, validar_notas
from .listas import Exclusao, Listas, Remocao, montar_listas
from .modelos import (
    SITUACOES_CHAMADO,
    Candidato,
    Chamado,
    Entrada,
    SituacaoChamado,
    validar_candidatos,
)
from .parametros import aplicar_parametros
from .regimes import AC, BASE_EDITAL, PCD, Regime, RegimeDesconhecido, obter_regime

__all__ = ["Ocupacao", "EntradaLista", "Resultado", "preencher_vagas", "classificar"]

FUNDAMENTO_AC = "ampla concorrência, ordem de classificação geral"


@dataclass(frozen=True, slots=True)
class Ocupacao:
    """A filled slot: its type (``vaga``), the list the occupant came from (``lista``) and
    the legal basis of the placement or move."""

    inscricao: str
    vaga: str
    lista: str
    fundamento: str
    #: The placement is sub judice: the occupant is pending in ``lista``, or pending in
    #: a list whose non-confirmation eliminates (SMBV PP when the edital chose it).
    sub_judice: bool = False
    #: The occupant's rank (1-based) in the general list.
    posicao_geral: int = 0


@dataclass(frozen=True, slots=True)
class EntradaLista:
    """One line of a published list."""

    posicao: int
    inscricao: str
    sub_judice: bool


@dataclass(frozen=True)
class Resultado:
    """Everything the engine decided for one cargo."""

    #: The effective regime (edital parameters applied).
    regime: Regime
    vagas: int
    distribuicao: Distribuicao
    listas: Listas
    #: The occupied calls of the history (in call order), then the new placements.
    vagas_preenchidas: tuple[Ocupacao, ...]
    #: Slots left empty per type (candidates ran out), among the new positions.
    vagas_vazias: dict[str, int]
    #: The history at positions 1..len(chamados), then the new positions.
    convocacao: tuple[Chamada, ...]
    #: Reserved groups still owed after the new positions (spec section 7, step 4): each
    #: takes the next vacancy that arises. Positive counts only, in the regime's order.
    devidos: dict[str, int] = field(default_factory=dict)
    #: The calls already made, as given (None: no history given).
    chamados: tuple[Chamado, ...] | None = None
    #: The phases' results (spec section 10; None: a cargo without phases).
    fases: AvaliacaoFases | None = None

    @property
    def excluidos(self) -> tuple[Exclusao, ...]:
        return self.listas.excluidos

    @property
    def remocoes(self) -> tuple[Remocao, ...]:
        return self.listas.remocoes

    def entradas(self, lista: str) -> tuple[EntradaLista, ...]:
        """List ``lista`` as published: position, inscription, sub judice flag."""
        sj = self.listas.sub_judice[lista]
        return tuple(
            EntradaLista(i, c.inscricao, c.inscricao in sj)
            for i, c in enumerate(self.listas[lista], start=1)
        )

    def ocupacao(self, inscricao: str) -> Ocupacao | None:
        for o in self.vagas_preenchidas:
            if o.inscricao == inscricao:
                return o
        return None


class _Preenchimento:
    """The slots being filled from a cargo's lists: a forward-only cursor per list, the
    candidates already placed, the placements made."""

    def __init__(self, listas: Listas, ja_chamados: Collection[str]) -> None:
        self.listas = listas
        self.posicao = listas.posicao_geral_optantes
        self.colocados: set[str] = set(ja_chamados)
        self.pendentes_ac = listas.sub_judice[AC]
        self.cursores: dict[str, int] = {lst: 0 for lst in listas.ordem}
        self.ocupacoes: list[Ocupacao] = []

    def proximo(self, lista: str) -> tuple[Candidato, int] | None:
        """Best candidate of ``lista`` not yet placed, and their rank in AC."""
        cands = self.listas[lista]
        i = self.cursores[lista]
        while i < len(cands) and cands[i].inscricao in self.colocados:
            i += 1
        self.cursores[lista] = i
        if i >= len(cands):
            return None
        c = cands[i]
        return c, (i + 1 if lista == AC else self.posicao[c.inscricao])

    def colocar(self, achado: tuple[Candidato, int], vaga: str, lista: str,
                fundamento: str) -> None:
        """Place ``achado`` in a slot of type ``vaga``, taken from ``lista``."""
        c, pos = achado
        self.colocados.add(c.inscricao)
        # Sub judice: pending in the origin list, or pending where a final
        # non-confirmation would eliminate (then even an AC placement may change).
        sj = c.inscricao in self.listas.sub_judice[lista] or c.inscricao in self.pendentes_ac
        self.ocupacoes.append(Ocupacao(c.inscricao, vaga, lista, fundamento, sj, pos))

    def encher(self, faltam: int, vaga: str, lista: str, fundamento: str) -> int:
        """Fill up to ``faltam`` slots of type ``vaga`` from ``lista``; the slots still
        empty (candidates ran out)."""
        while faltam:
            achado = self.proximo(lista)
            if achado is None:
                break
            self.colocar(achado, vaga, lista, fundamento)
            faltam -= 1
        return faltam

    def encher_ac(self, faltam: int, fundamento_concorrencia: str) -> int:
        """Fill the AC slots from the top of the general list: an optant there is approved
        in AC, not counted in any reserve; the slots still empty."""
        while faltam:
            achado = self.proximo(AC)
            if achado is None:
                break
            if achado[0].inscricao in self.posicao:
                fundamento = (
                    "optante aprovado na ampla concorrência, não computado na reserva — "
                    + fundamento_concorrencia
                )
            else:
                fundamento = FUNDAMENTO_AC
            self.colocar(achado, AC, AC, fundamento)
            faltam -= 1
        return faltam


def preencher_vagas(
    distribuicao: Distribuicao | Mapping[str, int],
    listas: Listas,
    regime: Regime,
    ja_chamados: Collection[str] = (),
) -> tuple[tuple[Ocupacao, ...], dict[str, int]]:
    """Fill the slots of ``distribuicao`` (slot counts per type) from ``listas`` (spec
    section 6). ``ja_chamados``: candidates who occupy a call already made, never placed
    again (spec section 7, step 5)."""
    p = _Preenchimento(listas, ja_chamados)

    # 1. AC slots: the top of the general list (not yet placed).
    faltam_ac = p.encher_ac(distribuicao[AC], regime.fundamento_concorrencia)

    faltam = {cod: distribuicao[cod] for cod in regime.listas}
    fund_lista = {g.codigo: g.fundamento for g in regime.grupos}
    fund_lista[PCD] = regime.pcd.fundamento

    # 2. Reserved slots from their own list, in the regime's order.
    for cod in regime.listas:
        faltam[cod] = p.encher(faltam[cod], cod, cod, fund_lista[cod])

    # 3. Reversion chains between reserved lists.
    for cod in regime.listas:
        for passo in regime.reversao(cod).cadeia:
            faltam[cod] = p.encher(faltam[cod], cod, passo.lista, passo.fundamento)

    # 4. Last resort: the general list.
    for cod in regime.listas:
        faltam[cod] = p.encher(faltam[cod], cod, AC, regime.reversao(cod).fundamento_ampla)

    vazias = {AC: faltam_ac} | faltam
    return tuple(p.ocupacoes), vazias


def classificar(entrada: Entrada) -> Resultado:
    """Classify one cargo: split, lists, placements and call order (spec sections 4-7).

    Raises ``ErroEntrada`` (or its subclass ``ErroParametro``) for invalid input.
    """
    base = _regime_da_entrada(entrada)
    vagas = entrada.vagas
    if isinstance(vagas, bool) or not isinstance(vagas, int) or vagas < 0:
        raise ErroEntrada(f"vagas: esperado inteiro maior ou igual a 0, recebido “{vagas}”")
    regime = aplicar_parametros(base, entrada.parametros)
    candidatos: Sequence[Candidato] = entrada.candidatos
    validar_candidatos(candidatos, regime)
    chamados = tuple(entrada.chamados or ())
    validar_chamados(chamados, candidatos, regime)
    fases = entrada.fases
    if fases is not None:
        validar_fases(fases, regime)
    validar_notas(candidatos, fases)
    avaliacao: AvaliacaoFases | None = None
    if fases is not None:
        # Spec section 10: the final lists hold the survivors of the last phase, with the
        # partial score after it as their score.
        avaliacao = avaliar_fases(candidatos, fases, regime, regime.optantes_todas_as_fases)
        finais = avaliacao.notas_finais
        candidatos = [
            replace(c, nota=finais[c.inscricao]) if c.inscricao in finais else c
            for c in candidatos
        ]

    # Spec section 7: a candidate granted fim de fila at a call ranks last in every list;
    # a call made void or annulled (section 9) puts its candidate out of every list.
    candidatos = _com_fim_de_fila(candidatos, chamados)
    sem_efeito = frozenset(c.inscricao for c in chamados if c.situacao == _SEM_EFEITO)
    anuladas = frozenset(c.inscricao for c in chamados if c.situacao == _ANULADA)

    if entrada.distribuicao is None:
        distribuicao = distribuir(vagas, regime)
        por_lista: tuple[int, ...] | None = None
    else:
        distribuicao = distribuicao_informada(entrada.distribuicao, vagas, regime)
        por_lista = tuple(distribuicao[lst] for lst in regime.listas)
    listas = montar_listas(
        candidatos, regime, sem_efeito, anuladas, avaliacao.exclusoes if avaliacao else None
    )

    historicas: list[Chamada] = []
    ocupadas: list[Ocupacao] = []
    marcas: list[tuple[str, bool]] = []
    if chamados:
        historicas, ocupadas, marcas = _historico(chamados, listas, regime, vagas)
    continuacao = continuar_ordem(vagas, regime, marcas, por_lista)
    contagem = Counter(continuacao.tipos)
    slots = {lst: contagem.get(lst, 0) for lst in regime.listas_com_ac}
    novas, vazias = preencher_vagas(
        slots, listas, regime, ja_chamados={o.inscricao for o in ocupadas}
    )

    n_historico = len(chamados)
    historicas = _com_fundamento(historicas, regime, continuacao)
    chamadas = convocar(
        continuacao.tipos,
        ocupantes_novos(novas, listas),
        regime,
        inicio=n_historico + 1,
        rechamadas=_liberadas(continuacao, n_historico)[: continuacao.rechamadas],
    )
    return Resultado(
        regime=regime,
        vagas=vagas,
        distribuicao=distribuicao,
        listas=listas,
        vagas_preenchidas=tuple(ocupadas) + novas,
        vagas_vazias=vazias,
        convocacao=tuple(historicas) + chamadas,
        devidos=continuacao.devidos,
        chamados=None if entrada.chamados is None else chamados,
        fases=avaliacao,
    )


def _regime_da_entrada(entrada: Entrada) -> Regime:
    """The regime given (a ``Regime``, or a built-in one's id); raises ``ErroEntrada``."""
    if isinstance(entrada.regime, Regime):
        return entrada.regime
    try:
        return obter_regime(entrada.regime)
    except RegimeDesconhecido as exc:
        raise ErroEntrada(f"regime: {exc}") from None


def _com_fim_de_fila(
    candidatos: Sequence[Candidato], chamados: Sequence[Chamado]
) -> Sequence[Candidato]:
    """The candidates, those granted fim de fila at a call marked so (spec section 7)."""
    fim = {c.inscricao for c in chamados if c.situacao == _FIM_DE_FILA}
    if not fim:
        return candidatos
    return [
        replace(c, fim_de_fila=True) if c.inscricao in fim and not c.fim_de_fila else c
        for c in candidatos
    ]


def _com_fundamento(
    historicas: Sequence[Chamada], regime: Regime, continuacao: Continuacao
) -> list[Chamada]:
    """The calls of the history, each with the basis of what became of it."""
    return [
        replace(
            c,
            fundamento=fundamento_historico(
                regime,
                c.posicao,
                c.vaga,
                c.lista or c.vaga,
                c.situacao,
                continuacao.rechamada_em.get(c.posicao),
            ),
        )
        for c in historicas
    ]


def _liberadas(continuacao: Continuacao, n_historico: int) -> list[int]:
    """The history's positions whose seat is called again at a new position, in the order
    of those new positions."""
    return [
        p for q, p in sorted((q, p) for p, q in continuacao.rechamada_em.items() if q > n_historico)
    ]


def ocupantes_novos(novas: Sequence[Ocupacao], listas: Listas) -> list[Ocupante]:
    """Section 6's new placements as step 5 calls them: each with its rank in the list it
    came from (in AC, ``posicao_geral``; in a reserved list, its place there)."""
    optantes = listas.posicao_geral_optantes
    fontes = {o.lista for o in novas if o.lista != AC}
    rank = {
        lst: {c.inscricao: i for i, c in enumerate(listas[lst], start=1)} for lst in fontes
    }
    return [
        Ocupante(
            o.vaga,
            o.lista,
            o.posicao_geral if o.lista == AC else rank[o.lista][o.inscricao],
            o.inscricao,
            o.sub_judice,
            o.lista == AC and o.inscricao in optantes,
        )
        for o in novas
    ]


def distribuicao_informada(
    distribuicao: Mapping[str, int], vagas: int, regime: Regime
) -> Distribuicao:
    """The cargo's split drawn on the whole edital (spec section 4.1, item 4), checked
    against the effective ``regime``: every key a list of the regime (``AC`` and ``PCD``
    included; a list left out counts 0), non-negative integers adding up to ``vagas``. A
    group whose base is the cargo (``base_reserva`` / ``base_reserva_pcd`` = ``cargo``) must
    keep section 4's count (with both bases ``cargo`` the split is section 4's, and only it
    is accepted): only the whole-edital base moves seats between cargos (Lei
    3.056/2025, art. 1º, §1º; Lei 3.057/2026, art. 8º, §3º; LC 22/2026, art. 1º, §3º and
    art. 6º, §2º). Raises ``ErroEntrada``."""
    listas = regime.listas_com_ac
    for lst, n in distribuicao.items():
        if lst not in listas:
            raise ErroEntrada(
                f"distribuicao.{lst}: a lista “{lst}” não existe no regime {regime.id} "
                f"(listas: {', '.join(listas)})"
            )
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ErroEntrada(
                f"distribuicao.{lst}: esperado inteiro maior ou igual a 0, recebido “{n}”"
            )
    completa = {lst: distribuicao.get(lst, 0) for lst in listas}
    soma = sum(completa.values())
    if soma != vagas:
        raise ErroEntrada(
            f"distribuicao: as vagas por lista somam {soma}, mas o cargo tem {vagas} vaga(s)"
        )
    por_cargo = dict(zip(regime.listas, contagens(vagas, regime), strict=True))
    for lst in regime.listas:
        base, fundamento = (
            (regime.base_reserva_pcd, regime.fundamento_base_reserva_pcd)
            if lst == PCD
            else (regime.base_reserva, regime.fundamento_base_reserva)
        )
        if base != BASE_EDITAL and completa[lst] != por_cargo[lst]:
            raise ErroEntrada(
                f"distribuicao.{lst}: {completa[lst]} vaga(s), mas a base desta reserva é o "
                f"cargo ({fundamento}): a regra por cargo dá {por_cargo[lst]}"
            )
    if regime.base_reserva == BASE_EDITAL:
        fundamento = regime.fundamento_base_reserva
    elif regime.base_reserva_pcd == BASE_EDITAL:
        fundamento = regime.fundamento_base_reserva_pcd
    else:
        # Both bases per cargo: the split given is section 4's own (checked above).
        return distribuir(vagas, regime)
    return Distribuicao(
        vagas=vagas,
        contagens=completa,
        calculos=(),
        fundamento=f"base: totalidade das vagas do edital, com sorteio público — {fundamento}",
    )


_OCUPADA = SituacaoChamado.OCUPADA.value
_SEM_EFEITO = SituacaoChamado.SEM_EFEITO.value
_FIM_DE_FILA = SituacaoChamado.FIM_DE_FILA.value
_ANULADA = SituacaoChamado.ANULADA.value


def validar_chamados(
    chamados: Sequence[Chamado], candidatos: Sequence[Candidato], regime: Regime
) -> None:
    """Checks of the history that do not depend on the lists (spec section 7, input
    errors): every type and list exists in the regime, every candidate is known."""
    if not chamados:
        return
    tipos = regime.listas_com_ac
    inscricoes = {c.inscricao for c in candidatos}
    for i, ch in enumerate(chamados):
        campo = f"chamados[{i}]"
        if not isinstance(ch.vaga, str) or ch.vaga not in tipos:
            raise ErroEntrada(
                f"{campo}.vaga: o tipo de vaga “{ch.vaga}” não existe no regime {regime.id} "
                f"(tipos: {', '.join(tipos)})"
            )
        if ch.lista is not None and (not isinstance(ch.lista, str) or ch.lista not in tipos):
            raise ErroEntrada(
                f"{campo}.lista: a lista “{ch.lista}” não existe no regime {regime.id} "
                f"(listas: {', '.join(tipos)})"
            )
        if ch.situacao not in SITUACOES_CHAMADO:
            raise ErroEntrada(
                f"{campo}.situacao: situação inválida “{ch.situacao}” (use ocupada, "
                "sem_efeito, fim_de_fila ou anulada)"
            )
        if ch.inscricao not in inscricoes:
            raise ErroEntrada(
                f"{campo}.inscricao: a inscrição “{ch.inscricao}” não está entre os candidatos"
            )


def _historico(
    chamados: Sequence[Chamado], listas: Listas, regime: Regime, vagas: int
) -> tuple[list[Chamada], list[Ocupacao], list[tuple[str, bool]]]:
    """Positions 1..len(chamados) (spec section 7, step 1), the occupied calls as
    placements, and (type, occupied) of every call for ``continuar_ordem``.

    A call is occupied unless its candidate is out of every list (desistente, eliminado,
    fraude, ...), it was made void or annulled (spec section 9: its reserved seat is called
    again by step 2, an AC seat is typed by step 3), or its candidate was granted fim de
    fila at it. Raises
    ``ErroEntrada`` for a candidate occupying two calls or more occupied calls than
    vacancies.
    """
    rank = {c.inscricao: i for i, c in enumerate(listas[AC], start=1)}
    fora = {e.inscricao: e.motivo for e in listas.excluidos}
    pendentes_ac = listas.sub_judice[AC]
    primeira: dict[str, int] = {}
    historicas: list[Chamada] = []
    ocupadas: list[Ocupacao] = []
    marcas: list[tuple[str, bool]] = []
    for i, ch in enumerate(chamados):
        posicao = i + 1
        lista = ch.lista_efetiva
        ocupada = ch.situacao == _OCUPADA and ch.inscricao in rank
        situacao = ch.situacao if ch.situacao != _OCUPADA else fora.get(ch.inscricao, _OCUPADA)
        sj = False
        if ocupada:
            anterior = primeira.setdefault(ch.inscricao, i)
            if anterior != i:
                raise ErroEntrada(
                    f"chamados[{i}].inscricao: a inscrição “{ch.inscricao}” já ocupa a "
                    f"chamada da posição {anterior + 1} (chamados[{anterior}]); um candidato "
                    "não pode ocupar duas chamadas"
                )
            sj = ch.inscricao in listas.sub_judice[lista] or ch.inscricao in pendentes_ac
            ocupadas.append(
                Ocupacao(
                    ch.inscricao,
                    ch.vaga,
                    lista,
                    f"chamada já realizada na posição {posicao}, mantida na ordem de "
                    f"convocação — {regime.fundamento_convocacao}",
                    sj,
                    rank[ch.inscricao],
                )
            )
        historicas.append(Chamada(posicao, ch.vaga, ch.inscricao, lista, sj, situacao))
        marcas.append((ch.vaga, ocupada))
    if len(ocupadas) > vagas:
        raise ErroEntrada(
            f"chamados: {len(ocupadas)} chamadas ocupadas, mais que as vagas do cargo ({vagas})"
        )
    return historicas, ocupadas, marcas

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
   Q -> I -> PP, I -> Q -> PP; Lei 3.056/2025, art. 3º, §§1º a 3º).
4. Only then, in the same order, empty slots revert to AC, the last resort (Lei 3.056/2025,
   art. 3º, §3º "por último"; LC 22/2026, art. 1º, §7º; Lei 3.057/2026, art. 16).
5. If candidates run out, slots stay empty.

Every list keeps a cursor that only moves forward ("best not yet placed" can only move
down, since the set of placed candidates only grows): the whole fill is O(n).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .convocacao import Chamada, convocar, ordem_convocacao
from .distribuicao import Distribuicao, distribuir
from .erros import ErroEntrada
from .listas import Exclusao, Listas, Remocao, montar_listas
from .modelos import Candidato, Entrada, validar_candidatos
from .parametros import aplicar_parametros
from .regimes import AC, PCD, Regime, RegimeDesconhecido, obter_regime

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
    #: a list whose non-confirmation eliminates (SMBV PP).
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
    vagas_preenchidas: tuple[Ocupacao, ...]
    #: Slots left empty per type (candidates ran out).
    vagas_vazias: dict[str, int]
    convocacao: tuple[Chamada, ...]

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


def preencher_vagas(
    distribuicao: Distribuicao, listas: Listas, regime: Regime
) -> tuple[tuple[Ocupacao, ...], dict[str, int]]:
    """Fill the slots of ``distribuicao`` from ``listas`` (spec section 6)."""
    geral = listas[AC]
    posicao = listas.posicao_geral_optantes
    colocados: set[str] = set()
    pendentes_ac = listas.sub_judice[AC]
    cursores: dict[str, int] = {lst: 0 for lst in listas.ordem}
    ocupacoes: list[Ocupacao] = []

    def proximo(lista: str) -> tuple[Candidato, int] | None:
        """Best candidate of ``lista`` not yet placed, and their rank in AC."""
        cands = listas[lista]
        i = cursores[lista]
        while i < len(cands) and cands[i].inscricao in colocados:
            i += 1
        cursores[lista] = i
        if i >= len(cands):
            return None
        c = cands[i]
        return c, (i + 1 if lista == AC else posicao[c.inscricao])

    def colocar(achado: tuple[Candidato, int], vaga: str, lista: str, fundamento: str) -> None:
        c, pos = achado
        colocados.add(c.inscricao)
        # Sub judice: pending in the origin list, or pending where a final
        # non-confirmation would eliminate (then even an AC placement may change).
        sj = c.inscricao in listas.sub_judice[lista] or c.inscricao in pendentes_ac
        ocupacoes.append(Ocupacao(c.inscricao, vaga, lista, fundamento, sj, pos))

    # 1. AC slots: the top of the general list.
    for i, c in enumerate(geral[: distribuicao[AC]], start=1):
        if c.inscricao in posicao:
            fundamento = (
                "optante aprovado na ampla concorrência, não computado na reserva — "
                + regime.fundamento_concorrencia
            )
        else:
            fundamento = FUNDAMENTO_AC
        colocar((c, i), AC, AC, fundamento)
    cursores[AC] = min(distribuicao[AC], len(geral))

    faltam = {cod: distribuicao[cod] for cod in regime.listas}
    fund_lista = {g.codigo: g.fundamento for g in regime.grupos}
    fund_lista[PCD] = regime.pcd.fundamento

    # 2. Reserved slots from their own list, in the regime's order.
    for cod in regime.listas:
        while faltam[cod]:
            achado = proximo(cod)
            if achado is None:
                break
            colocar(achado, cod, cod, fund_lista[cod])
            faltam[cod] -= 1

    # 3. Reversion chains between reserved lists.
    for cod in regime.listas:
        for passo in regime.reversao(cod).cadeia:
            while faltam[cod]:
                achado = proximo(passo.lista)
                if achado is None:
                    break
                colocar(achado, cod, passo.lista, passo.fundamento)
                faltam[cod] -= 1

    # 4. Last resort: the general list.
    for cod in regime.listas:
        fundamento = regime.reversao(cod).fundamento_ampla
        while faltam[cod]:
            achado = proximo(AC)
            if achado is None:
                break
            colocar(achado, cod, AC, fundamento)
            faltam[cod] -= 1

    vazias = {AC: max(0, distribuicao[AC] - len(geral))} | faltam
    return tuple(ocupacoes), vazias


def classificar(entrada: Entrada) -> Resultado:
    """Classify one cargo: split, lists, placements and call order (spec sections 4-7).

    Raises ``ErroEntrada`` (or its subclass ``ErroParametro``) for invalid input.
    """
    if isinstance(entrada.regime, Regime):
        base = entrada.regime
    else:
        try:
            base = obter_regime(entrada.regime)
        except RegimeDesconhecido as exc:
            raise ErroEntrada(f"regime: {exc}") from None
    vagas = entrada.vagas
    if isinstance(vagas, bool) or not isinstance(vagas, int) or vagas < 0:
        raise ErroEntrada(f"vagas: esperado inteiro maior ou igual a 0, recebido “{vagas}”")
    regime = aplicar_parametros(base, entrada.parametros)
    candidatos: Sequence[Candidato] = entrada.candidatos
    validar_candidatos(candidatos, regime)

    distribuicao = distribuir(vagas, regime)
    listas = montar_listas(candidatos, regime)
    ocupacoes, vazias = preencher_vagas(distribuicao, listas, regime)

    tipos = ordem_convocacao(vagas, regime)
    por_tipo: dict[str, list[tuple[int, str, str, bool]]] = {}
    for o in ocupacoes:
        por_tipo.setdefault(o.vaga, []).append(
            (o.posicao_geral, o.inscricao, o.lista, o.sub_judice)
        )
    chamadas = convocar(tipos, por_tipo)
    return Resultado(
        regime=regime,
        vagas=vagas,
        distribuicao=distribuicao,
        listas=listas,
        vagas_preenchidas=ocupacoes,
        vagas_vazias=vazias,
        convocacao=chamadas,
    )

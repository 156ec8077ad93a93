"""Frozen reference: the call order and the fill as they were before the call history
, kept as the oracle of "with no history nothing changes" (test_historico).

Copied from the engine as it was; only the names and imports differ. The call order here
serves simultaneous dues first in, first out; spec section 7 now serves the first due
group in the regime's order: the two agree for every built-in regime and edital setting
(checked in test_historico), not for every conceivable regime.
"""

from __future__ import annotations

from collections import deque

from certames.regras.classificacao import FUNDAMENTO_AC, Ocupacao
from certames.regras.distribuicao import Distribuicao, contagens
from certames.regras.listas import Listas
from certames.regras.modelos import Candidato
from certames.regras.regimes import AC, PCD, Regime


def ordem_convocacao_antiga(vagas: int, r: Regime) -> tuple[str, ...]:
    """Slot type of each position 1..``vagas`` (index 0 is position 1); ``r`` with the
    edital's parameters applied."""
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


def preencher_vagas_antigo(
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

"""Edital settings (``parametros do edital``) and their legal limits.

Only where a law is silent may the edital decide (spec section 3): the rounding threshold
in Severínia, the PcD rule in Severínia and Pirangi, the effect of a PP non-confirmation in
Santa Maria da Boa Vista. Where a law sets the PcD percentage as a floor ("no mínimo") with a
ceiling, the edital may reserve more, up to the ceiling, keeping the law's cap and rounding
(``RegraPcd.percentual_maximo``: LC 22/2026, art. 6º, caput and §1º, 5% to 10%; federal,
Decreto 9.508/2018, art. 1º, §1º, and Lei 8.112/1990, art. 5º, §2º, 5% to 20%). Any other
override is refused with ``ErroParametro``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from math import gcd

from .aritmetica import formatar_decimal, formatar_percentual
from .erros import ErroParametro
from .regimes import (
    BASE_EDITAL,
    BASES_RESERVA,
    EFEITOS,
    ELIMINA,
    PCD,
    NaoConfirmacao,
    OrdemGrupo,
    Regime,
    RegraPcd,
)

__all__ = ["Parametros", "aplicar_parametros"]


@dataclass(frozen=True)
class Parametros:
    """Edital settings; every field optional (None / empty = the regime's default).

    - ``limiar_arredondamento``: t of ``arred(x, t)``, 0 < t <= 1 (e.g. Fraction(7, 10)).
    - ``arredondamento_conjunto``: round the regime's total percentage once and split it
      among the groups by largest remainder (see ``distribuicao``).
    - ``regra_pcd``: PcD rule (percentage, cap) where the law is silent.
    - ``efeito_nao_confirmacao``: list code -> ``"elimina"`` | ``"permanece_ac"``.
    - ``base_reserva``: ``"cargo"`` | ``"edital"``, the base of the racial reserve, within
      the bases the regime allows (spec section 4.1; ``Regime.bases_reserva``).
    - ``base_reserva_pcd``: ``"cargo"`` | ``"edital"``, the base of the PcD reserve
      (``Regime.bases_reserva_pcd``).
    - ``optantes_todas_as_fases``: optants of a racial list take every phase on reaching its
      minimum (spec section 10; ``Regime.optantes_todas_as_fases``); ``False`` where the law
      gives it is refused.
    - ``ordem_convocacao``: the call order the edital states (spec section 7), one
      ``OrdemGrupo`` per reserved group it names.
    """

    limiar_arredondamento: Fraction | None = None
    arredondamento_conjunto: bool | None = None
    regra_pcd: RegraPcd | None = None
    efeito_nao_confirmacao: Mapping[str, str] = field(default_factory=dict)
    base_reserva: str | None = None
    base_reserva_pcd: str | None = None
    optantes_todas_as_fases: bool | None = None
    ordem_convocacao: tuple[OrdemGrupo, ...] = ()

    @property
    def vazio(self) -> bool:
        return (
            self.optantes_todas_as_fases is None
            and not self.ordem_convocacao
            and self.limiar_arredondamento is None
            and self.arredondamento_conjunto is None
            and self.regra_pcd is None
            and not self.efeito_nao_confirmacao
            and self.base_reserva is None
            and self.base_reserva_pcd is None
        )


def aplicar_parametros(regime: Regime, parametros: Parametros | None) -> Regime:
    """The effective regime: ``regime`` with the edital's settings applied.

    Raises ``ErroParametro`` (Portuguese message) for a setting the law forbids. A setting
    equal to the law's own value is accepted (it overrides nothing).
    """
    if parametros is None or parametros.vazio:
        return regime
    mudancas: dict[str, object] = {}
    if parametros.limiar_arredondamento is not None:
        mudancas |= _mudancas_limiar(regime, parametros.limiar_arredondamento)
    if parametros.arredondamento_conjunto is not None:
        if not isinstance(parametros.arredondamento_conjunto, bool):
            raise ErroParametro(
                "arredondamento_conjunto",
                f"esperado true ou false, recebido “{parametros.arredondamento_conjunto}”",
            )
        # Spec section 4: an edital setting for every regime (default off).
        mudancas["arredondamento_conjunto"] = parametros.arredondamento_conjunto
    if parametros.regra_pcd is not None:
        pcd = _pcd_do_edital(regime, parametros.regra_pcd)
        if pcd is not None:
            mudancas["pcd"] = pcd
    if parametros.efeito_nao_confirmacao:
        nao_confirmacao = _nao_confirmacao_do_edital(regime, parametros.efeito_nao_confirmacao)
        if nao_confirmacao is not None:
            mudancas["nao_confirmacao"] = nao_confirmacao
    mudancas |= _mudancas_bases(regime, parametros)
    if parametros.optantes_todas_as_fases is not None:
        mudancas |= _mudancas_todas_as_fases(regime, parametros.optantes_todas_as_fases)
    if parametros.ordem_convocacao:
        mudancas["ordem_edital"] = validar_ordem_convocacao(regime, parametros.ordem_convocacao)

    if not mudancas:
        return regime
    try:
        return replace(regime, **mudancas)  # type: ignore[arg-type]
    except ValueError as exc:
        raise ErroParametro("regra_pcd", f"parâmetros incompatíveis: {exc}") from exc


def _mudancas_limiar(regime: Regime, t: Fraction | int) -> dict[str, object]:
    """The edital's rounding threshold, only where the law leaves it to the edital."""
    if not isinstance(t, Fraction | int) or isinstance(t, bool) or not 0 < t <= 1:
        raise ErroParametro(
            "limiar_arredondamento", f"deve estar entre 0 (exclusive) e 1, recebido “{t}”"
        )
    t = Fraction(t)
    if t == regime.limiar_arredondamento:
        return {}
    if regime.limiar_definido_em_lei:
        raise ErroParametro(
            "limiar_arredondamento",
            f"o regime {regime.id} fixa o arredondamento em lei "
            f"({regime.fundamento_arredondamento}: fração igual ou maior que "
            f"{formatar_decimal(regime.limiar_arredondamento)}); o edital não pode "
            "alterá-lo",
        )
    return {
        "limiar_arredondamento": t,
        "fundamento_arredondamento": (
            f"edital: fração igual ou maior que {formatar_decimal(t)} arredonda para cima "
            f"({regime.lei} não fixa o arredondamento)"
        ),
    }


def _pcd_do_edital(regime: Regime, regra: RegraPcd) -> RegraPcd | None:
    """The edital's PcD rule: within the law's range, or where the law is silent; None when
    it is the law's own."""
    _validar_regra_pcd(regra)
    if (regra.percentual, regra.limite) == (regime.pcd.percentual, regime.pcd.limite):
        return None
    if regime.pcd.definida_em_lei and regime.pcd.percentual_maximo is not None:
        return _pcd_na_faixa(regime, regra)
    if regime.pcd.definida_em_lei:
        raise ErroParametro(
            "regra_pcd",
            f"o regime {regime.id} fixa a reserva PcD em lei ({regime.pcd.fundamento}); "
            "o edital não pode alterá-la",
        )
    limite = f", limite {formatar_percentual(regra.limite)}" if regra.limite is not None else ""
    return RegraPcd(
        percentual=regra.percentual,
        limite=regra.limite,
        fundamento=regra.fundamento
        or (
            f"edital: {formatar_percentual(regra.percentual)} arredondado para cima"
            f"{limite} ({regime.lei} não regula a regra PcD)"
        ),
        definida_em_lei=False,
    )


def _nao_confirmacao_do_edital(
    regime: Regime, efeitos: Mapping[str, str]
) -> tuple[NaoConfirmacao, ...] | None:
    """The non-confirmation rules with the effects the edital chose, within the law's
    options; None when every effect is the law's own."""
    regras = {n.lista: n for n in regime.nao_confirmacao}
    novas = dict(regras)
    for lista, efeito in efeitos.items():
        campo = f"efeito_nao_confirmacao.{lista}"
        if lista not in regras:
            raise ErroParametro(
                campo,
                f"a lista “{lista}” não existe no regime {regime.id} "
                f"(listas: {', '.join(regime.listas)})",
            )
        if efeito not in EFEITOS:
            raise ErroParametro(
                campo, f"efeito inválido “{efeito}” (use 'elimina' ou 'permanece_ac')"
            )
        atual = regras[lista]
        if efeito == atual.efeito:
            continue
        if efeito not in atual.efeitos_permitidos:
            if lista == PCD and efeito == ELIMINA:
                # Spec section 5: a PcD non-confirmation never eliminates.
                raise ErroParametro(
                    campo,
                    "a não confirmação da condição de PcD nunca elimina: o candidato segue "
                    "na ampla concorrência",
                )
            raise ErroParametro(
                campo,
                f"{atual.fundamento} fixa o efeito “{atual.efeito}”; o edital não pode "
                "alterá-lo",
            )
        novas[lista] = NaoConfirmacao(
            lista,
            efeito,
            atual.fundamento_opcao or f"edital, nos limites de {atual.fundamento}",
            atual.efeitos_permitidos,
            atual.fundamento_opcao,
        )
    if novas == regras:
        return None
    return tuple(novas[n.lista] for n in regime.nao_confirmacao)


def _mudancas_bases(regime: Regime, parametros: Parametros) -> dict[str, object]:
    """The bases of the reserves the edital chose, among those the regime allows."""
    mudancas: dict[str, object] = {}
    for campo, bases, fundamento in (
        ("base_reserva", regime.bases_reserva, regime.fundamento_base_reserva),
        ("base_reserva_pcd", regime.bases_reserva_pcd, regime.fundamento_base_reserva_pcd),
    ):
        base = getattr(parametros, campo)
        if base is None:
            continue
        if not isinstance(base, str) or base not in BASES_RESERVA:
            raise ErroParametro(campo, f"base inválida “{base}” (use 'cargo' ou 'edital')")
        if base not in bases:
            # Spec section 4.1: the whole-edital base is refused where the law states the
            # reserve per cargo (Lei 3.057/2026, art. 8º, §3º; LC 22/2026, art. 1º, §3º and
            # art. 6º, §2º); the article is the regime's data.
            alvo = "a totalidade das vagas do edital" if base == BASE_EDITAL else "cada cargo"
            raise ErroParametro(
                campo,
                f"o regime {regime.id} não admite a base “{base}” ({alvo}): {fundamento}",
            )
        if base != getattr(regime, campo):
            mudancas[campo] = base
    return mudancas


def _validar_regra_pcd(regra: RegraPcd) -> None:
    """The edital's PcD percentage and cap are fractions within 0 and 1."""
    p, limite = regra.percentual, regra.limite
    if not isinstance(p, Fraction | int) or isinstance(p, bool) or not 0 <= p <= 1:
        raise ErroParametro("regra_pcd.percentual", f"deve estar entre 0% e 100%, recebido “{p}”")
    if limite is not None and (
        not isinstance(limite, Fraction | int) or isinstance(limite, bool) or not 0 < limite <= 1
    ):
        raise ErroParametro(
            "regra_pcd.limite", f"deve estar entre 0% (exclusive) e 100%, recebido “{limite}”"
        )


def _pcd_na_faixa(regime: Regime, regra: RegraPcd) -> RegraPcd:
    """The edital's PcD percentage where the law sets a floor and a ceiling: between them, with
    the law's cap (``limite``) and rounding; the cap cannot be changed (an absent one means the
    law's)."""
    lei = regime.pcd
    assert lei.percentual_maximo is not None
    if regra.limite is not None and regra.limite != lei.limite:
        raise ErroParametro(
            "regra_pcd.limite",
            f"o regime {regime.id} fixa o limite da reserva PcD em lei ({lei.fundamento}); o "
            "edital não pode alterá-lo",
        )
    if not lei.percentual <= regra.percentual <= lei.percentual_maximo:
        raise ErroParametro(
            "regra_pcd.percentual",
            f"o regime {regime.id} admite reserva PcD de {formatar_percentual(lei.percentual)} "
            f"a {formatar_percentual(lei.percentual_maximo)} das vagas ({lei.fundamento_faixa}); "
            f"recebido {formatar_percentual(Fraction(regra.percentual))}",
        )
    return replace(
        lei,
        percentual=Fraction(regra.percentual),
        fundamento=(
            f"edital: {formatar_percentual(Fraction(regra.percentual))} ({lei.fundamento_faixa}); "
            f"arredondamento e limite: {lei.fundamento}"
        ),
    )


def _mudancas_todas_as_fases(regime: Regime, valor: object) -> dict[str, object]:
    """The edital's guarantee of every phase to optants (spec sections 3 and 10): it may give
    it where the law is silent, never take it away where the law gives it (Lei 3.056/2025,
    art. 9º; Lei 15.142/2025, art. 6º: the regime's own citation)."""
    if not isinstance(valor, bool):
        raise ErroParametro(
            "optantes_todas_as_fases", f"esperado true ou false, recebido “{valor}”"
        )
    if valor == regime.optantes_todas_as_fases:
        return {}
    if regime.todas_as_fases_em_lei:
        raise ErroParametro(
            "optantes_todas_as_fases",
            f"o regime {regime.id} garante aos optantes a participação em todas as fases "
            f"({regime.fundamento_todas_as_fases}); o edital não pode afastá-la",
        )
    return {
        "optantes_todas_as_fases": valor,
        "fundamento_todas_as_fases": (
            "edital: optantes participam de todas as fases sempre que atingida a nota mínima "
            f"({regime.fundamento_todas_as_fases})"
            if valor
            else regime.fundamento_todas_as_fases
        ),
    }


def validar_ordem_convocacao(
    regime: Regime, ordem: tuple[OrdemGrupo, ...]
) -> tuple[OrdemGrupo, ...]:
    """The call order the edital states, checked (spec section 7): each group a reserved list
    of the regime, named once; its positions a non-empty, strictly increasing list of
    integers >= 1; its period an integer >= 1; no position claimed by two groups, the
    periods' positions included, however far. Returns the groups in the regime's order.
    Raises ``ErroParametro``."""
    vistos: dict[str, OrdemGrupo] = {}
    for o in ordem:
        campo = f"ordem_convocacao.{o.grupo}"
        if o.grupo not in regime.listas:
            raise ErroParametro(
                campo,
                f"a lista “{o.grupo}” não é reserva do regime {regime.id} (reservas: "
                f"{', '.join(regime.listas)}); a ampla concorrência ocupa as demais posições",
            )
        if o.grupo in vistos:
            raise ErroParametro(campo, "grupo repetido")
        posicoes = o.posicoes
        if not posicoes:
            raise ErroParametro(f"{campo}.posicoes", "informe ao menos uma posição")
        for p in posicoes:
            if isinstance(p, bool) or not isinstance(p, int) or p < 1:
                raise ErroParametro(
                    f"{campo}.posicoes", f"esperado inteiro maior ou igual a 1, recebido “{p}”"
                )
        if any(b <= a for a, b in zip(posicoes, posicoes[1:], strict=False)):
            raise ErroParametro(
                f"{campo}.posicoes", "as posições devem estar em ordem estritamente crescente"
            )
        d = o.depois_a_cada
        if d is not None and (isinstance(d, bool) or not isinstance(d, int) or d < 1):
            raise ErroParametro(
                f"{campo}.depois_a_cada", f"esperado inteiro maior ou igual a 1, recebido “{d}”"
            )
        for outro in vistos.values():
            comum = _posicao_comum(outro, o)
            if comum is not None:
                raise ErroParametro(
                    campo,
                    f"a {comum}ª posição é reivindicada por {outro.grupo} e por {o.grupo}; "
                    "cada posição da ordem cabe a um só grupo",
                )
        vistos[o.grupo] = o
    return tuple(vistos[g] for g in regime.listas if g in vistos)


def _posicao_comum(a: OrdemGrupo, b: OrdemGrupo) -> int | None:
    """The first position both groups claim (their listed positions and the periods after
    them, however far), or None."""
    candidatas = [p for p in a.posicoes if b.ocupa(p)] + [p for p in b.posicoes if a.ocupa(p)]
    if a.depois_a_cada and b.depois_a_cada:
        # a_last + i*da = b_last + j*db (i, j >= 1) has a solution iff gcd divides the gap.
        da, db = a.depois_a_cada, b.depois_a_cada
        ua, ub = a.posicoes[-1], b.posicoes[-1]
        if (ub - ua) % gcd(da, db) == 0:
            x = ua + da
            while x <= ub or (x - ub) % db:
                x += da
            candidatas.append(x)
    return min(candidatas, default=None)

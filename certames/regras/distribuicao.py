"""Vacancy split (distribuição) of N vacancies of one cargo (spec section 4).

Two paths compute the same counts:

- ``contagens(n, regime)``: integer arithmetic only, used in hot loops (the call order
  evaluates every n = 1..N);
- ``distribuir(n, regime)``: ``Fraction`` arithmetic plus an explanation per list
  (percentage, exact product, rounding applied, result, legal basis) for the UI.

The test-suite checks that both agree.

Joint rounding (edital setting ``arredondamento_conjunto``): the total racial percentage P
is rounded once, T = arred(N * P, t); T is split among the groups by the largest remainder
method (Hamilton) on the quotas T * p_g / P: each group gets floor(quota), and the seats
left go one each to the largest fractional parts, ties broken by the regime's order of
groups. Deterministic, and sum = T exactly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from .aritmetica import arred, contagem_arred, formatar_decimal, formatar_percentual, teto
from .erros import ErroParametro
from .parametros import Parametros, aplicar_parametros
from .regimes import AC, PCD, Regime, obter_regime

__all__ = ["CalculoReserva", "Distribuicao", "distribuir", "contagens", "explicar_calculo"]

# Kinds of computation behind one list's count, for the explanation.
REGRA_ARRED = "arred"
REGRA_ABAIXO_MINIMO = "abaixo_minimo"
REGRA_CONJUNTO = "conjunto"
REGRA_TETO = "teto"
REGRA_TETO_LIMITADO = "teto_limitado"


@dataclass(frozen=True)
class CalculoReserva:
    """How one reserved list's count was obtained."""

    lista: str
    vagas: int
    percentual: Fraction
    produto: Fraction
    regra: str
    resultado: int
    #: Legal basis of the rule that decided the result (rounding, minimum, PcD cap).
    fundamento: str
    #: Legal basis of the percentage itself.
    fundamento_percentual: str
    limiar: Fraction | None = None
    limite: Fraction | None = None
    minimo: int = 0
    #: Joint rounding only: the rounded total and the group's quota of it.
    total_conjunto: int | None = None
    quota_conjunta: Fraction | None = None

    @property
    def texto(self) -> str:
        return explicar_calculo(self)


@dataclass(frozen=True)
class Distribuicao:
    """Counts per list (``AC``, each racial group, ``PCD``) and their explanation.

    A split given as input (the whole-edital draw, spec section 4.1 item 4) has no
    ``calculos``; ``fundamento`` then names where it comes from.
    """

    vagas: int
    contagens: dict[str, int]
    calculos: tuple[CalculoReserva, ...]
    fundamento: str = ""

    def __getitem__(self, lista: str) -> int:
        return self.contagens[lista]

    @property
    def ac(self) -> int:
        return self.contagens[AC]

    @property
    def reservadas(self) -> int:
        return self.vagas - self.contagens[AC]

    def calculo(self, lista: str) -> CalculoReserva:
        for c in self.calculos:
            if c.lista == lista:
                return c
        raise KeyError(lista)

    @property
    def texto_ac(self) -> str:
        if self.calculos:
            partes = " − ".join(str(c.resultado) for c in self.calculos)
        else:
            partes = " − ".join(str(n) for lst, n in self.contagens.items() if lst != AC)
        return f"AC: {self.vagas} − {partes} = {self.contagens[AC]}"

    def explicacoes(self) -> list[str]:
        """One Portuguese sentence per reserved list, then the AC line."""
        if not self.calculos and self.fundamento:
            return [
                f"{lst}: {n} vaga(s) da distribuição do edital — {self.fundamento}"
                for lst, n in self.contagens.items()
                if lst != AC
            ] + [self.texto_ac]
        return [c.texto for c in self.calculos] + [self.texto_ac]


def _resolver(regime: Regime | str, parametros: Parametros | None) -> Regime:
    r = obter_regime(regime) if isinstance(regime, str) else regime
    return aplicar_parametros(r, parametros)


def _checar_vagas(n: int) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"vagas deve ser inteiro >= 0, recebido “{n}”")


def _pcd_inteiro(n: int, regime: Regime) -> int:
    p = regime.pcd.percentual
    q, r = divmod(n * p.numerator, p.denominator)
    c = q + (1 if r else 0)  # teto(n * p)
    lim = regime.pcd.limite
    # teto, unless it exceeds limite * n: then floor (LC 22/2026, art. 6º, §1º;
    # Decreto 9.508/2018, art. 1º, §3º with Lei 8.112/1990, art. 5º, §2º).
    if lim is not None and c * lim.denominator > lim.numerator * n:
        return q
    return c


def _conjunto(n: int, regime: Regime) -> tuple[int, list[Fraction], list[int]]:
    """Joint rounding: total T, the quotas, and the split (largest remainder)."""
    total_p = regime.percentual_total
    t = regime.limiar_arredondamento
    total = arred(n * total_p, t) if n >= regime.minimo_vagas and total_p else 0
    if not total:
        return 0, [Fraction(0)] * len(regime.grupos), [0] * len(regime.grupos)
    quotas = [total * g.percentual / total_p for g in regime.grupos]
    partes = [math.floor(q) for q in quotas]
    sobra = total - sum(partes)
    # Largest fractional part first; ties in the regime's order of groups.
    ordem = sorted(range(len(quotas)), key=lambda i: (-(quotas[i] - partes[i]), i))
    for i in ordem[:sobra]:
        partes[i] += 1
    return total, quotas, partes


def contagens(n: int, regime: Regime) -> tuple[int, ...]:
    """Reserved counts for ``n`` vacancies, in ``regime.listas`` order (integer math).

    ``regime`` must already have the edital's parameters applied.
    """
    if regime.arredondamento_conjunto:
        grupos = list(_conjunto(n, regime)[2])
    elif n >= regime.minimo_vagas:
        # Each group rounded separately: each percentage is "do total das vagas"
        # (LC 22/2026, art. 1º, I-II; Lei 3.056/2025, art. 3º, I-III; Decreto 12.536/2025).
        t = regime.limiar_arredondamento
        grupos = [contagem_arred(n, g.percentual, t) for g in regime.grupos]
    else:
        grupos = [0] * len(regime.grupos)
    return (*grupos, _pcd_inteiro(n, regime))


def distribuir(
    vagas: int, regime: Regime | str, parametros: Parametros | None = None
) -> Distribuicao:
    """Split ``vagas`` vacancies of one cargo under ``regime`` (spec section 4).

    ``regime`` is a ``Regime`` or its id; ``parametros`` are the edital settings (applied on
    top of ``regime``). Raises ``ErroParametro`` if the reserves exceed the vacancies.
    """
    _checar_vagas(vagas)
    r = _resolver(regime, parametros)
    n = vagas
    if r.arredondamento_conjunto:
        calculos = _calculos_conjuntos(n, r)
    else:
        calculos = _calculos_separados(n, r)
    calculos.append(_calculo_pcd(n, r))
    reservadas = sum(cal.resultado for cal in calculos)
    if reservadas > n:
        raise ErroParametro(
            "regra_pcd", f"as reservas ({reservadas}) excedem as {n} vagas; revise os parâmetros"
        )
    contagens_: dict[str, int] = {AC: n - reservadas}
    for cal in calculos:
        contagens_[cal.lista] = cal.resultado
    return Distribuicao(vagas=n, contagens=contagens_, calculos=tuple(calculos))


def _calculos_conjuntos(n: int, r: Regime) -> list[CalculoReserva]:
    """Each racial group's count under joint rounding (edital setting), explained."""
    total, quotas, partes = _conjunto(n, r)
    return [
        CalculoReserva(
            lista=g.codigo,
            vagas=n,
            percentual=g.percentual,
            produto=n * g.percentual,
            regra=REGRA_CONJUNTO if n >= r.minimo_vagas else REGRA_ABAIXO_MINIMO,
            resultado=parte,
            fundamento=(
                "edital (arredondamento conjunto, repartição pelo maior resto); "
                f"{r.fundamento_arredondamento}"
                if n >= r.minimo_vagas
                else r.fundamento_minimo
            ),
            fundamento_percentual=g.fundamento,
            limiar=r.limiar_arredondamento,
            minimo=r.minimo_vagas,
            total_conjunto=total,
            quota_conjunta=q,
        )
        for g, q, parte in zip(r.grupos, quotas, partes, strict=True)
    ]


def _calculos_separados(n: int, r: Regime) -> list[CalculoReserva]:
    """Each racial group's count, each rounded on its own percentage, explained."""
    t = r.limiar_arredondamento
    calculos: list[CalculoReserva] = []
    for g in r.grupos:
        produto = n * g.percentual
        if n < r.minimo_vagas:
            # Below the law's minimum the reserve does not apply (Lei 3.056/2025,
            # art. 8º; Lei 15.142/2025, art. 5º).
            calculos.append(
                CalculoReserva(
                    g.codigo,
                    n,
                    g.percentual,
                    produto,
                    REGRA_ABAIXO_MINIMO,
                    0,
                    r.fundamento_minimo,
                    g.fundamento,
                    limiar=t,
                    minimo=r.minimo_vagas,
                )
            )
            continue
        resultado = arred(produto, t)
        fundamento = g.fundamento if produto.denominator == 1 else r.fundamento_arredondamento
        calculos.append(
            CalculoReserva(
                g.codigo,
                n,
                g.percentual,
                produto,
                REGRA_ARRED,
                resultado,
                fundamento,
                g.fundamento,
                limiar=t,
                minimo=r.minimo_vagas,
            )
        )
    return calculos


def _calculo_pcd(n: int, r: Regime) -> CalculoReserva:
    """The PcD count: teto, but not above the cap (then floor), explained."""
    p = r.pcd.percentual
    produto = n * p
    lim = r.pcd.limite
    c = teto(produto)
    limitado = lim is not None and c > lim * n
    return CalculoReserva(
        PCD,
        n,
        p,
        produto,
        REGRA_TETO_LIMITADO if limitado else REGRA_TETO,
        math.floor(produto) if limitado else c,
        r.pcd.fundamento,
        r.pcd.fundamento,
        limite=lim,
    )


def explicar_calculo(c: CalculoReserva) -> str:
    """Portuguese sentence for one list, Brazilian decimal comma, e.g.
    ``PP: 25% de 30 = 7,5 → 7, fração 0,5 menor que 0,7 — LC 22/2026, art. 1º, §2º``.
    """
    pct = formatar_percentual(c.percentual)
    prod = formatar_decimal(c.produto)
    base = f"{c.lista}: {pct} de {c.vagas} = {prod}"
    frac = c.produto - math.floor(c.produto)
    if c.regra == REGRA_ABAIXO_MINIMO:
        return f"{base} → 0, reserva aplicada só com {c.minimo} vagas ou mais — {c.fundamento}"
    if c.regra == REGRA_ARRED:
        if not frac:
            return f"{base} → {c.resultado} — {c.fundamento}"
        assert c.limiar is not None
        lim = formatar_decimal(c.limiar)
        if frac >= c.limiar:
            motivo = f"fração {formatar_decimal(frac)} igual ou maior que {lim}"
        else:
            motivo = f"fração {formatar_decimal(frac)} menor que {lim}"
        return f"{base} → {c.resultado}, {motivo} — {c.fundamento}"
    if c.regra == REGRA_CONJUNTO:
        assert c.quota_conjunta is not None
        return (
            f"{base}; reserva conjunta de {c.total_conjunto} vaga(s) repartida pelo maior "
            f"resto, quota {formatar_decimal(c.quota_conjunta)} → {c.resultado} — "
            f"{c.fundamento}"
        )
    # PcD
    if c.limite is not None:
        teto_lim = f"{formatar_percentual(c.limite)} de {c.vagas} = " + formatar_decimal(
            c.limite * c.vagas
        )
    else:
        teto_lim = ""
    if c.regra == REGRA_TETO_LIMITADO:
        return (
            f"{base} → {c.resultado}, arredondar para cima daria {teto(c.produto)}, acima de "
            f"{teto_lim} — {c.fundamento}"
        )
    if not frac:
        return f"{base} → {c.resultado} — {c.fundamento}"
    limite_txt = f", sem ultrapassar {teto_lim}" if teto_lim else ""
    return f"{base} → {c.resultado}, arredondado para cima{limite_txt} — {c.fundamento}"

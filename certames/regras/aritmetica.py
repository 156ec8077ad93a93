"""Exact arithmetic for the reservation engine (spec section 1).

No binary floats anywhere: percentages and thresholds are ``fractions.Fraction``; scores are
``decimal.Decimal`` parsed from their decimal text (exact, and much cheaper to sort than
``Fraction``). Helpers format numbers the Brazilian way (decimal comma).
"""

from __future__ import annotations

import math
import re
from decimal import Decimal, InvalidOperation
from fractions import Fraction

__all__ = [
    "arred",
    "teto",
    "piso",
    "ler_decimal",
    "ler_fracao",
    "ler_percentual",
    "formatar_decimal",
    "formatar_percentual",
    "contagem_arred",
]

Racional = int | Fraction

# A decimal written by a person or a JSON producer: "87", "87.5", "87,5", "-3", "+4.25".
# Thousands separators are refused on purpose ("1.234,5" is ambiguous).
_DECIMAL_TEXTO = re.compile(r"[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)")


def piso(x: Racional) -> int:
    """floor(x) for an exact rational."""
    return math.floor(x)


def teto(x: Racional) -> int:
    """ceiling(x) for an exact rational (spec section 1, ``teto``)."""
    return math.ceil(x)


def arred(x: Racional, t: Fraction) -> int:
    """floor(x) + 1 if frac(x) >= t else floor(x) (spec section 1, ``arred``).

    ``t`` is the law's threshold: 1/2 (Lei 3.056/2025, art. 8º, §1º; Lei 15.142/2025,
    art. 5º, §2º) or 7/10 (LC 22/2026, art. 1º, §2º).
    """
    if not 0 < t <= 1:
        raise ValueError(f"limiar de arredondamento fora de (0, 1]: {t}")
    x = Fraction(x)
    f = math.floor(x)
    return f + 1 if x - f >= t else f


def contagem_arred(n: int, p: Fraction, t: Fraction) -> int:
    """``arred(n * p, t)`` in pure integer arithmetic (same result, no Fraction objects).

    Used in hot loops (the call order evaluates every n = 1..N).
    """
    q, r = divmod(n * p.numerator, p.denominator)
    # frac = r / p.den >= t.num / t.den  <=>  r * t.den >= t.num * p.den
    return q + 1 if r * t.denominator >= t.numerator * p.denominator else q


def ler_decimal(valor: object) -> Decimal:
    """Parse a score exactly into a finite ``Decimal``.

    Accepts ``int`` (not ``bool``), ``Decimal``, ``float`` (through its shortest ``repr``,
    i.e. the digits the JSON text carried, never binary float math) and decimal strings
    with a dot or a comma ("87.5", "87,5"). Raises ``ValueError`` otherwise.
    """
    tipo = type(valor)
    # Fast paths for the exact types the JSON reader produces.
    if tipo is str:
        texto = valor.strip()  # type: ignore[attr-defined]
        if _DECIMAL_TEXTO.fullmatch(texto):
            return Decimal(texto.replace(",", "."))
        raise ValueError(valor)
    if tipo is Decimal:
        if valor.is_finite():  # type: ignore[attr-defined]
            return valor  # type: ignore[return-value]
        raise ValueError(valor)
    if tipo is int:
        return Decimal(valor)  # type: ignore[arg-type]
    if isinstance(valor, bool):
        raise ValueError(valor)
    if isinstance(valor, int):
        return Decimal(valor)
    if isinstance(valor, Decimal):
        if not valor.is_finite():
            raise ValueError(valor)
        return valor
    if isinstance(valor, float):
        if not math.isfinite(valor):
            raise ValueError(valor)
        return Decimal(repr(valor))
    if isinstance(valor, Fraction):
        d = Decimal(valor.numerator) / Decimal(valor.denominator)
        if Fraction(d) != valor:
            raise ValueError(valor)
        return d
    if isinstance(valor, str):
        texto = valor.strip()
        if not _DECIMAL_TEXTO.fullmatch(texto):
            raise ValueError(valor)
        try:
            return Decimal(texto.replace(",", "."))
        except InvalidOperation as exc:  # pragma: no cover - the regex already guards
            raise ValueError(valor) from exc
    raise ValueError(valor)


def ler_fracao(valor: object) -> Fraction:
    """Parse an exact rational: Fraction, int, Decimal, float (via repr) or decimal text."""
    if isinstance(valor, Fraction):
        return valor
    return Fraction(ler_decimal(valor))


def ler_percentual(valor: object) -> Fraction:
    """Parse a percentage written as a percent number: 5 or "5" or "2,5" -> 5/100, 25/1000.

    A Fraction is taken as the ratio itself (Fraction(5, 100) means 5%).
    """
    if isinstance(valor, Fraction):
        return valor
    return ler_fracao(valor) / 100


def formatar_decimal(x: Racional | Decimal, casas: int = 6) -> str:
    """Brazilian decimal text of an exact number: 7.5 -> "7,5", 10 -> "10".

    Terminating fractions are written exactly; others (e.g. 1/3) with ``casas`` places
    and a leading "≈".
    """
    if isinstance(x, Decimal):
        x = Fraction(x)
    x = Fraction(x)
    sinal = "-" if x < 0 else ""
    x = abs(x)
    inteiro = math.floor(x)
    resto = x - inteiro
    digitos: list[str] = []
    aproximado = False
    while resto and len(digitos) < casas:
        resto *= 10
        d = math.floor(resto)
        digitos.append(str(d))
        resto -= d
    if resto:
        aproximado = True
    texto = f"{sinal}{inteiro}" + ("," + "".join(digitos) if digitos else "")
    return ("≈" + texto) if aproximado else texto


def formatar_percentual(p: Fraction) -> str:
    """Fraction(25, 100) -> "25%", Fraction(25, 1000) -> "2,5%"."""
    return formatar_decimal(p * 100) + "%"

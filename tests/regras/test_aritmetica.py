"""Exact arithmetic (regras-de-reserva.md, section 1)."""

from decimal import Decimal
from fractions import Fraction

import pytest

from certames.regras.aritmetica import (
    arred,
    contagem_arred,
    formatar_decimal,
    formatar_percentual,
    ler_decimal,
    ler_fracao,
    ler_percentual,
    teto,
)

T07 = Fraction(7, 10)
T05 = Fraction(1, 2)


def test_float_pitfall_is_avoided():
    """0.05 * 14 = 0.7000000000000001 in binary floats; exactly 0.7 here, so the SMBV
    indigenous reserve for N=14 rounds up (LC 22/2026, art. 1º, II and §2º)."""
    assert 0.05 * 14 != 0.7
    assert Fraction(5, 100) * 14 == Fraction(7, 10)
    assert arred(Fraction(5, 100) * 14, T07) == 1


@pytest.mark.parametrize(
    ("x", "t", "esperado"),
    [
        # LC 22/2026, art. 1º, §2º: fraction >= 0,7 up, < 0,7 down.
        (Fraction(75, 10), T07, 7),
        (Fraction(7, 10), T07, 1),
        (Fraction(69, 100), T07, 0),
        (Fraction(17, 10), T07, 2),
        # Lei 3.056/2025, art. 8º, §1º: fraction >= 0,5 up.
        (Fraction(1, 2), T05, 1),
        (Fraction(45, 100), T05, 0),
        (Fraction(255, 100), T05, 3),
        (Fraction(9), T05, 9),
        (Fraction(0), T05, 0),
        (10, T07, 10),
    ],
)
def test_arred(x, t, esperado):
    assert arred(x, t) == esperado


def test_arred_rejects_threshold_out_of_range():
    with pytest.raises(ValueError):
        arred(Fraction(1, 2), Fraction(0))
    with pytest.raises(ValueError):
        arred(Fraction(1, 2), Fraction(3, 2))


def test_teto():
    """LC 22/2026, art. 6º, §1º: PcD fraction raised to the next integer."""
    assert teto(Fraction(3, 2)) == 2
    assert teto(Fraction(1, 20)) == 1
    assert teto(Fraction(2)) == 2
    assert teto(0) == 0


def test_contagem_arred_matches_arred():
    for p in (Fraction(25, 100), Fraction(5, 100), Fraction(3, 100), Fraction(30, 100)):
        for t in (T05, T07, Fraction(1)):
            for n in range(0, 250):
                assert contagem_arred(n, p, t) == arred(n * p, t), (p, t, n)


@pytest.mark.parametrize(
    ("valor", "esperado"),
    [
        ("87.5", Decimal("87.5")),
        ("87,5", Decimal("87.5")),
        (" 87,50 ", Decimal("87.5")),
        (87.5, Decimal("87.5")),
        (0.1, Decimal("0.1")),  # through repr, not the binary expansion
        (87, Decimal(87)),
        ("-3", Decimal(-3)),
        (Decimal("1.25"), Decimal("1.25")),
        (Fraction(1, 4), Decimal("0.25")),
        ("1.23456789012345678901234567890123", Decimal("1.23456789012345678901234567890123")),
    ],
)
def test_ler_decimal(valor, esperado):
    assert ler_decimal(valor) == esperado


@pytest.mark.parametrize(
    "valor",
    [
        "abc",
        "",
        "1.234,5",
        "1,2,3",
        "1e3",
        True,
        None,
        float("nan"),
        float("inf"),
        Decimal("NaN"),
        Fraction(1, 3),
        [1],
    ],
)
def test_ler_decimal_rejects(valor):
    with pytest.raises(ValueError):
        ler_decimal(valor)


def test_ler_fracao_e_percentual():
    assert ler_fracao("0,7") == Fraction(7, 10)
    assert ler_fracao(0.7) == Fraction(7, 10)
    assert ler_percentual("5") == Fraction(5, 100)
    assert ler_percentual("2,5") == Fraction(1, 40)
    assert ler_percentual(Fraction(1, 20)) == Fraction(1, 20)


def test_formatar():
    assert formatar_decimal(Fraction(15, 2)) == "7,5"
    assert formatar_decimal(Fraction(10)) == "10"
    assert formatar_decimal(Fraction(51, 100)) == "0,51"
    assert formatar_decimal(Fraction(-1, 2)) == "-0,5"
    assert formatar_decimal(Fraction(1, 3)) == "≈0,333333"
    assert formatar_decimal(Decimal("2.50")) == "2,5"
    assert formatar_percentual(Fraction(25, 100)) == "25%"
    assert formatar_percentual(Fraction(25, 1000)) == "2,5%"

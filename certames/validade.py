"""The certame's validity in time (spec section 9), as pure date arithmetic.

- The validity is counted from the homologation of the final result, for the period the edital
  fixes, at most two years, extendable once for the same period (Constituição Federal, art. 37,
  III: "o prazo de validade do concurso público será de até dois anos, prorrogável uma vez, por
  igual período").
- A period of months ends on the day of the same number as the start, or on the next day when
  the month of the end has no such day (Código Civil, art. 132, §3º): 15/03/2026 plus 24 months
  is 15/03/2028; 31/01/2026 plus one month is 01/03/2026 (February has no 31st).
- The extension follows the first period: 15/03/2028 plus 24 more months is 15/03/2030.

This module imports nothing of Django's models (`certames.models.Certame` uses it).
"""

from __future__ import annotations

import datetime as dt

from dateutil.relativedelta import relativedelta

#: The constitutional rule of validity and extension.
FUNDAMENTO_VALIDADE = "Constituição Federal, art. 37, III"
#: How a period of months is counted.
FUNDAMENTO_CONTAGEM = "Código Civil, art. 132, §3º"
#: The longest validity an edital may fix (CF, art. 37, III: "até dois anos").
VALIDADE_MAXIMA_MESES = 24


def somar_meses(inicio: dt.date, meses: int) -> dt.date:
    """The day a period of `meses` months started on `inicio` ends (Código Civil, art. 132,
    §3º: the day of equal number, or the next one if that month lacks it)."""
    fim = inicio + relativedelta(months=meses)
    if fim.day != inicio.day:
        # relativedelta clamps to the month's last day; the law moves to the next day.
        fim += dt.timedelta(days=1)
    return fim


def fim_da_validade(homologado_em: dt.date, validade_meses: int,
                    prorrogacao_meses: int = 0) -> dt.date:
    """Last day of validity: the homologation plus the edital's period, plus the extension
    (counted from the end of the first period) when granted."""
    fim = somar_meses(homologado_em, validade_meses)
    if prorrogacao_meses:
        fim = somar_meses(fim, prorrogacao_meses)
    return fim

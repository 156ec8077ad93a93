"""The one way dates and times are written for people: Brazilian order, four-digit year.

Every message, act description, export cell and receipt writes dates through these functions
(no inline `strftime`). An aware date-time is shown in the project's time zone
(`settings.TIME_ZONE`, America/Sao_Paulo) before it is formatted, so a moment stored in UTC is
read as the local clock showed it; a naive one is written as it is.

The year always has four digits (`strftime("%Y")` writes the year 1 as "1" on Linux).
"""

from __future__ import annotations

import datetime as dt

from django.utils import timezone


def _local(momento: dt.datetime) -> dt.datetime:
    return timezone.localtime(momento) if timezone.is_aware(momento) else momento


def data_br(data: dt.date | dt.datetime) -> str:
    """31/12/2026. A date-time gives its (local) date."""
    if isinstance(data, dt.datetime):
        data = _local(data).date()
    return f"{data.day:02d}/{data.month:02d}/{data.year:04d}"


def hora_br(momento: dt.datetime) -> str:
    """14:05 (local time)."""
    momento = _local(momento)
    return f"{momento.hour:02d}:{momento.minute:02d}"


def data_hora_br(momento: dt.datetime, *, segundos: bool = False) -> str:
    """31/12/2026 14:05 (local time); with `segundos`, 31/12/2026 14:05:09."""
    momento = _local(momento)
    texto = f"{data_br(momento)} {hora_br(momento)}"
    return f"{texto}:{momento.second:02d}" if segundos else texto


def data_hora_extenso_br(momento: dt.datetime) -> str:
    """31/12/2026, às 14:05 (local time), as a convocation states the hour."""
    momento = _local(momento)
    return f"{data_br(momento)}, às {hora_br(momento)}"


def data_ou_data_hora_iso_br(texto: str) -> str:
    """An ISO date ("2026-12-31") or date-time ("2026-12-31T14:05:00-03:00") as carried in
    JSON data, written as `data_br` or `data_hora_br`. ValueError if it is neither."""
    texto = str(texto)
    if len(texto) == 10:
        return data_br(dt.date.fromisoformat(texto))
    return data_hora_br(dt.datetime.fromisoformat(texto))

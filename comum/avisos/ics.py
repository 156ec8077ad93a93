"""Calendar files (iCalendar, RFC 5545), written by hand: a committee session for the
convoked candidate and the members, a certame's schedule for the public. Text values are
escaped (section 3.3.11: backslash, semicolon, comma, line break), lines end in CRLF and are
folded at 75 octets (section 3.1); times are UTC (section 3.3.5, form 2), whole days are
DATE values whose DTEND is the day after the last (section 3.6.1)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.http import HttpResponse
from django.utils import timezone

#: The product's identifier (PRODID, section 3.7.3).
PRODID = "-//Certames//Avisos//PT-BR"
TIPO = "text/calendar; charset=utf-8"


@dataclass(frozen=True)
class Evento:
    """One VEVENT: `inicio`/`fim` datetimes (aware) or dates (whole days, `fim` inclusive);
    without `fim` a moment (a session's start: the product records no end)."""

    uid: str
    inicio: dt.datetime | dt.date
    fim: dt.datetime | dt.date | None
    resumo: str
    descricao: str = ""
    local: str = ""


#: The control characters a TEXT value may not carry (RFC 5545, section 3.3.11: CONTROL is
#: %x00-08 / %x0A-1F / %x7F; a line break is written as "\\n" before these are dropped).
CONTROLES = dict.fromkeys([*range(0x00, 0x09), *range(0x0A, 0x20), 0x7F])


def escapar(texto: str) -> str:
    """A TEXT value (RFC 5545, section 3.3.11): backslash, semicolon and comma escaped, a line
    break written "\\n", any other control character dropped (what a user typed: a venue's
    name, a session's place)."""
    return (str(texto).replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
            .replace("\r\n", "\\n").replace("\r", "\\n").replace("\n", "\\n")
            .translate(CONTROLES))


def dobrar(linha: str) -> str:
    """A content line folded at 75 octets, never inside a UTF-8 character (section 3.1)."""
    partes, atual, tamanho = [], "", 0
    for caractere in linha:
        octetos = len(caractere.encode("utf-8"))
        limite = 75 if not partes else 74  # a continuation starts with one space
        if tamanho + octetos > limite:
            partes.append(atual)
            atual, tamanho = "", 0
        atual += caractere
        tamanho += octetos
    partes.append(atual)
    return "\r\n ".join(partes)


def _data(campo: str, valor: dt.datetime | dt.date, fim: bool = False) -> str:
    if isinstance(valor, dt.datetime):
        return f"{campo}:{valor.astimezone(dt.UTC):%Y%m%dT%H%M%SZ}"
    return f"{campo};VALUE=DATE:{(valor + dt.timedelta(days=1)) if fim else valor:%Y%m%d}"


def calendario(eventos: list[Evento], nome: str, agora: dt.datetime | None = None) -> str:
    """The VCALENDAR of `eventos` (`nome`: the calendar's name for the user's application)."""
    carimbo = _data("DTSTAMP", agora or timezone.now())
    linhas = ["BEGIN:VCALENDAR", "VERSION:2.0", f"PRODID:{PRODID}", "CALSCALE:GREGORIAN",
              "METHOD:PUBLISH", f"X-WR-CALNAME:{escapar(nome)}"]
    for evento in eventos:
        linhas += ["BEGIN:VEVENT", f"UID:{escapar(evento.uid)}", carimbo,
                   _data("DTSTART", evento.inicio)]
        if evento.fim is not None:
            linhas.append(_data("DTEND", evento.fim, fim=True))
        linhas.append(f"SUMMARY:{escapar(evento.resumo)}")
        if evento.descricao:
            linhas.append(f"DESCRIPTION:{escapar(evento.descricao)}")
        if evento.local:
            linhas.append(f"LOCATION:{escapar(evento.local)}")
        linhas.append("END:VEVENT")
    linhas.append("END:VCALENDAR")
    return "".join(f"{dobrar(linha)}\r\n" for linha in linhas)


def anexo(conteudo: str, arquivo: str) -> dict:
    """The calendar as a mail's attachment (`comum.emails.enviar(anexos=[...])`)."""
    return {"nome": arquivo, "tipo": "text/calendar", "conteudo": conteudo}


def resposta(conteudo: str, arquivo: str) -> HttpResponse:
    """The calendar as a download."""
    resp = HttpResponse(conteudo.encode("utf-8"), content_type=TIPO)
    resp["Content-Disposition"] = f'attachment; filename="{arquivo}"'
    return resp

"""Every e-mail the product sends leaves from here.

One function per mail (the model is healthchecks' `hc/lib/emails.py`): the domain builds the
context and calls, e.g., `emails.retificacao(destino, contexto)`. A mail named `nome` is made
of the templates `templates/emails/<nome>/assunto.txt` (one line: its whitespace is collapsed)
and `templates/emails/<nome>/corpo.txt`, and `corpo.html` when that template exists (sent as the
HTML alternative). The texts are Portuguese in the templates, through `{% translate %}`; what
a user typed reaches them as data (`{% autoescape off %}` in a text body is plain text, and an
HTML body escapes it).

Retries live in one place too: `enviar` tries a transient SMTP failure (a dropped
connection, a timeout) `TENTATIVAS` times before raising. It never fails silently: a caller
whose act must stand when its notice fails catches the exception and logs it.
"""

from __future__ import annotations

import logging
import smtplib
import socket
import time

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template import TemplateDoesNotExist
from django.template.loader import get_template, render_to_string

logger = logging.getLogger(__name__)

#: How many times a transient SMTP failure is tried before `enviar` raises.
TENTATIVAS = 3
#: Seconds before the second try (doubled for each further one).
ESPERA_INICIAL = 0.5
#: Failures worth another try: the server or the network, not the message.
ERROS_TRANSITORIOS = (smtplib.SMTPServerDisconnected, smtplib.SMTPConnectError,
                      socket.timeout, ConnectionError)


def mensagem(nome: str, para: str | list[str], contexto: dict | None = None, *,
             responder_a: str | None = None) -> EmailMultiAlternatives:
    """The mail `nome` rendered for `para` (not sent)."""
    contexto = dict(contexto or {})
    assunto = " ".join(render_to_string(f"emails/{nome}/assunto.txt", contexto).split())
    corpo = render_to_string(f"emails/{nome}/corpo.txt", contexto)
    destinos = [para] if isinstance(para, str) else list(para)
    msg = EmailMultiAlternatives(assunto, corpo, settings.DEFAULT_FROM_EMAIL, destinos,
                                 reply_to=[responder_a] if responder_a else None)
    try:
        html = get_template(f"emails/{nome}/corpo.html")
    except TemplateDoesNotExist:
        return msg
    msg.attach_alternative(html.render(contexto), "text/html")
    return msg


def enviar(nome: str, para: str | list[str], contexto: dict | None = None, *,
           responder_a: str | None = None) -> None:
    """Render and send the mail `nome`; a transient SMTP failure is tried again (see the
    module's docstring), any other failure raises at once."""
    enviar_mensagem(mensagem(nome, para, contexto, responder_a=responder_a), nome)


def enviar_mensagem(msg: EmailMultiAlternatives, nome: str = "") -> None:
    """Send a rendered message with the retries of `enviar`."""
    espera = ESPERA_INICIAL
    for tentativa in range(1, TENTATIVAS + 1):
        try:
            msg.send(fail_silently=False)
            return
        except ERROS_TRANSITORIOS:
            if tentativa == TENTATIVAS:
                raise
            logger.warning("e-mail %s: falha transitória (tentativa %d de %d)", nome,
                           tentativa, TENTATIVAS, exc_info=True)
            time.sleep(espera)
            espera *= 2


# --- the candidate's procedures (`candidatos.procedimentos`, `candidatos.condicoes`) ---------


def procedimento_instaurado(para: str, contexto: dict) -> None:
    """An administrative procedure opened on the candidate's inscrição: its object, the facts
    and the defence's deadline."""
    enviar("procedimento_instaurado", para, contexto)


def procedimento_decidido(para: str, contexto: dict) -> None:
    """The decision of the candidate's administrative procedure, its consequence and its
    motivation."""
    enviar("procedimento_decidido", para, contexto)


def procedimento_recurso_julgado(para: str, contexto: dict) -> None:
    """The ruling on the candidate's appeal in an administrative procedure (without its text:
    the candidate reads it in their area)."""
    enviar("procedimento_recurso_julgado", para, contexto)


def atendimento_decidido(para: str, contexto: dict) -> None:
    """A decision on the candidate's special conditions at the exam (`fase`: the first
    decision, the reconsideration or the appeal's ruling), without the conditions: health
    data, read in their area."""
    enviar("atendimento_decidido", para, contexto)

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


# --- the mails (one function each; the template folder is the function's name) ----------------


def retificacao_inscricao(para: str, contexto: dict) -> None:
    """The candidate is told of a retificação of their inscrição's data
    (`candidatos.retificacao`)."""
    enviar("retificacao_inscricao", para, contexto)


def retificacao_edital(para: str, contexto: dict) -> None:
    """An inscribed candidate is told that the edital was retified, with what changed
    (`editais.retificacao`)."""
    enviar("retificacao_edital", para, contexto)


def convocacao_chamada(para: str, contexto: dict) -> None:
    """The candidate is called for the cargo, with the deadline for the documents
    (`candidatos.chamadas`)."""
    enviar("convocacao_chamada", para, contexto)


def correcao_email_anterior(para: str, contexto: dict) -> None:
    """The old address of a record is told that RH changed it (`candidatos.correcao_email`)."""
    enviar("correcao_email_anterior", para, contexto)


def correcao_email_novo(para: str, contexto: dict) -> None:
    """The new address of a record is told that it now belongs to it
    (`candidatos.correcao_email`)."""
    enviar("correcao_email_novo", para, contexto)


def convite_membro_comissao(para: str, contexto: dict) -> None:
    """A committee member's invitation to set their password (`comissoes.dominio.contas`)."""
    enviar("convite_membro_comissao", para, contexto)


def convocacao_comissao(para: str, contexto: dict) -> None:
    """The candidate is called to a committee's session: heteroidentification, documentary
    verification or the multiprofessional team (`comissoes.dominio.convocacao`)."""
    enviar("convocacao_comissao", para, contexto)


def aviso_publicacao_resultado(para: str, contexto: dict) -> None:
    """The candidate is told that a procedure's result was published (`nucleo.avisos`)."""
    enviar("aviso_publicacao_resultado", para, contexto)


def protocolo_recurso(para: str, contexto: dict) -> None:
    """The receipt of a candidate's appeal in a procedure (`nucleo.avisos`)."""
    enviar("protocolo_recurso", para, contexto)


# --- the portal's sign-up (candidatos.contas; sent by candidatos.contas.mensagens) --------------


def cadastro_confirmacao(para: str, contexto: dict) -> None:
    """The sign-up's confirmation link (to the address the link proves)."""
    enviar("cadastro_confirmacao", para, contexto)


def cadastro_conta_existente(para: str, contexto: dict) -> None:
    """A sign-up for a CPF that already has an account: its owner is told."""
    enviar("cadastro_conta_existente", para, contexto)


def cadastro_vinculo(para: str, contexto: dict) -> None:
    """The link that joins a record the banca imported to an existing account."""
    enviar("cadastro_vinculo", para, contexto)


def cadastro_reivindicacao_aberta(para: str, contexto: dict) -> None:
    """A claim on a record is with RH: whoever holds the record's e-mail may object."""
    enviar("cadastro_reivindicacao_aberta", para, contexto)


def cadastro_reivindicacao_aprovada(para: str, contexto: dict) -> None:
    """RH approved the claim (to the claimant)."""
    enviar("cadastro_reivindicacao_aprovada", para, contexto)


def cadastro_reivindicacao_aprovada_aviso(para: str, contexto: dict) -> None:
    """RH approved a claim (to the record's previous e-mail)."""
    enviar("cadastro_reivindicacao_aprovada_aviso", para, contexto)


def cadastro_reivindicacao_recusada(para: str, contexto: dict) -> None:
    """RH refused the claim (to the claimant)."""
    enviar("cadastro_reivindicacao_recusada", para, contexto)


def cadastro_reivindicacao_encerrada(para: str, contexto: dict) -> None:
    """A claim ended: another confirmed request activated the CPF's account (to the claimant)."""
    enviar("cadastro_reivindicacao_encerrada", para, contexto)


# --- classification (candidatos.contas.mensagens) -------------------------------------------


def publicacao_classificacao(para: str, contexto: dict) -> None:
    """The classification of the candidate's cargo was published: see it in your area."""
    enviar("publicacao_classificacao", para, contexto)
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


def documento_posse_rejeitado(para: str, contexto: dict) -> None:
    """A document the called candidate sent for the posse was rejected, with RH's motivation
    and the deadline to send it again (`candidatos.posse`)."""
    enviar("documento_posse_rejeitado", para, contexto)

"""Every e-mail the product sends leaves from here.

One function per mail (the model is healthchecks' `hc/lib/emails.py`): the domain builds the
context and calls, e.g., `emails.retificacao(destino, contexto)`. A mail named `nome` is made
of the templates `templates/emails/<nome>/assunto.txt` (one line: its whitespace is collapsed)
and `templates/emails/<nome>/corpo.txt`, and `corpo.html` when that template exists (sent as the
HTML alternative). The texts are Portuguese in the templates, through `{% translate %}`; what
a user typed reaches them as data (`{% autoescape off %}` in a text body is plain text, and an
HTML body escapes it).

The outbox: `enviar` records the rendered mail as an `Aviso` (comum.models) in the caller's
transaction, with the act it belongs to (`ato=`) when the caller has one, and queues the task
`comum.enviar_aviso` (queue `email`) on commit: the notice exists exactly when its act does.
The task tries to send; each try is a `TentativaAviso`. A transient failure (the server or
the network, or an SMTP 4xx answer) is retried by Celery with a doubling wait
(`settings.AVISOS_ESPERA_SEGUNDOS`), `settings.AVISOS_TENTATIVAS` tries in all; a permanent
one (an SMTP 5xx answer: the address refused, the message refused) ends the notice `falhou` at
once. Nothing fails silently: a failed notice is logged and listed on RH's page `/rh/avisos/`,
which can send it again (`reenviar`).

A mail carrying a secret (`SIGILOSOS`: a one-time link) is recorded with the secret replaced by
`OMITIDO` (the outbox keeps what was said, never a usable link), is never handed to the broker,
and is sent at once by the caller (a task of the `email` queue), with `TENTATIVAS` tries
in-process, raising when they all fail. It cannot be sent again from the outbox.

A notice is sent once: `chave` keys it (a task delivered twice records nothing more), and the
try locks its row (`enviar_aviso`), so two deliveries of its task, or a resend while a try
runs, never send it twice. Its body, addresses and attachments are shredded at the end of the
retention policy's period (`certames.declaracoes`, rules "avisos" and "avisos_conta"); a
shredded notice cannot be sent again.
"""

from __future__ import annotations

import logging
import smtplib
import time

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.mail import EmailMultiAlternatives
from django.db import IntegrityError, transaction
from django.db.models import F
from django.template import TemplateDoesNotExist
from django.template.loader import get_template, render_to_string
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from comum.filas import enfileirar
from comum.models import Aviso, TentativaAviso

logger = logging.getLogger(__name__)

#: The task that sends one recorded notice (comum/tasks.py; queue `email`).
TAREFA_ENVIO = "comum.enviar_aviso"
#: How many times a secret mail's transient SMTP failure is tried in-process before raising.
TENTATIVAS = 3
#: Seconds before a secret mail's second try (doubled for each further one).
ESPERA_INICIAL = 0.5
#: Mails whose body carries a one-time link (the sign-up's confirmation, the link that joins
#: a record to an account, the committee member's invitation to set a password, the password
#: reset), with the context keys that hold it: recorded with those values replaced by
#: `OMITIDO` (whoever reads the outbox must not be able to use the link).
SIGILOSOS: dict[str, tuple[str, ...]] = {
    "cadastro_confirmacao": ("link",), "cadastro_vinculo": ("link",),
    "convite_membro_comissao": ("link",), "redefinicao_senha": ("link",)}
#: What the outbox records in place of a one-time link.
OMITIDO = _("[link de uso único: omitido no registro; só o destinatário o recebeu]")


class FalhaEnvio(Exception):
    """A try that failed, already recorded; `transitoria` says whether another may succeed."""

    def __init__(self, erro: BaseException, transitoria: bool):
        super().__init__(str(erro))
        self.erro = erro
        self.transitoria = transitoria


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
           responder_a: str | None = None, ato=None, inscricao=None, usuario=None,
           certame_id: int | None = None, anexos: list[dict] | None = None,
           chave: str | None = None) -> Aviso | None:
    """Render the mail `nome`, record it in the outbox and queue its sending on commit (see
    the module's docstring). `ato`: the act the notice belongs to; `inscricao`/`usuario`: whom
    it concerns; `anexos`: text files [{"nome", "tipo", "conteudo"}]; `chave`: the notice's
    key, recorded once (a second call with the same key sends nothing and returns None)."""
    msg = mensagem(nome, para, contexto, responder_a=responder_a)
    segredos = SIGILOSOS.get(nome)
    registro = msg if segredos is None else mensagem(
        nome, para, {**(contexto or {}), **dict.fromkeys(segredos, str(OMITIDO))},
        responder_a=responder_a)
    if certame_id is None:  # the notice's certame: its act's, else its inscrição's
        certame_id = getattr(ato, "certame_id", None) or getattr(inscricao, "certame_id", None)
    aviso = _registrar(chave, dict(
        nome=nome, para=", ".join(msg.to)[:1000], responder_a=responder_a or "", ato=ato,
        inscricao=inscricao, usuario=usuario, certame_id=certame_id, chave=chave,
        assunto=registro.subject[:300], sigiloso=segredos is not None,
        anexos=list(anexos or []), corpo=registro.body,
        corpo_html=registro.alternatives[0][0] if registro.alternatives else ""))
    if aviso is None:
        return None
    if aviso.sigiloso:
        _enviar_ja(aviso, _com_anexos(msg, aviso.anexos))
    else:
        transaction.on_commit(lambda: enfileirar(TAREFA_ENVIO, aviso.pk))
    return aviso


def _registrar(chave: str | None, dados: dict) -> Aviso | None:
    """The notice's row; None when its key was recorded already (a reminder goes once, a
    task delivered twice notifies once)."""
    if chave is None:
        return Aviso.objects.create(**dados)
    try:
        with transaction.atomic():
            return Aviso.objects.create(**dados)
    except IntegrityError:
        return None


def _com_anexos(msg: EmailMultiAlternatives, anexos: list[dict]) -> EmailMultiAlternatives:
    for anexo in anexos:
        msg.attach(anexo["nome"], anexo["conteudo"], anexo["tipo"])
    return msg


def _mensagem_do_aviso(aviso: Aviso) -> EmailMultiAlternatives:
    """The mail as it was recorded (what the notice said is what is sent, also on a resend)."""
    msg = EmailMultiAlternatives(aviso.assunto, aviso.corpo, settings.DEFAULT_FROM_EMAIL,
                                 [p.strip() for p in aviso.para.split(",") if p.strip()],
                                 reply_to=[aviso.responder_a] if aviso.responder_a else None)
    if aviso.corpo_html:
        msg.attach_alternative(aviso.corpo_html, "text/html")
    return _com_anexos(msg, aviso.anexos)


def transitoria(erro: BaseException) -> bool:
    """Whether another try may succeed: the network or the server (an SMTP 4xx answer, a
    refused or dropped connection, a timeout), not the address nor the message (5xx, RFC 5321
    section 4.2.1)."""
    if isinstance(erro, smtplib.SMTPRecipientsRefused):
        codigos = [codigo for codigo, _texto in erro.recipients.values()]
        return bool(codigos) and all(400 <= c < 500 for c in codigos)
    if isinstance(erro, smtplib.SMTPConnectError):
        return True
    if isinstance(erro, smtplib.SMTPResponseException):
        return 400 <= erro.smtp_code < 500
    # What is left: the connection (SMTPServerDisconnected, socket errors and timeouts are
    # OSError; smtplib's other errors too).
    return isinstance(erro, OSError)


def tentar(aviso: Aviso, msg: EmailMultiAlternatives, *, ultima: bool) -> None:
    """One try to send `aviso`, recorded (`TentativaAviso`) with the notice's new state;
    raises `FalhaEnvio` when it failed (`ultima`: no further try follows, so a transient
    failure ends the notice `falhou` too)."""
    try:
        msg.send(fail_silently=False)
    except (smtplib.SMTPException, OSError) as erro:
        passageira = transitoria(erro)
        texto = f"{type(erro).__name__}: {erro}"[:2000]
        fim = ultima or not passageira
        with transaction.atomic():
            TentativaAviso.objects.create(
                aviso=aviso, erro=texto, resultado=TentativaAviso.Resultado.TRANSITORIO
                if passageira else TentativaAviso.Resultado.PERMANENTE)
            Aviso.objects.filter(pk=aviso.pk).update(
                tentativas=F("tentativas") + 1, ultimo_erro=texto,
                estado=Aviso.Estado.FALHOU if fim else Aviso.Estado.NA_FILA)
        (logger.error if fim else logger.warning)(
            "aviso %s (e-mail %s): %s", aviso.pk, aviso.nome, texto)
        raise FalhaEnvio(erro, passageira) from erro
    with transaction.atomic():
        TentativaAviso.objects.create(aviso=aviso, resultado=TentativaAviso.Resultado.ENVIADO)
        Aviso.objects.filter(pk=aviso.pk).update(
            tentativas=F("tentativas") + 1, ultimo_erro="", estado=Aviso.Estado.ENVIADO,
            enviado_em=timezone.now())


def enviar_aviso(aviso_id: int, *, ultima: bool) -> str:
    """The task's body: one try of the recorded notice; returns its state. The try holds the
    notice's row (`FOR UPDATE`, bounded by settings.EMAIL_TIMEOUT): a second delivery of the
    task waits for it, then finds the notice no longer in the queue and sends nothing. A
    transient failure with tries left is raised (after the row is released) for the retry."""
    with transaction.atomic():
        aviso = Aviso.objects.select_for_update().get(pk=aviso_id)
        if aviso.estado != Aviso.Estado.NA_FILA:  # sent, or failed for good: nothing to do
            return aviso.estado
        try:
            tentar(aviso, _mensagem_do_aviso(aviso), ultima=ultima)
        except FalhaEnvio as erro:
            falha = erro
        else:
            return Aviso.Estado.ENVIADO
    if falha.transitoria and not ultima:
        raise falha
    return Aviso.Estado.FALHOU


def espera(tentativas_feitas: int) -> float:
    """Seconds before the next try of a queued notice: doubled after each failure."""
    return settings.AVISOS_ESPERA_SEGUNDOS * 2 ** tentativas_feitas


def _enviar_ja(aviso: Aviso, msg: EmailMultiAlternatives) -> None:
    """A secret mail, sent in-process: a transient failure tried again `TENTATIVAS` times,
    the last failure (or a permanent one) raised to the caller."""
    pausa = ESPERA_INICIAL
    for tentativa in range(1, TENTATIVAS + 1):
        try:
            tentar(aviso, msg, ultima=tentativa == TENTATIVAS)
            return
        except FalhaEnvio as falha:
            if not falha.transitoria or tentativa == TENTATIVAS:
                raise falha.erro from None
            time.sleep(pausa)
            pausa *= 2


def reenviar(aviso: Aviso) -> None:
    """Send a recorded notice again (RH's button): back in the queue, a new try recorded.
    Refused for a secret mail (its link was not kept: it is sent again by the act that made
    it), a shredded one (nothing left to send) and one already in the queue (two clicks, or
    two people, queue it once). The caller's transaction holds the row until it commits."""
    aviso = Aviso.objects.select_for_update().get(pk=aviso.pk)
    if aviso.sigiloso:
        raise ValidationError(_("Este e-mail contém um link de uso único e não foi guardado: "
                                "peça o envio de novo pela ação que o gerou."))
    if aviso.expurgado_em is not None:
        raise ValidationError(_("O texto e o destinatário deste aviso foram expurgados pela "
                                "política de retenção (LGPD): não há o que reenviar."))
    if aviso.estado == Aviso.Estado.NA_FILA:
        raise ValidationError(_("Este aviso já está na fila de envio: o resultado da "
                                "tentativa aparece aqui."))
    Aviso.objects.filter(pk=aviso.pk).update(estado=Aviso.Estado.NA_FILA)
    transaction.on_commit(lambda: enfileirar(TAREFA_ENVIO, aviso.pk))


# --- the mails (one function each; the template folder is the function's name) ----------------
# Each takes `enviar`'s keywords (`ato=`, `inscricao=`, `anexos=`...) through `**opcoes`.


def retificacao_inscricao(para: str, contexto: dict, **opcoes) -> Aviso | None:
    """The candidate is told of a retificação of their inscrição's data
    (`candidatos.retificacao`)."""
    return enviar("retificacao_inscricao", para, contexto, **opcoes)


def retificacao_edital(para: str, contexto: dict, **opcoes) -> Aviso | None:
    """An inscribed candidate is told that the edital was retified, with what changed
    (`editais.retificacao`)."""
    return enviar("retificacao_edital", para, contexto, **opcoes)


def suspensao_certame(para: str, contexto: dict, **opcoes) -> Aviso | None:
    """An inscribed candidate is told that the certame was suspended, since when and why
    (`editais.situacao`)."""
    return enviar("suspensao_certame", para, contexto, **opcoes)


def retomada_certame(para: str, contexto: dict, **opcoes) -> Aviso | None:
    """An inscribed candidate is told that the certame was resumed, with the schedule the
    retomada confirmed or moved (`editais.situacao`)."""
    return enviar("retomada_certame", para, contexto, **opcoes)


def cancelamento_certame(para: str, contexto: dict, **opcoes) -> Aviso | None:
    """An inscribed candidate is told that the certame was annulled or revoked, and that the
    fee's refund follows the edital (`editais.situacao`)."""
    return enviar("cancelamento_certame", para, contexto, **opcoes)


def convocacao_chamada(para: str, contexto: dict, **opcoes) -> Aviso | None:
    """The candidate is called for the cargo, with the deadline for the documents
    (`candidatos.chamadas`)."""
    return enviar("convocacao_chamada", para, contexto, **opcoes)


def correcao_email_anterior(para: str, contexto: dict, **opcoes) -> Aviso | None:
    """The old address of a record is told that RH changed it (`candidatos.correcao_email`)."""
    return enviar("correcao_email_anterior", para, contexto, **opcoes)


def correcao_email_novo(para: str, contexto: dict, **opcoes) -> Aviso | None:
    """The new address of a record is told that it now belongs to it
    (`candidatos.correcao_email`)."""
    return enviar("correcao_email_novo", para, contexto, **opcoes)


def convite_membro_comissao(para: str, contexto: dict, **opcoes) -> Aviso | None:
    """A committee member's invitation to set their password (`comissoes.dominio.contas`)."""
    return enviar("convite_membro_comissao", para, contexto, **opcoes)


def convocacao_comissao(para: str, contexto: dict, **opcoes) -> Aviso | None:
    """The candidate is called to a committee's session: heteroidentification, documentary
    verification or the multiprofessional team (`comissoes.dominio.convocacao`)."""
    return enviar("convocacao_comissao", para, contexto, **opcoes)


def aviso_publicacao_resultado(para: str, contexto: dict, **opcoes) -> Aviso | None:
    """The candidate is told that a procedure's result was published (`nucleo.avisos`)."""
    return enviar("aviso_publicacao_resultado", para, contexto, **opcoes)


def protocolo_recurso(para: str, contexto: dict, **opcoes) -> Aviso | None:
    """The receipt of a candidate's appeal in a procedure (`nucleo.avisos`)."""
    return enviar("protocolo_recurso", para, contexto, **opcoes)


# --- the portal's sign-up (candidatos.contas; sent by candidatos.contas.mensagens) --------------


def cadastro_confirmacao(para: str, contexto: dict, **opcoes) -> Aviso | None:
    """The sign-up's confirmation link (to the address the link proves)."""
    return enviar("cadastro_confirmacao", para, contexto, **opcoes)


def cadastro_conta_existente(para: str, contexto: dict, **opcoes) -> Aviso | None:
    """A sign-up for a CPF that already has an account: its owner is told."""
    return enviar("cadastro_conta_existente", para, contexto, **opcoes)


def cadastro_vinculo(para: str, contexto: dict, **opcoes) -> Aviso | None:
    """The link that joins a record the banca imported to an existing account."""
    return enviar("cadastro_vinculo", para, contexto, **opcoes)


def cadastro_reivindicacao_aberta(para: str, contexto: dict, **opcoes) -> Aviso | None:
    """A claim on a record is with RH: whoever holds the record's e-mail may object."""
    return enviar("cadastro_reivindicacao_aberta", para, contexto, **opcoes)


def cadastro_reivindicacao_aprovada(para: str, contexto: dict, **opcoes) -> Aviso | None:
    """RH approved the claim (to the claimant)."""
    return enviar("cadastro_reivindicacao_aprovada", para, contexto, **opcoes)


def cadastro_reivindicacao_aprovada_aviso(para: str, contexto: dict, **opcoes) -> Aviso | None:
    """RH approved a claim (to the record's previous e-mail)."""
    return enviar("cadastro_reivindicacao_aprovada_aviso", para, contexto, **opcoes)


def cadastro_reivindicacao_recusada(para: str, contexto: dict, **opcoes) -> Aviso | None:
    """RH refused the claim (to the claimant)."""
    return enviar("cadastro_reivindicacao_recusada", para, contexto, **opcoes)


def cadastro_reivindicacao_encerrada(para: str, contexto: dict, **opcoes) -> Aviso | None:
    """A claim ended: another confirmed request activated the CPF's account (to the claimant)."""
    return enviar("cadastro_reivindicacao_encerrada", para, contexto, **opcoes)


def redefinicao_senha(para: str, contexto: dict, **opcoes) -> Aviso | None:
    """Django's password reset: the one-time link to choose a new password, to the account's
    own address (`candidatos.contas.mensagens.enviar_redefinicao_senha`)."""
    return enviar("redefinicao_senha", para, contexto, **opcoes)


# --- classification (candidatos.contas.mensagens) -------------------------------------------


def publicacao_classificacao(para: str, contexto: dict, **opcoes) -> Aviso | None:
    """The classification of the candidate's cargo was published: see it in your area."""
    return enviar("publicacao_classificacao", para, contexto, **opcoes)
# --- the candidate's procedures (`candidatos.procedimentos`, `candidatos.condicoes`) ---------


def procedimento_instaurado(para: str, contexto: dict, **opcoes) -> Aviso | None:
    """An administrative procedure opened on the candidate's inscrição: its object, the facts
    and the defence's deadline."""
    return enviar("procedimento_instaurado", para, contexto, **opcoes)


def procedimento_decidido(para: str, contexto: dict, **opcoes) -> Aviso | None:
    """The decision of the candidate's administrative procedure, its consequence and its
    motivation."""
    return enviar("procedimento_decidido", para, contexto, **opcoes)


def procedimento_recurso_julgado(para: str, contexto: dict, **opcoes) -> Aviso | None:
    """The ruling on the candidate's appeal in an administrative procedure (without its text:
    the candidate reads it in their area)."""
    return enviar("procedimento_recurso_julgado", para, contexto, **opcoes)


def atendimento_decidido(para: str, contexto: dict, **opcoes) -> Aviso | None:
    """A decision on the candidate's special conditions at the exam (`fase`: the first
    decision, the reconsideration or the appeal's ruling), without the conditions: health
    data, read in their area."""
    return enviar("atendimento_decidido", para, contexto, **opcoes)


# --- reminders before a deadline (celery beat; each once: `chave`) ---------------------------


def lembrete_prazo_chamada(para: str, contexto: dict, **opcoes) -> Aviso | None:
    """The call's deadline for the documents ends in 2 days (`candidatos.lembretes`)."""
    return enviar("lembrete_prazo_chamada", para, contexto, **opcoes)


def lembrete_prazo_recurso(para: str, contexto: dict, **opcoes) -> Aviso | None:
    """The appeal window against the candidate's unfavourable preliminary result closes in 2
    days (`nucleo.avisos`)."""
    return enviar("lembrete_prazo_recurso", para, contexto, **opcoes)


def lembrete_sessao_comissao(para: str, contexto: dict, **opcoes) -> Aviso | None:
    """A committee member's session is tomorrow, with its `.ics`
    (`comissoes.dominio.agenda`)."""
    return enviar("lembrete_sessao_comissao", para, contexto, **opcoes)


def documento_posse_rejeitado(para: str, contexto: dict, **opcoes) -> Aviso | None:
    """A document the called candidate sent for the posse was rejected, with RH's motivation
    and the deadline to send it again (`candidatos.posse`)."""
    return enviar("documento_posse_rejeitado", para, contexto, **opcoes)

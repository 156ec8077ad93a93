"""Celery tasks of the candidatos app: thin, take ids, call the domain."""

from __future__ import annotations

import logging
import smtplib

from celery import shared_task
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from candidatos.chamadas import TAREFA_EMAIL_CONVOCACAO, enviar_email_convocacao
from candidatos.comprovante import gerar_comprovante
from candidatos.condicoes import TAREFA_AVISO as TAREFA_AVISO_ATENDIMENTO
from candidatos.condicoes import avisar_decisao as avisar_decisao_atendimento
from candidatos.contas.cadastro import TAREFA_EMAIL_CADASTRO
from candidatos.contas.mensagens import (
    TAREFA_AVISO_CLASSIFICACAO,
    TAREFA_REDEFINICAO_SENHA,
    avisar_publicacao_classificacao,
    enviar_email_cadastro,
    enviar_redefinicao_senha,
)
from candidatos.correcao_email import TAREFA_AVISO as TAREFA_AVISO_CORRECAO_EMAIL
from candidatos.correcao_email import avisar as avisar_correcao_email
from candidatos.importacao import ArquivoRejeitado, Resumo, importar_inscricoes
from candidatos.importacao.vigilancia import marcar_paradas
from candidatos.inscricao_portal import TAREFA_COMPROVANTE
from candidatos.lembretes import lembrar_prazos
from candidatos.models import Importacao
from candidatos.posse import TAREFA_AVISO_REJEICAO, avisar_rejeicao
from candidatos.procedimentos import (
    TAREFA_ABERTURA,
    TAREFA_DECISAO,
    TAREFA_JULGAMENTO,
    notificar_abertura,
    notificar_decisao,
    notificar_julgamento,
)
from candidatos.retificacao import TAREFA_NOTIFICAR as TAREFA_RETIFICACAO
from candidatos.retificacao import notificar as notificar_retificacao

logger = logging.getLogger(__name__)


def processar_importacao(importacao_id: int) -> str:
    """Run one queued import, recording progress and the outcome on the Importacao row.

    The status RH sees is what the database holds: "concluída" is written inside the import's
    own transaction (`ao_gravar`), so it commits with the rows or not at all. A rejected file
    or an internal error leaves nothing written and says so; an error raised after the
    commit (a follow-up queued on commit) leaves the import "concluída", as it is. Nothing is
    re-raised: with eager Celery this runs inside the upload's request, which must not fail
    with a 500 for a bad file; the failure is logged and shown on the import's page.
    """
    imp = Importacao.objects.select_related("certame", "criado_por").get(pk=importacao_id)
    if imp.terminada:
        return imp.status
    if imp.status == Importacao.Status.PROCESSANDO:
        # A message delivered again (the broker's visibility timeout) never starts a second
        # run: a live one goes on; a dead one is marked failed, for RH to try again.
        marcar_paradas(pk=imp.pk)
        return Importacao.objects.values_list("status", flat=True).get(pk=imp.pk)
    processando = Importacao.objects.filter(pk=imp.pk, status=Importacao.Status.PROCESSANDO)
    if not Importacao.objects.filter(pk=imp.pk, status=Importacao.Status.PENDENTE).update(
            status=Importacao.Status.PROCESSANDO, batimento_em=timezone.now()):
        return Importacao.objects.values_list("status", flat=True).get(pk=imp.pk)

    def progresso(feito: int, total: int, fase: str) -> None:
        # Runs outside the write transaction, so the page sees it while validating; each
        # call is also the heartbeat (candidatos.importacao.vigilancia).
        processando.update(total_linhas=total, linhas_processadas=feito, resumo={"fase": fase},
                           batimento_em=timezone.now())

    def concluir(resumo: Resumo) -> None:
        # Inside the write transaction: committed together with the rows. Only while still
        # "processando": an import marked failed meanwhile (no heartbeat) rolls back, so its
        # page's "nada foi gravado" stays true.
        dados = resumo.como_dict()
        if not processando.update(
                status=Importacao.Status.CONCLUIDA, resumo=dados, erros=[], total_erros=0,
                total_linhas=dados["linhas"], linhas_processadas=dados["linhas"],
                concluida_em=timezone.now()):
            raise ImportacaoAbandonada(imp.pk)

    try:
        with imp.arquivo.open("rb") as f:
            conteudo = f.read()
        importar_inscricoes(imp.certame, conteudo, autor=imp.criado_por,
                            nome_arquivo=imp.nome_arquivo, progresso=progresso,
                            ao_gravar=concluir)
    except ArquivoRejeitado as exc:
        # The first errors (planilhas.MAX_ERROS) and their total: a file of two million bad
        # lines is not stored as one 185 MB value the pages then read.
        processando.update(
            status=Importacao.Status.REJEITADA, erros=[e.como_dict() for e in exc.erros],
            total_erros=exc.total, concluida_em=timezone.now(), resumo={})
        return Importacao.Status.REJEITADA
    except ImportacaoAbandonada:
        logger.error("importação %s marcada como falha durante a gravação; nada foi gravado",
                     imp.pk)
        return Importacao.Status.FALHOU
    except Exception:
        status = Importacao.objects.filter(pk=imp.pk).values_list("status", flat=True).first()
        if status == Importacao.Status.CONCLUIDA:
            # The rows and the status were committed; what failed ran after the commit.
            logger.exception("importação %s gravada; falhou uma tarefa posterior ao commit",
                             imp.pk)
            return Importacao.Status.CONCLUIDA
        logger.exception("importação %s falhou; nada foi gravado", imp.pk)
        processando.update(status=Importacao.Status.FALHOU, concluida_em=timezone.now(),
                           resumo={})
        return Importacao.Status.FALHOU
    return Importacao.Status.CONCLUIDA


class ImportacaoAbandonada(Exception):
    """The import was marked failed (no heartbeat) before its write committed."""


@shared_task(name="candidatos.marcar_importacoes_paradas")
def marcar_importacoes_paradas_task() -> int:
    """celery beat (settings.CELERY_BEAT_SCHEDULE): imports whose process died."""
    return marcar_paradas()


@shared_task(name="candidatos.importar_inscricoes")
def importar_inscricoes_task(importacao_id: int) -> str:
    return processar_importacao(importacao_id)


def enfileirar_importacao(importacao: Importacao) -> None:
    """Queue the import once the row that describes it is committed. If the broker cannot
    take it, the import says so (instead of staying "na fila" for a job nobody holds)."""

    def enfileirar() -> None:
        try:
            importar_inscricoes_task.delay(importacao.pk)
        except Exception as exc:  # kombu's OperationalError and whatever a broker raises
            logger.exception("importação %s: não foi possível enfileirar", importacao.pk)
            # Still "na fila" only if no worker took it (an eager run records its own end).
            Importacao.objects.filter(pk=importacao.pk,
                                      status=Importacao.Status.PENDENTE).update(
                status=Importacao.Status.FALHOU, concluida_em=timezone.now(),
                erros=[{"linha": 0, "coluna": "", "mensagem": _(
                    "Não foi possível colocar a importação na fila (%(erro)s); nada foi "
                    "gravado. Envie o arquivo novamente em alguns minutos.") % {
                    "erro": exc.__class__.__name__}}])

    transaction.on_commit(enfileirar)


@shared_task(name=TAREFA_COMPROVANTE)
def gerar_comprovante_task(inscricao_id: int) -> str:
    return gerar_comprovante(inscricao_id)


@shared_task(bind=True, name=TAREFA_EMAIL_CADASTRO, max_retries=5)
def enviar_email_cadastro_task(self, tipo: str, objeto_id: int, base_url: str = "") -> bool:
    """One e-mail of the portal's sign-up (ids only: no address goes through the broker).
    A mail server failure is retried by a worker; in-process (no broker) it is logged, so the
    sign-up page stays the same whatever happened."""
    try:
        return enviar_email_cadastro(tipo, objeto_id, base_url)
    except (smtplib.SMTPException, OSError) as exc:
        logger.exception("e-mail %s do pedido/conta %s não enviado", tipo, objeto_id)
        if self.request.is_eager:
            return False
        raise self.retry(exc=exc, countdown=60) from exc


@shared_task(bind=True, name=TAREFA_REDEFINICAO_SENHA, max_retries=5)
def enviar_redefinicao_senha_task(self, usuario_id: int, base_url: str = "",
                                  site_name: str = "") -> bool:
    """The password-reset e-mail (the account's id only: neither the address nor the link
    goes through the broker). A mail server failure is retried by a worker; in-process it is
    logged, so the reset page says the same whatever happened."""
    try:
        return enviar_redefinicao_senha(usuario_id, base_url, site_name)
    except (smtplib.SMTPException, OSError) as exc:
        logger.exception("e-mail de redefinição de senha da conta %s não enviado", usuario_id)
        if self.request.is_eager:
            return False
        raise self.retry(exc=exc, countdown=60) from exc


# --- administrative procedures: the candidate's notices (queued by name on commit) ----------


@shared_task(name=TAREFA_ABERTURA)
def notificar_abertura_procedimento_task(proc_id: int) -> None:
    notificar_abertura(proc_id)


@shared_task(name=TAREFA_DECISAO)
def notificar_decisao_procedimento_task(proc_id: int) -> None:
    notificar_decisao(proc_id)


@shared_task(name=TAREFA_JULGAMENTO)
def notificar_julgamento_recurso_procedimento_task(proc_id: int) -> None:
    notificar_julgamento(proc_id)


# --- retificação de dado da inscrição: the candidate's notice (queued by name on commit) ----


@shared_task(bind=True, name=TAREFA_RETIFICACAO, max_retries=5)
def notificar_retificacao_task(self, ato_id: int) -> bool:
    """E-mail the candidate about a retificação (the act's id only). A mail server failure is
    retried by a worker; in-process (no broker) it is logged: the act stands, and the
    candidate also sees it on the status page."""
    try:
        return notificar_retificacao(ato_id)
    except (smtplib.SMTPException, OSError) as exc:
        logger.exception("e-mail da retificação (ato %s) não enviado", ato_id)
        if self.request.is_eager:
            return False
        raise self.retry(exc=exc, countdown=60) from exc


# --- RH's correction of a record's e-mail: both addresses told (queued by name on commit) --


@shared_task(bind=True, name=TAREFA_AVISO_CORRECAO_EMAIL, max_retries=5)
def avisar_correcao_email_task(self, ato_id: int) -> list[str]:
    """E-mail the old and the new address of a corrected record (the act's id only). A mail
    server failure is retried by a worker; in-process (no broker) it is logged."""
    try:
        return avisar_correcao_email(ato_id)
    except (smtplib.SMTPException, OSError) as exc:
        logger.exception("aviso da correção de e-mail (ato %s) não enviado", ato_id)
        if self.request.is_eager:
            return []
        raise self.retry(exc=exc, countdown=60) from exc


# --- the call's e-mail (candidatos/chamadas.py, queued by name on commit) -------------------


@shared_task(bind=True, name=TAREFA_EMAIL_CONVOCACAO, max_retries=5)
def email_convocacao_task(self, chamada_id: int) -> bool:
    """The call's e-mail (the call's id only). The call stands whatever the mail server does:
    a failure is logged and retried by a worker; in-process (no broker) it is logged."""
    try:
        return enviar_email_convocacao(chamada_id)
    except (smtplib.SMTPException, OSError) as exc:
        logger.exception("e-mail da convocação (chamada %s) não enviado", chamada_id)
        if self.request.is_eager:
            return False
        raise self.retry(exc=exc, countdown=60) from exc


@shared_task(name=TAREFA_AVISO_CLASSIFICACAO)
def avisar_publicacao_classificacao_task(publicacao_id: int) -> int:
    return avisar_publicacao_classificacao(publicacao_id)


# --- special conditions at the exam: the candidate's notice of a decision (on commit) --------


@shared_task(name=TAREFA_AVISO_ATENDIMENTO)
def avisar_decisao_atendimento_task(decisao_id: int) -> bool:
    return avisar_decisao_atendimento(decisao_id)


@shared_task(name="candidatos.lembrar_prazos")
def lembrar_prazos_task() -> int:
    """Periodic (celery beat, daily): the candidates' reminders of a call's deadline and of
    an appeal window that close within 2 days (`candidatos.lembretes`)."""
    return lembrar_prazos()
# --- the posse: a rejected document is told to the candidate (candidatos/posse.py) ----------


@shared_task(name=TAREFA_AVISO_REJEICAO)
def avisar_rejeicao_documento_posse_task(analise_id: int) -> bool:
    return avisar_rejeicao(analise_id)

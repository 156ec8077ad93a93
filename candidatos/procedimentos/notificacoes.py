"""The candidate's notices of an administrative procedure by e-mail (`comum.emails`): its
opening, its decision and the ruling on the appeal, each a Celery task of `candidatos.tasks`
queued by name once the transaction commits. A notice that fails is logged, never raised: the
act stands, and the candidate reads it in their area."""

from __future__ import annotations

import logging
import smtplib
from collections.abc import Callable

from django.db import transaction

from candidatos.models import ProcedimentoAdministrativo
from candidatos.procedimentos.base import data_hora
from candidatos.procedimentos.tipos import fundamentos_de, objeto_de
from certames.auditoria import ultimo_ato
from comum import emails
from comum.filas import enfileirar

logger = logging.getLogger(__name__)


def _enfileirar(nome: str, proc_id: int) -> None:
    """Queue the task `nome` (`candidatos.tasks`, by name: the tasks import this module)
    once the transaction commits."""
    transaction.on_commit(lambda: enfileirar(nome, proc_id))


def _carregar(proc_id: int) -> ProcedimentoAdministrativo:
    return (ProcedimentoAdministrativo.objects
            .select_related("inscricao__candidato", "inscricao__certame").get(pk=proc_id))


def _contexto(proc: ProcedimentoAdministrativo) -> dict:
    """What every notice names: the inscrição, the certame and what is investigated."""
    return {"numero": proc.inscricao.numero, "objeto": objeto_de(proc),
            "certame": proc.inscricao.certame.titulo}


def _enviar(mail: Callable[..., None], proc: ProcedimentoAdministrativo, contexto: dict,
            tipo_ato: str) -> None:
    """Send one notice to the candidate, recorded in the outbox with the act it tells of
    (`tipo_ato` on the procedure); a mail server failure is logged (the act stands)."""
    try:
        mail(proc.inscricao.candidato.email, {**_contexto(proc), **contexto},
             ato=ultimo_ato(proc, tipo_ato), inscricao=proc.inscricao)
    except (smtplib.SMTPException, OSError):
        logger.exception("aviso do procedimento %s não enviado", proc.pk)


def notificar_abertura(proc_id: int) -> None:
    """The opening: the facts, the guarantee and the defence's deadline."""
    proc = _carregar(proc_id)
    if not proc.inscricao.candidato.email:
        return
    _enviar(emails.procedimento_instaurado, proc, {
        "garantia": fundamentos_de(proc).garantia, "fatos": proc.fatos,
        "prazo_defesa": data_hora(proc.prazo_defesa)}, "procedimento_instaurado")


def notificar_decisao(proc_id: int) -> None:
    """The decision: its conclusion, consequence, legal basis and motivation."""
    proc = _carregar(proc_id)
    if not proc.inscricao.candidato.email:
        return
    _enviar(emails.procedimento_decidido, proc, {
        "conclusao": proc.get_conclusao_display().lower(),
        "consequencia": proc.get_consequencia_display().lower(),
        "fundamento": proc.fundamento, "motivacao": proc.motivacao}, "procedimento_decidido")


def notificar_julgamento(proc_id: int) -> None:
    """The ruling on the appeal, without its text (the candidate reads it in their area)."""
    proc = _carregar(proc_id)
    if not proc.inscricao.candidato.email or not proc.recurso_resultado:
        return
    _enviar(emails.procedimento_recurso_julgado, proc, {
        "julgado_em": data_hora(proc.recurso_julgado_em),
        "resultado": proc.get_recurso_resultado_display().lower()},
        "procedimento_recurso_julgado")

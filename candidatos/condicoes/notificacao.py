"""The candidate's e-mail on a decision about their special conditions (`comum.emails`): a
Celery task of `candidatos.tasks` queued by name once the decision commits. It names no
condition nor motivation (health data: LGPD, Lei 13.709/2018, art. 11); the candidate reads them
in their area."""

from __future__ import annotations

import logging
import smtplib

from django.db import transaction

from candidatos.condicoes.base import PRAZO_RECURSO_DIAS, TAREFA_AVISO
from candidatos.models import DecisaoAtendimento
from comum import emails
from comum.filas import enfileirar

logger = logging.getLogger(__name__)


def _avisar(decisao: DecisaoAtendimento) -> None:
    transaction.on_commit(lambda: enfileirar(TAREFA_AVISO, decisao.pk))


def avisar_decisao(decisao_id: int) -> bool:
    """Tell the candidate, by e-mail, that their request was decided (no condition nor
    motivation in the e-mail: health data; they read it in their area). Returns whether an
    e-mail was sent: a mail server failure is logged, never raised (the decision stands)."""
    decisao = (DecisaoAtendimento.objects
               .select_related("pedido__inscricao__candidato", "pedido__inscricao__certame")
               .get(pk=decisao_id))
    insc = decisao.pedido.inscricao
    if not insc.candidato.email:
        return False
    try:
        emails.atendimento_decidido(insc.candidato.email, {
            "fase": decisao.fase, "numero": insc.numero, "certame": insc.certame.titulo,
            "prazo_recurso_dias": PRAZO_RECURSO_DIAS}, inscricao=insc)
    except (smtplib.SMTPException, OSError):
        logger.exception("aviso da decisão de atendimento %s não enviado", decisao_id)
        return False
    return True

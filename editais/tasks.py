"""Celery tasks of the editais app: thin, take ids (eager without a broker)."""

from __future__ import annotations

from celery import shared_task

from editais import situacao
from editais.retificacao import TAREFA_AVISO, avisar


@shared_task(name=TAREFA_AVISO)
def avisar_retificacao_task(ato_id: int) -> int:
    return avisar(ato_id)


@shared_task(name=situacao.TAREFA_AVISO)
def avisar_situacao_certame_task(ato_id: int) -> int:
    return situacao.avisar(ato_id)

"""Celery tasks of the kernel: thin, take ids, call `nucleo.avisos` (eager without a broker).
The kernel queues them by name (`comum.filas.tarefa`), so imports go tasks -> domain."""

from __future__ import annotations

from celery import shared_task

from nucleo.avisos import TAREFA_AVISO, TAREFA_PROTOCOLO, avisar_publicacao, enviar_protocolo


@shared_task(name=TAREFA_AVISO)
def avisar_publicacao_task(publicacao_id: int) -> int:
    return avisar_publicacao(publicacao_id)


@shared_task(name=TAREFA_PROTOCOLO)
def enviar_protocolo_task(recurso_id: int) -> bool:
    return enviar_protocolo(recurso_id)

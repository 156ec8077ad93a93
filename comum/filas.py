"""Queueing a Celery task by its registered name.

A domain module queues follow-up work (a recompute, an e-mail, a PDF) whose task module imports
that same domain module. Looking the task up by name in the Celery app, instead of importing
it, keeps the imports one-way (tasks -> domain). The task's own `apply_async` is used, so eager
mode (`CELERY_TASK_ALWAYS_EAGER`, no broker) still runs it in-process.

`enfileirar` is how an act's follow-up is queued after its commit: a broker that cannot take
it (Redis down or hung) is logged and the task is kept in the database for the periodic
sweep (docs/falhas.md "Redis").
"""

from __future__ import annotations

import logging

from celery import current_app
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from comum.models import TarefaPendente

logger = logging.getLogger(__name__)


def tarefa(nome: str):
    """The task registered under `nome` (its `@shared_task(name=...)`).

    A worker imports every `tasks` module when it starts; a web process has not necessarily
    done so: the first lookup of an unknown name imports them (Celery's `import_modules`
    signal runs the Django autodiscovery of config/celery.py)."""
    if nome not in current_app.tasks:
        current_app.loader.import_default_modules()
    return current_app.tasks[nome]


def enfileirar(nome: str, *args, **kwargs) -> bool:
    """Queue the task `nome` with JSON arguments; never raises for a broker that cannot take
    it (a broker outage must neither answer 500 after the act committed nor drop
    the work silently). What the broker refused is logged and kept in `TarefaPendente`; the
    periodic sweep `certames.reenfileirar_tarefas_pendentes` hands it over once the broker is
    back. Eager mode (no broker) runs the task here, its errors propagating as before.
    Returns whether the broker took it (or it ran)."""
    tarefa_ = tarefa(nome)
    if tarefa_.app.conf.task_always_eager:
        tarefa_.apply_async(args=args, kwargs=kwargs)
        return True
    try:
        tarefa_.apply_async(args=args, kwargs=kwargs)
    except Exception as erro:  # kombu's OperationalError and whatever a broker raises
        guardar_pendente(nome, args, kwargs, erro)
        return False
    return True


def guardar_pendente(nome: str, args, kwargs, erro: BaseException) -> None:
    """Record a task the broker could not take (its own short transaction: the act it
    follows has committed)."""
    logger.warning("tarefa %s não enfileirada (%s: %s); guardada para o reenvio automático",
                   nome, type(erro).__name__, erro)
    TarefaPendente.objects.create(nome=nome, args=list(args), kwargs=dict(kwargs),
                                  erro=f"{type(erro).__name__}: {erro}"[:2000])


def reenfileirar_pendentes(limite: int = 500) -> int:
    """Hand the kept tasks to the broker, oldest first; each one handed over is removed, one
    still refused stays (its attempt counted). Periodic (celery beat). Returns how many went."""
    enviadas = 0
    for pendente_id in list(TarefaPendente.objects.values_list("pk", flat=True)[:limite]):
        with transaction.atomic():
            pendente = (TarefaPendente.objects.select_for_update(skip_locked=True)
                        .filter(pk=pendente_id).first())
            if pendente is None:
                continue
            try:
                tarefa(pendente.nome).apply_async(args=pendente.args, kwargs=pendente.kwargs)
            except Exception as erro:
                logger.warning("tarefa pendente %s ainda não enfileirada (%s)", pendente.nome,
                               type(erro).__name__)
                TarefaPendente.objects.filter(pk=pendente.pk).update(
                    tentativas=F("tentativas") + 1, tentada_em=timezone.now(),
                    erro=f"{type(erro).__name__}: {erro}"[:2000])
                break  # the broker is still down: the next sweep tries again
            pendente.delete()
            enviadas += 1
    return enviadas

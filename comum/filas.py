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

import importlib
import importlib.util
import logging

from celery import current_app
from django.apps import apps
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from comum.models import TarefaPendente

logger = logging.getLogger(__name__)


def importar_tarefas() -> None:
    """Import every installed app's `tasks` module (what config/celery.py's autodiscovery
    finds), registering its tasks by name.

    Not through Celery's `loader.import_default_modules()`: in a web process its Django fixup
    runs every system check first (1.3 s here, paid by the first request that queued a task
    in each gunicorn worker: RH's publication took 1.4 s)."""
    for configuracao in apps.get_app_configs():
        if importlib.util.find_spec(f"{configuracao.name}.tasks") is not None:
            importlib.import_module(f"{configuracao.name}.tasks")


def preparar_processo() -> None:
    """What a web process does once at start so that its first queued task costs what the
    others do (4 ms here instead of 1.6 s): the tasks registered and the broker's transport
    imported (kombu connects at the first send; a broker down at start delays nothing)."""
    importar_tarefas()
    if not current_app.conf.task_always_eager:
        current_app.connection_for_write().release()


def tarefa(nome: str):
    """The task registered under `nome` (its `@shared_task(name=...)`).

    A worker imports every `tasks` module when it starts; a web process does at start
    (config/wsgi.py), and otherwise at the first lookup of an unknown name."""
    if nome not in current_app.tasks:
        importar_tarefas()
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

"""Queueing a Celery task by its registered name.

A domain module queues follow-up work (a recompute, an e-mail, a PDF) whose task module imports
that same domain module. Looking the task up by name in the Celery app, instead of importing
it, keeps the imports one-way (tasks -> domain). The task's own `apply_async` is used, so eager
mode (`CELERY_TASK_ALWAYS_EAGER`, no broker) still runs it in-process.
"""

from __future__ import annotations

from celery import current_app


def tarefa(nome: str):
    """The task registered under `nome` (its `@shared_task(name=...)`).

    A worker imports every `tasks` module when it starts; a web process has not necessarily
    done so: the first lookup of an unknown name imports them (Celery's `import_modules`
    signal runs the Django autodiscovery of config/celery.py)."""
    if nome not in current_app.tasks:
        current_app.loader.import_default_modules()
    return current_app.tasks[nome]

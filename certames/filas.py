"""Queueing a Celery task by its registered name.

A domain module queues follow-up work (a recompute, an e-mail, a PDF) whose task module imports
that same domain module. Looking the task up by name in the Celery app, instead of importing
it, keeps the imports one-way (tasks -> domain). The lookup finalises the app, which imports
every app's `tasks` module (`app.autodiscover_tasks()` in config/celery.py), so eager mode
(`CELERY_TASK_ALWAYS_EAGER`, no broker) still runs the task in-process.
"""

from __future__ import annotations

from celery import current_app


def tarefa(nome: str):
    """The task registered under `nome` (its `@shared_task(name=...)`)."""
    return current_app.tasks[nome]

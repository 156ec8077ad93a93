"""Celery tasks of the shared tools. Their names keep the `certames.` prefix they were
registered with, so messages already queued (and celery beat's schedule) still find them."""

from celery import shared_task

from comum import cache_publico, filas


@shared_task(name="certames.reenfileirar_tarefas_pendentes")
def reenfileirar_tarefas_pendentes() -> int:
    """Periodic (celery beat): hand the broker the tasks it could not take during an outage
    (comum.filas.enfileirar)."""
    return filas.reenfileirar_pendentes()


@shared_task(name="certames.compactar_invalidacoes")
def compactar_invalidacoes() -> int:
    """Periodic (celery beat): fold the cached pages' renewals (comum.cache_publico)."""
    return cache_publico.compactar_invalidacoes()

"""Celery tasks of the shared tools (the outbox's sending included: `comum.enviar_aviso`).
The older ones' names keep the `certames.` prefix they were
registered with, so messages already queued (and celery beat's schedule) still find them."""

from celery import shared_task
from django.conf import settings

from comum import cache_publico, emails, filas


@shared_task(name="certames.reenfileirar_tarefas_pendentes")
def reenfileirar_tarefas_pendentes() -> int:
    """Periodic (celery beat): hand the broker the tasks it could not take during an outage
    (comum.filas.enfileirar)."""
    return filas.reenfileirar_pendentes()


@shared_task(name="certames.compactar_invalidacoes")
def compactar_invalidacoes() -> int:
    """Periodic (celery beat): fold the cached pages' renewals (comum.cache_publico)."""
    return cache_publico.compactar_invalidacoes()


@shared_task(bind=True, name=emails.TAREFA_ENVIO, max_retries=None)
def enviar_aviso(self, aviso_id: int) -> str:
    """One try of a notice of the outbox (comum.emails): a transient failure is tried again
    after a doubling wait, `AVISOS_TENTATIVAS` tries in all; the last one, or a permanent
    failure, ends the notice `falhou` (recorded, never raised)."""
    ultima = self.request.retries + 1 >= settings.AVISOS_TENTATIVAS
    try:
        return emails.enviar_aviso(aviso_id, ultima=ultima)
    except emails.FalhaEnvio as falha:
        espera = emails.espera(self.request.retries)
        if self.request.is_eager:
            # In-process (no broker, and the tests) Celery runs the retry returned here at
            # once; raised, it would propagate (CELERY_TASK_EAGER_PROPAGATES).
            return self.retry(exc=falha.erro, countdown=espera, throw=False)
        raise self.retry(exc=falha.erro, countdown=espera) from falha.erro

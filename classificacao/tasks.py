"""Celery tasks of the certames app: thin, take ids, call the domain."""

from celery import shared_task

from certames.recalculo import TAREFA_RECALCULO, reenfileirar_atrasados
from classificacao import (
    documentos,  # noqa: F401 - registers the vacancy table and list PDFs
    preparo,
)
from classificacao.impressos import TAREFA_PDF, gerar
from classificacao.listas import ERROS_TRANSITORIOS, executar_recalculo


@shared_task(
    name=TAREFA_RECALCULO,
    # Acknowledged only when done, and given back to the queue if the process running it dies
    # (kill -9, out of memory): a recompute is never lost with its worker. Running it twice
    # is harmless (per-cargo lock, generations, input hash).
    acks_late=True,
    reject_on_worker_lost=True,
    autoretry_for=ERROS_TRANSITORIOS,
    retry_backoff=True,
    retry_backoff_max=300,
    max_retries=8,
)
def recalcular_classificacao(cargo_id: int, geracao: int | None = None,
                             causa: str = "") -> int | None:
    return executar_recalculo(cargo_id, geracao, causa)


@shared_task(name="certames.reenfileirar_recalculos_atrasados")
def reenfileirar_recalculos_atrasados() -> list[int]:
    """Periodic (celery beat): re-queue recomputes requested long ago and never computed."""
    return reenfileirar_atrasados()


@shared_task(name=TAREFA_PDF)
def gerar_documento_pdf(tipo: str, alvo_id: int) -> int:
    """Render a generated document (classificacao.impressos) for its subject's current acts
    (a cargo, a certame or a publication: `Impresso.alvo`)."""
    return gerar(tipo, alvo_id)


@shared_task(bind=True, name=preparo.TAREFA_RESUMOS, acks_late=True, reject_on_worker_lost=True,
             max_retries=preparo.TENTATIVAS - 1)
def gravar_resumos_publicacao(self, publicacao_id: int) -> str:
    """A publication's per-candidate summaries, batch by batch (classificacao.preparo). A
    failure is recorded on its row and retried with backoff; the last one stays shown."""
    try:
        return preparo.gravar_resumos(publicacao_id)
    except Exception as exc:
        ultima = self.request.retries >= self.max_retries
        preparo.falha_resumos(publicacao_id, exc, ultima=ultima)
        if ultima:
            raise
        raise self.retry(exc=exc, countdown=preparo.espera(self.request.retries)) from exc


@shared_task(bind=True, name=preparo.TAREFA_ARQUIVO, acks_late=True, reject_on_worker_lost=True,
             max_retries=preparo.TENTATIVAS - 1)
def gerar_arquivo_publicacao(self, arquivo_id: int) -> str:
    """One document of a publication, rendered and stored (classificacao.preparo). A failure
    is recorded on its row and retried with backoff; the last one stays shown."""
    try:
        return preparo.gerar_arquivo(arquivo_id)
    except Exception as exc:
        ultima = self.request.retries >= self.max_retries
        preparo.falha_arquivo(arquivo_id, exc, ultima=ultima)
        if ultima:
            raise
        raise self.retry(exc=exc, countdown=preparo.espera(self.request.retries)) from exc

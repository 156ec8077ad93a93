"""Celery tasks of the certames app: thin, take ids, call the domain."""

from celery import shared_task

from certames.recalculo import TAREFA_RECALCULO, reenfileirar_atrasados
from classificacao import documentos  # noqa: F401 - registers the vacancy table and list PDFs
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

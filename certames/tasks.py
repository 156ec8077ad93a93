"""Celery tasks of the certames app: thin, take ids, call the domain."""

from celery import shared_task

from certames.classificacao import recalcular


@shared_task(name="certames.recalcular_classificacao")
def recalcular_classificacao(cargo_id: int, geracao: int | None = None,
                             causa: str = "") -> int | None:
    versao = recalcular(cargo_id, geracao, causa)
    return versao.numero if versao else None

"""Celery tasks of the committees: thin, take ids, call the domain (eager without a broker)."""

from __future__ import annotations

from celery import shared_task
from django.db import transaction


@shared_task(name="comissoes.gerar_ata")
def gerar_ata_task(sessao_id: int) -> str:
    from comissoes.ata import gerar_ata

    return gerar_ata(sessao_id)


@shared_task(name="comissoes.notificar_convocacao")
def notificar_convocacao_task(convocacao_id: int) -> bool:
    from comissoes.dominio.convocacao import notificar_convocacao

    return notificar_convocacao(convocacao_id)


@shared_task(name="comissoes.avisar_publicacao_resultado")
def avisar_publicacao_task(publicacao_id: int) -> int:
    from comissoes.dominio.resultados import avisar_publicacao

    return avisar_publicacao(publicacao_id)


def enfileirar_ata(sessao) -> None:
    """Queue the session's minutes once its closing is committed."""
    transaction.on_commit(lambda: gerar_ata_task.delay(sessao.pk))


def enfileirar_notificacao(convocacao) -> None:
    """E-mail the candidate once the convocation is committed."""
    transaction.on_commit(lambda: notificar_convocacao_task.delay(convocacao.pk))

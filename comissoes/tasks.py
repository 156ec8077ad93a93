"""Celery tasks of the committees: thin, take ids, call the domain (eager without a broker).

The domain queues them by name (`comum.filas.tarefa`, the names are the domain's
`TAREFA_*` constants), so the imports go one way: tasks -> domain.
"""

from __future__ import annotations

from celery import shared_task

from comissoes.ata import gerar_ata
from comissoes.dominio.agenda import lembrar_sessoes
from comissoes.dominio.contas import TAREFA_CONVITE, enviar_convite
from comissoes.dominio.convocacao import TAREFA_NOTIFICACAO, notificar_convocacao
from comissoes.dominio.sessoes import TAREFA_ATA


@shared_task(name=TAREFA_ATA)
def gerar_ata_task(sessao_id: int) -> str:
    return gerar_ata(sessao_id)


@shared_task(name=TAREFA_NOTIFICACAO)
def notificar_convocacao_task(convocacao_id: int) -> bool:
    return notificar_convocacao(convocacao_id)


@shared_task(name=TAREFA_CONVITE)
def enviar_convite_membro_task(usuario_id: int, base_url: str = "") -> bool:
    return enviar_convite(usuario_id, base_url)


@shared_task(name="comissoes.lembrar_sessoes")
def lembrar_sessoes_task() -> int:
    """Periodic (celery beat, daily): the members' reminder of tomorrow's sessions."""
    return lembrar_sessoes()

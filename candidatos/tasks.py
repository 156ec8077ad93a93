"""Celery tasks of the candidatos app: thin, take ids, call the domain."""

from __future__ import annotations

import logging

from celery import shared_task
from django.db import transaction
from django.utils import timezone

from candidatos.importacao import ArquivoRejeitado, importar_inscricoes
from candidatos.models import Importacao, Inscricao

logger = logging.getLogger(__name__)


def processar_importacao(importacao_id: int) -> str:
    """Run one queued import, recording progress and the outcome on the Importacao row."""
    imp = Importacao.objects.select_related("certame", "criado_por").get(pk=importacao_id)
    if imp.terminada:
        return imp.status
    Importacao.objects.filter(pk=imp.pk).update(status=Importacao.Status.PROCESSANDO)

    def progresso(feito: int, total: int, fase: str) -> None:
        # Runs outside the write transaction, so the page sees it while validating.
        Importacao.objects.filter(pk=imp.pk).update(
            total_linhas=total, linhas_processadas=feito, resumo={"fase": fase})

    with imp.arquivo.open("rb") as f:
        conteudo = f.read()
    try:
        resumo = importar_inscricoes(imp.certame, conteudo, autor=imp.criado_por,
                                     nome_arquivo=imp.nome_arquivo, progresso=progresso)
    except ArquivoRejeitado as exc:
        Importacao.objects.filter(pk=imp.pk).update(
            status=Importacao.Status.REJEITADA, erros=[e.como_dict() for e in exc.erros],
            concluida_em=timezone.now(), resumo={})
        return Importacao.Status.REJEITADA
    except Exception:
        logger.exception("importação %s falhou", imp.pk)
        Importacao.objects.filter(pk=imp.pk).update(
            status=Importacao.Status.FALHOU, concluida_em=timezone.now())
        raise
    dados = resumo.como_dict()
    Importacao.objects.filter(pk=imp.pk).update(
        status=Importacao.Status.CONCLUIDA, resumo=dados, total_linhas=dados["linhas"],
        linhas_processadas=dados["linhas"], concluida_em=timezone.now())
    return Importacao.Status.CONCLUIDA


@shared_task(name="candidatos.importar_inscricoes")
def importar_inscricoes_task(importacao_id: int) -> str:
    return processar_importacao(importacao_id)


def enfileirar_importacao(importacao: Importacao) -> None:
    """Queue the import once the row that describes it is committed."""
    transaction.on_commit(lambda: importar_inscricoes_task.delay(importacao.pk))


@shared_task(name="candidatos.gerar_comprovante")
def gerar_comprovante_task(inscricao_id: int) -> str:
    from candidatos.comprovante import gerar_comprovante

    return gerar_comprovante(inscricao_id)


def enfileirar_comprovante(inscricao: Inscricao) -> None:
    """Queue the receipt once the inscrição (or its change) is committed."""
    transaction.on_commit(lambda: gerar_comprovante_task.delay(inscricao.pk))

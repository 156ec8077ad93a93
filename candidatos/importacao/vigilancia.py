"""Imports whose worker died are seen, and can be tried again.

The task (`candidatos.tasks.processar_importacao`) writes a heartbeat (`Importacao.batimento_em`)
when it starts and at each progress step while it reads and validates the file (every
`importacao.consultas.LOTE` rows), and once more just before the write transaction. An import
still "processando" whose last heartbeat is older than `settings.IMPORTACAO_SEM_BATIMENTO_MINUTOS`
lost its process (kill -9, out of memory, the machine restarted: nothing in the process could
record its own end). `marcar_paradas` (every minute from celery beat, and for one import
whenever its page is read) marks it "falhou" with the reason and "nada foi gravado".

That sentence is true by construction, not hoped for: the rows and the "concluída" status are
written in ONE transaction (`importacao.importar_inscricoes` with `ao_gravar`), so a process
that dies before the commit leaves nothing; and the status is set in that transaction only
while the import is still "processando" (`tasks.concluir`), so an import already marked
failed (a process slower than the limit, not dead) rolls its rows back instead of writing
them under a "falhou" page. Either the page says "falhou, nada foi gravado" and nothing was
written, or it says "concluída" with the rows.

`repetir` gives the same stored file again as a new import (`repeticao_de` links them; the
failed one stays as it was, with its reason), for RH's "Tentar de novo" button.
"""

from __future__ import annotations

import datetime as dt
import logging

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from candidatos.models import Importacao

logger = logging.getLogger(__name__)


def limite_sem_batimento() -> dt.timedelta:
    return dt.timedelta(minutes=getattr(settings, "IMPORTACAO_SEM_BATIMENTO_MINUTOS", 10))


def mensagem_parada() -> str:
    minutos = int(limite_sem_batimento().total_seconds() // 60)
    return _("O processamento parou: o processo que executava a importação foi interrompido "
             "(nenhum sinal dele há mais de %(n)d minutos). Nada foi gravado. Use “Tentar de "
             "novo” para processar o mesmo arquivo outra vez.") % {"n": minutos}


def _paradas(agora: dt.datetime):
    corte = agora - limite_sem_batimento()
    return Importacao.objects.filter(
        Q(batimento_em__lt=corte) | Q(batimento_em__isnull=True, criada_em__lt=corte),
        status=Importacao.Status.PROCESSANDO)


def marcar_paradas(agora: dt.datetime | None = None, *, pk: int | None = None) -> int:
    """Mark as failed every import (or import `pk`) processing without a heartbeat for the
    limit. One conditional UPDATE: an import that finishes meanwhile is not touched (its
    write transaction holds the row, and the condition is checked again after it)."""
    agora = agora or timezone.now()
    paradas = _paradas(agora)
    if pk is not None:
        paradas = paradas.filter(pk=pk)
    ids = list(paradas.values_list("pk", flat=True))
    if not ids:
        return 0
    marcadas = paradas.filter(pk__in=ids).update(
        status=Importacao.Status.FALHOU, concluida_em=agora, resumo={}, total_erros=1,
        erros=[{"linha": 0, "coluna": "", "mensagem": mensagem_parada()}])
    if marcadas:
        logger.error("importações sem sinal do processamento marcadas como falhas: %s", ids)
    return marcadas


def repetir(importacao: Importacao, *, autor) -> Importacao:
    """The failed import's file again, as a new import (queued by the caller with
    `tasks.enfileirar_importacao`, in the same transaction). Raises ValidationError when the
    import did not fail or its file is no longer stored."""
    if importacao.status != Importacao.Status.FALHOU:
        raise ValidationError(_("Só uma importação que falhou pode ser tentada de novo."))
    if not importacao.arquivo or not importacao.arquivo.storage.exists(importacao.arquivo.name):
        raise ValidationError(_("O arquivo desta importação não está mais guardado: envie a "
                                "planilha novamente."))
    return Importacao.objects.create(
        certame_id=importacao.certame_id, arquivo=importacao.arquivo.name,
        nome_arquivo=importacao.nome_arquivo, criado_por=autor, repeticao_de=importacao)

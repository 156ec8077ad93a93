"""Asking for a recompute, and what the pages say about it: the part of classification every
domain app calls inside its acts' transactions (the recompute itself, the snapshots and the
publications live in the `classificacao` app, above the domain apps).

`solicitar_recalculo` is called inside the transaction of every act that can change a cargo's
lists; it bumps the cargo's generation and queues the recompute task on commit, by name (the
task module imports the recompute, which reads every domain app's rows).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import timedelta

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from certames import regras
from certames.models import Cargo, parametros_motor
from certames.regras.json_io import ler_parametros as _ler_parametros_json
from comum.filas import tarefa

logger = logging.getLogger(__name__)

#: The recompute task's name (classificacao/tasks.py), queued by name: tasks imports the
#: recompute, which reads the domain apps' rows.
TAREFA_RECALCULO = "certames.recalcular_classificacao"


def ler_parametros(parametros: dict) -> regras.Parametros:
    """The edital's engine settings; raises regras.ErroEntrada with a Portuguese message."""
    return _ler_parametros_json(parametros_motor(parametros) or None)


# --- queueing -------------------------------------------------------------------------------


def solicitar_recalculo(cargos: Iterable[Cargo | int], causa: str) -> None:
    """Call inside the act's transaction: bump the generation, queue the job on commit."""
    ids = sorted({c.pk if isinstance(c, Cargo) else int(c) for c in cargos})
    if not ids:
        return
    Cargo.objects.filter(pk__in=ids).update(
        geracao_classificacao=F("geracao_classificacao") + 1,
        recalculo_enfileirado_em=timezone.now())
    geracoes = dict(Cargo.objects.filter(pk__in=ids).values_list("pk", "geracao_classificacao"))
    for cargo_id in ids:
        transaction.on_commit(
            lambda c=cargo_id, g=geracoes[cargo_id]: enfileirar_recalculo(c, g, causa))


def enfileirar_recalculo(cargo_id: int, geracao: int, causa: str) -> bool:
    """Hand one recompute to the broker (or run it, eager); record that it is queued.

    If the broker cannot take it, the cargo records why, so the page never says "na fila"
    for a job nobody holds, and the periodic sweep tries again.
    """
    try:
        tarefa(TAREFA_RECALCULO).delay(cargo_id, geracao, causa)
    except Exception as exc:  # kombu's OperationalError and whatever a broker raises
        logger.exception("recálculo do cargo %s: não foi possível enfileirar", cargo_id)
        Cargo.objects.filter(pk=cargo_id).update(
            recalculo_falha=_("Não foi possível colocar o recálculo na fila (%(erro)s). Ele "
                              "será tentado de novo automaticamente em alguns minutos; se "
                              "persistir, verifique o Redis e os workers.")
            % {"erro": exc.__class__.__name__},
            recalculo_falha_geracao=None, recalculo_falha_em=timezone.now())
        return False
    Cargo.objects.filter(pk=cargo_id, geracao_enfileirada__lt=geracao).update(
        geracao_enfileirada=geracao)
    return True


#: How long a requested generation may stay uncomputed before the sweep re-queues it: longer
#: than a normal queue wait, far shorter than the broker's visibility timeout.
ATRASO_REENFILEIRAR = timedelta(minutes=5)


def reenfileirar_atrasados(agora=None, atraso: timedelta = ATRASO_REENFILEIRAR) -> list[int]:
    """Re-queue every cargo whose requested generation is ahead of the computed one for longer
    than `atraso` (a worker killed mid-job, a broker that lost the message, a failed
    enqueue). A generation whose recompute failed on its data is left to RH (the page shows
    the reason); running it again would fail the same way."""
    agora = agora or timezone.now()
    atrasados = list(
        Cargo.objects.filter(geracao_classificacao__gt=F("geracao_calculada"),
                             recalculo_enfileirado_em__lte=agora - atraso)
        .exclude(recalculo_falha_geracao=F("geracao_classificacao"))
        .values_list("pk", "geracao_classificacao"))
    for cargo_id, geracao in atrasados:
        Cargo.objects.filter(pk=cargo_id).update(recalculo_enfileirado_em=agora)
        logger.warning("recálculo do cargo %s (geração %s) reenfileirado", cargo_id, geracao)
        enfileirar_recalculo(cargo_id, geracao, str(_("reenfileirado após atraso")))
    return [cargo_id for cargo_id, _g in atrasados]


@dataclass
class EstadoRecalculo:
    """What the cargo page says about the recompute, derived from the cargo's bookkeeping."""

    codigo: str  # atualizada | na_fila | falhou | nao_enfileirada
    mensagem: str
    falha_em: object = None


def estado_recalculo(cargo: Cargo) -> EstadoRecalculo:
    solicitada, calculada = cargo.geracao_classificacao, cargo.geracao_calculada
    if calculada >= solicitada:
        return EstadoRecalculo("atualizada", str(_("A classificação está atualizada.")))
    if cargo.recalculo_falha and cargo.recalculo_falha_geracao == solicitada:
        return EstadoRecalculo("falhou", cargo.recalculo_falha, cargo.recalculo_falha_em)
    if cargo.geracao_enfileirada >= solicitada:
        return EstadoRecalculo("na_fila", str(_(
            "Há atos posteriores à última versão: o recálculo está na fila.")))
    mensagem = cargo.recalculo_falha or str(_(
        "Há atos posteriores à última versão, mas nenhum recálculo foi enfileirado. Clique "
        "em “Recalcular agora” (a verificação periódica também o fará em alguns minutos)."))
    return EstadoRecalculo("nao_enfileirada", mensagem, cargo.recalculo_falha_em)


def mensagem_aguardando_nota(versao) -> str:
    """Why a version whose `aguardando_nota` is not empty is not published as final nor
    called (spec section 10): a position called now could be a seat of one of them."""
    n = len(versao.aguardando_nota)
    return _("%(n)d inscrição(ões) admitida(s) a uma fase aguardam a nota da banca (versão "
             "%(v)d): enquanto isso, a classificação final do cargo não é publicada e nenhuma "
             "posição é convocada, pois a vaga pode ser de uma delas (regras de reserva, "
             "seção 10). Importe as notas que faltam.") % {"n": n, "v": versao.numero}

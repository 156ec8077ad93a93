"""The fee's payment: the fee situation the clock gives, RH's record of a payment and the end of
the payment deadline (Lei 3.057/2026 de Severínia, art. 3º, VII and §3º)."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Exists, OuterRef, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from simple_history.utils import bulk_update_with_history

from candidatos.isencao.base import (
    _INSCRICAO_COM,
    SituacaoTaxa,
    _pedido_de,
    etapas,
    pedidos_com_resultado_definitivo,
    prazo_final,
    publicacoes_do_pedido,
)
from candidatos.models import Inscricao, PedidoIsencao
from candidatos.servicos import FINAIS
from certames import cronograma
from certames.auditoria import registrar_ato
from certames.models import Certame, Etapa
from certames.recalculo import solicitar_recalculo
from certames.situacao import exigir_em_curso
from certames.travas import travar, travar_certame, travar_varios
from comum.formatos import data_hora_br


def _aguarda_resultado(insc: Inscricao) -> bool:
    """A request whose final result is not published yet: the candidate is not in default."""
    pedido = _pedido_de(insc)
    if pedido is None:
        return False
    return publicacoes_do_pedido(pedido)[1] is None


def situacao_taxa_efetiva(inscricao: Inscricao, agora: dt.datetime | None = None, *,
                          etapas: list[Etapa] | None = None,
                          aguarda_resultado: bool | None = None) -> str:
    """The fee situation derived from the clock: a pending fee after the payment deadline is
    "não confirmada" (art. 3º, VII and §3º), unless the exemption request still awaits its
    final result. Correctness does not depend on `encerrar_prazo_pagamento` having run.
    ``etapas`` (the certame's schedule) and ``aguarda_resultado`` (a request without its
    final result) when the caller already read them (the candidate's status page)."""
    agora = agora or timezone.now()
    if inscricao.situacao_taxa != SituacaoTaxa.PENDENTE:
        return inscricao.situacao_taxa
    if etapas is not None:
        fim = max((e.fim for e in etapas if e.tipo == Etapa.Tipo.PAGAMENTO_TAXA), default=None)
    else:
        fim = prazo_final(inscricao.certame, Etapa.Tipo.PAGAMENTO_TAXA)
    if fim is None or agora <= fim:
        return SituacaoTaxa.PENDENTE
    if aguarda_resultado is None:
        aguarda_resultado = _aguarda_resultado(inscricao)
    return SituacaoTaxa.PENDENTE if aguarda_resultado else SituacaoTaxa.NAO_CONFIRMADA


def _aguarda_resultado_definitivo() -> Exists:
    """Over Inscricao rows: the inscrição's exemption request awaits its batch's final result
    (`_aguarda_resultado` in bulk)."""
    return Exists(PedidoIsencao.objects.filter(inscricao=OuterRef("pk"))
                  .exclude(pk__in=pedidos_com_resultado_definitivo().values("objeto_id")))


def taxas_ainda_pendentes(certame: Certame, inscricoes: QuerySet[Inscricao],
                          agora: dt.datetime) -> QuerySet[Inscricao]:
    """`situacao_taxa_efetiva` in bulk: those of `inscricoes` (the certame's) whose fee is still
    pending at `agora`, so may yet be paid or exempted. Until the payment deadline ends, or
    in a schedule without one, every pending fee; after it, those whose exemption request
    awaits its final result (art. 3º, VII and §3º)."""
    pendentes = inscricoes.filter(situacao_taxa=SituacaoTaxa.PENDENTE)
    fim = prazo_final(certame, Etapa.Tipo.PAGAMENTO_TAXA)
    if fim is None or agora <= fim:
        return pendentes
    return pendentes.filter(_aguarda_resultado_definitivo())


def _fundamento_pagamento(certame: Certame, *, prazo: bool = False) -> str:
    """The payment deadline's basis: the exemption law's (`prazo`: the short citation for
    messages), else the edital's."""
    dados = certame.regime_legal.isencao
    if dados is None:
        return _("edital (prazo de pagamento da taxa de inscrição)")
    return dados.fundamento_prazo_pagamento if prazo else dados.fundamento_pagamento


@transaction.atomic
def registrar_pagamento(inscricao: Inscricao, *, autor, referencia: str,
                        agora: dt.datetime | None = None) -> Inscricao:
    """RH records the payment of the fee, until the payment deadline (art. 3º, §3º)."""
    agora = agora or timezone.now()
    insc = travar(Inscricao, inscricao, *_INSCRICAO_COM)
    exigir_em_curso(insc.certame)
    referencia = (referencia or "").strip()
    if not referencia:
        raise ValidationError(_("Informe o comprovante do pagamento (ex.: número do boleto)."))
    if insc.situacao_taxa == SituacaoTaxa.PAGA:
        raise ValidationError(_("A taxa desta inscrição já está paga."))
    if insc.situacao_taxa == SituacaoTaxa.ISENTA:
        raise ValidationError(_("A inscrição está isenta da taxa."))
    fim = prazo_final(insc.certame, Etapa.Tipo.PAGAMENTO_TAXA)
    if insc.situacao_taxa == SituacaoTaxa.NAO_CONFIRMADA or (fim is not None and agora > fim):
        raise ValidationError(_("O prazo de pagamento da taxa terminou em %(f)s (%(lei)s).") % {
            "f": data_hora_br(fim) if fim else "—",
            "lei": _fundamento_pagamento(insc.certame, prazo=True)})
    antes = insc.situacao_taxa
    insc.situacao_taxa = SituacaoTaxa.PAGA
    insc.save(update_fields=["situacao_taxa", "atualizada_em"])
    registrar_ato(
        tipo="pagamento_taxa", autor=autor, certame=insc.certame, objeto=insc,
        descricao=_("Pagamento da taxa da inscrição %(n)s registrado.") % {"n": insc.numero},
        motivacao=referencia, fundamento_legal=_fundamento_pagamento(insc.certame),
        antes={"situacao_taxa": antes}, depois={"situacao_taxa": insc.situacao_taxa,
                                                "registrado_em": agora.isoformat()})
    return insc


@transaction.atomic
def encerrar_prazo_pagamento(certame: Certame, *, autor,
                             agora: dt.datetime | None = None) -> list[Inscricao]:
    """After the payment deadline, mark the unpaid inscrições "não confirmada" in one act and
    queue the recompute of their cargos (art. 3º, §3º, a contrario)."""
    agora = agora or timezone.now()
    certame = travar_certame(certame)
    exigir_em_curso(certame)
    # The schedule's guard of every act that waits for a stage (`certames.cronograma`): here,
    # the end of the payment stage.
    cronograma.recusar_antes_da_abertura(
        etapas(certame, Etapa.Tipo.PAGAMENTO_TAXA),
        cronograma.Abertura(Etapa.Tipo.PAGAMENTO_TAXA, cronograma.FIM), agora,
        sem_etapa=_("O cronograma deste certame não prevê o prazo de pagamento da taxa."),
        futura=_("O prazo de pagamento termina em %(d)s."))
    # A request still awaiting the final result of its batch keeps the inscrição out.
    candidatas = (Inscricao.objects.filter(certame=certame, situacao_taxa=SituacaoTaxa.PENDENTE)
                  .exclude(situacao__in=FINAIS).exclude(_aguarda_resultado_definitivo()))
    marcadas = travar_varios(candidatas, "numero")
    if not marcadas:
        return []
    for insc in marcadas:
        insc.situacao_taxa = SituacaoTaxa.NAO_CONFIRMADA
    bulk_update_with_history(marcadas, Inscricao, ["situacao_taxa"], default_user=autor,
                             default_change_reason="prazo de pagamento encerrado")
    numeros = [i.numero for i in marcadas]
    registrar_ato(
        tipo="encerramento_prazo_pagamento", autor=autor, certame=certame, objeto=certame,
        descricao=_("Prazo de pagamento encerrado: %(q)d inscrições não confirmadas por falta "
                    "de pagamento da taxa.") % {"q": len(marcadas)},
        fundamento_legal=_fundamento_pagamento(certame),
        antes={"situacao_taxa": SituacaoTaxa.PENDENTE.value},
        depois={"situacao_taxa": SituacaoTaxa.NAO_CONFIRMADA.value, "inscricoes": numeros})
    solicitar_recalculo({i.cargo_id for i in marcadas},
                        _("prazo de pagamento da taxa encerrado"))
    return marcadas

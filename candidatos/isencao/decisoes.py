"""RH's preliminary decision on every request: the automatic check confirmed, one by one or in
bulk, or a motivated decision (Lei 3.057/2026 de Severínia, art. 3º, III and §2º)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from candidatos.isencao.base import (
    _PEDIDO_COM,
    RESULTADO_DA_VERIFICACAO,
    Fase,
    Resultado,
    SituacaoTaxa,
    _motivacao,
    _nota_sem_restituicao,
    publicacoes_do_pedido,
    regra,
)
from candidatos.isencao.verificacao import motivacao_automatica
from candidatos.models import DecisaoIsencao, PedidoIsencao
from certames.auditoria import registrar_ato
from certames.travas import travar


@transaction.atomic
def decidir_preliminar(pedido: PedidoIsencao, *, autor, resultado: str = "",
                       motivacao: str = "", confirmar: bool = False) -> DecisaoIsencao:
    """RH confirms the automatic check or decides otherwise (a new act supersedes an earlier
    one) until the preliminary result is published. Rejections are motivated (art. 3º, §2º)."""
    pedido = travar(PedidoIsencao, pedido, *_PEDIDO_COM)
    insc = pedido.inscricao
    certame = insc.certame
    dados = regra(certame)
    if publicacoes_do_pedido(pedido)[0] is not None:
        raise ValidationError(_("O resultado preliminar já foi publicado: a revisão se faz no "
                                "julgamento do recurso."))
    if confirmar:
        automatico = RESULTADO_DA_VERIFICACAO.get(pedido.verificacao)
        if automatico is None:
            raise ValidationError(_(
                "A verificação automática “%(v)s” não pode ser confirmada: decida com "
                "motivação.") % {"v": pedido.get_verificacao_display()})
        if resultado and resultado != automatico:
            raise ValidationError(_("Para decidir contra a verificação automática, registre "
                                    "uma decisão motivada."))
        resultado = automatico
        motivacao = (motivacao or "").strip() or motivacao_automatica(pedido)
    if resultado not in Resultado.values:
        raise ValidationError(_("Resultado inválido."))
    motivacao = _motivacao(motivacao, especifica=resultado == Resultado.INDEFERIDO,
                           fundamento=regra(certame).fundamento_motivacao)
    if resultado == Resultado.DEFERIDO and insc.situacao_taxa == SituacaoTaxa.PAGA:
        motivacao += _nota_sem_restituicao(certame)
    decisao = DecisaoIsencao.objects.create(
        pedido=pedido, fase=Fase.PRELIMINAR, resultado=resultado, motivacao=motivacao,
        confirma_verificacao=confirmar, autor=autor)
    antes = pedido.resultado_preliminar
    pedido.resultado_preliminar, pedido.motivo_preliminar = resultado, motivacao
    pedido.save(update_fields=["resultado_preliminar", "motivo_preliminar"])
    registrar_ato(
        tipo="isencao_decisao_preliminar", autor=autor, certame=certame, objeto=pedido,
        descricao=_("Análise preliminar do pedido de isenção da inscrição %(n)s: %(r)s%(c)s.")
        % {"n": insc.numero, "r": Resultado(resultado).label.lower(),
           "c": _(" (confirma a verificação automática)") if confirmar else ""},
        motivacao=motivacao,
        fundamento_legal=(dados.fundamento_indeferimento if resultado == Resultado.INDEFERIDO
                          else dados.fundamento_deferimento),
        antes={"resultado_preliminar": antes},
        depois={"resultado_preliminar": resultado, "decisao": decisao.pk})
    return decisao


@transaction.atomic
def confirmar_em_lote(pedidos, *, autor) -> tuple[list[DecisaoIsencao], list[PedidoIsencao]]:
    """Confirm the automatic check of each undecided request: one decision act per request.
    Requests already decided, or whose check cannot be confirmed, are skipped (returned)."""
    decisoes: list[DecisaoIsencao] = []
    ignorados: list[PedidoIsencao] = []
    for pedido in pedidos:
        if pedido.resultado_preliminar or pedido.verificacao not in RESULTADO_DA_VERIFICACAO:
            ignorados.append(pedido)
            continue
        decisoes.append(decidir_preliminar(pedido, autor=autor, confirmar=True))
    return decisoes, ignorados

"""The appeal against a published preliminary rejection (Lei 3.057/2026 de Severínia, art. 3º, V
and §2º): the kernel's appeal (`nucleo.recursos`), the decider's reconsideration and the
superior authority's ruling (`nucleo.autoridade`)."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from candidatos.isencao.base import (
    _PEDIDO_COM,
    CHAVE,
    Fase,
    Resultado,
    SituacaoTaxa,
    _motivacao,
    _nota_sem_restituicao,
    procedimento_procedente,
    publicacoes_do_pedido,
    recurso_do_pedido,
    regra,
)
from candidatos.models import DecisaoIsencao, PedidoIsencao
from certames.auditoria import registrar_ato
from certames.travas import travar, travar_certame
from nucleo import autoridade
from nucleo import recursos as kernel
from nucleo.models import Recurso


def motivo_falsidade_sem_recurso(pedido: PedidoIsencao) -> str | None:
    """No appeal against a request rejected for a proven falsity (art. 5º, I)."""
    if procedimento_procedente(pedido.inscricao_id):
        return _("O pedido foi indeferido em procedimento administrativo por falsidade "
                 "(%(f)s).") % {"f": regra(pedido.inscricao.certame).fundamento_falsidade}
    return None


def apresentar_recurso(pedido: PedidoIsencao, *, autor, texto: str, arquivos=(),
                       agora: dt.datetime | None = None) -> Recurso:
    """The candidate's one appeal against a published preliminary rejection, within the
    appeal window (art. 3º, V and §2º): the kernel's appeal (`nucleo.recursos`)."""
    return kernel.apresentar_recurso(CHAVE, pedido, autor=autor, texto=texto,
                                     arquivos_enviados=arquivos, agora=agora)


def autor_da_decisao(pedido: PedidoIsencao) -> int | None:
    """Who signed the preliminary decision in force (the appeal is addressed to them:
    Lei 9.784/1999, art. 56, §1º)."""
    return (DecisaoIsencao.objects.filter(pedido=pedido, fase=Fase.PRELIMINAR)
            .order_by("-decidida_em", "-pk").values_list("autor_id", flat=True).first())


def reconsiderar(pedido: PedidoIsencao, *, autor, motivacao: str) -> dict:
    """The decider reconsiders the rejection (the plug-in's `reconsiderar`, inside the
    kernel's transaction, `nucleo.autoridade`): the request is granted, which is its final
    result (art. 3º, VI) once the batch's final result is published."""
    pedido = travar(PedidoIsencao, pedido, *_PEDIDO_COM)
    insc = pedido.inscricao
    if publicacoes_do_pedido(pedido)[1] is not None:
        raise ValidationError(_("O resultado definitivo já foi publicado."))
    if insc.situacao_taxa == SituacaoTaxa.PAGA:
        motivacao += _nota_sem_restituicao(insc.certame)
    decisao = DecisaoIsencao.objects.create(pedido=pedido, fase=Fase.RECONSIDERACAO,
                                            resultado=Resultado.DEFERIDO, motivacao=motivacao,
                                            autor=autor)
    antes = pedido.resultado_final
    pedido.resultado_final, pedido.motivo_final = Resultado.DEFERIDO, motivacao
    pedido.save(update_fields=["resultado_final", "motivo_final"])
    return {"descricao": _("Indeferimento da isenção da inscrição %(n)s reconsiderado por "
                           "quem o proferiu: pedido deferido (recurso atendido).") % {
                               "n": insc.numero},
            "depois": {"resultado_final": Resultado.DEFERIDO, "antes": antes,
                       "decisao": decisao.pk}}


@transaction.atomic
def julgar_recurso(pedido: PedidoIsencao, *, resultado: str, motivacao: str,
                   autor, agora: dt.datetime | None = None) -> DecisaoIsencao:
    """The certame's superior authority rules on an appeal the decider did not reconsider
    (`nucleo.autoridade`: Lei 9.784/1999, art. 56, §1º), once, motivated. The ruling is the
    request's final result."""
    travar_certame(pedido.inscricao.certame_id)
    pedido = travar(PedidoIsencao, pedido, *_PEDIDO_COM)
    insc = pedido.inscricao
    certame = insc.certame
    if recurso_do_pedido(pedido) is None:
        raise ValidationError(_("Não há recurso a julgar neste pedido."))
    if publicacoes_do_pedido(pedido)[1] is not None:
        raise ValidationError(_("O resultado definitivo já foi publicado."))
    autoridade.checar_julgamento(CHAVE, pedido.pk, autor, agora)
    if resultado not in Resultado.values:
        raise ValidationError(_("Resultado inválido."))
    motivacao = _motivacao(motivacao, especifica=resultado == Resultado.INDEFERIDO,
                           fundamento=regra(certame).fundamento_motivacao)
    if resultado == Resultado.DEFERIDO and insc.situacao_taxa == SituacaoTaxa.PAGA:
        motivacao += _nota_sem_restituicao(certame)
    decisao = DecisaoIsencao.objects.create(pedido=pedido, fase=Fase.RECURSO,
                                            resultado=resultado, motivacao=motivacao,
                                            autor=autor)
    antes = pedido.resultado_final
    pedido.resultado_final, pedido.motivo_final = resultado, motivacao
    pedido.save(update_fields=["resultado_final", "motivo_final"])
    registrar_ato(
        tipo="isencao_julgamento_recurso", autor=autor, certame=certame, objeto=pedido,
        descricao=_("Recurso da isenção da inscrição %(n)s: %(r)s.") % {
            "n": insc.numero, "r": Resultado(resultado).label.lower()},
        motivacao=motivacao, fundamento_legal=regra(certame).fundamento_recurso,
        antes={"resultado_final": antes},
        depois={"resultado_final": resultado, "decisao": decisao.pk})
    return decisao

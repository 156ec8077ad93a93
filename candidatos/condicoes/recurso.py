"""The appeal against a decision that rejects a condition (the kernel's `nucleo.recursos`): the
decider's reconsideration and the superior authority's ruling (Lei 9.784/1999, arts. 56, §1º, 59
and 64; `nucleo.autoridade`)."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from candidatos.condicoes.base import (
    CHAVE,
    FUNDAMENTO_RECURSO,
    Condicao,
    Fase,
    Resultado,
    decisao_primeira,
    recurso_do_pedido,
)
from candidatos.condicoes.decisao import (
    ResultadoCondicao,
    _checar_rh,
    _descrever,
    _limpar_resultados,
)
from candidatos.condicoes.notificacao import _avisar
from candidatos.models import DecisaoAtendimento, ItemDecisaoAtendimento, PedidoAtendimento
from certames.auditoria import registrar_ato
from certames.travas import travar, travar_certame
from nucleo import autoridade
from nucleo import recursos as kernel
from nucleo.models import Recurso
from nucleo.motivacao import validar_motivacao


def apresentar_recurso(pedido: PedidoAtendimento, *, autor, texto: str, arquivos=(),
                       agora: dt.datetime | None = None) -> Recurso:
    """The candidate's one appeal (the kernel's), within the window of the decision."""
    return kernel.apresentar_recurso(CHAVE, pedido, autor=autor, texto=texto,
                                     arquivos_enviados=arquivos, agora=agora)


def motivo_para_nao_julgar(pedido: PedidoAtendimento, user,
                           agora: dt.datetime | None = None) -> str | None:
    """Why `user` cannot judge the appeal now: only the certame's superior authority, once
    the decider has kept the decision or the reconsideration period has ended
    (`nucleo.autoridade`)."""
    recurso = recurso_do_pedido(pedido)
    if recurso is None:
        return _("Não há recurso a julgar neste pedido.")
    return autoridade.motivo_para_nao_julgar(recurso, user, agora)


def reconsiderar(pedido: PedidoAtendimento, *, autor, motivacao: str, minutos: int | None,
                 agora: dt.datetime) -> dict:
    """The decider reconsiders (the plug-in's `reconsiderar`, inside the kernel's transaction,
    `nucleo.autoridade`): every requested condition granted, the denied extra time with the
    minutes given now. A new decision that supersedes the first one; the candidate is told."""
    pedido = travar(PedidoAtendimento, pedido, "inscricao__certame")
    primeira = decisao_primeira(pedido)
    anteriores = {i.condicao: i for i in primeira.itens.all()}
    resultados = {}
    for codigo in pedido.condicoes.order_by("pk").values_list("condicao", flat=True):
        item = anteriores.get(codigo)
        concedida = item is not None and item.resultado == Resultado.DEFERIDO
        resultados[codigo] = ResultadoCondicao(
            Resultado.DEFERIDO, minutos=(item.minutos_adicionais if concedida else minutos)
            if codigo == Condicao.TEMPO_ADICIONAL else None)
    itens = _limpar_resultados(pedido, resultados)
    decisao = DecisaoAtendimento.objects.create(
        pedido=pedido, fase=Fase.RECONSIDERACAO, motivacao=motivacao, autor=autor,
        decidida_em=agora)
    for item in itens:
        item.decisao = decisao
    ItemDecisaoAtendimento.objects.bulk_create(itens)
    _avisar(decisao)
    return {"descricao": _("Decisão sobre o atendimento especializado da inscrição %(n)s "
                           "reconsiderada por quem a proferiu: %(d)s (recurso atendido).") % {
                               "n": pedido.inscricao.numero, "d": _descrever(itens)},
            "depois": {"decisao": decisao.pk, "antes": primeira.pk,
                       "itens": {i.condicao: i.resultado for i in itens}}}


@transaction.atomic
def julgar_recurso(pedido: PedidoAtendimento, *, autor,
                   resultados: dict[str, ResultadoCondicao], motivacao: str,
                   agora: dt.datetime | None = None) -> DecisaoAtendimento:
    """The one motivated ruling on the appeal, by the certame's superior authority once the
    decider did not reconsider (`nucleo.autoridade`); it restates every condition and
    supersedes the decision, never taking back a granted condition."""
    _checar_rh(autor)
    agora = agora or timezone.now()
    travar_certame(pedido.inscricao.certame_id)
    pedido = travar(PedidoAtendimento, pedido, "inscricao__certame")
    motivo = motivo_para_nao_julgar(pedido, autor, agora)
    if motivo:
        raise ValidationError(motivo)
    itens = _limpar_resultados(pedido, resultados)
    primeira = decisao_primeira(pedido)
    concedidas = set(primeira.itens.filter(resultado=Resultado.DEFERIDO)
                     .values_list("condicao", flat=True))
    retiradas = [i for i in itens
                 if i.condicao in concedidas and i.resultado == Resultado.INDEFERIDO]
    if retiradas:
        raise ValidationError(_(
            "O julgamento do recurso não retira condição já concedida (%(c)s): o recurso não "
            "agrava a situação de quem recorre sem ouvi-lo(a) (Lei 9.784/1999, art. 64, "
            "parágrafo único).") % {
            "c": ", ".join(str(Condicao(i.condicao).label) for i in retiradas)})
    motivacao = validar_motivacao(
        motivacao, desfavoravel=any(i.resultado == Resultado.INDEFERIDO for i in itens),
        especifica=_("aprecie as razões do recurso"))
    decisao = DecisaoAtendimento.objects.create(
        pedido=pedido, fase=Fase.RECURSO, motivacao=motivacao, autor=autor, decidida_em=agora)
    for item in itens:
        item.decisao = decisao
    ItemDecisaoAtendimento.objects.bulk_create(itens)
    insc = pedido.inscricao
    registrar_ato(
        tipo="atendimento_julgamento_recurso", autor=autor, certame=insc.certame,
        objeto=pedido,
        descricao=_("Julgamento do recurso sobre o atendimento especializado da inscrição "
                    "%(n)s: %(d)s.") % {"n": insc.numero, "d": _descrever(itens)},
        motivacao=motivacao, fundamento_legal=FUNDAMENTO_RECURSO,
        antes={"decisao": primeira.pk},
        depois={"decisao": decisao.pk, "itens": {i.condicao: i.resultado for i in itens}})
    _avisar(decisao)
    return decisao

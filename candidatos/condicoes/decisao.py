"""RH's motivated decision on every requested condition (Lei 9.784/1999, art. 50; a specific
motivation for each rejected condition, art. 50, I)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from candidatos.condicoes.base import (
    FUNDAMENTO_MOTIVACAO,
    MAXIMO_MINUTOS,
    Condicao,
    Fase,
    Resultado,
    _checar_janela_analise,
    decisao_primeira,
    fundamento,
    recurso_do_pedido,
    vigente,
)
from candidatos.condicoes.notificacao import _avisar
from candidatos.models import DecisaoAtendimento, ItemDecisaoAtendimento, PedidoAtendimento
from certames.auditoria import registrar_ato
from certames.travas import travar, travar_certame
from comum.papeis import e_rh
from nucleo.motivacao import validar_motivacao


@dataclass
class ResultadoCondicao:
    """RH's result for one requested condition."""

    resultado: str
    motivacao: str = ""
    minutos: int | None = None


def _limpar_resultados(pedido: PedidoAtendimento, resultados: dict[str, ResultadoCondicao]
                       ) -> list[ItemDecisaoAtendimento]:
    pedidas = list(pedido.condicoes.order_by("pk").values_list("condicao", flat=True))
    faltam = [c for c in pedidas if c not in resultados]
    if faltam:
        raise ValidationError(_("Decida cada condição pedida: falta %(c)s.") % {
            "c": ", ".join(str(Condicao(c).label) for c in faltam)})
    if set(resultados) - set(pedidas):
        raise ValidationError(_("Só se decidem as condições pedidas."))
    itens = []
    for codigo in pedidas:
        dado = resultados[codigo]
        rotulo = Condicao(codigo).label
        if dado.resultado not in Resultado.values:
            raise ValidationError(_("Resultado inválido para %(c)s.") % {"c": rotulo})
        motivacao = (dado.motivacao or "").strip()
        minutos = None
        if dado.resultado == Resultado.INDEFERIDO:
            try:
                motivacao = validar_motivacao(
                    motivacao, desfavoravel=True,
                    especifica=_("diga por que “%(c)s” não é concedida, %(f)s") % {
                        "c": rotulo, "f": FUNDAMENTO_MOTIVACAO})
            except ValidationError as exc:
                raise ValidationError(_("%(c)s: %(e)s") % {
                    "c": rotulo, "e": " ".join(exc.messages)}) from None
        elif codigo == Condicao.TEMPO_ADICIONAL:
            if dado.minutos is None or not 1 <= int(dado.minutos) <= MAXIMO_MINUTOS:
                raise ValidationError(_(
                    "Informe os minutos de tempo adicional concedidos (de 1 a %(m)d).") % {
                    "m": MAXIMO_MINUTOS})
            minutos = int(dado.minutos)
        itens.append(ItemDecisaoAtendimento(condicao=codigo, resultado=dado.resultado,
                                            motivacao=motivacao, minutos_adicionais=minutos))
    return itens


def _checar_rh(autor) -> None:
    if not e_rh(autor):
        raise PermissionDenied(_("Só o RH decide o atendimento especializado."))


def _descrever(itens: list[ItemDecisaoAtendimento]) -> str:
    return "; ".join(f"{Condicao(i.condicao).label}: {Resultado(i.resultado).label.lower()}"
                     for i in itens)


@transaction.atomic
def decidir(pedido: PedidoAtendimento, *, autor, resultados: dict[str, ResultadoCondicao],
            motivacao: str, agora: dt.datetime | None = None) -> DecisaoAtendimento:
    """RH's motivated decision on every requested condition (a later one supersedes an
    earlier one until the candidate appeals)."""
    _checar_rh(autor)
    agora = agora or timezone.now()
    pedido = travar(PedidoAtendimento, pedido, "inscricao__certame")
    travar_certame(pedido.inscricao.certame_id)
    _checar_janela_analise(pedido.inscricao.certame, agora)
    if not vigente(pedido):
        raise ValidationError(_("Este pedido foi substituído por um pedido mais recente do(a) "
                                "candidato(a): decida o pedido vigente."))
    if recurso_do_pedido(pedido) is not None:
        raise ValidationError(_("O(a) candidato(a) já recorreu: a revisão se faz no "
                                "julgamento do recurso."))
    itens = _limpar_resultados(pedido, resultados)
    motivacao = validar_motivacao(motivacao, desfavoravel=False)
    anterior = decisao_primeira(pedido)
    decisao = DecisaoAtendimento.objects.create(
        pedido=pedido, fase=Fase.PRIMEIRA_INSTANCIA, motivacao=motivacao, autor=autor,
        decidida_em=agora)
    for item in itens:
        item.decisao = decisao
    ItemDecisaoAtendimento.objects.bulk_create(itens)
    insc = pedido.inscricao
    registrar_ato(
        tipo="atendimento_decisao", autor=autor, certame=insc.certame, objeto=pedido,
        descricao=_("Decisão sobre o atendimento especializado da inscrição %(n)s%(s)s: "
                    "%(d)s.") % {"n": insc.numero, "d": _descrever(itens),
                                 "s": _(" (substitui a decisão anterior)") if anterior else ""},
        motivacao=motivacao,
        fundamento_legal="; ".join([*sorted({fundamento(i.condicao) for i in itens}),
                                    FUNDAMENTO_MOTIVACAO])[:250],
        antes={"decisao": anterior.pk} if anterior else None,
        depois={"decisao": decisao.pk,
                "itens": {i.condicao: i.resultado for i in itens}})
    _avisar(decisao)
    return decisao

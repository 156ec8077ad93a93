"""RH pages of the committee procedures' results (heteroidentification, documentary
verification, PcD evaluation): per certame and procedure, the closed first-instance
evaluations, the appeals and their judgement, and the publications (acts) of each batch
(`nucleo.lotes`): the next batch's preliminary result, and each batch's final one, published
by `painel.views.publicacoes` (at /rh/resultados/, moved from
`comissoes/views_resultados_rh.py`)."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.views.generic import ListView, TemplateView

from certames.models import Certame
from comissoes.dominio import documental, resultados
from comissoes.dominio.procedimentos import (
    HETEROIDENTIFICACAO,
    PROCEDIMENTOS,
    procedimento,
    rotulo_resultado,
)
from comissoes.dominio.recursos import comissao_recursal
from comissoes.models import Comissao
from nucleo import lotes
from nucleo import publicacao as kernel
from nucleo.models import Recurso
from painel.acesso import RHMixin


def _tipo(kwargs) -> str:
    tipo = kwargs.get("procedimento", HETEROIDENTIFICACAO)
    if tipo not in PROCEDIMENTOS:
        raise Http404
    return tipo


class PainelResultadosView(RHMixin, ListView):
    template_name = "painel/resultados/painel.html"
    context_object_name = "certames"

    def get_queryset(self):
        return Certame.objects.select_related("orgao").order_by("-data_publicacao_edital",
                                                                "numero_edital")

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        ctx["procedimentos"] = list(PROCEDIMENTOS.values())
        return ctx


class CertameResultadosView(RHMixin, TemplateView):
    template_name = "painel/resultados/certame.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        tipo = _tipo(kwargs)
        certame = get_object_or_404(Certame.objects.select_related("orgao"), pk=kwargs["pk"])
        agora = timezone.now()
        todos = lotes.lotes(certame, tipo, agora)
        lote_de = {av.pk: lt.numero for lt in todos for av in lt.avaliacoes}
        for lt in todos:
            lt.pendencias_final = ([] if lt.final else
                                   resultados.pendencias_final(certame, agora, tipo, lt.numero))
        linhas = []
        for av in resultados.avaliacoes_primeira_instancia(certame, tipo):
            recurso = resultados.recurso_de(av)
            julgamento = resultados.avaliacao_do_recurso(av) if recurso else None
            linhas.append({
                "avaliacao": av, "publicada": av.pk in lote_de, "lote": lote_de.get(av.pk),
                "resultado": rotulo_resultado(tipo, av.resultado),
                "documentos": (documental.documentos_atuais(av.inscricao, av.lista)
                               if tipo != HETEROIDENTIFICACAO else []),
                "recurso": recurso, "julgamento": julgamento,
                "julgamento_resultado": (rotulo_resultado(tipo, julgamento.resultado)
                                         if julgamento else ""),
                "anexos": list(recurso.anexos.order_by("pk")) if recurso else []})
        recursais = ([comissao_recursal(certame)] if tipo == HETEROIDENTIFICACAO else
                     list(Comissao.objects.filter(certame=certame, tipo=tipo)
                          .order_by("criada_em", "pk"))[1:])
        pendencias = resultados.pendencias_preliminar(certame, tipo)
        ctx.update(
            # When each publication opens in the schedule (the kernel's guard).
            cronograma_preliminar=kernel.motivo_cronograma(certame, tipo, lotes.PRELIMINAR,
                                                           agora),
            cronograma_final=kernel.motivo_cronograma(certame, tipo, lotes.FINAL, agora),
            certame=certame, procedimento=procedimento(tipo), tipo=tipo,
            procedimentos=list(PROCEDIMENTOS.values()),
            lotes=todos, proximo_lote=lotes.proximo_numero(certame, tipo), linhas=linhas,
            janela=resultados.janela_recurso(certame, agora, tipo),
            recursal=next((c for c in recursais if c is not None), None),
            num_recursos=Recurso.objects.filter(procedimento=tipo,
                                                inscricao__certame=certame).count(),
            pendencias_preliminar=pendencias,
            avisos_preliminar=([] if pendencias else
                               resultados.avisos_preliminar(certame, agora, tipo)),
            # Without any batch: why there is no final result to publish yet.
            pendencias_final=([] if todos else
                              resultados.pendencias_final(certame, agora, tipo)),
            fundamento_efeito=certame.regime_legal.fundamento_efeito_definitivo)
        return ctx

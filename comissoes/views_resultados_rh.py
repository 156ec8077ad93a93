"""RH pages of the committee procedures' results (heteroidentification, documentary
verification, PcD evaluation): per certame and procedure, the closed first-instance
evaluations, the appeals and their judgement, and the two publications (acts)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import ListView, TemplateView

from certames.models import Certame
from certames.views.rh import RHMixin
from comissoes.dominio import documental, resultados
from comissoes.dominio.procedimentos import (
    HETEROIDENTIFICACAO,
    PROCEDIMENTOS,
    procedimento,
    rotulo_resultado,
)
from comissoes.dominio.recursos import comissao_recursal
from comissoes.models import Comissao, PublicacaoResultado, Recurso


def _tipo(kwargs) -> str:
    tipo = kwargs.get("procedimento", HETEROIDENTIFICACAO)
    if tipo not in PROCEDIMENTOS:
        raise Http404
    return tipo


class PainelResultadosView(RHMixin, ListView):
    template_name = "comissoes/resultados/painel.html"
    context_object_name = "certames"

    def get_queryset(self):
        return Certame.objects.select_related("orgao").order_by("-data_publicacao_edital",
                                                                "numero_edital")

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        ctx["procedimentos"] = list(PROCEDIMENTOS.values())
        return ctx


class CertameResultadosView(RHMixin, TemplateView):
    template_name = "comissoes/resultados/certame.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        tipo = _tipo(kwargs)
        certame = get_object_or_404(Certame.objects.select_related("orgao"), pk=kwargs["pk"])
        agora = timezone.now()
        preliminar = resultados.publicacao(certame, PublicacaoResultado.Fase.PRELIMINAR, tipo)
        final = resultados.publicacao(certame, PublicacaoResultado.Fase.FINAL, tipo)
        linhas = []
        for av in resultados.avaliacoes_primeira_instancia(certame, tipo):
            recurso = resultados.recurso_de(av)
            julgamento = resultados.avaliacao_do_recurso(av) if recurso else None
            linhas.append({
                "avaliacao": av, "publicada": resultados.parecer_publicado(av, preliminar),
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
        ctx.update(
            certame=certame, procedimento=procedimento(tipo), tipo=tipo,
            procedimentos=list(PROCEDIMENTOS.values()),
            preliminar=preliminar, final=final, linhas=linhas,
            janela=resultados.janela_recurso(certame, agora, tipo),
            recursal=next((c for c in recursais if c is not None), None),
            num_recursos=Recurso.objects.filter(avaliacao__comissao__certame=certame,
                                                avaliacao__comissao__tipo=tipo).count(),
            pendencias_preliminar=resultados.pendencias_preliminar(certame, tipo),
            avisos_preliminar=([] if preliminar else
                               resultados.avisos_preliminar(certame, agora, tipo)),
            pendencias_final=resultados.pendencias_final(certame, agora, tipo),
            fundamento_efeito=certame.regime_legal.fundamento_efeito_definitivo)
        return ctx


class _PublicarView(RHMixin, View):
    fase = ""

    def post(self, request, pk, **kwargs):
        tipo = _tipo(kwargs)
        certame = get_object_or_404(Certame, pk=pk)
        nome = procedimento(tipo).nome
        try:
            if self.fase == PublicacaoResultado.Fase.PRELIMINAR:
                resultados.publicar_resultado_preliminar(certame, autor=request.user,
                                                         tipo=tipo)
                messages.success(request, _("Resultado preliminar da %(p)s publicado: os "
                                            "pareceres estão visíveis aos candidatos.") % {
                    "p": nome})
            else:
                resultados.publicar_resultado_final(certame, autor=request.user, tipo=tipo)
                messages.success(request, _("Resultado definitivo publicado: as decisões foram "
                                            "consolidadas e as listas dos cargos estão sendo "
                                            "recalculadas."))
        except ValidationError as exc:
            for mensagem in exc.messages:
                messages.error(request, mensagem)
        if tipo == HETEROIDENTIFICACAO:
            return redirect("rh_resultados:certame", pk=certame.pk)
        return redirect("rh_resultados:certame", pk=certame.pk, procedimento=tipo)


class PublicarPreliminarView(_PublicarView):
    fase = PublicacaoResultado.Fase.PRELIMINAR


class PublicarFinalView(_PublicarView):
    fase = PublicacaoResultado.Fase.FINAL

"""RH pages of the heteroidentification results: per certame, the closed first-instance
evaluations, the appeals and their judgement, and the two publications (acts)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import ListView, TemplateView

from certames.models import Certame
from certames.views.rh import RHMixin
from comissoes.dominio import resultados
from comissoes.dominio.recursos import comissao_recursal
from comissoes.models import PublicacaoResultado, Recurso


class PainelResultadosView(RHMixin, ListView):
    template_name = "comissoes/resultados/painel.html"
    context_object_name = "certames"

    def get_queryset(self):
        return Certame.objects.select_related("orgao").order_by("-data_publicacao_edital",
                                                                "numero_edital")


class CertameResultadosView(RHMixin, TemplateView):
    template_name = "comissoes/resultados/certame.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        certame = get_object_or_404(Certame.objects.select_related("orgao"), pk=kwargs["pk"])
        agora = timezone.now()
        preliminar = resultados.publicacao(certame, PublicacaoResultado.Fase.PRELIMINAR)
        final = resultados.publicacao(certame, PublicacaoResultado.Fase.FINAL)
        linhas = []
        for av in resultados.avaliacoes_primeira_instancia(certame):
            recurso = resultados.recurso_de(av)
            julgamento = resultados.avaliacao_do_recurso(av) if recurso else None
            linhas.append({
                "avaliacao": av, "publicada": resultados.parecer_publicado(av, preliminar),
                "recurso": recurso, "julgamento": julgamento,
                "anexos": list(recurso.anexos.order_by("pk")) if recurso else []})
        ctx.update(
            certame=certame, preliminar=preliminar, final=final, linhas=linhas,
            janela=resultados.janela_recurso(certame, agora),
            recursal=comissao_recursal(certame),
            num_recursos=Recurso.objects.filter(avaliacao__comissao__certame=certame).count(),
            pendencias_preliminar=resultados.pendencias_preliminar(certame),
            avisos_preliminar=([] if preliminar else
                               resultados.avisos_preliminar(certame, agora)),
            pendencias_final=resultados.pendencias_final(certame, agora),
            fundamento_efeito=certame.regime_legal.fundamento_efeito_definitivo)
        return ctx


class _PublicarView(RHMixin, View):
    fase = ""

    def post(self, request, pk):
        certame = get_object_or_404(Certame, pk=pk)
        try:
            if self.fase == PublicacaoResultado.Fase.PRELIMINAR:
                resultados.publicar_resultado_preliminar(certame, autor=request.user)
                messages.success(request, _("Resultado preliminar da heteroidentificação "
                                            "publicado: os pareceres estão visíveis aos "
                                            "candidatos."))
            else:
                resultados.publicar_resultado_final(certame, autor=request.user)
                messages.success(request, _("Resultado definitivo publicado: as decisões foram "
                                            "consolidadas e as listas dos cargos estão sendo "
                                            "recalculadas."))
        except ValidationError as exc:
            for mensagem in exc.messages:
                messages.error(request, mensagem)
        return redirect("rh_resultados:certame", pk=certame.pk)


class PublicarPreliminarView(_PublicarView):
    fase = PublicacaoResultado.Fase.PRELIMINAR


class PublicarFinalView(_PublicarView):
    fase = PublicacaoResultado.Fase.FINAL

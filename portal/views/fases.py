"""The candidate's page of one phase of the exam: their row in each published result of the
phase, and the appeal against the pending preliminary result (posted to `fases:recurso`, the
kernel's one appeal view, `nucleo.views`; the rules are `provas.recursos`'). Another person's
inscrição, or a phase of another cargo, is a 404."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import timezone
from django.views.generic import TemplateView

from candidatos import janelas
from candidatos.acesso import CandidatoMixin
from comum import arquivos
from nucleo import autoridade
from nucleo import recursos as kernel
from nucleo.forms import RecursoForm
from nucleo.recursos import anexos_de
from portal import situacao
from provas import leitura
from provas import recursos as recursos_fase
from provas.models import DesempenhoPublicado, Fase, PublicacaoFase


class ResultadoFaseCandidatoView(CandidatoMixin, TemplateView):
    template_name = "candidatos/fases/resultado.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        inscricao = self.minha_inscricao(self.kwargs["pk"])
        fase = get_object_or_404(Fase, pk=self.kwargs["fase"], cargo_id=inscricao.cargo_id)
        linhas = list(DesempenhoPublicado.objects
                      .filter(inscricao=inscricao, publicacao__fase=fase)
                      .select_related("publicacao__fase__cargo")
                      .order_by("publicacao__publicada_em", "publicacao_id"))
        if not linhas:
            raise Http404  # nothing of this phase is published for the candidate
        agora = timezone.now()
        atual = linhas[-1]
        url = reverse("fases:recurso", args=[atual.pk])
        recurso = recursos_fase.recurso_de(atual)
        preliminar = atual.publicacao.tipo == PublicacaoFase.Tipo.PRELIMINAR
        # Offered while the window is among the inscrição's open windows (one answer).
        janela = (janelas.janela_de(situacao.janelas_abertas(inscricao, agora),
                                    recursos_fase.CHAVE,
                                    url=reverse("fases:resultado", args=[inscricao.pk, fase.pk])
                                    + "#recurso")
                  if preliminar and recurso is None else None)
        ctx.update(
            inscricao=inscricao, certame=inscricao.certame, fase=fase,
            linhas=[(d, _resultado(d)) for d in linhas], atual=atual,
            preliminar=preliminar, recurso=recurso, anexos=anexos_de(recurso),
            revisao=recursos_fase.revisao_de(recurso),
            tramite=autoridade.tramite(recurso, agora) if recurso is not None else None,
            janela_recurso=janela, url_recurso=url,
            fim_recurso=recursos_fase.fim_do_prazo(atual.publicacao) if preliminar else None,
            motivo_nao_recorrer=(kernel.motivo_para_nao_recorrer(recursos_fase.CHAVE, atual,
                                                                 agora=agora)
                                 if preliminar and recurso is None and janela is None
                                 else None),
            fundamento_recurso=recursos_fase.FUNDAMENTO_RECURSO,
            form_recurso=RecursoForm(objeto_id=atual.pk), limites=arquivos.limites_texto())
        return ctx


def _resultado(d: DesempenhoPublicado) -> leitura.ResultadoNaFase:
    return leitura.ResultadoNaFase(d.inscricao_id, d.nota, d.parcial, d.resultado,
                                   d.rota or None, d.fundamento)

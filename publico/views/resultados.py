"""The public page of a committee procedure's results: every batch (`lote`) published, each
with its preliminary result and, once published, its final result. Inscrição number, name,
list and result only: never the parecer, the CPF nor who judged (data minimisation, LGPD
art. 6º, III; the parecer reaches only its candidate, in the candidate's area)."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.views.generic import TemplateView

from candidatos.models import EstadoLista
from certames.models import Certame
from comissoes.dominio import resultados
from comissoes.dominio.procedimentos import PROCEDIMENTOS, procedimento, rotulo_resultado
from nucleo import lotes


class ResultadoPublicoView(TemplateView):
    template_name = "comissoes/resultados/publico.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        tipo = kwargs["procedimento"]
        if tipo not in PROCEDIMENTOS:
            raise Http404
        certame = get_object_or_404(Certame.objects.exclude(status=Certame.Status.RASCUNHO)
                                    .select_related("orgao"), pk=kwargs["pk"])
        blocos = []
        for lt in lotes.lotes(certame, tipo):
            linhas = []
            for av in lt.avaliacoes:
                definitivo = ""
                if lt.final is not None:
                    definitivo = EstadoLista(resultados.consolidar(av).estado).label
                linhas.append((av.inscricao.numero, av.inscricao.candidato.nome_exibicao,
                               av.lista, rotulo_resultado(tipo, av.resultado), definitivo))
            blocos.append((lt, linhas))
        ctx.update(certame=certame, procedimento=procedimento(tipo), lotes=blocos)
        return ctx

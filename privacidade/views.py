"""The candidate's page "Meus dados (LGPD)": what is held, why and for how long (the
retention policy), and everything held about them, as a JSON download and a printable page
(LGPD, art. 18, II, and art. 19, §2º). Only the logged-in candidate's own data: the URLs take
no id; other accounts get 403 (as the rest of the portal), anonymous users the log-in page."""

from __future__ import annotations

import json

from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpResponse
from django.utils import timezone
from django.views import View
from django.views.generic import TemplateView

from candidatos.acesso import CandidatoMixin
from certames import retencao
from privacidade.dados import FUNDAMENTO, dados_do_candidato


class MeusDadosView(CandidatoMixin, TemplateView):
    template_name = "privacidade/meus_dados.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        candidato = self.request.user.candidato
        ctx.update(candidato=candidato, regras=retencao.REGRAS, fundamento=FUNDAMENTO,
                   inscricoes=candidato.inscricoes.select_related("cargo", "certame")
                   .order_by("-certame__data_publicacao_edital", "numero"))
        return ctx


class MeusDadosJSONView(CandidatoMixin, View):
    """Everything held about the candidate, as a JSON file."""

    def get(self, request):
        dados = dados_do_candidato(request.user.candidato, request)
        corpo = json.dumps(dados, cls=DjangoJSONEncoder, ensure_ascii=False, indent=2)
        resposta = HttpResponse(corpo, content_type="application/json; charset=utf-8")
        nome = f"meus-dados-{timezone.localdate().isoformat()}.json"
        resposta["Content-Disposition"] = f'attachment; filename="{nome}"'
        resposta["Cache-Control"] = "private, no-store"
        return resposta


class MeusDadosImprimirView(CandidatoMixin, TemplateView):
    """The same data as the JSON file, readable and printable."""

    template_name = "privacidade/imprimir.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        ctx["d"] = dados_do_candidato(self.request.user.candidato, self.request)
        ctx["fundamento"] = FUNDAMENTO
        return ctx

    def render_to_response(self, context, **kwargs):
        resposta = super().render_to_response(context, **kwargs)
        resposta["Cache-Control"] = "private, no-store"
        return resposta

"""The public verification of a confirmation card (provas.aplicacao.cartao): given the code,
the card's certame, cargo, inscrição number, exam, venue and room, with the name and the CPF
masked and never the conditions granted (health data, LGPD, Lei 13.709/2018, art. 11).

Not served from the page cache (`publica`): the answer depends on the code typed and says
whether a later allocation superseded the card; `no-store` keeps proxies from keeping it."""

from __future__ import annotations

from django.views.generic import TemplateView

from provas.aplicacao import cartao
from publico.views.certames import STATUS_PUBLICOS


class VerificarCartaoView(TemplateView):
    template_name = "provas/verificar_cartao.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        codigo = (self.request.GET.get("codigo") or "").strip()[:80]
        verificacao = cartao.verificar(codigo) if codigo else None
        if verificacao and verificacao.certame.status not in STATUS_PUBLICOS:
            verificacao = None
        ctx.update(codigo=codigo, verificacao=verificacao)
        return ctx

    def get(self, request, *args, **kwargs):
        resposta = super().get(request, *args, **kwargs)
        resposta["Cache-Control"] = "no-store"
        return resposta

"""RH's search for a candidate's inscrição across certames (`candidatos.busca`)."""

from __future__ import annotations

from django.views.generic import TemplateView

from candidatos import busca
from painel.acesso import RHMixin


class BuscaView(RHMixin, TemplateView):
    template_name = "painel/busca/busca.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        termo = (self.request.GET.get("q") or "").strip()[:200]
        ctx["termo"] = termo
        ctx["resultado"] = busca.buscar(termo) if termo else None
        ctx["limite"] = busca.LIMITE
        return ctx

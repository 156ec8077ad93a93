"""The candidate's confirmation card (provas.aplicacao.cartao): the page of one of their own
inscrições (404 for anyone else's) and the PDF of one exam stage's card, available from the
publication of the allocation until the exam ends."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.utils.http import content_disposition_header
from django.views import View
from django.views.generic import TemplateView

from candidatos.acesso import CandidatoMixin
from provas.aplicacao import cartao


class CartaoView(CandidatoMixin, TemplateView):
    template_name = "provas/cartao.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        inscricao = self.minha_inscricao(self.kwargs["pk"])
        ctx.update(inscricao=inscricao, cartoes=cartao.cartoes(inscricao))
        return ctx


class CartaoPdfView(CandidatoMixin, View):
    def get(self, request, pk, etapa):
        inscricao = self.minha_inscricao(pk)
        achado = next((c for c in cartao.cartoes(inscricao)
                       if c.etapa is not None and c.etapa.pk == etapa and c.disponivel), None)
        if achado is None:
            raise Http404
        resposta = HttpResponse(cartao.pdf_do_cartao(achado), content_type="application/pdf")
        resposta["Content-Disposition"] = content_disposition_header(
            False, f"cartao-confirmacao-{inscricao.numero}.pdf")
        resposta["Cache-Control"] = "private, no-store"
        return resposta

"""RH's pages of the public draw of the whole-edital reserve (spec section 4.1, item 3):
announce it (source and date of the seed), then record the seed and run it, once; see
the result as published."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from certames import sorteio as servico
from certames.forms import erros_no_form
from certames.models import Certame
from comum.confirmacao import exige_confirmacao
from comum.formatos import data_br
from painel.acesso import RHMixin
from painel.forms.sorteio import AnuncioSorteioForm, SorteioForm
from publico.views.sorteio import contexto_sorteio


class SorteioRHView(RHMixin, TemplateView):
    template_name = "painel/sorteio/sorteio.html"

    def dispatch(self, request, *args, **kwargs):
        self.certame = get_object_or_404(Certame.objects.select_related("orgao"),
                                         pk=kwargs["pk"])
        return super().dispatch(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        ctx.update(contexto_sorteio(self.certame))
        ctx.setdefault("form_anuncio", AnuncioSorteioForm(prefix="anuncio"))
        ctx.setdefault("form_sorteio", SorteioForm(prefix="sorteio"))
        return ctx


@exige_confirmacao(verificar=False)
class AtoSorteioView(SorteioRHView):
    """An act posted from the draw's page: on error the page again with the form and its
    errors (status 400); on success, back to the page."""

    http_method_names = ["post"]
    prefixo = ""
    form_class: type = AnuncioSorteioForm

    def executar(self, dados: dict) -> str:
        raise NotImplementedError

    def post(self, request, *args, **kwargs):
        form = self.form_class(request.POST, prefix=self.prefixo)
        if form.is_valid():
            try:
                mensagem = self.executar(form.cleaned_data)
            except ValidationError as exc:
                erros_no_form(form, exc)
            else:
                messages.success(request, mensagem)
                return redirect("painel:sorteio", pk=self.certame.pk)
        return self.render_to_response(
            self.get_context_data(**{f"form_{self.prefixo}": form}), status=400)


class AnunciarView(AtoSorteioView):
    prefixo = "anuncio"
    form_class = AnuncioSorteioForm

    def executar(self, dados):
        anuncio = servico.anunciar(self.certame, fonte_semente=dados["fonte_semente"],
                                   data_da_semente=dados["data_da_semente"],
                                   motivacao=dados["motivacao"], autor=self.request.user)
        return _("Sorteio anunciado: semente de %(d)s. Os códigos e as vagas dos cargos estão "
                 "na página pública.") % {"d": data_br(anuncio.data_da_semente)}


class SortearView(AtoSorteioView):
    prefixo = "sorteio"
    form_class = SorteioForm

    def executar(self, dados):
        servico.sortear(self.certame, semente=dados["semente"], autor=self.request.user)
        return _("Sorteio realizado e publicado. As listas dos cargos estão sendo calculadas "
                 "com a distribuição sorteada.")

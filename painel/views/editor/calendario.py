"""The órgão's calendar as RH keeps it: its municipal holidays, pontos facultativos and days
whose office hours closed early (`certames.calendario`: a deadline ending on one of them is
extended to the next working day, Lei 9.784/1999, art. 66, §1º). RH adds a day that has not
passed and removes one that has not come; the national and state holidays are listed beside
them, read from the law (the `holidays` package), never typed."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.utils.functional import cached_property
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import FormView

from certames import calendario
from certames.models import Feriado, Orgao
from comum.confirmacao import exige_confirmacao, sem_confirmacao
from comum.formatos import data_br
from painel.acesso import RHMixin
from painel.forms.calendario import FeriadoForm


@exige_confirmacao
class CalendarioOrgaoView(RHMixin, FormView):
    template_name = "painel/calendario/orgao.html"
    form_class = FeriadoForm

    @cached_property
    def orgao(self) -> Orgao:
        """The órgão of the URL (the page is in its zone: `certames.calendario.orgao_da_url`)."""
        return get_object_or_404(Orgao, pk=self.kwargs["pk"])

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        orgao = self.orgao
        hoje = calendario.hoje_no_orgao(orgao)
        feriados = list(Feriado.objects.filter(orgao=orgao)
                        .select_related("registrado_por", "orgao").order_by("-data"))
        for feriado in feriados:
            feriado.motivo_nao_remover = calendario.motivo_nao_remover(feriado)
        publicos = sorted({**calendario.feriados_publicos(orgao.uf, hoje.year),
                           **calendario.feriados_publicos(orgao.uf, hoje.year + 1)}.values(),
                          key=lambda f: f.data)
        ctx.update(orgao=orgao, feriados=feriados, fuso=calendario.nome_do_fuso(orgao),
                   publicos=[f for f in publicos if f.data >= hoje],
                   fundamento=calendario.FUNDAMENTO_PRORROGACAO, tipos=calendario.TIPOS,
                   certames=orgao.certames.order_by("-data_publicacao_edital")[:10])
        return ctx

    def form_valid(self, form):
        try:
            feriado = calendario.registrar(self.orgao, autor=self.request.user,
                                           **sem_confirmacao(form.cleaned_data))
        except ValidationError as exc:
            form.add_error(None, exc)
            return self.form_invalid(form)
        messages.success(self.request, _("%(n)s (%(d)s) incluído no calendário do órgão.") % {
            "n": feriado.nome, "d": data_br(feriado.data)})
        return redirect("painel:calendario_orgao", pk=self.orgao.pk)

    def form_invalid(self, form):
        return self.render_to_response(self.get_context_data(form=form), status=400)


@exige_confirmacao
class RemoverFeriadoView(RHMixin, View):
    def post(self, request, pk):
        feriado = get_object_or_404(Feriado.objects.select_related("orgao"), pk=pk)
        try:
            calendario.remover(feriado, autor=request.user)
        except ValidationError as exc:
            for mensagem in exc.messages:
                messages.error(request, mensagem)
        else:
            messages.success(request, _("%(n)s (%(d)s) retirado do calendário do órgão.") % {
                "n": feriado.nome, "d": data_br(feriado.data)})
        return redirect("painel:calendario_orgao", pk=feriado.orgao_id)

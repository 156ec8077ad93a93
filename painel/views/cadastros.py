"""RH's correction of an imported record's e-mail: the admin shows the
fields that link an account to a record read-only; the e-mail changes only by this motivated,
confirmed act (candidatos/correcao_email.py), told to the old and the new address."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.utils.functional import cached_property
from django.utils.translation import gettext as _
from django.views.generic import FormView

from candidatos import correcao_email
from candidatos.models import Candidato
from certames.models import Ato
from comum.confirmacao import exige_confirmacao
from painel.acesso import RHMixin
from painel.forms.cadastros import CorrecaoEmailForm


@exige_confirmacao
class CorrigirEmailView(RHMixin, FormView):
    template_name = "painel/cadastros/corrigir_email.html"
    form_class = CorrecaoEmailForm

    @cached_property
    def candidato(self) -> Candidato:
        return get_object_or_404(Candidato, pk=self.kwargs["pk"])

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        ctx["candidato"] = self.candidato
        ctx["inscricoes"] = self.candidato.inscricoes.select_related("cargo__certame")
        ctx["correcoes"] = Ato.objects.filter(
            tipo=correcao_email.TIPO_ATO, objeto_tipo__app_label="candidatos",
            objeto_tipo__model="candidato", objeto_id=str(self.candidato.pk),
        ).select_related("autor").order_by("criado_em", "pk")
        return ctx

    def form_valid(self, form):
        d = form.cleaned_data
        try:
            correcao_email.corrigir_email(self.candidato, novo_email=d["novo_email"],
                                          motivacao=d["motivacao"], autor=self.request.user)
        except ValidationError as exc:
            form.add_error(None, exc)
            return self.form_invalid(form)
        messages.success(self.request, _(
            "E-mail do cadastro corrigido; o endereço anterior e o novo foram avisados."))
        return redirect("painel:corrigir_email_cadastro", pk=self.candidato.pk)

    def form_invalid(self, form):
        return self.render_to_response(self.get_context_data(form=form), status=400)

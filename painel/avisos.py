"""RH: the outbox's failed notices (`/rh/avisos/`, filtered by certame and state) and the
button that sends a notice again (`comum.emails.reenviar`: a new try is recorded). What a
notice said is kept (`comum.models.Aviso`): the proof of the notification (Lei 9.784/1999,
art. 26)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views import View
from django.views.generic import ListView

from certames.models import Certame
from comum import emails
from comum.avisos.estado import Resumo
from comum.confirmacao import exige_confirmacao, voltar_para
from comum.models import Aviso
from painel.acesso import RHMixin
from painel.forms.auditoria import CertameChoiceField


class FiltroAvisosForm(forms.Form):
    certame = CertameChoiceField(
        label=_("Certame"), required=False, empty_label=_("Todos"),
        queryset=Certame.objects.select_related("orgao").order_by(
            "-data_publicacao_edital", "numero_edital", "pk"),
        error_messages={"invalid_choice": _("Escolha um certame da lista.")})
    estado = forms.ChoiceField(label=_("Estado"), required=False,
                               choices=[("", _("Todos")), *Aviso.Estado.choices])
    ato = forms.IntegerField(label=_("Ato"), required=False, min_value=1,
                             widget=forms.HiddenInput)


class AvisosView(RHMixin, ListView):
    """The notices, failed ones by default (`?estado=` for the others)."""

    template_name = "painel/avisos/lista.html"
    context_object_name = "avisos"
    paginate_by = 50

    def get_queryset(self):
        dados = self.request.GET.copy()
        dados.setdefault("estado", Aviso.Estado.FALHOU)
        self.filtro = FiltroAvisosForm(dados)
        # The list reads no body nor attachment (a publication's notices are thousands).
        qs = (Aviso.objects.select_related("certame", "ato", "inscricao")
              .defer("corpo", "corpo_html", "anexos", "ato__antes", "ato__depois"))
        if not self.filtro.is_valid():
            return qs.none()
        filtros = self.filtro.cleaned_data
        if filtros["certame"]:
            qs = qs.filter(certame=filtros["certame"])
        if filtros["estado"]:
            qs = qs.filter(estado=filtros["estado"])
        if filtros["ato"]:
            qs = qs.filter(ato_id=filtros["ato"])
        return qs

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        ctx["filtro"] = self.filtro
        ctx["filtros"] = self.request.GET.copy()
        ctx["filtros"].pop("page", None)
        for aviso in ctx["avisos"]:
            aviso.resumo = Resumo.de(aviso)
        return ctx


@exige_confirmacao
class ReenviarAvisoView(RHMixin, View):
    """POST: the notice back in the queue; a new try is recorded by the task."""

    def post(self, request, pk):
        aviso = get_object_or_404(Aviso, pk=pk)
        try:
            with transaction.atomic():
                emails.reenviar(aviso)
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
        else:
            messages.success(request, _("Aviso colocado na fila de novo: o resultado da nova "
                                        "tentativa aparece aqui."))
        voltar = voltar_para(request)
        # Without the page it came from, back to the list (the POST's URL has no page).
        return redirect(reverse("painel:avisos") if voltar == request.path else voltar)

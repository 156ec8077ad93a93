"""The certame's draft: create it (optionally filled from the simulator's settings: the same
field names, `certames.forms.ParametrosEditalForm`), change it while a draft, publish it."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from certames.forms import erros_no_form
from certames.models import Certame
from comum.confirmacao import confirmado, exige_confirmacao, recusar
from editais import retificacao, servicos
from painel.acesso import RHMixin
from painel.forms.editor import CertameForm, regimes_explicados


class CertameFormView(RHMixin, TemplateView):
    """New draft (no pk) or a draft's data and settings (pk). A published edital's data are
    shown with why they are no longer edited here."""

    template_name = "painel/editor/certame.html"

    def certame(self) -> Certame | None:
        pk = self.kwargs.get("pk")
        return get_object_or_404(Certame.objects.select_related("orgao"), pk=pk) if pk else None

    def form(self, dados=None) -> CertameForm:
        certame = self.certame()
        if certame is None and dados is None and self.request.GET:
            # "Usar neste certame" from the simulator: its settings as the initial values.
            return CertameForm(initial=self.request.GET.dict())
        return CertameForm(dados, instance=certame)

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        certame = self.certame()
        ctx.update(certame=certame, form=kwargs.get("form") or self.form(),
                   regimes=regimes_explicados(),
                   motivo_nao_editar=servicos.motivo_nao_editar(certame) if certame else None,
                   motivo_nao_retificar=(retificacao.motivo_nao_retificar(certame)
                                         if certame and servicos.motivo_nao_editar(certame)
                                         else None),
                   motivacao_retificacao=self.request.POST.get("motivacao_retificacao", ""))
        return ctx

    def post(self, request, pk=None):
        certame = self.certame()
        form = self.form(request.POST)
        motivacao = None
        if certame is not None and servicos.motivo_nao_editar(certame):
            # A published edital changes only by a retificação: motivated and confirmed.
            if not confirmado(request):
                return recusar(request, reverse("painel:editar_certame", args=[certame.pk]))
            motivacao = request.POST.get("motivacao_retificacao", "")
        if form.is_valid():
            novo = form.save(commit=False)
            try:
                with transaction.atomic():
                    orgao = form.orgao()
                    if orgao.pk is not None:
                        novo.orgao = orgao
                    novo.parametros = form.parametros_do_certame(
                        certame.parametros if certame else None)
                    campos = [c for c in form.changed_data if c in form.Meta.fields]
                    if certame is not None and novo.parametros != certame.parametros:
                        campos.append("parametros")
                    if certame is not None and orgao.pk != certame.orgao_id:
                        campos.append("orgao")
                    salvo = servicos.salvar_certame(
                        novo, autor=request.user, campos=campos,
                        orgao_novo=orgao if orgao.pk is None else None,
                        retificacao=motivacao)
            except ValidationError as exc:
                erros_no_form(form, exc)
            else:
                messages.success(request, _(
                    "Retificação do edital publicada; os inscritos são avisados.")
                    if motivacao is not None else _("Rascunho do edital salvo.") if certame
                    else _("Rascunho do edital criado: cadastre os cargos e o cronograma."))
                return redirect("painel:certame", pk=salvo.pk)
        return self.render_to_response(self.get_context_data(form=form), status=400)


@exige_confirmacao
class PublicarEditalView(RHMixin, View):
    """RH publishes the edital (an act): refused with every pending reason."""

    def post(self, request, pk):
        certame = get_object_or_404(Certame, pk=pk)
        try:
            servicos.publicar_edital(
                certame, autor=request.user,
                justificativa_fracionamento=request.POST.get("justificativa_fracionamento", ""))
        except ValidationError as exc:
            for mensagem in exc.messages:
                messages.error(request, mensagem)
        else:
            messages.success(request, _("Edital publicado: a página pública do certame está no "
                                        "ar e as inscrições seguem o cronograma."))
        return redirect("painel:certame", pk=certame.pk)

"""The edital's posse (candidatos/posse.py): the documents it requires, per certame or per
cargo, and the days of the posse and of the exercício. Both change only while no call they
apply to exists (the page says why once they no longer do)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from candidatos import posse
from certames.forms import erros_no_form
from certames.models import Certame, DocumentoPosse
from painel.acesso import RHMixin
from painel.forms.posse import DocumentoPosseForm, PrazosPosseForm


class PossePaginaView(RHMixin, TemplateView):
    """GET: the list and the settings; POST `acao=incluir` adds a document, `acao=prazos`
    saves the days."""

    template_name = "painel/editor/posse.html"

    def certame(self) -> Certame:
        return get_object_or_404(Certame, pk=self.kwargs["pk"])

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        certame = self.certame()
        ctx.update(
            certame=certame,
            documentos=list(DocumentoPosse.objects.filter(certame=certame)
                            .select_related("cargo").order_by("pk")),
            form=kwargs.get("form") or DocumentoPosseForm(certame=certame),
            prazos_form=kwargs.get("prazos_form") or PrazosPosseForm(initial={
                "prazo_posse_dias": posse.dias_posse(certame),
                "prazo_exercicio_dias": posse.dias_exercicio(certame)}),
            motivo=posse.motivo_nao_alterar_documentos(certame, None),
            fundamento_posse=posse.FUNDAMENTO_PRAZO_POSSE,
            fundamento_exercicio=posse.FUNDAMENTO_PRAZO_EXERCICIO,
            fundamento_sem_efeito=posse.FUNDAMENTO_SEM_EFEITO,
            fundamento_exoneracao=posse.FUNDAMENTO_EXONERACAO)
        return ctx

    def post(self, request, pk):
        certame = self.certame()
        if request.POST.get("acao") == "prazos":
            form = PrazosPosseForm(request.POST)
            if form.is_valid():
                try:
                    posse.salvar_prazos(certame, posse=form.cleaned_data["prazo_posse_dias"],
                                        exercicio=form.cleaned_data["prazo_exercicio_dias"],
                                        autor=request.user)
                except ValidationError as exc:
                    erros_no_form(form, exc)
                else:
                    messages.success(request, _("Prazos de posse e exercício salvos."))
                    return redirect("painel:posse_edital", pk=certame.pk)
            return self.render_to_response(self.get_context_data(prazos_form=form), status=400)
        form = DocumentoPosseForm(request.POST, certame=certame)
        if form.is_valid():
            try:
                posse.salvar_documento_exigido(form.save(commit=False), autor=request.user)
            except ValidationError as exc:
                erros_no_form(form, exc)
            else:
                messages.success(request, _("Documento incluído na lista da posse."))
                return redirect("painel:posse_edital", pk=certame.pk)
        return self.render_to_response(self.get_context_data(form=form), status=400)


class DocumentoPosseView(RHMixin, TemplateView):
    """One required document: change it (POST) while no call it applies to exists."""

    template_name = "painel/editor/documento_posse.html"

    def documento(self) -> DocumentoPosse:
        return get_object_or_404(DocumentoPosse.objects.select_related("certame", "cargo"),
                                 pk=self.kwargs["pk"])

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        documento = self.documento()
        ctx.update(documento=documento, certame=documento.certame,
                   form=kwargs.get("form") or DocumentoPosseForm(
                       instance=documento, certame=documento.certame),
                   motivo=posse.motivo_nao_alterar_documentos(documento.certame,
                                                              documento.cargo))
        return ctx

    def post(self, request, pk):
        documento = self.documento()
        form = DocumentoPosseForm(request.POST, instance=documento, certame=documento.certame)
        if form.is_valid():
            try:
                posse.salvar_documento_exigido(form.save(commit=False), autor=request.user)
            except ValidationError as exc:
                erros_no_form(form, exc)
            else:
                messages.success(request, _("Documento da posse alterado."))
                return redirect("painel:posse_edital", pk=documento.certame_id)
        return self.render_to_response(self.get_context_data(form=form), status=400)


class RemoverDocumentoPosseView(RHMixin, View):
    def post(self, request, pk):
        documento = get_object_or_404(DocumentoPosse.objects.select_related("certame", "cargo"),
                                      pk=pk)
        try:
            posse.remover_documento_exigido(documento, autor=request.user)
        except ValidationError as exc:
            for mensagem in exc.messages:
                messages.error(request, mensagem)
        else:
            messages.success(request, _("Documento removido da lista da posse."))
        return redirect("painel:posse_edital", pk=documento.certame_id)

"""The candidate's call page (at /candidato/inscricoes/<pk>/convocacao/): the call, its
deadline, the aceite or the desistência, the documents the edital requires for the posse with
the upload of each (a PDF; a new one supersedes the previous), RH's check of each and, once
appointed, the posse's and the exercício's deadlines (`candidatos.posse`).

A candidate reaches only their own inscrições (404 otherwise). A document sent is served to the
candidate who sent it and to RH; to anybody else it does not exist (404)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from candidatos import chamadas, posse
from candidatos.acesso import CandidatoMixin
from certames import carreira
from certames.forms import erros_no_form
from certames.models import DocumentoPosse, EnvioDocumentoPosse
from certames.situacao import motivo_certame_parado
from comum.arquivos import servir_arquivo
from comum.papeis import e_rh
from portal.forms.posse import DocumentoPosseForm


def chamada_atual(inscricao):
    """The inscrição's newest call with its acts (None: never called)."""
    todas = chamadas.chamadas_da_inscricao(inscricao)
    return todas[-1] if todas else None


class ConvocacaoView(CandidatoMixin, TemplateView):
    template_name = "candidatos/convocacao.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        insc = self.minha_inscricao(self.kwargs["pk"])
        atual = chamada_atual(insc)
        if atual is None:
            raise Http404
        chamada = atual.chamada
        hoje = timezone.localdate()
        motivo = posse.motivo_nao_enviar(chamada, hoje)
        erro = kwargs.get("form_com_erro")
        itens = posse.documentos_da_chamada(chamada)
        for item in itens:
            item.form = None
            if motivo is None and item.estado != "aceito":
                item.form = (erro[1] if erro and erro[0] == item.documento.pk
                             else DocumentoPosseForm(prefix=f"doc-{item.documento.pk}"))
        ctx.update(inscricao=insc, s=atual, chamada=chamada, itens=itens,
                   parado=motivo_certame_parado(insc.certame),
                   motivo_envio=motivo, hoje=hoje,
                   prazo_resposta_encerrado=carreira.prazo_da_chamada_encerrado(chamada, hoje),
                   permite_fim_de_fila=chamadas.permite_fim_de_fila(insc.certame),
                   prazo=posse.prazo_pendente(insc.certame, atual.atos, hoje))
        return ctx


class EnviarDocumentoPosseView(CandidatoMixin, View):
    """POST: one document for the posse (supersedes the previous sending of it)."""

    def post(self, request, pk, documento):
        insc = self.minha_inscricao(pk)
        atual = chamada_atual(insc)
        if atual is None:
            raise Http404
        doc = get_object_or_404(DocumentoPosse, pk=documento, certame_id=insc.certame_id)
        form = DocumentoPosseForm(request.POST, request.FILES, prefix=f"doc-{doc.pk}")
        if form.is_valid():
            try:
                posse.enviar_documento(atual.chamada, doc, form.cleaned_data["arquivo"],
                                       autor=request.user)
            except ValidationError as exc:
                erros_no_form(form, exc)
            else:
                messages.success(request, _("Documento “%(d)s” recebido: o RH vai analisá-lo.")
                                 % {"d": doc.nome})
                return redirect(reverse("portal:convocacao", args=[insc.pk]) + "#documentos")
        view = ConvocacaoView()
        view.setup(request, pk=pk)
        ctx = view.get_context_data(form_com_erro=(doc.pk, form))
        if not any(i.form is form for i in ctx["itens"]):
            for mensagem in form.non_field_errors():
                messages.error(request, mensagem)
        return view.render_to_response(ctx, status=400)

    def get(self, request, pk, documento):
        raise Http404


class ArquivoPosseView(LoginRequiredMixin, View):
    """A document sent for the posse: to the candidate who sent it and to RH (404 else)."""

    def get(self, request, pk):
        envio = get_object_or_404(EnvioDocumentoPosse.objects.select_related(
            "chamada__inscricao__candidato"), pk=pk)
        dono = envio.chamada.inscricao.candidato.usuario_id == request.user.pk
        if not (dono or e_rh(request.user)):
            raise Http404
        return servir_arquivo(envio.arquivo, nome=envio.nome_original,
                              tipo="application/pdf")

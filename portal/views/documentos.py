"""The candidate's documents (namespace documentos, at /candidato/documentos/): per inscrição
and reserved list, the documents the regime requires (with the article), what was sent and
what is still missing BEFORE submitting, the upload (during the window), the submission (an
act), and the permission-checked download.

A candidate reaches only their own inscrições: any other id is a 404 and nothing is written.
A document is served to the candidate who sent it, RH and the members of a committee that
evaluates that list and may see the candidate; to anybody else it does not exist (404).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from candidatos.acesso import CandidatoMixin
from candidatos.models import Inscricao
from certames.forms import erros_no_form
from comissoes.dominio import documental
from comissoes.models import DocumentoEnviado
from comum.arquivos import servir_arquivo
from comum.confirmacao import confirmado, exige_confirmacao, recusar
from portal.forms.documentos import DocumentoForm


def _tipos(situacao) -> list[tuple[str, str]]:
    return [(item.tipo, item.nome) for item in situacao.itens]


class PainelDocumentosView(CandidatoMixin, TemplateView):
    """My inscrições whose reserved lists need documents."""

    template_name = "comissoes/documentos/painel.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        itens = []
        for insc in (Inscricao.objects.filter(candidato__usuario=self.request.user)
                     .select_related("certame", "cargo")
                     .order_by("-certame__data_publicacao_edital", "numero")):
            listas = documental.listas_com_documentos(insc)
            if listas:
                itens.append({"inscricao": insc, "listas": listas})
        ctx["itens"] = itens
        return ctx


class InscricaoDocumentosView(CandidatoMixin, TemplateView):
    """One inscrição: each list with documents, its rule, what is missing, the upload form
    and the submission."""

    template_name = "comissoes/documentos/inscricao.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        insc = self.minha_inscricao(self.kwargs["pk"])
        erro = kwargs.get("form_com_erro")
        secoes = []
        for lista in documental.listas_com_documentos(insc):
            situacao = documental.situacao_documental(insc, lista)
            form = None
            if situacao.pode_enviar:
                form = (erro[1] if erro and erro[0] == lista else
                        DocumentoForm(tipos=_tipos(situacao), prefix=f"doc-{lista}"))
            secoes.append({"s": situacao, "form": form})
        ctx.update(inscricao=insc, certame=insc.certame, secoes=secoes,
                   limites=documental.limites_texto())
        return ctx


class _ListaMixin(CandidatoMixin):
    def carregar(self, pk: int, lista: str):
        self.inscricao = self.minha_inscricao(pk)
        self.lista = lista
        self.situacao = documental.situacao_documental(self.inscricao, lista)
        if self.situacao is None:
            raise Http404

    def url(self) -> str:
        from django.urls import reverse

        return reverse("documentos:inscricao", args=[self.inscricao.pk]) + f"#lista-{self.lista}"


class EnviarDocumentoView(_ListaMixin, View):
    """POST: one document of a list (supersedes the current one of the same type)."""

    def post(self, request, pk, lista):
        self.carregar(pk, lista)
        form = DocumentoForm(request.POST, request.FILES, tipos=_tipos(self.situacao),
                             prefix=f"doc-{lista}")
        if form.is_valid():
            try:
                documental.enviar_documento(self.inscricao, lista, form.cleaned_data["tipo"],
                                            form.cleaned_data["arquivo"], autor=request.user)
            except ValidationError as exc:
                erros_no_form(form, exc)
            except PermissionDenied as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(request, _("Documento recebido. Confira a lista do que ainda "
                                            "falta antes de confirmar o envio."))
                return redirect(self.url())
        view = InscricaoDocumentosView()
        view.setup(request, pk=pk)
        ctx = view.get_context_data(form_com_erro=(lista, form))
        if not any(sec["s"].lista == lista and sec["form"] is form for sec in ctx["secoes"]):
            for erro in form.non_field_errors():
                messages.error(request, erro)
        return view.render_to_response(ctx, status=400)

    def get(self, request, pk, lista):
        raise Http404


@exige_confirmacao
class SubmeterDocumentosView(_ListaMixin, View):
    """POST: the candidate confirms the set of a list (only when nothing is missing)."""

    def post(self, request, pk, lista):
        self.carregar(pk, lista)
        # Irreversible: after the confirmation the set goes to the committee and no file can
        # be added or replaced.
        if not confirmado(request):
            return recusar(request, self.url())
        try:
            documental.submeter_documentos(self.inscricao, lista, autor=request.user)
        except ValidationError as exc:
            for mensagem in exc.messages:
                messages.error(request, mensagem)
        else:
            messages.success(request, _("Envio confirmado: os documentos da lista %(l)s "
                                        "seguem para a comissão.") % {"l": lista})
        return redirect(self.url())

    def get(self, request, pk, lista):
        raise Http404


class ArquivoDocumentoView(LoginRequiredMixin, View):
    """A document's file, to whoever may see it; a 404 to anybody else."""

    def get(self, request, pk):
        doc = get_object_or_404(DocumentoEnviado, pk=pk)
        if not documental.pode_ver_documento(request.user, doc):
            raise Http404
        # The stored type was read from the content when it was received.
        return servir_arquivo(doc.arquivo, nome=doc.nome_original, tipo=doc.tipo_conteudo)

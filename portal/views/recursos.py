"""The candidate's pages of the committee procedures (heteroidentification, documentary
verification, PcD evaluation): published results, the appeal, and the permission-checked
download of the appeal's attachments.

A candidate reaches only their own inscrições and evaluations: any other id is a 404 and
nothing is written. Attachments are served to the candidate, RH and the recursal committee's
members who judge the appeal; to anybody else they do not exist (404).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from candidatos.acesso import CandidatoMixin
from candidatos.models import Inscricao
from certames.forms import erros_no_form
from comissoes.dominio.documental import listas_com_documentos
from comissoes.dominio.procedimentos import PROCEDIMENTOS
from comissoes.dominio.recursos import apresentar_recurso, pode_ver_anexo
from comissoes.dominio.resultados import resultados_por_procedimento
from comissoes.models import Avaliacao
from comum import arquivos as regras_anexos
from comum.confirmacao import exige_confirmacao
from nucleo.models import AnexoRecurso
from portal.forms.recursos import RecursoForm


class PainelRecursosView(CandidatoMixin, TemplateView):
    """My inscrições with reserved-list options: links to their heteroidentification."""

    template_name = "comissoes/recursos/painel.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        ctx["inscricoes"] = [
            insc for insc in Inscricao.objects.filter(candidato__usuario=self.request.user)
            .select_related("certame", "cargo").order_by("-certame__data_publicacao_edital",
                                                         "numero")
            if insc.listas]
        return ctx


class InscricaoRecursosView(CandidatoMixin, TemplateView):
    template_name = "comissoes/recursos/inscricao.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        insc = self.minha_inscricao(self.kwargs["pk"])
        erros = kwargs.get("form_com_erro")
        grupos = []
        itens = []
        for resultados in resultados_por_procedimento(insc):
            formularios = {}
            for item in resultados.itens:
                if item.pode_recorrer:
                    pk = item.avaliacao.pk
                    formularios[pk] = (erros[1] if erros and erros[0] == pk
                                       else RecursoForm(prefix=f"recurso-{pk}"))
            pares = [(item, formularios.get(item.avaliacao.pk)) for item in resultados.itens]
            grupos.append((resultados, pares))
            itens.extend(pares)
        ctx.update(inscricao=insc, certame=insc.cargo.certame, grupos=grupos, itens=itens,
                   limites=regras_anexos.limites_texto(),
                   listas_documentos=listas_com_documentos(insc))
        return ctx


@exige_confirmacao
class ApresentarRecursoView(CandidatoMixin, View):
    """POST only: the appeal against one of my first-instance evaluations."""

    def post(self, request, pk):
        av = get_object_or_404(
            Avaliacao.objects.select_related("inscricao", "comissao__certame"),
            pk=pk, inscricao__candidato__usuario=request.user,
            instancia=Avaliacao.Instancia.PRIMEIRA, comissao__tipo__in=list(PROCEDIMENTOS))
        form = RecursoForm(request.POST, request.FILES, prefix=f"recurso-{av.pk}")
        if form.is_valid():
            try:
                apresentar_recurso(av, autor=request.user, texto=form.cleaned_data["texto"],
                                   arquivos=form.cleaned_data["anexos"])
            except ValidationError as exc:
                erros_no_form(form, exc)
            else:
                messages.success(request, _("Recurso apresentado. Você receberá a decisão com "
                                            "o resultado definitivo."))
                return redirect("recursos:inscricao", pk=av.inscricao_id)
        view = InscricaoRecursosView()
        view.setup(request, pk=av.inscricao_id)
        ctx = view.get_context_data(form_com_erro=(av.pk, form))
        if not any(item.avaliacao.pk == av.pk and f is not None for item, f in ctx["itens"]):
            # The appeal is not possible (any more): say why, above the results.
            for erro in form.non_field_errors():
                messages.error(request, erro)
        return view.render_to_response(ctx, status=400)

    def get(self, request, pk):
        raise Http404


class AnexoRecursoView(LoginRequiredMixin, View):
    """An appeal's attachment, to whoever may see the appeal; a 404 to anybody else."""

    def get(self, request, pk):
        anexo = get_object_or_404(AnexoRecurso.objects.select_related("recurso"),
                                  pk=pk)
        if not pode_ver_anexo(request.user, anexo):
            raise Http404
        # The stored type was read from the content when it was received.
        return regras_anexos.servir_arquivo(anexo.arquivo, nome=anexo.nome_original,
                                            tipo=anexo.tipo_conteudo)

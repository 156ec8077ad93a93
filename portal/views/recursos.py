"""The candidate's pages of the committee procedures (heteroidentification, documentary
verification, PcD evaluation): published results with the appeal form (posted to
`recursos:apresentar`, the kernel's one appeal view: `nucleo.views`), and the
permission-checked download of the appeal's attachments.

A candidate reaches only their own inscrições and evaluations: any other id is a 404 and
nothing is written. Attachments are served to the candidate, RH and the recursal committee's
members who judge the appeal; to anybody else they do not exist (404).
"""

from __future__ import annotations

from django.contrib.auth.mixins import LoginRequiredMixin
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.views import View
from django.views.generic import TemplateView

from candidatos.acesso import CandidatoMixin
from candidatos.models import Inscricao
from comissoes.dominio.documental import listas_com_documentos
from comissoes.dominio.recursos import pode_ver_anexo
from comissoes.dominio.resultados import resultados_por_procedimento
from comum import arquivos as regras_anexos
from nucleo.forms import RecursoForm
from nucleo.models import AnexoRecurso


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
        grupos = []
        itens = []
        for resultados in resultados_por_procedimento(insc):
            # Each posted to `recursos:apresentar`, the kernel's one appeal view.
            formularios = {item.avaliacao.pk: RecursoForm(objeto_id=item.avaliacao.pk)
                           for item in resultados.itens if item.pode_recorrer}
            pares = [(item, formularios.get(item.avaliacao.pk)) for item in resultados.itens]
            grupos.append((resultados, pares))
            itens.extend(pares)
        ctx.update(inscricao=insc, certame=insc.cargo.certame, grupos=grupos, itens=itens,
                   limites=regras_anexos.limites_texto(),
                   listas_documentos=listas_com_documentos(insc))
        return ctx


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

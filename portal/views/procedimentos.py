"""Administrative procedures, the candidate's pages (both kinds: false information in the
exemption and fraud in the self-declaration): their own procedures (notice, deadline, decision
and motivation), the defence and the appeal form against a proven case (posted to
`procedimentos:recurso`, the kernel's one appeal view, `nucleo.views`; its attachments served
by `recursos:anexo`); any other id is a 404 and nothing is written. Every action calls one
domain function of `candidatos.procedimentos`. RH's pages are in
`painel/views/procedimentos.py`.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from candidatos import janelas, procedimentos
from candidatos.acesso import CandidatoMixin
from candidatos.models import ProcedimentoAdministrativo
from comum import arquivos
from comum.confirmacao import exige_confirmacao
from nucleo import autoridade
from nucleo.forms import RecursoForm
from nucleo.recursos import anexos_de
from portal import situacao
from portal.forms.procedimentos import DefesaForm

Tipo = ProcedimentoAdministrativo.Tipo


class MeusProcedimentosView(CandidatoMixin, TemplateView):
    template_name = "candidatos/procedimentos/lista.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        agora = timezone.now()
        linhas = []
        for proc in (ProcedimentoAdministrativo.objects
                     .filter(inscricao__candidato__usuario=self.request.user)
                     .select_related("inscricao__certame", "inscricao__cargo")
                     .order_by("-aberto_em", "-pk")):
            linhas.append((proc, procedimentos.objeto_de(proc),
                           procedimentos.pode_defender(proc, agora)))
        ctx["linhas"] = linhas
        return ctx


@exige_confirmacao
class MeuProcedimentoView(CandidatoMixin, TemplateView):
    """One of my procedures: the notice (facts, deadline), my defence, the decision."""

    template_name = "candidatos/procedimentos/detalhe.html"
    tipo: str | None = None

    def procedimento(self) -> ProcedimentoAdministrativo:
        filtro = {"pk": self.kwargs["pk"],
                  "inscricao__candidato__usuario": self.request.user}
        if self.tipo:
            filtro["tipo"] = self.tipo
        return get_object_or_404(
            ProcedimentoAdministrativo.objects.select_related(
                "inscricao__certame", "inscricao__cargo", "inscricao__candidato"), **filtro)

    def destino(self, proc: ProcedimentoAdministrativo):
        return redirect("procedimentos:detalhe", pk=proc.pk)

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        proc = self.procedimento()
        agora = timezone.now()
        recurso = procedimentos.recurso_de(proc)
        motivo = (procedimentos.motivo_para_nao_recorrer(proc, agora)
                  if proc.conclusao and recurso is None else None)
        # The appeal is offered while its window is among the inscrição's open windows
        # (`candidatos.janelas`: the status page and the dashboard read the same).
        janela = (janelas.janela_de(situacao.janelas_abertas(proc.inscricao, agora),
                                    procedimentos.CHAVE,
                                    url=reverse("procedimentos:recurso", args=[proc.pk]))
                  if proc.conclusao and recurso is None else None)
        ctx.update(procedimento=proc, inscricao=proc.inscricao,
                   certame=proc.inscricao.certame, objeto=procedimentos.objeto_de(proc),
                   fundamentos=procedimentos.fundamentos_de(proc),
                   pode_defender=procedimentos.pode_defender(proc, agora),
                   recurso=recurso, anexos=anexos_de(recurso),
                   tramite=autoridade.tramite(recurso, agora) if recurso is not None else None,
                   janela_recurso=janela, pode_recorrer=janela is not None,
                   motivo_nao_recorrer=motivo, limites=arquivos.limites_texto())
        ctx.setdefault("form", DefesaForm(prefix=f"defesa-{proc.pk}"))
        # Posted to `procedimentos:recurso`, the kernel's one appeal view (`nucleo.views`).
        ctx["form_recurso"] = RecursoForm(objeto_id=proc.pk)
        return ctx

    def post(self, request, pk):
        proc = self.procedimento()
        form = DefesaForm(request.POST, prefix=f"defesa-{proc.pk}")
        if form.is_valid():
            try:
                procedimentos.apresentar_defesa(proc, defesa=form.cleaned_data["defesa"],
                                                autor=request.user)
            except ValidationError as exc:
                form.add_error(None, exc)
            else:
                messages.success(request, _("Defesa apresentada."))
                return self.destino(proc)
        # Shown again with the text kept, so a refused defence is not lost.
        return self.render_to_response(self.get_context_data(form=form), status=400)


class DefesaIsencaoView(MeuProcedimentoView):
    """The defence posted from the exemption page (`isencao:defesa`): back to that page."""

    tipo = Tipo.FALSIDADE_ISENCAO

    def destino(self, proc: ProcedimentoAdministrativo):
        return redirect("isencao:inscricao", pk=proc.inscricao_id)

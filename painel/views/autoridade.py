"""The appeal against an RH decision, RH's side (`nucleo.autoridade`, Lei 9.784/1999, art. 56,
§1º): RH designates the certame's superior authority on the certame's page; the decider
reconsiders or keeps the decision (one page for every procedure, also embedded in each
procedure's page: `contexto_tramite`); the superior's ruling stays on each procedure's page,
guarded by the kernel.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from certames.forms import erros_no_form
from comum.confirmacao import exige_confirmacao
from nucleo import autoridade
from nucleo.models import Recurso
from nucleo.recursos import anexos_de
from nucleo.registro import plugin
from painel.acesso import RHMixin
from painel.forms.autoridade import AutoridadeRecursalForm, ReconsideracaoForm
from painel.views.certames import AtoCertameView


def contexto_tramite(recurso: Recurso | None, user, agora=None, form=None) -> dict:
    """What a procedure's RH page shows of an appeal against an RH decision: where it is
    (`autoridade.tramite`), the decider's form while they may reconsider, or why not."""
    if recurso is None:
        return {"tramite": None}
    agora = agora or timezone.now()
    atual = autoridade.tramite(recurso, agora)
    if atual is None:
        return {"tramite": None}
    motivo = autoridade.motivo_para_nao_reconsiderar(recurso, user, agora)
    if form is None and motivo is None:
        proc = plugin(recurso.procedimento)
        form = ReconsideracaoForm(recurso=recurso,
                                  objeto=proc.objetos([recurso.objeto_id]).first())
    return {"tramite": atual, "form_reconsideracao": form if motivo is None else None,
            "motivo_nao_reconsiderar": motivo,
            "motivo_nao_julgar_superior": autoridade.motivo_para_nao_julgar(recurso, user,
                                                                            agora)}


class DesignarAutoridadeView(AtoCertameView):
    """RH designates the certame's superior authority (a new act supersedes)."""

    prefixo = "autoridade"
    form_class = AutoridadeRecursalForm

    def executar(self, certame, dados):
        designacao = autoridade.designar(certame, usuario=dados["usuario"], ato=dados["ato"],
                                         motivacao=dados["motivacao"], autor=self.request.user)
        return _("%(n)s designada como autoridade superior do certame.") % {
            "n": autoridade.nome(designacao.usuario)}


@exige_confirmacao(verificar=False)
class ReconsiderarView(RHMixin, TemplateView):
    """The decider's act on an appeal against their decision: reconsider (the appeal is
    granted) or keep the decision and forward the appeal. GET shows the appeal, where it is
    and the form; a refused POST shows them again with the reason (400)."""

    template_name = "painel/recursos/reconsiderar.html"

    def recurso(self) -> tuple[Recurso, object]:
        recurso = get_object_or_404(Recurso.objects.select_related("inscricao__certame",
                                                                   "inscricao__candidato"),
                                    pk=self.kwargs["pk"])
        proc = plugin(recurso.procedimento)
        if not proc.decisao_do_rh:
            raise Http404
        objeto = proc.objetos([recurso.objeto_id]).first()
        if objeto is None:
            raise Http404
        return recurso, objeto

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        recurso, objeto = self.recurso()
        proc = plugin(recurso.procedimento)
        ctx.update(recurso=recurso, objeto=objeto, procedimento=proc,
                   rotulo=proc.rotulo(objeto), url_rh=proc.url_rh(objeto),
                   anexos=anexos_de(recurso), certame=recurso.inscricao.certame,
                   inscricao=recurso.inscricao)
        ctx.update(contexto_tramite(recurso, self.request.user, form=kwargs.get("form")))
        # A refused POST whose form is no longer offered: say why here.
        form = kwargs.get("form")
        ctx["erros"] = (list(form.non_field_errors()) if form is not None
                        and ctx.get("form_reconsideracao") is None else [])
        return ctx

    def post(self, request, pk):
        recurso, objeto = self.recurso()
        voltar = plugin(recurso.procedimento).url_rh(objeto)
        # The confirmation box is the form's required field (400 with the reason without it).
        form = ReconsideracaoForm(request.POST, recurso=recurso, objeto=objeto)
        if form.is_valid():
            reconsidera = form.cleaned_data["decisao"] == ReconsideracaoForm.RECONSIDERA
            try:
                autoridade.reconsiderar(recurso, autor=request.user, reconsidera=reconsidera,
                                        motivacao=form.cleaned_data["motivacao"],
                                        dados=form.extras)
            except ValidationError as exc:
                erros_no_form(form, exc)
            else:
                messages.success(request, _(
                    "Decisão reconsiderada: o recurso foi atendido.") if reconsidera else _(
                    "Decisão mantida: o recurso foi encaminhado à autoridade superior do "
                    "certame."))
                return redirect(voltar + "#recurso")
        return self.render_to_response(self.get_context_data(form=form), status=400)

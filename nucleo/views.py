"""The candidate's appeal, one view for every procedure: each procedure's appeal address
(`isencao:recurso`, `condicoes:recurso`, `procedimentos:recurso`, `recursos:apresentar`) is
this view with the procedure's key fixed (`chaves`), and the plug-in says what differs
(`nucleo.registro.Procedimento.objeto_do_candidato`, `pagina_do_objeto`,
`ancora_do_recurso`): adding a procedure adds no view.

- only a logged-in candidate (`comum.papeis.SomenteCandidatosMixin`); another person's
  decision is a 404 and nothing is written;
- a GET goes to the decision's page, at its appeal form;
- a POST without the confirmation box is refused before anything else
  (`comum.confirmacao.exige_confirmacao`);
- the appeal is the kernel's `nucleo.recursos.apresentar_recurso`; filed, the candidate is
  sent back to the decision's page with a message; refused (by the form or by the kernel),
  the form is shown again on a page of its own with its errors and the typed reasons, status
  400.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views import View

from certames.forms import erros_no_form
from comum.confirmacao import exige_confirmacao
from comum.papeis import SomenteCandidatosMixin
from nucleo.forms import RecursoForm
from nucleo.recursos import apresentar_recurso
from nucleo.registro import Procedimento, plugin


@exige_confirmacao
class RecursoCandidatoView(SomenteCandidatosMixin, View):
    """The candidate's appeal against one decision of the procedure(s) `chaves` (the
    committees' one address serves their three procedures: the decision belongs to one)."""

    chaves: tuple[str, ...] = ()
    template_name = "nucleo/recurso.html"

    def decisao(self) -> tuple[Procedimento, object]:
        """The procedure and the decided object the address names, if it is the candidate's
        own (404 otherwise)."""
        for chave in self.chaves:
            proc = plugin(chave)
            objeto = proc.objeto_do_candidato(self.request.user, self.kwargs["pk"])
            if objeto is not None:
                return proc, objeto
        raise Http404

    def get(self, request, pk):
        proc, objeto = self.decisao()
        return redirect(f"{proc.pagina_do_objeto(objeto)}#{proc.ancora_do_recurso(objeto)}")

    def post(self, request, pk):
        proc, objeto = self.decisao()
        form = RecursoForm(request.POST, request.FILES, objeto_id=objeto.pk)
        if form.is_valid():
            try:
                apresentar_recurso(proc.chave, objeto, autor=request.user,
                                   texto=form.cleaned_data["texto"],
                                   arquivos_enviados=form.cleaned_data["anexos"])
            except ValidationError as exc:
                erros_no_form(form, exc)
            else:
                messages.success(request, _("Recurso apresentado. Você recebe o protocolo "
                                            "por e-mail."))
                return redirect(proc.pagina_do_objeto(objeto))
        return render(request, self.template_name, {
            "procedimento": proc, "decisao": proc.rotulo(objeto), "form": form,
            "voltar": proc.pagina_do_objeto(objeto)}, status=400)

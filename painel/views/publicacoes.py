"""RH publishes a batch's result: one view for every procedure that publishes in batches
(`nucleo.lotes`), keyed by the procedure's plug-in key (`nucleo.registro.plugin`) and the
phase (preliminary, final). The kernel's publication (`nucleo.publicacao`) does the act; the
plug-in names the procedure; what stays of each procedure here is the RH page where its
batches are followed (the redirect) and, for the fee exemption, the refusal of a certame whose
law grants none. A publication cannot be undone: confirmed by a checkbox. Refusals are the
kernel's reasons, one message each.

The routes (painel/urls.py) keep the paths and names each area had: the exemption's
``isencao_publicar`` (the phase in the path), the committees' ``publicar_preliminar`` and
``publicar_final`` (the procedure in the path, heteroidentification without it).
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views import View

from candidatos import isencao
from certames.models import Certame
from comissoes.dominio.procedimentos import HETEROIDENTIFICACAO
from comum.confirmacao import exige_confirmacao
from nucleo import publicacao as kernel
from nucleo.lotes import FINAL, PRELIMINAR
from nucleo.registro import Procedimento, plugin
from painel.acesso import RHMixin

#: The success message of each phase (the procedure's name, the batch's number).
PUBLICADO = {
    PRELIMINAR: _("Resultado preliminar publicado (%(p)s, lote %(n)d): as decisões estão "
                  "visíveis aos candidatos."),
    FINAL: _("Resultado definitivo publicado (%(p)s, lote %(n)d): as decisões foram "
             "consolidadas."),
}


def pagina_do_procedimento(certame: Certame, chave: str) -> str:
    """The RH page where the procedure's batches of the certame are followed."""
    if chave == isencao.CHAVE:
        return reverse("painel:pedidos", args=[certame.pk])
    if chave == HETEROIDENTIFICACAO:
        return reverse("painel:resultados_certame", args=[certame.pk])
    return reverse("painel:resultados_certame", args=[certame.pk, chave])


def recusa_do_dominio(certame: Certame, chave: str) -> None:
    """The procedure's domain refuses first: the fee exemption, a certame whose law grants
    none (`isencao.regra`: the regime's `isencao`)."""
    if chave == isencao.CHAVE:
        isencao.regra(certame)


def publicar(certame: Certame, chave: str, fase: str, *, autor, lote: int | None):
    """The kernel's publication of the phase: the next batch's preliminary result, or the
    final result of the batch `lote` (default: the oldest one without it)."""
    recusa_do_dominio(certame, chave)
    if fase == PRELIMINAR:
        return kernel.publicar_preliminar(certame, chave, autor=autor)
    return kernel.publicar_final(certame, chave, autor=autor, lote=lote)


@exige_confirmacao
class PublicarResultadoView(RHMixin, View):
    """RH publishes a batch's result of the procedure `procedimento` in the phase `fase`:
    each comes from the path, else from the route (`as_view` arguments)."""

    #: The route's procedure key and phase when its path does not carry them.
    procedimento = ""
    fase = ""
    #: The keys the route's path may carry (empty: the route's `procedimento` only).
    procedimentos: tuple[str, ...] = ()

    def _procedimento(self, kwargs) -> Procedimento:
        """The plug-in the path or the route names; 404 for any other."""
        chave = kwargs.get("procedimento", self.procedimento)
        if chave not in (self.procedimentos or (self.procedimento,)):
            raise Http404
        try:
            proc = plugin(chave)
        except LookupError:
            raise Http404 from None
        if not proc.publica_em_lotes:
            raise Http404
        return proc

    def post(self, request, pk, **kwargs):
        proc = self._procedimento(kwargs)
        fase = kwargs.get("fase", self.fase)
        if fase not in PUBLICADO:
            raise Http404
        certame = get_object_or_404(Certame, pk=pk)
        lote = request.POST.get("lote", "")
        try:
            pub = publicar(certame, proc.chave, fase, autor=request.user,
                           lote=int(lote) if lote.isdigit() else None)
        except ValidationError as exc:
            for mensagem in exc.messages:
                messages.error(request, mensagem)
        else:
            messages.success(request, PUBLICADO[fase] % {"p": proc.nome, "n": pub.lote})
        return redirect(pagina_do_procedimento(certame, proc.chave))


"""Special conditions at the exam, the candidate's pages: the request (in the inscrição
window), its status with RH's motivated decision, the appeal form (posted to
`condicoes:recurso`, the kernel's one appeal view: `nucleo.views`) and the candidate's own
report.

A candidate reaches only their own inscrições and requests: any other id is a 404 and nothing
is written (`CandidatoMixin`).
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from candidatos import condicoes, janelas
from candidatos.acesso import CandidatoMixin
from candidatos.models import PedidoAtendimento
from comum.arquivos import servir_arquivo
from comum.confirmacao import exige_confirmacao
from nucleo.forms import RecursoForm
from nucleo.recursos import anexos_de
from portal.forms.condicoes import PedidoAtendimentoForm
from portal.situacao import janelas_abertas


@exige_confirmacao
class InscricaoAtendimentoView(CandidatoMixin, TemplateView):
    """The special conditions of one of my inscrições: request form, status, appeal."""

    template_name = "candidatos/condicoes/inscricao.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        insc = self.minha_inscricao(self.kwargs["pk"])
        agora = timezone.now()
        pedido = condicoes.pedido_vigente(insc)
        sit = condicoes.situacao(pedido, agora)
        ctx.update(
            inscricao=insc, certame=insc.certame, pedido=pedido, situacao=sit,
            # The appeal is offered while its window is among the inscrição's open windows
            # (`candidatos.janelas`: the status page and the dashboard read the same).
            janela_recurso=janelas.janela_de(janelas_abertas(insc, agora),
                                             condicoes.CHAVE),
            condicoes_pedidas=list(pedido.condicoes.order_by("pk")) if pedido else [],
            anexos=anexos_de(sit.recurso),
            etapas_pedido=condicoes.etapas_pedido(insc.certame),
            pedido_aberto=condicoes.janela_pedido_aberta(insc.certame, agora),
            anteriores=(condicoes.pedidos_da_inscricao(insc).exclude(pk=pedido.pk).count()
                        if pedido else 0),
            prazo_recurso_dias=condicoes.PRAZO_RECURSO_DIAS,
            fundamento_pcd=condicoes.FUNDAMENTO_PCD,
            fundamento_lactante=condicoes.FUNDAMENTO_LACTANTE)
        ctx.setdefault("form", PedidoAtendimentoForm())
        # Posted to `condicoes:recurso`, the kernel's one appeal view (`nucleo.views`).
        ctx["form_recurso"] = RecursoForm(objeto_id=pedido.pk if pedido else None)
        return ctx

    def post(self, request, pk):
        insc = self.minha_inscricao(pk)
        form = PedidoAtendimentoForm(request.POST, request.FILES)
        if form.is_valid():
            try:
                condicoes.solicitar(insc, autor=request.user, **form.dados())
            except ValidationError as exc:
                form.add_error(None, exc)
            else:
                messages.success(request, _("Pedido de atendimento especializado registrado. "
                                            "O RH vai analisá-lo."))
                return redirect("condicoes:inscricao", pk=insc.pk)
        return self.render_to_response(self.get_context_data(form=form), status=400)


class LaudoCandidatoView(CandidatoMixin, View):
    """My own medical report (any of my requests)."""

    def get(self, request, pk):
        pedido = get_object_or_404(PedidoAtendimento, pk=pk,
                                   inscricao__candidato__usuario=request.user)
        if not pedido.laudo:
            raise Http404
        return servir_arquivo(pedido.laudo, tipo=pedido.laudo_tipo_conteudo or None)

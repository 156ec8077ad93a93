"""Special conditions at the exam, RH's pages: the requests of a certame (filters), one
request (the motivated decision per condition, the appeal's ruling, the medical report) and
the exam venue's list (CSV and XLSX: granted conditions only, never the report).

Every action calls one domain function of `candidatos.condicoes`.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from candidatos import condicoes
from candidatos.condicoes.forms import DecisaoAtendimentoForm, FiltroPedidosForm
from candidatos.models import PedidoAtendimento
from certames.models import Certame
from comum import exportacao
from comum.arquivos import servir_arquivo
from comum.confirmacao import confirmado, exige_confirmacao, recusar
from nucleo.recursos import anexos_de
from painel.acesso import RHMixin
from painel.views.autoridade import contexto_tramite

POR_PAGINA = 50


def _certame(pk: int) -> Certame:
    return get_object_or_404(Certame.objects.select_related("orgao"), pk=pk)


class ListaView(RHMixin, TemplateView):
    """The requests in force of a certame (the latest of each inscrição), filtered."""

    template_name = "painel/atendimento/lista.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        certame = _certame(self.kwargs["pk"])
        agora = timezone.now()
        filtro = FiltroPedidosForm(self.request.GET or None)
        dados = filtro.cleaned_data if filtro.is_valid() else {}
        pedidos = (PedidoAtendimento.objects.filter(inscricao__certame=certame)
                   .select_related("inscricao__candidato", "inscricao__cargo")
                   .order_by("inscricao__numero", "-solicitado_em", "-pk"))
        if dados.get("condicao"):
            pedidos = pedidos.filter(condicoes__condicao=dados["condicao"])
        if dados.get("numero"):
            pedidos = pedidos.filter(inscricao__numero__icontains=dados["numero"].strip())
        linhas, vistos = [], set()
        for pedido in pedidos:
            if pedido.inscricao_id in vistos:
                continue
            vistos.add(pedido.inscricao_id)
            if not condicoes.vigente(pedido):
                continue  # superseded by a later request without the filtered condition
            sit = condicoes.situacao(pedido, agora)
            if dados.get("estado") and sit.estado != dados["estado"]:
                continue
            linhas.append((pedido, sit, list(pedido.condicoes.order_by("pk"))))
        pagina = Paginator(linhas, POR_PAGINA).get_page(self.request.GET.get("page"))
        ctx.update(certame=certame, filtro=filtro, page_obj=pagina, total=len(linhas),
                   concedidas=len(condicoes.concedidas(certame)),
                   etapas_pedido=condicoes.etapas_pedido(certame),
                   etapas_analise=condicoes.etapas_analise(certame),
                   analise_aberta=condicoes.janela_analise_aberta(certame, agora))
        return ctx


@exige_confirmacao
class PedidoView(RHMixin, TemplateView):
    """One request: what was asked, the report, the decisions (acts), the appeal, and the
    form of the next act (the decision, or the appeal's ruling)."""

    template_name = "painel/atendimento/pedido.html"

    def pedido(self) -> PedidoAtendimento:
        return get_object_or_404(
            PedidoAtendimento.objects.select_related("inscricao__certame",
                                                     "inscricao__candidato",
                                                     "inscricao__cargo"),
            pk=self.kwargs["pk"])

    def _formulario(self, pedido, sit, data=None):
        pedidas = list(pedido.condicoes.order_by("pk").values_list("condicao", flat=True))
        # Prefilled with the decision in force (a new act restates every condition).
        inicial = {f"resultado_{i.condicao}": i.resultado for i in sit.itens}
        inicial.update({f"motivacao_{i.condicao}": i.motivacao for i in sit.itens})
        minutos = [i.minutos_adicionais for i in sit.itens if i.minutos_adicionais]
        if minutos:
            inicial["minutos"] = minutos[0]
        if sit.recurso is not None:
            if condicoes.motivo_para_nao_julgar(pedido, self.request.user):
                return None
            return DecisaoAtendimentoForm(data, pedidas=pedidas, recurso=True, initial=inicial)
        if not condicoes.vigente(pedido):
            return None
        return DecisaoAtendimentoForm(data, pedidas=pedidas, initial=inicial)

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        pedido = kwargs.get("pedido") or self.pedido()
        sit = condicoes.situacao(pedido, timezone.now())
        form = kwargs.get("form", self._formulario(pedido, sit))
        ctx.update(
            pedido=pedido, inscricao=pedido.inscricao, certame=pedido.inscricao.certame,
            situacao=sit, vigente=condicoes.vigente(pedido),
            condicoes_pedidas=list(pedido.condicoes.order_by("pk")),
            decisoes=list(pedido.decisoes.select_related("autor").prefetch_related("itens")
                          .order_by("decidida_em", "pk")),
            anexos=anexos_de(sit.recurso), form=form,
            motivo_sem_julgar=(condicoes.motivo_para_nao_julgar(pedido, self.request.user)
                               if sit.recurso else None),
            campos_condicao=self._campos(form),
            fundamento_pcd=condicoes.FUNDAMENTO_PCD,
            fundamento_lactante=condicoes.FUNDAMENTO_LACTANTE)
        # Where the appeal is: with the decider, or the certame's superior authority.
        ctx.update(contexto_tramite(sit.recurso, self.request.user))
        return ctx

    @staticmethod
    def _campos(form):
        """The form's fields grouped by condition, for the template."""
        if form is None:
            return []
        grupos = []
        for codigo in form.pedidas:
            grupo = [form[f"resultado_{codigo}"]]
            if codigo == condicoes.Condicao.TEMPO_ADICIONAL:
                grupo.append(form["minutos"])
            grupo.append(form[f"motivacao_{codigo}"])
            grupos.append(grupo)
        return grupos

    def post(self, request, pk):
        pedido = self.pedido()
        voltar = reverse("painel:atendimento_pedido", args=[pedido.pk])
        if not confirmado(request):
            return recusar(request, voltar)
        sit = condicoes.situacao(pedido, timezone.now())
        form = self._formulario(pedido, sit, request.POST)
        if form is None:
            messages.error(request, sit.motivo_sem_recurso
                           or condicoes.motivo_para_nao_julgar(pedido, request.user)
                           or _("Este pedido foi substituído por um pedido mais recente."))
            return redirect(voltar)
        if form.is_valid():
            try:
                if sit.recurso is not None:
                    condicoes.julgar_recurso(pedido, autor=request.user,
                                             resultados=form.resultados(),
                                             motivacao=form.cleaned_data["motivacao"])
                    messages.success(request, _("Recurso julgado."))
                else:
                    condicoes.decidir(pedido, autor=request.user, resultados=form.resultados(),
                                      motivacao=form.cleaned_data["motivacao"])
                    messages.success(request, _("Decisão registrada."))
            except ValidationError as exc:
                form.add_error(None, exc)
            else:
                return redirect(voltar)
        return self.render_to_response(self.get_context_data(pedido=pedido, form=form),
                                       status=400)


class LaudoView(RHMixin, View):
    def get(self, request, pk):
        pedido = get_object_or_404(PedidoAtendimento, pk=pk)
        if not pedido.laudo:
            raise Http404
        return servir_arquivo(pedido.laudo, tipo=pedido.laudo_tipo_conteudo or None)


class ExportarView(RHMixin, View):
    """The exam venue's list: CSV (stable keys) or XLSX (labelled headers); every cell
    through `comum.exportacao` (text neutralised against formula injection)."""

    def get(self, request, pk, formato):
        certame = _certame(pk)
        if formato not in exportacao.FORMATOS:
            raise Http404
        linhas = condicoes.linhas_exportacao(certame)
        nome = f"atendimento-especializado-{certame.numero_edital}".replace("/", "-")
        resposta = exportacao.resposta_exportacao(
            formato, nome, condicoes.COLUNAS, linhas, _("Atendimento especializado"),
            rotulos=condicoes.ROTULOS_COLUNAS, privada=True)
        condicoes.registrar_exportacao(certame, autor=request.user, formato=formato,
                                       total=len(linhas))
        return resposta

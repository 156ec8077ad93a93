"""Fee exemption, the RH pages: the CadÚnico extract, the requests of a certame (filters, bulk
confirmation of the automatic check), one request (decision, appeal ruling, payment, false
information procedure: opened here, decided on the generic procedure page) and the end of the
payment deadline. The batches' publications are `painel.views.publicacoes`.

Every action calls one domain function of `candidatos.isencao`; none writes a status field.
(At /rh/isencao/; moved from `candidatos/views_isencao_rh.py`.)
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.db.models import Count, Q
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import FormView, TemplateView

from candidatos import isencao
from candidatos.acesso import servir_arquivo_do_pedido
from candidatos.isencao import cadunico
from candidatos.isencao.forms import (
    ConfirmacaoForm,
    DecisaoPreliminarForm,
    ExtratoCadUnicoForm,
    FiltroPedidosForm,
    JulgamentoRecursoForm,
    PagamentoForm,
    ProcedimentoForm,
)
from candidatos.models import (
    ExtratoCadUnico,
    Inscricao,
    PedidoIsencao,
    ProcedimentoAdministrativo,
    RegistroCadUnico,
)
from certames.models import Ato, Certame, Etapa
from comum.confirmacao import confirmado, exige_confirmacao, recusar
from comum.planilhas import ArquivoRejeitado
from nucleo import lotes
from nucleo import publicacao as kernel
from nucleo.models import PublicacaoResultado
from nucleo.recursos import anexos_de
from painel.acesso import RHMixin
from painel.views.autoridade import contexto_tramite
from painel.views.procedimentos import DetalheRHView

POR_PAGINA = 100


def _certame_com_isencao(pk: int) -> Certame:
    return get_object_or_404(Certame.objects.select_related("orgao"), pk=pk)


class PainelView(RHMixin, TemplateView):
    template_name = "painel/isencao/painel.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        ctx["certames"] = (Certame.objects.filter(regime__in=isencao.regimes_com_isencao())
                           .select_related("orgao")
                           .annotate(num_pedidos=Count("inscricoes__pedido_isencao"))
                           .order_by("-data_publicacao_edital", "numero_edital"))
        ctx["extrato"] = cadunico.ultimo_extrato()
        ctx["fundamento_isencao"] = isencao.fundamento_regimes_com_isencao()
        return ctx


@exige_confirmacao
class CadUnicoView(RHMixin, FormView):
    """Import of the CadÚnico extract: all or nothing, in this request; the file is not kept
    (Lei 3.057/2026, art. 4º, parágrafo único)."""

    template_name = "painel/isencao/cadunico.html"
    form_class = ExtratoCadUnicoForm

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        ctx["extratos"] = ExtratoCadUnico.objects.select_related("importado_por")[:20]
        ctx["colunas"] = cadunico.COLUNAS
        ctx["fundamento_consulta"] = cadunico.fundamento_consulta()
        return ctx

    def form_valid(self, form):
        arquivo = form.cleaned_data["arquivo"]
        try:
            resultado = isencao.importar_extrato(
                arquivo.read(), data_referencia=form.cleaned_data["data_referencia"],
                nome_arquivo=arquivo.name, autor=self.request.user)
        except ArquivoRejeitado as exc:
            return self.render_to_response(
                self.get_context_data(form=form, erros=[str(e) for e in exc.erros],
                                      total_erros=exc.total),
                status=400)
        except ValidationError as exc:
            form.add_error(None, exc)
            return self.render_to_response(self.get_context_data(form=form), status=400)
        reverificados = sum(resultado.reverificados.values())
        messages.success(self.request, _(
            "Extrato importado: %(n)d registros; %(p)d pedidos sem decisão verificados de "
            "novo.") % {"n": resultado.registros, "p": reverificados})
        if resultado.colunas_ignoradas:
            messages.info(self.request, _("Colunas ignoradas (não são guardadas): %(c)s.") % {
                "c": ", ".join(resultado.colunas_ignoradas)})
        return redirect("painel:cadunico")


class PedidosView(RHMixin, TemplateView):
    """The requests of a certame with filters, bulk confirmation and the phase actions."""

    template_name = "painel/isencao/pedidos.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        certame = _certame_com_isencao(self.kwargs["pk"])
        agora = timezone.now()
        filtro = FiltroPedidosForm(self.request.GET or None)
        dados = filtro.cleaned_data if filtro.is_valid() else {}
        qs = isencao.pedidos_do_certame(certame, **{k: v for k, v in dados.items() if v})
        pagina = Paginator(qs, POR_PAGINA).get_page(self.request.GET.get("page"))
        filtros = self.request.GET.copy()
        filtros.pop("page", None)
        ctx.update(
            certame=certame, oferece=isencao.oferece_isencao(certame),
            mensagem_nao_prevista=isencao.mensagem_nao_prevista(),
            filtro=filtro, page_obj=pagina, pedidos=list(pagina), filtros=filtros.urlencode(),
            total=qs.count(),
            # The kernel's batches: every one published, the next one to publish (the
            # decisions in no batch yet) and the oldest awaiting its final result.
            lotes=lotes.lotes(certame, isencao.CHAVE, agora),
            a_publicar=lotes.nao_publicados(certame, isencao.CHAVE).count(),
            proximo_lote=lotes.proximo_numero(certame, isencao.CHAVE),
            lote_pendente=lotes.lote_pendente(certame, isencao.CHAVE),
            em_aberto=lotes.plugin(isencao.CHAVE).em_aberto(certame).exists(),
            # When each publication opens in the schedule (the kernel's guard).
            cronograma_preliminar=kernel.motivo_cronograma(certame, isencao.CHAVE,
                                                           lotes.PRELIMINAR, agora),
            cronograma_final=kernel.motivo_cronograma(certame, isencao.CHAVE, lotes.FINAL,
                                                      agora),
            etapas=[(tipo, isencao.etapas(certame, tipo)) for tipo in (
                Etapa.Tipo.PEDIDO_ISENCAO, Etapa.Tipo.RESULTADO_PRELIMINAR_ISENCAO,
                Etapa.Tipo.RECURSO_ISENCAO, Etapa.Tipo.RESULTADO_DEFINITIVO_ISENCAO,
                Etapa.Tipo.PAGAMENTO_TAXA)],
            prazo_pagamento=isencao.prazo_final(certame, Etapa.Tipo.PAGAMENTO_TAXA),
            agora=agora, fases=PublicacaoResultado.Fase)
        return ctx


@exige_confirmacao
class ConfirmarLoteView(RHMixin, View):
    """Confirm the automatic check of the selected requests, or of every request matching
    the filters: each confirmation is its own decision act."""

    def post(self, request, pk):
        certame = _certame_com_isencao(pk)
        filtro = FiltroPedidosForm(request.POST)
        dados = filtro.cleaned_data if filtro.is_valid() else {}
        qs = isencao.pedidos_do_certame(certame, **{k: v for k, v in dados.items() if v})
        if request.POST.get("todos") != "1":
            ids = [int(i) for i in request.POST.getlist("pedidos") if i.isdigit()]
            qs = qs.filter(pk__in=ids)
        pedidos = list(qs.filter(resultado_preliminar=""))
        destino = reverse("painel:pedidos", args=[certame.pk])
        if dados:
            destino += "?" + urlencode({k: v for k, v in dados.items() if v})
        if not pedidos:
            messages.warning(request, _("Nenhum pedido sem decisão foi selecionado."))
            return redirect(destino)
        if not confirmado(request):
            return recusar(request, destino)
        try:
            decisoes, ignorados = isencao.confirmar_em_lote(pedidos, autor=request.user)
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
            return redirect(destino)
        messages.success(request, _("%(n)d verificações automáticas confirmadas.") % {
            "n": len(decisoes)})
        if ignorados:
            messages.warning(request, _(
                "%(n)d pedidos não podem ser confirmados em lote (sem extrato ou doador de "
                "sangue): decida-os um a um, com motivação.") % {"n": len(ignorados)})
        return redirect(destino)


@exige_confirmacao
class PedidoView(RHMixin, TemplateView):
    """One request as RH sees it, with the acts RH may record."""

    template_name = "painel/isencao/pedido.html"
    FORMULARIOS = {
        "confirmar": ConfirmacaoForm,
        "decidir": DecisaoPreliminarForm,
        "julgar": JulgamentoRecursoForm,
        "pagamento": PagamentoForm,
        "procedimento": ProcedimentoForm,
    }

    def pedido(self) -> PedidoIsencao:
        return get_object_or_404(
            PedidoIsencao.objects.select_related("inscricao__certame", "inscricao__candidato",
                                                 "inscricao__cargo", "extrato"),
            pk=self.kwargs["pk"])

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        pedido = self.pedido()
        insc = pedido.inscricao
        agora = timezone.now()
        recurso = isencao.recurso_do_pedido(pedido)
        preliminar, final = isencao.publicacoes_do_pedido(pedido)
        registro = (RegistroCadUnico.objects.filter(extrato=pedido.extrato, nis=pedido.nis)
                    .first() if pedido.extrato_id else None)
        ctx.update(
            pedido=pedido, inscricao=insc, certame=insc.certame, recurso=recurso,
            anexos=anexos_de(recurso),
            registro=registro, decisoes=pedido.decisoes.select_related("autor"),
            aviso_extrato_posterior=isencao.aviso_extrato_posterior(pedido),
            confirmavel=(not pedido.resultado_preliminar
                         and pedido.verificacao in isencao.RESULTADO_DA_VERIFICACAO),
            resultado_automatico=isencao.RESULTADO_DA_VERIFICACAO.get(pedido.verificacao),
            publicado_preliminar=preliminar, publicado_final=final,
            taxa=Inscricao.SituacaoTaxa(isencao.situacao_taxa_efetiva(insc, agora)),
            prazo_pagamento=isencao.prazo_final(insc.certame, Etapa.Tipo.PAGAMENTO_TAXA),
            procedimentos=ProcedimentoAdministrativo.objects.filter(
                inscricao=insc, tipo=ProcedimentoAdministrativo.Tipo.FALSIDADE_ISENCAO),
            atos=Ato.objects.filter(
                Q(objeto_tipo__model="pedidoisencao", objeto_id=str(pedido.pk))
                | Q(objeto_tipo__app_label="nucleo", objeto_tipo__model="recurso",
                    objeto_id=str(recurso.pk if recurso else 0)))
            .select_related("autor"))
        # Where the appeal is: with the decider, or the certame's superior authority.
        ctx.update(contexto_tramite(recurso, self.request.user, agora,
                                    form=kwargs.get("form_reconsideracao")))
        for nome, classe in self.FORMULARIOS.items():
            ctx.setdefault(f"form_{nome}", self._form(classe, insc.certame, prefix=nome))
        return ctx

    @staticmethod
    def _form(classe, certame, *args, **kwargs):
        """The decision forms cite the certame's exemption law (`Regime.isencao`)."""
        if issubclass(classe, DecisaoPreliminarForm):
            kwargs["regra"] = certame.regime_legal.isencao
        if issubclass(classe, ProcedimentoForm):
            kwargs["certame"] = certame
        return classe(*args, **kwargs)

    def post(self, request, pk):
        pedido = self.pedido()
        acao = request.POST.get("acao")
        classe = self.FORMULARIOS.get(acao)
        if classe is None:
            messages.error(request, _("Ação desconhecida."))
            return redirect("painel:pedido", pk=pedido.pk)
        form = self._form(classe, pedido.inscricao.certame, request.POST, prefix=acao)
        if form.is_valid():
            dados = form.cleaned_data
            try:
                destino = self._executar(acao, pedido, dados)
            except ValidationError as exc:
                form.add_error(None, exc)
            else:
                return destino
        contexto = self.get_context_data(**{f"form_{acao}": form})
        return self.render_to_response(contexto, status=400)

    def _executar(self, acao, pedido, dados):
        user = self.request.user
        if acao == "confirmar":
            isencao.decidir_preliminar(pedido, autor=user, confirmar=True,
                                       motivacao=dados["motivacao"])
            messages.success(self.request, _("Verificação automática confirmada."))
        elif acao == "decidir":
            isencao.decidir_preliminar(pedido, autor=user, resultado=dados["resultado"],
                                       motivacao=dados["motivacao"])
            messages.success(self.request, _("Decisão preliminar registrada."))
        elif acao == "julgar":
            isencao.julgar_recurso(pedido, resultado=dados["resultado"],
                                   motivacao=dados["motivacao"], autor=user)
            messages.success(self.request, _("Recurso julgado."))
        elif acao == "pagamento":
            isencao.registrar_pagamento(pedido.inscricao, autor=user,
                                        referencia=dados["referencia"])
            messages.success(self.request, _("Pagamento registrado."))
        else:
            proc = isencao.abrir_procedimento_falsidade(
                pedido, fatos=dados["fatos"], prazo_defesa=dados["prazo_defesa"], autor=user)
            messages.success(self.request, _("Procedimento instaurado; o candidato foi "
                                             "notificado."))
            return redirect("painel:procedimento", pk=proc.pk)
        return redirect("painel:pedido", pk=pedido.pk)


class ArquivoRHView(RHMixin, View):
    """The proof of blood donation or the appeal attachment of a request (the appeal's
    first attachment, `nucleo.AnexoRecurso`; every attachment is also at `recursos:anexo`)."""

    def get(self, request, pk, qual):
        return servir_arquivo_do_pedido(get_object_or_404(PedidoIsencao, pk=pk), qual)


@exige_confirmacao
class EncerrarPrazoView(RHMixin, View):
    """Closing the payment window cannot be undone: confirmed by a checkbox."""

    def post(self, request, pk):
        certame = _certame_com_isencao(pk)
        if not confirmado(request):
            return recusar(request, reverse("painel:pedidos", args=[certame.pk]))
        try:
            marcadas = isencao.encerrar_prazo_pagamento(certame, autor=request.user)
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
        else:
            messages.success(request, _(
                "Prazo de pagamento encerrado: %(n)d inscrições não confirmadas.") % {
                "n": len(marcadas)})
        return redirect("painel:pedidos", pk=certame.pk)


class ProcedimentoView(DetalheRHView):
    """The false-information procedure (art. 5º): the generic procedure page, restricted to
    this type (kept at its old address for the links already sent)."""

    tipo = ProcedimentoAdministrativo.Tipo.FALSIDADE_ISENCAO

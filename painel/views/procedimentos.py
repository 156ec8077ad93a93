"""Administrative procedures, the RH pages (both kinds: false information in the exemption and
fraud in the self-declaration; at /rh/procedimentos/, moved from
`candidatos/views_procedimentos.py`, where the candidate's pages stay).

The procedures of a certame with filters, one procedure (decision, the candidate's appeal and
its reconsideration by the decider and ruling by the certame's superior authority,
forwardings) and the opening of a fraud procedure
from an inscrição. Every action calls one domain function of `candidatos.procedimentos`; the
appeal's attachments are served by `recursos:anexo` (kernel-checked).
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db.models import Count, Q
from django.shortcuts import get_object_or_404, redirect
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from candidatos import procedimentos
from candidatos.models import Inscricao, PedidoIsencao, ProcedimentoAdministrativo
from candidatos.procedimentos.forms import (
    AbrirFraudeForm,
    DecisaoProcedimentoForm,
    EncaminhamentoForm,
    EncerramentoForm,
    FiltroProcedimentosForm,
    JulgamentoRecursoForm,
)
from certames.models import Ato, Certame
from comum.avisos import estado as estado_avisos
from comum.confirmacao import exige_confirmacao
from nucleo.recursos import anexos_de
from painel.acesso import RHMixin
from painel.views.autoridade import contexto_tramite

Tipo = ProcedimentoAdministrativo.Tipo


def _atos(proc: ProcedimentoAdministrativo):
    """The procedure's acts and its appeal's (the kernel records the filing on the appeal,
    `nucleo.Recurso`)."""
    filtro = Q(objeto_tipo__app_label="candidatos",
               objeto_tipo__model="procedimentoadministrativo", objeto_id=str(proc.pk))
    # The annulment of the nomeação the decision recorded on the call (and its revocation).
    filtro |= Q(tipo__in=["chamada_anulada", "chamada_revogacao"],
                certame_id=proc.inscricao.certame_id, depois__procedimento=proc.pk)
    recurso = procedimentos.recurso_de(proc)
    if recurso is not None:
        filtro |= Q(objeto_tipo__app_label="nucleo", objeto_tipo__model="recurso",
                    objeto_id=str(recurso.pk))
    atos = list(Ato.objects.filter(filtro).select_related("autor").order_by("criado_em", "id"))
    # Whether each act's notice went out (comum.avisos.estado).
    resumos = estado_avisos.por_ato(a.pk for a in atos)
    for ato in atos:
        ato.resumo_aviso = resumos.get(ato.pk)
    return atos


class PainelRHView(RHMixin, TemplateView):
    """Every certame with procedures: how many are open and how many forwardings are due."""

    template_name = "painel/procedimentos/painel.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        certames = list(
            Certame.objects.select_related("orgao")
            .annotate(num_procedimentos=Count("inscricoes__procedimentos"),
                      num_abertos=Count(
                          "inscricoes__procedimentos",
                          filter=Q(inscricoes__procedimentos__encerrado_em__isnull=True)))
            .filter(num_procedimentos__gt=0)
            .order_by("-data_publicacao_edital", "numero_edital"))
        for certame in certames:
            certame.num_pendentes = sum(
                len(procedimentos.encaminhamentos_pendentes(p))
                for p in ProcedimentoAdministrativo.objects.filter(
                    inscricao__certame=certame,
                    conclusao=ProcedimentoAdministrativo.Conclusao.PROCEDENTE)
                .select_related("inscricao__certame"))
        ctx["certames"] = certames
        return ctx


class ListaRHView(RHMixin, TemplateView):
    """The procedures of a certame, filtered by type, status and forwardings due."""

    template_name = "painel/procedimentos/lista.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        certame = get_object_or_404(Certame.objects.select_related("orgao"),
                                    pk=self.kwargs["pk"])
        filtro = FiltroProcedimentosForm(self.request.GET or None)
        dados = filtro.cleaned_data if filtro.is_valid() else {}
        ctx.update(certame=certame, filtro=filtro, agora=timezone.now(),
                   procedimentos=procedimentos.procedimentos_do_certame(
                       certame, tipo=dados.get("tipo", ""),
                       situacao=dados.get("situacao", ""),
                       pendentes=bool(dados.get("pendentes"))))
        return ctx


@exige_confirmacao
class DetalheRHView(RHMixin, TemplateView):
    """One procedure: notice, defence, decision form, the appeal and its ruling,
    forwardings (recorded and due)."""

    template_name = "painel/procedimentos/detalhe.html"
    #: Restricts the procedures this page serves (the exemption pages reuse it).
    tipo: str | None = None
    url_detalhe = "painel:procedimentos_detalhe"
    FORMULARIOS = {"decidir": DecisaoProcedimentoForm, "encaminhar": EncaminhamentoForm,
                   "julgar": JulgamentoRecursoForm, "encerrar": EncerramentoForm}

    def procedimento(self) -> ProcedimentoAdministrativo:
        filtro = {"pk": self.kwargs["pk"]}
        if self.tipo:
            filtro["tipo"] = self.tipo
        return get_object_or_404(
            ProcedimentoAdministrativo.objects.select_related(
                "inscricao__certame", "inscricao__candidato", "inscricao__cargo", "aberto_por",
                "decidido_por"), **filtro)

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        proc = self.procedimento()
        insc = proc.inscricao
        agora = timezone.now()
        fundamentos = procedimentos.fundamentos_de(proc)
        consequencia = procedimentos.consequencia_por_fase(insc, proc.tipo)
        recurso = procedimentos.recurso_de(proc)
        ctx.update(
            recurso=recurso, anexos=anexos_de(recurso),
            janela_recurso=procedimentos.janela_recurso(proc, agora),
            motivo_nao_julgar=(procedimentos.motivo_para_nao_julgar(proc, self.request.user,
                                                                    recurso, agora)
                               if recurso is not None else None))
        # Where the appeal is: with the decider, or the certame's superior authority.
        ctx.update(contexto_tramite(recurso, self.request.user, agora))
        ctx.update(
            procedimento=proc, inscricao=insc, certame=insc.certame,
            objeto=procedimentos.objeto_de(proc), fundamentos=fundamentos,
            pedido=(PedidoIsencao.objects.filter(inscricao=insc).first()
                    if proc.tipo == Tipo.FALSIDADE_ISENCAO else None),
            consequencia_prevista=ProcedimentoAdministrativo.Consequencia(consequencia),
            fundamento_previsto=fundamentos.decisao[consequencia],
            pode_decidir=procedimentos.pode_decidir(proc, agora),
            encaminhamentos=procedimentos.encaminhamentos_registrados(proc),
            exigidos=[(procedimentos.Destino(d), f)
                      for d, f in procedimentos.encaminhamentos_exigidos(proc)],
            pendentes=[procedimentos.Destino(d)
                       for d in procedimentos.encaminhamentos_pendentes(proc)],
            encaminhamentos_da_lei=[(procedimentos.Destino(d), f)
                                    for d, f in fundamentos.encaminhamentos],
            motivo_nao_encerrar=procedimentos.motivo_para_nao_encerrar(proc, agora),
            chamadas_anuladas=procedimentos.chamadas_anuladas(proc),
            atos=_atos(proc))
        pendentes = procedimentos.encaminhamentos_pendentes(proc)
        # The forwarding form proposes the first destination the law still requires.
        ctx.setdefault("form_encaminhar", EncaminhamentoForm(
            initial={"destino": pendentes[0]} if pendentes else None))
        for nome, classe in self.FORMULARIOS.items():
            ctx.setdefault(f"form_{nome}", classe())
        return ctx

    def post(self, request, pk):
        proc = self.procedimento()
        acao = request.POST.get("acao", "decidir")
        classe = self.FORMULARIOS.get(acao)
        if classe is None:
            messages.error(request, _("Ação desconhecida."))
            return redirect(self.url_detalhe, pk=proc.pk)
        # The forms have no field in common: no prefixes (the exemption page's decision form
        # posted without one and without "acao").
        form = classe(request.POST)
        if form.is_valid():
            dados = form.cleaned_data
            try:
                if acao == "decidir":
                    procedimentos.decidir_procedimento(
                        proc, conclusao=dados["conclusao"], motivacao=dados["motivacao"],
                        autor=request.user)
                    messages.success(request, _("Procedimento decidido; o candidato foi "
                                                "notificado."))
                elif acao == "julgar":
                    procedimentos.julgar_recurso(
                        proc, provido=dados["resultado_recurso"] == "provido",
                        motivacao=dados["motivacao_recurso"], autor=request.user)
                    messages.success(request, _("Recurso julgado; o candidato foi "
                                                "notificado."))
                elif acao == "encerrar":
                    procedimentos.encerrar_procedimento(proc, autor=request.user)
                    messages.success(request, _("Procedimento encerrado."))
                else:
                    procedimentos.registrar_encaminhamento(
                        proc, destino=dados["destino"], data=dados["data"],
                        referencia=dados["referencia"], autor=request.user)
                    messages.success(request, _("Encaminhamento registrado."))
            except ValidationError as exc:
                form.add_error(None, exc)
            else:
                return redirect(self.url_detalhe, pk=proc.pk)
        return self.render_to_response(self.get_context_data(**{f"form_{acao}": form}),
                                       status=400)


@exige_confirmacao
class AbrirFraudeView(RHMixin, TemplateView):
    """RH opens a procedure for fraud in the self-declaration of an inscrição (Severínia
    art. 12; Pirangi art. 7º; SMBV art. 3º, §3º)."""

    template_name = "painel/procedimentos/abrir.html"

    def inscricao(self) -> Inscricao:
        return get_object_or_404(
            Inscricao.objects.select_related("certame", "cargo", "candidato"),
            pk=self.kwargs["pk"])

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        insc = self.inscricao()
        ctx.update(inscricao=insc, certame=insc.certame,
                   fundamentos=procedimentos.fundamentos_fraude(insc.certame),
                   abertos=insc.procedimentos.filter(conclusao=""))
        ctx.setdefault("form", AbrirFraudeForm(inscricao=insc))
        return ctx

    def post(self, request, pk):
        insc = self.inscricao()
        form = AbrirFraudeForm(request.POST, inscricao=insc)
        if form.is_valid():
            dados = form.cleaned_data
            try:
                proc = procedimentos.abrir_procedimento(
                    insc, tipo=Tipo.FRAUDE_AUTODECLARACAO, lista=dados["lista"],
                    origem=dados["origem"], fatos=dados["fatos"],
                    prazo_defesa=dados["prazo_defesa"], autor=request.user)
            except ValidationError as exc:
                form.add_error(None, exc)
            else:
                messages.success(request, _("Procedimento instaurado; o candidato foi "
                                            "notificado."))
                return redirect("painel:procedimentos_detalhe", pk=proc.pk)
        return self.render_to_response(self.get_context_data(form=form), status=400)

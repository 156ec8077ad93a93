"""The candidate's area: the dashboard, inscrição, option change, receipt, status page, the
answer to a call and the notices (the account's pages: `portal.views.contas`).

A candidate sees and changes only their own data: every view that takes an inscrição id
checks `candidatos.rules` and answers 404 for someone else's (so existence is not revealed).
Users who are not candidates get 403 on the portal pages (as before): the guard is
`candidatos.acesso.CandidatoMixin`, the one of every candidate page.
"""

from __future__ import annotations

import datetime as dt
import logging

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.utils import timezone
from django.utils.functional import cached_property
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.generic import FormView, ListView, TemplateView, View

from candidatos import (
    cache_situacao,
    chamadas,
    inscricao_portal,
    posse,
    retificacao,
)
from candidatos.acesso import CandidatoMixin, inscricao_do_candidato
from candidatos.comprovante import gerar_comprovante
from candidatos.models import Inscricao
from certames.forms import erros_no_form
from certames.models import Certame
from comissoes.dominio import agenda
from comissoes.models import Convocacao
from comum.arquivos import arquivo_existe, servir_arquivo
from comum.avisos import ics
from comum.confirmacao import ERRO, confirmado, exige_confirmacao
from portal import avisos, passos, situacao
from portal.forms.inscricoes import InscricaoForm, OpcoesCandidatoForm

logger = logging.getLogger(__name__)

class PainelView(CandidatoMixin, ListView):
    """The candidate's dashboard, served from the cache while it holds
    (candidatos/cache_situacao.py)."""

    template_name = "candidatos/painel.html"
    context_object_name = "inscricoes"
    gravacao: cache_situacao.Gravacao | None = None

    def get(self, request, *args, **kwargs):
        # The generations are read before the page's data; then the clock.
        self.gravacao = cache_situacao.Gravacao.iniciar_painel(request)
        self.agora = timezone.now()
        resposta = super().get(request, *args, **kwargs)
        if self.gravacao is None:
            return resposta
        return self.gravacao.concluir(resposta, self.lido, self.agora)

    def get_queryset(self):
        # The exemption request with the inscrição (the status reading asks for it)
        # and what kinds of rows it has (`portal.situacao.com_existencias`).
        return situacao.com_existencias(self.request.user.candidato.inscricoes.select_related(
            "cargo__certame", "certame", "certame__orgao", "pedido_isencao")).order_by(
            "-certame__data_publicacao_edital", "certame__numero_edital", "numero")

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        agora = self.agora
        situacoes = []
        for insc in ctx["inscricoes"]:
            # The same reading as the status page (one truth): the fee and the next steps.
            s = situacao.situacao_da_inscricao(insc, agora)
            situacoes.append(s)
            insc.taxa = s.taxa
        ctx["passos"] = passos.passos_do_candidato(situacoes, agora)
        lista_avisos = avisos.avisos_do_candidato(self.request.user.candidato, agora, situacoes)
        ctx["avisos_novos"] = sum(1 for a in lista_avisos if a.novo)
        ctx["dias_novidade"] = passos.DIAS_NOVIDADE
        ctx["candidato"] = self.request.user.candidato
        # The calls awaiting an answer (`chamadas.convocacoes_em_aberto`), from the calls the
        # statuses already read: the same rows, soonest deadline first.
        ctx["convocacoes"] = sorted(
            (c.chamada for s in situacoes for c in s.chamadas if c.em_aberto),
            key=lambda c: (c.prazo, c.pk))
        # The posse's and the exercício's deadlines in their last days (candidatos/posse.py;
        # date-bound: the cached page holds until midnight at most, `cache_situacao`).
        hoje = timezone.localdate(agora)
        ctx["prazos_posse"] = [
            (c.chamada, prazo) for s in situacoes for c in s.chamadas
            if (prazo := posse.prazo_pendente(c.chamada.inscricao.certame, c.atos, hoje))
            and prazo.em_aviso]
        ctx["abertos"] = list(inscricao_portal.certames_com_inscricoes_abertas(agora))
        # What the page was computed from: its dates bound how long it holds, with the ends
        # of the "novo" marks (a notice's, a new result's) and the next opening or end of
        # inscrições among all certames.
        novos_ate = [a.data + dt.timedelta(days=avisos.DIAS_SEM_LEITURA) for a in lista_avisos]
        novos_ate += [p.data + dt.timedelta(days=passos.DIAS_NOVIDADE)
                      for p in ctx["passos"] if not p.prazo]
        self.lido = (situacoes, ctx["passos"], ctx["convocacoes"], novos_ate,
                     inscricao_portal.proximas_mudancas_das_abertas(agora))
        if self.gravacao is not None:
            ctx["csrf_token"] = self.gravacao.marcador
        return ctx


@exige_confirmacao(campo="declaracao", verificar=False)
class InscreverView(CandidatoMixin, FormView):
    template_name = "candidatos/inscrever.html"
    form_class = InscricaoForm

    def dispatch(self, request, *args, **kwargs):
        self.certame = get_object_or_404(
            Certame.objects.select_related("orgao").exclude(status=Certame.Status.RASCUNHO),
            pk=kwargs["certame_pk"])
        return super().dispatch(request, *args, **kwargs)

    def get_form_kwargs(self):
        kwargs = super().get_form_kwargs()
        kwargs["certame"] = self.certame
        cargo = self.request.GET.get("cargo")
        if cargo and cargo.isdigit() and self.request.method == "GET":
            kwargs["initial"] = {**kwargs.get("initial", {}), "cargo": int(cargo)}
        return kwargs

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        ctx["certame"] = self.certame
        ctx["regime"] = self.certame.regime_legal
        ctx["fechado"] = inscricao_portal.motivo_inscricoes_fechadas(self.certame)
        ctx["fundamento_opcao"] = inscricao_portal.fundamento_alteracao_opcao(self.certame)
        etapa = inscricao_portal.etapa_inscricoes_aberta(self.certame)
        ctx["fim_inscricoes"] = etapa.fim if etapa else None
        return ctx

    def post(self, request, *args, **kwargs):
        if not confirmado(request, "declaracao"):
            # The self-declaration's oath is the act's confirmation: without it nothing is
            # recorded (400), with every error of the form shown at once.
            form = self.get_form()
            form.is_valid()
            return self.render_to_response(self.get_context_data(form=form), status=400)
        motivo = inscricao_portal.motivo_inscricoes_fechadas(self.certame)
        if motivo:
            messages.error(request, motivo)
            return redirect("portal:inscrever", certame_pk=self.certame.pk)
        return super().post(request, *args, **kwargs)

    def form_valid(self, form):
        d = form.cleaned_data
        try:
            insc = inscricao_portal.inscrever(
                self.request.user.candidato, d["cargo"], cor_raca=d["cor_raca"],
                quilombola=d["quilombola"], deficiencia=d["deficiencia"],
                tipo_deficiencia=d["tipo_deficiencia"], listas=d["listas"],
                autor=self.request.user)
        except ValidationError as exc:
            erros_no_form(form, exc)
            return self.form_invalid(form)
        messages.success(self.request, _(
            "Inscrição nº %(n)s realizada. O comprovante em PDF está disponível nesta página.")
            % {"n": insc.numero})
        return redirect("portal:inscricao", pk=insc.pk)


class InscricaoView(CandidatoMixin, TemplateView):
    """The inscrição's status page, served from the cache while it holds
    (candidatos/cache_situacao.py)."""

    template_name = "candidatos/inscricao.html"
    gravacao: cache_situacao.Gravacao | None = None

    def get(self, request, *args, **kwargs):
        # The generations are read before the page's data; then the clock.
        self.gravacao = cache_situacao.Gravacao.iniciar(request, kwargs["pk"])
        self.agora = timezone.now()
        resposta = super().get(request, *args, **kwargs)
        if self.gravacao is None:
            return resposta
        return self.gravacao.concluir(resposta, self.lido, self.agora)

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        insc = self.minha_inscricao(kwargs["pk"])
        ctx["inscricao"] = insc
        ctx["s"] = situacao.situacao_da_inscricao(insc, self.agora)
        # RH's corrections of recorded data, each a motivated act.
        ctx["retificacoes"] = retificacao.retificacoes_da_inscricao(insc)
        # What the page was computed from: its dates bound how long it holds.
        self.lido = (ctx["s"], ctx["retificacoes"])
        if self.gravacao is not None:
            ctx["csrf_token"] = self.gravacao.marcador
        return ctx


@exige_confirmacao
class AlterarOpcoesView(CandidatoMixin, FormView):
    template_name = "candidatos/opcoes.html"
    form_class = OpcoesCandidatoForm

    @cached_property
    def inscricao(self) -> Inscricao:
        # Read after the guard (GET and POST both build the form first): 404 if not mine.
        return self.minha_inscricao(self.kwargs["pk"], "candidatos.alterar_opcoes")

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "inscricao": self.inscricao}

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        ctx["inscricao"] = self.inscricao
        ctx["motivo"] = inscricao_portal.motivo_opcao_inalteravel(self.inscricao)
        ctx["fundamento_opcao"] = inscricao_portal.fundamento_alteracao_opcao(
            self.inscricao.cargo.certame)
        return ctx

    def form_valid(self, form):
        try:
            inscricao_portal.alterar_opcoes_pelo_candidato(
                self.inscricao, form.cleaned_data["listas"], autor=self.request.user)
        except ValidationError as exc:
            erros_no_form(form, exc)
            return self.form_invalid(form)
        messages.success(self.request, _("Opção pelas vagas reservadas atualizada."))
        return redirect("portal:inscricao", pk=self.inscricao.pk)


class ComprovanteView(LoginRequiredMixin, View):
    """The receipt PDF, to its owner and to RH only (404 for anyone else)."""

    def get(self, request, pk):
        insc = inscricao_do_candidato(request.user, pk, "candidatos.ver_comprovante")
        if not arquivo_existe(insc.comprovante):
            # Not generated yet (a worker may be behind), or lost: make it now.
            gerar_comprovante(insc.pk)
            insc.refresh_from_db(fields=["comprovante"])
        return servir_arquivo(insc.comprovante, tipo="application/pdf",
                              nome=f"comprovante-inscricao-{insc.numero}.pdf")


@exige_confirmacao(verificar=False)
class _AtoNaChamadaView(CandidatoMixin, TemplateView):
    """The candidate's answer to an open call: a confirmation page, then the act
    on POST with the required checkbox (no script: the CSP forbids inline ones)."""

    template_name = "candidatos/confirmar_chamada.html"
    titulo = aviso = rotulo = botao = sucesso = ""
    classe_botao = "btn-danger"
    #: Where the candidate lands after the act.
    destino = "portal:inscricao"

    def ato(self, insc):  # pragma: no cover - overridden
        raise NotImplementedError

    def _contexto(self, insc, **extra):
        aberta = chamadas.chamada_em_aberto(insc)
        if aberta is None:
            raise Http404
        return {"inscricao": insc, "aberta": aberta, "titulo": self.titulo, "aviso": self.aviso,
                "rotulo": self.rotulo, "botao": self.botao, "classe_botao": self.classe_botao,
                **extra}

    def get(self, request, pk):
        insc = self.minha_inscricao(pk)
        return self.render_to_response(self._contexto(insc))

    def post(self, request, pk):
        insc = self.minha_inscricao(pk)
        contexto = self._contexto(insc)
        if not confirmado(request):
            contexto["erro"] = str(ERRO)
            return self.render_to_response(contexto, status=400)
        try:
            self.ato(insc)
        except ValidationError as exc:
            contexto["erro"] = " ".join(exc.messages)
            return self.render_to_response(contexto, status=400)
        messages.success(request, self.sucesso)
        return redirect(self.destino, pk=insc.pk)


class AceitarChamadaView(_AtoNaChamadaView):
    titulo = gettext_lazy("Aceitar a convocação")
    aviso = gettext_lazy("Com o aceite, envie na página da convocação, até o prazo, os "
                         "documentos que o edital exige para a posse. A nomeação só é "
                         "registrada depois que o RH aceitar os documentos obrigatórios.")
    rotulo = gettext_lazy("Confirmo que aceito a convocação para este cargo.")
    botao = gettext_lazy("Aceitar a convocação")
    sucesso = gettext_lazy("Aceite registrado. Envie agora os documentos para a posse.")
    classe_botao = "btn-success"
    destino = "portal:convocacao"

    def ato(self, insc):
        chamadas.aceitar_pelo_candidato(insc, autor=self.request.user)


class DesistirChamadaView(_AtoNaChamadaView):
    titulo = gettext_lazy("Desistir da convocação")
    aviso = gettext_lazy("A desistência é definitiva: você deixa todas as listas deste cargo e "
                         "a vaga passa ao próximo candidato do mesmo grupo.")
    rotulo = gettext_lazy("Confirmo que desisto da convocação e da vaga.")
    botao = gettext_lazy("Desistir")
    sucesso = gettext_lazy("Desistência registrada.")

    def ato(self, insc):
        chamadas.desistir_pelo_candidato(insc, autor=self.request.user)


class FimDeFilaView(_AtoNaChamadaView):
    titulo = gettext_lazy("Pedir fim de fila")
    aviso = gettext_lazy("Com o fim de fila, você passa para o final da lista de classificação "
                         "e poderá ser convocado(a) de novo quando chegar a sua vez.")
    rotulo = gettext_lazy("Confirmo o pedido de ir para o final da lista.")
    botao = gettext_lazy("Pedir fim de fila")
    sucesso = gettext_lazy("Pedido de fim de fila registrado.")

    def ato(self, insc):
        chamadas.pedir_fim_de_fila(insc, autor=self.request.user)


class AvisosView(CandidatoMixin, TemplateView):
    """The candidate's notices: every result, appeal window and call published about their
    inscrições, newest first; opening the page marks them as seen."""

    template_name = "candidatos/avisos.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        candidato = self.request.user.candidato
        agora = timezone.now()
        ctx["avisos"] = avisos.avisos_do_candidato(candidato, agora)
        ctx["vistos_em"] = avisos.vistos_em(candidato)
        ctx["dias_sem_leitura"] = avisos.DIAS_SEM_LEITURA
        avisos.marcar_vistos(candidato, agora)
        return ctx


class ConvocacaoCalendarioView(CandidatoMixin, View):
    """The candidate's own committee convocation as an `.ics` (404 for anyone else's)."""

    def get(self, request, pk):
        conv = get_object_or_404(
            Convocacao.objects.select_related("sessao__comissao__certame", "inscricao"),
            pk=pk, inscricao__candidato__usuario=request.user)
        return ics.resposta(agenda.calendario_convocacao(conv), f"convocacao-{conv.pk}.ics")

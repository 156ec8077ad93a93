"""The candidate portal: sign-up, log-in by CPF, inscrição, option change, receipt and status.

A candidate sees and changes only their own data: every view that takes an inscrição id
checks `candidatos.rules` and answers 404 for someone else's (so existence is not revealed).
Users who are not candidates get 403 on the portal pages (as before): the guard is
`candidatos.acesso.CandidatoMixin`, the one of every candidate page.
"""

from __future__ import annotations

import logging

from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import cached_property
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.generic import FormView, ListView, TemplateView, View

from candidatos import avisos, cache_situacao, chamadas, portal, retificacao
from candidatos.acesso import CandidatoMixin, inscricao_do_candidato
from candidatos.comprovante import gerar_comprovante
from candidatos.forms_contas import RecuperarSenhaForm
from candidatos.forms_portal import (
    CadastroForm,
    ConfirmacaoCadastroForm,
    EntrarForm,
    InscricaoForm,
    OpcoesCandidatoForm,
    VinculoForm,
)
from candidatos.models import Inscricao, PedidoCadastro
from certames.forms import erros_no_form
from certames.models import Certame
from comum import limites
from comum.arquivos import arquivo_existe, servir_arquivo
from comum.confirmacao import ERRO, confirmado, exige_confirmacao
from comum.papeis import e_candidato, e_membro_comissao, e_rh

logger = logging.getLogger(__name__)

# --- accounts -------------------------------------------------------------------------------


class EntrarView(auth_views.LoginView):
    """Django's LoginView (so django-axes gets the request) with the CPF-aware form."""

    form_class = EntrarForm

    def get_default_redirect_url(self):
        """Each audience lands on its workspace: the candidate's dashboard, RH's panel (also
        for a superuser, who reaches the admin from there), the committee member's
        workspace; anyone else the public home page (LOGIN_REDIRECT_URL)."""
        user = self.request.user
        if e_candidato(user):
            return reverse("portal:painel")
        if e_rh(user):
            return reverse("painel:painel")
        if e_membro_comissao(user):
            return reverse("comissao:painel")
        return super().get_default_redirect_url()


class RecuperarSenhaView(auth_views.PasswordResetView):
    """Django's password reset, limited per client and per typed e-mail (whether or not an
    account has it: the answer must not tell) before any e-mail is sent."""

    form_class = RecuperarSenhaForm

    def form_valid(self, form):
        limite = limites.verificar([
            ("senha_cliente", limites.endereco_cliente(self.request)),
            ("senha_email", form.cleaned_data["email"])])
        if not limite.permitido:
            return limites.resposta_limite(self.request, limite)
        return super().form_valid(form)


class CadastroView(FormView):
    """The sign-up. Every valid form ends on the same page with the same status, whether the
    CPF is new, imported by the banca, pending or already has an account: what happened is
    told by e-mail to whoever may know it (`portal.solicitar_cadastro`)."""

    template_name = "registration/cadastro.html"
    form_class = CadastroForm

    def dispatch(self, request, *args, **kwargs):
        if request.user.is_authenticated:
            messages.info(request, _("Você já está conectado."))
            return redirect("portal:painel" if e_candidato(request.user) else "inicio")
        return super().dispatch(request, *args, **kwargs)

    def form_valid(self, form):
        d = form.cleaned_data
        # Only what was typed decides (the page must not differ by what the CPF holds): the
        # client, the typed e-mail and the typed CPF (whose account or record is e-mailed).
        cliente = limites.endereco_cliente(self.request)
        limite = limites.verificar([("cadastro_cliente", cliente),
                                    ("cadastro_email", d["email"]),
                                    ("cadastro_cpf", d["cpf"])])
        if not limite.permitido:
            return limites.resposta_limite(self.request, limite)
        dados = portal.DadosCadastro(
            cpf=d["cpf"], nome=d["nome"], nome_social=d["nome_social"],
            data_nascimento=d["data_nascimento"], email=d["email"], telefone=d["telefone"],
            senha=d["password1"], numero_inscricao=d["numero_inscricao"],
            pede_analise=d["pede_analise"], explicacao=d["explicacao"])
        try:
            portal.solicitar_cadastro(dados, base_url=self.request.build_absolute_uri("/"))
        except ValidationError as exc:  # the typed data only (lengths, formats)
            erros_no_form(form, exc)
            return self.form_invalid(form)
        return redirect("portal:cadastro_enviado")


class CadastroEnviadoView(TemplateView):
    """The same page after every sign-up: no address, no hint of what was found."""

    template_name = "registration/cadastro_enviado.html"


class ConfirmarCadastroView(View):
    """The e-mailed link. GET only shows the page with the button (mail scanners and link
    previews follow links); POST confirms.

    As Django's password reset does, the token leaves the address at once: the link's first
    request keeps it in the session and redirects to `<uidb64>/confirmar/`, the page the form
    posts to; the access logs see the token once, and hide it (comum.seguranca
    .OcultarLinksUnicos)."""

    template_name = "candidatos/contas/confirmar.html"
    #: The address's second segment once the token is in the session.
    ETAPA = "confirmar"
    SESSAO = "_link_confirmacao_cadastro"

    def dispatch(self, request, uidb64, token):
        if token != self.ETAPA:
            pedido, resposta = self._pedido(request, uidb64, token)
            if resposta is not None:
                return resposta
            request.session[self.SESSAO] = {"uidb64": uidb64, "token": token}
            return redirect("portal:confirmar", uidb64, self.ETAPA)
        guardado = request.session.get(self.SESSAO) or {}
        if guardado.get("uidb64") != uidb64:
            return self._invalido(request, _(
                "O link de confirmação é inválido ou já expirou. Abra de novo o link recebido "
                "por e-mail ou cadastre-se de novo para receber outro."))
        return super().dispatch(request, uidb64, guardado["token"])

    def _pedido(self, request, uidb64, token):
        pedido = portal.pedido_do_link(uidb64, token)
        if pedido is None:
            return None, self._invalido(request, _(
                "O link de confirmação é inválido ou já expirou. Cadastre-se de novo para "
                "receber outro link."))
        if pedido.situacao == PedidoCadastro.Situacao.CONCLUIDO:
            messages.info(request, _("Seu cadastro já estava confirmado. Entre com seu CPF e "
                                     "senha."))
            return None, redirect("login")
        if not portal.pedido_aberto(pedido):
            return None, self._invalido(request, _(
                "O link de confirmação é inválido ou já expirou. Cadastre-se de novo para "
                "receber outro link."))
        return pedido, None

    def get(self, request, uidb64, token):
        pedido, resposta = self._pedido(request, uidb64, token)
        if resposta is not None:
            return resposta
        return self._pagina(request, pedido, ConfirmacaoCadastroForm(pedido=pedido))

    def post(self, request, uidb64, token):
        pedido, resposta = self._pedido(request, uidb64, token)
        if resposta is not None:
            return resposta
        form = ConfirmacaoCadastroForm(request.POST, pedido=pedido)
        if not form.is_valid():
            return self._pagina(request, pedido, form)
        try:
            portal.confirmar_pedido(pedido, senha=form.cleaned_data.get("password1"))
        except ValidationError as exc:
            return self._invalido(request, " ".join(exc.messages))
        request.session.pop(self.SESSAO, None)
        if pedido.conta_id is not None:
            messages.success(request, _("Inscrição vinculada à conta do CPF. Entre com o CPF e "
                                        "a senha da conta para vê-la."))
        else:
            messages.success(request, _("Cadastro confirmado. Entre com seu CPF e senha."))
        return redirect("login")

    def _pagina(self, request, pedido, form):
        resposta = render(request, self.template_name, {
            "pedido": pedido, "form": form,
            "candidato": pedido.candidato if pedido.via != PedidoCadastro.Via.NOVO else None})
        # The token is in the session: no caching, no Referer to other sites.
        # ("no-referrer" would make the browser send "Origin: null" with the form's POST,
        # which Django's CSRF check rightly refuses.)
        resposta["Cache-Control"] = "private, no-store"
        resposta["Referrer-Policy"] = "same-origin"
        return resposta

    @staticmethod
    def _invalido(request, mensagem):
        return render(request, "registration/cadastro_invalido.html", {"mensagem": mensagem},
                      status=400)


# --- the portal -----------------------------------------------------------------------------


class PainelView(CandidatoMixin, ListView):
    template_name = "candidatos/painel.html"
    context_object_name = "inscricoes"

    def get_queryset(self):
        # The exemption request with the inscrição (the status reading asks for it)
        # and what kinds of rows it has (`portal.com_existencias`).
        return portal.com_existencias(self.request.user.candidato.inscricoes.select_related(
            "cargo__certame", "certame", "certame__orgao", "pedido_isencao")).order_by(
            "-certame__data_publicacao_edital", "certame__numero_edital", "numero")

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        agora = timezone.now()
        situacoes = []
        for insc in ctx["inscricoes"]:
            # The same reading as the status page (one truth): the fee and the next steps.
            s = portal.situacao_da_inscricao(insc, agora)
            situacoes.append(s)
            insc.taxa = s.taxa
        ctx["passos"] = portal.passos_do_candidato(situacoes, agora)
        ctx["avisos_novos"] = sum(1 for a in avisos.avisos_do_candidato(
            self.request.user.candidato, agora, situacoes) if a.novo)
        ctx["dias_novidade"] = portal.DIAS_NOVIDADE
        ctx["candidato"] = self.request.user.candidato
        # The calls awaiting an answer (`chamadas.convocacoes_em_aberto`), from the calls the
        # statuses already read: the same rows, soonest deadline first.
        ctx["convocacoes"] = sorted(
            (c.chamada for s in situacoes for c in s.chamadas if c.em_aberto),
            key=lambda c: (c.prazo, c.pk))
        ctx["abertos"] = list(portal.certames_com_inscricoes_abertas())
        return ctx


class VincularView(CandidatoMixin, FormView):
    """The account holder asks that an inscrição the banca registered for the account's CPF,
    which does not appear in the account, join it (`portal.solicitar_vinculo`: the link to
    the e-mail the banca imported, or RH's analysis). The same message whatever was found."""

    template_name = "candidatos/vincular.html"
    form_class = VinculoForm

    def get_initial(self):
        return {"telefone": self.request.user.candidato.telefone}

    def form_valid(self, form):
        d = form.cleaned_data
        portal.solicitar_vinculo(self.request.user, portal.DadosVinculo(
            data_nascimento=d["data_nascimento"], telefone=d["telefone"],
            numero_inscricao=d["numero_inscricao"], pede_analise=d["pede_analise"],
            explicacao=d["explicacao"]), base_url=self.request.build_absolute_uri("/"))
        messages.info(self.request, _(
            "Pedido recebido. Se a organizadora registrou inscrição para o seu CPF que ainda não "
            "está na sua conta, ela aparece aqui quando o e-mail informado nessa inscrição é o "
            "da sua conta; senão, enviamos um link de confirmação a esse e-mail ou, se você "
            "pediu, a organizadora analisa o pedido e responde no e-mail da sua conta."))
        return redirect("portal:painel")


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
        ctx["fechado"] = portal.motivo_inscricoes_fechadas(self.certame)
        ctx["fundamento_opcao"] = portal.fundamento_alteracao_opcao(self.certame)
        etapa = portal.etapa_inscricoes_aberta(self.certame)
        ctx["fim_inscricoes"] = etapa.fim if etapa else None
        return ctx

    def post(self, request, *args, **kwargs):
        if not confirmado(request, "declaracao"):
            # The self-declaration's oath is the act's confirmation: without it nothing is
            # recorded (400), with every error of the form shown at once.
            form = self.get_form()
            form.is_valid()
            return self.render_to_response(self.get_context_data(form=form), status=400)
        motivo = portal.motivo_inscricoes_fechadas(self.certame)
        if motivo:
            messages.error(request, motivo)
            return redirect("portal:inscrever", certame_pk=self.certame.pk)
        return super().post(request, *args, **kwargs)

    def form_valid(self, form):
        d = form.cleaned_data
        try:
            insc = portal.inscrever(
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
        ctx["s"] = portal.situacao_da_inscricao(insc, self.agora)
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
        ctx["motivo"] = portal.motivo_opcao_inalteravel(self.inscricao)
        ctx["fundamento_opcao"] = portal.fundamento_alteracao_opcao(self.inscricao.cargo.certame)
        return ctx

    def form_valid(self, form):
        try:
            portal.alterar_opcoes_pelo_candidato(self.inscricao, form.cleaned_data["listas"],
                                                 autor=self.request.user)
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

    def ato(self, insc):  # pragma: no cover - overridden
        raise NotImplementedError

    def _contexto(self, insc, **extra):
        aberta = chamadas.chamada_em_aberto(insc)
        if aberta is None:
            raise Http404
        return {"inscricao": insc, "aberta": aberta, "titulo": self.titulo, "aviso": self.aviso,
                "rotulo": self.rotulo, "botao": self.botao, **extra}

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
        return redirect("portal:inscricao", pk=insc.pk)


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

"""The candidate's account pages: log-in by CPF, password reset, sign-up and its confirmation
link, and the request that a record the banca imported join the account.

The pages never say whether a CPF or an e-mail is known (`candidatos.contas.cadastro`): every valid
form ends on the same page, and what happened is told by e-mail to whoever may know it.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import FormView, TemplateView, View

from candidatos.acesso import CandidatoMixin
from candidatos.contas import cadastro as contas
from candidatos.contas import reivindicacoes
from candidatos.models import PedidoCadastro
from certames.forms import erros_no_form
from comum import limites
from comum.papeis import e_candidato, e_membro_comissao, e_rh
from portal.forms.contas import (
    CadastroForm,
    ConfirmacaoCadastroForm,
    EntrarForm,
    RecuperarSenhaForm,
    VinculoForm,
)


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
    told by e-mail to whoever may know it (`candidatos.contas.cadastro.solicitar_cadastro`)."""

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
        dados = contas.DadosCadastro(
            cpf=d["cpf"], nome=d["nome"], nome_social=d["nome_social"],
            data_nascimento=d["data_nascimento"], email=d["email"], telefone=d["telefone"],
            senha=d["password1"], numero_inscricao=d["numero_inscricao"],
            pede_analise=d["pede_analise"], explicacao=d["explicacao"])
        try:
            contas.solicitar_cadastro(dados, base_url=self.request.build_absolute_uri("/"))
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
        pedido = contas.pedido_do_link(uidb64, token)
        if pedido is None:
            return None, self._invalido(request, _(
                "O link de confirmação é inválido ou já expirou. Cadastre-se de novo para "
                "receber outro link."))
        if pedido.situacao == PedidoCadastro.Situacao.CONCLUIDO:
            messages.info(request, _("Seu cadastro já estava confirmado. Entre com seu CPF e "
                                     "senha."))
            return None, redirect("login")
        if not contas.pedido_aberto(pedido):
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
            contas.confirmar_pedido(pedido, senha=form.cleaned_data.get("password1"))
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


class VincularView(CandidatoMixin, FormView):
    """The account holder asks that an inscrição the banca registered for the account's CPF,
    which does not appear in the account, join it (`contas.reivindicacoes.solicitar_vinculo`:
    the link to the e-mail the banca imported, or RH's analysis). The same message whatever was
    found."""

    template_name = "candidatos/vincular.html"
    form_class = VinculoForm

    def get_initial(self):
        return {"telefone": self.request.user.candidato.telefone}

    def form_valid(self, form):
        d = form.cleaned_data
        reivindicacoes.solicitar_vinculo(self.request.user, reivindicacoes.DadosVinculo(
            data_nascimento=d["data_nascimento"], telefone=d["telefone"],
            numero_inscricao=d["numero_inscricao"], pede_analise=d["pede_analise"],
            explicacao=d["explicacao"]), base_url=self.request.build_absolute_uri("/"))
        messages.info(self.request, _(
            "Pedido recebido. Se a organizadora registrou inscrição para o seu CPF que ainda não "
            "está na sua conta, ela aparece aqui quando o e-mail informado nessa inscrição é o "
            "da sua conta; senão, enviamos um link de confirmação a esse e-mail ou, se você "
            "pediu, a organizadora analisa o pedido e responde no e-mail da sua conta."))
        return redirect("portal:painel")

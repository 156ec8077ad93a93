"""The second factor's pages: the code page after the password, the enrolment (QR code and
secret), the recovery codes, and the superuser's list of accounts with the reset.

The code, enrolment and recovery pages are for accounts that must pass the second factor
(`servicos.exige_segundo_fator`; others get 403). `next` is followed only when it is a path
of this site (`url_has_allowed_host_and_scheme`)."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views import View
from django_otp import login as otp_login

from comum.confirmacao import exige_confirmacao
from comum.formatos import data_hora_br
from comum.limites import endereco_cliente
from comum.papeis import e_rh
from dois_fatores import servicos
from dois_fatores.forms import CodigoForm, NovosCodigosForm, RedefinirForm
from dois_fatores.models import EventoSegundoFator

#: The secret being enrolled, kept in the session until a code of it is typed.
SESSAO_CHAVE = "_segundo_fator_chave"


def proximo(request) -> str:
    """The `next` of the request when it is a path of this site, else ""."""
    alvo = request.POST.get("next") or request.GET.get("next") or ""
    if alvo and url_has_allowed_host_and_scheme(alvo, allowed_hosts={request.get_host()},
                                                require_https=request.is_secure()):
        return alvo
    return ""


def destino(request) -> str:
    """Where a verified session goes: `next`, else the account's workspace."""
    alvo = proximo(request)
    if alvo:
        return alvo
    user = request.user
    if e_rh(user) or user.is_staff:
        return reverse("painel:painel")
    return reverse("comissao:painel")


def com_proximo(nome: str, request) -> str:
    alvo = proximo(request)
    return reverse(nome) + (f"?{urlencode({'next': alvo})}" if alvo else "")


class ContaQueDecideMixin(LoginRequiredMixin):
    """Accounts that must pass the second factor only (403 for candidates and the others)."""

    def dispatch(self, request, *args, **kwargs):
        if request.user.is_authenticated and not servicos.exige_segundo_fator(request.user):
            raise PermissionDenied
        return super().dispatch(request, *args, **kwargs)


class VerificarView(ContaQueDecideMixin, View):
    """After the password: the authenticator's code, or a recovery code."""

    template_name = "dois_fatores/verificar.html"

    def _antes(self, request):
        if request.user.is_verified():
            return redirect(destino(request))
        if servicos.dispositivo_confirmado(request.user) is None:
            return redirect(com_proximo("dois_fatores:cadastrar", request))
        return None

    def get(self, request):
        return self._antes(request) or self._pagina(request, CodigoForm())

    def post(self, request):
        resposta = self._antes(request)
        if resposta is not None:
            return resposta
        form = CodigoForm(request.POST)
        if not form.is_valid():
            return self._pagina(request, form)
        resultado = servicos.verificar(request.user, form.cleaned_data["codigo"],
                                       endereco=endereco_cliente(request))
        if resultado.dispositivo is None:
            if resultado.bloqueado_ate is not None:
                form.add_error("codigo", _(
                    "Muitos códigos incorretos: por segurança, nenhum código é aceito até "
                    "%(hora)s. Espere e digite o código que o aplicativo mostrar então.")
                    % {"hora": data_hora_br(resultado.bloqueado_ate, segundos=True)})
            else:
                form.add_error("codigo", _("Código incorreto ou já usado. Digite o código que "
                                           "o aplicativo mostra agora, ou um código de "
                                           "recuperação ainda não usado."))
            return self._pagina(request, form)
        otp_login(request, resultado.dispositivo)
        if resultado.dispositivo.persistent_id.startswith("otp_static."):
            messages.warning(request, _(
                "Código de recuperação aceito; ele não vale mais. Restam %(n)d. Gere novos "
                "códigos na página do segundo fator se precisar.")
                % {"n": servicos.codigos_restantes(request.user)})
        return redirect(destino(request))

    def _pagina(self, request, form):
        return render(request, self.template_name, {"form": form, "next": proximo(request)})


class CadastrarView(ContaQueDecideMixin, View):
    """The enrolment: the QR code (inline SVG) and the secret in text; a code confirms it,
    and the recovery codes are shown once."""

    template_name = "dois_fatores/cadastrar.html"

    def dispatch(self, request, *args, **kwargs):
        if (request.user.is_authenticated and servicos.exige_segundo_fator(request.user)
                and servicos.dispositivo_confirmado(request.user) is not None):
            return redirect(com_proximo("dois_fatores:verificar", request))
        return super().dispatch(request, *args, **kwargs)

    def get(self, request):
        chave = request.session.get(SESSAO_CHAVE)
        if not chave:
            chave = request.session[SESSAO_CHAVE] = servicos.nova_chave()
        return self._pagina(request, CodigoForm(), chave)

    def post(self, request):
        chave = request.session.get(SESSAO_CHAVE)
        if not chave:
            return redirect(com_proximo("dois_fatores:cadastrar", request))
        form = CodigoForm(request.POST)
        if not form.is_valid():
            return self._pagina(request, form, chave)
        try:
            dispositivo, codigos = servicos.cadastrar(
                request.user, chave, form.cleaned_data["codigo"],
                endereco=endereco_cliente(request))
        except ValidationError as exc:
            form.add_error("codigo", exc)
            return self._pagina(request, form, chave)
        request.session.pop(SESSAO_CHAVE, None)
        otp_login(request, dispositivo)
        return render(request, "dois_fatores/codigos_novos.html",
                      {"codigos": codigos, "continuar": destino(request), "cadastro": True})

    def _pagina(self, request, form, chave):
        endereco = servicos.endereco_de_configuracao(request.user, chave)
        return render(request, self.template_name, {
            "form": form, "next": proximo(request), "qr": servicos.qr_svg(endereco),
            "segredo": servicos.chave_base32(chave)})


@exige_confirmacao
class CodigosView(ContaQueDecideMixin, View):
    """The account's recovery codes: how many are left, and new ones (shown once). Only a
    verified session reaches it (its path is under settings.SEGUNDO_FATOR_PREFIXOS)."""

    template_name = "dois_fatores/codigos.html"

    def get(self, request):
        return render(request, self.template_name, {
            "form": NovosCodigosForm(), "restantes": servicos.codigos_restantes(request.user)})

    def post(self, request):
        form = NovosCodigosForm(request.POST)
        if not form.is_valid():
            return render(request, self.template_name, {
                "form": form, "restantes": servicos.codigos_restantes(request.user)},
                status=400)
        codigos = servicos.novos_codigos(request.user, endereco=endereco_cliente(request))
        return render(request, "dois_fatores/codigos_novos.html",
                      {"codigos": codigos, "continuar": destino(request), "cadastro": False})


# --- the superuser's pages (/rh/segundo-fator/) ------------------------------------------------


class SuperusuarioMixin(LoginRequiredMixin):
    def dispatch(self, request, *args, **kwargs):
        if request.user.is_authenticated and not request.user.is_superuser:
            raise PermissionDenied
        return super().dispatch(request, *args, **kwargs)


class ContasView(SuperusuarioMixin, View):
    """Every account that decides, with whether it enrolled its authenticator."""

    def get(self, request):
        contas = list(servicos.contas_que_decidem())
        com_app = set(servicos.TOTPDevice.objects.filter(
            confirmed=True, user__in=contas).values_list("user_id", flat=True))
        return render(request, "dois_fatores/contas.html", {
            "contas": [(c, c.pk in com_app) for c in contas]})


@exige_confirmacao
class RedefinirView(SuperusuarioMixin, View):
    """One account's second factor: its recent uses, and the reset (an act)."""

    template_name = "dois_fatores/redefinir.html"

    def _conta(self, pk):
        conta = get_object_or_404(servicos.contas_que_decidem(), pk=pk)
        if conta.pk == self.request.user.pk:
            raise Http404
        return conta

    def get(self, request, pk):
        return self._pagina(request, self._conta(pk), RedefinirForm())

    def post(self, request, pk):
        conta = self._conta(pk)
        form = RedefinirForm(request.POST)
        if form.is_valid():
            try:
                servicos.redefinir(conta, autor=request.user,
                                   motivacao=form.cleaned_data["motivacao"],
                                   endereco=endereco_cliente(request))
            except ValidationError as exc:
                form.add_error("motivacao", exc)
            else:
                messages.success(request, _(
                    "Segundo fator de %(conta)s redefinido: a pessoa cadastra um novo "
                    "aplicativo no próximo acesso.") % {"conta": conta.get_username()})
                return redirect("dois_fatores_rh:redefinir", pk=conta.pk)
        return self._pagina(request, conta, form, status=400)

    def _pagina(self, request, conta, form, status=200):
        eventos = EventoSegundoFator.objects.filter(usuario=conta).select_related("autor")[:20]
        return render(request, self.template_name, {
            "conta": conta, "form": form, "eventos": eventos,
            "cadastrado": servicos.dispositivo_confirmado(conta) is not None,
            "restantes": servicos.codigos_restantes(conta)}, status=status)

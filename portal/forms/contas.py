"""Forms of the candidate's account: sign-up and its confirmation, the request that an imported
record join the account, log-in by CPF and the password reset. RH's decision on a claim is
`candidatos.forms.DecisaoReivindicacaoForm`."""

from __future__ import annotations

import datetime as dt

from django import forms
from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.forms import AuthenticationForm, PasswordResetForm
from django.contrib.auth.hashers import check_password, make_password
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from localflavor.br.forms import BRCPFField

from candidatos.contas.cadastro import pedido_aberto
from candidatos.contas.mensagens import TAREFA_REDEFINICAO_SENHA
from candidatos.models import (
    PedidoCadastro,
    somente_digitos,
)
from comum.filas import enfileirar
from comum.nomes import nome_normalizado, validar_nome_pessoa

ERROS_CPF = {
    "invalid": _("CPF inválido: confira os dígitos."),
    "max_digits": _("Informe o CPF com 11 dígitos (com ou sem pontos e traço)."),
    "min_length": _("Informe o CPF com 11 dígitos (com ou sem pontos e traço)."),
    "max_length": _("Informe o CPF com 11 dígitos (com ou sem pontos e traço)."),
}


def parece_cpf(valor: str) -> bool:
    """A CPF typed with or without mask (digits, dots, dash, spaces; 11 digits)."""
    valor = (valor or "").strip()
    return bool(valor) and set(valor) <= set("0123456789.- ") and len(somente_digitos(valor)) == 11


class CadastroForm(forms.Form):
    cpf = BRCPFField(label=_("CPF"), error_messages=ERROS_CPF,
                     widget=forms.TextInput(attrs={"inputmode": "numeric",
                                                   "autocomplete": "username",
                                                   "placeholder": "000.000.000-00"}))
    nome = forms.CharField(label=_("Nome civil completo"), max_length=200,
                           validators=[validar_nome_pessoa],
                           widget=forms.TextInput(attrs={"autocomplete": "name"}))
    nome_social = forms.CharField(
        label=_("Nome social (opcional)"), max_length=200, required=False,
        validators=[validar_nome_pessoa],
        help_text=_("Se informado, é o nome exibido nas páginas e documentos "
                    "(Decreto 8.727/2016)."))
    data_nascimento = forms.DateField(label=_("Data de nascimento"),
                                      widget=forms.DateInput(attrs={"type": "date"},
                                                             format="%Y-%m-%d"))
    # The length the records keep (Django's form field would take 320 characters, the
    # PedidoCadastro and the account hold 254).
    email = forms.EmailField(label=_("E-mail"), max_length=254,
                             error_messages={"max_length": _(
                                 "O e-mail pode ter no máximo %(limit_value)d caracteres "
                                 "(este tem %(show_value)d).")},
                             help_text=_("Enviaremos um link para confirmar o cadastro."),
                             widget=forms.EmailInput(attrs={"autocomplete": "email"}))
    telefone = forms.CharField(label=_("Telefone (com DDD)"), max_length=20,
                               widget=forms.TextInput(attrs={"inputmode": "tel",
                                                             "autocomplete": "tel"}))
    password1 = forms.CharField(label=_("Senha"), strip=False,
                                widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
                                help_text=password_validation.password_validators_help_text_html())
    password2 = forms.CharField(label=_("Confirme a senha"), strip=False,
                                widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}))
    # For a CPF the banca already registered (the form never says whether it did): the proof
    # when the banca's record has no e-mail, or the request for RH's analysis.
    numero_inscricao = forms.CharField(
        label=_("Número de uma inscrição sua feita pela banca organizadora (se houver)"),
        max_length=20, required=False,
        help_text=_("Se você já se inscreveu em um certame pela banca e não informou e-mail na "
                    "inscrição, a conta é confirmada pela data de nascimento e por este "
                    "número."))
    pede_analise = forms.BooleanField(
        label=_("Já me inscrevi pela banca, mas os dados da inscrição estão errados ou não tenho "
                "mais acesso ao endereço eletrônico informado nela: peço a análise da "
                "organizadora"), required=False)
    explicacao = forms.CharField(
        label=_("O que está errado ou desatualizado na inscrição da banca"), required=False,
        max_length=1000, widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("A organizadora confere a sua identidade (documento oficial com foto e "
                    "número do CPF) antes de vincular a conta e responde no e-mail informado "
                    "acima."))

    def clean_cpf(self) -> str:
        cpf = somente_digitos(self.cleaned_data["cpf"])
        if len(cpf) != 11:
            raise ValidationError(ERROS_CPF["max_digits"])
        return cpf

    def clean_numero_inscricao(self) -> str:
        return self.cleaned_data["numero_inscricao"].strip()

    def clean_nome(self) -> str:
        nome = nome_normalizado(" ".join(self.cleaned_data["nome"].split()))
        if len(nome.split()) < 2:
            raise ValidationError(_("Informe o nome completo."))
        return nome

    def clean_nome_social(self) -> str:
        return nome_normalizado(" ".join(self.cleaned_data["nome_social"].split()))

    def clean_data_nascimento(self) -> dt.date:
        data = self.cleaned_data["data_nascimento"]
        hoje = timezone.localdate()
        if data >= hoje or data.year < 1900:
            raise ValidationError(_("Informe uma data de nascimento válida."))
        return data

    def clean_telefone(self) -> str:
        digitos = somente_digitos(self.cleaned_data["telefone"])
        if not 10 <= len(digitos) <= 13:
            raise ValidationError(_("Informe o telefone com DDD (10 ou 11 dígitos)."))
        return self.cleaned_data["telefone"].strip()

    def clean(self):
        dados = super().clean()
        validar_senhas(self, dados, username=dados.get("cpf") or "",
                       email=dados.get("email") or "", nome=dados.get("nome") or "")
        if dados.get("pede_analise") and len((dados.get("explicacao") or "").strip()) < 10:
            self.add_error("explicacao", _("Para pedir a análise, explique em poucas palavras o "
                                           "que está errado ou desatualizado."))
        return dados


def validar_senhas(form, dados, *, username: str, email: str, nome: str) -> None:
    """password1 = password2 and Django's validators (the same on every page of the flow)."""
    p1, p2 = dados.get("password1"), dados.get("password2")
    if p1 and p2 and p1 != p2:
        form.add_error("password2", _("As senhas não conferem."))
    elif p1:
        User = get_user_model()
        provisorio = User(username=username, email=email, first_name=nome[:150])
        try:
            password_validation.validate_password(p1, provisorio)
        except ValidationError as exc:
            form.add_error("password1", exc)


class VinculoForm(forms.Form):
    """The account holder's request that a record the banca imported for the account's CPF
    join the account (`candidatos.contas.reivindicacoes.solicitar_vinculo`). The page never says
    whether there is one."""

    data_nascimento = forms.DateField(label=_("Data de nascimento"),
                                      widget=forms.DateInput(attrs={"type": "date"},
                                                             format="%Y-%m-%d"))
    telefone = forms.CharField(label=_("Telefone (com DDD)"), max_length=20,
                               widget=forms.TextInput(attrs={"inputmode": "tel",
                                                             "autocomplete": "tel"}))
    numero_inscricao = forms.CharField(
        label=_("Número da inscrição feita pela banca (se souber)"), max_length=20,
        required=False)
    pede_analise = forms.BooleanField(
        label=_("Não tenho acesso ao e-mail informado na inscrição da banca (ou ela não tem "
                "e-mail): peço a análise da organizadora"), required=False)
    explicacao = forms.CharField(
        label=_("Explicação para a organizadora"), required=False, max_length=1000,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("A organizadora confere a sua identidade (documento oficial com foto e "
                    "número do CPF) antes de vincular a inscrição e responde no e-mail da sua "
                    "conta."))

    clean_data_nascimento = CadastroForm.clean_data_nascimento
    clean_telefone = CadastroForm.clean_telefone

    def clean_numero_inscricao(self) -> str:
        return self.cleaned_data["numero_inscricao"].strip()

    def clean(self):
        dados = super().clean()
        if dados.get("pede_analise") and len((dados.get("explicacao") or "").strip()) < 10:
            self.add_error("explicacao", _("Para pedir a análise, explique em poucas palavras "
                                           "por que não tem acesso ao e-mail da inscrição."))
        return dados


class ConfirmacaoCadastroForm(forms.Form):
    """The confirmation page: a button; plus the password when the link went to the e-mail of
    the banca's record (the password typed at sign-up was not kept)."""

    def __init__(self, *args, pedido: PedidoCadastro, **kwargs):
        super().__init__(*args, **kwargs)
        self.pedido = pedido
        # A claim by an existing account (`pedido.conta`) keeps that account's password.
        if pedido.via == PedidoCadastro.Via.EMAIL_DO_CADASTRO and pedido.conta_id is None:
            self.fields["password1"] = forms.CharField(
                label=_("Crie sua senha"), strip=False,
                widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
                help_text=password_validation.password_validators_help_text_html())
            self.fields["password2"] = forms.CharField(
                label=_("Confirme a senha"), strip=False,
                widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}))

    @property
    def pede_senha(self) -> bool:
        return "password1" in self.fields

    def clean(self):
        dados = super().clean()
        if self.pede_senha:
            candidato = self.pedido.candidato
            validar_senhas(self, dados, username=self.pedido.cpf,
                           email=candidato.email if candidato else "",
                           nome=candidato.nome if candidato else "")
        return dados


class EntrarForm(AuthenticationForm):
    """Log-in by CPF (masked or bare) or, for staff, by username. The CPF is normalised to its
    11 digits before `authenticate(request, ...)`, so django-axes sees the real username."""

    error_messages = {
        **AuthenticationForm.error_messages,
        "invalid_login": _("CPF (ou usuário) ou senha incorretos."),
        "nao_confirmada": _("Seu cadastro ainda não foi confirmado: abra o link que enviamos "
                            "ao seu e-mail. Se não o recebeu, cadastre-se de novo com o mesmo "
                            "CPF para receber outro link."),
    }

    def clean_username(self) -> str:
        valor = self.cleaned_data["username"]
        return somente_digitos(valor) if parece_cpf(valor) else valor

    def get_invalid_login_error(self):
        username = self.cleaned_data.get("username")
        password = self.cleaned_data.get("password")
        # Said only to whoever knows the password chosen at a pending sign-up of this CPF.
        pendente = (PedidoCadastro.objects
                    .filter(cpf=username, situacao=PedidoCadastro.Situacao.AGUARDANDO)
                    .exclude(senha="").first())
        if pendente is None:
            # The same hashing work either way (as Django's ModelBackend does for unknown
            # users), so the time taken does not tell that a sign-up is pending.
            make_password(password or "")
        elif (password and pedido_aberto(pendente)
                and check_password(password, pendente.senha)):
            return ValidationError(self.error_messages["nao_confirmada"],
                                   code="nao_confirmada")
        return super().get_invalid_login_error()


class RecuperarSenhaForm(PasswordResetForm):
    """Django's password reset with the product's word (its pt-BR catalogue labels the field
    "Email"; the product writes "e-mail" everywhere else) and its mail: each account found is
    handed to the `email` queue by its id (`candidatos.contas.mensagens
    .enviar_redefinicao_senha`: the mail leaves through the outbox, recorded with the link
    redacted), so the answer takes no longer when an account exists."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["email"].label = _("E-mail")

    def send_mail(self, subject_template_name, email_template_name, context, from_email,
                  to_email, html_email_template_name=None):
        # Django's context carries the link's token; the worker makes its own (one-time
        # links never go through the broker), so only the account and the site are queued.
        enfileirar(TAREFA_REDEFINICAO_SENHA, context["user"].pk,
                   f"{context['protocol']}://{context['domain']}", context["site_name"])

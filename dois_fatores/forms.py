"""The second factor's forms: a code (enrolment and log-in), the new recovery codes and a
superuser's reset."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from comum.confirmacao import campo_confirmacao
from nucleo.motivacao import MAXIMO as MAXIMO_MOTIVACAO

#: A TOTP code (6 digits) or a recovery code (8 letters and digits), spaces allowed.
MAXIMO_CODIGO = 20


class CodigoForm(forms.Form):
    codigo = forms.CharField(
        label=_("Código"), max_length=MAXIMO_CODIGO,
        error_messages={"required": _("Digite o código.")},
        widget=forms.TextInput(attrs={
            "class": "form-control form-control-lg", "autocomplete": "one-time-code",
            "autocapitalize": "none", "spellcheck": "false", "autofocus": True}))


class NovosCodigosForm(forms.Form):
    confirmacao = campo_confirmacao(
        _("Ao confirmar, os códigos de recuperação atuais deixam de valer e dez novos são "
          "mostrados uma única vez. Não pode ser desfeito."))


class RedefinirForm(forms.Form):
    motivacao = forms.CharField(
        label=_("Motivação"), max_length=MAXIMO_MOTIVACAO,
        help_text=_("Por que o segundo fator desta conta é redefinido (por exemplo, a pessoa "
                    "perdeu o celular e os códigos de recuperação)."),
        widget=forms.Textarea(attrs={"class": "form-control", "rows": 3}))
    confirmacao = campo_confirmacao(
        _("Ao confirmar, o aplicativo e os códigos de recuperação desta conta deixam de valer "
          "e a pessoa cadastra um novo no próximo acesso. A redefinição é registrada como ato "
          "e não pode ser desfeita."))

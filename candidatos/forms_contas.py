"""Django's account forms with the product's words where Django's pt-BR catalogue keeps the
English one: its PasswordResetForm labels the field "Email" (msgid "Email" is translated as
"Email"); the product writes "e-mail" everywhere else."""

from __future__ import annotations

from django.contrib.auth.forms import PasswordResetForm
from django.utils.translation import gettext_lazy as _


class RecuperarSenhaForm(PasswordResetForm):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["email"].label = _("E-mail")

"""Forms of the candidate's administrative procedure pages: the defence and the appeal."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from comum.confirmacao import campo_confirmacao
from nucleo.recursos import MAXIMO_TEXTO


class DefesaForm(forms.Form):
    defesa = forms.CharField(label=_("Defesa"), min_length=10,
                             widget=forms.Textarea(attrs={"rows": 6}), max_length=MAXIMO_TEXTO)
    confirmacao = campo_confirmacao(
        _("Ao confirmar, a defesa é registrada e juntada ao procedimento, para a decisão. Cabe "
          "uma única defesa, e ela não pode ser desfeita nem substituída."))

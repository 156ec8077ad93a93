"""The form of RH's entry in the órgão's calendar (`certames.calendario.registrar`)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from certames.models import Feriado
from certames.models.calendario import MAXIMO_FUNDAMENTO, MAXIMO_NOME
from comum.confirmacao import campo_confirmacao


class FeriadoForm(forms.Form):
    data = forms.DateField(label=_("Data"), widget=forms.DateInput(
        attrs={"type": "date", "class": "form-control"}, format="%Y-%m-%d"))
    nome = forms.CharField(label=_("Nome"), max_length=MAXIMO_NOME,
                           widget=forms.TextInput(attrs={"class": "form-control"}),
                           help_text=_("Ex.: Aniversário do município."))
    tipo = forms.ChoiceField(label=_("Tipo"), choices=Feriado.Tipo.choices,
                             widget=forms.Select(attrs={"class": "form-select"}))
    fundamento = forms.CharField(
        label=_("Fundamento legal"), max_length=MAXIMO_FUNDAMENTO,
        widget=forms.TextInput(attrs={"class": "form-control"}),
        help_text=_("A lei municipal, o decreto ou a portaria que declara o dia "
                    "(ex.: Decreto nº 100/2026, art. 1º)."))
    confirmacao = campo_confirmacao(_(
        "Ao confirmar, o dia entra no calendário do órgão: um prazo que termine nele se "
        "prorroga até o primeiro dia útil seguinte, e o registro fica na auditoria. Depois que "
        "o dia chegar, ele não pode mais ser retirado."))

"""Forms of the RH back office for classification (vacancies, publication)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from certames.models import Publicacao


class VagaSurgidaForm(forms.Form):
    quantidade = forms.IntegerField(label=_("Quantidade"), min_value=1, max_value=10000,
                                    widget=forms.NumberInput(attrs={"class": "form-control"}))
    data = forms.DateField(label=_("Data"), widget=forms.DateInput(
        attrs={"type": "date", "class": "form-control"}, format="%Y-%m-%d"))
    ato = forms.CharField(label=_("Ato que criou as vagas"), max_length=250,
                          widget=forms.TextInput(attrs={
                              "class": "form-control",
                              "placeholder": _("Ex.: Lei Municipal 123/2026, de 10/03/2026")}))


class PublicarForm(forms.Form):
    versao = forms.IntegerField(widget=forms.HiddenInput)
    tipo = forms.ChoiceField(choices=Publicacao.Tipo.choices, widget=forms.HiddenInput)

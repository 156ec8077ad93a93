"""Forms of the public draw of the whole-edital reserve (certames/sorteio.py): each act is
confirmed by a required checkbox saying what becomes public (no script: the CSP forbids
inline ones)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from nucleo.motivacao import MAXIMO as MAXIMO_MOTIVACAO

_DATA = forms.DateInput(attrs={"type": "date", "class": "form-control"}, format="%Y-%m-%d")


def _confirmacao(rotulo, erro):
    return forms.BooleanField(
        label=rotulo, required=True, error_messages={"required": erro},
        widget=forms.CheckboxInput(attrs={"class": "form-check-input"}))


class AnuncioSorteioForm(forms.Form):
    fonte_semente = forms.CharField(
        label=_("Fonte da semente"), max_length=500,
        widget=forms.TextInput(attrs={"class": "form-control", "placeholder": _(
            "Ex.: 1º prêmio da Loteria Federal, extração de 12/03/2027")}),
        help_text=_("Um número público que ninguém conhece hoje, divulgado na data abaixo."))
    data_da_semente = forms.DateField(
        label=_("Data da semente"), widget=_DATA,
        help_text=_("Posterior a hoje: os códigos e as vagas dos cargos ficam públicos antes."))
    motivacao = forms.CharField(
        label=_("Motivação (somente para retificar um anúncio anterior)"), required=False,
        widget=forms.Textarea(attrs={"class": "form-control", "rows": 2}),
        max_length=MAXIMO_MOTIVACAO)
    confirmacao = _confirmacao(
        _("Confirmo o anúncio: a fonte e a data da semente, os códigos e as vagas de todos os "
          "cargos tornam-se públicos agora e o anúncio não pode ser desfeito."),
        _("Confirme o anúncio marcando a caixa."))


class SorteioForm(forms.Form):
    semente = forms.CharField(
        label=_("Semente, exatamente como divulgada"), max_length=500,
        widget=forms.TextInput(attrs={"class": "form-control font-monospace",
                                      "autocomplete": "off"}),
        help_text=_("O texto é usado caractere por caractere: espaços e pontuação contam."))
    confirmacao = _confirmacao(
        _("Confirmo o sorteio: ele é realizado uma única vez, não pode ser desfeito nem "
          "repetido, e a semente, cada bilhete vencedor e a distribuição de cada cargo "
          "tornam-se públicos."),
        _("Confirme o sorteio marcando a caixa."))

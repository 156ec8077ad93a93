"""Forms of RH's acts over the certame in time: homologation, extension of the validity, the
heteroidentification criteria, and the confirmed publication of a cargo's classification."""

from django import forms
from django.utils.translation import gettext_lazy as _

from comum.confirmacao import campo_confirmacao
from nucleo.motivacao import MAXIMO as MAXIMO_MOTIVACAO
from painel.forms.classificacao import PublicarForm

_DATA = forms.DateInput(attrs={"type": "date", "class": "form-control"}, format="%Y-%m-%d")


class HomologacaoForm(forms.Form):
    data = forms.DateField(label=_("Data do ato de homologação"), widget=_DATA,
                           help_text=_("Início da validade (Constituição Federal, art. 37, "
                                       "III)."))
    ato = forms.CharField(label=_("Ato de homologação e sua publicação"), max_length=250,
                          widget=forms.TextInput(attrs={
                              "class": "form-control",
                              "placeholder": _("Ex.: Decreto 45/2026, Diário Oficial de "
                                               "15/03/2026")}))
    confirmacao = campo_confirmacao(
        _("Ao confirmar, a homologação é registrada e publicada na página pública do certame, "
          "a validade começa a contar desta data e as convocações passam a ser possíveis. A "
          "homologação não pode ser desfeita."))


#: The published criteria of the heteroidentification: a document, longer than a motivation.
MAXIMO_CRITERIOS = 20_000


class ProrrogacaoForm(forms.Form):
    data = forms.DateField(label=_("Data do ato de prorrogação"), widget=_DATA)
    motivacao = forms.CharField(label=_("Motivação"), widget=forms.Textarea(
        attrs={"class": "form-control", "rows": 2}), max_length=MAXIMO_MOTIVACAO)
    confirmacao = campo_confirmacao(
        _("Ao confirmar, a validade é prorrogada por igual período e a nova data fica pública "
          "na página do certame. A prorrogação só pode ser feita uma vez e não pode ser "
          "desfeita."))


class CriteriosForm(forms.Form):
    texto = forms.CharField(label=_("Critérios de avaliação da heteroidentificação"),
                            widget=forms.Textarea(attrs={"class": "form-control", "rows": 5}),
                            max_length=MAXIMO_CRITERIOS)
    confirmacao = campo_confirmacao(
        _("Ao confirmar, os critérios são publicados na página pública do certame, onde os "
          "candidatos os leem antes das sessões. A publicação não pode ser desfeita: uma "
          "mudança é uma nova publicação."))


class PublicarConfirmadoForm(PublicarForm):
    """The publication, confirmed on its own page (no script: the CSP forbids inline ones)."""

    confirmacao = forms.BooleanField(
        label=_("Li o que será tornado público e confirmo a publicação."), required=True,
        error_messages={"required": _("Confirme a publicação marcando a caixa.")},
        widget=forms.CheckboxInput(attrs={"class": "form-check-input"}))

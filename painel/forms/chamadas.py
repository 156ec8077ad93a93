"""Forms of RH's call acts (candidatos/chamadas.py): each irreversible act is confirmed by a
required checkbox (no script: the CSP forbids inline ones)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from certames import calendario
from comum.confirmacao import campo_confirmacao
from nucleo.motivacao import MAXIMO as MAXIMO_MOTIVACAO

_DATA = forms.DateInput(attrs={"type": "date", "class": "form-control"}, format="%Y-%m-%d")


def _confirmacao(rotulo):
    return forms.BooleanField(
        label=rotulo, required=False,
        widget=forms.CheckboxInput(attrs={"class": "form-check-input"}))


class ConvocarForm(forms.Form):
    quantidade = forms.IntegerField(label=_("Quantas posições convocar"), min_value=1,
                                    max_value=500, widget=forms.NumberInput(
                                        attrs={"class": "form-control"}))
    prazo = forms.DateField(label=_("Prazo para apresentar os documentos"), widget=_DATA)
    confirmacao = _confirmacao(_("Confirmo as convocações: cada uma é um ato que não se desfaz "
                                 "e o candidato é avisado por e-mail e na área do candidato."))

    def aviso(self, certame) -> str | None:
        """A deadline on a day without office hours at the órgão: a warning, not an error
        (Lei 9.784/1999, art. 66, §1º: `certames.calendario.aviso_de_vencimento`)."""
        if self.is_bound:
            prazo = self.cleaned_data.get("prazo") if hasattr(self, "cleaned_data") else None
        else:
            prazo = self.initial.get("prazo")
        return calendario.aviso_de_vencimento(
            prazo, certame, sujeito=_("O prazo para apresentar os documentos"))


class EventoForm(forms.Form):
    data = forms.DateField(label=_("Data do ato"), widget=_DATA)
    motivacao = forms.CharField(label=_("Motivação"), required=False, widget=forms.Textarea(
        attrs={"class": "form-control", "rows": 2}), max_length=MAXIMO_MOTIVACAO)
    confirmacao = campo_confirmacao(_("Confirmo o registro deste ato, que não se desfaz."))


class NomeacaoForm(EventoForm):
    """The nomeação as an act: its number and its publication (the posse's deadline runs
    from the publication: `candidatos.posse.fim_do_prazo`)."""

    numero_ato = forms.CharField(
        label=_("Número do ato de nomeação"), max_length=100,
        help_text=_("Por exemplo: Portaria 123/2027 ou Decreto 45/2027."),
        widget=forms.TextInput(attrs={"class": "form-control"}))
    veiculo_publicacao = forms.CharField(
        label=_("Publicado em"), max_length=200, initial=_("Diário Oficial do Município"),
        widget=forms.TextInput(attrs={"class": "form-control"}))
    publicado_em = forms.DateField(label=_("Data da publicação"), widget=_DATA)

"""Forms of the RH back office for classification (vacancies, publication)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from candidatos.forms import EliminacaoForm, MotivacaoForm, OpcoesForm
from certames.models import Publicacao
from comum.confirmacao import campo_confirmacao


class VagaSurgidaForm(forms.Form):
    quantidade = forms.IntegerField(label=_("Quantidade"), min_value=1, max_value=10000,
                                    widget=forms.NumberInput(attrs={"class": "form-control"}))
    data = forms.DateField(label=_("Data"), widget=forms.DateInput(
        attrs={"type": "date", "class": "form-control"}, format="%Y-%m-%d"))
    ato = forms.CharField(label=_("Ato que criou as vagas"), max_length=250,
                          widget=forms.TextInput(attrs={
                              "class": "form-control",
                              "placeholder": _("Ex.: Lei Municipal 123/2026, de 10/03/2026")}))
    confirmacao = campo_confirmacao(
        _("Ao confirmar, as vagas surgidas são registradas no cargo, a classificação é "
          "recalculada com o novo total e o registro aparece na página pública do certame. O "
          "registro não pode ser desfeito."), id_html="id_confirmacao_vaga")


class PublicarForm(forms.Form):
    versao = forms.IntegerField(widget=forms.HiddenInput)
    tipo = forms.ChoiceField(choices=Publicacao.Tipo.choices, widget=forms.HiddenInput)


class PublicarTodosForm(forms.Form):
    """The publication of every cargo's lists in one act, confirmed on its own page."""

    confirmacao = campo_confirmacao(_(
        "Li o que será tornado público e confirmo a publicação, em um só ato, da versão mais "
        "recente da classificação de cada cargo listado acima: as listas ficam na página "
        "pública do certame e cada candidato recebe um e-mail. A publicação não pode ser "
        "desfeita; uma correção é uma nova versão publicada."), id_html="confirmar-todos")


class DesistenciaRHForm(MotivacaoForm):
    """The desistência RH records on the inscrição page (on the call it holds, if any)."""

    confirmacao = campo_confirmacao(
        _("Ao confirmar, a desistência é registrada: o candidato sai da classificação do cargo "
          "(e da convocação que ocupa, se houver), a classificação é recalculada e o ato fica "
          "visível ao candidato na sua área. A desistência não pode ser desfeita."))


class OpcoesRHForm(OpcoesForm):
    confirmacao = campo_confirmacao(
        _("Ao confirmar, a opção pelas vagas reservadas é alterada, a classificação é "
          "recalculada e o ato fica visível ao candidato na sua área. O ato não pode ser "
          "desfeito: uma nova alteração é um novo ato."))


class EliminacaoRHForm(EliminacaoForm):
    confirmacao = campo_confirmacao(
        _("Ao confirmar, o candidato é eliminado do certame: sai de todas as listas do cargo, "
          "a classificação é recalculada e o ato fica visível ao candidato na sua área. A "
          "eliminação não pode ser desfeita."))

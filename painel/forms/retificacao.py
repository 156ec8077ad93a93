"""The form of the retificação de dado da inscrição (`candidatos.retificacao`)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from candidatos import retificacao
from candidatos.models import CorRaca, Inscricao, TipoDeficiencia
from nucleo.motivacao import MAXIMO as MAXIMO_MOTIVACAO

_TEXTO = {"class": "form-control", "rows": 2}


class RetificacaoForm(forms.Form):
    cor_raca = forms.ChoiceField(label=_("Cor ou raça declarada na inscrição"),
                                 choices=CorRaca.choices)
    quilombola = forms.BooleanField(label=_("Autoatribuição quilombola"), required=False)
    deficiencia = forms.BooleanField(label=_("Pessoa com deficiência"), required=False)
    tipo_deficiencia = forms.ChoiceField(
        label=_("Tipo de deficiência"), required=False,
        choices=[("", "—"), *TipoDeficiencia.choices])
    listas = forms.MultipleChoiceField(label=_("Listas reservadas escolhidas na inscrição"),
                                       required=False, widget=forms.CheckboxSelectMultiple)
    declarado_na_inscricao = forms.CharField(
        label=_("O que o(a) candidato(a) declarou na inscrição"),
        widget=forms.Textarea(attrs=_TEXTO), max_length=MAXIMO_MOTIVACAO)
    prova = forms.CharField(
        label=_("Prova do que foi declarado"),
        help_text=_("Ex.: comprovante de inscrição emitido em 10/03/2026; ficha de inscrição "
                    "da banca, página 3."),
        widget=forms.Textarea(attrs=_TEXTO), max_length=MAXIMO_MOTIVACAO)
    motivacao = forms.CharField(
        label=_("Motivação"),
        help_text=_("O erro de registro e por que os dados corretos são os declarados."),
        widget=forms.Textarea(attrs={**_TEXTO, "rows": 3}), max_length=MAXIMO_MOTIVACAO)
    confirmacao = forms.BooleanField(
        label=_("Confirmo que a retificação apenas restabelece o que foi declarado na "
                "inscrição; o(a) candidato(a) será notificado(a) por e-mail."),
        required=True,
        error_messages={"required": _("Confirme a retificação marcando a caixa.")},
        widget=forms.CheckboxInput(attrs={"class": "form-check-input"}))

    def __init__(self, *args, inscricao: Inscricao, **kwargs):
        # The form opens on what is recorded (FormView always passes an `initial`, often empty).
        kwargs["initial"] = {**retificacao.dados_declarados(inscricao),
                             **(kwargs.get("initial") or {})}
        super().__init__(*args, **kwargs)
        regime = inscricao.cargo.certame.regime_legal
        self.fields["listas"].choices = [(lista, lista) for lista in regime.listas]

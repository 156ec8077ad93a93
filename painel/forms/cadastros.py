"""The form of RH's correction of an imported record's e-mail (candidatos/correcao_email.py)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from comum.confirmacao import campo_confirmacao
from nucleo.motivacao import MAXIMO as MAXIMO_MOTIVACAO


class CorrecaoEmailForm(forms.Form):
    novo_email = forms.EmailField(label=_("Novo e-mail do cadastro"), max_length=254)
    motivacao = forms.CharField(
        label=_("Motivação"), max_length=MAXIMO_MOTIVACAO,
        help_text=_("Como o novo endereço foi conferido (ex.: documento apresentado pelo(a) "
                    "candidato(a) em pessoa) e por que o anterior está errado."),
        widget=forms.Textarea(attrs={"class": "form-control", "rows": 3}))
    confirmacao = campo_confirmacao(_(
        "Ao confirmar, o e-mail do cadastro é substituído e o ato fica registrado na auditoria; "
        "o endereço anterior e o novo são avisados por e-mail, e um link de cadastro já enviado "
        "ao endereço anterior deixa de valer. A correção não pode ser desfeita: outra correção "
        "é um novo ato."))

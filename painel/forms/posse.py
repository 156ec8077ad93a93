"""Forms of the posse (candidatos/posse.py): the documents the edital requires, the days of
the posse and the exercício, and RH's check of a document sent."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from candidatos import posse
from certames.models import Cargo, DocumentoPosse
from comum.confirmacao import campo_confirmacao
from nucleo.motivacao import MAXIMO as MAXIMO_MOTIVACAO
from painel.forms.editor import estilizar


class DocumentoPosseForm(forms.ModelForm):
    class Meta:
        model = DocumentoPosse
        fields = ["nome", "descricao", "obrigatorio", "cargo"]
        widgets = {"descricao": forms.Textarea(attrs={"rows": 2})}
        help_texts = {"cargo": _("Em branco: exigido em todos os cargos do certame.")}

    def __init__(self, *args, certame, **kwargs):
        super().__init__(*args, **kwargs)
        self.instance.certame = certame
        self.fields["cargo"].queryset = Cargo.objects.filter(certame=certame).order_by("codigo")
        self.fields["cargo"].required = False
        self.fields["cargo"].empty_label = _("Todos os cargos")
        estilizar(self)


class PrazosPosseForm(forms.Form):
    prazo_posse_dias = forms.IntegerField(
        label=_("Prazo para a posse (dias da publicação da nomeação)"), min_value=1,
        max_value=posse.MAXIMO_DIAS, initial=posse.PRAZO_POSSE_PADRAO,
        help_text=_("Padrão: %(d)d dias (%(f)s).") % {"d": posse.PRAZO_POSSE_PADRAO,
                                                    "f": posse.FUNDAMENTO_PRAZO_POSSE})
    prazo_exercicio_dias = forms.IntegerField(
        label=_("Prazo para entrar em exercício (dias da posse)"), min_value=1,
        max_value=posse.MAXIMO_DIAS, initial=posse.PRAZO_EXERCICIO_PADRAO,
        help_text=_("Padrão: %(d)d dias (%(f)s).") % {"d": posse.PRAZO_EXERCICIO_PADRAO,
                                                    "f": posse.FUNDAMENTO_PRAZO_EXERCICIO})

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        estilizar(self)


class AnaliseDocumentoPosseForm(forms.Form):
    resultado = forms.ChoiceField(
        label=_("Resultado"), choices=[("aceito", _("Aceitar")), ("rejeitado", _("Rejeitar"))],
        widget=forms.RadioSelect)
    motivacao = forms.CharField(
        label=_("Motivação (obrigatória para rejeitar)"), required=False,
        max_length=MAXIMO_MOTIVACAO, widget=forms.Textarea(attrs={"rows": 2,
                                                                  "class": "form-control"}))
    confirmacao = campo_confirmacao(_("Confirmo a análise deste documento, que não se desfaz; "
                                      "uma rejeição é avisada ao candidato por e-mail."))

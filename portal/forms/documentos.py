"""The candidate's document upload form: the type (from the list's rule) and one file."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from comissoes.dominio.documental import TAMANHO_MAXIMO
from comum import arquivos as anexos
from nucleo.forms import ACEITOS


class DocumentoForm(forms.Form):
    tipo = forms.ChoiceField(label=_("Documento"), choices=())
    arquivo = forms.FileField(label=_("Arquivo"), **anexos.limite_do_nome(),
                              widget=forms.ClearableFileInput(attrs={"accept": ACEITOS}))

    def __init__(self, *args, tipos: list[tuple[str, str]], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["tipo"].choices = tipos

    def clean_arquivo(self):
        arquivo = self.cleaned_data.get("arquivo")
        if arquivo:
            try:
                anexos.validar_anexo(arquivo, TAMANHO_MAXIMO)
            except ValidationError as exc:
                raise ValidationError(exc.messages) from None
        return arquivo

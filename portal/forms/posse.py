"""The called candidate's upload of a document for the posse: one PDF (checked by its
content in `candidatos.posse.enviar_documento`, `comum.arquivos`)."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from comum import arquivos as anexos


class DocumentoPosseForm(forms.Form):
    arquivo = forms.FileField(label=_("Arquivo (PDF)"), **anexos.limite_do_nome(),
                              widget=forms.ClearableFileInput(attrs={
                                  "accept": "application/pdf,.pdf", "class": "form-control"}))

    def clean_arquivo(self):
        arquivo = self.cleaned_data.get("arquivo")
        if arquivo:
            try:
                tipo = anexos.validar_anexo(arquivo)
            except ValidationError as exc:
                raise ValidationError(exc.messages) from None
            if tipo.extensao != ".pdf":
                raise ValidationError(_("Envie o documento em PDF."))
        return arquivo

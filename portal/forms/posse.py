"""The called candidate's upload of a document for the posse: one file, whose content and
type (a PDF) `candidatos.posse.enviar_documento` checks (`comum.arquivos`): the one answer
to "is this file accepted", shown on this form."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from comum import arquivos as anexos


class DocumentoPosseForm(forms.Form):
    arquivo = forms.FileField(label=_("Arquivo (PDF)"), **anexos.limite_do_nome(),
                              widget=forms.ClearableFileInput(attrs={
                                  "accept": "application/pdf,.pdf", "class": "form-control"}))

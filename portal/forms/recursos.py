"""The candidate's appeal form (reasons and up to three attachments)."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from comissoes.dominio.recursos import MAXIMO_TEXTO, MINIMO_TEXTO
from comum import arquivos as anexos
from comum.confirmacao import campo_confirmacao

ACEITOS = ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"


class VariosArquivosInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class VariosArquivosField(forms.FileField):
    """Several files in one input; cleans to a list (possibly empty)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("widget", VariosArquivosInput(attrs={"accept": ACEITOS}))
        super().__init__(*args, **{**anexos.limite_do_nome(), **kwargs})

    def clean(self, data, initial=None):
        um = super().clean
        if isinstance(data, list | tuple):
            return [f for f in (um(d, initial) for d in data) if f]
        arquivo = um(data, initial)
        return [arquivo] if arquivo else []


class RecursoForm(forms.Form):
    texto = forms.CharField(
        label=_("Razões do recurso"), min_length=MINIMO_TEXTO, max_length=MAXIMO_TEXTO,
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text=_("Explique por que a decisão da comissão deve ser revista."))
    anexos = VariosArquivosField(label=_("Anexos (opcional)"), required=False,
                                 help_text=lazy(anexos.limites_texto, str)())
    confirmacao = campo_confirmacao(
        _("Ao confirmar, o recurso é registrado com as razões e os anexos acima e enviado a "
          "quem o julga; você recebe o protocolo por e-mail. Cabe um único recurso contra esta "
          "decisão, e ele não pode ser desfeito nem substituído."))

    def clean_anexos(self):
        arquivos = self.cleaned_data.get("anexos") or []
        try:
            anexos.validar_anexos(arquivos)
        except ValidationError as exc:
            raise ValidationError(exc.messages) from None
        return arquivos

"""The candidate's appeal form, the same for every procedure: the reasons (the kernel's rule,
`nucleo.recursos.validar_texto`) and up to `comum.arquivos.MAXIMO_ANEXOS` attachments checked
by content (`comum.arquivos.validar_anexos`), and the confirmation box."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from comum import arquivos as anexos
from comum.confirmacao import campo_confirmacao
from nucleo.recursos import MAXIMO_TEXTO, validar_texto

#: What the file inputs offer to choose (the content is checked on the server).
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
    """The appeal against one decision. Every page posts the same fields (`texto`,
    `anexos`, `confirmacao`) to its procedure's appeal address; `objeto_id` keeps the ids
    unique where a page has several (one per decision)."""

    texto = forms.CharField(
        label=_("Razões do recurso"), max_length=MAXIMO_TEXTO,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=_("Explique por que a decisão deve ser revista; junte os documentos que a "
                    "sustentam."))
    anexos = VariosArquivosField(label=_("Anexos (opcional)"), required=False,
                                 help_text=lazy(anexos.limites_texto, str)())
    confirmacao = campo_confirmacao(
        _("Ao confirmar, o recurso é registrado com as razões e os anexos acima e enviado a "
          "quem o julga; você recebe o protocolo por e-mail. Cabe um único recurso contra esta "
          "decisão, e ele não pode ser desfeito nem substituído."))

    def __init__(self, *args, objeto_id: int | None = None, **kwargs):
        if objeto_id is not None:
            kwargs.setdefault("auto_id", f"id_recurso_{objeto_id}_%s")
        super().__init__(*args, **kwargs)

    def clean_texto(self):
        try:
            return validar_texto(self.cleaned_data.get("texto", ""))
        except ValidationError as exc:
            raise ValidationError(exc.messages) from None

    def clean_anexos(self):
        arquivos = self.cleaned_data.get("anexos") or []
        try:
            anexos.validar_anexos(arquivos)
        except ValidationError as exc:
            raise ValidationError(exc.messages) from None
        return arquivos

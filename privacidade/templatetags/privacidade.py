import json

from django import template
from django.core.serializers.json import DjangoJSONEncoder

from comum import formatos

register = template.Library()


@register.filter
def json_legivel(valor) -> str:
    """A value as indented JSON text (escaped by the template like any other string)."""
    if valor in (None, "", [], {}):
        return ""
    return json.dumps(valor, cls=DjangoJSONEncoder, ensure_ascii=False, indent=1)


@register.filter
def data_br(valor) -> str:
    """An ISO date or date-time (as the data carries them) as DD/MM/AAAA [HH:MM]."""
    if not valor:
        return "—"
    try:
        return formatos.data_ou_data_hora_iso_br(str(valor))
    except ValueError:
        return str(valor)

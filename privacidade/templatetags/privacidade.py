import json

from django import template
from django.core.serializers.json import DjangoJSONEncoder

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
    import datetime as dt

    if not valor:
        return "—"
    try:
        if len(str(valor)) == 10:
            return dt.date.fromisoformat(str(valor)).strftime("%d/%m/%Y")
        return dt.datetime.fromisoformat(str(valor)).strftime("%d/%m/%Y %H:%M")
    except ValueError:
        return str(valor)

"""`{% fuso_da_pagina as fuso %}`: the time zone of the certame a page is about (its órgão's,
`certames.calendario.fuso`), found in the page's context; the active zone otherwise.
templates/base.html renders the page inside it (`{% timezone fuso %}`), so every time a
certame's page shows is in its órgão's clock."""

from django import template
from django.utils import timezone

from certames import calendario

register = template.Library()

#: The context names a page of a certame carries its object under, most specific last.
OBJETOS_DA_PAGINA = ("certame", "cargo", "inscricao", "etapa", "chamada", "fase")


@register.simple_tag(takes_context=True)
def fuso_da_pagina(context):
    for nome in OBJETOS_DA_PAGINA:
        orgao = calendario.orgao_de(context.get(nome))
        if orgao is not None:
            return calendario.fuso(orgao)
    return timezone.get_current_timezone()

"""`{% estado_aviso ato %}`: whether the act's notice went out, with the button that sends a
failed one again (comum.avisos.estado)."""

from django import template

from comum.avisos import estado

register = template.Library()


@register.inclusion_tag("avisos/_estado.html", takes_context=True)
def estado_aviso(context, ato, resumo=None):
    """The notice state of `ato` (an `Ato` or its id); `resumo`, when the view already read
    it for the whole page (`estado.por_ato`)."""
    ato_id = getattr(ato, "pk", ato)
    return {"resumo": resumo if resumo is not None else estado.do_ato(ato_id),
            "ato_id": ato_id, "request": context.get("request"),
            "csrf_token": context.get("csrf_token")}

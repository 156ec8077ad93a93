"""The one PDF renderer: an HTML template laid out by weasyprint.

Every PDF the product makes (the inscrição receipt, a committee session's minutes, the lists,
the vacancy table and the order of nomeação) is a Django template rendered here, so every
value is escaped by the template engine and every document gets the same base URL for its
static assets. weasyprint is imported only when a PDF is made (it is heavy: pango, fonts),
in the Celery task or the command that asked for one.
"""

from __future__ import annotations

from django.template.loader import render_to_string


def html_para_pdf(html: str) -> bytes:
    """Lay out an HTML document as PDF bytes."""
    from weasyprint import HTML  # heavy import: only where a PDF is made

    return HTML(string=html).write_pdf()


def renderizar_pdf(template: str, contexto: dict) -> bytes:
    """The template `template` rendered with `contexto` (values escaped), as PDF bytes."""
    return html_para_pdf(render_to_string(template, contexto))

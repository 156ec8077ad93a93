"""Template filters of the candidate's pages."""

from __future__ import annotations

from django import template

from candidatos.inscricao_portal import linguagem_simples

register = template.Library()


@register.filter(name="simples")
def simples(texto) -> str:
    """A rule's citation in plain words (`candidatos.inscricao_portal.linguagem_simples`)."""
    return linguagem_simples(texto)

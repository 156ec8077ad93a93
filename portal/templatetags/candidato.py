"""Template filters of the candidate's pages."""

from __future__ import annotations

from django import template

from candidatos.inscricao_portal import linguagem_simples
from certames.situacao import motivo_certame_parado

register = template.Library()


@register.filter(name="simples")
def simples(texto) -> str:
    """A rule's citation in plain words (`candidatos.inscricao_portal.linguagem_simples`)."""
    return linguagem_simples(texto)


@register.filter(name="parado")
def parado(certame) -> str | None:
    """Why the certame is stopped, the banner of the candidate's pages
    (`certames.situacao.motivo_certame_parado`), or None."""
    return motivo_certame_parado(certame)

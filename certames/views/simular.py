"""Display helpers of a regime's lists, shared by the public pages (`certames.views.publico`)
and RH's "simular edital" page (`painel/views/simular.py`)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from certames import regras


def nome_lista(regime: regras.Regime, lista: str) -> str:
    """Display name of a list: the law's own words for a group."""
    if lista == regras.AC:
        return _("ampla concorrência")
    if lista == regras.PCD:
        return _("pessoas com deficiência")
    try:
        return regime.grupo(lista).nome
    except KeyError:
        return lista


def posicoes_por_lista(regime: regras.Regime, ordem: tuple[str, ...]) -> list[dict]:
    """Each reserved list with its positions in the call order ("3ª, 7ª, 11ª")."""
    return [{
        "lista": lista,
        "nome": nome_lista(regime, lista),
        "posicoes": ", ".join(f"{n}ª" for n, tipo in enumerate(ordem, start=1) if tipo == lista),
    } for lista in regime.listas]

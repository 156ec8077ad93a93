"""The audit trail's words: one Portuguese label for every kind of act (`Ato.tipo`).

`Ato.tipo` is a code written by `certames.auditoria.registrar_ato` across the project
("importacao_inscricoes", "recurso_heteroidentificacao"...). The pages show the label and keep
the code as secondary text. Exact codes are in `ROTULOS` (`certames.auditoria`: each app
declares the codes it writes in its `declaracoes.py`); families built from an enum or a
procedure's slug (f"chamada_{tipo}", f"recurso_{slug}"...) are in `FAMILIAS` and take the
member's own label, so a new call event, publication kind or procedure plug-in is labelled
with its own words. tests/certames/test_rotulos_atos.py collects every code the code base
writes and fails on one without a label.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from certames.auditoria import ROTULOS
from certames.models import EventoChamada, Publicacao
from nucleo.registro import registrados


def _chamada(sufixo: str) -> str | None:
    if sufixo in EventoChamada.Tipo.values:
        return _("Ordem de nomeação: %(e)s") % {"e": EventoChamada.Tipo(sufixo).label}
    return None


def _publicacao(sufixo: str) -> str | None:
    if sufixo in Publicacao.Tipo.values:
        return _("Publicação da classificação: %(t)s") % {
            "t": str(Publicacao.Tipo(sufixo).label).lower()}
    return None


def _por_procedimento(modelo):
    """A family whose suffix is a procedure plug-in's slug (registered at app loading)."""
    def rotulo(sufixo: str) -> str | None:
        for proc in registrados():
            if proc.slug == sufixo:
                return modelo() % {"p": proc.titulo}
        return None
    return rotulo


#: Prefix -> function of the suffix giving the label (None when the suffix is unknown).
FAMILIAS = {
    "chamada_": _chamada,
    "publicacao_": _publicacao,
    "convocacao_": _por_procedimento(lambda: _("Convocação — %(p)s")),
    "recurso_": _por_procedimento(lambda: _("Recurso apresentado — %(p)s")),
    "resultado_preliminar_": _por_procedimento(lambda: _("Resultado preliminar — %(p)s")),
    "resultado_definitivo_": _por_procedimento(lambda: _("Resultado definitivo — %(p)s")),
}


def rotulo_conhecido(codigo: str) -> str | None:
    """The Portuguese label of an act's code, or None when the code has none."""
    if codigo in ROTULOS:
        return str(ROTULOS[codigo])
    for prefixo, funcao in FAMILIAS.items():
        if codigo.startswith(prefixo):
            rotulo = funcao(codigo[len(prefixo):])
            if rotulo:
                return rotulo
    return None


def rotulo_do_ato(codigo: str) -> str:
    """The label, or for a code without one (an act of an older version) the code in words."""
    return rotulo_conhecido(codigo) or codigo.replace("_", " ").capitalize()


def codigos_das_familias() -> list[str]:
    """Every code the families can write today (for the filter's options and the test)."""
    codigos = [f"chamada_{v}" for v in EventoChamada.Tipo.values]
    codigos += [f"publicacao_{v}" for v in Publicacao.Tipo.values]
    for proc in registrados():
        codigos += [f"{p}{proc.slug}" for p in ("convocacao_", "recurso_",
                                                 "resultado_preliminar_",
                                                 "resultado_definitivo_")]
    return codigos

"""Helpers for tests of appeals against RH decisions (`nucleo.autoridade`, Lei 9.784/1999,
art. 56, §1º): the certame's superior authority and the decider's keeping the decision."""

from __future__ import annotations

from nucleo import autoridade
from nucleo.models import Recurso

ATO = "Portaria 12/2026, de 05/10/2026"
MOTIVO_DESIGNACAO = "Secretária de Administração, superior hierárquica do setor de RH."
MANTEM = ("As razões do recurso não trazem fato novo: a decisão é mantida pelos seus "
          "fundamentos e o recurso segue à autoridade superior.")


def designar(certame, usuario, *, autor=None, agora=None):
    """`usuario` (an RH account) becomes the certame's superior authority."""
    return autoridade.designar(certame, usuario=usuario, ato=ATO, motivacao=MOTIVO_DESIGNACAO,
                               autor=autor or usuario, agora=agora)


def manter(recurso: Recurso, decisor, *, agora=None):
    """The decider keeps the decision: the appeal goes to the superior authority."""
    return autoridade.reconsiderar(recurso, autor=decisor, reconsidera=False,
                                   motivacao=MANTEM, agora=agora)

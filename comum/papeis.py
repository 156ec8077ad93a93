"""The three audiences of the product, as Django groups, and their permission predicates.

RH runs certames (back office and admin), Comissão members judge in their workspace, Candidatos
use the portal. The predicates are `rules` predicates so views and templates share them.
"""

from __future__ import annotations

import rules
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied

GRUPO_RH = "RH"
GRUPO_COMISSAO = "Comissao"
GRUPO_CANDIDATO = "Candidato"
GRUPOS = (GRUPO_RH, GRUPO_COMISSAO, GRUPO_CANDIDATO)


def _em_grupo(user, nome: str) -> bool:
    if not user or not user.is_authenticated:
        return False
    cache = getattr(user, "_grupos_cache", None)
    if cache is None:
        cache = set(user.groups.values_list("name", flat=True))
        user._grupos_cache = cache
    return nome in cache


@rules.predicate
def e_rh(user) -> bool:
    return bool(user and user.is_authenticated and (user.is_superuser or _em_grupo(user, GRUPO_RH)))


@rules.predicate
def e_membro_comissao(user) -> bool:
    return _em_grupo(user, GRUPO_COMISSAO)


@rules.predicate
def e_candidato(user) -> bool:
    return _em_grupo(user, GRUPO_CANDIDATO) and hasattr(user, "candidato")


def papeis_do_usuario(user) -> dict[str, bool]:
    return {"rh": e_rh(user), "comissao": e_membro_comissao(user), "candidato": e_candidato(user)}


class SomenteCandidatosMixin(LoginRequiredMixin):
    """The guard of every candidate page (`candidatos.acesso.CandidatoMixin` adds the
    candidate's own inscrição): anonymous -> log-in page; a logged-in account that is not a
    candidate -> 403."""

    def dispatch(self, request, *args, **kwargs):
        if request.user.is_authenticated and not e_candidato(request.user):
            raise PermissionDenied
        return super().dispatch(request, *args, **kwargs)

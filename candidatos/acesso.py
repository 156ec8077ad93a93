"""The one guard of the candidate's pages, and the candidate's own inscrição.

Every page of the candidate area (portal, exemption, procedures, committee results and
appeals, documents, "Meus dados") uses `CandidatoMixin`:

- an anonymous visitor is sent to the log-in page;
- a logged-in account that is not a candidate (RH, a committee member) gets 403;
- an object that is not the candidate's own is a 404, so its existence is not revealed:
  `minha_inscricao(pk)` for an inscrição; the other objects are looked up with
  `inscricao__candidato__usuario=request.user` in the query itself.

The permissions are the `rules` of `candidatos.rules`, asked of the rules registry directly
(`rules.has_perm`), not `user.has_perm`: Django's ModelBackend grants every permission to a
superuser, who is no candidate.
"""

from __future__ import annotations

import rules
from django.http import Http404
from django.shortcuts import get_object_or_404

from candidatos.models import Inscricao
from comum.papeis import SomenteCandidatosMixin


def pode(user, perm: str, obj=None) -> bool:
    """The `rules` permission `perm` of `user` on `obj`."""
    return rules.has_perm(perm, user, obj)


def inscricao_do_candidato(user, pk: int, perm: str = "candidatos.ver_inscricao") -> Inscricao:
    """The inscrição `pk` if `user` has `perm` on it (by default: it is their own); 404
    otherwise, whether it exists or not."""
    insc = get_object_or_404(
        Inscricao.objects.select_related("certame__orgao", "cargo__certame__orgao", "candidato"),
        pk=pk)
    if not pode(user, perm, insc):
        raise Http404
    return insc


class CandidatoMixin(SomenteCandidatosMixin):
    """Logged-in candidates only: anonymous -> log-in page; any other account -> 403
    (`comum.papeis.SomenteCandidatosMixin`, also the guard of the kernel's appeal view)."""

    def minha_inscricao(self, pk: int, perm: str = "candidatos.ver_inscricao") -> Inscricao:
        """One of the candidate's own inscrições (404 for anyone else's)."""
        return inscricao_do_candidato(self.request.user, pk, perm)

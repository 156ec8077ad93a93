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

`servir_arquivo_do_pedido` serves a stored file of an exemption request once the page (the
candidate's or RH's) has checked who may see it.
"""

from __future__ import annotations

import rules
from django.http import Http404
from django.shortcuts import get_object_or_404

from candidatos import isencao
from candidatos.models import Inscricao, PedidoIsencao
from certames import calendario
from comum.arquivos import servir_arquivo
from comum.papeis import SomenteCandidatosMixin
from nucleo.recursos import anexos_de


def pode(user, perm: str, obj=None) -> bool:
    """The `rules` permission `perm` of `user` on `obj`."""
    return rules.has_perm(perm, user, obj)


def inscricao_do_candidato(user, pk: int, perm: str = "candidatos.ver_inscricao") -> Inscricao:
    """The inscrição `pk` if `user` has `perm` on it (by default: it is their own); 404
    otherwise, whether it exists or not. The rest of the request shows and reads times in its
    órgão's zone (`certames.calendario.ativar_fuso`; the middleware resets it per request)."""
    insc = get_object_or_404(
        Inscricao.objects.select_related("certame__orgao", "cargo__certame__orgao", "candidato"),
        pk=pk)
    if not pode(user, perm, insc):
        raise Http404
    calendario.ativar_fuso(insc.certame)
    return insc


class CandidatoMixin(SomenteCandidatosMixin):
    """Logged-in candidates only: anonymous -> log-in page; any other account -> 403
    (`comum.papeis.SomenteCandidatosMixin`, also the guard of the kernel's appeal view)."""

    def minha_inscricao(self, pk: int, perm: str = "candidatos.ver_inscricao") -> Inscricao:
        """One of the candidate's own inscrições (404 for anyone else's)."""
        return inscricao_do_candidato(self.request.user, pk, perm)


def servir_arquivo_do_pedido(pedido: PedidoIsencao, qual: str):
    """A stored file of an exemption request, for a view that already checked who may see it:
    the proof of donation, the proof of a CadÚnico of another municipality, or the appeal's
    first attachment (`nucleo.AnexoRecurso`; every attachment is also at `recursos:anexo`)."""
    if qual == "comprovante":
        return servir_arquivo(pedido.comprovante_doacao)
    if qual == "comprovante_cadunico":
        return servir_arquivo(pedido.comprovante_cadunico)
    if qual != "anexo":
        raise Http404
    anexos = anexos_de(isencao.recurso_do_pedido(pedido))
    if not anexos:
        raise Http404
    return servir_arquivo(anexos[0].arquivo, nome=anexos[0].nome_original,
                          tipo=anexos[0].tipo_conteudo)

"""Permissions of the candidate portal (package `rules`), checked by the views and tested as
a matrix (owner / other candidate / RH / committee member / anonymous)."""

from __future__ import annotations

import rules

from candidatos.inscricao_portal import inscricoes_abertas
from comum.papeis import e_candidato, e_rh


@rules.predicate
def e_dono_da_inscricao(user, inscricao) -> bool:
    """The inscrição belongs to the Candidato linked to this (candidate) account."""
    if inscricao is None or not e_candidato(user):
        return False
    return inscricao.candidato.usuario_id == user.pk


@rules.predicate
def periodo_de_inscricoes_aberto(user, alvo) -> bool:
    """The certame (or the inscrição's certame) accepts inscrições and option changes now."""
    if alvo is None:
        return False
    certame = alvo.cargo.certame if hasattr(alvo, "cargo") else alvo
    return inscricoes_abertas(certame)


rules.add_perm("candidatos.usar_portal", e_candidato)
rules.add_perm("candidatos.ver_inscricao", e_dono_da_inscricao)
rules.add_perm("candidatos.inscrever", e_candidato & periodo_de_inscricoes_aberto)
rules.add_perm("candidatos.alterar_opcoes", e_dono_da_inscricao)
rules.add_perm("candidatos.ver_comprovante", e_dono_da_inscricao | e_rh)

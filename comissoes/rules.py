"""Permissions of the committees (package `rules`), checked by the views and tested as a
matrix (RH / member of the committee / member of another committee / candidate / stranger).

A member sees only what `votacao.avaliacoes_visiveis` lets them: their own committees'
evaluations, never one with an impedimento, never before signing the confidentiality term.
"""

from __future__ import annotations

import rules

from comissoes.dominio.votacao import avaliacoes_visiveis
from comissoes.models import Impedimento, MembroComissao
from comum.papeis import e_membro_comissao, e_rh


def membro_de(user, comissao_id: int) -> MembroComissao | None:
    """The user's active membership of this committee, or None."""
    if not user or not user.is_authenticated or not e_membro_comissao(user):
        return None
    return (MembroComissao.objects.select_related("comissao__certame", "usuario")
            .filter(comissao_id=comissao_id, usuario=user, ativo=True).first())


@rules.predicate
def e_membro_da_sessao(user, sessao) -> bool:
    return sessao is not None and membro_de(user, sessao.comissao_id) is not None


@rules.predicate
def assinou_termo_da_sessao(user, sessao) -> bool:
    membro = membro_de(user, sessao.comissao_id) if sessao is not None else None
    return membro is not None and membro.termo_confidencialidade_em is not None


@rules.predicate
def sem_impedimento_na_sessao(user, sessao) -> bool:
    """The ata holds every candidate of the session: a member with an impedimento about one
    of them does not get it (they may never see that candidate)."""
    membro = membro_de(user, sessao.comissao_id) if sessao is not None else None
    if membro is None:
        return False
    return not Impedimento.objects.filter(
        membro=membro, inscricao__convocacoes__sessao=sessao).exists()


@rules.predicate
def e_presidente_da_sessao(user, sessao) -> bool:
    membro = membro_de(user, sessao.comissao_id) if sessao is not None else None
    return membro is not None and membro.presidente


@rules.predicate
def ve_a_avaliacao(user, avaliacao) -> bool:
    """Member of the evaluation's committee, term signed, no impedimento, not the appeal of
    a candidate they judged in first instance."""
    membro = membro_de(user, avaliacao.comissao_id) if avaliacao is not None else None
    return membro is not None and avaliacoes_visiveis(membro).filter(pk=avaliacao.pk).exists()


rules.add_perm("comissoes.gerir_comissoes", e_rh)
rules.add_perm("comissoes.usar_area_comissao", e_membro_comissao)
rules.add_perm("comissoes.ver_sessao", e_membro_da_sessao)
rules.add_perm("comissoes.presidir_sessao", e_presidente_da_sessao & assinou_termo_da_sessao)
rules.add_perm("comissoes.ver_avaliacao", ve_a_avaliacao)
rules.add_perm("comissoes.baixar_ata",
               e_rh | (assinou_termo_da_sessao & sem_impedimento_na_sessao))

# The admin: the RH group holds no database permission of this app (its models came after the
# groups' migration), so the rules grant them. Decisions stay read-only in the admin itself.
rules.add_perm("comissoes", e_rh)
for _modelo in ("comissao", "membrocomissao", "impedimento", "sessao", "convocacao",
                "avaliacao", "voto", "recurso", "anexorecurso", "publicacaoresultado",
                "documentoenviado", "analisedocumento"):
    rules.add_perm(f"comissoes.view_{_modelo}", e_rh)
for _modelo in ("comissao", "membrocomissao", "sessao"):
    rules.add_perm(f"comissoes.add_{_modelo}", e_rh)
    rules.add_perm(f"comissoes.change_{_modelo}", e_rh)
rules.add_perm("comissoes.add_impedimento", e_rh)

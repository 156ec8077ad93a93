"""The candidate's appeal against a committee's first-instance decision (heteroidentification,
documentary verification, PcD evaluation: `procedimentos`).

Rules decided here:
- the appeal is a right (LC 22/2026, art. 3º, §5º; Lei 3.057/2026, art. 10, §3º, V;
  Lei 3.056/2025, art. 4º, §1º, II: contraditório e ampla defesa), filed in the form and
  window the edital sets: the schedule's etapa "Recurso da heteroidentificação", open now;
- only against a published non-confirmation, by the candidate, once per evaluation
  (`Recurso` is one-to-one with it) and only before the final result;
- the appeal is judged by the recursal committee of the certame, with the same voting
  mechanics (`votacao.registrar_voto` / `encerrar_avaliacao`) on a new evaluation in the
  instância "recurso"; nobody who judged the candidate in the first instance judges the
  appeal (enforced by `votacao.motivo_de_recusa`); there is no further appeal (product
  decision: the laws provide one appeal against the committee's decision);
- the window, the single appeal, the text and the attachments (PDF, JPEG or PNG checked by
  content) are the procedure kernel's (`nucleo.recursos`); attachments are served only to the
  candidate, RH and the members of the recursal committee who may judge that appeal;
- documentary verification and PcD evaluation: the same, in their own schedule stage ("Recurso
  da verificação documental", "Recurso da avaliação PcD"), judged by another committee of the
  same kind (`comissao_recursal`), on the record (the documents already sent, the
  biopsychosocial record and the appeal's reasons and attachments; the appeal committee
  analyses the documents and, for PcD, records its own biopsychosocial evaluation). The
  appeal's attachments are arguments: they do not replace the documents of the list.
"""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from certames.models import Certame
from comissoes.dominio import votacao
from comissoes.dominio.procedimentos import HETEROIDENTIFICACAO, RECURSAL, procedimento
from comissoes.dominio.resultados import avaliacao_do_recurso, chave_da_avaliacao
from comissoes.models import Avaliacao, Comissao, MembroComissao
from nucleo import recursos as kernel
from nucleo.models import AnexoRecurso, Recurso

__all__ = ["MAXIMO_TEXTO", "MINIMO_TEXTO"]

MINIMO_TEXTO = kernel.MINIMO_TEXTO
MAXIMO_TEXTO = kernel.MAXIMO_TEXTO


def comissao_recursal(certame: Certame, tipo: str = HETEROIDENTIFICACAO,
                      primeira: Comissao | None = None) -> Comissao | None:
    """The committee that judges the appeals of a procedure: heteroidentification, the
    certame's recursal committee; documentary and PcD, another committee of the same kind
    than the one that decided (`primeira`) — the first one created, if RH created several."""
    if tipo in (HETEROIDENTIFICACAO, RECURSAL):
        return (Comissao.objects.filter(certame=certame, tipo=Comissao.Tipo.RECURSAL)
                .order_by("criada_em", "pk").first())
    qs = Comissao.objects.filter(certame=certame, tipo=tipo)
    if primeira is not None:
        qs = qs.exclude(pk=primeira.pk)
    return qs.order_by("criada_em", "pk").first()


def motivo_para_nao_recorrer(avaliacao: Avaliacao, *, agora: dt.datetime | None = None,
                             **lote) -> str | None:
    """Why no appeal can be filed against this evaluation now (Portuguese), or None
    (`nucleo.recursos.motivo_para_nao_recorrer`, with the committee plug-in's checks)."""
    return kernel.motivo_para_nao_recorrer(chave_da_avaliacao(avaliacao), avaliacao,
                                           agora=agora, **lote)


def apresentar_recurso(avaliacao: Avaliacao, *, autor, texto: str, arquivos=(),
                       agora: dt.datetime | None = None) -> Recurso:
    """The candidate files their one appeal (`nucleo.recursos.apresentar_recurso`); the
    plug-in routes it to the recursal committee (`distribuir`)."""
    return kernel.apresentar_recurso(chave_da_avaliacao(avaliacao), avaliacao, autor=autor,
                                     texto=texto, arquivos_enviados=arquivos, agora=agora)


def avaliacao_recorrida(recurso: Recurso) -> Avaliacao:
    """The first-instance evaluation the appeal is against."""
    return (Avaliacao.objects.select_related("comissao__certame", "inscricao")
            .get(pk=recurso.objeto_id))


def distribuir(recurso: Recurso, avaliacao: Avaliacao) -> dict:
    """Inside the appeal's transaction: the evaluation in the instância "recurso" of the
    committee that judges it (the plug-in's `ao_apresentar_recurso`)."""
    tipo = avaliacao.comissao.tipo
    proc = procedimento(tipo)
    recursal = comissao_recursal(avaliacao.comissao.certame, tipo, avaliacao.comissao)
    julgamento, criada = Avaliacao.objects.get_or_create(
        comissao=recursal, inscricao=avaliacao.inscricao, lista=avaliacao.lista,
        instancia=Avaliacao.Instancia.RECURSO)
    if not criada and julgamento.encerrada:
        raise ValidationError(_("Este recurso já foi julgado."))
    return {
        "descricao": _("Recurso da inscrição %(n)s contra a decisão na lista %(l)s (%(p)s), "
                       "distribuído à comissão recursal %(c)s.") % {
            "n": avaliacao.inscricao.numero, "l": avaliacao.lista, "c": recursal.nome,
            "p": proc.nome},
        "depois": {"avaliacao_primeira": avaliacao.pk, "avaliacao_recurso": julgamento.pk},
    }


# --- who sees the appeal and its files ------------------------------------------------------


def membro_pode_julgar(user, recurso: Recurso) -> bool:
    """The user is an active member of the recursal committee that holds this appeal and may
    see it (term signed, no impedimento, did not judge the first instance)."""
    julgamento = avaliacao_do_recurso(avaliacao_recorrida(recurso))
    if julgamento is None or not getattr(user, "is_authenticated", False):
        return False
    membro = MembroComissao.objects.filter(comissao_id=julgamento.comissao_id,
                                           usuario=user).first()
    return membro is not None and votacao.motivo_de_recusa(membro, julgamento) is None


def pode_ver_recurso(user, recurso: Recurso) -> bool:
    """The candidate who filed it, RH, and the recursal committee's members who judge it."""
    return kernel.pode_ver_recurso(user, recurso)


def pode_ver_anexo(user, anexo: AnexoRecurso) -> bool:
    return kernel.pode_ver_anexo(user, anexo)

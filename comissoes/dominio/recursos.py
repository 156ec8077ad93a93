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
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from certames.models import Certame
from comissoes.dominio import votacao
from comissoes.dominio.composicao import nome_do_membro
from comissoes.dominio.procedimentos import (
    HETEROIDENTIFICACAO,
    RECURSAL,
    procedimento,
    rotulo_resultado,
)
from comissoes.dominio.resultados import (
    avaliacao_do_recurso,
    chave_da_avaliacao,
    preliminar_da_avaliacao,
)
from comissoes.models import Avaliacao, Comissao, Convocacao, MembroComissao, Voto
from nucleo import recursos as kernel
from nucleo.models import AnexoRecurso, PublicacaoResultado, Recurso

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


# --- what the appeal committee judges: the appeal in hand -----------------------------------


@dataclass
class AutosDoRecurso:
    """The record of an appeal as the committee that judges it reads it: the candidate's
    reasons and attachments, the decision appealed against with its parecer, how its
    committee voted (names only where the edital publishes them: `Comissao.divulgar_nomes`,
    as for the candidate) and the recording of the session, where one was made."""

    recurso: Recurso | None
    anexos: list[AnexoRecurso]
    decisao: Avaliacao
    resultado_texto: str
    preliminar: PublicacaoResultado | None
    confirmam: int
    nao_confirmam: int
    #: Closed without votes (absence, refusal to be filmed): the reason, else "".
    sem_votacao: str
    #: The members' names per sense; None where the edital does not publish them.
    nomes_confirmam: list[str] | None
    nomes_nao_confirmam: list[str] | None
    convocacao: Convocacao | None
    gravacao: str
    #: The recording as a link (http or https only); "" for a file reference.
    gravacao_url: str


def decisao_recorrida(julgamento: Avaliacao) -> Avaliacao | None:
    """The first-instance evaluation an appeal's evaluation (instância recurso) judges: same
    certame, candidate and list, in the procedure's first-instance committee."""
    if julgamento.instancia != Avaliacao.Instancia.RECURSO:
        return None
    return (Avaliacao.objects.filter(
        comissao__certame_id=julgamento.comissao.certame_id,
        comissao__tipo=procedimento(julgamento.comissao.tipo).tipo,
        inscricao_id=julgamento.inscricao_id, lista=julgamento.lista,
        instancia=Avaliacao.Instancia.PRIMEIRA)
        .select_related("comissao", "convocacao__sessao", "encerrada_por__usuario")
        .order_by("pk").first())


def link_da_gravacao(referencia: str) -> str:
    """The recording's reference as a link only when it is an http(s) address (a file name
    stays text; never a javascript: or data: address in an href)."""
    referencia = (referencia or "").strip()
    partes = urlsplit(referencia)
    return referencia if partes.scheme in ("http", "https") and partes.netloc else ""


def autos_do_recurso(julgamento: Avaliacao) -> AutosDoRecurso | None:
    """What the member judging the appeal sees of it (None: not an appeal's evaluation)."""
    decisao = decisao_recorrida(julgamento)
    if decisao is None:
        return None
    recurso = kernel.recurso_de(chave_da_avaliacao(decisao), decisao.pk)
    votos = votacao.votos_correntes(decisao)
    divulgar = decisao.comissao.divulgar_nomes
    encerramento = (decisao.detalhes or {}).get("encerramento", "")
    conv = decisao.convocacao
    sem_votacao = ""
    if encerramento and not votos:
        sem_votacao = (conv.get_comparecimento_display() if conv is not None
                       else str(encerramento))

    def nomes(sentido: str) -> list[str] | None:
        if not divulgar:
            return None
        return [nome_do_membro(v.membro) for v in votos if v.sentido == sentido]

    return AutosDoRecurso(
        recurso=recurso, anexos=kernel.anexos_de(recurso), decisao=decisao,
        resultado_texto=rotulo_resultado(decisao.comissao.tipo, decisao.resultado),
        preliminar=preliminar_da_avaliacao(decisao),
        confirmam=sum(1 for v in votos if v.sentido == Voto.Sentido.CONFIRMA),
        nao_confirmam=sum(1 for v in votos if v.sentido == Voto.Sentido.NAO_CONFIRMA),
        sem_votacao=sem_votacao,
        nomes_confirmam=nomes(Voto.Sentido.CONFIRMA),
        nomes_nao_confirmam=nomes(Voto.Sentido.NAO_CONFIRMA),
        convocacao=conv, gravacao=decisao.gravacao,
        gravacao_url=link_da_gravacao(decisao.gravacao))

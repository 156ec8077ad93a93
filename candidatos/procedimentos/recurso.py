"""The candidate's appeal against a proven case (the kernel's `nucleo.Recurso`).

Rules decided here. The municipal laws guarantee contraditório e ampla defesa in the
procedure (LC 22/2026, art. 3º, §3º; Lei 3.056/2025, art. 7º; Lei 3.057/2026, arts. 5º,
parágrafo único, and 12) and give it no procedure of its own; the federal law of the
administrative process applies subsidiarily (Lei 9.784/1999, art. 69; to a municipality
without a rule of its own: STJ, Súmula 633):
- an appeal lies against a proven case (procedente) only: an archived one leaves the
  candidate nothing to appeal against (arts. 56, caput, and 58, I: the appellant's
  interest);
- within `RegraSancao.prazo_recurso_dias` (ten: art. 59) of the decision's notice (the
  candidate is notified at once, in their area and by e-mail), counted from the day after
  and ending at the end of the last day, days counted continuously, a last day without
  office hours moved to the next working day of the órgão (art. 66, caput, §§1º and 2º:
  `certames.calendario.fim_do_prazo`);
- one appeal, with attachments (`nucleo.recursos`); addressed to the authority that decided,
  which may reconsider it within five days, then judged by the certame's superior authority,
  a role RH assigns per certame, never another RH user (art. 56, §1º: `nucleo.autoridade`,
  the same mechanism as every RH decision's appeal);
- one motivated ruling (art. 50; `nucleo.motivacao`); a ruling against the candidate
  (not provido) needs a specific motivation. A granted appeal (provido) reforms the decision
  (art. 64): the fraud or falsity is not proven, so the sanction of the regime's law has no
  basis any more and its effects are undone at once (see `julgar_recurso`). The decision
  itself is never rewritten: the ruling is recorded beside it (`recurso_*`) and supersedes it.
"""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from candidatos.models import Inscricao, ProcedimentoAdministrativo
from candidatos.procedimentos.base import (
    _INSCRICAO_COM,
    _PROCEDIMENTO_COM,
    CHAVE,
    TAREFA_JULGAMENTO,
    ResultadoRecurso,
    _checar_rh,
    _motivacao,
    _procedimentos,
    data_hora,
)
from candidatos.procedimentos.notificacoes import _enfileirar
from candidatos.procedimentos.tipos import _desfazer_efeitos, fundamentos_de, objeto_de
from certames import calendario
from certames.auditoria import registrar_ato
from certames.models import Etapa
from certames.travas import travar, travar_certame
from nucleo import autoridade
from nucleo import recursos as kernel
from nucleo.lotes import JanelaRecurso
from nucleo.models import Recurso


def fundamento_recurso_de(proc: ProcedimentoAdministrativo) -> str:
    """The appeal's basis: the subsidiary federal rule and the regime's guarantee."""
    fund = fundamentos_de(proc)
    return f"{fund.fundamento_recurso}; {fund.garantia}"[:250]


def fim_do_prazo_recurso(notificado_em: dt.datetime, dias: int, alvo) -> dt.datetime:
    """The end of the last day: the day of the notice excluded, `dias` days counted
    continuously, the end moved to the next working day of the órgão of `alvo` (Lei
    9.784/1999, art. 66, caput, §§1º and 2º; the one count: `certames.calendario`)."""
    return calendario.fim_do_prazo(notificado_em, dias, alvo)


def janela_recurso(proc: ProcedimentoAdministrativo,
                   agora: dt.datetime | None = None) -> JanelaRecurso:
    """The appeal window of the decision: from its notice (`decidido_em`, notified at once)
    for `RegraSancao.prazo_recurso_dias` days. An unsaved `Etapa`: it is derived from a stored
    date and the regime, never written. Undecided: no window."""
    agora = agora or timezone.now()
    if proc.decidido_em is None:
        return JanelaRecurso([], agora, CHAVE)
    dias = fundamentos_de(proc).prazo_recurso_dias
    etapa = Etapa(certame_id=proc.inscricao.certame_id, inicio=proc.decidido_em,
                  fim=fim_do_prazo_recurso(proc.decidido_em, dias, proc.inscricao),
                  descricao=_("Recurso da decisão do procedimento administrativo"))
    return JanelaRecurso([etapa], agora, CHAVE)


def recurso_de(proc: ProcedimentoAdministrativo) -> Recurso | None:
    return kernel.recurso_de(CHAVE, proc.pk)


def motivo_para_nao_recorrer(proc: ProcedimentoAdministrativo,
                             agora: dt.datetime | None = None) -> str | None:
    """Why the candidate cannot file an appeal now (Portuguese), or None."""
    return kernel.motivo_para_nao_recorrer(CHAVE, proc, agora=agora)


def apresentar_recurso(proc: ProcedimentoAdministrativo, *, autor, texto: str, arquivos=(),
                       agora: dt.datetime | None = None) -> Recurso:
    """The candidate's one appeal against a proven case, with attachments, within the window
    (the kernel checks, records the act and sends the receipt)."""
    return kernel.apresentar_recurso(CHAVE, proc, autor=autor, texto=texto,
                                     arquivos_enviados=arquivos, agora=agora)


def pode_julgar(user, proc: ProcedimentoAdministrativo,
                agora: dt.datetime | None = None) -> bool:
    """Only the certame's superior authority, once the appeal is forwarded
    (`nucleo.autoridade`: Lei 9.784/1999, art. 56, §1º)."""
    return motivo_para_nao_julgar(proc, user, agora=agora) is None


def motivo_para_nao_julgar(proc: ProcedimentoAdministrativo, autor,
                           recurso: Recurso | None = None,
                           agora: dt.datetime | None = None) -> str | None:
    """Why `autor` cannot judge the appeal now (Portuguese), or None."""
    recurso = recurso if recurso is not None else recurso_de(proc)
    if recurso is None:
        return _("Não há recurso a julgar neste procedimento.")
    if proc.recurso_resultado and not autoridade.reconsiderado(recurso):
        return _("O recurso já foi julgado em %(d)s; o julgamento é único.") % {
            "d": data_hora(proc.recurso_julgado_em)}
    return autoridade.motivo_para_nao_julgar(recurso, autor, agora)


def reconsiderar(proc: ProcedimentoAdministrativo, *, autor, motivacao: str,
                 agora: dt.datetime) -> dict:
    """The decider reconsiders (the plug-in's `reconsiderar`, inside the kernel's transaction,
    `nucleo.autoridade`): the appeal is granted, with the effects of a granted appeal (the
    decision is reformed and its effects undone, art. 64); the candidate is told."""
    proc = travar(_procedimentos(), proc, *_PROCEDIMENTO_COM)
    insc = travar(Inscricao, proc.inscricao, *_INSCRICAO_COM)
    recurso = recurso_de(proc)
    desfeitos = _registrar_julgamento(proc, insc, provido=True, motivacao=motivacao,
                                      autor=autor, agora=agora)
    _enfileirar(TAREFA_JULGAMENTO, proc.pk)
    return {"descricao": _("Decisão do procedimento por %(o)s da inscrição %(n)s "
                           "reconsiderada por quem a proferiu: recurso provido, efeitos "
                           "desfeitos.") % {"o": objeto_de(proc), "n": insc.numero},
            "depois": {"recurso": recurso.pk if recurso else None,
                       "resultado": ResultadoRecurso.PROVIDO, "desfeitos": desfeitos}}


def _registrar_julgamento(proc, insc, *, provido: bool, motivacao: str, autor,
                          agora: dt.datetime) -> dict:
    """The ruling beside the decision (`recurso_*`) and, provido, its effects undone."""
    fundamento = fundamento_recurso_de(proc)
    resultado = ResultadoRecurso.PROVIDO if provido else ResultadoRecurso.NAO_PROVIDO
    proc.recurso_resultado, proc.recurso_motivacao = resultado, motivacao
    proc.recurso_fundamento, proc.recurso_julgado_em = fundamento, agora
    proc.recurso_julgado_por = autor
    proc.save(update_fields=["recurso_resultado", "recurso_motivacao", "recurso_fundamento",
                             "recurso_julgado_em", "recurso_julgado_por"])
    return (_desfazer_efeitos(proc, insc, autor=autor, motivacao=motivacao,
                              fundamento=fundamento) if provido else {})


@transaction.atomic
def julgar_recurso(proc: ProcedimentoAdministrativo, *, provido: bool, motivacao: str, autor,
                   agora: dt.datetime | None = None) -> ProcedimentoAdministrativo:
    """The one motivated ruling on the candidate's appeal, by the certame's superior
    authority once the decider did not reconsider (Lei 9.784/1999, art. 56, §1º, and art. 50,
    applied subsidiarily: see the section's rules; `nucleo.autoridade`), recorded beside the
    decision (`recurso_*`) and as an act; the candidate is told by e-mail (Celery, on
    commit).

    Not provido: the decision stands, nothing else changes. Provido: the decision is
    reformed (art. 64): the fraud or falsity is not proven, so the sanction of the regime's
    law (Lei 3.057/2026, art. 12, parágrafo único, and art. 5º; Lei 3.056/2025, art. 7º,
    §1º; LC 22/2026, art. 3º, §3º) loses its basis and its effects are undone at once: the
    list state returns to the one it had before the decision (a committee's confirmation or
    non-confirmation stands: a non-confirmation is not fraud, Lei 3.057/2026, art. 11,
    caput), the elimination is lifted with its own act and the lists are recomputed; the
    exemption side of a falsity is undone by the module that owns it (`reversao`); the
    forwardings stop being due. The decision is never rewritten.
    """
    agora = agora or timezone.now()
    _checar_rh(autor)
    travar_certame(proc.inscricao.certame_id)
    proc = travar(_procedimentos(), proc, *_PROCEDIMENTO_COM)
    insc = travar(Inscricao, proc.inscricao, *_INSCRICAO_COM)
    recurso = recurso_de(proc)
    motivo = motivo_para_nao_julgar(proc, autor, recurso, agora)
    if motivo or recurso is None:  # no appeal: motivo says so
        raise ValidationError(motivo or "")
    motivacao = _motivacao(motivacao, desfavoravel=not provido,
                           especifica=_("as razões do recurso e a sua apreciação"))
    fundamento = fundamento_recurso_de(proc)
    resultado = ResultadoRecurso.PROVIDO if provido else ResultadoRecurso.NAO_PROVIDO
    desfeitos = _registrar_julgamento(proc, insc, provido=provido, motivacao=motivacao,
                                      autor=autor, agora=agora)
    registrar_ato(
        tipo="procedimento_recurso_julgado", autor=autor, certame=insc.certame, objeto=proc,
        descricao=_("Recurso no procedimento por %(o)s da inscrição %(n)s: %(r)s.") % {
            "o": objeto_de(proc), "n": insc.numero, "r": resultado.label.lower()},
        motivacao=motivacao, fundamento_legal=fundamento,
        depois={"recurso": recurso.pk, "resultado": resultado, "julgado_em": agora.isoformat(),
                "desfeitos": desfeitos})
    _enfileirar(TAREFA_JULGAMENTO, proc.pk)
    return proc

"""State transitions of an inscrição. Each one checks the rule, writes in one transaction,
records the act and queues the recompute of the cargo's lists on commit."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from candidatos.models import EstadoLista, Inscricao, SituacaoLista, erros_autodeclaracao
from certames.auditoria import registrar_ato
from certames.models import Certame, Etapa
from certames.recalculo import solicitar_recalculo
from certames.regras.regimes import AC
from certames.travas import travar
from comum.formatos import data_hora_br
from nucleo.motivacao import validar_motivacao

FINAIS = (Inscricao.Situacao.ELIMINADO, Inscricao.Situacao.DESISTENTE)


def _motivacao_obrigatoria(motivacao: str) -> str:
    """RH's acts on an inscrição are motivated (the kernel's one rule, `nucleo.motivacao`)."""
    return validar_motivacao(motivacao, desfavoravel=False)


#: What a locked inscrição is read with (`certames.travas.travar`).
_INSCRICAO_COM = ("cargo__certame", "candidato")


def fundamento_desistencia(inscricao: Inscricao, lista: str | None = None) -> str:
    """The vacancy goes to the next of the same list (spec section 6; section 7, step 2): the
    basis is that list's own article in the certame's regime (`Regime.fundamento_desistencia`:
    SMBV PP/I art. 1º §6º, PcD art. 6º §5º; Severínia art. 15 §2º; Pirangi art. 10 §3º).
    `lista` is the freed seat's list (a call's `vaga`); without a call, each reserved list the
    inscrição opted for (none: the general list's rule)."""
    regime = inscricao.cargo.certame.regime_legal
    listas = ([lista] if lista else
              [x for x in regime.listas if x in (inscricao.listas or [])] or [AC])
    return "; ".join(dict.fromkeys(regime.fundamento_desistencia(x) for x in listas))


@transaction.atomic
def registrar_desistencia(inscricao: Inscricao, *, autor, motivacao: str,
                          lista: str | None = None) -> Inscricao:
    """`lista`: the list of the seat the desistência frees (the call's `vaga`), if any."""
    motivacao = _motivacao_obrigatoria(motivacao)
    insc = travar(Inscricao, inscricao, *_INSCRICAO_COM)
    if insc.situacao in FINAIS:
        raise ValidationError(_("A inscrição já está %(s)s.") % {
            "s": insc.get_situacao_display().lower()})
    antes = insc.situacao
    insc.situacao = Inscricao.Situacao.DESISTENTE
    insc.save(update_fields=["situacao", "atualizada_em"])
    registrar_ato(tipo="desistencia", autor=autor, certame=insc.cargo.certame, objeto=insc,
                  descricao=_("Desistência da inscrição %(n)s.") % {"n": insc.numero},
                  motivacao=motivacao, fundamento_legal=fundamento_desistencia(insc, lista),
                  antes={"situacao": antes}, depois={"situacao": insc.situacao})
    solicitar_recalculo([insc.cargo_id], _("desistência da inscrição %(n)s") % {
        "n": insc.numero})
    return insc


@transaction.atomic
def eliminar(inscricao: Inscricao, *, autor, motivacao: str, fundamento: str) -> Inscricao:
    motivacao = _motivacao_obrigatoria(motivacao)
    if not (fundamento or "").strip():
        raise ValidationError(_("Informe o fundamento legal ou do edital da eliminação."))
    insc = travar(Inscricao, inscricao, *_INSCRICAO_COM)
    if insc.situacao in FINAIS:
        raise ValidationError(_("A inscrição já está %(s)s.") % {
            "s": insc.get_situacao_display().lower()})
    antes = insc.situacao
    insc.situacao = Inscricao.Situacao.ELIMINADO
    insc.save(update_fields=["situacao", "atualizada_em"])
    registrar_ato(tipo="eliminacao", autor=autor, certame=insc.cargo.certame, objeto=insc,
                  descricao=_("Eliminação da inscrição %(n)s.") % {"n": insc.numero},
                  motivacao=motivacao, fundamento_legal=fundamento.strip(),
                  antes={"situacao": antes}, depois={"situacao": insc.situacao})
    solicitar_recalculo([insc.cargo_id], _("eliminação da inscrição %(n)s") % {
        "n": insc.numero})
    return insc


@transaction.atomic
def registrar_situacao_lista(inscricao: Inscricao, lista: str, estado: str, *, autor,
                             motivacao: str, fundamento: str = "") -> SituacaoLista:
    """Record the consolidated (final, or back to pending) state of one reserved list.

    Only the final decision of a procedure ends here (spec section 5, "Who sets a state"):
    the committees' final results (`comissoes.dominio.plugin`: verdict or appeal ruling of
    the heteroidentification, documentary check and PcD evaluation) and the fraud procedure
    and its appeal (`candidatos.procedimentos`). No page, import or admin form calls it (RH's
    "decisão de lista" was removed: LC 22/2026, art. 3º; Lei 3.057/2026, art. 10, §3º;
    Lei 3.056/2025, art. 4º): a correction is a new decision of the procedure that decided,
    with its motivation and appeal. `tests/candidatos/test_estados_lista.py` checks who
    calls it. A non-final decision is `pendente` (sub judice).
    """
    motivacao = _motivacao_obrigatoria(motivacao)
    insc = travar(Inscricao, inscricao, *_INSCRICAO_COM)
    if lista not in insc.listas:
        raise ValidationError(_("A inscrição %(n)s não optou pela lista %(l)s.") % {
            "n": insc.numero, "l": lista})
    if estado not in EstadoLista.values:
        raise ValidationError(_("Estado inválido: %(e)s.") % {"e": estado})
    atual = SituacaoLista.objects.filter(inscricao=insc, lista=lista).first()
    antes = atual.estado if atual else EstadoLista.PENDENTE.value
    if atual is None:
        atual = SituacaoLista(inscricao=insc, lista=lista)
    atual.estado, atual.motivacao, atual.fundamento = estado, motivacao, fundamento
    atual.save()
    registrar_ato(
        tipo="situacao_lista", autor=autor, certame=insc.cargo.certame, objeto=insc,
        descricao=_("Lista %(l)s da inscrição %(n)s: %(e)s.") % {
            "l": lista, "n": insc.numero, "e": EstadoLista(estado).label},
        motivacao=motivacao, fundamento_legal=fundamento,
        antes={"lista": lista, "estado": antes}, depois={"lista": lista, "estado": estado})
    solicitar_recalculo([insc.cargo_id], _("lista %(l)s da inscrição %(n)s: %(e)s") % {
        "l": lista, "n": insc.numero, "e": EstadoLista(estado).label.lower()})
    return atual


# --- options fixed at the inscrição -------------------------------------
#
# The reserved-list options and the self-declaration are made at the inscrição and may change
# only until the end of the inscrições window (the regime's `fundamento_opcoes_na_inscricao`:
# LC 22/2026 art. 2º; Lei 3.057/2026 art. 10 caput; Lei 3.056/2025 art. 5º §2º).
# After it nobody changes them: a procedure's decision changes the candidate's state in a list
# (`registrar_situacao_lista`), and RH corrects a data error only by the motivated act of
# `candidatos.retificacao`. The window ends at the end of the schedule's last "inscrições"
# stage; a certame without one is fixed from homologation (product default: nothing else
# dates the end of its inscrições).

#: Statuses in which the inscrições are over whatever the schedule says.
STATUS_OPCOES_FIXADAS = (Certame.Status.HOMOLOGADO, Certame.Status.ENCERRADO,
                         Certame.Status.CANCELADO)


def fim_das_inscricoes(certame: Certame, etapas: list[Etapa] | None = None):
    """The end of the certame's last inscrições stage (a datetime), or None. ``etapas``: the
    certame's whole schedule when the caller already read it (no query)."""
    if etapas is not None:
        return max((e.fim for e in etapas if e.tipo == Etapa.Tipo.INSCRICOES), default=None)
    return (certame.etapas.filter(tipo=Etapa.Tipo.INSCRICOES)
            .aggregate(fim=Max("fim"))["fim"])


def opcoes_fixadas(certame: Certame, em=None, etapas: list[Etapa] | None = None) -> bool:
    """Whether the inscrições window is over: the options and self-declarations are fixed."""
    if certame.status in STATUS_OPCOES_FIXADAS:
        return True
    fim = fim_das_inscricoes(certame, etapas)
    return fim is not None and fim < (em or timezone.now())


def fundamento_opcoes_na_inscricao(certame: Certame) -> str:
    """The regime's article that fixes the options at the inscrição, else the product's rule."""
    regime = certame.regime_legal
    return regime.fundamento_opcoes_na_inscricao or _(
        "%(lei)s não disciplina o tema: padrão do sistema, opção e autodeclaração feitas na "
        "inscrição") % {"lei": regime.lei}


def motivo_opcoes_fixadas(certame: Certame, em=None,
                          etapas: list[Etapa] | None = None) -> str | None:
    """Why the options and the self-declaration can no longer change (Portuguese), or None."""
    if not opcoes_fixadas(certame, em, etapas):
        return None
    fim = fim_das_inscricoes(certame, etapas)
    quando = (_("O período de inscrições terminou em %(fim)s.") % {"fim": data_hora_br(fim)}
              if fim is not None else _("O certame está %(s)s.") % {
                  "s": certame.get_status_display().lower()})
    return _("A opção pelas vagas reservadas e a autodeclaração são feitas na inscrição e "
             "só podem ser alteradas até o fim do período de inscrições (%(fundamento)s). "
             "%(quando)s Depois disso, só a "
             "decisão de um procedimento altera a situação do(a) candidato(a) em uma lista; "
             "um erro no registro dos dados declarados se corrige por ato motivado de "
             "retificação.") % {"fundamento": fundamento_opcoes_na_inscricao(certame),
                                "quando": quando}


@transaction.atomic
def alterar_opcoes(inscricao: Inscricao, listas: list[str], *, autor,
                   motivacao: str) -> Inscricao:
    """Change the reserved lists an inscrição opts into (validated against the regime and
    the self-declaration), only until the end of the inscrições window (see above); the
    candidate's own window (open now) is enforced by the portal."""
    motivacao = _motivacao_obrigatoria(motivacao)
    insc = travar(Inscricao, inscricao, *_INSCRICAO_COM)
    motivo = motivo_opcoes_fixadas(insc.cargo.certame)
    if motivo:
        raise ValidationError(motivo)
    erros = erros_autodeclaracao(insc.cargo.certame.regime_legal, cor_raca=insc.cor_raca,
                                 quilombola=insc.quilombola, deficiencia=insc.deficiencia,
                                 tipo_deficiencia=insc.tipo_deficiencia, listas=listas)
    if erros:
        raise ValidationError(erros)
    antes = list(insc.listas)
    insc.listas = list(listas)
    insc.save(update_fields=["listas", "atualizada_em"])
    registrar_ato(tipo="opcao_listas", autor=autor, certame=insc.cargo.certame, objeto=insc,
                  descricao=_("Opção de listas da inscrição %(n)s alterada.") % {
                      "n": insc.numero},
                  motivacao=motivacao, antes={"listas": antes}, depois={"listas": insc.listas})
    solicitar_recalculo([insc.cargo_id], _("opção de listas da inscrição %(n)s") % {
        "n": insc.numero})
    return insc

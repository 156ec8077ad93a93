"""State transitions of an inscrição. Each one checks the rule, writes in one transaction,
records the act and queues the recompute of the cargo's lists on commit."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from candidatos.models import EstadoLista, Inscricao, SituacaoLista, erros_autodeclaracao
from certames.auditoria import registrar_ato
from certames.classificacao import solicitar_recalculo
from certames.travas import travar
from nucleo.motivacao import validar_motivacao

FINAIS = (Inscricao.Situacao.ELIMINADO, Inscricao.Situacao.DESISTENTE)


def _motivacao_obrigatoria(motivacao: str) -> str:
    """RH's acts on an inscrição are motivated (the kernel's one rule, `nucleo.motivacao`)."""
    return validar_motivacao(motivacao, desfavoravel=False)


#: What a locked inscrição is read with (`certames.travas.travar`).
_INSCRICAO_COM = ("cargo__certame", "candidato")


def fundamento_desistencia(inscricao: Inscricao) -> str:
    """The vacancy goes to the next of the same list (LC 22/2026 art. 1º §6º; Lei 3.057/2026
    art. 15 §2º; Lei 3.056/2025 art. 10 §3º): the basis is the regime's own."""
    regime = inscricao.cargo.certame.regime_legal
    return regime.reversoes[0].fundamento_mesma_lista if regime.reversoes else ""


@transaction.atomic
def registrar_desistencia(inscricao: Inscricao, *, autor, motivacao: str) -> Inscricao:
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
                  motivacao=motivacao, fundamento_legal=fundamento_desistencia(insc),
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

    Committees' verdicts and appeal rulings end here; so does RH when it records a decision
    taken outside the system. A non-final decision is `pendente` (sub judice).
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


@transaction.atomic
def alterar_opcoes(inscricao: Inscricao, listas: list[str], *, autor,
                   motivacao: str) -> Inscricao:
    """Change the reserved lists an inscrição opts into (validated against the regime and
    the self-declaration). Windows for candidates are enforced by the portal."""
    motivacao = _motivacao_obrigatoria(motivacao)
    insc = travar(Inscricao, inscricao, *_INSCRICAO_COM)
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

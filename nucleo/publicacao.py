"""Publishing a batch's preliminary and final result: the same steps for every procedure.

- Preliminary: the certame is locked, the next batch takes every decision ready and not yet
  published (`nucleo.lotes`), the publication and its content are written once, the act is
  recorded and the candidates are told by e-mail (Celery, after commit). What the candidate
  sees of a decision before this publication: nothing (publicidade with due process:
  LC 22/2026, art. 5º, II and IV; Lei 3.056/2025, art. 4º, §1º, II and V; Lei 3.057/2026,
  art. 3º, IV and art. 10, §3º, I).
- Both wait for their stage in the schedule (`certames.cronograma.motivo_publicacao`, the one
  guard every publication calls: `motivo_cronograma` here): before it, or without it in the
  schedule, the publication is refused with the stage and the date it opens.
- Final: only once the batch's appeal window has closed and each of its appeals has a ruling
  (Lei 3.057/2026, art. 3º, VI and art. 11, §2º; LC 22/2026, art. 5º, II; Lei 3.056/2025,
  art. 4º, §1º, II and art. 6º, §2º); the plug-in's `consolidar` applies the final decisions
  in the same transaction. Another batch never holds it back.
"""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from certames import cronograma
from certames.auditoria import registrar_ato
from certames.models import Certame
from certames.situacao import motivo_certame_parado
from certames.travas import travar_certame
from nucleo.avisos import enfileirar_aviso_publicacao
from nucleo.lotes import (
    FINAL,
    PRELIMINAR,
    incluir_no_lote,
    janela_do_lote,
    lote_pendente,
    nao_publicados,
    objetos_do_lote,
    proximo_numero,
    publicacao,
)
from nucleo.models import PublicacaoResultado, Recurso
from nucleo.registro import plugin


def _rotulos(proc, objetos) -> str:
    return ", ".join(proc.rotulo(o) for o in objetos)


def motivo_cronograma(certame: Certame, chave: str, fase: str,
                      agora: dt.datetime | None = None) -> str | None:
    """Why the schedule does not admit the procedure's publication `fase` now (None: it
    does): `certames.cronograma.motivo_publicacao` on the certame's stages, after the
    certame's own stop (`certames.situacao`)."""
    return motivo_certame_parado(certame) or cronograma.motivo_publicacao(
        certame.etapas.all(), chave, fase, agora or timezone.now())


def pendencias_preliminar(certame: Certame, chave: str,
                          agora: dt.datetime | None = None) -> list[str]:
    """Why the next batch's preliminary result cannot be published now (empty: it can): its
    stage first, then the plug-in's own reasons and "nothing to publish". Cases still open
    do not hold the decided ones back: they go into a later batch."""
    agora = agora or timezone.now()
    proc = plugin(chave)
    motivo = motivo_cronograma(certame, chave, PRELIMINAR, agora)
    if motivo is not None:
        return [motivo]
    proprias = proc.pendencias_preliminar(certame, agora)
    if proprias:
        return proprias
    if nao_publicados(certame, chave).exists():
        return []
    pendentes = list(proc.em_aberto(certame))
    if pendentes:
        return [_("Há casos ainda não decididos: %(l)s.") % {"l": _rotulos(proc, pendentes)}]
    if not proc.decididos(certame).exists():
        return [_("Não há decisões neste procedimento (%(p)s) do certame.") % {
            "p": proc.nome}]
    return [_("Todas as decisões da %(p)s já foram publicadas (até o lote %(n)d).") % {
        "p": proc.nome, "n": proximo_numero(certame, chave) - 1}]


@transaction.atomic
def publicar_preliminar(certame: Certame, chave: str, *, autor,
                        agora: dt.datetime | None = None) -> PublicacaoResultado:
    """RH publishes the preliminary result of the procedure's next batch."""
    certame = travar_certame(certame)
    proc = plugin(chave)
    pendencias = pendencias_preliminar(certame, chave, agora)
    if pendencias:
        raise ValidationError(pendencias)
    objetos = list(nao_publicados(certame, chave))
    numero = proximo_numero(certame, chave)
    pub = PublicacaoResultado.objects.create(certame=certame, procedimento=chave,
                                             fase=PRELIMINAR, lote=numero, publicada_por=autor)
    incluir_no_lote(pub, objetos)
    desfavoraveis = [o for o in objetos if proc.desfavoravel(o)]
    janela = janela_do_lote(pub)
    registrar_ato(
        tipo=f"resultado_preliminar_{proc.slug}", autor=autor, certame=certame, objeto=pub,
        descricao=proc.descricao_preliminar(objetos, numero) or _(
            "Resultado preliminar da %(p)s publicado (lote %(lote)d): %(n)d decisão(ões), "
            "%(x)d desfavorável(is).") % {"p": proc.nome, "lote": numero, "n": len(objetos),
                                           "x": len(desfavoraveis)},
        fundamento_legal=proc.fundamento(certame.regime_legal, "preliminar")[:250],
        depois={"lote": numero, proc.chave_decisoes: [o.pk for o in objetos],
                proc.chave_desfavoraveis: [o.pk for o in desfavoraveis],
                "prazo_recurso": ([janela.inicio.isoformat(), janela.fim.isoformat()]
                                  if janela.prevista else None)})
    enfileirar_aviso_publicacao(pub)
    return pub


def lote_do_final(certame: Certame, chave: str, lote: int | None) -> int | None:
    """The batch a final publication is about: the one asked, else the oldest pending."""
    return lote if lote is not None else lote_pendente(certame, chave)


def recursos_sem_julgamento(preliminar: PublicacaoResultado, objetos: list) -> list:
    """The batch's decisions whose appeal has no ruling yet."""
    proc = plugin(preliminar.procedimento)
    por_id = {o.pk: o for o in objetos}
    recursos = Recurso.objects.filter(procedimento=proc.chave, objeto_id__in=list(por_id))
    return [por_id[r.objeto_id] for r in recursos if not proc.recurso_julgado(r)]


def pendencias_final(certame: Certame, chave: str, agora: dt.datetime | None = None,
                     lote: int | None = None) -> list[str]:
    """Why the final result of the batch `lote` (default: the oldest one without it) cannot
    be published now (empty: it can). Only the batch's own window and appeals count."""
    agora = agora or timezone.now()
    proc = plugin(chave)
    numero = lote_do_final(certame, chave, lote)
    if numero is None:
        if publicacao(certame, PRELIMINAR, chave) is None:
            return [_("Publique antes o resultado preliminar da %(p)s.") % {"p": proc.nome}]
        return [_("O resultado definitivo da %(p)s já foi publicado.") % {"p": proc.nome}]
    preliminar = publicacao(certame, PRELIMINAR, chave, numero)
    if preliminar is None:
        return [_("Publique antes o resultado preliminar do lote %(n)d da %(p)s.") % {
            "p": proc.nome, "n": numero}]
    if publicacao(certame, FINAL, chave, numero) is not None:
        return [_("O resultado definitivo do lote %(n)d da %(p)s já foi publicado.") % {
            "p": proc.nome, "n": numero}]
    pendencias = []
    motivo = motivo_cronograma(certame, chave, FINAL, agora)
    janela = janela_do_lote(preliminar, agora)
    if not janela.prevista:
        pendencias.append(_("O cronograma não prevê o prazo de recurso da %(p)s; o recurso é "
                            "garantido em lei (%(f)s).") % {
            "p": proc.nome, "f": proc.fundamento(certame.regime_legal, "recurso")})
    elif not janela.encerrada:
        # Lei 3.057/2026, art. 11, §2º: the effect only after the appeal (window) is over.
        # A later batch's own window ends after the schedule's (`nucleo.lotes`).
        pendencias.append(_("O prazo de recurso ainda não terminou (%(p)s).") % {
            "p": janela.periodos()})
    elif motivo is not None:
        # The window is over but the final result's own stage has not begun (the exemption's
        # "Resultado definitivo da isenção"), or is missing.
        pendencias.append(motivo)
    objetos = objetos_do_lote(preliminar)
    pendencias.extend(proc.pendencias_final(preliminar, objetos))
    sem_julgamento = recursos_sem_julgamento(preliminar, objetos)
    if sem_julgamento:
        pendencias.append(_("Recursos ainda não julgados: %(l)s.") % {
            "l": _rotulos(proc, sem_julgamento)})
    return pendencias


@transaction.atomic
def publicar_final(certame: Certame, chave: str, *, autor, agora: dt.datetime | None = None,
                   lote: int | None = None) -> PublicacaoResultado:
    """RH publishes the final result of a batch (default: the oldest one without it): the
    plug-in applies each final decision (`consolidar`) in the same transaction."""
    certame = travar_certame(certame)
    proc = plugin(chave)
    pendencias = pendencias_final(certame, chave, agora, lote)
    if pendencias:
        raise ValidationError(pendencias)
    numero = lote_do_final(certame, chave, lote)
    preliminar = publicacao(certame, PRELIMINAR, chave, numero)
    pub = PublicacaoResultado.objects.create(certame=certame, procedimento=chave, fase=FINAL,
                                             lote=numero, publicada_por=autor)
    resumo = proc.consolidar(pub, objetos_do_lote(preliminar), autor)
    registrar_ato(
        tipo=f"resultado_definitivo_{proc.slug}", autor=autor, certame=certame, objeto=pub,
        descricao=resumo.get("descricao") or _(
            "Resultado definitivo da %(p)s publicado (lote %(lote)d).") % {
            "p": proc.nome, "lote": numero},
        fundamento_legal=(resumo.get("fundamento")
                          or proc.fundamento(certame.regime_legal, "final"))[:250],
        depois={"lote": numero, **resumo.get("depois", {})})
    enfileirar_aviso_publicacao(pub)
    return pub

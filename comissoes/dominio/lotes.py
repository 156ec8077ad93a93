"""Batches (lotes) of a committee procedure: which evaluations a publication decides, and the
appeal window of each batch. `resultados` (publications, consolidation) and `recursos` (who
may appeal, until when) ask this module; it imports neither (it is the part of the future
procedure kernel that knows about batches, and moves there with the publication models).

Rules decided here (spec section 9, "Procedures are decided in batches"):
- a batch is a preliminary publication: it takes every first-instance evaluation of the
  procedure closed and not yet published (`AvaliacaoPublicada`, written once with it); an
  evaluation still open, or closed later, goes into the next batch. Batches are numbered
  1, 2, ... per certame and procedure;
- each batch has its own appeal window. Batch 1, and a later batch published before the
  schedule's appeal stage begins, use that stage (the edital's dates: LC 22/2026, art. 5º,
  III; Lei 3.056/2025, art. 4º, §1º, IV; Lei 3.057/2026, art. 10, §3º, V). A later batch
  published once the stage has begun gets a window of the same length counted from its own
  publication, so a candidate evaluated late keeps the whole appeal period (contraditório e
  ampla defesa: the same articles; product decision, the laws are silent on late batches);
- each batch has its own final publication, which consolidates exactly its evaluations;
  batches are independent: one still pending never holds back another's final result
  (Lei 3.057/2026, art. 11, §2º requires the appeal judged for the candidate concerned only).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.db.models import Max, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from certames.models import Certame, Etapa
from comissoes.dominio.procedimentos import HETEROIDENTIFICACAO, PROCEDIMENTOS, procedimento
from comissoes.models import Avaliacao, AvaliacaoPublicada, PublicacaoResultado

PRELIMINAR = PublicacaoResultado.Fase.PRELIMINAR
FINAL = PublicacaoResultado.Fase.FINAL


# --- the appeal window ----------------------------------------------------------------------


@dataclass
class JanelaRecurso:
    """An appeal window: the schedule's etapas of the procedure's appeal kind, or the
    window counted from a late batch's publication. "Open" is derived from the clock (spec:
    deadlines are stored dates)."""

    etapas: list[Etapa]
    agora: dt.datetime
    tipo: str = HETEROIDENTIFICACAO
    #: The batch whose own window this is (None: the schedule's stage).
    lote: int | None = None

    @property
    def prevista(self) -> bool:
        return bool(self.etapas)

    @property
    def aberta(self) -> bool:
        return any(e.aberta(self.agora) for e in self.etapas)

    @property
    def inicio(self) -> dt.datetime | None:
        return min((e.inicio for e in self.etapas), default=None)

    @property
    def fim(self) -> dt.datetime | None:
        return max((e.fim for e in self.etapas), default=None)

    @property
    def encerrada(self) -> bool:
        return self.prevista and not self.aberta and self.agora > self.fim

    @property
    def futura(self) -> bool:
        return self.prevista and not self.aberta and self.agora < self.inicio

    def periodos(self) -> str:
        fmt = "%d/%m/%Y %H:%M"
        return "; ".join(
            _("de %(i)s a %(f)s") % {"i": timezone.localtime(e.inicio).strftime(fmt),
                                     "f": timezone.localtime(e.fim).strftime(fmt)}
            for e in self.etapas)

    def situacao(self) -> str:
        """The window in words, with its dates."""
        if not self.prevista:
            return _("O cronograma deste certame ainda não prevê o prazo de recurso da "
                     "%(p)s.") % {"p": procedimento(self.tipo).nome}
        if self.aberta:
            return _("Prazo de recurso aberto (%(p)s).") % {"p": self.periodos()}
        if self.futura:
            return _("O prazo de recurso ainda não começou (%(p)s).") % {"p": self.periodos()}
        return _("O prazo de recurso terminou (%(p)s).") % {"p": self.periodos()}


def etapas_de_recurso(certame: Certame, tipo: str) -> list[Etapa]:
    return list(Etapa.objects.filter(certame=certame, tipo=PROCEDIMENTOS[tipo].etapa_recurso)
                .order_by("inicio", "pk"))


def janela_do_cronograma(certame: Certame, agora: dt.datetime | None = None,
                         tipo: str = HETEROIDENTIFICACAO) -> JanelaRecurso:
    """The schedule's appeal stage of the procedure."""
    return JanelaRecurso(etapas_de_recurso(certame, tipo), agora or timezone.now(), tipo)


def janela_do_lote(preliminar: PublicacaoResultado, agora: dt.datetime | None = None,
                   etapas: list[Etapa] | None = None) -> JanelaRecurso:
    """The appeal window of the batch published by `preliminar` (see the module's rules)."""
    agora = agora or timezone.now()
    tipo = preliminar.procedimento
    if etapas is None:
        etapas = etapas_de_recurso(preliminar.certame, tipo)
    janela = JanelaRecurso(etapas, agora, tipo)
    if not etapas or preliminar.lote == 1 or preliminar.publicada_em <= janela.inicio:
        return janela
    # The edital's period, counted from this batch's publication (an unsaved etapa: it is
    # derived from two stored dates, never written).
    prazo = janela.fim - janela.inicio
    propria = Etapa(certame_id=preliminar.certame_id, tipo=etapas[0].tipo,
                    inicio=preliminar.publicada_em, fim=preliminar.publicada_em + prazo,
                    descricao=_("Recurso do lote %(n)d") % {"n": preliminar.lote})
    return JanelaRecurso([propria], agora, tipo, lote=preliminar.lote)


# --- which evaluations, which batch ---------------------------------------------------------


def avaliacoes_primeira_instancia(certame: Certame,
                                  tipo: str = HETEROIDENTIFICACAO) -> QuerySet[Avaliacao]:
    """First-instance evaluations of the certame in the procedure."""
    return (Avaliacao.objects.filter(comissao__certame=certame, comissao__tipo=tipo,
                                     instancia=Avaliacao.Instancia.PRIMEIRA)
            .select_related("inscricao__candidato", "inscricao__cargo", "comissao")
            .order_by("inscricao__numero", "lista", "pk"))


def nao_publicadas(certame: Certame, tipo: str = HETEROIDENTIFICACAO) -> QuerySet[Avaliacao]:
    """Closed first-instance evaluations in no batch yet: the next batch's content."""
    return avaliacoes_primeira_instancia(certame, tipo).filter(
        encerrada_em__isnull=False, publicacao_do_lote__isnull=True)


def abertas(certame: Certame, tipo: str = HETEROIDENTIFICACAO) -> QuerySet[Avaliacao]:
    """First-instance evaluations not closed yet (they will go into a later batch)."""
    return avaliacoes_primeira_instancia(certame, tipo).filter(encerrada_em__isnull=True)


def avaliacoes_do_lote(preliminar: PublicacaoResultado) -> QuerySet[Avaliacao]:
    return (Avaliacao.objects.filter(publicacao_do_lote__publicacao=preliminar)
            .select_related("inscricao__candidato", "inscricao__cargo", "comissao")
            .order_by("inscricao__numero", "lista", "pk"))


def proximo_numero(certame: Certame, tipo: str = HETEROIDENTIFICACAO) -> int:
    ultimo = (PublicacaoResultado.objects.filter(certame=certame, procedimento=tipo,
                                                 fase=PRELIMINAR)
              .aggregate(n=Max("lote"))["n"])
    return (ultimo or 0) + 1


def incluir_no_lote(preliminar: PublicacaoResultado, avaliacoes: list[Avaliacao]) -> None:
    """Write the batch's content, once, with its preliminary publication (the caller holds
    the certame's lock, so no evaluation can be taken by two batches; the one-to-one key
    refuses it anyway)."""
    AvaliacaoPublicada.objects.bulk_create(
        [AvaliacaoPublicada(publicacao=preliminar, avaliacao=av) for av in avaliacoes])


def publicacao(certame: Certame, fase: str, tipo: str = HETEROIDENTIFICACAO,
               lote: int = 1) -> PublicacaoResultado | None:
    return PublicacaoResultado.objects.filter(certame=certame, procedimento=tipo, fase=fase,
                                              lote=lote).first()


def preliminar_da_avaliacao(avaliacao: Avaliacao) -> PublicacaoResultado | None:
    """The preliminary publication of the evaluation's batch (None: not published yet)."""
    item = (AvaliacaoPublicada.objects.filter(avaliacao_id=avaliacao.pk)
            .select_related("publicacao__certame").first())
    return item.publicacao if item else None


def final_do_lote(preliminar: PublicacaoResultado | None) -> PublicacaoResultado | None:
    if preliminar is None:
        return None
    return publicacao(preliminar.certame, FINAL, preliminar.procedimento, preliminar.lote)


@dataclass
class Lote:
    """One batch: its preliminary publication, its final one (if any), its evaluations and
    its appeal window."""

    numero: int
    preliminar: PublicacaoResultado
    final: PublicacaoResultado | None
    janela: JanelaRecurso
    avaliacoes: list[Avaliacao] = field(default_factory=list)

    @property
    def total(self) -> int:
        return len(self.avaliacoes)

    @property
    def confirmadas(self) -> int:
        return sum(1 for av in self.avaliacoes
                   if av.resultado == Avaliacao.Resultado.CONFIRMADA)

    @property
    def nao_confirmadas(self) -> int:
        return self.total - self.confirmadas


def lotes(certame: Certame, tipo: str = HETEROIDENTIFICACAO,
          agora: dt.datetime | None = None) -> list[Lote]:
    """Every batch of the procedure, in order, with its evaluations."""
    agora = agora or timezone.now()
    etapas = etapas_de_recurso(certame, tipo)
    pubs = list(PublicacaoResultado.objects.filter(certame=certame, procedimento=tipo)
                .select_related("certame", "publicada_por").order_by("lote", "fase"))
    finais = {p.lote: p for p in pubs if p.fase == FINAL}
    por_lote: dict[int, list[Avaliacao]] = {}
    for item in (AvaliacaoPublicada.objects
                 .filter(publicacao__certame=certame, publicacao__procedimento=tipo)
                 .select_related("avaliacao__inscricao__candidato", "publicacao")
                 .order_by("avaliacao__inscricao__numero", "avaliacao__lista", "pk")):
        por_lote.setdefault(item.publicacao.lote, []).append(item.avaliacao)
    return [Lote(p.lote, p, finais.get(p.lote), janela_do_lote(p, agora, etapas),
                 por_lote.get(p.lote, []))
            for p in pubs if p.fase == PRELIMINAR]


def lote_pendente(certame: Certame, tipo: str = HETEROIDENTIFICACAO) -> int | None:
    """The oldest batch whose final result is not published (None: there is none)."""
    finais = set(PublicacaoResultado.objects.filter(certame=certame, procedimento=tipo,
                                                    fase=FINAL).values_list("lote", flat=True))
    preliminares = (PublicacaoResultado.objects.filter(certame=certame, procedimento=tipo,
                                                       fase=PRELIMINAR)
                    .order_by("lote").values_list("lote", flat=True))
    return next((n for n in preliminares if n not in finais), None)

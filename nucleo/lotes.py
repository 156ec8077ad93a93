"""Batches (lotes) of a procedure: which decisions a publication takes, and the appeal window
of each batch. Every procedure that publishes its results (`Procedimento.publica_em_lotes`)
goes through here.

Rules decided here (spec section 9, "Procedures are decided in batches"):
- a batch is a preliminary publication: it takes every first-instance decision of the
  procedure ready and not yet published (`ItemPublicado`, written once with it); a case still
  open, or decided later, goes into the next batch. Batches are numbered 1, 2, ... per
  certame and procedure;
- each batch has its own appeal window. Batch 1, and a later batch published before the
  schedule's appeal stage begins, use that stage (the edital's dates: LC 22/2026, art. 5º,
  III; Lei 3.056/2025, art. 4º, §1º, IV; Lei 3.057/2026, art. 3º, V and art. 10, §3º, V). A
  later batch published once the stage has begun gets a window of the same length counted
  from its own publication, so a candidate decided late keeps the whole appeal period
  (contraditório e ampla defesa: the same articles; product decision, the laws are silent on
  late batches). The length is the stage's in days (from its first day to its last, in the
  órgão's time zone; at least one), counted as every period (Lei 9.784/1999, art. 66:
  `certames.calendario.fim_do_prazo`, its last day moved to the next working day);
- each batch has its own final publication, which consolidates exactly its decisions;
  batches are independent: one still pending never holds back another's final result
  (Lei 3.057/2026, art. 11, §2º requires the appeal judged for the candidate concerned only).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.db.models import Max, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from certames import calendario
from certames.models import Certame, Etapa
from comum.formatos import data_hora_br
from nucleo.models import ItemPublicado, PublicacaoResultado
from nucleo.registro import plugin

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
    #: The procedure's key (`Procedimento.chave`).
    tipo: str = ""
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
        return "; ".join(
            _("de %(i)s a %(f)s") % {"i": data_hora_br(e.inicio), "f": data_hora_br(e.fim)}
            for e in self.etapas)

    def situacao(self) -> str:
        """The window in words, with its dates."""
        if not self.prevista:
            return _("O cronograma deste certame ainda não prevê o prazo de recurso da "
                     "%(p)s.") % {"p": plugin(self.tipo).nome}
        if self.aberta:
            return _("Prazo de recurso aberto (%(p)s).") % {"p": self.periodos()}
        if self.futura:
            return _("O prazo de recurso ainda não começou (%(p)s).") % {"p": self.periodos()}
        return _("O prazo de recurso terminou (%(p)s).") % {"p": self.periodos()}


def etapas_de_recurso(certame: Certame, chave: str) -> list[Etapa]:
    etapa = plugin(chave).etapa_recurso
    if not etapa:
        return []
    return list(Etapa.objects.filter(certame=certame, tipo=etapa).order_by("inicio", "pk"))


def janela_do_cronograma(certame: Certame, agora: dt.datetime | None, chave: str
                         ) -> JanelaRecurso:
    """The schedule's appeal stage of the procedure."""
    return JanelaRecurso(etapas_de_recurso(certame, chave), agora or timezone.now(), chave)


def dias_da_janela(janela: JanelaRecurso) -> int:
    """The schedule's appeal stage in days: from its first day to its last in the órgão's
    time zone (at least one)."""
    zona = calendario.fuso(janela.etapas[0].certame)
    return max(1, (timezone.localtime(janela.fim, zona).date()
                   - timezone.localtime(janela.inicio, zona).date()).days)


def janela_do_lote(preliminar: PublicacaoResultado, agora: dt.datetime | None = None,
                   etapas: list[Etapa] | None = None) -> JanelaRecurso:
    """The appeal window of the batch published by `preliminar` (see the module's rules)."""
    agora = agora or timezone.now()
    chave = preliminar.procedimento
    if etapas is None:
        etapas = etapas_de_recurso(preliminar.certame, chave)
    janela = JanelaRecurso(etapas, agora, chave)
    if not etapas or preliminar.lote == 1 or preliminar.publicada_em <= janela.inicio:
        return janela
    # The edital's period, counted from this batch's publication (an unsaved etapa: it is
    # derived from two stored dates, never written).
    fim = calendario.fim_do_prazo(preliminar.publicada_em, dias_da_janela(janela),
                                  preliminar.certame)
    propria = Etapa(certame_id=preliminar.certame_id, tipo=etapas[0].tipo,
                    inicio=preliminar.publicada_em, fim=fim,
                    descricao=_("Recurso do lote %(n)d") % {"n": preliminar.lote})
    return JanelaRecurso([propria], agora, chave, lote=preliminar.lote)


# --- which decisions, which batch -----------------------------------------------------------


def ids_publicados(chave: str) -> QuerySet:
    return ItemPublicado.objects.filter(procedimento=chave).values("objeto_id")


def nao_publicados(certame: Certame, chave: str) -> QuerySet:
    """Decisions ready and in no batch yet: the next batch's content."""
    return plugin(chave).decididos(certame).exclude(pk__in=ids_publicados(chave))


def proximo_numero(certame: Certame, chave: str) -> int:
    ultimo = (PublicacaoResultado.objects.filter(certame=certame, procedimento=chave,
                                                 fase=PRELIMINAR)
              .aggregate(n=Max("lote"))["n"])
    return (ultimo or 0) + 1


def incluir_no_lote(preliminar: PublicacaoResultado, objetos: list) -> None:
    """Write the batch's content, once, with its preliminary publication (the caller holds
    the certame's lock, so no decision can be taken by two batches; the unique key refuses
    it anyway)."""
    proc = plugin(preliminar.procedimento)
    ItemPublicado.objects.bulk_create(
        [ItemPublicado(publicacao=preliminar, procedimento=proc.chave, objeto_id=o.pk,
                       inscricao_id=proc.inscricao_id(o)) for o in objetos])


def publicacao(certame: Certame, fase: str, chave: str,
               lote: int = 1) -> PublicacaoResultado | None:
    return PublicacaoResultado.objects.filter(certame=certame, procedimento=chave, fase=fase,
                                              lote=lote).first()


def preliminar_de(chave: str, objeto_id: int) -> PublicacaoResultado | None:
    """The preliminary publication of the decision's batch (None: not published yet)."""
    item = (ItemPublicado.objects.filter(procedimento=chave, objeto_id=objeto_id)
            .select_related("publicacao__certame").first())
    return item.publicacao if item else None


def final_do_lote(preliminar: PublicacaoResultado | None) -> PublicacaoResultado | None:
    if preliminar is None:
        return None
    return publicacao(preliminar.certame, FINAL, preliminar.procedimento, preliminar.lote)


def ids_do_lote(preliminar: PublicacaoResultado) -> list[int]:
    return list(ItemPublicado.objects.filter(publicacao=preliminar)
                .order_by("pk").values_list("objeto_id", flat=True))


def objetos_do_lote(preliminar: PublicacaoResultado) -> list:
    """The decisions of the batch, as the plug-in's objects, in its order."""
    return list(plugin(preliminar.procedimento).objetos(ids_do_lote(preliminar)))


@dataclass
class Lote:
    """One batch: its preliminary publication, its final one (if any), its decisions and
    its appeal window."""

    numero: int
    preliminar: PublicacaoResultado
    final: PublicacaoResultado | None
    janela: JanelaRecurso
    objetos: list = field(default_factory=list)

    @property
    def avaliacoes(self) -> list:
        return self.objetos

    @property
    def total(self) -> int:
        return len(self.objetos)

    @property
    def nao_confirmadas(self) -> int:
        proc = plugin(self.preliminar.procedimento)
        return sum(1 for o in self.objetos if proc.desfavoravel(o))

    @property
    def confirmadas(self) -> int:
        return self.total - self.nao_confirmadas


def lotes(certame: Certame, chave: str, agora: dt.datetime | None = None) -> list[Lote]:
    """Every batch of the procedure, in order, with its decisions."""
    agora = agora or timezone.now()
    etapas = etapas_de_recurso(certame, chave)
    pubs = list(PublicacaoResultado.objects.filter(certame=certame, procedimento=chave)
                .select_related("certame", "publicada_por").order_by("lote", "fase"))
    finais = {p.lote: p for p in pubs if p.fase == FINAL}
    lote_de: dict[int, int] = dict(
        ItemPublicado.objects.filter(publicacao__certame=certame, procedimento=chave)
        .values_list("objeto_id", "publicacao__lote"))
    por_lote: dict[int, list] = {}
    for objeto in plugin(chave).objetos(list(lote_de)):
        por_lote.setdefault(lote_de[objeto.pk], []).append(objeto)
    return [Lote(p.lote, p, finais.get(p.lote), janela_do_lote(p, agora, etapas),
                 por_lote.get(p.lote, []))
            for p in pubs if p.fase == PRELIMINAR]


def lote_pendente(certame: Certame, chave: str) -> int | None:
    """The oldest batch whose final result is not published (None: there is none)."""
    finais = set(PublicacaoResultado.objects.filter(certame=certame, procedimento=chave,
                                                    fase=FINAL).values_list("lote", flat=True))
    preliminares = (PublicacaoResultado.objects.filter(certame=certame, procedimento=chave,
                                                       fase=PRELIMINAR)
                    .order_by("lote").values_list("lote", flat=True))
    return next((n for n in preliminares if n not in finais), None)

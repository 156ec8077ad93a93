"""The confirmation card (cartão de confirmação de inscrição) of one exam stage.

Its verification code is the SHA-256 of the card's content fields as canonical JSON (keys
sorted, UTF-8), as the inscrição receipt's (`candidatos.comprovante`), plus the allocation's
id, so a re-allocation gives a new code and the old one says it was superseded. The
conditions granted are on the card but not in the code, nor on the public verification page:
they are health data (LGPD, Lei 13.709/2018, arts. 5º, II and 11), the candidate's alone.

The card is available from the publication of the stage's allocation (an act) until the
exam ends (the stage's end); before, the candidate's page says why and when.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from candidatos import condicoes
from candidatos.models import Inscricao
from certames.models import Etapa
from comum.formatos import data_hora_br
from comum.pdf import renderizar_pdf
from provas.aplicacao import alocacao as regras
from provas.aplicacao.codigo import dados_do_lugar
from provas.models import LugarProva


@dataclass
class Cartao:
    """The card of one inscrição in one exam stage, or why it is not available
    (`motivo`)."""

    inscricao: Inscricao
    etapa: Etapa | None
    lugar: LugarProva | None = None
    motivo: str | None = None
    dados: dict = field(default_factory=dict)
    condicoes: list[str] = field(default_factory=list)

    @property
    def disponivel(self) -> bool:
        return self.motivo is None


def cartoes(inscricao: Inscricao, agora: dt.datetime | None = None) -> list[Cartao]:
    """The cards of the inscrição, one per exam stage of its cargo (the one answer of the
    candidate's page and of the PDF)."""
    agora = agora or timezone.now()
    etapas = regras.etapa_da_inscricao(inscricao)
    if not etapas:
        return [Cartao(inscricao, None, motivo=_(
            "O cronograma deste certame ainda não tem a etapa “Aplicação da prova”: o cartão "
            "de confirmação sai quando o RH publicar os locais de prova."))]
    resultado = []
    for etapa in etapas:
        resultado.append(_cartao(inscricao, etapa, agora))
    return resultado


def _sem_lugar(inscricao: Inscricao, etapa: Etapa) -> str:
    """Why a confirmed inscrição has no seat in the stage: no allocation yet, not admitted to
    the stage's phase (`alocacao.inscricoes_da_etapa`, the one answer), or left out of the
    allocation in force (RH is to publish a new one)."""
    vigente = regras.alocacao_vigente(etapa)
    if vigente is None:
        return _("O cartão de confirmação fica disponível quando o RH publicar os locais de "
                 "prova, antes da prova, prevista para %(d)s.") % {
            "d": data_hora_br(etapa.inicio)}
    try:
        faz_a_prova = regras.inscricoes_da_etapa(etapa).filter(pk=inscricao.pk).exists()
    except ValidationError:  # the previous phase's result is being computed
        faz_a_prova = True
    if not faz_a_prova and etapa.fase is not None:
        return _("Sua inscrição não foi admitida à fase %(f)s pelo resultado da fase anterior: "
                 "não há cartão de confirmação para esta prova.") % {"f": etapa.fase.codigo}
    return _("A alocação dos locais de prova publicada em %(d)s não inclui sua inscrição: "
             "procure o RH do certame.") % {"d": data_hora_br(vigente.publicada_em)}


def _cartao(inscricao: Inscricao, etapa: Etapa, agora: dt.datetime) -> Cartao:
    if agora > etapa.fim:
        return Cartao(inscricao, etapa, motivo=_(
            "A prova foi aplicada em %(d)s: o cartão de confirmação não está mais "
            "disponível.") % {"d": data_hora_br(etapa.inicio)})
    if not regras.confirmada(inscricao):
        return Cartao(inscricao, etapa, motivo=_(
            "Sua inscrição não está confirmada (taxa de inscrição: %(t)s): só as inscrições "
            "com a taxa paga ou isenta fazem a prova.") % {
            "t": inscricao.get_situacao_taxa_display()})
    lugar = regras.lugar_vigente(inscricao, etapa)
    if lugar is None:
        return Cartao(inscricao, etapa, motivo=_sem_lugar(inscricao, etapa))
    concedidas = condicoes.concedidas_por_inscricao(inscricao.certame,
                                                    inscricao_id=inscricao.pk)
    return Cartao(inscricao, etapa, lugar=lugar,
                  dados=dados_do_lugar(lugar.alocacao, inscricao, lugar.sala),
                  condicoes=concedidas.get(inscricao.pk, ([], set()))[0])


def pdf_do_cartao(cartao: Cartao) -> bytes:
    """The card as PDF (comum.pdf: every value escaped by the template)."""
    if cartao.lugar is None:
        raise ValueError("A card without a seat has no PDF.")
    return renderizar_pdf("provas/cartao_pdf.html", {
        "cartao": cartao, "dados": cartao.dados, "codigo": cartao.lugar.codigo,
        "emitido_em": timezone.localtime()})


def mascarar_nome(nome: str) -> str:
    """The first name and the initials of the others ("Aurora Q. M."): enough to match the
    person holding the card, not to identify them."""
    partes = nome.split()
    if not partes:
        return ""
    return " ".join([partes[0], *(f"{p[0]}." for p in partes[1:] if p)])


@dataclass(frozen=True)
class Verificacao:
    """What the public verification page shows of a code: masked data only."""

    lugar: LugarProva
    dados: dict
    vigente: bool

    @property
    def certame(self):
        return self.lugar.alocacao.etapa.certame


def verificar(codigo: str) -> Verificacao | None:
    """The card of a verification code (None: no card has it). `vigente` says whether its
    allocation is still the one in force (a re-allocation supersedes it)."""
    codigo = "".join((codigo or "").split()).lower()
    if len(codigo) != 64:
        return None
    lugar = (LugarProva.objects.filter(codigo=codigo)
             .select_related("alocacao__etapa__fase", "alocacao__etapa__certame__orgao",
                             "sala__local", "inscricao__candidato", "inscricao__cargo")
             .first())
    if lugar is None:
        return None
    dados = dados_do_lugar(lugar.alocacao, lugar.inscricao, lugar.sala)
    dados["nome"] = mascarar_nome(dados["nome"])
    vigente = regras.alocacao_vigente(lugar.alocacao.etapa) == lugar.alocacao
    return Verificacao(lugar, dados, vigente)

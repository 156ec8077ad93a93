"""The allocation of the confirmed inscrições of an exam stage to venues and rooms.

Rules decided here:
- who takes the exam: a confirmed inscrição, its fee paid or exempt (a cargo without a fee
  is "paga" from its inscrição: `candidatos.inscricao_portal`); a pending fee is not
  confirmed, nor one "não confirmada" after the payment deadline (the regime's
  `fundamento_prazo_pagamento`), nor an eliminated or withdrawn inscrição
  (`candidatos.servicos.FINAIS`). `confirmada` is the one answer;
- which cargos a stage serves (`_atende`): a stage linked to a phase (`Etapa.fase`) applies
  that phase's cargo's exam; a stage without a phase applies the exam of every cargo of the
  certame that has no stage linked to one of its phases;
- a later phase's exam is taken only by those the previous phase admitted (spec section 10:
  phase k is taken by those who advanced from phase k-1, by any route, the optants'
  guarantee included): `provas.leitura.admitidos_na_fase`, the one answer, also the banca's
  import's. Its allocation waits for the previous phase's final result (the preliminary one
  may still be appealed, Lei 9.784/1999, art. 59), so a card never tells a result before
  its publication;
- the order: by cargo code, then by name (the name shown: the social name, Decreto
  8.727/2016), then by inscrição number; the rooms by venue name, then room name
  (`ORDEM_SALAS`, also the order of RH's list per room);
- accessibility: a candidate granted the "sala de fácil acesso" (Decreto 9.508/2018,
  art. 4º and its Anexo) is seated first, in an accessible room; then everyone else, in
  order, fills the seats left, room by room;
- capacity short (of all seats, or of accessible seats) refuses the allocation, saying how
  many seats are missing: nothing is written;
- it is published once no inscrição of the stage can still be confirmed: after the end of
  the inscrições (new ones could still come) and while no fee of the stage's inscrições is
  still pending (`candidatos.isencao.taxas_ainda_pendentes`: before the payment deadline
  ends, or awaiting the exemption's final result), so a later confirmation never needs a
  re-allocation. `motivo_nao_alocar` is the one guard (the act and RH's page);
- the allocation is an act (`AlocacaoProva`, append-only), published when recorded; a
  re-allocation (a room lost, a candidate admitted later to a phase) is a new act with a
  motivation (Lei 9.784/1999, art. 50) that supersedes it.
"""

from __future__ import annotations

import datetime as dt
import unicodedata
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from candidatos import condicoes, isencao
from candidatos.models import Inscricao
from candidatos.servicos import FINAIS
from certames import cronograma
from certames.auditoria import registrar_ato
from certames.models import Etapa
from certames.situacao import motivo_certame_parado
from certames.travas import travar_certame
from comum.formatos import data_hora_br
from nucleo.motivacao import validar_motivacao
from provas import leitura
from provas.aplicacao.codigo import codigo_do_lugar
from provas.models import AlocacaoProva, Fase, LugarProva, PublicacaoFase, SalaProva

#: The granted conditions that need an accessible room (Decreto 9.508/2018, art. 4º, Anexo:
#: "sala de fácil acesso").
PRECISAM_SALA_ACESSIVEL = frozenset({condicoes.Condicao.SALA_ACESSO})
#: The fee situations of a confirmed inscrição.
TAXA_CONFIRMADA = (Inscricao.SituacaoTaxa.PAGA, Inscricao.SituacaoTaxa.ISENTA)
FUNDAMENTO_ALOCACAO = "Decreto 9.508/2018, art. 4º; Lei 9.784/1999, art. 2º"
FUNDAMENTO_REALOCACAO = "Lei 9.784/1999, arts. 2º e 50"
#: The rooms' order (of `SalaProva` rows): by venue name, then room name.
ORDEM_SALAS = ("local__nome", "local_id", "nome", "pk")


def confirmada(inscricao: Inscricao) -> bool:
    """Whether the inscrição is confirmed for the exam (the module's rule)."""
    return (inscricao.situacao_taxa in TAXA_CONFIRMADA
            and inscricao.situacao not in FINAIS)


def etapas_prova(certame) -> list[Etapa]:
    return list(Etapa.objects.filter(certame=certame, tipo=Etapa.Tipo.APLICACAO_PROVA)
                .select_related("fase__cargo").order_by("inicio", "pk"))


def _cargos_com_etapa(etapas: list[Etapa]) -> set[int]:
    return {e.fase.cargo_id for e in etapas if e.fase is not None}


def _atende(etapa: Etapa, cargo_id: int, cargos_com_etapa: set[int]) -> bool:
    """Whether `etapa` applies the exam of the cargo (the module's rule)."""
    if etapa.fase is not None:
        return etapa.fase.cargo_id == cargo_id
    return cargo_id not in cargos_com_etapa


def _da_etapa(etapa: Etapa) -> QuerySet[Inscricao]:
    """The inscrições (not eliminated nor withdrawn) of the cargos whose exam `etapa`
    applies."""
    etapas = etapas_prova(etapa.certame_id)
    com_etapa = _cargos_com_etapa(etapas)
    cargos = [pk for pk in etapa.certame.cargos.values_list("pk", flat=True)
              if _atende(etapa, pk, com_etapa)]
    return (Inscricao.objects.filter(certame_id=etapa.certame_id, cargo_id__in=cargos)
            .exclude(situacao__in=FINAIS))


def inscricoes_da_etapa(etapa: Etapa) -> QuerySet[Inscricao]:
    """The confirmed inscrições whose exam is applied in `etapa`; of a later phase, only
    those admitted to it (`leitura.admitidos_na_fase`, which raises ValidationError while
    the previous phase's result is being computed)."""
    consulta = _da_etapa(etapa).filter(situacao_taxa__in=TAXA_CONFIRMADA)
    if etapa.fase is not None:
        admitidos = leitura.admitidos_na_fase(etapa.fase)
        if admitidos is not None:
            consulta = consulta.filter(pk__in=admitidos)
    return consulta.select_related("cargo", "candidato")


def etapa_da_inscricao(inscricao: Inscricao) -> list[Etapa]:
    """The exam stages of the inscrição's cargo (by start), by the same rule."""
    etapas = etapas_prova(inscricao.certame_id)
    com_etapa = _cargos_com_etapa(etapas)
    return [e for e in etapas if _atende(e, inscricao.cargo_id, com_etapa)]


# --- when the allocation may be published --------------------------------------------------


def _motivo_inscricoes(etapas: list[Etapa], agora: dt.datetime) -> str | None:
    fim = cronograma.Abertura(cronograma.INSCRICOES, cronograma.FIM).momento(etapas)
    if fim is not None and agora <= fim:
        return _("A alocação é publicada depois do fim das inscrições (%(f)s): até lá, novas "
                 "inscrições podem chegar.") % {"f": data_hora_br(fim)}
    return None


def _motivo_taxa(etapa: Etapa, etapas: list[Etapa], agora: dt.datetime) -> str | None:
    """A fee of the stage's inscrições still pending (paid or exempted later, the inscrição
    would need a seat): the allocation waits, naming when it may be done."""
    n = isencao.taxas_ainda_pendentes(etapa.certame, _da_etapa(etapa), agora).count()
    if not n:
        return None
    fim = isencao.prazo_final(etapa.certame, Etapa.Tipo.PAGAMENTO_TAXA)
    if fim is None:
        return ngettext(
            "%(n)d inscrição está com a taxa pendente e o cronograma deste certame não prevê o "
            "prazo de pagamento da taxa: inclua-o no cronograma; a alocação é publicada depois "
            "do fim dele.",
            "%(n)d inscrições estão com a taxa pendente e o cronograma deste certame não prevê "
            "o prazo de pagamento da taxa: inclua-o no cronograma; a alocação é publicada "
            "depois do fim dele.", n) % {"n": n}
    if agora <= fim:
        return ngettext(
            "A alocação só pode ser publicada depois de %(f)s, o fim do prazo de pagamento da "
            "taxa: até lá, %(n)d inscrição com a taxa pendente ainda pode ser confirmada.",
            "A alocação só pode ser publicada depois de %(f)s, o fim do prazo de pagamento da "
            "taxa: até lá, %(n)d inscrições com a taxa pendente ainda podem ser confirmadas.",
            n) % {"f": data_hora_br(fim), "n": n}
    resultado = cronograma.Abertura(cronograma.RESULTADO_DEFINITIVO_ISENCAO).momento(etapas)
    return ngettext(
        "%(n)d inscrição com a taxa pendente aguarda o resultado definitivo do pedido de "
        "isenção%(d)s: a alocação só pode ser publicada depois dele.",
        "%(n)d inscrições com a taxa pendente aguardam o resultado definitivo do pedido de "
        "isenção%(d)s: a alocação só pode ser publicada depois dele.", n) % {
        "n": n, "d": _(" (a partir de %(d)s, no cronograma)") % {
            "d": data_hora_br(resultado)} if resultado else ""}


def _motivo_fase_anterior(etapa: Etapa) -> str | None:
    """A later phase's allocation waits for the previous phase's final result (the module's
    rules)."""
    if etapa.fase is None:
        return None
    anterior = (Fase.objects.filter(cargo_id=etapa.fase.cargo_id, ordem__lt=etapa.fase.ordem)
                .order_by("-ordem").first())
    if anterior is None or anterior.publicacoes.filter(
            tipo=PublicacaoFase.Tipo.FINAL).exists():
        return None
    return _("A prova da fase %(f)s é feita pelos admitidos pelo resultado da fase %(a)s: a "
             "alocação só pode ser publicada depois do resultado final da fase %(a)s "
             "(Lei 9.784/1999, art. 59).") % {"f": etapa.fase.codigo, "a": anterior.codigo}


def motivo_nao_alocar(etapa: Etapa, agora: dt.datetime | None = None) -> str | None:
    """Why the stage's allocation cannot be published at `agora` (None: it can, seats
    allowing): the certame stopped, the exam over, inscrições or fees that may still be
    confirmed, a later phase before the previous one's final result. The one guard of the
    act and of RH's page."""
    agora = agora or timezone.now()
    parado = motivo_certame_parado(etapa.certame)
    if parado:
        return parado
    if agora > etapa.fim:
        return _("A prova desta etapa já foi aplicada (até %(f)s): não se alocam mais "
                 "locais.") % {"f": data_hora_br(etapa.fim)}
    etapas = list(Etapa.objects.filter(certame_id=etapa.certame_id))
    return (_motivo_inscricoes(etapas, agora) or _motivo_taxa(etapa, etapas, agora)
            or _motivo_fase_anterior(etapa))


# --- the plan ---------------------------------------------------------------------------------


def _chave_nome(nome: str) -> str:
    sem_acento = unicodedata.normalize("NFKD", nome).encode("ascii", "ignore").decode()
    return " ".join(sem_acento.casefold().split())


def ordenar(inscricoes) -> list[Inscricao]:
    """By cargo code, then name, then inscrição number."""
    return sorted(inscricoes, key=lambda i: (i.cargo.codigo, _chave_nome(
        i.candidato.nome_exibicao), i.numero))


def salas_do_certame(certame_id: int) -> list[SalaProva]:
    """The rooms in allocation order (`ORDEM_SALAS`)."""
    return list(SalaProva.objects.filter(local__certame_id=certame_id)
                .select_related("local").order_by(*ORDEM_SALAS))


@dataclass(frozen=True)
class Distribuicao:
    """Who sits in which room (inscrição id -> room): the inscrições in order and the rooms
    in order."""

    salas: list[SalaProva]
    inscricoes: list[Inscricao]
    lugares: dict[int, SalaProva]


def _faltam_lugares(precisam: int, inscricoes: int, salas: list[SalaProva]) -> str | None:
    """Why the rooms cannot seat them, saying how many seats are missing (None: they can)."""
    acessiveis = sum(s.capacidade for s in salas if s.acessivel)
    if precisam > acessiveis:
        faltam = precisam - acessiveis
        return ngettext(
            "Falta %(n)d lugar em sala acessível", "Faltam %(n)d lugares em salas acessíveis",
            faltam) % {"n": faltam} + ngettext(
            ": %(p)d com sala de fácil acesso concedida e %(l)d lugar em salas acessíveis "
            "(%(f)s). Cadastre mais salas acessíveis ou aumente a capacidade.",
            ": %(p)d com sala de fácil acesso concedida e %(l)d lugares em salas acessíveis "
            "(%(f)s). Cadastre mais salas acessíveis ou aumente a capacidade.",
            acessiveis) % {"p": precisam, "l": acessiveis, "f": condicoes.FUNDAMENTO_PCD}
    total = sum(s.capacidade for s in salas)
    if inscricoes > total:
        faltam = inscricoes - total
        return ngettext("Falta %(n)d lugar", "Faltam %(n)d lugares", faltam) % {
            "n": faltam} + _(
            ": %(i)d inscrições confirmadas e %(l)d lugares nas salas cadastradas. Cadastre "
            "mais salas ou aumente a capacidade.") % {"i": inscricoes, "l": total}
    return None


def distribuir(inscricoes: list[Inscricao], salas: list[SalaProva],
               acessivel: set[int]) -> Distribuicao:
    """Seat `inscricoes` (in order) in `salas` (in order): those in `acessivel` (ids) first,
    in accessible rooms; then the others in the seats left. Refuses (ValidationError,
    Portuguese) when seats are short, saying how many."""
    precisam = [i for i in inscricoes if i.pk in acessivel]
    falta = _faltam_lugares(len(precisam), len(inscricoes), salas)
    if falta:
        raise ValidationError(falta)
    livres = {s.pk: s.capacidade for s in salas}
    lugares: dict[int, SalaProva] = {}

    def sentar(inscricao: Inscricao, opcoes: list[SalaProva]) -> None:
        sala = next(s for s in opcoes if livres[s.pk] > 0)
        livres[sala.pk] -= 1
        lugares[inscricao.pk] = sala

    for inscricao in precisam:
        sentar(inscricao, [s for s in salas if s.acessivel])
    for inscricao in inscricoes:
        if inscricao.pk not in lugares:
            sentar(inscricao, salas)
    return Distribuicao(salas, inscricoes, lugares)


def _planejar(etapa: Etapa, inscricoes: list[Inscricao]) -> Distribuicao:
    if not inscricoes:
        raise ValidationError(_("Nenhuma inscrição confirmada (taxa paga ou isenta) faz a "
                                "prova desta etapa: não há o que alocar."))
    concedidas = condicoes.concedidas_por_inscricao(etapa.certame)
    acessivel = {pk for pk, (_rotulos, codigos) in concedidas.items()
                 if codigos & PRECISAM_SALA_ACESSIVEL}
    return distribuir(inscricoes, salas_do_certame(etapa.certame_id), acessivel)


def planejar(etapa: Etapa) -> Distribuicao:
    """The allocation the stage's confirmed inscrições (`inscricoes_da_etapa`, in order)
    would get now (not recorded). Refuses (ValidationError) with nobody to seat, or seats
    short."""
    return _planejar(etapa, ordenar(inscricoes_da_etapa(etapa)))


# --- the allocation in force, and the act ----------------------------------------------------


def alocacao_vigente(etapa: Etapa) -> AlocacaoProva | None:
    """The stage's allocation in force (the latest published)."""
    return AlocacaoProva.objects.filter(etapa=etapa).order_by("-publicada_em", "-pk").first()


def lugar_vigente(inscricao: Inscricao, etapa: Etapa) -> LugarProva | None:
    """The inscrição's seat in the stage's allocation in force (None: not allocated)."""
    alocacao = alocacao_vigente(etapa)
    if alocacao is None:
        return None
    return (LugarProva.objects.filter(alocacao=alocacao, inscricao=inscricao)
            .select_related("sala__local", "alocacao__etapa__fase",
                            "alocacao__etapa__certame__orgao").first())


@dataclass(frozen=True)
class SituacaoEtapa:
    """RH's view of one exam stage: the allocation in force, the confirmed inscrições that
    take its exam now (None: not known yet), the plan, and why it cannot be published
    (`erro`: `motivo_nao_alocar`, or the plan's refusal)."""

    etapa: Etapa
    vigente: AlocacaoProva | None
    inscritos: int | None
    plano: Distribuicao | None
    erro: str | None


def situacao_da_etapa(etapa: Etapa, agora: dt.datetime | None = None) -> SituacaoEtapa:
    vigente, motivo = alocacao_vigente(etapa), motivo_nao_alocar(etapa, agora)
    try:
        inscricoes = ordenar(inscricoes_da_etapa(etapa))
    except ValidationError as exc:  # the previous phase's result is being computed
        return SituacaoEtapa(etapa, vigente, None, None, motivo or " ".join(exc.messages))
    plano = None
    try:
        plano = _planejar(etapa, inscricoes)
    except ValidationError as exc:
        motivo = motivo or " ".join(exc.messages)
    return SituacaoEtapa(etapa, vigente, len(inscricoes), None if motivo else plano, motivo)


@transaction.atomic
def publicar_alocacao(etapa: Etapa, *, autor, motivacao: str = "",
                      agora: dt.datetime | None = None) -> AlocacaoProva:
    """Record and publish the allocation of the stage (an act). A re-allocation (the stage
    already has one) needs a motivation (Lei 9.784/1999, art. 50). Refused for the reasons
    of `motivo_nao_alocar`, with no confirmed inscrição, or when seats are short. The
    certame's lock serialises two allocations (and a room's correction) at once."""
    agora = agora or timezone.now()
    certame = travar_certame(etapa.certame_id)
    etapa = Etapa.objects.select_related("fase__cargo", "certame__orgao").get(pk=etapa.pk)
    if etapa.tipo != Etapa.Tipo.APLICACAO_PROVA:
        raise ValidationError(_("Só se alocam locais para a etapa “Aplicação da prova”."))
    motivo = motivo_nao_alocar(etapa, agora)
    if motivo:
        raise ValidationError(motivo)
    anterior = alocacao_vigente(etapa)
    motivacao = (motivacao or "").strip()
    if anterior is not None:
        motivacao = validar_motivacao(motivacao, desfavoravel=False, campo="motivacao")
    plano = planejar(etapa)
    alocacao = AlocacaoProva.objects.create(etapa=etapa, motivacao=motivacao,
                                            publicada_em=agora, autor=autor)
    LugarProva.objects.bulk_create([
        LugarProva(alocacao=alocacao, inscricao=inscricao, sala=plano.lugares[inscricao.pk],
                   codigo=codigo_do_lugar(alocacao, inscricao, plano.lugares[inscricao.pk]))
        for inscricao in plano.inscricoes])
    registrar_ato(
        tipo="alocacao_prova_publicada", autor=autor, certame=certame, objeto=alocacao,
        descricao=_("Alocação dos locais de prova da etapa “%(e)s” (%(d)s): %(n)d "
                    "inscrições em %(s)d salas.") % {
            "e": etapa.get_tipo_display(), "d": data_hora_br(etapa.inicio),
            "n": len(plano.lugares), "s": len({s.pk for s in plano.lugares.values()})},
        motivacao=motivacao,
        fundamento_legal=FUNDAMENTO_REALOCACAO if anterior else FUNDAMENTO_ALOCACAO,
        antes={"alocacao": anterior.pk} if anterior else None,
        depois={"alocacao": alocacao.pk, "lugares": len(plano.lugares)})
    return alocacao

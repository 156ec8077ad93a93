"""The allocation of the confirmed inscrições of an exam stage to venues and rooms.

Rules decided here:
- who takes the exam: a confirmed inscrição, its fee paid or exempt (a cargo without a fee
  is "paga" from its inscrição: `candidatos.inscricao_portal`); a pending fee is not
  confirmed, nor one "não confirmada" after the payment deadline (the regime's
  `fundamento_prazo_pagamento`), nor an eliminated or withdrawn inscrição
  (`candidatos.servicos.FINAIS`). `confirmada` is the one answer;
- which cargos a stage serves: a stage linked to a phase (`Etapa.fase`) applies that phase's
  cargo's exam; a stage without a phase applies the exam of every cargo of the certame that
  has no stage linked to one of its phases;
- the order: by cargo code, then by name (the name shown: the social name, Decreto
  8.727/2016), then by inscrição number; the rooms by venue name, then room name;
- accessibility: a candidate granted the "sala de fácil acesso" (Decreto 9.508/2018,
  art. 4º and its Anexo) is seated first, in an accessible room; then everyone else, in
  order, fills the seats left, room by room;
- capacity short (of all seats, or of accessible seats) refuses the allocation, saying how
  many seats are missing: nothing is written;
- it is published once the inscrições have ended (new ones could still come before); the
  payment deadline may still be running: an inscrição confirmed later needs a re-allocation;
- the allocation is an act (`AlocacaoProva`, append-only), published when recorded; a
  re-allocation is a new act with a motivation (Lei 9.784/1999, art. 50) that supersedes it.
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

from candidatos import condicoes
from candidatos.models import Inscricao
from candidatos.servicos import FINAIS
from certames import cronograma
from certames.auditoria import registrar_ato
from certames.models import Etapa
from certames.travas import travar_certame
from comum.formatos import data_hora_br
from nucleo.motivacao import validar_motivacao
from provas.aplicacao.codigo import codigo_do_lugar
from provas.models import AlocacaoProva, LugarProva, SalaProva

#: The granted conditions that need an accessible room (Decreto 9.508/2018, art. 4º, Anexo:
#: "sala de fácil acesso").
PRECISAM_SALA_ACESSIVEL = frozenset({condicoes.Condicao.SALA_ACESSO})
#: The fee situations of a confirmed inscrição.
TAXA_CONFIRMADA = (Inscricao.SituacaoTaxa.PAGA, Inscricao.SituacaoTaxa.ISENTA)
FUNDAMENTO_ALOCACAO = "Decreto 9.508/2018, art. 4º; Lei 9.784/1999, art. 2º"
FUNDAMENTO_REALOCACAO = "Lei 9.784/1999, arts. 2º e 50"


def confirmada(inscricao: Inscricao) -> bool:
    """Whether the inscrição is confirmed for the exam (the module's rule)."""
    return (inscricao.situacao_taxa in TAXA_CONFIRMADA
            and inscricao.situacao not in FINAIS)


def etapas_prova(certame) -> list[Etapa]:
    return list(Etapa.objects.filter(certame=certame, tipo=Etapa.Tipo.APLICACAO_PROVA)
                .select_related("fase__cargo").order_by("inicio", "pk"))


def inscricoes_da_etapa(etapa: Etapa) -> QuerySet[Inscricao]:
    """The confirmed inscrições whose exam is applied in `etapa` (the module's rules)."""
    consulta = Inscricao.objects.filter(certame_id=etapa.certame_id,
                                        situacao_taxa__in=TAXA_CONFIRMADA
                                        ).exclude(situacao__in=FINAIS)
    if etapa.fase is not None:
        consulta = consulta.filter(cargo_id=etapa.fase.cargo_id)
    else:
        com_etapa = Etapa.objects.filter(
            certame_id=etapa.certame_id, tipo=Etapa.Tipo.APLICACAO_PROVA,
            fase__isnull=False).values_list("fase__cargo_id", flat=True)
        consulta = consulta.exclude(cargo_id__in=list(com_etapa))
    return consulta.select_related("cargo", "candidato")


def etapa_da_inscricao(inscricao: Inscricao) -> list[Etapa]:
    """The exam stages of the inscrição's cargo (by start), by the same rule."""
    etapas = etapas_prova(inscricao.certame_id)
    do_cargo = {e.pk: e.fase.cargo_id for e in etapas if e.fase is not None}
    proprias = [e for e in etapas if do_cargo.get(e.pk) == inscricao.cargo_id]
    if proprias:
        return proprias
    com_fase = set(do_cargo.values())
    return [e for e in etapas if e.pk not in do_cargo and inscricao.cargo_id not in com_fase]


def _chave_nome(nome: str) -> str:
    sem_acento = unicodedata.normalize("NFKD", nome).encode("ascii", "ignore").decode()
    return " ".join(sem_acento.casefold().split())


def ordenar(inscricoes) -> list[Inscricao]:
    """By cargo code, then name, then inscrição number."""
    return sorted(inscricoes, key=lambda i: (i.cargo.codigo, _chave_nome(
        i.candidato.nome_exibicao), i.numero))


def salas_do_certame(certame_id: int) -> list[SalaProva]:
    """The rooms in allocation order: by venue name, then room name."""
    return list(SalaProva.objects.filter(local__certame_id=certame_id)
                .select_related("local").order_by("local__nome", "local_id", "nome", "pk"))


@dataclass(frozen=True)
class Distribuicao:
    """Who sits in which room (inscrição id -> room), and the rooms in order."""

    salas: list[SalaProva]
    lugares: dict[int, SalaProva]


def distribuir(inscricoes: list[Inscricao], salas: list[SalaProva],
               acessivel: set[int]) -> Distribuicao:
    """Seat `inscricoes` (in order) in `salas` (in order): those in `acessivel` (ids) first,
    in accessible rooms; then the others in the seats left. Refuses (ValidationError,
    Portuguese) when seats are short, saying how many."""
    precisam = [i for i in inscricoes if i.pk in acessivel]
    lugares_acessiveis = sum(s.capacidade for s in salas if s.acessivel)
    if len(precisam) > lugares_acessiveis:
        faltam = len(precisam) - lugares_acessiveis
        raise ValidationError(ngettext(
            "Falta %(n)d lugar em sala acessível", "Faltam %(n)d lugares em salas acessíveis",
            faltam) % {"n": faltam} + _(
            ": %(p)d com sala de fácil acesso concedida e %(l)d lugares em salas acessíveis "
            "(%(f)s). Cadastre mais salas acessíveis ou aumente a capacidade.") % {
            "p": len(precisam), "l": lugares_acessiveis, "f": condicoes.FUNDAMENTO_PCD})
    total = sum(s.capacidade for s in salas)
    if len(inscricoes) > total:
        faltam = len(inscricoes) - total
        raise ValidationError(ngettext("Falta %(n)d lugar", "Faltam %(n)d lugares", faltam) % {
            "n": faltam} + _(
            ": %(i)d inscrições confirmadas e %(l)d lugares nas salas cadastradas. Cadastre "
            "mais salas ou aumente a capacidade.") % {"i": len(inscricoes), "l": total})
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
    return Distribuicao(salas, lugares)


def alocacao_vigente(etapa: Etapa) -> AlocacaoProva | None:
    """The stage's allocation in force (the latest published)."""
    return AlocacaoProva.objects.filter(etapa=etapa).order_by("-publicada_em", "-pk").first()


def lugar_vigente(inscricao: Inscricao, etapa: Etapa) -> LugarProva | None:
    """The inscrição's seat in the stage's allocation in force (None: not allocated)."""
    alocacao = alocacao_vigente(etapa)
    if alocacao is None:
        return None
    return (LugarProva.objects.filter(alocacao=alocacao, inscricao=inscricao)
            .select_related("sala__local", "alocacao__etapa").first())


def planejar(etapa: Etapa) -> Distribuicao:
    """The allocation the stage's confirmed inscrições would get now (not recorded)."""
    inscricoes = ordenar(inscricoes_da_etapa(etapa))
    concedidas = condicoes.concedidas_por_inscricao(etapa.certame)
    acessivel = {pk for pk, (_rotulos, codigos) in concedidas.items()
                 if codigos & PRECISAM_SALA_ACESSIVEL}
    return distribuir(inscricoes, salas_do_certame(etapa.certame_id), acessivel)


@transaction.atomic
def publicar_alocacao(etapa: Etapa, *, autor, motivacao: str = "",
                      agora: dt.datetime | None = None) -> AlocacaoProva:
    """Record and publish the allocation of the stage (an act). A re-allocation (the stage
    already has one) needs a motivation (Lei 9.784/1999, art. 50). Refused after the exam
    ended, with no confirmed inscrição, or when seats are short."""
    agora = agora or timezone.now()
    certame = travar_certame(etapa.certame_id)
    etapa = Etapa.objects.select_related("fase__cargo", "certame").get(pk=etapa.pk)
    if etapa.tipo != Etapa.Tipo.APLICACAO_PROVA:
        raise ValidationError(_("Só se alocam locais para a etapa “Aplicação da prova”."))
    if agora > etapa.fim:
        raise ValidationError(_("A prova desta etapa já foi aplicada (até %(f)s): não se "
                                "alocam mais locais.") % {"f": data_hora_br(etapa.fim)})
    fim_inscricoes = cronograma.Abertura(cronograma.INSCRICOES, cronograma.FIM).momento(
        Etapa.objects.filter(certame=certame))
    if fim_inscricoes is not None and agora <= fim_inscricoes:
        raise ValidationError(_("A alocação é publicada depois do fim das inscrições "
                                "(%(f)s): até lá, novas inscrições podem chegar.") % {
            "f": data_hora_br(fim_inscricoes)})
    anterior = alocacao_vigente(etapa)
    motivacao = (motivacao or "").strip()
    if anterior is not None:
        motivacao = validar_motivacao(motivacao, desfavoravel=False, campo="motivacao")
    plano = planejar(etapa)
    if not plano.lugares:
        raise ValidationError(_("Nenhuma inscrição confirmada (taxa paga ou isenta) faz a "
                                "prova desta etapa: não há o que alocar."))
    alocacao = AlocacaoProva.objects.create(etapa=etapa, motivacao=motivacao,
                                            publicada_em=agora, autor=autor)
    inscricoes = {i.pk: i for i in inscricoes_da_etapa(etapa)}
    LugarProva.objects.bulk_create([
        LugarProva(alocacao=alocacao, inscricao_id=pk, sala=sala,
                   codigo=codigo_do_lugar(alocacao, inscricoes[pk], sala))
        for pk, sala in plano.lugares.items()])
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


"""RH enters the certame's exam venues and their rooms (each an audited act), and corrects a
room while no allocation uses it.

Rules decided here:
- a room's name is unique in its venue, whatever the case;
- a room is corrected (name, capacity, accessibility) only while no allocation act seats
  anyone in it (`salas_em_alocacao`, the one answer of the act and of RH's page): once one
  does, its cards, their codes and the list per room name it, and an act is never
  rewritten; a new room and a new allocation (with its motivation) replace it;
- each of these changes locks the certame first, as the allocation does
  (`provas.aplicacao.alocacao.publicar_alocacao`): a correction and an allocation published
  at once run one after the other, and the second sees what the first wrote.
"""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Min
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from certames.auditoria import registrar_ato
from certames.models import Certame
from certames.travas import travar, travar_certame
from comum.formatos import data_hora_br
from provas.models import LocalProva, LugarProva, SalaProva


@transaction.atomic
def cadastrar_local(certame: Certame, *, nome: str, endereco: str, cidade: str,
                    autor) -> LocalProva:
    local = LocalProva(certame=certame, nome=nome.strip(), endereco=endereco.strip(),
                       cidade=cidade.strip())
    local.full_clean()
    local.save()
    registrar_ato(tipo="local_prova_cadastrado", autor=autor, certame=certame, objeto=local,
                  descricao=_("Local de prova “%(n)s” cadastrado (%(e)s — %(c)s).") % {
                      "n": local.nome, "e": local.endereco, "c": local.cidade},
                  depois={"nome": local.nome, "endereco": local.endereco,
                          "cidade": local.cidade})
    return local


def salas_em_alocacao(certame_id: int) -> dict[int, dt.datetime]:
    """The certame's rooms some allocation act seats anyone in: room id -> when the first of
    those acts was published (one query)."""
    return dict(LugarProva.objects.filter(sala__local__certame_id=certame_id)
                .values("sala_id").annotate(primeira=Min("alocacao__publicada_em"))
                .values_list("sala_id", "primeira"))


def _dados(sala: SalaProva) -> dict:
    return {"nome": sala.nome, "capacidade": sala.capacidade, "acessivel": sala.acessivel}


def _descrever(sala: SalaProva, local: LocalProva) -> str:
    return ngettext("Sala “%(s)s” do local “%(l)s”: %(c)d lugar%(a)s.",
                    "Sala “%(s)s” do local “%(l)s”: %(c)d lugares%(a)s.", sala.capacidade) % {
        "s": sala.nome, "l": local.nome, "c": sala.capacidade,
        "a": _(", acessível") if sala.acessivel else ""}


def _conferir_nome(local: LocalProva, nome: str, sala: SalaProva | None = None) -> None:
    outras = SalaProva.objects.filter(local=local, nome__iexact=nome)
    if sala is not None:
        outras = outras.exclude(pk=sala.pk)
    if outras.exists():
        raise ValidationError({"nome": _("Este local já tem uma sala “%(n)s”.") % {"n": nome}})


@transaction.atomic
def cadastrar_sala(local: LocalProva, *, nome: str, capacidade: int, acessivel: bool,
                   autor) -> SalaProva:
    travar_certame(local.certame_id)
    nome = nome.strip()
    _conferir_nome(local, nome)
    sala = SalaProva(local=local, nome=nome, capacidade=capacidade, acessivel=acessivel)
    sala.full_clean()
    sala.save()
    registrar_ato(tipo="sala_prova_cadastrada", autor=autor, certame=local.certame,
                  objeto=sala, descricao=_descrever(sala, local), depois=_dados(sala))
    return sala


@transaction.atomic
def corrigir_sala(sala: SalaProva, *, nome: str, capacidade: int, acessivel: bool,
                  autor) -> SalaProva:
    """Correct the room's name, capacity or accessibility (the module's rules): refused,
    with the reason, once an allocation act uses it, or when nothing changes."""
    local = LocalProva.objects.select_related("certame").get(pk=sala.local_id)
    travar_certame(local.certame_id)
    sala = travar(SalaProva, sala.pk)
    em_uso = salas_em_alocacao(local.certame_id).get(sala.pk)
    if em_uso is not None:
        raise ValidationError(_(
            "A sala “%(s)s” está na alocação dos locais de prova publicada em %(d)s: a "
            "alocação é um ato registrado e não pode ser alterada, nem a sala em que ela "
            "coloca candidatos. Cadastre outra sala e publique uma nova alocação, com a "
            "motivação.") % {"s": sala.nome, "d": data_hora_br(em_uso)})
    antes = _dados(sala)
    sala.nome, sala.capacidade, sala.acessivel = nome.strip(), capacidade, acessivel
    if _dados(sala) == antes:
        raise ValidationError(_("Nada a corrigir: a sala já tem estes dados."))
    _conferir_nome(local, sala.nome, sala)
    sala.full_clean()
    sala.save()
    registrar_ato(tipo="sala_prova_corrigida", autor=autor, certame=local.certame,
                  objeto=sala, descricao=_("Correção da sala “%(a)s”. %(d)s") % {
                      "a": antes["nome"], "d": _descrever(sala, local)},
                  antes=antes, depois=_dados(sala))
    return sala

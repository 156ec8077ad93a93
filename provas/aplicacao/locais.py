"""RH enters the certame's exam venues and their rooms (each an audited act).

Rules decided here:
- a room's name is unique in its venue, whatever the case;
- adding a room locks the certame first, as the allocation does
  (`provas.aplicacao.alocacao.publicar_alocacao`): the two run one after the other.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from certames.auditoria import registrar_ato
from certames.models import Certame
from certames.travas import travar_certame
from provas.models import LocalProva, SalaProva


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


def _dados(sala: SalaProva) -> dict:
    return {"nome": sala.nome, "capacidade": sala.capacidade, "acessivel": sala.acessivel}


def _descrever(sala: SalaProva, local: LocalProva) -> str:
    return ngettext("Sala “%(s)s” do local “%(l)s”: %(c)d lugar%(a)s.",
                    "Sala “%(s)s” do local “%(l)s”: %(c)d lugares%(a)s.", sala.capacidade) % {
        "s": sala.nome, "l": local.nome, "c": sala.capacidade,
        "a": _(", acessível") if sala.acessivel else ""}


def _conferir_nome(local: LocalProva, nome: str) -> None:
    if SalaProva.objects.filter(local=local, nome__iexact=nome).exists():
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

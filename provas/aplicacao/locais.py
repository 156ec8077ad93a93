"""RH enters the certame's exam venues and their rooms (each an audited act)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from certames.auditoria import registrar_ato
from certames.models import Certame
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


@transaction.atomic
def cadastrar_sala(local: LocalProva, *, nome: str, capacidade: int, acessivel: bool,
                   autor) -> SalaProva:
    nome = nome.strip()
    if SalaProva.objects.filter(local=local, nome__iexact=nome).exists():
        raise ValidationError({"nome": _("Este local já tem uma sala “%(n)s”.") % {"n": nome}})
    sala = SalaProva(local=local, nome=nome, capacidade=capacidade, acessivel=acessivel)
    sala.full_clean()
    sala.save()
    registrar_ato(tipo="sala_prova_cadastrada", autor=autor, certame=local.certame,
                  objeto=sala,
                  descricao=_("Sala “%(s)s” do local “%(l)s”: %(c)d lugares%(a)s.") % {
                      "s": sala.nome, "l": local.nome, "c": sala.capacidade,
                      "a": _(", acessível") if sala.acessivel else ""},
                  depois={"nome": sala.nome, "capacidade": sala.capacidade,
                          "acessivel": sala.acessivel})
    return sala

"""A snapshot's packed ids are not foreign keys (certames/instantaneo.py)."""

from __future__ import annotations

from django.db import models
from django.db.models.signals import pre_delete
from django.utils.translation import gettext_lazy as _

from certames.models.classificacao import ConvocacaoVersao, ListaVersao


def indice_no_pacote(dados: bytes, alvo: int) -> int | None:
    """Index (0-based) of an inscrição id in a packed list (8-byte big-endian ids), or None: a
    byte search aligned to 8 bytes (a match across two ids does not count)."""
    agulha = alvo.to_bytes(8, "big")
    k = dados.find(agulha)
    while k != -1:
        if k % 8 == 0:
            return k // 8
        k = dados.find(agulha, k + 1)
    return None


def versoes_que_citam(inscricao_id: int) -> list[int]:
    """Ids of the versions naming the inscrição in a list, a filled slot or the call order."""
    achadas: set[int] = set()
    for modelo in (ListaVersao, ConvocacaoVersao):
        for versao_id, dados in modelo.objects.values_list("versao_id",
                                                           "inscricoes").iterator():
            if versao_id not in achadas and indice_no_pacote(bytes(dados),
                                                            inscricao_id) is not None:
                achadas.add(versao_id)
    return sorted(achadas)


def _recusar_exclusao_inscricao(sender, instance, **kwargs) -> None:
    """``pre_delete`` of `Inscricao`: a snapshot naming it keeps it, as the former PROTECT
    foreign keys did (PostgreSQL also refuses it by a trigger, migration 0013). Raised inside
    the deletion's transaction: nothing of the deletion is kept."""
    if versoes_que_citam(instance.pk):
        raise models.ProtectedError(
            _("A inscrição %(n)s consta de versões da classificação e não pode ser "
              "excluída.") % {"n": instance.numero}, {instance})


pre_delete.connect(_recusar_exclusao_inscricao, sender="candidatos.Inscricao",
                   dispatch_uid="certames_instantaneo_inscricao")

"""What the RH pages read: the procedures of a certame, filtered by status."""

from __future__ import annotations

import datetime as dt

from django.db import models
from django.db.models import Exists, OuterRef, QuerySet
from django.utils import timezone
from django.utils.translation import gettext_lazy

from candidatos.models import ProcedimentoAdministrativo
from candidatos.procedimentos.base import CHAVE, Destino, Tipo
from candidatos.procedimentos.encaminhamentos import encaminhamentos_pendentes
from certames.models import Certame
from nucleo.models import Recurso

#: Status filter of the RH list.
SITUACOES = {
    "aberto": gettext_lazy("Em aberto (não encerrado)"),
    "aguardando_defesa": gettext_lazy("Aguardando defesa (prazo em curso)"),
    "pronto": gettext_lazy("Pronto para decisão"),
    "decidido": gettext_lazy("Decidido"),
    "recurso": gettext_lazy("Recurso aguardando julgamento"),
    "encerrado": gettext_lazy("Encerrado"),
}


def procedimentos_do_certame(certame: Certame, *, tipo: str = "", situacao: str = "",
                             pendentes: bool = False,
                             agora: dt.datetime | None = None
                             ) -> list[ProcedimentoAdministrativo]:
    """The procedures of a certame, filtered; each carries `pendentes` (forwardings due) and
    `com_recurso` (an appeal was filed)."""
    agora = agora or timezone.now()
    qs: QuerySet = (ProcedimentoAdministrativo.objects.filter(inscricao__certame=certame)
                    .select_related("inscricao__candidato", "inscricao__cargo",
                                    "inscricao__certame")
                    .annotate(com_recurso=Exists(Recurso.objects.filter(
                        procedimento=CHAVE, objeto_id=OuterRef("pk"))))
                    .order_by("-aberto_em", "-pk"))
    if tipo in Tipo.values:
        qs = qs.filter(tipo=tipo)
    if situacao == "aberto":
        qs = qs.filter(encerrado_em__isnull=True)
    elif situacao == "encerrado":
        qs = qs.filter(encerrado_em__isnull=False)
    elif situacao == "decidido":
        qs = qs.exclude(conclusao="")
    elif situacao == "recurso":
        qs = qs.filter(com_recurso=True, recurso_resultado="")
    elif situacao == "aguardando_defesa":
        qs = qs.filter(conclusao="", defesa_em__isnull=True, prazo_defesa__gte=agora)
    elif situacao == "pronto":
        qs = qs.filter(conclusao="").filter(
            models.Q(defesa_em__isnull=False) | models.Q(prazo_defesa__lt=agora))
    linhas = []
    for proc in qs:
        proc.pendentes = [Destino(d) for d in encaminhamentos_pendentes(proc)]
        if pendentes and not proc.pendentes:
            continue
        linhas.append(proc)
    return linhas

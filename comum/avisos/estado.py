"""Whether an act's notice went out: the one answer RH's pages show next to each act (the
call list of a cargo, a procedure, a committee's convocations, the audit trail) and the list
of notices (`/rh/avisos/`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count

from comum.models import Aviso

#: What the state line reads of a notice (`templates/avisos/_estado.html`): never its body.
CAMPOS = ("pk", "ato_id", "estado", "enviado_em", "tentativas", "ultimo_erro", "sigiloso",
          "expurgado_em")


@dataclass
class Resumo:
    """The notices of one act: how many in each state and, when there is one recipient, the
    notice itself (`aviso`). A publication tells every candidate: its thousands of notices are
    counted, never read."""

    contagem: dict[str, int] = field(default_factory=dict)
    aviso: Aviso | None = None

    @classmethod
    def de(cls, aviso: Aviso) -> Resumo:
        """The summary of one notice already read (a row of `/rh/avisos/`)."""
        return cls({aviso.estado: 1}, aviso)

    @property
    def total(self) -> int:
        return sum(self.contagem.values())

    @property
    def falhas(self) -> int:
        return self.contagem.get(Aviso.Estado.FALHOU, 0)


def por_ato(ato_ids) -> dict[int, Resumo]:
    """The notices of each act, for a whole page: one query counts them by act and state,
    one more reads the notice of the acts that have exactly one."""
    ids = list(ato_ids)
    if not ids:
        return {}
    resumos: dict[int, Resumo] = {}
    contagens = (Aviso.objects.filter(ato_id__in=ids).order_by()
                 .values_list("ato_id", "estado").annotate(n=Count("pk")))
    for ato_id, estado, n in contagens:
        resumos.setdefault(ato_id, Resumo()).contagem[estado] = n
    unicos = [ato_id for ato_id, resumo in resumos.items() if resumo.total == 1]
    if unicos:
        for aviso in Aviso.objects.filter(ato_id__in=unicos).only(*CAMPOS):
            resumos[aviso.ato_id].aviso = aviso
    return resumos


def do_ato(ato_id: int | None) -> Resumo:
    return por_ato([ato_id]).get(ato_id, Resumo()) if ato_id else Resumo()

"""Whether an act's notice went out: the one answer RH's pages show next to each act (the
call list of a cargo, a procedure, a committee's convocations, the audit trail) and the list
of failed notices (`/rh/avisos/`)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from comum.models import Aviso


@dataclass
class Resumo:
    """The notices of one act: one of them (`aviso`, the latest) when there is one recipient,
    the counts by state when there are many (a publication tells every candidate)."""

    avisos: list[Aviso] = field(default_factory=list)

    @property
    def aviso(self) -> Aviso | None:
        return self.avisos[0] if len(self.avisos) == 1 else None

    @property
    def contagem(self) -> dict[str, int]:
        return dict(Counter(a.estado for a in self.avisos))

    @property
    def falhas(self) -> int:
        return self.contagem.get(Aviso.Estado.FALHOU, 0)


def por_ato(ato_ids) -> dict[int, Resumo]:
    """The notices of each act, latest first (one query for a whole page)."""
    resumos: dict[int, Resumo] = {}
    for aviso in Aviso.objects.filter(ato_id__in=list(ato_ids)).order_by("-criado_em", "-pk"):
        resumos.setdefault(aviso.ato_id, Resumo()).avisos.append(aviso)
    return resumos


def do_ato(ato_id: int | None) -> Resumo:
    return por_ato([ato_id]).get(ato_id, Resumo()) if ato_id else Resumo()

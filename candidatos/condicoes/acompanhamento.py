"""What the candidate and RH see of a request: where it stands (`Situacao`) and the candidate's
notices of a recent decision."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from candidatos.condicoes.base import (
    Fase,
    decisao_vigente,
    janela_recurso,
    motivo_para_nao_recorrer,
    pedido_vigente,
    recurso_do_pedido,
)
from candidatos.models import (
    DecisaoAtendimento,
    Inscricao,
    ItemDecisaoAtendimento,
    PedidoAtendimento,
)
from nucleo import autoridade
from nucleo.lotes import JanelaRecurso
from nucleo.models import Recurso


@dataclass
class Situacao:
    """A request as its pages show it."""

    pedido: PedidoAtendimento | None
    decisao: DecisaoAtendimento | None = None
    itens: list[ItemDecisaoAtendimento] = field(default_factory=list)
    recurso: Recurso | None = None
    janela: JanelaRecurso | None = None
    motivo_sem_recurso: str | None = None
    #: Where the appeal is (with the decider, the superior authority, decided).
    tramite: autoridade.Tramite | None = None

    @property
    def estado(self) -> str:
        if self.pedido is None:
            return ""
        if self.decisao is None:
            return "recurso" if self.recurso else "analise"
        if self.recurso and self.decisao.fase == Fase.PRIMEIRA_INSTANCIA:
            return "recurso"
        return "decidido"

    @property
    def rotulo(self) -> str:
        return str(ROTULOS_ESTADO.get(self.estado, ""))

    @property
    def pode_recorrer(self) -> bool:
        return self.pedido is not None and self.motivo_sem_recurso is None


ROTULOS_ESTADO = {
    "analise": gettext_lazy("Em análise pelo RH"),
    "recurso": gettext_lazy("Recurso aguardando julgamento"),
    "decidido": gettext_lazy("Decidido"),
}


def situacao(pedido: PedidoAtendimento | None, agora: dt.datetime | None = None) -> Situacao:
    agora = agora or timezone.now()
    if pedido is None:
        return Situacao(None)
    decisao = decisao_vigente(pedido)
    recurso = recurso_do_pedido(pedido)
    return Situacao(
        pedido, decisao, list(decisao.itens.order_by("pk")) if decisao else [],
        recurso, janela_recurso(pedido, agora), motivo_para_nao_recorrer(pedido, agora),
        autoridade.tramite(recurso, agora) if recurso is not None else None)


@dataclass(frozen=True)
class Aviso:
    """A line of the candidate's "O que vem a seguir" (`candidatos.portal.proximos_passos`
    wraps it): a decision made at `data`."""

    tipo: str  # "resultado" (the portal's PASSO_* kinds)
    texto: str
    data: dt.datetime
    url: str
    prazo: bool


def avisos(inscricao: Inscricao, agora: dt.datetime, dias_novidade: int) -> list[Aviso]:
    """What the candidate has to see about their request in force: a decision of the last
    `dias_novidade` days. The appeal window open against a rejection is one of the
    inscrição's windows (`candidatos.janelas`, read by the dashboard with every other)."""
    pedido = pedido_vigente(inscricao)
    if pedido is None:
        return []
    url = reverse("condicoes:inscricao", args=[inscricao.pk])
    decisao = decisao_vigente(pedido)
    if decisao is not None and decisao.decidida_em >= agora - dt.timedelta(days=dias_novidade):
        return [Aviso("resultado", _("%(f)s sobre o atendimento especializado") % {
            "f": decisao.get_fase_display()}, decisao.decidida_em, url, False)]
    return []

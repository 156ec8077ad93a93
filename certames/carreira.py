"""The career order: a cargo's call history as the pages and the export
show it. The positions never move once called: the order of nomeação is the servant's order
for the whole career (Lei 3.056/2025, art. 12, §2º) and the call order is fixed in advance
(Lei 3.057/2026, art. 17, parágrafo único). The acts are written by `candidatos.chamadas`.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from functools import cached_property

from django.utils import timezone
from django.utils.translation import gettext as _

from certames import calendario
from certames.models import Cargo, Chamada, EventoChamada
from comum.formatos import data_br

#: The product's rule where a regime gives no basis for the order of nomeação (every
#: registered regime has its own: `Regime.fundamento_ordem_nomeacao`).
FUNDAMENTO_ORDEM = ("regras de reserva, seção 7 (cada convocação mantém sua posição na ordem "
                    "de nomeação)")

#: Calls per page of the order of nomeação on the RH and public pages.
POR_PAGINA_ORDEM = 50

Tipo = EventoChamada.Tipo
#: Acts that end a call without an appointment, or annul it (the call is freed).
LIBERAM = (Tipo.DESISTENCIA, Tipo.SEM_EFEITO, Tipo.FIM_DE_FILA, Tipo.ANULADA)
#: The state of a call: the first of these acts it has (after `vigentes`), else "convocada".
_PRECEDENCIA = (Tipo.ANULADA, Tipo.SEM_EFEITO, Tipo.FIM_DE_FILA, Tipo.DESISTENCIA,
                Tipo.EXERCICIO, Tipo.POSSE, Tipo.NOMEACAO, Tipo.ACEITE)


def vigentes(eventos: dict[str, EventoChamada]) -> dict[str, EventoChamada]:
    """The acts of a call that stand: an annulment revoked by a granted appeal
    (`Tipo.ANULACAO_REVOGADA`) no longer does, and the revocation itself is no state. Every
    reading of a call's state goes through here (pages, exports, the engine's history)."""
    if Tipo.ANULACAO_REVOGADA not in eventos:
        return eventos
    return {t: e for t, e in eventos.items()
            if t not in (Tipo.ANULADA, Tipo.ANULACAO_REVOGADA)}


def ultimo_dia_da_chamada(chamada: Chamada) -> dt.date:
    """The call's last day to answer it and to present the documents: the day RH set
    (`Chamada.prazo`) or, when the órgão has no office hours that day, its next working day
    (Lei 9.784/1999, art. 66, §1º: what `calendario.aviso_de_vencimento` tells RH when it sets
    the deadline). Every page, refusal and mail of the call reads this day."""
    return calendario.vencimento(chamada.prazo, chamada)


def prazo_da_chamada_encerrado(chamada: Chamada, hoje: dt.date) -> bool:
    return hoje > ultimo_dia_da_chamada(chamada)


@dataclass
class SituacaoChamada:
    """A call with its acts, as the pages show it. `codigo`, `rotulo` and `descricao` are the
    one answer to "what is the state of this call" for every order (public and RH pages, the
    CSV/XLSX/JSON exports, the PDF, the candidate's page): an annulled nomeação shows as
    annulled, never as in office (spec section 9)."""

    chamada: Chamada
    eventos: dict[str, EventoChamada]

    @property
    def atos(self) -> dict[str, EventoChamada]:
        """The acts that stand (`vigentes`)."""
        return vigentes(self.eventos)

    @property
    def codigo(self) -> str:
        atos = self.atos
        for tipo in _PRECEDENCIA:
            if tipo in atos:
                return tipo.value
        return "convocada"

    @property
    def rotulo(self) -> str:
        codigo = self.codigo
        return str(_("Convocada")) if codigo == "convocada" else str(Tipo(codigo).label)

    @property
    def anulada(self) -> bool:
        return Tipo.ANULADA in self.atos

    @property
    def descricao(self) -> str:
        """The state as every order prints it: "Exercício", "Desistência (05/03/2027)",
        "Anulada (12/04/2027; <the article of the certame's law>)"."""
        fim = self.encerramento
        if fim is None:
            return self.rotulo
        if fim.tipo == Tipo.ANULADA and fim.fundamento:
            return f"{self.rotulo} ({data_br(fim.data)}; {fim.fundamento})"
        return f"{self.rotulo} ({data_br(fim.data)})"

    @cached_property
    def ultimo_dia(self) -> dt.date:
        """`ultimo_dia_da_chamada`, read once per page."""
        return ultimo_dia_da_chamada(self.chamada)

    @property
    def liberada(self) -> bool:
        atos = self.atos
        return any(t in atos for t in LIBERAM)

    @property
    def em_aberto(self) -> bool:
        """Called, nothing decided yet: the candidate may still decline."""
        return not self.eventos

    @property
    def aceita(self) -> bool:
        """The candidate accepted the call (and nothing freed it)."""
        return Tipo.ACEITE in self.atos and not self.liberada

    def data(self, tipo: str):
        evento = self.atos.get(tipo)
        return evento.data if evento else None

    @property
    def nomeacao(self):
        return self.data(Tipo.NOMEACAO)

    @property
    def posse(self):
        return self.data(Tipo.POSSE)

    @property
    def exercicio(self):
        return self.data(Tipo.EXERCICIO)

    @property
    def encerramento(self) -> EventoChamada | None:
        atos = self.atos
        return next((atos[t] for t in LIBERAM if t in atos), None)


def fundamento_ordem(cargo: Cargo) -> str:
    """Where the certame's own law fixes the order of nomeação (the regime's
    `fundamento_ordem_nomeacao`: Pirangi art. 12, §2º; Severínia art. 17, parágrafo único;
    SMBV and federal: the product's default, regras de reserva, section 7)."""
    return cargo.certame.regime_legal.fundamento_ordem_nomeacao or FUNDAMENTO_ORDEM


def situacao_da_chamada(chamada: Chamada) -> SituacaoChamada:
    """One call with all its acts (one query): what every act on it and every page of it
    reads (`SituacaoChamada.atos`: those that stand)."""
    return SituacaoChamada(chamada, {e.tipo: e for e in chamada.eventos.order_by("pk")})


def historico(cargo: Cargo | int) -> list[SituacaoChamada]:
    """The cargo's calls in order, each with its acts."""
    cargo_id = cargo.pk if isinstance(cargo, Cargo) else cargo
    chamadas = list(Chamada.objects.filter(cargo_id=cargo_id)
                    .select_related("inscricao__candidato").order_by("posicao"))
    eventos: dict[int, dict[str, EventoChamada]] = {c.pk: {} for c in chamadas}
    for e in EventoChamada.objects.filter(chamada__cargo_id=cargo_id).order_by("pk"):
        eventos[e.chamada_id][e.tipo] = e
    return [SituacaoChamada(c, eventos[c.pk]) for c in chamadas]


COLUNAS_EXPORTACAO = ["posicao", "vaga", "lista_de_origem", "inscricao", "nome", "cpf",
                      "convocada_em", "prazo", "nomeacao", "posse", "exercicio", "situacao",
                      "encerramento_em", "fundamento"]


def colunas_exportacao(publica: bool = False) -> list[str]:
    """The export's columns; the public one shows what the published lists show (inscrição
    number and name), never a CPF."""
    return [c for c in COLUNAS_EXPORTACAO if not (publica and c == "cpf")]


def linhas_exportacao(cargo: Cargo, publica: bool = False) -> list[tuple]:
    """The order of nomeação, one row per call (RH: CPF masked; public: no CPF); dates as
    `date` (None when the act was not recorded)."""
    fundamento = fundamento_ordem(cargo)
    linhas = []
    for s in historico(cargo):
        c, candidato = s.chamada, s.chamada.inscricao.candidato
        fim = s.encerramento
        cpf = () if publica else (candidato.cpf_mascarado,)
        # Dates as dates: DD/MM/AAAA in the CSV, date cells in the XLSX (exportacao).
        linhas.append((c.posicao, c.vaga, c.lista, c.inscricao.numero, candidato.nome_exibicao,
                       *cpf, timezone.localtime(c.chamada_em).date(), c.prazo,
                       s.nomeacao, s.posse, s.exercicio, s.rotulo,
                       fim.data if fim else None, fundamento))
    return linhas


def titulo_exportacao() -> str:
    return str(_("Ordem de nomeação"))

"""The career order (issue #11, item 3): a cargo's call history as the pages and the export
show it. The positions never move once called: the order of nomeação is the servant's order
for the whole career (Lei 3.056/2025, art. 12, §2º) and the call order is fixed in advance
(Lei 3.057/2026, art. 17, parágrafo único). The acts are written by `candidatos.chamadas`.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils import timezone
from django.utils.translation import gettext as _

from certames.models import Cargo, Chamada, EventoChamada

#: The product's rule where a regime gives no basis for the order of nomeação (every
#: registered regime has its own: `Regime.fundamento_ordem_nomeacao`).
FUNDAMENTO_ORDEM = ("regras de reserva, seção 7 (cada convocação mantém sua posição na ordem "
                    "de nomeação)")

#: Calls per page of the order of nomeação on the RH and public pages.
POR_PAGINA_ORDEM = 50

Tipo = EventoChamada.Tipo
#: Acts that end a call without an appointment (the call is freed).
LIBERAM = (Tipo.DESISTENCIA, Tipo.SEM_EFEITO, Tipo.FIM_DE_FILA)


@dataclass
class SituacaoChamada:
    """A call with its acts, as the pages show it."""

    chamada: Chamada
    eventos: dict[str, EventoChamada]

    @property
    def codigo(self) -> str:
        for tipo in (Tipo.SEM_EFEITO, Tipo.FIM_DE_FILA, Tipo.DESISTENCIA, Tipo.EXERCICIO,
                     Tipo.POSSE, Tipo.NOMEACAO):
            if tipo in self.eventos:
                return tipo.value
        return "convocada"

    @property
    def rotulo(self) -> str:
        codigo = self.codigo
        return str(_("Convocada")) if codigo == "convocada" else str(Tipo(codigo).label)

    @property
    def liberada(self) -> bool:
        return any(t in self.eventos for t in LIBERAM)

    @property
    def em_aberto(self) -> bool:
        """Called, nothing decided yet: the candidate may still decline."""
        return not self.eventos

    def data(self, tipo: str):
        evento = self.eventos.get(tipo)
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
        return next((self.eventos[t] for t in LIBERAM if t in self.eventos), None)


def fundamento_ordem(cargo: Cargo) -> str:
    """Where the certame's own law fixes the order of nomeação (the regime's
    `fundamento_ordem_nomeacao`: Pirangi art. 12, §2º; Severínia art. 17, parágrafo único;
    SMBV and federal: the product's default, regras de reserva, section 7)."""
    return cargo.certame.regime_legal.fundamento_ordem_nomeacao or FUNDAMENTO_ORDEM


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

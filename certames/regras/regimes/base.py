"""The vocabulary of the legal regimes: list codes, the effects of a non-confirmation, the
bases of a reserve, and the value types a ``Regime``'s rules are made of.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..procedimentos import PADRAO

AC = "AC"
PCD = "PCD"
#: Every reserved list code the product knows (spec section 2).
CODIGOS_RESERVA: tuple[str, ...] = ("PP", "I", "Q", "PPI", PCD)

#: Effects of a final non-confirmation (without fraud) of a self-declaration.
ELIMINA = "elimina"
PERMANECE_AC = "permanece_ac"
EFEITOS: tuple[str, ...] = (ELIMINA, PERMANECE_AC)

#: Base of a reserve (spec section 4.1, edital settings ``base_reserva`` and
#: ``base_reserva_pcd``): each cargo's own vacancies, or the whole edital's (with the public
#: draw of ``edital.distribuir_edital``).
BASE_CARGO = "cargo"
BASE_EDITAL = "edital"
BASES_RESERVA: tuple[str, ...] = (BASE_CARGO, BASE_EDITAL)

NOMES_LISTAS: dict[str, str] = {
    AC: "ampla concorrência",
    "PP": "pessoas pretas e pardas",
    "I": "pessoas indígenas",
    "Q": "pessoas quilombolas",
    "PPI": "pessoas pretas, pardas e indígenas",
    PCD: "pessoas com deficiência",
}


@dataclass(frozen=True)
class Grupo:
    """A racial/ethnic reserved group: its list code, percentage and legal basis."""

    codigo: str
    nome: str
    percentual: Fraction
    fundamento: str


@dataclass(frozen=True)
class RegraPcd:
    """PcD reservation: ``teto(N * percentual)``, but if that exceeds ``limite * N``,
    ``floor(N * percentual)`` (LC 22/2026, art. 6º, §1º; Decreto 9.508/2018, art. 1º, §3º
    with Lei 8.112/1990, art. 5º, §2º). ``limite`` None means no cap.
    """

    percentual: Fraction
    limite: Fraction | None
    fundamento: str = ""
    #: True when the law fixes the rule; False when it is an edital setting.
    definida_em_lei: bool = True
    #: Where the law sets ``percentual`` as a floor ("no mínimo"), the highest percentage an
    #: edital may reserve instead (LC 22/2026, art. 6º, caput and §1º: 5% to 10%; federal:
    #: Decreto 9.508/2018, art. 1º, §1º, and Lei 8.112/1990, art. 5º, §2º: 5% to 20%). None:
    #: the law fixes the percentage itself. The cap ``limite`` stays the law's.
    percentual_maximo: Fraction | None = None
    #: Where the law sets the floor and the ceiling (cited when the edital chooses).
    fundamento_faixa: str = ""

    def __post_init__(self) -> None:
        if self.percentual_maximo is not None and not (
            self.percentual <= self.percentual_maximo <= 1 and self.fundamento_faixa
        ):
            raise ValueError("faixa PcD inválida: máximo abaixo do mínimo ou sem fundamento")


@dataclass(frozen=True)
class PassoCadeia:
    """One step of a reversion chain: the list that gives candidates, and why."""

    lista: str
    fundamento: str


@dataclass(frozen=True)
class Reversao:
    """What happens to an unfilled slot of ``lista`` (spec section 6, steps 2-4)."""

    lista: str
    #: Basis for "next of the same list" (desistência / not counted in AC).
    fundamento_mesma_lista: str
    #: Other reserved lists walked in order before AC (Pirangi: Q -> I -> PP).
    cadeia: tuple[PassoCadeia, ...]
    #: Basis for the last resort: the slot reverts to the general list.
    fundamento_ampla: str


@dataclass(frozen=True)
class NaoConfirmacao:
    """Effect of a final non-confirmation in one reserved list."""

    lista: str
    efeito: str
    fundamento: str
    #: Effects an edital may choose; a single value means the law fixes it.
    efeitos_permitidos: tuple[str, ...]
    #: Basis of the other effect when the edital chooses it (empty: "edital, within the
    #: limits of ``fundamento``").
    fundamento_opcao: str = ""


#: A desistência from a general-list seat: no law has a rule of its own (spec section 7: the
#: freed AC call is filled in the order of the general list).
FUNDAMENTO_DESISTENCIA_AC = (
    f"vaga da ampla concorrência: preenchida na ordem de classificação da lista geral ({PADRAO}, "
    "regras de reserva, seção 7)")


@dataclass(frozen=True)
class OrdemGrupo:
    """The positions of one reserved group's calls as the edital states them (spec section
    7, edital setting ``ordem_convocacao``; Lei 3.057/2026, art. 17, parágrafo único: "a
    ordem de convocação" established "previamente no edital"): the listed positions
    (strictly increasing, >= 1), then, when ``depois_a_cada`` is set, one every that many
    positions after the last of them."""

    grupo: str
    posicoes: tuple[int, ...]
    depois_a_cada: int | None = None

    def quantas_ate(self, v: int) -> int:
        """How many of the group's positions are <= ``v`` (``R_g(v)`` of step 3)."""
        n = bisect_right(self.posicoes, v)
        ultima = self.posicoes[-1]
        if self.depois_a_cada and v > ultima:
            n += (v - ultima) // self.depois_a_cada
        return n

    def ocupa(self, v: int) -> bool:
        """Position ``v`` is one of the group's."""
        ultima = self.posicoes[-1]
        if v > ultima and self.depois_a_cada:
            return (v - ultima) % self.depois_a_cada == 0
        return v in self.posicoes

    def como_dict(self) -> dict[str, Any]:
        return {"posicoes": list(self.posicoes), "depois_a_cada": self.depois_a_cada}

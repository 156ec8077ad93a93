"""Engine input: candidates and the classification request."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from typing import TYPE_CHECKING

from .aritmetica import ler_decimal
from .erros import ErroEntrada

if TYPE_CHECKING:
    from .fases import Fase
    from .parametros import Parametros
    from .regimes import Regime

__all__ = [
    "AUSENTE",
    "Estado",
    "ESTADOS",
    "SituacaoChamado",
    "SITUACOES_CHAMADO",
    "Candidato",
    "Chamado",
    "Entrada",
    "validar_candidatos",
]


class Estado(StrEnum):
    """State of a candidate in one reserved list (spec section 5)."""

    #: Verdict or document check confirmed, final.
    CONFIRMADA = "confirmada"
    #: Not yet evaluated, or decision not final (appeal window open / appeal not judged):
    #: the candidate is in the list, shown as sub judice.
    PENDENTE = "pendente"
    #: Not confirmed, final (without fraud).
    NAO_CONFIRMADA = "nao_confirmada"
    #: Fraud concluded in an administrative procedure.
    FRAUDE = "fraude"


ESTADOS: frozenset[str] = frozenset(e.value for e in Estado)


#: A phase score meaning the candidate was absent (spec section 10: eliminated).
AUSENTE = "ausente"


class SituacaoChamado(StrEnum):
    """What became of a call already made (spec section 7)."""

    #: The call holds its vacancy, unless its candidate is now desistente or eliminado.
    OCUPADA = "ocupada"
    #: The act was made void (tornado sem efeito): the candidate is out of every list.
    SEM_EFEITO = "sem_efeito"
    #: The candidate was granted fim de fila at this call: they rank last in every list
    #: and may be called again.
    FIM_DE_FILA = "fim_de_fila"
    #: The nomeação (posse, exercício; or the call itself, for the exemption's falsity) was
    #: annulled after a fraud or falsity procedure (spec section 9: Lei 3.056/2025, art. 7º,
    #: §1º, II; LC 22/2026, art. 3º, §3º; Lei 3.057/2026, art. 5º, IV, and art. 12,
    #: parágrafo único, III): the call stays in the history, unoccupied; the candidate is out
    #: of every list.
    ANULADA = "anulada"


SITUACOES_CHAMADO: tuple[str, ...] = tuple(s.value for s in SituacaoChamado)


@dataclass(frozen=True, slots=True)
class Candidato:
    """One habilitated candidate of a cargo.

    ``nota`` and ``desempate`` are exact ``Decimal`` values (strings like "87,5" and ints are
    converted on construction). ``listas`` maps each reserved list the candidate opted into
    (``PP``, ``I``, ``Q``, ``PPI``, ``PCD``) to an ``Estado`` (or its string value).
    ``desempate`` keys are compared in order, higher wins. ``fim_de_fila``: the candidate
    asked to go to the end of the list where the edital allows it (reclassificação para o
    final da lista) and ranks after every candidate who did not, in every list (spec
    section 5).
    """

    inscricao: str
    nota: Decimal
    desempate: tuple[Decimal, ...] = ()
    listas: Mapping[str, str] = field(default_factory=dict)
    eliminado: bool = False
    desistente: bool = False
    fim_de_fila: bool = False
    #: Phase code -> score (``Decimal``) or ``AUSENTE``, for a cargo in phases (spec
    #: section 10; None without phases). ``nota`` is then the engine's final score.
    notas: Mapping[str, Decimal | str] | None = None

    def __post_init__(self) -> None:
        if self.notas is not None:
            object.__setattr__(self, "notas", {
                k: v if v == AUSENTE or (type(v) is Decimal and v.is_finite()) else ler_decimal(v)
                for k, v in self.notas.items()
            })
        # Cheap normalisation so tests and callers may write Candidato("1", "87,5").
        if type(self.nota) is not Decimal or not self.nota.is_finite():
            object.__setattr__(self, "nota", ler_decimal(self.nota))
        desempate = self.desempate
        if type(desempate) is tuple:
            for d in desempate:
                if type(d) is not Decimal or not d.is_finite():
                    break
            else:
                return
        object.__setattr__(self, "desempate", tuple(ler_decimal(d) for d in desempate))


@dataclass(frozen=True, slots=True)
class Chamado:
    """A call already made (spec section 7): its candidate, the slot type (``vaga``), the
    list the candidate was called from (``lista``, None = ``vaga``) and what became of it
    (``situacao``, a ``SituacaoChamado`` value)."""

    inscricao: str
    vaga: str
    lista: str | None = None
    situacao: str = SituacaoChamado.OCUPADA.value

    @property
    def lista_efetiva(self) -> str:
        return self.vaga if self.lista is None else self.lista


@dataclass(frozen=True)
class Entrada:
    """A classification request for one cargo: regime (id, or a ``Regime`` for a regime
    not built in), N vacancies, candidates, edital settings, and the cargo's calls already
    made in order (``chamados``; None = no history given, the same order as an empty one).

    ``distribuicao``: the cargo's split drawn on the whole edital (spec section 4.1, item 4;
    ``edital.distribuir_edital``), list code -> seats, used as ``r_g(N)`` in sections 6 and
    7 instead of section 4's per-cargo split (None = section 4)."""

    regime: str | Regime
    vagas: int
    candidatos: tuple[Candidato, ...]
    parametros: Parametros | None = None
    chamados: tuple[Chamado, ...] | None = None
    distribuicao: Mapping[str, int] | None = None
    #: The cargo's phases in order (spec section 10; None: one phase, the candidates'
    #: ``nota``).
    fases: tuple[Fase, ...] | None = None


def validar_candidatos(candidatos: Sequence[Candidato], regime: Regime) -> None:
    """Cross-field checks shared by the engine and the JSON reader (O(n)).

    Raises ``ErroEntrada`` naming ``candidatos[i].campo``. Cheap whole-input checks run
    first; the slow per-candidate search only runs to name the culprit.
    """
    n = len(candidatos)
    inscricoes = [c.inscricao for c in candidatos]
    if set(map(type, inscricoes)) - {str} or not all(map(str.strip, inscricoes)):
        for i, s in enumerate(inscricoes):
            if not isinstance(s, str) or not s.strip():
                raise ErroEntrada(f"candidatos[{i}].inscricao: valor inválido “{s}”")
    if len(set(inscricoes)) != n:
        vistos: dict[str, int] = {}
        for i, s in enumerate(inscricoes):
            anterior = vistos.setdefault(s, i)
            if anterior != i:
                raise ErroEntrada(
                    f"candidatos[{i}].inscricao: inscrição “{s}” repetida "
                    f"(já em candidatos[{anterior}])"
                )
    if n and len({len(c.desempate) for c in candidatos}) > 1:
        n_desempate = len(candidatos[0].desempate)
        for i, c in enumerate(candidatos):
            if len(c.desempate) != n_desempate:
                raise ErroEntrada(
                    f"candidatos[{i}].desempate: {len(c.desempate)} chave(s), mas "
                    f"candidatos[0] tem {n_desempate}; todos os candidatos devem ter o mesmo "
                    "número de chaves"
                )
    listas_regime = set(regime.listas)
    for i, c in enumerate(candidatos):
        if not c.listas:
            continue
        for lista, estado in c.listas.items():
            if lista not in listas_regime:
                raise ErroEntrada(
                    f"candidatos[{i}].listas.{lista}: a lista “{lista}” não existe no regime "
                    f"{regime.id} (listas: {', '.join(regime.listas)})"
                )
            if not isinstance(estado, str) or estado not in ESTADOS:
                raise ErroEntrada(
                    f"candidatos[{i}].listas.{lista}: estado inválido “{estado}” (use "
                    "confirmada, pendente, nao_confirmada ou fraude)"
                )

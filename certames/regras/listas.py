"""Who is in which list, and the ranking inside every list (spec section 5).

Ranking (a total, reproducible order): ``nota`` descending, then the edital's tie-break
keys (``desempate``) in order, each descending, then the inscription number ascending.
Inscription numbers made only of ASCII digits compare numerically ("99" before "100"; of
"007" and "7", equal as numbers, the string decides); any other inscription compares as a
string, after all numeric ones. A candidate granted fim de fila (reclassificação para o
final da lista, where the edital allows it) ranks after every candidate who was not, in
every list; among themselves by the same keys (spec section 5). The key of one candidate
depends only on that candidate, so the relative order of two candidates never depends on
who else is in the cargo.

Implementation: the exact ``Decimal`` scores are compressed once into one integer per
candidate (the rank of each value among the distinct values, combined in mixed radix), so
the hot sort compares plain ints (no ``Fraction``, no per-comparison ``Decimal``); runs of
candidates tied on every score are then sorted by inscription.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from itertools import groupby

from .modelos import Candidato, Estado
from .regimes import AC, ELIMINA, PCD, NaoConfirmacao, Regime

__all__ = [
    "Exclusao",
    "Remocao",
    "Listas",
    "chave_inscricao",
    "ordenar",
    "montar_listas",
    "listas_do_optante",
    "sem_participacao",
]

_CONFIRMADA = Estado.CONFIRMADA.value
_PENDENTE = Estado.PENDENTE.value
_NAO_CONFIRMADA = Estado.NAO_CONFIRMADA.value
_FRAUDE = Estado.FRAUDE.value

#: Reasons a candidate is in no list at all.
MOTIVO_ELIMINADO = "eliminado"
MOTIVO_DESISTENTE = "desistente"
MOTIVO_FRAUDE = "fraude"
MOTIVO_NAO_CONFIRMADA = "nao_confirmada"
#: The call's act was made void (tornado sem efeito): out of every list (spec section 7).
MOTIVO_SEM_EFEITO = "sem_efeito"
FUNDAMENTO_SEM_EFEITO = (
    "ato de convocação tornado sem efeito: fora de todas as listas (padrão do produto, "
    "regras-de-reserva.md, seção 7; as leis não disciplinam)"
)
#: The call's nomeação was annulled (spec section 9): out of every list (spec section 7).
MOTIVO_ANULADA = "anulada"
#: Reason a candidate left one reserved list only (and stays in AC).
MOTIVO_MAIOR_PERCENTUAL = "maior_percentual"


@dataclass(frozen=True, slots=True)
class Exclusao:
    """A candidate who is in no list, with the reason and its legal basis."""

    inscricao: str
    motivo: str
    lista: str | None
    fundamento: str


@dataclass(frozen=True, slots=True)
class Remocao:
    """A candidate removed from one reserved list who stays in AC."""

    inscricao: str
    lista: str
    motivo: str
    fundamento: str


@dataclass(frozen=True)
class Listas:
    """Every list of a cargo in rank order, keyed ``AC``, groups..., ``PCD``."""

    ordem: dict[str, tuple[Candidato, ...]]
    #: Inscriptions whose presence in a list is pending (sub judice), per list. Under
    #: ``AC``: candidates pending in a list whose non-confirmation eliminates (SMBV PP when
    #: the edital chose ``elimina``),
    #: whose whole participation is therefore sub judice.
    sub_judice: dict[str, frozenset[str]]
    excluidos: tuple[Exclusao, ...]
    remocoes: tuple[Remocao, ...]
    #: 1-based rank in AC of every candidate who is in some reserved list (optants).
    posicao_geral_optantes: dict[str, int]

    def __getitem__(self, lista: str) -> tuple[Candidato, ...]:
        return self.ordem[lista]


def chave_inscricao(inscricao: str) -> tuple[int, int, str, str]:
    """Sort key of an inscription number (see the module docstring)."""
    if inscricao.isascii() and inscricao.isdigit():
        sem_zeros = inscricao.lstrip("0")
        # Numeric order of digit strings without int(): shorter first, then lexicographic.
        return (0, len(sem_zeros), sem_zeros, inscricao)
    return (1, 0, "", inscricao)


def _postos(valores: list[Decimal]) -> tuple[list[int], int]:
    """Coordinate compression: each value's rank among the distinct values (exact:
    ``Decimal`` equality and hashing are by value), and the number of distinct values."""
    distintos = sorted(set(valores))
    posto = {v: i for i, v in enumerate(distintos)}
    return [posto[v] for v in valores], len(distintos)


def ordenar(candidatos: Iterable[Candidato]) -> list[Candidato]:
    """Candidates in rank order (spec section 5, last paragraph).

    Performance: the scores are compressed once into one integer per candidate (mixed
    radix over the ranks of ``nota`` and of each ``desempate`` key), so the hot sort
    compares plain ints; ``Decimal`` is only hashed and sorted over distinct values.
    """
    lista = list(candidatos)
    if not lista:
        return lista
    # Keys are computed in input order (memory-friendly), then indices are sorted.
    chaves, _ = _postos([c.nota for c in lista])
    for j in range(len(lista[0].desempate)):
        postos, base = _postos([c.desempate[j] for c in lista])
        chaves = [k * base + p for k, p in zip(chaves, postos, strict=True)]
    if any(c.fim_de_fila for c in lista):
        # Fim de fila ranks after everyone who did not ask for it (spec section 5): shift
        # their keys below every other key; ties are never mixed across the two groups.
        deslocamento = max(chaves) + 1
        chaves = [
            k - deslocamento if c.fim_de_fila else k for k, c in zip(chaves, lista, strict=True)
        ]
    ordem = sorted(range(len(lista)), key=chaves.__getitem__, reverse=True)
    # Ties on every score: inscription number ascending, sorting only the tied runs.
    inscricoes = [c.inscricao for c in lista]
    juntas = "".join(inscricoes)
    if len(set(map(len, inscricoes))) == 1 and juntas.isascii() and juntas.isdigit():
        # Same-length digit strings: string order is numeric order (same result as
        # chave_inscricao, cheaper).
        chave_desempate: Callable[[int], object] = inscricoes.__getitem__
    else:
        chaves_insc = [chave_inscricao(s) for s in inscricoes]
        chave_desempate = chaves_insc.__getitem__
    final: list[int] = []
    for _, grupo in groupby(ordem, key=chaves.__getitem__):
        empatados = list(grupo)
        if len(empatados) > 1:
            empatados.sort(key=chave_desempate)  # type: ignore[arg-type]
        final.extend(empatados)
    return [lista[i] for i in final]


def montar_listas(
    candidatos: Sequence[Candidato],
    regime: Regime,
    sem_efeito: Collection[str] = (),
    anuladas: Collection[str] = (),
    por_fase: Mapping[str, Exclusao] | None = None,
) -> Listas:
    """Build AC and every reserved list of ``regime`` (spec section 5).

    ``regime`` must already have the edital's parameters applied. Candidates are assumed
    validated (``modelos.validar_candidatos``). ``sem_efeito``: inscriptions whose call was
    made void; ``anuladas``: inscriptions whose call (nomeação) was annulled (spec section
    9); both out of every list (spec section 7). ``por_fase``: candidates out of the
    final lists because of a phase (eliminated below a minimum, absent, not admitted by a
    cut-off, awaiting a score: spec section 10, ``fases.avaliar_fases``), with the reason.
    """
    por_fase = por_fase or {}
    codigos = regime.listas
    efeito = {n.lista: n for n in regime.nao_confirmacao}

    ac: list[Candidato] = []
    reservadas: dict[str, list[Candidato]] = {c: [] for c in codigos}
    pendentes: dict[str, set[str]] = {c: set() for c in codigos}
    excluidos: list[Exclusao] = []
    remocoes: list[Remocao] = []
    posicoes: dict[str, int] = {}
    pendentes_ac: set[str] = set()

    for c in ordenar(candidatos):
        exclusao = _exclusao(c, regime, efeito, sem_efeito, anuladas) or por_fase.get(
            c.inscricao
        )
        if exclusao is not None:
            excluidos.append(exclusao)
            continue
        # Every habilitated candidate is in AC, optants included.
        ac.append(c)
        opcoes = c.listas
        if not opcoes:
            continue
        if _pendente_onde_elimina(opcoes, efeito):
            # A final non-confirmation would eliminate (SMBV PP with the edital's
            # "elimina"): the whole participation is sub judice.
            pendentes_ac.add(c.inscricao)
        entra, removidas = listas_do_optante(c, regime, efeito)
        remocoes.extend(removidas)
        for lst in entra:
            reservadas[lst].append(c)
            if opcoes[lst] == _PENDENTE:
                pendentes[lst].add(c.inscricao)
        if entra:
            posicoes[c.inscricao] = len(ac)

    ordem: dict[str, tuple[Candidato, ...]] = {AC: tuple(ac)}
    for cod in codigos:
        ordem[cod] = tuple(reservadas[cod])
    sub: dict[str, frozenset[str]] = {AC: frozenset(pendentes_ac)}
    sub.update((cod, frozenset(pendentes[cod])) for cod in codigos)
    return Listas(ordem, sub, tuple(excluidos), tuple(remocoes), posicoes)


def _exclusao(
    c: Candidato,
    regime: Regime,
    efeito: dict[str, NaoConfirmacao],
    sem_efeito: Collection[str],
    anuladas: Collection[str],
) -> Exclusao | None:
    """Why ``c`` is in no list at all, with its legal basis; None if it is in AC."""
    if c.eliminado:
        return Exclusao(c.inscricao, MOTIVO_ELIMINADO, None, "eliminado do certame")
    if c.desistente:
        # A desistência frees the vacancy for the next of the same list
        # (LC 22/2026, art. 1º, §6º; Lei 3.057/2026, art. 15, §2º; Lei 3.056/2025,
        # art. 10, §3º): the candidate is simply in no list.
        return Exclusao(
            c.inscricao,
            MOTIVO_DESISTENTE,
            None,
            "desistência: a vaga passa ao próximo classificado da mesma lista",
        )
    if sem_efeito and c.inscricao in sem_efeito:
        return Exclusao(c.inscricao, MOTIVO_SEM_EFEITO, None, FUNDAMENTO_SEM_EFEITO)
    if anuladas and c.inscricao in anuladas:
        # The annulment of the nomeação after a fraud or falsity (Lei 3.056/2025, art. 7º,
        # §1º, II; LC 22/2026, art. 3º, §3º; Lei 3.057/2026, art. 5º, IV, and art. 12,
        # parágrafo único, III): the regime's own articles.
        return Exclusao(c.inscricao, MOTIVO_ANULADA, None, regime.fundamento_anulacao)
    opcoes = c.listas
    if not opcoes:
        return None
    estados = opcoes.values()
    if _FRAUDE in estados:
        # Fraud in any list eliminates from the certame (Lei 3.057/2026, art. 12;
        # Lei 3.056/2025, art. 7º, §1º, I; LC 22/2026, art. 3º, §3º).
        lista_fraude = next(lst for lst, e in opcoes.items() if e == _FRAUDE)
        return Exclusao(c.inscricao, MOTIVO_FRAUDE, lista_fraude, regime.fundamento_fraude)
    if _NAO_CONFIRMADA in estados:
        elimina = next(
            (
                lst
                for lst, e in opcoes.items()
                if e == _NAO_CONFIRMADA and efeito[lst].efeito == ELIMINA
            ),
            None,
        )
        if elimina is not None:
            # Non-confirmation that eliminates: only where the edital chose "elimina"
            # (SMBV PP; LC 22/2026, art. 3º, §3º eliminates by itself only a false
            # declaration established in the fraud procedure: spec section 5).
            return Exclusao(
                c.inscricao, MOTIVO_NAO_CONFIRMADA, elimina, efeito[elimina].fundamento
            )
    return None


def sem_participacao(c: Candidato, efeito: Mapping[str, NaoConfirmacao]) -> bool:
    """Whether ``c`` is eliminated from the certame and takes no phase (spec section 10):
    ``eliminado``, fraud in a list (Lei 3.057/2026, art. 12; Lei 3.056/2025, art. 7º, §1º,
    I; LC 22/2026, art. 3º, §3º), or a final non-confirmation whose effect is elimination
    (only where the edital chose it: SMBV PP)."""
    if c.eliminado:
        return True
    estados = c.listas.values() if c.listas else ()
    if _FRAUDE in estados:
        return True
    return any(
        e == _NAO_CONFIRMADA and efeito[lst].efeito == ELIMINA for lst, e in c.listas.items()
    )


def _pendente_onde_elimina(opcoes: Mapping[str, str], efeito: dict[str, NaoConfirmacao]) -> bool:
    """Whether the candidate is pending in a list whose non-confirmation eliminates."""
    return _PENDENTE in opcoes.values() and any(
        e == _PENDENTE and efeito[lst].efeito == ELIMINA for lst, e in opcoes.items()
    )


def listas_do_optante(
    c: Candidato, regime: Regime, efeito: Mapping[str, NaoConfirmacao]
) -> tuple[list[str], list[Remocao]]:
    """The reserved lists an optant in AC enters (confirmed or pending), and the removals
    from the lists they opted for but do not enter."""
    entra: list[str] = []
    raciais: list[str] = []
    remocoes: list[Remocao] = []
    for lst, e in c.listas.items():
        if e == _CONFIRMADA or e == _PENDENTE:
            if lst == PCD:
                entra.append(PCD)
            else:
                raciais.append(lst)
        else:
            # nao_confirmada that does not eliminate: out of that list, stays in AC
            # (Lei 3.057/2026, art. 11, §1º; Lei 3.056/2025, art. 6º, §2º;
            # Lei 15.142/2025, art. 3º, §2º). A PcD one never eliminates.
            remocoes.append(
                Remocao(c.inscricao, lst, MOTIVO_NAO_CONFIRMADA, efeito[lst].fundamento)
            )
    if regime.apenas_maior_percentual and len(raciais) > 1:
        # Only the list with the highest percentage; ties: the regime's order
        # (Decreto 12.536/2025). PCD is not affected.
        fica = _maior_percentual(raciais, regime)
        remocoes.extend(
            Remocao(c.inscricao, lst, MOTIVO_MAIOR_PERCENTUAL, regime.fundamento_multiplas_listas)
            for lst in raciais
            if lst != fica
        )
        raciais = [fica]
    return entra + raciais, remocoes


def _maior_percentual(raciais: list[str], regime: Regime) -> str:
    """The racial list of highest percentage among ``raciais``; ties: the regime's order."""
    ordem_grupo = {g.codigo: i for i, g in enumerate(regime.grupos)}
    percentual = {g.codigo: g.percentual for g in regime.grupos}
    return max(raciais, key=lambda g: (percentual[g], -ordem_grupo[g]))

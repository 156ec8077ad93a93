"""Phases, minimum scores and cut-offs (cláusula de barreira), spec section 10.

A cargo's evaluation is the sequence of phases the edital defines, in order (objective exam,
discursive exam, títulos, practical test...). Each phase has a code, an optional minimum
score (``nota_minima``: the phase's own score below it eliminates), a weight (``peso``,
default 1; 0 for a phase that only eliminates) and, except on the last phase, an optional
cut-off per list (``corte``: how many advance to the next phase; AC's number is required, a
reserved list without a number has no route of its own).

- Partial score after phase k: the sum over phases 1..k of ``peso x nota`` (exact decimals);
  the final score is the partial score after the last phase.
- Phase k is taken by those who advanced from phase k-1 (phase 1: every habilitated
  inscrição). A score is a decimal or ``ausente`` (eliminated). Who advanced and has no score
  yet is ``aguardando_nota`` (the banca has not scored them, e.g. admitted later because a
  non-confirmation freed a place in a list's cut): out of the final lists, and reported.
- Survivors of phase k: those who took it and reached its minimum.
- Advancing from phase k, each route over the survivors: by AC, the first ``corte.AC`` by
  partial score plus every survivor tied with the last of them; by list g, the same among
  the survivors in list g (their states now, spec section 5) with ``corte.g``; guaranteed,
  where the regime or the edital guarantees optants every phase (Lei 3.056/2025, art. 9º;
  Lei 15.142/2025, art. 6º), every survivor in a racial reserved list. Any route admits.
- States are read as they are now: a later non-confirmation re-reads the earlier phases
  (Lei 3.056/2025, art. 6º, §2º; Lei 15.142/2025, art. 3º, §2º; Lei 3.057/2026, art. 11,
  §1º: the non-confirmed optant goes on by AC only "desde que possua, em cada fase anterior,
  pontuação suficiente"), so an optant who advanced only by a reserved route or by the
  guarantee, once non-confirmed, is not admitted by the cut and leaves every list, unless
  still in another reserved list. A phase score is never removed.

Who takes part: every candidate not eliminated from the certame (``eliminado``, fraud, or a
non-confirmation whose effect is elimination). A desistência or a call made void does not
reopen a phase's cut (product default: those are facts of the calls, not of the
evaluation); such a candidate keeps their phase results and is out of the final lists
(spec section 5).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum

from .aritmetica import formatar_decimal
from .erros import ErroEntrada
from .listas import Exclusao, chave_inscricao, listas_do_optante, sem_participacao
from .modelos import AUSENTE, Candidato, Estado
from .regimes import AC, PCD, Regime

__all__ = [
    "AUSENTE",
    "ROTA_GARANTIA",
    "ResultadoFase",
    "Fase",
    "Desempenho",
    "AvaliacaoFases",
    "avaliar_fases",
    "validar_fases",
]

#: The route of a candidate admitted only by the guarantee of every phase.
ROTA_GARANTIA = "garantia"


class ResultadoFase(StrEnum):
    """What a phase gave a candidate who took it (spec section 10)."""

    APROVADO = "aprovado"
    ELIMINADO_NOTA_MINIMA = "eliminado_nota_minima"
    AUSENTE = "ausente"
    NAO_ADMITIDO_CORTE = "nao_admitido_corte"
    AGUARDANDO_NOTA = "aguardando_nota"


_APROVADO = ResultadoFase.APROVADO.value
_ELIMINADO = ResultadoFase.ELIMINADO_NOTA_MINIMA.value
_AUSENTE = ResultadoFase.AUSENTE.value
_NAO_ADMITIDO = ResultadoFase.NAO_ADMITIDO_CORTE.value
_AGUARDANDO = ResultadoFase.AGUARDANDO_NOTA.value
_NAO_CONFIRMADA = Estado.NAO_CONFIRMADA.value


@dataclass(frozen=True)
class Fase:
    """One phase of the cargo's evaluation, as the edital defines it."""

    codigo: str
    nota_minima: Decimal | None = None
    peso: Decimal = Decimal(1)
    #: List code -> how many advance by that list (None: every survivor advances).
    corte: Mapping[str, int] | None = None
    nome: str = ""


@dataclass(frozen=True, slots=True)
class Desempenho:
    """A candidate's result in one phase they took: the score (None: absent or not scored
    yet), the partial score after it (None when eliminated or waiting), the outcome and the
    route by which they advanced (``AC``, a reserved list, ``garantia``; None where the
    phase has no cut-off or they did not advance)."""

    fase: str
    nota: Decimal | None
    parcial: Decimal | None
    resultado: str
    rota: str | None = None
    #: Why, in words with the legal basis (the guarantee's or the non-confirmation's
    #: article; empty for a plain result).
    fundamento: str = ""


@dataclass(frozen=True)
class AvaliacaoFases:
    """Every phase result of a cargo's candidates."""

    fases: tuple[Fase, ...]
    #: Inscrição -> their results, one per phase taken, in phase order.
    desempenhos: dict[str, tuple[Desempenho, ...]]
    #: Survivors of the last phase -> final score (partial score after the last phase).
    notas_finais: dict[str, Decimal]
    #: Who advanced and awaits a score, by inscrição order: while not empty, the cargo's
    #: final classification is not published and no new position is called.
    aguardando_nota: tuple[str, ...]
    #: Candidates who took part and are out of the final lists because of a phase.
    exclusoes: dict[str, Exclusao] = field(default_factory=dict)
    garantia: bool = False

    def resultados_da_fase(self, codigo: str) -> list[tuple[str, Desempenho]]:
        """(inscrição, result) of everyone who took phase ``codigo``."""
        saida = []
        for inscricao, desempenhos in self.desempenhos.items():
            for d in desempenhos:
                if d.fase == codigo:
                    saida.append((inscricao, d))
        return saida


def validar_fases(fases: Sequence[Fase], regime: Regime) -> None:
    """Input errors of the phases (spec section 10): codes unique and non-empty, weights and
    minimums not negative, a cut-off only before the last phase, with AC's number, integers
    >= 1, lists of the regime. Raises ``ErroEntrada``."""
    if not fases:
        raise ErroEntrada("fases: informe ao menos uma fase (ou omita o campo)")
    vistos: set[str] = set()
    listas = set(regime.listas_com_ac)
    for i, f in enumerate(fases):
        campo = f"fases[{i}]"
        if not isinstance(f.codigo, str) or not f.codigo.strip():
            raise ErroEntrada(f"{campo}.codigo: valor inválido “{f.codigo}”")
        if f.codigo in vistos:
            raise ErroEntrada(f"{campo}.codigo: fase “{f.codigo}” repetida")
        vistos.add(f.codigo)
        if f.peso < 0:
            raise ErroEntrada(f"{campo}.peso: não pode ser negativo, recebido {f.peso}")
        if f.nota_minima is not None and f.nota_minima < 0:
            raise ErroEntrada(
                f"{campo}.nota_minima: não pode ser negativa, recebido {f.nota_minima}"
            )
        if f.corte is None:
            continue
        if i == len(fases) - 1:
            raise ErroEntrada(
                f"{campo}.corte: a última fase não tem nota de corte (todos os que a "
                "superam vão às listas finais)"
            )
        if AC not in f.corte:
            raise ErroEntrada(
                f"{campo}.corte.AC: obrigatório quando a fase tem nota de corte (quantos "
                "avançam pela ampla concorrência)"
            )
        for lista, n in f.corte.items():
            if lista not in listas:
                raise ErroEntrada(
                    f"{campo}.corte.{lista}: a lista “{lista}” não existe no regime "
                    f"{regime.id} (listas: {', '.join(regime.listas_com_ac)})"
                )
            if isinstance(n, bool) or not isinstance(n, int) or n < 1:
                raise ErroEntrada(
                    f"{campo}.corte.{lista}: esperado inteiro maior ou igual a 1, recebido “{n}”"
                )


def validar_notas(candidatos: Sequence[Candidato], fases: Sequence[Fase] | None) -> None:
    """Each candidate's ``notas`` name phases of the edital; with phases, no candidate has a
    single ``nota`` of its own, and without phases none has ``notas``. Raises
    ``ErroEntrada``."""
    codigos = {f.codigo for f in fases or ()}
    for i, c in enumerate(candidatos):
        if c.notas is None:
            continue
        if not fases:
            raise ErroEntrada(
                f"candidatos[{i}].notas: o cargo não tem fases; informe a nota final em “nota”"
            )
        for codigo, nota in c.notas.items():
            if codigo not in codigos:
                raise ErroEntrada(
                    f"candidatos[{i}].notas.{codigo}: a fase “{codigo}” não existe (fases: "
                    f"{', '.join(f.codigo for f in fases)})"
                )
            if nota != AUSENTE and not (isinstance(nota, Decimal) and nota.is_finite()):
                raise ErroEntrada(f"candidatos[{i}].notas.{codigo}: valor inválido “{nota}”")
            if isinstance(nota, Decimal) and nota < 0:
                raise ErroEntrada(
                    f"candidatos[{i}].notas.{codigo}: não pode ser negativa, recebido {nota}"
                )


def _admitidos(sobreviventes: list[tuple[Candidato, Decimal]], corte: int) -> set[str]:
    """The first ``corte`` by partial score, plus every one tied with the last of them."""
    if len(sobreviventes) <= corte:
        return {c.inscricao for c, _ in sobreviventes}
    ordenados = sorted((p for _, p in sobreviventes), reverse=True)
    limite = ordenados[corte - 1]
    return {c.inscricao for c, p in sobreviventes if p >= limite}


def avaliar_fases(
    candidatos: Sequence[Candidato], fases: Sequence[Fase], regime: Regime, garantia: bool
) -> AvaliacaoFases:
    """Run the phases over the cargo's candidates (spec section 10). ``regime`` has the
    edital's parameters applied; ``garantia``: optants in a racial list advance every phase
    on reaching its minimum (``Regime.optantes_todas_as_fases``)."""
    efeito = {n.lista: n for n in regime.nao_confirmacao}
    ordem_listas = {lst: i for i, lst in enumerate(regime.listas)}
    participantes = [c for c in candidatos if not sem_participacao(c, efeito)]
    listas_de = {c.inscricao: listas_do_optante(c, regime, efeito)[0] for c in participantes}
    parciais = {c.inscricao: Decimal(0) for c in participantes}
    desempenhos: dict[str, list[Desempenho]] = {c.inscricao: [] for c in participantes}
    exclusoes: dict[str, Exclusao] = {}
    aguardando: list[str] = []
    atuais = participantes
    for k, fase in enumerate(fases):
        sobreviventes: list[tuple[Candidato, Decimal]] = []
        for c in atuais:
            nota = (c.notas or {}).get(fase.codigo)
            if nota is None:
                aguardando.append(c.inscricao)
                _sair(desempenhos, exclusoes, c, fase, None, _AGUARDANDO,
                      f"aguarda a nota da fase {fase.codigo}: admitido(a) a ela e ainda sem "
                      "nota da banca")
                continue
            if nota == AUSENTE:
                _sair(desempenhos, exclusoes, c, fase, None, _AUSENTE,
                      f"ausente na fase {fase.codigo}: eliminado(a) (edital)")
                continue
            assert isinstance(nota, Decimal)
            if fase.nota_minima is not None and nota < fase.nota_minima:
                _sair(desempenhos, exclusoes, c, fase, nota, _ELIMINADO,
                      f"nota {formatar_decimal(nota)} na fase {fase.codigo}, abaixo da mínima "
                      f"{formatar_decimal(fase.nota_minima)} (edital)")
                continue
            parciais[c.inscricao] += fase.peso * nota
            sobreviventes.append((c, parciais[c.inscricao]))
        if fase.corte is None or k == len(fases) - 1:
            for c, p in sobreviventes:
                desempenhos[c.inscricao].append(
                    Desempenho(fase.codigo, (c.notas or {})[fase.codigo], p, _APROVADO))  # type: ignore[arg-type]
            atuais = [c for c, _ in sobreviventes]
            continue
        pelo_ac = _admitidos(sobreviventes, fase.corte[AC])
        por_lista = {
            lst: _admitidos([(c, p) for c, p in sobreviventes if lst in listas_de[c.inscricao]], n)
            for lst, n in sorted(fase.corte.items(), key=lambda x: ordem_listas.get(x[0], -1))
            if lst != AC
        }
        proximos: list[Candidato] = []
        for c, p in sobreviventes:
            nota = (c.notas or {})[fase.codigo]
            assert isinstance(nota, Decimal)
            rota = _rota(c, pelo_ac, por_lista, listas_de, garantia)
            if rota is None:
                _sair(desempenhos, exclusoes, c, fase, nota, _NAO_ADMITIDO,
                      _motivo_corte(c, fase, regime), parcial=p)
                continue
            fundamento = regime.fundamento_todas_as_fases if rota == ROTA_GARANTIA else ""
            desempenhos[c.inscricao].append(
                Desempenho(fase.codigo, nota, p, _APROVADO, rota, fundamento))
            proximos.append(c)
        atuais = proximos
    finais = {c.inscricao: parciais[c.inscricao] for c in atuais}
    return AvaliacaoFases(
        fases=tuple(fases),
        desempenhos={i: tuple(d) for i, d in desempenhos.items()},
        notas_finais=finais,
        aguardando_nota=tuple(sorted(aguardando, key=chave_inscricao)),
        exclusoes=exclusoes,
        garantia=garantia,
    )


def _rota(c: Candidato, pelo_ac: set[str], por_lista: dict[str, set[str]],
          listas_de: dict[str, list[str]], garantia: bool) -> str | None:
    """The route that admits ``c`` to the next phase: AC first, then a list of its own
    (regime order), then the guarantee; None: not admitted."""
    if c.inscricao in pelo_ac:
        return AC
    for lst, admitidos in por_lista.items():
        if c.inscricao in admitidos:
            return lst
    if garantia and any(lst != PCD for lst in listas_de[c.inscricao]):
        return ROTA_GARANTIA
    return None


def _motivo_corte(c: Candidato, fase: Fase, regime: Regime) -> str:
    """Why a survivor did not advance: outside every cut; for a non-confirmed optant, the
    article that lets them go on by AC only with sufficient score in each phase."""
    texto = f"fora da nota de corte da fase {fase.codigo}"
    nao_confirmadas = [lst for lst, e in (c.listas or {}).items() if e == _NAO_CONFIRMADA]
    if nao_confirmadas:
        lst = nao_confirmadas[0]
        texto += (
            f": com a autodeclaração não confirmada ({lst}), segue só pela ampla concorrência, "
            "desde que tenha em cada fase anterior pontuação suficiente, e não alcançou o "
            f"corte da ampla concorrência — {regime.regra_nao_confirmacao(lst).fundamento}"
        )
    return texto


def _sair(desempenhos: dict[str, list[Desempenho]], exclusoes: dict[str, Exclusao],
          c: Candidato, fase: Fase, nota: Decimal | None, resultado: str, fundamento: str,
          parcial: Decimal | None = None) -> None:
    desempenhos[c.inscricao].append(
        Desempenho(fase.codigo, nota, parcial, resultado, None, fundamento))
    nao_confirmadas = [lst for lst, e in (c.listas or {}).items() if e == _NAO_CONFIRMADA]
    lista = nao_confirmadas[0] if resultado == _NAO_ADMITIDO and nao_confirmadas else None
    exclusoes[c.inscricao] = Exclusao(c.inscricao, resultado, lista, fundamento)

"""Which lists a candidate is in, and why not in the others: one answer for every page (issue
21, item 8).

The engine decides it (`certames.regras.listas.montar_listas`, spec section 5) and the
published snapshot holds it: the candidate's positions (`certames.instantaneo`) are the lists
they are in; the version's `exclusoes` say why they are out of every list (`Exclusao`) or
out of one reserved list, still in AC (`Remocao`). Every page that says it reads it here: RH's
cargo page and inscrição page, the candidate's status page. Public pages show the positions
only (the published lists): a removal names a list the candidate opted for, which the
self-declaration behind it makes sensitive (LGPD, Lei 13.709/2018, art. 5º, II).

Under "only the highest percentage" (Decreto 12.536/2025; spec section 5, last rule) the
removal names the list removed, and the snapshot also records the racial list kept
(`mantida`, written with the version by `classificacao.listas`): "removed from Q, kept
only in PP". A version written before that key is read from its own positions.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from candidatos.models import Inscricao
from certames import instantaneo, regras
from certames.regras.listas import MOTIVO_MAIOR_PERCENTUAL

#: Why a candidate is out of every list, or out of one reserved list (engine reason codes).
MOTIVOS = {
    "eliminado": gettext_lazy("eliminado do certame"),
    "desistente": gettext_lazy("desistente"),
    "fraude": gettext_lazy("fraude apurada em procedimento administrativo"),
    "nao_confirmada": gettext_lazy("autodeclaração não confirmada"),
    # The entry names the list removed; the list kept is recorded beside it ("mantida") and
    # both are said by `classificacao.listas_da_inscricao`.
    "maior_percentual": gettext_lazy("removido(a) desta lista: mantido(a) só na reserva "
                                     "racial de maior percentual"),
    "sem_efeito": gettext_lazy("convocação tornada sem efeito"),
    # The phases (spec section 10): the entry's basis says which phase and why.
    "nao_admitido_corte": gettext_lazy("não admitido(a) à fase seguinte pela cláusula de "
                                       "barreira"),
    "eliminado_nota_minima": gettext_lazy("eliminado(a) por nota abaixo da mínima de uma fase"),
    "ausente": gettext_lazy("ausente em uma fase"),
    "aguardando_nota": gettext_lazy("aguardando a nota da banca em uma fase"),
}


def nome_lista(regime: regras.Regime, lista: str) -> str:
    """Display name of a list: the law's own words for a group."""
    if lista == regras.AC:
        return _("ampla concorrência")
    if lista == regras.PCD:
        return _("pessoas com deficiência")
    try:
        return regime.grupo(lista).nome
    except KeyError:
        return lista


def _regime(versao) -> regras.Regime:
    try:
        return regras.obter_regime(versao.regime)
    except KeyError:
        return versao.cargo.certame.regime_legal


def _rotulo(regime: regras.Regime | None, lista: str) -> str:
    """"Q, de pessoas quilombolas" (the code, then the law's words for the group)."""
    if regime is None:
        return lista
    return _("%(c)s, de %(n)s") % {"c": lista, "n": nome_lista(regime, lista)}


def _juntar(itens: Sequence[str]) -> str:
    if len(itens) <= 1:
        return "".join(itens)
    return _("%(a)s e %(b)s") % {"a": ", ".join(itens[:-1]), "b": itens[-1]}


@dataclass(frozen=True)
class Saida:
    """Why the candidate is out of reserved lists, still in AC (`permanece_ac`: a
    `Remocao`), or out of every list (an `Exclusao`; `listas` the list concerned, if any):
    the engine's reason, the legal basis, and, under "only the highest percentage", the
    racial list kept."""

    inscricao: str
    motivo: str
    listas: tuple[str, ...]
    fundamento: str
    permanece_ac: bool
    mantida: str = ""
    regime: regras.Regime | None = None

    @property
    def texto(self) -> str:
        """What happened, in one sentence."""
        regime = self.regime
        nomes = [_rotulo(regime, lista) for lista in self.listas]
        motivo = MOTIVOS.get(self.motivo, self.motivo)
        if self.motivo == MOTIVO_MAIOR_PERCENTUAL and not self.mantida:
            texto = _("removido(a) da lista %(r)s: mantido(a) só na reserva racial de maior "
                      "percentual") % {"r": _juntar(nomes)}
        elif self.motivo == MOTIVO_MAIOR_PERCENTUAL:
            texto = (_("removido(a) da lista %(r)s, e mantido(a) só na lista %(m)s, a de maior "
                       "percentual entre as reservas raciais")
                     if len(nomes) == 1 else
                     _("removido(a) das listas %(r)s, e mantido(a) só na lista %(m)s, a de "
                       "maior percentual entre as reservas raciais")) % {
                "r": _juntar(nomes), "m": _rotulo(regime, self.mantida)}
        elif self.permanece_ac:
            texto = _("removido(a) da lista %(r)s: %(m)s") % {"r": _juntar(nomes), "m": motivo}
        elif nomes:
            texto = _("fora de todas as listas: %(m)s, na lista %(r)s") % {
                "r": _juntar(nomes), "m": motivo}
        else:
            texto = _("fora de todas as listas: %(m)s") % {"m": motivo}
        if self.permanece_ac:
            texto += _("; permanece na ampla concorrência")
        return texto


def _mantidas(versao, numeros: set[str]) -> dict[str, str]:
    """For a version written before `mantida` was recorded: the racial list each of these
    candidates holds a position in (one query for their ids, one read of the lists)."""
    if not numeros:
        return {}
    ids = dict(Inscricao.objects.filter(cargo_id=versao.cargo_id, numero__in=numeros)
               .values_list("pk", "numero"))
    raciais = {g.codigo for g in _regime(versao).grupos}
    saida: dict[str, str] = {}
    for lista, membros in instantaneo.listas(versao).items():
        if lista in raciais:
            for pk in set(membros) & set(ids):
                saida[ids[pk]] = lista
    return saida


def saidas(versao, entradas: Iterable[dict], *, em: Iterable[str] | None = None
           ) -> list[Saida]:
    """The version's exclusion entries (all of a cargo's, or one candidate's) as `Saida`,
    one per candidate and reason, in the entries' order. `em`: the lists of the only
    candidate concerned, when the caller read them (no query)."""
    regime = _regime(versao)
    entradas = list(entradas)
    grupos: dict[tuple[str, str], list[dict]] = {}
    for e in entradas:
        grupos.setdefault((e["inscricao"], e["motivo"]), []).append(e)
    raciais = {g.codigo for g in regime.grupos}
    sem_registro = {n for (n, m), es in grupos.items()
                    if m == MOTIVO_MAIOR_PERCENTUAL and not any(e.get("mantida") for e in es)}
    if sem_registro and em is not None:
        fica = next((lista for lista in em if lista in raciais), "")
        mantidas = dict.fromkeys(sem_registro, fica)
    else:
        mantidas = _mantidas(versao, sem_registro)
    resultado = []
    for (numero, motivo), es in grupos.items():
        listas = tuple(e["lista"] for e in es if e.get("lista"))
        mantida = next((e["mantida"] for e in es if e.get("mantida")), mantidas.get(numero, ""))
        resultado.append(Saida(
            numero, motivo, listas, "; ".join(dict.fromkeys(e.get("fundamento") or ""
                                                            for e in es)),
            any(e.get("permanece_ac") for e in es),
            mantida if motivo == MOTIVO_MAIOR_PERCENTUAL else "", regime))
    return resultado


@dataclass(frozen=True)
class ListasDaInscricao:
    """The candidate in one version: the lists they are in (their positions) and why they
    are out of the others."""

    posicoes: list
    saidas: list[Saida]

    @property
    def em(self) -> tuple[str, ...]:
        return tuple(p.lista for p in self.posicoes)


def listas_da_inscricao(versao, inscricao, *, posicoes: list | None = None,
                        entradas: Iterable[dict] | None = None) -> ListasDaInscricao:
    """The one answer for a candidate: pass `posicoes` (their positions in the version) and
    `entradas` (their own exclusion entries) when already read."""
    if posicoes is None:
        posicoes = instantaneo.posicoes_da_inscricao(versao, inscricao.pk)
    if entradas is None:
        entradas = [e for e in versao.exclusoes or [] if e.get("inscricao") == inscricao.numero]
    return ListasDaInscricao(posicoes, saidas(versao, entradas,
                                              em=[p.lista for p in posicoes]))

"""A candidate's state in each reserved list they opted for (spec section 5): the one answer
the engine's input, the homologation guard, RH's inscrição page and the candidate's status
page all read.

Who sets a state (spec section 5, "Who sets a state"): only the final decision of a
procedure, recorded as a `SituacaoLista` row by `candidatos.servicos.registrar_situacao_lista`
(the committees' final results and the fraud procedure), or the self-declaration itself
where the edital dispenses the procedure the law leaves to it (the regime's
`Regime.confirmacao_pela_autodeclaracao`: Lei 3.057/2026, art. 10, §2º, "poderão ser submetidos";
without it the self-declaration stands, art. 9º, I, and art. 10, caput). Nothing else (an RH
form, an import, the admin) sets or changes it.

The self-declaration's state is read, not written: it follows the self-declaration and the
edital's parameters as they are, so no row can go stale when either is corrected (the
retificação, an edital's rectification). A recorded final decision (a fraud, for one) always
prevails.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext as _

from candidatos.models import EstadoLista, Inscricao, Lista, SituacaoLista
from certames.models import Certame


class Autodeclaracao:
    """For one certame: where its edital dispenses the procedure of an option, the basis on
    which the self-declaration stands (memoised per list and colour: the engine asks it for
    every inscrição of a cargo)."""

    def __init__(self, certame: Certame):
        self.regime = certame.regime_legal
        self.parametros = certame.parametros or {}
        self._memo: dict[tuple[str, str], str] = {}

    def fundamento(self, lista: str, cor_raca: str) -> str:
        """The basis, or "" when a procedure decides this option."""
        chave = (lista, cor_raca)
        if chave not in self._memo:
            self._memo[chave] = self.regime.confirmacao_pela_autodeclaracao(
                self.parametros, lista, cor_raca)
        return self._memo[chave]

    def estado(self, lista: str, cor_raca: str, registrado: str | None) -> str:
        """The state in the list: the recorded final decision; else `confirmada` by the
        self-declaration where the procedure is dispensed; else `pendente` (nothing final
        decided yet: sub judice)."""
        return estado_na_lista(registrado, self.fundamento(lista, cor_raca))


def estado_na_lista(registrado: str | None, fundamento_autodeclaracao: str) -> str:
    """The state of one option from its recorded decision (`SituacaoLista.estado`, or None)
    and the basis of the self-declaration where the procedure is dispensed ("" otherwise)."""
    if registrado and registrado != EstadoLista.PENDENTE:
        return registrado
    if fundamento_autodeclaracao:
        return EstadoLista.CONFIRMADA.value
    return registrado or EstadoLista.PENDENTE.value


@dataclass(frozen=True)
class EstadoNaLista:
    """One option of an inscrição with its state and where it comes from (the attributes of
    a `SituacaoLista` the pages show)."""

    lista: str
    estado: str
    motivacao: str
    fundamento: str
    #: The procedure's recorded decision, if any.
    situacao: SituacaoLista | None

    @property
    def por_autodeclaracao(self) -> bool:
        """Confirmed by the self-declaration (the procedure dispensed), not by a decision."""
        return self.estado == EstadoLista.CONFIRMADA and (
            self.situacao is None or self.situacao.estado == EstadoLista.PENDENTE)

    @property
    def atualizada_em(self):
        """When the recorded decision was written (None: the self-declaration's state)."""
        if self.situacao is None or self.por_autodeclaracao:
            return None
        return self.situacao.atualizada_em

    @property
    def definitivo(self) -> bool:
        return self.estado != EstadoLista.PENDENTE

    def get_estado_display(self) -> str:
        return str(EstadoLista(self.estado).label)

    def get_lista_display(self) -> str:
        return str(Lista(self.lista).label)


def estados_da_inscricao(inscricao: Inscricao,
                         situacoes: Iterable[SituacaoLista] | None = None,
                         autodeclaracao: Autodeclaracao | None = None) -> list[EstadoNaLista]:
    """The state of each list the inscrição opted for, in the inscrição's order.
    `situacoes`: its `SituacaoLista` rows when already read."""
    if situacoes is None:
        situacoes = SituacaoLista.objects.filter(inscricao=inscricao)
    por_lista = {s.lista: s for s in situacoes}
    autodeclaracao = autodeclaracao or Autodeclaracao(inscricao.cargo.certame)
    saida = []
    for lista in inscricao.listas or []:
        situacao = por_lista.get(lista)
        registrado = situacao.estado if situacao else None
        fundamento = autodeclaracao.fundamento(lista, inscricao.cor_raca)
        estado = estado_na_lista(registrado, fundamento)
        if situacao is not None and registrado == estado:
            saida.append(EstadoNaLista(lista, estado, situacao.motivacao, situacao.fundamento,
                                       situacao))
        elif estado == EstadoLista.CONFIRMADA:
            saida.append(EstadoNaLista(
                lista, estado,
                _("Vale a autodeclaração feita na inscrição: o edital não prevê o procedimento "
                  "de confirmação desta opção."), fundamento, situacao))
        else:
            saida.append(EstadoNaLista(lista, estado, "", "", situacao))
    return saida

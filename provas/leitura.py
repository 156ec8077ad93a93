"""Reading a cargo's phase results from a computed classification version (its `fases`,
written by `classificacao.listas`): the one answer every page gives of who took a phase, with
what score, outcome and route, and who awaits a score.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from certames.models import VersaoClassificacao
from certames.regras import AC
from certames.regras.fases import ROTA_GARANTIA, ResultadoFase
from provas.models import DesempenhoPublicado, Fase, PublicacaoFase
from provas.recursos import fim_do_prazo

APROVADO = ResultadoFase.APROVADO.value
AGUARDANDO = ResultadoFase.AGUARDANDO_NOTA.value

#: The outcome of a phase in words (spec section 10).
RESULTADOS = {
    ResultadoFase.APROVADO.value: _("Habilitado(a) na fase"),
    ResultadoFase.ELIMINADO_NOTA_MINIMA.value: _("Eliminado(a): nota abaixo da mínima"),
    ResultadoFase.AUSENTE.value: _("Ausente: eliminado(a)"),
    ResultadoFase.NAO_ADMITIDO_CORTE.value: _("Não admitido(a) à fase seguinte (cláusula de "
                                              "barreira)"),
    ResultadoFase.AGUARDANDO_NOTA.value: _("Aguardando a nota da banca"),
}


@dataclass(frozen=True)
class ResultadoNaFase:
    inscricao_id: int
    nota: Decimal | None
    parcial: Decimal | None
    resultado: str
    rota: str | None
    fundamento: str

    @property
    def descricao(self) -> str:
        return str(RESULTADOS.get(self.resultado, self.resultado))

    @property
    def descricao_rota(self) -> str:
        """By which route the candidate advanced, in words ("" when they did not)."""
        if self.rota is None:
            return ""
        if self.rota == AC:
            return str(_("pela ampla concorrência"))
        if self.rota == ROTA_GARANTIA:
            return str(_("pela garantia dos optantes a todas as fases"))
        return str(_("pela lista %(l)s") % {"l": self.rota})

    @property
    def aguardando(self) -> bool:
        return self.resultado == AGUARDANDO


def _decimal(texto: str | None) -> Decimal | None:
    return None if texto is None else Decimal(texto)


def _ler(linha: list) -> ResultadoNaFase:
    inscricao_id, nota, parcial, resultado, rota, fundamento = linha
    return ResultadoNaFase(inscricao_id, _decimal(nota), _decimal(parcial), resultado, rota,
                           fundamento or "")


def resultados_da_fase(versao: VersaoClassificacao | None, codigo: str
                       ) -> list[ResultadoNaFase]:
    """Everyone who took phase `codigo` in the version, by inscrição number order."""
    if versao is None:
        return []
    for fase in versao.fases:
        if fase["codigo"] == codigo:
            return [_ler(linha) for linha in fase["resultados"]]
    return []


def corte_da_fase(versao: VersaoClassificacao | None, codigo: str) -> dict[str, int]:
    """The phase's cut-off per list as the engine applied it (numbers)."""
    for fase in (versao.fases if versao is not None else ()):
        if fase["codigo"] == codigo:
            return dict(fase.get("corte") or {})
    return {}


def admitidos_na_fase(fase: Fase, fases: list[Fase] | None = None) -> set[int] | None:
    """Who takes `fase` (spec section 10: phase k is taken by those who advanced from phase
    k-1): None on the cargo's first phase (every inscrição that takes part), else the
    inscrições the latest computed version lists in the phase, scored or awaiting a score,
    whatever route admitted them (AC, a list of their own, the optants' guarantee). `fases`:
    the cargo's phases in order, when the caller read them. The one answer of the banca's
    import (`provas.servicos`) and of the exam's allocation (`provas.aplicacao`). Raises
    ValidationError while the version is not current (the previous phase's result is not
    computed yet)."""
    if fases is None:
        fases = list(Fase.objects.filter(cargo_id=fase.cargo_id).order_by("ordem"))
    if fase.pk == fases[0].pk:
        return None
    cargo = fase.cargo
    if cargo.geracao_calculada < cargo.geracao_classificacao:
        raise ValidationError(gettext(
            "O resultado da fase anterior ainda está sendo calculado: aguarde o recálculo (ou "
            "clique em “Recalcular agora” na página do cargo) e tente de novo."))
    versao = cargo.versoes_classificacao.order_by("-numero").only("pk", "fases").first()
    return {r.inscricao_id for r in resultados_da_fase(versao, fase.codigo)}


def desempenho_da_inscricao(versao: VersaoClassificacao | None, inscricao_id: int
                            ) -> dict[str, ResultadoNaFase]:
    """Phase code -> the inscrição's result, for the phases they took."""
    saida: dict[str, ResultadoNaFase] = {}
    for fase in (versao.fases if versao is not None else ()):
        for linha in fase["resultados"]:
            if linha[0] == inscricao_id:
                saida[fase["codigo"]] = _ler(linha)
                break
    return saida


@dataclass(frozen=True)
class FasePublicada:
    """What the candidate sees of one phase: its latest published result for them."""

    codigo: str
    nome: str
    publicacao: str  # PublicacaoFase.Tipo label
    publicada_em: object
    resultado: ResultadoNaFase
    fase_id: int = 0
    #: The candidate's row in that publication (the decision an appeal is filed against).
    desempenho_id: int = 0
    #: A preliminary result: the end of its appeal period (`provas.recursos.fim_do_prazo`);
    #: None for a final one.
    fim_recurso: object = None


def fases_publicadas(inscricao_id: int) -> list[FasePublicada]:
    """The inscrição's results in the published phase results, the latest publication of
    each phase, in phase order (one query)."""
    ultimas: dict[int, FasePublicada] = {}
    for d in (DesempenhoPublicado.objects.filter(inscricao_id=inscricao_id)
              .select_related("publicacao__fase")
              .order_by("publicacao__fase__ordem", "publicacao__publicada_em",
                        "publicacao_id")):
        fase = d.publicacao.fase
        preliminar = d.publicacao.tipo == PublicacaoFase.Tipo.PRELIMINAR
        ultimas[fase.ordem] = FasePublicada(
            fase.codigo, fase.nome, d.publicacao.get_tipo_display(), d.publicacao.publicada_em,
            ResultadoNaFase(inscricao_id, d.nota, d.parcial, d.resultado, d.rota or None,
                            d.fundamento), fase.pk, d.pk,
            fim_do_prazo(d.publicacao) if preliminar else None)
    return [ultimas[k] for k in sorted(ultimas)]


def habilitados_por_cargo(cargo_ids) -> dict[int, set[int]]:
    """For each of these cargos that has phases: the inscrições habilitated in the phase that
    convokes to the heteroidentification as the edital names it (else the last phase), in
    the latest computed version (spec section 10: "habilitated" is a result of the phases;
    Lei 3.056/2025, art. 6º, §1º). A cargo without phases is absent (its situação says)."""
    escolhida: dict[int, Fase] = {}
    for fase in Fase.objects.filter(cargo_id__in=list(cargo_ids)).order_by("cargo_id",
                                                                             "ordem"):
        atual = escolhida.get(fase.cargo_id)
        if atual is None or not atual.habilita_heteroidentificacao:
            escolhida[fase.cargo_id] = fase
    saida: dict[int, set[int]] = {}
    for cargo_id, fase in escolhida.items():
        versao = (VersaoClassificacao.objects.filter(cargo_id=cargo_id).order_by("-numero")
                  .only("pk", "fases").first())
        saida[cargo_id] = {r.inscricao_id for r in resultados_da_fase(versao, fase.codigo)
                           if r.resultado == APROVADO}
    return saida

"""The engine's view of a cargo's phases (spec section 10): the phases with their cut-offs
resolved to numbers, each inscrição's phase scores, and the final score the edital defines.

One function answers each question: `cortes` turns the cut-off RH entered (a number, or a
multiple of the list's vacancies in the split) into the engine's integers; `nota_final` is
the sum of weight x score the engine computes (spec section 10, "partial score"), used by
the import to keep `Inscricao.nota` equal to the engine's final score.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal

from django.utils.translation import gettext as _

from candidatos.importacao.valores import ValorInvalido, decimal_br
from certames import regras
from certames.regras.fases import AUSENTE
from certames.regras.fases import Fase as FaseMotor
from comum.planilhas import mostrar, normalizar
from provas.models import Fase, NotaFase

#: How the banca marks an absent candidate in its spreadsheet.
AUSENTE_PLANILHA = "ausente"
#: The decimals a phase's score may have (the column's own).
CASAS_DECIMAIS = NotaFase._meta.get_field("nota").decimal_places


def fases_do_cargo(cargo_id: int) -> list[Fase]:
    return list(Fase.objects.filter(cargo_id=cargo_id).order_by("ordem"))


def cortes(fase: Fase, distribuicao: Mapping[str, int]) -> dict[str, int] | None:
    """The phase's cut-off per list as the engine takes it: a number as entered, a multiple
    times the list's vacancies in the split (a reserved list with no vacancy has then no
    route of its own; AC keeps its number, which the engine refuses below 1)."""
    if not fase.corte:
        return None
    saida: dict[str, int] = {}
    for lista, regra in fase.corte.items():
        valor = int(regra["valor"])
        if regra.get("modo") == Fase.MULTIPLO:
            valor *= int(distribuicao.get(lista, 0))
            if valor == 0 and lista != regras.AC:
                continue
        saida[lista] = valor
    return saida


def fases_para_o_motor(fases: Iterable[Fase],
                       distribuicao: Mapping[str, int]) -> tuple[FaseMotor, ...]:
    return tuple(FaseMotor(codigo=f.codigo, nota_minima=f.nota_minima, peso=f.peso,
                           corte=cortes(f, distribuicao), nome=f.nome) for f in fases)


def inscricoes_com_nota(cargo_id: int):
    """The ids of the cargo's inscrições with a phase score (a subquery)."""
    return NotaFase.objects.filter(fase__cargo_id=cargo_id).values("inscricao_id")


def notas_do_cargo(cargo_id: int) -> dict[int, dict[str, Decimal | str]]:
    """Inscrição pk -> phase code -> score or AUSENTE, for every scored inscrição."""
    notas: dict[int, dict[str, Decimal | str]] = {}
    for inscricao_id, codigo, nota, ausente in NotaFase.objects.filter(
            fase__cargo_id=cargo_id).values_list("inscricao_id", "fase__codigo", "nota",
                                                 "ausente").iterator(chunk_size=5000):
        notas.setdefault(inscricao_id, {})[codigo] = AUSENTE if ausente else nota
    return notas


def nota_final(fases: Iterable[Fase], notas: Mapping[str, Decimal | str]) -> Decimal | None:
    """The final score (the partial score after the last phase: sum of peso x nota, exact
    decimals; spec section 10) when every phase has a score, else None."""
    total = Decimal(0)
    for fase in fases:
        nota = notas.get(fase.codigo)
        if nota is None or nota == AUSENTE:
            return None
        total += fase.peso * nota
    return total


def distribuicao_do_edital(cargo, parametros: regras.Parametros | None,
                           sorteada: Mapping[str, int] | None) -> dict[str, int]:
    """The split the multiples are taken of: the drawn one on the whole-edital base, else the
    split of the vacancies the edital offered (`Cargo.vagas`: a vacancy that arises after the
    phases never reopens their cut-off)."""
    if sorteada is not None:
        return dict(sorteada)
    return dict(regras.distribuir(cargo.vagas, cargo.certame.regime, parametros).contagens)


def ler_nota(texto: str, fase: Fase) -> Decimal | None:
    """A score typed by the banca (a cell of its spreadsheet) or by the decider of an appeal:
    a score within 0..the phase's maximum with at most 4 decimals, or None for "ausente".
    Raises ValorInvalido with the message for the cell."""
    if normalizar(texto) == AUSENTE_PLANILHA:
        return None
    nota = decimal_br(texto)
    if not (0 <= nota <= fase.nota_maxima):
        raise ValorInvalido(_("nota %(v)s fora do intervalo de 0 a %(max)s") % {
            "v": mostrar(texto), "max": format(fase.nota_maxima.normalize(), "f")})
    expoente = nota.as_tuple().exponent
    if not isinstance(expoente, int) or expoente < -CASAS_DECIMAIS:
        raise ValorInvalido(_("nota %(v)s com mais de %(n)d casas decimais") % {
            "v": mostrar(texto), "n": CASAS_DECIMAIS})
    return nota

"""The vacancy table and the lists of a snapshot as the pages and the published documents
show them (public certame page, RH pages, `classificacao.documentos`' PDFs and open data): one
place, so a page and its document never disagree."""

from __future__ import annotations

from django.utils.translation import gettext as _

from certames import distribuicao_edital, regras
from certames.models import Certame
from certames.recalculo import ler_parametros
from classificacao.listas_da_inscricao import nome_lista


def posicoes_por_lista(regime: regras.Regime, ordem: tuple[str, ...]) -> list[dict]:
    """Each reserved list with its positions in the call order ("3ª, 7ª, 11ª")."""
    return [{
        "lista": lista,
        "nome": nome_lista(regime, lista),
        "posicoes": ", ".join(f"{n}ª" for n, tipo in enumerate(ordem, start=1) if tipo == lista),
    } for lista in regime.listas]


def quadro_de_vagas(certame: Certame, cargos) -> tuple[regras.Regime, list[dict], str]:
    """Vacancy table of each cargo under the certame's regime and edital settings.

    Returns (effective regime, rows, error). The split is computed for the cargo's total
    vacancies, edital plus surgidas (Lei 3.057/2026, art. 8º, §§2º-3º, art. 18). Invalid
    stored settings give an error message instead of the table, never a server error.
    """
    regime = certame.regime_legal
    try:
        regime = regras.aplicar_parametros(regime, ler_parametros(certame.parametros))
    except regras.ErroEntrada as exc:
        return regime, [], _("Não foi possível calcular as reservas: %(erro)s") % {"erro": exc}
    # The whole-edital base (spec section 4.1): each cargo's split is the public draw's.
    try:
        edital = distribuicao_edital.distribuicao_do_certame(certame)
    except distribuicao_edital.SorteioPendente:
        return regime, [], ""
    except regras.ErroEntrada as exc:
        return regime, [], _("Não foi possível calcular as reservas: %(erro)s") % {"erro": exc}
    linhas = []
    for cargo in cargos:
        total = cargo.vagas + (cargo.surgidas or 0)
        try:
            if edital is not None and cargo.codigo in edital.por_cargo:
                dist = edital.por_cargo[cargo.codigo]
                contagens = [dist.get(lista, 0) for lista in regime.listas_com_ac]
                explicacoes = distribuicao_edital.explicacao(edital, cargo.codigo)
                ordem = regras.continuar_ordem(
                    total, regime, (), [dist.get(lista, 0) for lista in regime.listas]).tipos
            else:
                calculo = regras.distribuir(total, regime)
                contagens = [calculo[lista] for lista in regime.listas_com_ac]
                explicacoes = calculo.explicacoes()
                ordem = regras.ordem_convocacao(total, regime)
        except regras.ErroEntrada as exc:
            return regime, [], _("Não foi possível calcular as reservas: %(erro)s") % {
                "erro": exc}
        linhas.append({
            "cargo": cargo,
            "total": total,
            "contagens": contagens,
            "explicacoes": explicacoes,
            "posicoes": posicoes_por_lista(regime, ordem),
            "sorteio": edital is not None,
        })
    return regime, linhas, ""


def listas_da_versao(versao) -> list[str]:
    """List codes of a snapshot in the regime's order (AC, groups of the law, PCD).

    Not the key order of the stored JSON: PostgreSQL's jsonb does not keep it.
    """
    try:
        ordem = regras.obter_regime(versao.regime).listas_com_ac
    except KeyError:
        ordem = (regras.AC,)
    presentes = set(versao.distribuicao)
    return [lista for lista in ordem if lista in presentes] + sorted(presentes - set(ordem))

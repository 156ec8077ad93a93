"""The vacancy table and the lists of a snapshot as the pages and the published documents
show them (public certame page, RH pages, `classificacao.documentos`' PDFs and open data): one
place, so a page and its document never disagree."""

from __future__ import annotations

from django.utils.translation import gettext as _

from certames import distribuicao_edital, regras
from certames.models import Certame
from certames.recalculo import ler_parametros
from classificacao.listas_da_inscricao import nome_lista

#: How many vacancies that may arise after the edital's the published order also covers
#: (spec section 7: "the default rule's, for N and for N + 1 .. N + 20").
PROXIMAS = 20


def posicoes_por_lista(regime: regras.Regime, ordem: tuple[str, ...],
                       inicio: int = 1) -> list[dict]:
    """Each reserved list with its positions in the call order ("3ª, 7ª, 11ª"), the first
    type of `ordem` being position `inicio`."""
    return [{
        "lista": lista,
        "nome": nome_lista(regime, lista),
        "posicoes": ", ".join(f"{n}ª" for n, tipo in enumerate(ordem, start=inicio)
                              if tipo == lista),
    } for lista in regime.listas]


def proximas_vagas(regime: regras.Regime, ordem: tuple[str, ...]) -> tuple[str, ...]:
    """The types of the next `PROXIMAS` positions if vacancies arise one at a time after the
    `len(ordem)` first were called in `ordem` (spec section 7: each is a continuation of the
    calls made, with the split of the vacancies then)."""
    historico = [(tipo, True) for tipo in ordem]
    tipos: list[str] = []
    for k in range(1, PROXIMAS + 1):
        novas = regras.continuar_ordem(len(ordem) + k, regime, historico).tipos
        historico += [(tipo, True) for tipo in novas]
        tipos += novas
    return tuple(tipos)


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
            # On the whole-edital base a vacancy that arises follows the draw's own rule
            # (spec section 4.1): its position is not foreseen here.
            proximas = () if edital is not None else proximas_vagas(regime, ordem)
        except regras.ErroEntrada as exc:
            return regime, [], _("Não foi possível calcular as reservas: %(erro)s") % {
                "erro": exc}
        linhas.append({
            "cargo": cargo,
            "total": total,
            "contagens": contagens,
            "explicacoes": explicacoes,
            "posicoes": posicoes_por_lista(regime, ordem),
            "proximas": posicoes_por_lista(regime, proximas, total + 1) if proximas else [],
            "proximas_de": total + 1, "proximas_ate": total + len(proximas),
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


def _ordem_para(regime: regras.Regime, total: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    ordem = regras.ordem_convocacao(total, regime)
    return ordem, proximas_vagas(regime, ordem)


def _diferencas(padrao: tuple[str, ...], edital: tuple[str, ...], inicio: int = 1) -> list[str]:
    return [_("%(p)dª posição: %(a)s → %(b)s") % {"p": n, "a": a, "b": b}
            for n, (a, b) in enumerate(zip(padrao, edital, strict=True), start=inicio) if a != b]


def _avisos(regime: regras.Regime, ordem_edital: dict, total: int,
            tipos: tuple[str, ...]) -> list[str]:
    """Where the edital's positions up to N hold fewer (or more) of a group than its
    reserve for N: the order still holds r_g(N) (spec section 7, step 4 places the rest)."""
    avisos = []
    contagens = regras.distribuir(total, regime)
    for grupo in regime.listas:
        regra = next((o for o in regime.ordem_edital if o.grupo == grupo), None)
        if regra is None or grupo not in ordem_edital:
            continue
        previstas = regra.quantas_ate(total)
        reserva = contagens[grupo]
        if previstas != reserva:
            onde = ", ".join(f"{n}ª" for n, t in enumerate(tipos, start=1) if t == grupo)
            avisos.append(_(
                "%(g)s: o edital indica %(p)d posição(ões) até a %(n)dª, e a reserva com %(n)d "
                "vagas é de %(r)d; a ordem mantém a reserva: %(g)s nas posições %(o)s "
                "(regras de reserva, seção 7).") % {"g": grupo, "p": previstas, "n": total,
                                                    "r": reserva, "o": onde or "—"})
    return avisos


def comparar_ordens(certame: Certame, cargos, ordem: dict | None) -> tuple[list[dict], str]:
    """Per cargo, the call order under the regime's default rule and under `ordem` (the
    edital's, `parametros.ordem_convocacao`), for its vacancies and for the next
    `PROXIMAS`, with the positions that change and where the edital's positions do not
    match the reserve. Returns (rows, error message)."""
    parametros = {k: v for k, v in (certame.parametros or {}).items()
                  if k != "ordem_convocacao"}
    try:
        padrao = regras.aplicar_parametros(certame.regime_legal, ler_parametros(parametros))
        com_edital = regras.aplicar_parametros(certame.regime_legal, ler_parametros(
            {**parametros, **({"ordem_convocacao": ordem} if ordem else {})}))
    except regras.ErroEntrada as exc:
        return [], _("A ordem informada não é válida: %(erro)s") % {"erro": exc}
    linhas = []
    for cargo in cargos:
        total = cargo.vagas + (getattr(cargo, "surgidas", 0) or 0)
        try:
            ordem_p, proximas_p = _ordem_para(padrao, total)
            ordem_e, proximas_e = _ordem_para(com_edital, total)
        except regras.ErroEntrada as exc:
            return [], _("Não foi possível calcular a ordem: %(erro)s") % {"erro": exc}
        linhas.append({
            "cargo": cargo, "total": total,
            "padrao": posicoes_por_lista(padrao, ordem_p),
            "edital": posicoes_por_lista(com_edital, ordem_e),
            "proximas_padrao": posicoes_por_lista(padrao, proximas_p, total + 1),
            "proximas_edital": posicoes_por_lista(com_edital, proximas_e, total + 1),
            "mudancas": _diferencas(ordem_p + proximas_p, ordem_e + proximas_e),
            "avisos": _avisos(com_edital, ordem or {}, total, ordem_e),
        })
    return linhas, ""

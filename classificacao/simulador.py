"""RH's "simular edital" page helpers (`painel/views/simular.py`): the whole-edital
simulation (`simular_edital`, spec section 4.1). The lists' display helpers live in
`classificacao.quadro_vagas`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from certames import regras
from certames.regras.aritmetica import formatar_percentual
from certames.regras.distribuicao import contagens
from certames.regras.edital import texto_bilhete
from certames.regras.regimes import BASE_CARGO, BASE_EDITAL
from classificacao.quadro_vagas import nome_lista

# -- whole edital (spec section 4.1) ----------------------------------------------------------

def _base_texto(base: str) -> str:
    if base == BASE_EDITAL:
        return _("totalidade das vagas do edital")
    return _("cada cargo separadamente")


def _soma_por_cargo(regime: regras.Regime, lista: str, total: int) -> str:
    fundamento = (regime.fundamento_base_reserva_pcd if lista == regras.PCD
                  else regime.fundamento_base_reserva)
    return _("%(lista)s: soma das reservas calculadas sobre as vagas de cada cargo = %(total)d"
             " — %(fundamento)s") % {"lista": lista, "total": total, "fundamento": fundamento}


def _explicacoes_cargo(regime: regras.Regime, vagas: int, listas: set[str]) -> list[str]:
    """Section 4's sentence for each list computed on this cargo's own vacancies."""
    try:
        dist = regras.distribuir(vagas, regime)
    except regras.ErroParametro:
        # Only an edital rule far above the law's percentages gets here; the counts
        # shown come from the engine, which reports that case on its own.
        return []
    return [c.texto for c in dist.calculos if c.lista in listas]


@dataclass
class _Partilha:
    """How the edital's vacancies fall to each cargo: the split per cargo (None: unknown
    without the seed), the automatic and the drawn parts of the lists on the edital base,
    the engine's result (with the draw) and the page's notice."""

    distribuicoes: list[dict[str, int] | None]
    automaticas: list[dict[str, int]]
    sorteadas: list[dict[str, int]]
    resultado: regras.DistribuicaoEdital | None = None
    aviso: str = ""


def _bases(regime: regras.Regime) -> dict[str, str]:
    """Each reserved list's base (the edital or each cargo)."""
    base_de = {g.codigo: regime.base_reserva for g in regime.grupos}
    base_de[regras.PCD] = regime.base_reserva_pcd
    return base_de


def _partilha_por_cargo(regime: regras.Regime, cargos: list[regras.CargoEdital]) -> _Partilha:
    """Both bases on the cargo: each cargo's own split (section 4), no draw."""
    distribuicoes: list[dict[str, int] | None] = []
    for c in cargos:
        try:
            distribuicoes.append(regras.distribuir(c.vagas, regime).contagens)
        except regras.ErroParametro as exc:
            raise regras.ErroParametro(
                exc.campo, _("cargo %(codigo)s: %(erro)s") % {
                    "codigo": c.codigo, "erro": str(exc).removeprefix(
                        f"parametros.{exc.campo}: ")}) from None
    return _Partilha(distribuicoes, [{} for _c in cargos], [{} for _c in cargos], aviso=_(
        "Base por cargo: não há sorteio. Cada cargo tem a sua própria reserva, calculada "
        "sobre as suas vagas."))


def _partilha_sorteada(regime: regras.Regime, semente: str, cargos: list[regras.CargoEdital],
                       no_edital: list[str]) -> _Partilha:
    """With the seed: the engine's whole-edital split and its public draw."""
    resultado = regras.distribuir_edital(regime, semente, cargos)
    sorteadas = [{lst: 0 for lst in no_edital} for _c in cargos]
    indice = {c.codigo: i for i, c in enumerate(cargos)}
    for item in resultado.sorteio:
        sorteadas[indice[item.codigo]][item.grupo] += 1
    aviso = ""
    if not resultado.sorteio and not resultado.retiradas and not resultado.nao_alocados:
        aviso = _("Nenhuma vaga a sortear: as partes automáticas dos cargos já completam os "
                  "totais do edital.")
    return _Partilha([dict(c.distribuicao) for c in resultado.cargos],
                     [dict(c.automaticas) for c in resultado.cargos], sorteadas, resultado,
                     aviso)


def _partilha_sem_semente(regime: regras.Regime, cargos: list[regras.CargoEdital],
                          no_edital: list[str]) -> _Partilha:
    """Without the seed only what the draw does not decide: the automatic parts
    a_g(c) = floor(n_c * p_g) (spec section 4.1, item 2) and the lists on the cargo."""
    percentuais = {g.codigo: g.percentual for g in regime.grupos}
    percentuais[regras.PCD] = regime.pcd.percentual
    automaticas = [{lst: c.vagas * percentuais[lst].numerator // percentuais[lst].denominator
                    for lst in no_edital} for c in cargos]
    return _Partilha([None] * len(cargos), automaticas,
                     [{lst: 0 for lst in no_edital} for _c in cargos], aviso=_(
        "Informe a semente para ver o sorteio: sem ela só se conhecem os totais do edital e "
        "a parte automática de cada cargo."))


def _linhas_totais(regime: regras.Regime, base_de: dict[str, str], no_edital: list[str],
                   n_e: int, contagens_cargo: list[dict[str, int]],
                   partilha: _Partilha) -> list[dict[str, Any]]:
    """The totals per list with their computation, AC first: R_g on N_E for the lists on
    the edital, the sum over the cargos otherwise."""
    calculos_edital: dict[str, regras.CalculoReserva] = {}
    if no_edital:
        calculos_edital = {c.lista: c for c in regras.distribuir(n_e, regime).calculos
                           if c.lista in no_edital}
    linhas: list[dict[str, Any]] = []
    for lst in regime.listas:
        soma_auto: int | None
        a_sortear: int | None
        if lst in calculos_edital:
            calculo = calculos_edital[lst]
            # R_g, less any seat that found no free vacancy (reported apart).
            total = (partilha.resultado.totais[lst] if partilha.resultado is not None
                     else calculo.resultado)
            texto = calculo.texto
            # The engine's automatic parts are net of any withdrawal (``retiradas``).
            soma_auto = sum(a[lst] for a in partilha.automaticas)
            a_sortear = calculo.resultado - soma_auto
        else:
            total = sum(d[lst] for d in contagens_cargo)
            texto = _soma_por_cargo(regime, lst, total)
            soma_auto = a_sortear = None
        linhas.append({
            "lista": lst, "nome": nome_lista(regime, lst), "total": total,
            "percentual": formatar_percentual(
                regime.pcd.percentual if lst == regras.PCD else regime.grupo(lst).percentual),
            "texto": texto, "base": _base_texto(base_de[lst]),
            "automaticas": soma_auto, "a_sortear": a_sortear,
        })
    reservadas = sum(linha["total"] for linha in linhas)
    partes = " − ".join(str(linha["total"]) for linha in linhas)
    linhas.insert(0, {
        "lista": regras.AC, "nome": nome_lista(regime, regras.AC), "total": n_e - reservadas,
        "percentual": "", "base": "", "automaticas": None, "a_sortear": None,
        "texto": f"AC: {n_e} − {partes} = {n_e - reservadas}",
    })
    return linhas


def _linhas_cargos(regime: regras.Regime, cargos: list[regras.CargoEdital],
                   no_edital: list[str], por_cargo: set[str],
                   contagens_cargo: list[dict[str, int]],
                   partilha: _Partilha) -> list[dict[str, Any]]:
    """Each cargo's row: its automatic, drawn and fixed parts and its split."""
    colunas = [regras.AC, *regime.listas]
    linhas = []
    for i, c in enumerate(cargos):
        dist = partilha.distribuicoes[i]
        automaticas, sorteadas = partilha.automaticas[i], partilha.sorteadas[i]
        linhas.append({
            "codigo": c.codigo, "vagas": c.vagas,
            "automaticas": ", ".join(f"{lst} {automaticas[lst]}" for lst in no_edital),
            "sorteadas": ", ".join(f"{lst} {sorteadas[lst]}" for lst in no_edital
                                   if sorteadas[lst]),
            # Lists on the cargo base next to a draw (PcD by default): section 4 on n_c.
            "fixas": (", ".join(f"{lst} {contagens_cargo[i][lst]}" for lst in regime.listas
                                if lst in por_cargo) if no_edital else ""),
            "distribuicao": [dist[lst] for lst in colunas] if dist is not None else None,
            "explicacoes": _explicacoes_cargo(regime, c.vagas, por_cargo),
        })
    return linhas


def _bilhetes(resultado: regras.DistribuicaoEdital | None
              ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The draw's tickets: the seats drawn and the seats withdrawn ("-" before the order)."""
    sorteio: list[dict[str, Any]] = []
    retiradas: list[dict[str, Any]] = []
    if resultado is None:
        return sorteio, retiradas
    for itens, destino, prefixo in ((resultado.sorteio, sorteio, ""),
                                    (resultado.retiradas, retiradas, "-")):
        for item in itens:
            destino.append({
                "grupo": item.grupo, "ordem": item.ordem, "codigo": item.codigo,
                "vaga": item.vaga, "sha256": item.sha256, "bilhetes": item.bilhetes,
                "bilhete": texto_bilhete(resultado.semente, item.grupo,
                                         f"{prefixo}{item.ordem}", item.codigo, item.vaga),
            })
    return sorteio, retiradas


def _conferencia(sorteio: list[dict[str, Any]]) -> str:
    """How to check a ticket in a shell (only when the text needs no quoting)."""
    if sorteio and "'" not in sorteio[0]["bilhete"]:
        return f"printf '%s' '{sorteio[0]['bilhete']}' | sha256sum"
    return ""


def simular_edital(regime: regras.Regime, semente: str,
                   cargos: list[regras.CargoEdital]) -> dict:
    """What the "simular edital" page shows for a whole edital: the totals per list with
    their computation, each cargo's split and, where a list is on the whole-edital base and
    a seed is given, the public draw (spec section 4.1).

    ``regime`` is the effective regime (the edital settings, bases included, applied).
    Raises ``regras.ErroEntrada`` / ``regras.ErroParametro`` (Portuguese messages).
    """
    listas = regime.listas
    base_de = _bases(regime)
    no_edital = [lst for lst in listas if base_de[lst] == BASE_EDITAL]
    por_cargo = {lst for lst in listas if base_de[lst] == BASE_CARGO}
    n_e = sum(c.vagas for c in cargos)
    if not no_edital:
        partilha = _partilha_por_cargo(regime, cargos)
    elif semente:
        partilha = _partilha_sorteada(regime, semente, cargos, no_edital)
    else:
        partilha = _partilha_sem_semente(regime, cargos, no_edital)
    # Per-cargo lists: section 4 on each n_c (the engine's own counts when it ran).
    contagens_cargo = [
        dict(zip(listas, contagens(c.vagas, regime), strict=True)) for c in cargos]
    sorteio, retiradas = _bilhetes(partilha.resultado)
    resultado = partilha.resultado
    return {
        "vagas": n_e,
        "num_cargos": len(cargos),
        "conferencia": _conferencia(sorteio),
        "semente": semente,
        "colunas": [regras.AC, *listas],
        "totais": _linhas_totais(regime, base_de, no_edital, n_e, contagens_cargo, partilha),
        "cargos": _linhas_cargos(regime, cargos, no_edital, por_cargo, contagens_cargo,
                                 partilha),
        "listas_edital": no_edital,
        "listas_cargo": [lst for lst in listas if lst in por_cargo],
        "base_reserva": _base_texto(regime.base_reserva),
        "base_reserva_pcd": _base_texto(regime.base_reserva_pcd),
        "sorteio": sorteio,
        "retiradas": retiradas,
        "nao_alocados": dict(resultado.nao_alocados) if resultado is not None else {},
        "aviso": partilha.aviso,
        "distribuicao_edital": resultado,
    }

"""Whole-edital base of the reserve and the public draw (spec section 4.1).

Where the law applies the percentage to every vacancy of the edital rather than to each
cargo (Lei 3.056/2025 de Pirangi, art. 1º, §1º: "sobre a totalidade das vagas expressamente
previstas no edital", and art. 8º: "o número de vagas oferecido no concurso"; Lei
15.142/2025, art. 1º), the edital setting ``base_reserva`` is ``edital``. It is refused
where the law states the reserve per cargo (Lei 3.057/2026 de Severínia, art. 8º, §3º:
"separadamente para cada cargo"; LC 22/2026 de Santa Maria da Boa Vista, art. 1º, §3º and
art. 6º, §2º). PcD follows its own setting ``base_reserva_pcd`` (default ``cargo``). Which
bases a regime allows, and its default, are the regime's data (``Regime.bases_reserva``).

For cargos c = 1..K with n_c vacancies, N_E = sum n_c, and each group g on the edital base:

1. ``R_g = arred(N_E * p_g, t)`` if N_E >= the regime's minimum, else 0 (the regime's own
   rounding, section 4; PcD on the edital base: the regime's PcD rule on N_E).
2. Automatic part: ``a_g(c) = floor(n_c * p_g)``.
3. ``S_g = R_g - sum_c a_g(c)`` seats are drawn one at a time, groups in the regime's order
   (racial groups, then PcD), k = 1..S_g. Tickets: vacancy j = s_c + 1 .. n_c of each cargo
   c, s_c being the seats of every group c holds at that moment; the ticket with the
   smallest ``sha256(f"{semente}|{g}|{k}|{codigo}|{j}")`` (hex digest of the UTF-8 text)
   wins, its cargo gets the seat.
4. Each cargo's split: its seats per group, AC the rest (``classificar``'s
   ``distribuicao``).

Product defaults where the spec is silent (documented in docs/regras):

- ``S_g < 0`` cannot happen with the groups rounded separately (sum of floors <= floor of
  the sum <= arred) nor for PcD (teto or floor of N_E * p), only with the edital setting
  ``arredondamento_conjunto``, whose largest-remainder split may give a group less than
  the sum of its automatic parts. The law's number is the total (Lei 3.056/2025, art. 1º,
  §1º; art. 8º, §1º), so the total is kept: the excess automatic seats are withdrawn by the
  same kind of public draw over the automatic seats (ticket j = 1..a_g(c) of each cargo
  holding one, text ``f"{semente}|{g}|-{k}|{codigo}|{j}"``, smallest digest loses the
  seat), reported in ``retiradas``.
- No free vacancy left for a seat to be drawn (every vacancy of the edital already holds a
  reserved seat; impossible with the built-in percentages, possible with an edital's PcD
  rule): the seat is not placed and is reported in ``nao_alocados``; the group's total is
  then short by that much.

Item 5 (a vacancy that arises later) is ``vaga_nova_edital``: no new draw, earlier seats
never move.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .distribuicao import contagens
from .erros import ErroEntrada, ErroParametro
from .json_io import ler_parametros
from .parametros import Parametros, aplicar_parametros
from .regimes import (
    AC,
    BASE_EDITAL,
    PCD,
    Regime,
    RegimeDesconhecido,
    obter_regime,
)

__all__ = [
    "CargoEdital",
    "SorteioItem",
    "CargoDistribuido",
    "DistribuicaoEdital",
    "VagaNova",
    "distribuir_edital",
    "vaga_nova_edital",
    "texto_bilhete",
    "ler_edital",
    "EntradaEdital",
    "edital_para_json",
]

#: A cargo code: visible ASCII characters, no spaces (it goes into the draw's ticket text,
#: which anyone must be able to retype).
_CODIGO = re.compile(r"[\x21-\x7e]+")


@dataclass(frozen=True)
class CargoEdital:
    """One cargo of the edital: its unique ASCII code and its vacancies."""

    codigo: str
    vagas: int


@dataclass(frozen=True)
class SorteioItem:
    """One draw: the ``ordem``-th seat of ``grupo`` went to ``vaga`` (j) of cargo ``codigo``,
    the ticket with the smallest ``sha256`` digest. In ``retiradas`` (see the module
    docstring) the same fields name the automatic seat withdrawn."""

    grupo: str
    ordem: int
    codigo: str
    vaga: int
    sha256: str
    #: Free tickets in the draw (for the published record).
    bilhetes: int = 0


@dataclass(frozen=True)
class CargoDistribuido:
    """A cargo's split on the whole-edital base: seats per list (``AC`` and ``PCD``
    included, in ``regime.listas_com_ac`` order), and the automatic part of each group."""

    codigo: str
    vagas: int
    distribuicao: dict[str, int]
    automaticas: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class DistribuicaoEdital:
    """The whole edital's split and its draw (spec section 4.1)."""

    #: The effective regime (edital settings applied).
    regime: Regime
    semente: str
    #: N_E, the edital's vacancies.
    vagas: int
    #: Seats per list over all cargos (``AC`` and ``PCD`` included).
    totais: dict[str, int]
    cargos: tuple[CargoDistribuido, ...]
    sorteio: tuple[SorteioItem, ...]
    base_reserva: str
    base_reserva_pcd: str
    #: Automatic seats withdrawn (S_g < 0, joint rounding only).
    retiradas: tuple[SorteioItem, ...] = ()
    #: Seats that found no free vacancy, per group.
    nao_alocados: dict[str, int] = field(default_factory=dict)

    def distribuicao(self, codigo: str) -> dict[str, int]:
        for c in self.cargos:
            if c.codigo == codigo:
                return dict(c.distribuicao)
        raise KeyError(codigo)


@dataclass(frozen=True)
class VagaNova:
    """Where a vacancy that arises later in cargo ``codigo`` goes (spec section 4.1,
    item 5): ``grupo`` (a reserved list or ``AC``), the edital's vacancies after it, the
    cargo's new split, and the legal basis."""

    codigo: str
    grupo: str
    vagas_edital: int
    distribuicao: dict[str, int]
    fundamento: str


def texto_bilhete(semente: str, grupo: str, ordem: int | str, codigo: str, vaga: int) -> str:
    """The ticket text whose SHA-256 decides a draw (spec section 4.1, item 3)."""
    return f"{semente}|{grupo}|{ordem}|{codigo}|{vaga}"


def _digest(texto: str) -> str:
    return hashlib.sha256(texto.encode("utf-8")).hexdigest()


def _regime(regime: Regime | str) -> Regime:
    if isinstance(regime, Regime):
        return regime
    try:
        return obter_regime(regime)
    except RegimeDesconhecido as exc:
        raise ErroEntrada(f"regime: {exc}") from None


def _efetivo(regime: Regime | str, parametros: Parametros | None) -> Regime:
    """The effective regime; refuses a regime whose law does not allow the whole-edital
    base at all (Lei 3.057/2026, art. 8º, §3º; LC 22/2026, art. 1º, §3º and art. 6º, §2º:
    the article is the regime's ``fundamento_base_reserva``)."""
    base = _regime(regime)
    if BASE_EDITAL not in base.bases_reserva and BASE_EDITAL not in base.bases_reserva_pcd:
        raise ErroParametro(
            "base_reserva",
            f"o regime {base.id} não admite a base “edital” (a totalidade das vagas do "
            f"edital): {base.fundamento_base_reserva}",
        )
    return aplicar_parametros(base, parametros)


def _validar_cargos(cargos: Sequence[CargoEdital]) -> None:
    if not cargos:
        raise ErroEntrada("cargos: o edital deve ter ao menos um cargo")
    vistos: dict[str, int] = {}
    for i, c in enumerate(cargos):
        if not isinstance(c.codigo, str) or not _CODIGO.fullmatch(c.codigo):
            raise ErroEntrada(
                f"cargos[{i}].codigo: código inválido “{c.codigo}”: use só caracteres ASCII "
                "visíveis (letras sem acento, dígitos, sinais), sem espaços"
            )
        anterior = vistos.setdefault(c.codigo, i)
        if anterior != i:
            raise ErroEntrada(
                f"cargos[{i}].codigo: código “{c.codigo}” repetido (já em cargos[{anterior}])"
            )
        if isinstance(c.vagas, bool) or not isinstance(c.vagas, int) or c.vagas < 0:
            raise ErroEntrada(
                f"cargos[{i}].vagas: esperado inteiro maior ou igual a 0, recebido “{c.vagas}”"
            )


def _validar_semente(semente: object) -> str:
    if not isinstance(semente, str) or not semente.strip():
        raise ErroEntrada("semente: a semente do sorteio é obrigatória e não pode ser vazia")
    return semente


def distribuir_edital(
    regime: Regime | str,
    semente: str,
    cargos: Sequence[CargoEdital],
    parametros: Parametros | None = None,
) -> DistribuicaoEdital:
    """Split the edital's vacancies on the whole-edital base and draw the seats the
    automatic parts leave (spec section 4.1, items 1-4). Pure and deterministic: the same
    seed, codes and vacancies give the same draw.

    ``regime`` is a ``Regime`` or its id; ``parametros`` the edital settings
    (``base_reserva``, ``base_reserva_pcd`` included; their defaults are the regime's).
    Groups whose base is the cargo keep section 4's per-cargo count (with both bases
    ``cargo`` the result is every cargo's ``distribuir`` and no draw). Raises
    ``ErroEntrada`` / ``ErroParametro`` (Portuguese) for an empty seed, no cargos, an
    invalid or repeated code, or a regime that does not allow the edital base.
    """
    semente = _validar_semente(semente)
    r = _efetivo(regime, parametros)
    cargos = tuple(cargos)
    _validar_cargos(cargos)
    n_e = sum(c.vagas for c in cargos)
    totais_edital = dict(zip(r.listas, contagens(n_e, r), strict=True))
    base_de = {g.codigo: r.base_reserva for g in r.grupos}
    base_de[PCD] = r.base_reserva_pcd
    sorteados = [lst for lst in r.listas if base_de[lst] == BASE_EDITAL]
    assentos, automaticas = _assentos_automaticos(r, cargos, base_de)

    sorteio: list[SorteioItem] = []
    retiradas: list[SorteioItem] = []
    nao_alocados: dict[str, int] = {}
    for g in sorteados:
        restantes = totais_edital[g] - sum(a[g] for a in assentos)
        # Product default (module docstring): S_g < 0 withdraws automatic seats by draw.
        retiradas += _retirar_automaticas(semente, g, -restantes, cargos, assentos, automaticas)
        sorteio += _sortear_assentos(semente, g, restantes, cargos, assentos, nao_alocados)

    distribuidos: list[CargoDistribuido] = []
    totais = {lst: 0 for lst in r.listas_com_ac}
    for c, linha, auto in zip(cargos, assentos, automaticas, strict=True):
        dist = {AC: c.vagas - sum(linha.values())} | linha
        for lst, n in dist.items():
            totais[lst] += n
        distribuidos.append(CargoDistribuido(c.codigo, c.vagas, dist, auto))
    return DistribuicaoEdital(
        regime=r,
        semente=semente,
        vagas=n_e,
        totais=totais,
        cargos=tuple(distribuidos),
        sorteio=tuple(sorteio),
        base_reserva=r.base_reserva,
        base_reserva_pcd=r.base_reserva_pcd,
        retiradas=tuple(retiradas),
        nao_alocados=nao_alocados,
    )


def _assentos_automaticos(
    r: Regime, cargos: Sequence[CargoEdital], base_de: Mapping[str, str]
) -> tuple[list[dict[str, int]], list[dict[str, int]]]:
    """Each cargo's seats before the draw: per-cargo groups by section 4 on n_c, edital
    groups at their automatic part floor(n_c * p_g) (spec section 4.1, item 2); and the
    automatic parts. Raises ``ErroParametro`` when a cargo's reserves exceed its vacancies."""
    percentuais = {g.codigo: g.percentual for g in r.grupos}
    percentuais[PCD] = r.pcd.percentual
    assentos: list[dict[str, int]] = []
    automaticas: list[dict[str, int]] = []
    for c in cargos:
        por_cargo = dict(zip(r.listas, contagens(c.vagas, r), strict=True))
        linha: dict[str, int] = {}
        auto: dict[str, int] = {}
        for lst in r.listas:
            if base_de[lst] == BASE_EDITAL:
                p = percentuais[lst]
                auto[lst] = linha[lst] = c.vagas * p.numerator // p.denominator
            else:
                linha[lst] = por_cargo[lst]
        if sum(linha.values()) > c.vagas:
            raise ErroParametro(
                "regra_pcd",
                f"as reservas do cargo {c.codigo} ({sum(linha.values())}) excedem as suas "
                f"{c.vagas} vagas; revise os parâmetros",
            )
        assentos.append(linha)
        automaticas.append(auto)
    return assentos, automaticas


def _retirar_automaticas(
    semente: str,
    g: str,
    excesso: int,
    cargos: Sequence[CargoEdital],
    assentos: list[dict[str, int]],
    automaticas: list[dict[str, int]],
) -> list[SorteioItem]:
    """Withdraw ``excesso`` automatic seats of group ``g`` by public draw over the cargos
    holding one (module docstring, S_g < 0); updates ``assentos`` and ``automaticas``."""
    retiradas: list[SorteioItem] = []
    for k in range(1, excesso + 1):
        item = _sortear(
            semente,
            g,
            f"-{k}",
            k,
            [(c.codigo, i, 1, assentos[i][g]) for i, c in enumerate(cargos)],
        )
        assert item is not None  # sum of automatic parts > R_g >= 0
        i = next(i for i, c in enumerate(cargos) if c.codigo == item.codigo)
        assentos[i][g] -= 1
        automaticas[i][g] -= 1
        retiradas.append(item)
    return retiradas


def _sortear_assentos(
    semente: str,
    g: str,
    restantes: int,
    cargos: Sequence[CargoEdital],
    assentos: list[dict[str, int]],
    nao_alocados: dict[str, int],
) -> list[SorteioItem]:
    """Draw the ``restantes`` seats of group ``g`` one at a time among the free vacancies
    (spec section 4.1, item 3); updates ``assentos``, and ``nao_alocados`` when no free
    vacancy is left."""
    sorteio: list[SorteioItem] = []
    for k in range(1, restantes + 1):
        item = _sortear(
            semente,
            g,
            str(k),
            k,
            [(c.codigo, i, sum(assentos[i].values()) + 1, c.vagas) for i, c in enumerate(cargos)],
        )
        if item is None:
            nao_alocados[g] = restantes - k + 1
            break
        i = next(i for i, c in enumerate(cargos) if c.codigo == item.codigo)
        assentos[i][g] += 1
        sorteio.append(item)
    return sorteio


def _sortear(
    semente: str,
    grupo: str,
    ordem_texto: str,
    ordem: int,
    faixas: Sequence[tuple[str, int, int, int]],
) -> SorteioItem | None:
    """The ticket with the smallest digest among ``faixas`` = [(code, index, first j,
    last j)] (spec section 4.1, item 3); None when there is no ticket."""
    melhor: tuple[str, str, int] | None = None
    bilhetes = 0
    for codigo, _, inicio, fim in faixas:
        for j in range(inicio, fim + 1):
            bilhetes += 1
            d = _digest(texto_bilhete(semente, grupo, ordem_texto, codigo, j))
            chave = (d, codigo, j)
            if melhor is None or chave < melhor:
                melhor = chave
    if melhor is None:
        return None
    d, codigo, j = melhor
    return SorteioItem(grupo, ordem, codigo, j, d, bilhetes)


def vaga_nova_edital(
    regime: Regime | str,
    distribuicoes: Mapping[str, Mapping[str, int]],
    codigo: str,
    parametros: Parametros | None = None,
) -> VagaNova:
    """The group of a vacancy that arises later in cargo ``codigo`` (spec section 4.1,
    item 5), given every cargo's current split on the whole-edital base (code -> list ->
    seats, ``AC`` included; N_E is their sum): the first group in the regime's order whose
    ``R_g(N_E + 1)`` exceeds the seats it holds in the edital takes it (Lei 3.056/2025,
    art. 1º, §1º: the percentage also applies to "as demais vagas que surgirem durante a
    validade do certame"); PcD by its own base (on the cargo: section 4 on n_c + 1);
    otherwise AC. No new draw; earlier seats never move. Raises ``ErroEntrada``.
    """
    r = _efetivo(regime, parametros)
    todas = r.listas_com_ac
    for cod, dist in distribuicoes.items():
        for lst, n in dist.items():
            if lst not in todas:
                raise ErroEntrada(
                    f"distribuicoes.{cod}.{lst}: a lista “{lst}” não existe no regime {r.id}"
                )
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise ErroEntrada(
                    f"distribuicoes.{cod}.{lst}: esperado inteiro maior ou igual a 0, "
                    f"recebido “{n}”"
                )
    if codigo not in distribuicoes:
        raise ErroEntrada(f"codigo: o cargo “{codigo}” não está na distribuição do edital")
    atual = {lst: distribuicoes[codigo].get(lst, 0) for lst in todas}
    n_c = sum(atual.values())
    n_e = sum(sum(d.values()) for d in distribuicoes.values())
    edital = dict(zip(r.listas, contagens(n_e + 1, r), strict=True))
    cargo = dict(zip(r.listas, contagens(n_c + 1, r), strict=True))
    grupo = AC
    fundamento = "vaga nova sem reserva devida: ampla concorrência"
    for lst in r.listas:
        if (r.base_reserva_pcd if lst == PCD else r.base_reserva) == BASE_EDITAL:
            detidas = sum(d.get(lst, 0) for d in distribuicoes.values())
            devido = edital[lst]
            fund = r.fundamento_base_reserva_pcd if lst == PCD else r.fundamento_base_reserva
            base_txt = f"{devido} sobre {n_e + 1} vagas do edital"
        else:
            detidas = atual[lst]
            devido = cargo[lst]
            fund = r.fundamento_base_reserva_pcd if lst == PCD else r.fundamento_base_reserva
            base_txt = f"{devido} sobre {n_c + 1} vagas do cargo"
        if devido > detidas:
            grupo = lst
            fundamento = f"reserva {lst}: {base_txt}, {detidas} já reservada(s) — {fund}"
            break
    nova = dict(atual)
    nova[grupo] += 1
    return VagaNova(codigo, grupo, n_e + 1, nova, fundamento)


# -- JSON contract of ``manage.py distribuir_edital`` ----------------------------------


@dataclass(frozen=True)
class EntradaEdital:
    """One edital to split: regime id, seed, cargos, settings."""

    regime: str
    semente: str
    cargos: tuple[CargoEdital, ...]
    parametros: Parametros | None = None


_CAMPOS = {"regime", "semente", "cargos", "parametros"}


def ler_edital(obj: object) -> EntradaEdital:
    """Validate one decoded JSON object ``{"regime", "semente", "cargos": [{"codigo",
    "vagas"}], "parametros"?}``; raises ``ErroEntrada`` naming the field."""
    if not isinstance(obj, dict):
        raise ErroEntrada("edital: esperado um objeto JSON")
    extras = sorted(str(k) for k in obj if k not in _CAMPOS)
    if extras:
        raise ErroEntrada(f"{extras[0]}: campo desconhecido")
    regime = obj.get("regime")
    if not isinstance(regime, str):
        raise ErroEntrada("regime: campo obrigatório (id do regime)")
    _regime(regime)
    if "semente" not in obj:
        raise ErroEntrada("semente: campo obrigatório")
    semente = _validar_semente(obj["semente"])
    lista = obj.get("cargos")
    if lista is None:
        raise ErroEntrada("cargos: campo obrigatório")
    if not isinstance(lista, list):
        raise ErroEntrada("cargos: esperado uma lista")
    cargos: list[CargoEdital] = []
    for i, c in enumerate(lista):
        if not isinstance(c, dict):
            raise ErroEntrada(f"cargos[{i}]: esperado um objeto")
        extras = sorted(str(k) for k in c if k not in {"codigo", "vagas"})
        if extras:
            raise ErroEntrada(f"cargos[{i}].{extras[0]}: campo desconhecido")
        for campo in ("codigo", "vagas"):
            if campo not in c:
                raise ErroEntrada(f"cargos[{i}].{campo}: campo obrigatório")
        cargos.append(CargoEdital(c["codigo"], c["vagas"]))
    _validar_cargos(cargos)
    parametros = ler_parametros(obj.get("parametros"))
    return EntradaEdital(regime, semente, tuple(cargos), parametros)


def edital_para_json(d: DistribuicaoEdital) -> dict[str, Any]:
    """The command's output object (``manage.py distribuir_edital``)."""
    saida: dict[str, Any] = {
        "regime": d.regime.id,
        "vagas": d.vagas,
        "semente": d.semente,
        "base_reserva": d.base_reserva,
        "base_reserva_pcd": d.base_reserva_pcd,
        "totais": dict(d.totais),
        "cargos": [
            {"codigo": c.codigo, "vagas": c.vagas, "distribuicao": dict(c.distribuicao)}
            for c in d.cargos
        ],
        "sorteio": [_item(s) for s in d.sorteio],
    }
    if d.retiradas:
        saida["retiradas"] = [_item(s) for s in d.retiradas]
    if d.nao_alocados:
        saida["nao_alocados"] = dict(d.nao_alocados)
    return saida


def _item(s: SorteioItem) -> dict[str, Any]:
    return {
        "grupo": s.grupo,
        "ordem": s.ordem,
        "codigo": s.codigo,
        "vaga": s.vaga,
        "sha256": s.sha256,
    }

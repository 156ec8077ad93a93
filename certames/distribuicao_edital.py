"""The read side of the whole-edital reserve (spec section 4.1): each cargo's split from the
public draw, with the vacancies that arose later, and its explanation.

The acts (announcement, draw, the group of an arising vacancy) are `certames.sorteio`; this
module only reads them, so that the classification (`classificacao.listas.montar_entrada`)
and the vacancy tables can use it without importing the acts' module.

A certame is on the whole-edital base when its effective regime (the edital settings applied)
has ``base_reserva`` or ``base_reserva_pcd`` = ``edital`` (Lei 3.056/2025 de Pirangi, art. 1º,
§1º; Lei 15.142/2025, art. 1º). Its cargos' splits then come from the draw. Before the draw
no list can be computed, because who is placed depends on the split — unless the split does
not depend on the seed at all: no seat is left to draw, or only one cargo has vacancies to
receive it (then every seat goes to that cargo whatever the tickets' digests are).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from certames import regras
from certames.models import Cargo, Certame, Sorteio, VagaSurgida, parametros_motor
from certames.regras.aritmetica import formatar_percentual
from certames.regras.edital import (
    CargoEdital,
    DistribuicaoEdital,
    distribuir_edital,
    vaga_nova_edital,
)
from certames.regras.json_io import ler_parametros
from certames.regras.regimes import BASE_EDITAL
from comum.formatos import data_br

#: Any text: used only where the result cannot depend on the seed (checked first).
SEMENTE_INDIFERENTE = "-"


class SorteioPendente(regras.ErroEntrada):
    """The edital is on the whole-edital base and its public draw was not made yet."""


def regime_efetivo(certame: Certame) -> regras.Regime:
    """The certame's regime with its edital settings (raises regras.ErroEntrada)."""
    return regras.aplicar_parametros(certame.regime_legal,
                                     ler_parametros(parametros_motor(certame.parametros) or None))


def base_edital(certame: Certame) -> bool:
    """Whether some reserve of the certame is on the whole edital (the split needs the draw)."""
    try:
        r = regime_efetivo(certame)
    except regras.ErroEntrada:
        return False
    return BASE_EDITAL in (r.base_reserva, r.base_reserva_pcd)


def fundamento_base(regime: regras.Regime) -> str:
    if regime.base_reserva == BASE_EDITAL:
        return regime.fundamento_base_reserva
    return regime.fundamento_base_reserva_pcd


def cargos_do_edital(certame: Certame) -> list[CargoEdital]:
    """The cargo codes and the edital's vacancies (not those that arose later), by code."""
    return [CargoEdital(c, v) for c, v in
            certame.cargos.order_by("codigo").values_list("codigo", "vagas")]


def sorteio_dispensavel(d: DistribuicaoEdital) -> bool:
    """The split does not depend on the seed: nothing was drawn, or every drawn seat had
    tickets of a single cargo (the only one with vacancies)."""
    if not d.sorteio and not d.retiradas:
        return True
    return sum(1 for c in d.cargos if c.vagas) <= 1 and not d.retiradas


def mensagem_pendente(certame: Certame) -> str:
    return _(
        "O sorteio público das vagas reservadas ainda não foi realizado: a reserva deste "
        "edital incide sobre a totalidade das vagas (%(f)s), e a distribuição de cada cargo "
        "sai do sorteio. As listas só podem ser calculadas e publicadas depois dele "
        "(na gestão do edital: “Sorteio das vagas reservadas”).") % {
        "f": fundamento_base(regime_efetivo(certame))}


@dataclass(frozen=True)
class Destino:
    """The group one arising vacancy went to (spec section 4.1, item 5)."""

    data: object
    grupo: str
    fundamento: str
    #: False for a vacancy registered without its group (in the admin, or before
    #: vacancies recorded their group):
    #: the same rule, applied here in registration order.
    registrado: bool = True


@dataclass
class DistribuicaoCertame:
    """Every cargo's split of an edital on the whole-edital base."""

    regime: regras.Regime
    edital: DistribuicaoEdital
    sorteio: Sorteio | None
    #: code -> list -> seats, the draw's split plus the vacancies that arose later.
    por_cargo: dict[str, dict[str, int]] = field(default_factory=dict)
    #: code -> the arising vacancies' groups, in order.
    surgidas: dict[str, list[Destino]] = field(default_factory=dict)


def _do_sorteio(sorteio: Sorteio, regime: regras.Regime) -> DistribuicaoEdital:
    """The draw re-run from what was recorded (the result stored is its JSON; the engine is
    deterministic, and `certames.sorteio.sortear` stored exactly this)."""
    cargos = [CargoEdital(c["codigo"], c["vagas"]) for c in sorteio.anuncio.cargos]
    return distribuir_edital(regime, sorteio.semente, cargos)


def distribuicao_do_certame(certame: Certame,
                            sem_vaga_surgida: int | None = None) -> DistribuicaoCertame | None:
    """None when both reserves are per cargo (section 4 applies, no draw). Raises
    `SorteioPendente` when the split needs a draw that was not made, and regras.ErroEntrada
    for invalid settings or codes. The vacancies that arose later are added in registration
    order with their recorded group (item 5), except `sem_vaga_surgida` (the one being
    registered)."""
    regime = regime_efetivo(certame)
    if BASE_EDITAL not in (regime.base_reserva, regime.base_reserva_pcd):
        return None
    sorteio = Sorteio.objects.filter(certame=certame).select_related("anuncio").first()
    if sorteio is not None:
        edital = _do_sorteio(sorteio, regime)
    else:
        cargos = cargos_do_edital(certame)
        if not cargos:
            return None
        edital = distribuir_edital(regime, SEMENTE_INDIFERENTE, cargos)
        if not sorteio_dispensavel(edital):
            raise SorteioPendente(mensagem_pendente(certame))
    resultado = DistribuicaoCertame(regime, edital, sorteio)
    for c in edital.cargos:
        resultado.por_cargo[c.codigo] = dict(c.distribuicao)
    vagas = (VagaSurgida.objects.filter(cargo__certame=certame).exclude(pk=sem_vaga_surgida)
             .select_related("cargo").prefetch_related("destinos")
             .order_by("registrado_em", "id"))
    for vaga in vagas:
        codigo = vaga.cargo.codigo
        if codigo not in resultado.por_cargo:
            raise regras.ErroEntrada(_(
                "O cargo %(c)s não estava entre os cargos do sorteio público das vagas "
                "reservadas.") % {"c": codigo})
        gravados = sorted(vaga.destinos.all(), key=lambda d: d.ordem)
        for i in range(vaga.quantidade):
            if i < len(gravados):
                destino = Destino(vaga.data, gravados[i].grupo, gravados[i].fundamento)
            else:
                nova = vaga_nova_edital(regime, resultado.por_cargo, codigo)
                destino = Destino(vaga.data, nova.grupo, nova.fundamento, registrado=False)
            dist = resultado.por_cargo[codigo]
            dist[destino.grupo] = dist.get(destino.grupo, 0) + 1
            resultado.surgidas.setdefault(codigo, []).append(destino)
    return resultado


def distribuicao_do_cargo(cargo: Cargo) -> dict[str, int] | None:
    """The cargo's split from the draw, vacancies that arose later included (spec section
    4.1, items 4 and 5); None on the per-cargo base. Raises `SorteioPendente`."""
    d = distribuicao_do_certame(cargo.certame)
    if d is None:
        return None
    if cargo.codigo not in d.por_cargo:
        raise regras.ErroEntrada(_(
            "O cargo %(c)s não estava entre os cargos do sorteio público das vagas "
            "reservadas.") % {"c": cargo.codigo})
    return dict(d.por_cargo[cargo.codigo])


def explicacao(d: DistribuicaoCertame, codigo: str) -> list[str]:
    """The explanation of a cargo's numbers on the whole-edital base, one sentence each:
    the edital's totals (section 4's rounding on N_E, with its article), the cargo's
    automatic part floor(n_c × p), the seats it won in the draw, the per-cargo PcD, the
    vacancies that arose later and AC."""
    r = d.regime
    cargo = next((c for c in d.edital.cargos if c.codigo == codigo), None)
    frases: list[str] = []
    totais = regras.distribuir(d.edital.vagas, r)
    base_de = {g.codigo: r.base_reserva for g in r.grupos} | {regras.PCD: r.base_reserva_pcd}
    ganhos = Counter(s.grupo for s in d.edital.sorteio if s.codigo == codigo)
    for lst in r.listas:
        if base_de[lst] == BASE_EDITAL:
            calculo = totais.calculo(lst)
            frases.append(_("%(l)s no edital (%(n)d vagas): %(t)s") % {
                "l": lst, "n": d.edital.vagas, "t": calculo.texto})
            if cargo is None:
                continue
            p = calculo.percentual
            auto = cargo.automaticas.get(lst, 0)
            frases.append(_(
                "%(l)s neste cargo: parte automática ⌊%(n)d × %(p)s⌋ = %(a)d; sorteada(s): "
                "%(s)d; total %(t)d — %(f)s") % {
                "l": lst, "n": cargo.vagas, "p": formatar_percentual(p),
                "a": auto, "s": ganhos.get(lst, 0), "t": cargo.distribuicao.get(lst, 0),
                "f": fundamento_base(r)})
        elif cargo is not None:
            frases.append(_("%(l)s neste cargo (base: o cargo): %(t)s") % {
                "l": lst, "t": regras.distribuir(cargo.vagas, r).calculo(lst).texto})
    for destino in d.surgidas.get(codigo, []):
        frases.append(_("Vaga surgida em %(d)s: %(g)s — %(f)s") % {
            "d": data_br(destino.data), "g": destino.grupo, "f": destino.fundamento})
    dist = d.por_cargo.get(codigo, {})
    total = sum(dist.values())
    reservadas = " − ".join(str(dist.get(lst, 0)) for lst in r.listas)
    frases.append(f"AC: {total} − {reservadas} = {dist.get(regras.AC, 0)}")
    return frases


def dados_conferencia(certame: Certame, anuncio, sorteio: Sorteio | None) -> dict:
    """The input of the standalone check script (`certames/conferir_sorteio.py`), served as
    the certame's ``sorteio.json``: the seed (None before the draw), the cargos as announced
    with the seats of the groups on the cargo base, and each whole-edital group's percentage
    and total ``R_g`` (section 4's rounding on N_E), in the regime's order."""
    regime = regime_efetivo(certame)
    cargos = [CargoEdital(c["codigo"], c["vagas"]) for c in anuncio.cargos]
    n_e = sum(c.vagas for c in cargos)
    totais = regras.distribuir(n_e, regime)
    base_de = {g.codigo: regime.base_reserva for g in regime.grupos} | {
        regras.PCD: regime.base_reserva_pcd}
    percentuais = {g.codigo: g.percentual for g in regime.grupos} | {
        regras.PCD: regime.pcd.percentual}
    grupos = [{"grupo": lst, "percentual": str(percentuais[lst]), "total": totais[lst],
               "fundamento": totais.calculo(lst).texto}
              for lst in regime.listas if base_de[lst] == BASE_EDITAL]
    por_cargo = [lst for lst in regime.listas if base_de[lst] != BASE_EDITAL]
    saida_cargos = []
    for c in cargos:
        item: dict = {"codigo": c.codigo, "vagas": c.vagas}
        if por_cargo:
            dist = regras.distribuir(c.vagas, regime)
            item["por_cargo"] = {lst: dist[lst] for lst in por_cargo}
        saida_cargos.append(item)
    return {
        "certame": f"{certame.orgao.nome} — edital {certame.numero_edital}",
        "regime": regime.id,
        "fonte_semente": anuncio.fonte_semente,
        "data_da_semente": anuncio.data_da_semente.isoformat(),
        "semente": sorteio.semente if sorteio is not None else None,
        "vagas_edital": n_e,
        "listas": list(regime.listas),
        "grupos": grupos,
        "cargos": saida_cargos,
    }


def saida_esperada(resultado: dict, listas: list[str]) -> str:
    """What the check script prints for a stored draw result (``edital_para_json``)."""
    linhas = []
    retiradas: dict[str, list[dict]] = {}
    for s in resultado.get("retiradas", []):
        retiradas.setdefault(s["grupo"], []).append(s)
    sorteados: dict[str, list[dict]] = {}
    for s in resultado["sorteio"]:
        sorteados.setdefault(s["grupo"], []).append(s)
    nao_alocados = resultado.get("nao_alocados", {})
    for lst in listas:
        for s in retiradas.get(lst, []):
            linhas.append(f"{lst} -{s['ordem']}: {s['codigo']} perde a vaga {s['vaga']} "
                          f"sha256 {s['sha256']}")
        for s in sorteados.get(lst, []):
            linhas.append(f"{lst} {s['ordem']}: {s['codigo']} vaga {s['vaga']} "
                          f"sha256 {s['sha256']}")
        if nao_alocados.get(lst):
            linhas.append(f"{lst} {len(sorteados.get(lst, [])) + 1}: nenhuma vaga livre")
    for c in resultado["cargos"]:
        dist = c["distribuicao"]
        partes = [f"{regras.AC} {dist.get(regras.AC, 0)}"]
        partes += [f"{lst} {dist.get(lst, 0)}" for lst in listas]
        linhas.append(f"{c['codigo']}: " + ", ".join(partes))
    return "\n".join(linhas)

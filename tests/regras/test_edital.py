"""Whole-edital base of the reserve and the public draw (regras-de-reserva.md, section 4.1)."""

import hashlib
import math
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from certames.regras import (
    REGIMES,
    Candidato,
    Entrada,
    ErroEntrada,
    ErroParametro,
    Parametros,
    RegraPcd,
    aplicar_parametros,
    classificar,
    distribuir,
    obter_regime,
)
from certames.regras.distribuicao import contagens
from certames.regras.edital import (
    CargoEdital,
    distribuir_edital,
    texto_bilhete,
    vaga_nova_edital,
)

PIR = "pirangi-lei3056-2025"
FED = "federal-lei15142-2025"
SEV = "severinia-lei3057-2026"
SMBV = "smbv-lc22-2026"
SEMENTE = "2027-03-12 Loteria Federal 46213"

EXEMPLO = [CargoEdital(f"C{i:02d}", 1) for i in range(10)] + [CargoEdital("PROF", 10)]


def _sha(texto: str) -> str:
    return hashlib.sha256(texto.encode("utf-8")).hexdigest()


def _sorteio_independente(semente, grupos_s, livres):
    """Re-run of the draw as a citizen would (spec 4.1, item 3): ``livres`` maps code ->
    [first free j, n_c]; returns [(grupo, k, code, j)]."""
    vencedores = []
    for g, s in grupos_s:
        for k in range(1, s + 1):
            bilhetes = [
                (_sha(f"{semente}|{g}|{k}|{cod}|{j}"), cod, j)
                for cod, (primeiro, n) in livres.items()
                for j in range(primeiro, n + 1)
            ]
            _, cod, j = min(bilhetes)
            vencedores.append((g, k, cod, j))
            livres[cod][0] += 1
    return vencedores


def test_exemplo_da_especificacao_pirangi():
    """Spec 4.1 worked: N_E = 20, R_PP = arred(20 * 15%) = 3, R_I = arred(0,6) = 1,
    R_Q = arred(0,4) = 0 (Lei 3.056/2025, art. 1º, §1º, art. 3º and art. 8º, §1º); PcD by
    cargo: PROF teto(0,5) = 1 (federal default); automatic PROF PP floor(1,5) = 1; drawn PP 2
    and I 1 among 18 free vacancies (9 of PROF, 1 of each other cargo)."""
    d = distribuir_edital(PIR, SEMENTE, EXEMPLO)
    assert d.vagas == 20
    assert (d.base_reserva, d.base_reserva_pcd) == ("edital", "cargo")
    assert d.totais == {"AC": 15, "PP": 3, "I": 1, "Q": 0, "PCD": 1}
    prof = d.cargos[-1]
    assert prof.automaticas == {"PP": 1, "I": 0, "Q": 0}
    # PROF holds PP 1 (automatic) and PcD 1: its free tickets are j = 3..10.
    esperado = _sorteio_independente(
        SEMENTE, [("PP", 2), ("I", 1)], {c.codigo: [1, 1] for c in EXEMPLO[:10]} | {"PROF": [3, 10]}
    )
    assert [(s.grupo, s.ordem, s.codigo, s.vaga) for s in d.sorteio] == esperado
    # Worked once by hand with hashlib for this seed.
    assert esperado == [("PP", 1, "PROF", 6), ("PP", 2, "PROF", 5), ("I", 1, "C03", 1)]
    assert [s.bilhetes for s in d.sorteio] == [18, 17, 16]
    for s in d.sorteio:
        assert s.sha256 == _sha(texto_bilhete(SEMENTE, s.grupo, s.ordem, s.codigo, s.vaga))
    assert d.distribuicao("PROF") == {"AC": 6, "PP": 3, "I": 0, "Q": 0, "PCD": 1}
    assert d.distribuicao("C03") == {"AC": 0, "PP": 0, "I": 1, "Q": 0, "PCD": 0}
    assert d.distribuicao("C00") == {"AC": 1, "PP": 0, "I": 0, "Q": 0, "PCD": 0}


def test_texto_do_bilhete():
    assert texto_bilhete("123", "PP", 2, "A001", 7) == "123|PP|2|A001|7"


def test_pcd_na_base_do_edital_sorteado_como_grupo():
    """base_reserva_pcd = edital: R_PCD = teto(20 * 5%) = 1 (cap 20% of 20 = 4), automatic
    floor(n_c * 5%) = 0 everywhere, so one PcD seat is drawn after the racial ones."""
    d = distribuir_edital(PIR, SEMENTE, EXEMPLO, Parametros(base_reserva_pcd="edital"))
    assert d.totais["PCD"] == 1
    assert [s.grupo for s in d.sorteio] == ["PP", "PP", "I", "PCD"]
    # PROF no longer holds a PcD seat before the draw: tickets j = 2..10, 10 + 9 = 19.
    assert d.sorteio[0].bilhetes == 19


def test_base_por_cargo_igual_a_distribuir():
    d = distribuir_edital(PIR, SEMENTE, EXEMPLO, Parametros(base_reserva="cargo"))
    assert d.sorteio == ()
    for c in d.cargos:
        assert c.distribuicao == distribuir(c.vagas, PIR).contagens


@pytest.mark.parametrize("regime", [SEV, SMBV])
def test_regime_sem_base_do_edital_recusado(regime):
    with pytest.raises(ErroParametro) as exc:
        distribuir_edital(regime, SEMENTE, EXEMPLO)
    artigo = "art. 8º, §3º" if regime == SEV else "art. 1º, §3º"
    assert artigo in str(exc.value)
    assert str(exc.value).startswith(
        f"parametros.base_reserva: o regime {regime} não admite a base “edital”"
    )


def test_parametro_base_reserva_validado():
    with pytest.raises(ErroParametro, match="art. 8º, §3º"):
        aplicar_parametros(obter_regime(SEV), Parametros(base_reserva="edital"))
    with pytest.raises(ErroParametro, match="art. 6º, §2º"):
        aplicar_parametros(obter_regime(SMBV), Parametros(base_reserva_pcd="edital"))
    with pytest.raises(ErroParametro, match="base inválida “todas”"):
        aplicar_parametros(obter_regime(PIR), Parametros(base_reserva="todas"))
    assert aplicar_parametros(obter_regime(FED), Parametros(base_reserva="cargo")).base_reserva == (
        "cargo"
    )


def test_padroes_por_regime_sao_dados():
    assert {r.id: (r.base_reserva, r.base_reserva_pcd) for r in REGIMES.values()} == {
        SMBV: ("cargo", "cargo"),
        SEV: ("cargo", "cargo"),
        PIR: ("edital", "cargo"),
        FED: ("edital", "cargo"),
    }
    assert obter_regime(PIR).como_dict()["base_reserva"]["permitidas"] == ["edital", "cargo"]
    assert obter_regime(SEV).como_dict()["base_reserva"]["permitidas"] == ["cargo"]


@pytest.mark.parametrize(
    ("semente", "cargos", "mensagem"),
    [
        ("", EXEMPLO, "semente: a semente do sorteio é obrigatória"),
        ("  ", EXEMPLO, "semente: a semente do sorteio é obrigatória"),
        (SEMENTE, [], "cargos: o edital deve ter ao menos um cargo"),
        (
            SEMENTE,
            [CargoEdital("A1", 1), CargoEdital("A1", 2)],
            "cargos[1].codigo: código “A1” repetido (já em cargos[0])",
        ),
        (SEMENTE, [CargoEdital("AÇ1", 1)], "cargos[0].codigo: código inválido “AÇ1”"),
        (SEMENTE, [CargoEdital("A 1", 1)], "cargos[0].codigo: código inválido “A 1”"),
        (SEMENTE, [CargoEdital("A1", -1)], "cargos[0].vagas: esperado inteiro"),
    ],
)
def test_entrada_invalida(semente, cargos, mensagem):
    with pytest.raises(ErroEntrada) as exc:
        distribuir_edital(PIR, semente, cargos)
    assert str(exc.value).startswith(mensagem)


def test_retirada_quando_automaticas_excedem_total():
    """Joint rounding can give a group less than its automatic parts. Synthetic regime PP 2%,
    I 2%, Q 14%, one cargo of 36: T = arred(36 * 18%) = arred(6,48) = 6, quotas 0,67 / 0,67 /
    4,67, largest remainder (ties in order) -> PP 1, I 1, Q 4; automatic Q floor(5,04) = 5:
    one Q seat withdrawn, the total stays 4 (product default)."""
    base = obter_regime(PIR)
    grupos = tuple(
        replace(g, percentual=Fraction(p, 100))
        for g, p in zip(base.grupos, (2, 2, 14), strict=True)
    )
    regime = replace(base, grupos=grupos, arredondamento_conjunto=True)
    d = distribuir_edital(regime, SEMENTE, [CargoEdital("X", 36)])
    assert d.totais == {"AC": 28, "PP": 1, "I": 1, "Q": 4, "PCD": 2}
    assert [(s.grupo, s.ordem, s.codigo, s.bilhetes) for s in d.retiradas] == [("Q", 1, "X", 5)]
    assert d.retiradas[0].sha256 == _sha(f"{SEMENTE}|Q|-1|X|{d.retiradas[0].vaga}")
    assert d.cargos[0].automaticas["Q"] == 4


def test_sem_vaga_livre_reporta_nao_alocados():
    """Pirangi with an edital PcD rule of 80% (the law is silent on PcD): each 1-vacancy cargo
    has teto(0,8) = 1 PcD seat, so the R_PP = arred(10 * 15%) = 2 seats find no ticket."""
    regra = RegraPcd(Fraction(80, 100), None)
    cargos = [CargoEdital(f"C{i}", 1) for i in range(10)]
    d = distribuir_edital(PIR, SEMENTE, cargos, Parametros(regra_pcd=regra))
    assert d.nao_alocados == {"PP": 2}
    assert d.sorteio == ()
    assert d.totais == {"AC": 0, "PP": 0, "I": 0, "Q": 0, "PCD": 10}


# -- item 5: a vacancy that arises later --------------------------------------------------


def _atuais():
    return {c.codigo: c.distribuicao for c in distribuir_edital(PIR, SEMENTE, EXEMPLO).cargos}


def test_vaga_nova_vai_ao_primeiro_grupo_devido():
    """N_E 20 -> 21: R_PP(21) = arred(3,15) = 3 = held, R_I(21) = arred(0,63) = 1 = held,
    R_Q(21) = arred(0,42) = 0; PcD by cargo: C00 with 2 vacancies, teto(0,1) = 1 > 20% of 2
    -> floor = 0. So AC."""
    nova = vaga_nova_edital(PIR, _atuais(), "C00")
    assert (nova.grupo, nova.vagas_edital) == ("AC", 21)
    assert nova.distribuicao == {"AC": 2, "PP": 0, "I": 0, "Q": 0, "PCD": 0}


def test_vaga_nova_reservada_sem_novo_sorteio():
    """Add vacancies to PROF one by one: N_E 24 -> R_PP(24) = arred(3,6) = 4 > 3 held: the
    4th new vacancy (N_E = 24) is PP, in PROF itself; earlier seats never move."""
    atuais = _atuais()
    grupos = []
    for _ in range(4):
        nova = vaga_nova_edital(PIR, atuais, "PROF")
        grupos.append((nova.vagas_edital, nova.grupo))
        atuais = {**atuais, "PROF": nova.distribuicao}
    # PROF 11..13 vacancies: PcD teto(0,55..0,65) = 1 held; N_E 21..23: R_PP 3, R_I 1, R_Q 0.
    assert grupos == [(21, "AC"), (22, "AC"), (23, "AC"), (24, "PP")]
    assert atuais["PROF"] == {"AC": 9, "PP": 4, "I": 0, "Q": 0, "PCD": 1}
    assert atuais["C03"] == {"AC": 0, "PP": 0, "I": 1, "Q": 0, "PCD": 0}


def test_vaga_nova_pcd_por_cargo():
    """PROF 10 -> ... a cargo of 20 vacancies gets its 2nd PcD at n = 21 (teto(1,05) = 2 <=
    4,2)."""
    atuais = {"A": {"AC": 15, "PP": 3, "I": 1, "Q": 0, "PCD": 1}}
    nova = vaga_nova_edital(PIR, atuais, "A")
    # R_PP(21) = 3, R_I(21) = 1, R_Q(21) = 0: none due; PcD by cargo 2 > 1.
    assert nova.grupo == "PCD"
    with pytest.raises(ErroEntrada, match="não está na distribuição"):
        vaga_nova_edital(PIR, atuais, "B")


# -- classificar with the drawn split -----------------------------------------------------


def _candidatos():
    return (
        Candidato("1", "90"),
        Candidato("2", "80", listas={"PP": "confirmada"}),
        Candidato("3", "70", listas={"PP": "confirmada"}),
    )


def test_classificar_usa_distribuicao_sorteada():
    """Cargo C04 of 1 vacancy won a PP seat: per cargo Pirangi gives PP 0 below N = 2
    (art. 8º), but the drawn split r_PP(1) = 1 places the best PP optant."""
    sem = classificar(Entrada(PIR, 1, _candidatos()))
    assert [(o.inscricao, o.vaga) for o in sem.vagas_preenchidas] == [("1", "AC")]
    r = classificar(Entrada(PIR, 1, _candidatos(), distribuicao={"AC": 0, "PP": 1}))
    assert r.distribuicao.contagens == {"AC": 0, "PP": 1, "I": 0, "Q": 0, "PCD": 0}
    assert [(o.inscricao, o.vaga, o.lista) for o in r.vagas_preenchidas] == [("2", "PP", "PP")]
    assert [(c.posicao, c.vaga, c.inscricao) for c in r.convocacao] == [(1, "PP", "2")]


def test_classificar_distribuicao_no_historico():
    """PROF's drawn split AC 6, PP 3, PCD 1 (N = 10): positions 1..10 hold exactly that."""
    cands = tuple(Candidato(str(i), 100 - i, listas={"PP": "confirmada"}) for i in range(12))
    dist = {"AC": 6, "PP": 3, "I": 0, "Q": 0, "PCD": 1}
    r = classificar(Entrada(PIR, 10, cands, distribuicao=dist))
    tipos = [c.vaga for c in r.convocacao]
    assert {t: tipos.count(t) for t in ("AC", "PP", "PCD")} == {"AC": 6, "PP": 3, "PCD": 1}


@pytest.mark.parametrize(
    ("regime", "vagas", "dist", "mensagem"),
    [
        (PIR, 1, {"AC": 1, "PP": 1}, "distribuicao: as vagas por lista somam 2, mas o cargo tem 1"),
        (PIR, 1, {"AC": 0, "PPI": 1}, "distribuicao.PPI: a lista “PPI” não existe"),
        (PIR, 1, {"AC": 2, "PP": -1}, "distribuicao.PP: esperado inteiro maior ou igual a 0"),
        # PcD on the cargo base (default): section 4 gives 0 for 1 vacancy.
        (PIR, 1, {"AC": 0, "PCD": 1}, "distribuicao.PCD: 1 vaga(s), mas a base desta reserva é"),
        # Severínia N = 2: PPI arred(0,6) = 1 per cargo (art. 8º, §3º), the split cannot move it.
        (
            SEV,
            2,
            {"AC": 2},
            "distribuicao.PPI: 0 vaga(s), mas a base desta reserva é o cargo (Lei 3.057/2026, "
            "art. 8º, §3º",
        ),
    ],
)
def test_classificar_distribuicao_invalida(regime, vagas, dist, mensagem):
    with pytest.raises(ErroEntrada) as exc:
        classificar(Entrada(regime, vagas, (), distribuicao=dist))
    assert str(exc.value).startswith(mensagem)


def test_classificar_distribuicao_por_cargo_aceita_igual():
    r = classificar(Entrada(SEV, 2, (), distribuicao={"AC": 1, "PPI": 1}))
    assert r.distribuicao == distribuir(2, SEV)


# -- properties ---------------------------------------------------------------------------

REGIMES_EDITAL = [r.id for r in REGIMES.values() if "edital" in r.bases_reserva]


@st.composite
def editais(draw: st.DrawFn):
    regime = draw(st.sampled_from(REGIMES_EDITAL))
    vagas = draw(st.lists(st.integers(0, 25), min_size=1, max_size=40))
    cargos = [CargoEdital(f"K{i:02d}", v) for i, v in enumerate(vagas)]
    parametros = draw(
        st.sampled_from(
            [
                None,
                Parametros(base_reserva_pcd="edital"),
                Parametros(arredondamento_conjunto=True),
                Parametros(base_reserva="cargo"),
            ]
        )
    )
    semente = draw(st.text(st.characters(codec="utf-8"), min_size=1, max_size=12).filter(str.strip))
    return regime, semente, cargos, parametros


@settings(max_examples=60, deadline=None)
@given(editais())
def test_propriedades_do_sorteio(edital):
    regime_id, semente, cargos, parametros = edital
    d = distribuir_edital(regime_id, semente, cargos, parametros)
    r = aplicar_parametros(obter_regime(regime_id), parametros)
    n_e = sum(c.vagas for c in cargos)
    assert d.vagas == n_e
    total_edital = dict(zip(r.listas, contagens(n_e, r), strict=True))
    for lst in r.listas:
        base = r.base_reserva_pcd if lst == "PCD" else r.base_reserva
        if base == "edital":
            # Totals are the whole-edital rounding (nothing unplaced with these percentages).
            assert d.totais[lst] == total_edital[lst]
        else:
            # Per-cargo base unchanged: section 4 on each n_c.
            for c in d.cargos:
                assert c.distribuicao[lst] == distribuir(c.vagas, r).contagens[lst]
    assert d.nao_alocados == {}
    assert sum(d.totais.values()) == n_e
    for c, original in zip(d.cargos, cargos, strict=True):
        assert c.codigo == original.codigo and c.vagas == original.vagas
        assert list(c.distribuicao) == list(r.listas_com_ac)
        assert min(c.distribuicao.values()) >= 0
        # No cargo gets more reserved seats than vacancies.
        assert sum(c.distribuicao.values()) == c.vagas
        for g in r.grupos:
            if r.base_reserva == "edital" and not r.arredondamento_conjunto:
                # The automatic part is never taken away.
                assert c.distribuicao[g.codigo] >= math.floor(c.vagas * g.percentual)
    # Each draw's ticket digest is the published text's, and the same seed gives the same draw.
    for s in d.sorteio:
        assert s.sha256 == _sha(texto_bilhete(semente, s.grupo, s.ordem, s.codigo, s.vaga))
    assert distribuir_edital(regime_id, semente, list(cargos), parametros) == d
    # The split is a valid classificar input for every cargo.
    for c in d.cargos[:3]:
        res = classificar(Entrada(regime_id, c.vagas, (), parametros, distribuicao=c.distribuicao))
        assert res.distribuicao.contagens == c.distribuicao


@settings(max_examples=40, deadline=None)
@given(editais(), st.data())
def test_propriedade_vaga_nova(edital, data):
    regime_id, semente, cargos, parametros = edital
    d = distribuir_edital(regime_id, semente, cargos, parametros)
    atuais = {c.codigo: c.distribuicao for c in d.cargos}
    codigo = data.draw(st.sampled_from(sorted(atuais)))
    nova = vaga_nova_edital(regime_id, atuais, codigo, parametros)
    assert nova.vagas_edital == d.vagas + 1
    # Only the new vacancy's seat changes; every other seat stays where it was.
    diferenca = {k: nova.distribuicao[k] - atuais[codigo][k] for k in nova.distribuicao}
    assert diferenca == {k: int(k == nova.grupo) for k in diferenca}

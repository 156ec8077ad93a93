"""Who is in which list and the ranking (regras-de-reserva.md, section 5)."""

from decimal import Decimal

import pytest

from certames.regras import Candidato, Parametros, montar_listas, obter_regime, ordenar
from certames.regras.listas import chave_inscricao
from certames.regras.regimes import ELIMINA

from .ajuda import cand, inscricoes, rodar

SMBV = "smbv-lc22-2026"
SEV = "severinia-lei3057-2026"
PIR = "pirangi-lei3056-2025"
FED = "federal-lei15142-2025"


def ids(cs):
    return [c.inscricao for c in cs]


def test_ranking_nota_desempate_inscricao():
    """nota desc, then tie-break keys in order (higher wins), then inscription asc."""
    cs = [
        cand("5", "80", "1", "10"),
        cand("4", "80", "2", "0"),
        cand("3", "80", "1", "20"),
        cand("2", "90", "0", "0"),
        cand("1", "80", "1", "20"),
        cand("6", "79.99", "9", "9"),
    ]
    assert ids(ordenar(cs)) == ["2", "4", "1", "3", "5", "6"]


def test_notas_exatas():
    """ "87,5", "87.50" and 87.5 are the same score; 0.1 + 0.2 style float noise is absent."""
    cs = [cand("3", "87,5"), cand("2", 87.5), cand("1", Decimal("87.50")), cand("4", "87.4999999")]
    assert ids(ordenar(cs)) == ["1", "2", "3", "4"]
    assert ids(ordenar([cand("1", "0.3"), cand("2", 0.1 + 0.2)])) == ["2", "1"]


def test_inscricao_numerica_e_textual():
    """Digit-only inscriptions compare as numbers ("99" before "100"); others as strings,
    after the numeric ones."""
    cs = [cand(s, 50) for s in ["100", "99", "B-1", "A-2", "007", "7", "10"]]
    assert ids(ordenar(cs)) == ["007", "7", "10", "99", "100", "A-2", "B-1"]
    assert chave_inscricao("000123") < chave_inscricao("124")
    # Same-length digit strings (fast path) agree with the general key.
    iguais = [cand(f"{i:06d}", 50) for i in (5, 300, 12, 7)]
    assert ids(ordenar(iguais)) == ["000005", "000007", "000012", "000300"]


def test_pendente_e_confirmada_na_lista_sub_judice():
    listas = montar_listas(
        [cand("1", 90, PP="pendente"), cand("2", 80, PP="confirmada")], obter_regime(FED)
    )
    assert ids(listas["PP"]) == ["1", "2"]
    assert listas.sub_judice["PP"] == frozenset({"1"})
    assert ids(listas["AC"]) == ["1", "2"]


def test_eliminado_desistente_fora_de_tudo():
    listas = montar_listas(
        [
            cand("1", 90, eliminado=True, PP="confirmada"),
            cand("2", 80, desistente=True, PCD="confirmada"),
            cand("3", 70),
        ],
        obter_regime(FED),
    )
    assert ids(listas["AC"]) == ["3"]
    assert listas["PP"] == () and listas["PCD"] == ()
    assert [(e.inscricao, e.motivo) for e in listas.excluidos] == [
        ("1", "eliminado"),
        ("2", "desistente"),
    ]


@pytest.mark.parametrize(
    ("regime", "lista", "citacao"),
    [
        (SMBV, "PP", "LC 22/2026, art. 3º, §3º"),
        (SEV, "PPI", "Lei 3.057/2026, art. 12, parágrafo único, I"),
        (PIR, "Q", "Lei 3.056/2025, art. 7º, §1º, I"),
        (FED, "PCD", "Lei 15.142/2025, art. 3º"),
    ],
)
def test_fraude_elimina_de_todas(regime, lista, citacao):
    """Fraud concluded in an administrative procedure eliminates from the certame."""
    listas = montar_listas(
        [cand("1", 90, **{lista: "fraude"})],
        obter_regime(regime),
    )
    assert all(v == () for v in listas.ordem.values())
    (e,) = listas.excluidos
    assert (e.motivo, e.lista) == ("fraude", lista)
    assert citacao in e.fundamento


def test_fraude_em_uma_lista_elimina_mesmo_confirmado_em_outra():
    listas = montar_listas([cand("1", 90, PP="confirmada", PCD="fraude")], obter_regime(PIR))
    assert listas["AC"] == () and listas["PP"] == ()


def test_nao_confirmacao_smbv_pp_permanece_ac():
    """SMBV default (spec sections 3 and 5): out of the PP list, still in AC and in the
    other lists; LC 22/2026, art. 3º, §3º eliminates only a false declaration established
    in the fraud procedure."""
    listas = montar_listas(
        [cand("1", 90, PP="nao_confirmada", PCD="confirmada")], obter_regime(SMBV)
    )
    assert (ids(listas["AC"]), ids(listas["PP"]), ids(listas["PCD"])) == (["1"], [], ["1"])
    assert listas.excluidos == ()
    (m,) = listas.remocoes
    assert (m.inscricao, m.lista, m.motivo) == ("1", "PP", "nao_confirmada")
    assert m.fundamento.startswith("LC 22/2026, art. 3º, §3º (elimina só a declaração falsa")


def test_nao_confirmacao_smbv_pp_elimina_pelo_edital():
    """The edital may choose elimination (the Lei 12.990/2014 practice, Portaria Normativa
    MPDG 4/2018, art. 11): out of every list."""
    res = rodar(
        SMBV,
        4,
        [cand("1", 90, PP="nao_confirmada", PCD="confirmada")],
        Parametros(efeito_nao_confirmacao={"PP": ELIMINA}),
    )
    assert all(inscricoes(res, lista) == [] for lista in ("AC", "PP", "I", "PCD"))
    (e,) = res.excluidos
    assert (e.motivo, e.lista, e.fundamento) == (
        "nao_confirmada",
        "PP",
        "edital: a não confirmação definitiva elimina do certame (prática da Lei "
        "12.990/2014, Portaria Normativa MPDG 4/2018, art. 11)",
    )


@pytest.mark.parametrize(
    ("regime", "lista", "citacao"),
    [
        (SMBV, "I", "LC 22/2026, art. 4º"),
        (SEV, "PPI", "Lei 3.057/2026, art. 11, §1º"),
        (PIR, "PP", "Lei 3.056/2025, art. 6º, §2º"),
        (PIR, "I", "Lei 3.056/2025, art. 6º, §2º"),
        (FED, "Q", "Lei 15.142/2025, art. 3º, §2º"),
    ],
)
def test_nao_confirmacao_permanece_ac(regime, lista, citacao):
    listas = montar_listas([cand("1", 90, **{lista: "nao_confirmada"})], obter_regime(regime))
    assert ids(listas["AC"]) == ["1"]
    assert listas[lista] == ()
    (m,) = listas.remocoes
    assert m.lista == lista and citacao in m.fundamento


@pytest.mark.parametrize("regime", [SMBV, SEV, PIR, FED])
def test_pcd_nao_confirmada_nunca_elimina(regime):
    listas = montar_listas([cand("1", 90, PCD="nao_confirmada")], obter_regime(regime))
    assert ids(listas["AC"]) == ["1"] and listas["PCD"] == ()
    assert listas.excluidos == ()


def test_federal_apenas_maior_percentual():
    """Decreto 12.536/2025: among racial lists only the highest percentage (PP 25% > I 3%
    > Q 2%); PCD besides."""
    cs = [
        cand("1", 90, PP="confirmada", I="confirmada", PCD="confirmada"),
        cand("2", 80, I="pendente", Q="confirmada"),
        cand("3", 70, PP="nao_confirmada", I="confirmada"),  # PP already out: stays in I
    ]
    listas = montar_listas(cs, obter_regime(FED))
    assert ids(listas["PP"]) == ["1"]
    assert ids(listas["I"]) == ["2", "3"]
    assert ids(listas["Q"]) == []
    assert ids(listas["PCD"]) == ["1"]
    assert listas.sub_judice["I"] == frozenset({"2"})
    assert sorted((m.inscricao, m.lista, m.motivo) for m in listas.remocoes) == [
        ("1", "I", "maior_percentual"),
        ("2", "Q", "maior_percentual"),
        ("3", "PP", "nao_confirmada"),
    ]


def test_pirangi_concorre_em_todas():
    """Without the federal rule, a candidate competes in every list opted for."""
    listas = montar_listas(
        [cand("1", 90, PP="confirmada", I="confirmada", Q="pendente")], obter_regime(PIR)
    )
    assert ids(listas["PP"]) == ids(listas["I"]) == ids(listas["Q"]) == ["1"]


def test_candidato_normaliza_numeros():
    c = Candidato("1", "87,5", ("1", 2))  # type: ignore[arg-type]
    assert c.nota == Decimal("87.5") and c.desempate == (Decimal(1), Decimal(2))


def test_candidato_recusa_decimal_nao_finito():
    with pytest.raises(ValueError):
        Candidato("1", Decimal("NaN"))
    with pytest.raises(ValueError):
        Candidato("1", Decimal(1), (Decimal("Infinity"),))

"""Legal regimes as data (regras-de-reserva.md, section 3)."""

import ast
import json
import subprocess
import sys
from dataclasses import replace
from datetime import date
from fractions import Fraction
from pathlib import Path

import pytest

from certames.regras import REGIMES, RegimeDesconhecido, obter_regime
from certames.regras.regimes import ELIMINA, PERMANECE_AC, Grupo

PACOTE = Path(__file__).resolve().parents[2] / "certames" / "regras"


def test_ids_e_listas():
    assert list(REGIMES) == [
        "smbv-lc22-2026",
        "severinia-lei3057-2026",
        "pirangi-lei3056-2025",
        "federal-lei15142-2025",
    ]
    assert obter_regime("smbv-lc22-2026").listas == ("PP", "I", "PCD")
    assert obter_regime("severinia-lei3057-2026").listas == ("PPI", "PCD")
    assert obter_regime("pirangi-lei3056-2025").listas == ("PP", "I", "Q", "PCD")
    assert obter_regime("federal-lei15142-2025").listas == ("PP", "I", "Q", "PCD")
    assert obter_regime("pirangi-lei3056-2025").listas_com_ac == ("AC", "PP", "I", "Q", "PCD")


@pytest.mark.parametrize(
    ("regime_id", "data", "artigo"),
    [
        # Lei 3.057/2026, art. 22 (published and in force 09/09/2026, art. 25).
        ("severinia-lei3057-2026", date(2026, 9, 9), "art. 22"),
        # Lei 3.056/2025, art. 14 (published 03/11/2025, in force on publication, art. 15).
        ("pirangi-lei3056-2025", date(2025, 11, 3), "art. 14"),
        # Lei 15.142/2025, art. 11 (DOU 04/06/2025).
        ("federal-lei15142-2025", date(2025, 6, 4), "art. 11"),
        # LC 22/2026: published 10/06/2026 (DOM-PE nº 4114); the text in hand is cut after
        # "Disposições finais", entry into force on publication assumed (spec section 3).
        ("smbv-lc22-2026", date(2026, 6, 10), "nº 4114"),
    ],
)
def test_vigencia(regime_id, data, artigo):
    r = obter_regime(regime_id)
    assert r.vigencia_desde == data
    assert artigo in r.fundamento_vigencia


def test_nota_da_vigencia_presumida_da_smbv():
    smbv = obter_regime("smbv-lc22-2026")
    assert "Disposições finais" in smbv.nota_vigencia
    assert "presume-se a entrada em vigor na data da publicação (10/06/2026" in (
        smbv.nota_vigencia)
    assert smbv.como_dict()["vigencia_desde"] == "2026-06-10"
    assert [r.nota_vigencia for r in (obter_regime("severinia-lei3057-2026"),
                                      obter_regime("pirangi-lei3056-2025"),
                                      obter_regime("federal-lei15142-2025"))] == ["", "", ""]


def test_percentuais_e_citacoes():
    smbv = obter_regime("smbv-lc22-2026")
    # LC 22/2026, art. 1º, I-II; §2º; art. 6º, §1º.
    assert [(g.codigo, g.percentual, g.fundamento) for g in smbv.grupos] == [
        ("PP", Fraction(25, 100), "LC 22/2026, art. 1º, I"),
        ("I", Fraction(5, 100), "LC 22/2026, art. 1º, II"),
    ]
    assert smbv.limiar_arredondamento == Fraction(7, 10)
    assert smbv.fundamento_arredondamento == "LC 22/2026, art. 1º, §2º"
    assert (smbv.pcd.percentual, smbv.pcd.limite) == (Fraction(5, 100), Fraction(10, 100))
    assert smbv.pcd.fundamento == "LC 22/2026, art. 6º, §1º"
    assert smbv.minimo_vagas == 0

    sev = obter_regime("severinia-lei3057-2026")
    # Lei 3.057/2026, art. 8º: 30% to pretos, pardos e indígenas, one pool.
    assert [(g.codigo, g.percentual) for g in sev.grupos] == [("PPI", Fraction(30, 100))]
    assert sev.grupos[0].fundamento == "Lei 3.057/2026, art. 8º"
    assert sev.limiar_arredondamento == Fraction(1, 2) and not sev.limiar_definido_em_lei
    assert not sev.pcd.definida_em_lei and sev.pcd.limite == Fraction(20, 100)

    pir = obter_regime("pirangi-lei3056-2025")
    # Lei 3.056/2025, art. 3º, I-III; art. 8º and §1º.
    assert [(g.codigo, g.percentual, g.fundamento) for g in pir.grupos] == [
        ("PP", Fraction(15, 100), "Lei 3.056/2025, art. 3º, I"),
        ("I", Fraction(3, 100), "Lei 3.056/2025, art. 3º, II"),
        ("Q", Fraction(2, 100), "Lei 3.056/2025, art. 3º, III"),
    ]
    assert pir.minimo_vagas == 2 and pir.fundamento_minimo == "Lei 3.056/2025, art. 8º"
    assert pir.fundamento_arredondamento == "Lei 3.056/2025, art. 8º, §1º"
    assert not pir.pcd.definida_em_lei

    fed = obter_regime("federal-lei15142-2025")
    assert [(g.codigo, g.percentual) for g in fed.grupos] == [
        ("PP", Fraction(25, 100)),
        ("I", Fraction(3, 100)),
        ("Q", Fraction(2, 100)),
    ]
    assert fed.minimo_vagas == 2 and fed.fundamento_minimo == "Lei 15.142/2025, art. 5º"
    assert fed.fundamento_arredondamento == "Lei 15.142/2025, art. 5º, §2º"
    assert fed.pcd.definida_em_lei and fed.pcd.limite == Fraction(20, 100)
    assert "Decreto 9.508/2018, art. 1º, §3º" in fed.pcd.fundamento
    assert fed.apenas_maior_percentual
    assert not any(r.apenas_maior_percentual for r in (smbv, sev, pir))


def test_nao_confirmacao():
    """Every list stays in AC (Lei 3.057/2026, art. 11, §1º; Lei 3.056/2025, art. 6º, §2º;
    Lei 15.142/2025, art. 3º, §2º), SMBV PP included: LC 22/2026, art. 3º, §3º eliminates
    only a false declaration established in the fraud procedure; the edital may choose
    elimination for SMBV PP alone (spec section 3). PcD never eliminates."""
    smbv = obter_regime("smbv-lc22-2026")
    pp = smbv.regra_nao_confirmacao("PP")
    assert pp.efeito == PERMANECE_AC
    assert pp.fundamento == (
        "LC 22/2026, art. 3º, §3º (elimina só a declaração falsa apurada em procedimento "
        "administrativo com contraditório e ampla defesa; sem ela, sai da lista reservada e "
        "segue na ampla concorrência)"
    )
    assert pp.efeitos_permitidos == (PERMANECE_AC, ELIMINA)
    assert "Portaria Normativa MPDG 4/2018, art. 11" in pp.fundamento_opcao
    assert smbv.regra_nao_confirmacao("I").efeito == PERMANECE_AC
    assert obter_regime("severinia-lei3057-2026").regra_nao_confirmacao("PPI").fundamento == (
        "Lei 3.057/2026, art. 11, §1º"
    )
    assert obter_regime("pirangi-lei3056-2025").regra_nao_confirmacao("Q").fundamento == (
        "Lei 3.056/2025, art. 6º, §2º"
    )
    for r in REGIMES.values():
        assert r.regra_nao_confirmacao("PCD").efeitos_permitidos == (PERMANECE_AC,)
        for lista in r.listas:
            assert r.regra_nao_confirmacao(lista).efeito == PERMANECE_AC
            if (r.id, lista) != ("smbv-lc22-2026", "PP"):
                assert r.regra_nao_confirmacao(lista).efeitos_permitidos == (PERMANECE_AC,)


def test_cadeias():
    """Pirangi: Q -> I -> PP -> AC, I -> Q -> PP -> AC, PP -> AC (Lei 3.056/2025, art. 3º,
    §§1º a 3º; art. 11); federal the same (Decreto 12.536/2025); SMBV: PP -> I -> AC and
    I -> PP -> AC ("negro ou indígena", LC 22/2026, art. 1º, §§6º e 7º); Severínia: AC
    (Lei 3.057/2026, art. 16)."""
    pir = obter_regime("pirangi-lei3056-2025")
    assert [(p.lista, p.fundamento) for p in pir.reversao("Q").cadeia] == [
        ("I", "Lei 3.056/2025, art. 3º, §1º"),
        ("PP", "Lei 3.056/2025, art. 3º, §3º"),
    ]
    assert [(p.lista, p.fundamento) for p in pir.reversao("I").cadeia] == [
        ("Q", "Lei 3.056/2025, art. 3º, §2º"),
        ("PP", "Lei 3.056/2025, art. 3º, §3º"),
    ]
    assert pir.reversao("PP").cadeia == ()
    assert "art. 11" in pir.reversao("PP").fundamento_ampla
    fed = obter_regime("federal-lei15142-2025")
    for g in ("PP", "I", "Q"):
        assert [p.lista for p in fed.reversao(g).cadeia] == [
            p.lista for p in pir.reversao(g).cadeia
        ]
    smbv = obter_regime("smbv-lc22-2026")
    negro_ou_indigena = 'LC 22/2026, art. 1º, §6º ("candidato negro ou indígena")'
    assert [(p.lista, p.fundamento) for p in smbv.reversao("PP").cadeia] == [
        ("I", negro_ou_indigena)
    ]
    assert [(p.lista, p.fundamento) for p in smbv.reversao("I").cadeia] == [
        ("PP", negro_ou_indigena)
    ]
    assert smbv.reversao("I").fundamento_ampla == "LC 22/2026, art. 1º, §7º"
    assert smbv.reversao("PCD").cadeia == ()
    assert smbv.reversao("PP").fundamento_mesma_lista == "LC 22/2026, art. 1º, §6º"
    assert smbv.reversao("PP").fundamento_ampla == "LC 22/2026, art. 1º, §7º"
    assert smbv.reversao("PCD").fundamento_ampla == "LC 22/2026, art. 6º, §6º"
    sev = obter_regime("severinia-lei3057-2026")
    assert sev.reversao("PPI").fundamento_ampla == "Lei 3.057/2026, art. 16"


def test_regime_desconhecido():
    with pytest.raises(RegimeDesconhecido) as exc:
        obter_regime("sao-paulo")
    assert isinstance(exc.value, KeyError)
    assert str(exc.value).startswith("regime desconhecido “sao-paulo” (disponíveis: ")


def test_regime_invalido_e_recusado():
    fed = obter_regime("federal-lei15142-2025")
    with pytest.raises(ValueError, match="não confirmação deve cobrir"):
        replace(fed, grupos=fed.grupos + (Grupo("PPI", "x", Fraction(1, 100), "x"),))
    with pytest.raises(ValueError, match="percentuais somam mais de 100%"):
        replace(
            fed, grupos=(replace(fed.grupos[0], percentual=Fraction(99, 100)),) + fed.grupos[1:]
        )


def test_como_dict_e_serializavel_e_citado():
    for r in REGIMES.values():
        d = json.loads(json.dumps(r.como_dict(), ensure_ascii=False))
        assert d["id"] == r.id and d["listas"] == list(r.listas)
        assert all(g["fundamento"] for g in d["grupos"])
        assert d["arredondamento"]["fundamento"] and d["pcd"]["fundamento"]
    assert obter_regime("smbv-lc22-2026").como_dict()["arredondamento"]["limiar"] == "0.7"
    assert obter_regime("smbv-lc22-2026").como_dict()["grupos"][0]["percentual"] == "25"


def test_nenhum_import_de_django_no_motor():
    """The engine is pure (arquitetura.md): no module of certames/regras imports Django."""
    for arquivo in PACOTE.glob("*.py"):
        arvore = ast.parse(arquivo.read_text(encoding="utf-8"))
        for no in ast.walk(arvore):
            if isinstance(no, ast.Import):
                nomes = [a.name for a in no.names]
            elif isinstance(no, ast.ImportFrom):
                nomes = [no.module or ""]
            else:
                continue
            assert not any(n.split(".")[0] == "django" for n in nomes), arquivo
    codigo = (
        "import sys, certames.regras; "
        "assert not [m for m in sys.modules if m.split('.')[0] == 'django'], 'django'"
    )
    subprocess.run([sys.executable, "-c", codigo], check=True, cwd=PACOTE.parents[1], timeout=60)

"""The JSON contract (certames/regras/json_io.py)."""

import copy
import json
from decimal import Decimal

import pytest

from certames.regras import ErroEntrada, classificar, ler_entrada, resultado_para_json


def base(**extra):
    obj = {
        "regime": "pirangi-lei3056-2025",
        "vagas": 17,
        "candidatos": [
            {
                "inscricao": "000123",
                "nota": "87.5",
                "desempate": ["1", "45.5"],
                "listas": {"PP": "confirmada", "PCD": "pendente"},
                "eliminado": False,
                "desistente": False,
            },
            {"inscricao": "000124", "nota": 90, "desempate": [2, "45,5"]},
            {
                "inscricao": "000125",
                "nota": 87.5,
                "desempate": [1, 45.5],
                "listas": {"I": "pendente"},
            },
        ],
    }
    obj.update(extra)
    return obj


def erro(obj) -> str:
    with pytest.raises(ErroEntrada) as exc:
        ler_entrada(obj)
    return str(exc.value)


def com_candidato(i, **campos):
    obj = base()
    obj["candidatos"][i].update(campos)
    return obj


def test_le_entrada_valida():
    e = ler_entrada(base())
    assert e.regime == "pirangi-lei3056-2025" and e.vagas == 17
    c0, c1, c2 = e.candidatos
    assert c0.nota == Decimal("87.5") and c0.desempate == (Decimal(1), Decimal("45.5"))
    assert c1.desempate == (Decimal(2), Decimal("45.5"))
    assert c2.nota == c0.nota and c2.desempate == c0.desempate
    assert c0.listas == {"PP": "confirmada", "PCD": "pendente"}
    assert not c1.listas and not c1.eliminado


def test_saida_no_formato_do_contrato():
    """Pirangi N=17: AC 12, PP 3, I 1, Q 0, PCD 1 (Lei 3.056/2025, art. 3º, art. 8º, §1º)."""
    saida = resultado_para_json(classificar(ler_entrada(base())))
    assert list(saida) == [
        "regime",
        "vagas",
        "distribuicao",
        "listas",
        "vagas_preenchidas",
        "convocacao",
    ]
    assert saida["distribuicao"] == {"AC": 12, "PP": 3, "I": 1, "Q": 0, "PCD": 1}
    # 000124 first (90); 000123 and 000125 tie on every score: inscription ascending.
    assert saida["listas"] == {
        "AC": ["000124", "000123", "000125"],
        "PP": ["000123"],
        "I": ["000125"],
        "Q": [],
        "PCD": ["000123"],
    }
    assert [(v["inscricao"], v["vaga"], v["lista"]) for v in saida["vagas_preenchidas"]] == [
        ("000124", "AC", "AC"),
        ("000123", "AC", "AC"),
        ("000125", "AC", "AC"),
    ]
    assert all(v["fundamento"] for v in saida["vagas_preenchidas"])
    assert len(saida["convocacao"]) == 17
    assert saida["convocacao"][0] == {"posicao": 1, "vaga": "AC", "inscricao": "000124"}
    assert saida["convocacao"][3] == {"posicao": 4, "vaga": "PP", "inscricao": None}
    json.dumps(saida)  # plain JSON types only


def test_saida_completa():
    saida = resultado_para_json(classificar(ler_entrada(base())), completo=True)
    assert saida["explicacao"][0] == (
        "PP: 15% de 17 = 2,55 → 3, fração 0,55 igual ou maior que 0,5 — "
        "Lei 3.056/2025, art. 8º, §1º"
    )
    assert saida["sub_judice"] == {
        "AC": [],
        "PP": [],
        "I": ["000125"],
        "Q": [],
        "PCD": ["000123"],
    }
    assert saida["vagas_vazias"] == {"AC": 9, "PP": 3, "I": 1, "Q": 0, "PCD": 1}
    assert saida["calculos"][0]["produto"] == "51/20"
    json.dumps(saida, ensure_ascii=False)


def test_parametros_validos():
    e = ler_entrada(
        base(
            regime="severinia-lei3057-2026",
            candidatos=[{"inscricao": "1", "nota": 1}],
            parametros={
                "limiar_arredondamento": "0,7",
                "arredondamento_conjunto": False,
                "regra_pcd": {"percentual": 10, "limite": "20"},
                "efeito_nao_confirmacao": {"PPI": "permanece_ac"},
            },
        )
    )
    res = classificar(e)
    assert res.regime.limiar_arredondamento.numerator == 7
    assert res.distribuicao["PCD"] == 2  # 10% de 17 = 1,7 -> 2 <= 3,4


def test_numero_json_decimal():
    """JSON numbers parsed with parse_float=Decimal keep their exact text."""
    obj = json.loads(
        '{"regime": "smbv-lc22-2026", "vagas": 1, "candidatos": [{"inscricao": 7, "nota": 0.1}]}',
        parse_float=Decimal,
    )
    (c,) = ler_entrada(obj).candidatos
    assert c.nota == Decimal("0.1") and c.inscricao == "7"


@pytest.mark.parametrize(
    ("obj", "mensagem"),
    [
        ([], "entrada: esperado um objeto JSON, recebido uma lista"),
        ({"vagas": 1, "candidatos": []}, "regime: campo obrigatório"),
        (base(regime=3), "regime: valor inválido 3"),
        (base(vagas=-1), "vagas: esperado inteiro maior ou igual a 0, recebido -1"),
        (base(vagas="17"), "vagas: esperado inteiro maior ou igual a 0, recebido '17'"),
        (base(vagas=True), "vagas: esperado inteiro maior ou igual a 0, recebido true"),
        (base(vagas=1.5), "vagas: esperado inteiro maior ou igual a 0, recebido 1.5"),
        ({"regime": "smbv-lc22-2026", "candidatos": []}, "vagas: campo obrigatório"),
        ({"regime": "smbv-lc22-2026", "vagas": 1}, "candidatos: campo obrigatório"),
        (base(candidatos={}), "candidatos: esperado uma lista, recebido um objeto"),
        (base(extra=1), "extra: campo desconhecido"),
        (base(parametros=[]), "parametros: esperado um objeto, recebido uma lista"),
        (base(parametros={"limiar": 1}), "parametros.limiar: campo desconhecido"),
        (
            base(parametros={"limiar_arredondamento": "abc"}),
            "parametros.limiar_arredondamento: valor inválido 'abc'",
        ),
        (
            base(parametros={"limiar_arredondamento": "0.7"}),
            "parametros.limiar_arredondamento: o regime pirangi-lei3056-2025 fixa o "
            "arredondamento em lei (Lei 3.056/2025, art. 8º, §1º: fração igual ou maior que "
            "0,5); o edital não pode alterá-lo",
        ),
        (
            base(parametros={"arredondamento_conjunto": "sim"}),
            "parametros.arredondamento_conjunto: esperado true ou false, recebido 'sim'",
        ),
        (
            base(parametros={"regra_pcd": {"limite": 20}}),
            "parametros.regra_pcd.percentual: campo obrigatório",
        ),
        (
            base(parametros={"regra_pcd": {"percentual": "x"}}),
            "parametros.regra_pcd.percentual: valor inválido 'x'",
        ),
        (
            base(parametros={"regra_pcd": {"percentual": 5, "limite": "y"}}),
            "parametros.regra_pcd.limite: valor inválido 'y'",
        ),
        (
            base(regime="federal-lei15142-2025", parametros={"regra_pcd": {"percentual": 25}}),
            "parametros.regra_pcd.percentual: o regime federal-lei15142-2025 admite reserva PcD "
            "de 5% a 20% das vagas (Decreto 9.508/2018, art. 1º, §1º (no mínimo 5%); Lei "
            "8.112/1990, art. 5º, §2º (até 20% das vagas)); recebido 25%",
        ),
        (
            base(parametros={"efeito_nao_confirmacao": {"PP": "elimina"}}),
            "parametros.efeito_nao_confirmacao.PP: Lei 3.056/2025, art. 6º, §2º fixa o efeito "
            "“permanece_ac”; o edital não pode alterá-lo",
        ),
        (
            base(parametros={"efeito_nao_confirmacao": {"PP": 1}}),
            "parametros.efeito_nao_confirmacao.PP: valor inválido 1",
        ),
        (com_candidato(0, nota="abc"), "candidatos[0].nota: valor inválido 'abc'"),
        (com_candidato(2, nota="1.234,5"), "candidatos[2].nota: valor inválido '1.234,5'"),
        (com_candidato(1, nota=None), "candidatos[1].nota: valor inválido null"),
        (com_candidato(1, nota=True), "candidatos[1].nota: valor inválido true"),
        (com_candidato(1, nota=float("nan")), "candidatos[1].nota: valor inválido nan"),
        (com_candidato(1, desempate=["1", "x"]), "candidatos[1].desempate[1]: valor inválido 'x'"),
        (
            com_candidato(1, desempate="1"),
            "candidatos[1].desempate: esperado uma lista, recebido '1'",
        ),
        (
            com_candidato(1, desempate=["1"]),
            "candidatos[1].desempate: 1 chave(s), mas candidatos[0] tem 2; todos os "
            "candidatos devem ter o mesmo número de chaves",
        ),
        (
            com_candidato(1, inscricao="000123"),
            "candidatos[1].inscricao: inscrição “000123” repetida (já em candidatos[0])",
        ),
        (com_candidato(1, inscricao=""), "candidatos[1].inscricao: valor inválido ''"),
        (com_candidato(1, inscricao=None), "candidatos[1].inscricao: valor inválido null"),
        (
            com_candidato(1, listas=[]),
            "candidatos[1].listas: esperado um objeto, recebido uma lista",
        ),
        (
            com_candidato(1, listas={"X": "confirmada"}),
            "candidatos[1].listas.X: lista desconhecida “X” (use PP, I, Q, PPI, PCD)",
        ),
        (
            com_candidato(1, listas={"PPI": "confirmada"}),
            "candidatos[1].listas.PPI: a lista “PPI” não existe no regime pirangi-lei3056-2025 "
            "(listas: PP, I, Q, PCD)",
        ),
        (
            com_candidato(1, listas={"AC": "confirmada"}),
            "candidatos[1].listas.AC: lista desconhecida “AC” (use PP, I, Q, PPI, PCD)",
        ),
        (
            com_candidato(1, listas={"PP": "ok"}),
            "candidatos[1].listas.PP: estado inválido 'ok' (use confirmada, pendente, "
            "nao_confirmada ou fraude)",
        ),
        (
            com_candidato(0, eliminado="sim"),
            "candidatos[0].eliminado: esperado true ou false, recebido 'sim'",
        ),
        (
            com_candidato(0, desistente=1),
            "candidatos[0].desistente: esperado true ou false, recebido 1",
        ),
        (com_candidato(0, nota_final=1), "candidatos[0].nota_final: campo desconhecido"),
        (
            com_candidato(0, notas={"P1": 1}),
            "candidatos[0].notas: a entrada não tem “fases”; informe a nota final em “nota”",
        ),
        (base(candidatos=[1]), "candidatos[0]: esperado um objeto, recebido 1"),
        (base(candidatos=[{"nota": 1}]), "candidatos[0].inscricao: campo obrigatório"),
        (base(candidatos=[{"inscricao": "1"}]), "candidatos[0].nota: campo obrigatório"),
    ],
)
def test_erros(obj, mensagem):
    assert erro(copy.deepcopy(obj)) == mensagem


def test_regime_desconhecido():
    assert erro(base(regime="recife")).startswith(
        "regime: regime desconhecido “recife” (disponíveis: federal-lei15142-2025, "
    )


def test_desempate_ausente_em_todos_e_aceito():
    obj = base()
    for c in obj["candidatos"]:
        c.pop("desempate")
    assert all(c.desempate == () for c in ler_entrada(obj).candidatos)


def test_desempate_ausente_em_um_e_erro():
    obj = base()
    obj["candidatos"][2].pop("desempate")
    assert erro(obj).startswith("candidatos[2].desempate: 0 chave(s), mas candidatos[0] tem 2")


def test_classificar_valida_entrada_python():
    """The Python entry point validates too (same messages)."""
    from certames.regras import Entrada

    from .ajuda import cand

    with pytest.raises(ErroEntrada, match=r"^regime: regime desconhecido “x”"):
        classificar(Entrada("x", 1, ()))
    with pytest.raises(ErroEntrada, match=r"^vagas: esperado inteiro"):
        classificar(Entrada("smbv-lc22-2026", -2, ()))
    with pytest.raises(ErroEntrada, match=r"^candidatos\[1\]\.inscricao: inscrição “1” repetida"):
        classificar(Entrada("smbv-lc22-2026", 1, (cand("1", 1), cand("1", 2))))
    with pytest.raises(ErroEntrada, match=r"^candidatos\[0\]\.listas\.Q: a lista “Q” não existe"):
        classificar(Entrada("smbv-lc22-2026", 1, (cand("1", 1, Q="confirmada"),)))
    with pytest.raises(ErroEntrada, match=r"^candidatos\[0\]\.listas\.PP: estado inválido"):
        classificar(Entrada("smbv-lc22-2026", 1, (cand("1", 1, PP="sim"),)))
    with pytest.raises(ErroEntrada, match=r"^candidatos\[1\]\.desempate: 0 chave"):
        classificar(Entrada("smbv-lc22-2026", 1, (cand("1", 1, 2), cand("2", 1))))


def test_ler_parametros_publico():
    from fractions import Fraction

    from certames.regras import Parametros, ler_parametros

    assert ler_parametros(None) == Parametros()
    p = ler_parametros({"limiar_arredondamento": 0.7, "regra_pcd": {"percentual": "5"}})
    assert p.limiar_arredondamento == Fraction(7, 10)
    assert p.regra_pcd is not None and p.regra_pcd.limite is None
    with pytest.raises(ErroEntrada, match=r"^parametros: esperado um objeto"):
        ler_parametros("x")

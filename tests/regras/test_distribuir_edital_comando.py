"""``manage.py distribuir_edital`` (spec section 4.1) and ``classificar``'s ``distribuicao``."""

import hashlib
import io
import json
import sys

import pytest
from django.core.management import call_command

SEMENTE = "2027-03-12 Loteria Federal 46213"
EDITAL = {
    "regime": "pirangi-lei3056-2025",
    "semente": SEMENTE,
    "cargos": [{"codigo": f"C{i:02d}", "vagas": 1} for i in range(10)]
    + [{"codigo": "PROF", "vagas": 10}],
}


def rodar(comando: str, *args: str, stdin: str | None = None) -> tuple[str, str]:
    saida, erro = io.StringIO(), io.StringIO()
    antigo = sys.stdin
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        call_command(comando, *args, stdout=saida, stderr=erro)
    finally:
        sys.stdin = antigo
    return saida.getvalue(), erro.getvalue()


def test_distribuir_edital_stdin():
    """Spec 4.1 worked example (Pirangi, N_E = 20): totals PP 3, I 1, Q 0, PcD 1 (PROF)."""
    saida, _ = rodar("distribuir_edital", "-", stdin=json.dumps([EDITAL]))
    [r] = json.loads(saida)
    assert r["regime"] == "pirangi-lei3056-2025" and r["vagas"] == 20
    assert r["totais"] == {"AC": 15, "PP": 3, "I": 1, "Q": 0, "PCD": 1}
    assert [(s["grupo"], s["ordem"], s["codigo"], s["vaga"]) for s in r["sorteio"]] == [
        ("PP", 1, "PROF", 6),
        ("PP", 2, "PROF", 5),
        ("I", 1, "C03", 1),
    ]
    for s in r["sorteio"]:
        texto = f"{SEMENTE}|{s['grupo']}|{s['ordem']}|{s['codigo']}|{s['vaga']}"
        assert s["sha256"] == hashlib.sha256(texto.encode("utf-8")).hexdigest()
    cargos = {c["codigo"]: c for c in r["cargos"]}
    assert cargos["PROF"] == {
        "codigo": "PROF",
        "vagas": 10,
        "distribuicao": {"AC": 6, "PP": 3, "I": 0, "Q": 0, "PCD": 1},
    }
    assert cargos["C03"]["distribuicao"] == {"AC": 0, "PP": 0, "I": 1, "Q": 0, "PCD": 0}


def test_distribuir_edital_arquivo_e_parametros(tmp_path):
    arquivo = tmp_path / "edital.json"
    edital = {**EDITAL, "parametros": {"base_reserva_pcd": "edital"}}
    arquivo.write_text(json.dumps([edital]), encoding="utf-8")
    saida, _ = rodar("distribuir_edital", str(arquivo))
    [r] = json.loads(saida)
    assert r["base_reserva_pcd"] == "edital"
    assert [s["grupo"] for s in r["sorteio"]] == ["PP", "PP", "I", "PCD"]
    assert r["totais"]["PCD"] == 1


def test_distribuir_edital_saida_igual_para_mesma_semente():
    a, _ = rodar("distribuir_edital", "-", stdin=json.dumps([EDITAL]))
    b, _ = rodar("distribuir_edital", "-", stdin=json.dumps([EDITAL]))
    assert a == b


def _cargos(*pares):
    return [{"codigo": c, "vagas": v} for c, v in pares]


@pytest.mark.parametrize(
    ("edital", "mensagem"),
    [
        (
            {**EDITAL, "cargos": _cargos(("A1", 2), ("A1", 3))},
            "erro: [0] cargos[1].codigo: código “A1” repetido (já em cargos[0])",
        ),
        (
            {**EDITAL, "cargos": _cargos(("MÉDICO", 2))},
            "erro: [0] cargos[0].codigo: código inválido “MÉDICO”: use só caracteres ASCII",
        ),
        ({**EDITAL, "cargos": []}, "erro: [0] cargos: o edital deve ter ao menos um cargo"),
        (
            {k: v for k, v in EDITAL.items() if k != "cargos"},
            "erro: [0] cargos: campo obrigatório",
        ),
        (
            {**EDITAL, "semente": ""},
            "erro: [0] semente: a semente do sorteio é obrigatória e não pode ser vazia",
        ),
        (
            {**EDITAL, "regime": "severinia-lei3057-2026"},
            "erro: [0] parametros.base_reserva: o regime severinia-lei3057-2026 não admite a base "
            "“edital” (a totalidade das vagas do edital): Lei 3.057/2026, art. 8º, §3º",
        ),
        (
            {**EDITAL, "regime": "smbv-lc22-2026"},
            "erro: [0] parametros.base_reserva: o regime smbv-lc22-2026 não admite a base "
            "“edital” (a totalidade das vagas do edital): LC 22/2026, art. 1º, §3º",
        ),
        (
            {**EDITAL, "parametros": {"base_reserva_pcd": "tudo"}},
            "erro: [0] parametros.base_reserva_pcd: base inválida “tudo”",
        ),
        ({**EDITAL, "vagas": 3}, "erro: [0] vagas: campo desconhecido"),
        ({**EDITAL, "regime": "x"}, "erro: [0] regime: regime desconhecido “x”"),
    ],
)
def test_distribuir_edital_erro_sai_com_2(edital, mensagem):
    erro = io.StringIO()
    antigo = sys.stdin
    sys.stdin = io.StringIO(json.dumps([edital]))
    try:
        with pytest.raises(SystemExit) as exc:
            call_command("distribuir_edital", "-", stdout=io.StringIO(), stderr=erro)
    finally:
        sys.stdin = antigo
    assert exc.value.code == 2
    assert erro.getvalue().startswith(mensagem)


def test_distribuir_edital_json_invalido_e_arquivo_inexistente(tmp_path):
    for args, stdin, mensagem in [
        (("-",), "[{", "erro: JSON inválido (linha 1, coluna 3)"),
        ((str(tmp_path / "nada.json"),), None, "erro: não foi possível ler"),
    ]:
        erro = io.StringIO()
        antigo = sys.stdin
        sys.stdin = io.StringIO(stdin or "")
        try:
            with pytest.raises(SystemExit) as exc:
                call_command("distribuir_edital", *args, stdout=io.StringIO(), stderr=erro)
        finally:
            sys.stdin = antigo
        assert exc.value.code == 2
        assert erro.getvalue().startswith(mensagem)


# -- classificar's distribuicao ------------------------------------------------------------

ENTRADA = {
    "regime": "pirangi-lei3056-2025",
    "vagas": 1,
    "candidatos": [
        {"inscricao": "1", "nota": "90"},
        {"inscricao": "2", "nota": "80", "listas": {"PP": "confirmada"}},
    ],
}


def test_classificar_com_distribuicao_do_edital():
    """C04 won a PP seat in the draw: its only vacancy goes to the best PP optant."""
    saida, _ = rodar(
        "classificar", "-", stdin=json.dumps({**ENTRADA, "distribuicao": {"AC": 0, "PP": 1}})
    )
    r = json.loads(saida)
    assert r["distribuicao"] == {"AC": 0, "PP": 1, "I": 0, "Q": 0, "PCD": 0}
    assert r["vagas_preenchidas"][0]["inscricao"] == "2"
    assert r["convocacao"] == [{"posicao": 1, "vaga": "PP", "inscricao": "2"}]


@pytest.mark.parametrize(
    ("distribuicao", "mensagem"),
    [
        ({"AC": 1, "PP": 1}, "erro: distribuicao: as vagas por lista somam 2, mas o cargo tem 1"),
        ({"AC": "1"}, "erro: distribuicao.AC: esperado inteiro maior ou igual a 0, recebido '1'"),
        ([1], "erro: distribuicao: esperado um objeto, recebido uma lista"),
    ],
)
def test_classificar_distribuicao_invalida_sai_com_2(distribuicao, mensagem):
    erro = io.StringIO()
    antigo = sys.stdin
    sys.stdin = io.StringIO(json.dumps({**ENTRADA, "distribuicao": distribuicao}))
    try:
        with pytest.raises(SystemExit) as exc:
            call_command("classificar", "-", stdout=io.StringIO(), stderr=erro)
    finally:
        sys.stdin = antigo
    assert exc.value.code == 2
    assert erro.getvalue().startswith(mensagem)


def test_regimes_mostra_base_reserva():
    saida, _ = rodar("regimes", "pirangi-lei3056-2025")
    r = json.loads(saida)
    assert r["base_reserva"]["padrao"] == "edital"
    assert r["base_reserva"]["permitidas"] == ["edital", "cargo"]
    assert r["base_reserva"]["fundamento"].startswith("Lei 3.056/2025, art. 1º, §1º")
    assert r["base_reserva_pcd"]["padrao"] == "cargo"

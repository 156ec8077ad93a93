"""Management commands ``classificar`` and ``regimes`` (thin wrappers over the engine)."""

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

RAIZ = Path(__file__).resolve().parents[2]

ENTRADA = {
    "regime": "smbv-lc22-2026",
    "vagas": 4,
    "candidatos": [
        {"inscricao": "1", "nota": "95", "listas": {"PP": "confirmada"}},
        {"inscricao": "2", "nota": 90},
        {"inscricao": "3", "nota": "85,5"},
        {"inscricao": "4", "nota": 70.25, "listas": {"PP": "pendente"}},
    ],
}


def rodar(*args, stdin: str | None = None):
    saida, erro = io.StringIO(), io.StringIO()
    antigo = sys.stdin
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        call_command("classificar", *args, stdout=saida, stderr=erro)
    finally:
        sys.stdin = antigo
    return saida.getvalue(), erro.getvalue()


def test_classificar_arquivo(tmp_path):
    """SMBV N=4: AC 3, PP 1 (LC 22/2026, art. 1º, I and §2º: 25% de 4 = 1)."""
    arquivo = tmp_path / "entrada.json"
    arquivo.write_text(json.dumps(ENTRADA), encoding="utf-8")
    saida, _ = rodar(str(arquivo))
    resultado = json.loads(saida)
    assert resultado["distribuicao"] == {"AC": 3, "PP": 1, "I": 0, "PCD": 0}
    assert resultado["listas"]["PP"] == ["1", "4"]
    assert [(c["posicao"], c["vaga"], c["inscricao"]) for c in resultado["convocacao"]] == [
        (1, "AC", "1"),
        (2, "AC", "2"),
        (3, "PP", "4"),
        (4, "AC", "3"),
    ]


def test_classificar_stdin_lote():
    saida, _ = rodar("-", stdin=json.dumps([ENTRADA, {**ENTRADA, "vagas": 1}]))
    resultados = json.loads(saida)
    assert isinstance(resultados, list) and len(resultados) == 2
    assert resultados[1]["distribuicao"] == {"AC": 1, "PP": 0, "I": 0, "PCD": 0}


def test_classificar_completo():
    saida, _ = rodar("-", "--completo", stdin=json.dumps(ENTRADA))
    assert json.loads(saida)["sub_judice"]["PP"] == ["4"]


@pytest.mark.parametrize(
    ("texto", "mensagem"),
    [
        ('{"regime": ', "erro: JSON inválido (linha 1, coluna 12): Expecting value"),
        (
            json.dumps({**ENTRADA, "regime": "x"}),
            "erro: regime: regime desconhecido “x”",
        ),
        (
            json.dumps([ENTRADA, {**ENTRADA, "candidatos": [{"inscricao": "1", "nota": "abc"}]}]),
            "erro: [1] candidatos[0].nota: valor inválido 'abc'",
        ),
    ],
)
def test_classificar_erro_sai_com_2(texto, mensagem):
    erro = io.StringIO()
    antigo = sys.stdin
    sys.stdin = io.StringIO(texto)
    try:
        with pytest.raises(SystemExit) as exc:
            call_command("classificar", "-", stdout=io.StringIO(), stderr=erro)
    finally:
        sys.stdin = antigo
    assert exc.value.code == 2
    assert erro.getvalue().startswith(mensagem)


def test_classificar_arquivo_inexistente(tmp_path):
    erro = io.StringIO()
    with pytest.raises(SystemExit) as exc:
        call_command("classificar", str(tmp_path / "nada.json"), stderr=erro)
    assert exc.value.code == 2
    assert erro.getvalue().startswith("erro: não foi possível ler")


def test_regimes():
    saida = io.StringIO()
    call_command("regimes", stdout=saida)
    regimes = json.loads(saida.getvalue())
    assert [r["id"] for r in regimes] == [
        "smbv-lc22-2026",
        "severinia-lei3057-2026",
        "pirangi-lei3056-2025",
        "federal-lei15142-2025",
    ]
    smbv = regimes[0]
    assert smbv["arredondamento"] == {
        "limiar": "0.7",
        "definido_em_lei": True,
        "fundamento": "LC 22/2026, art. 1º, §2º",
        "conjunto": False,
        "fundamento_grupos": 'LC 22/2026, art. 1º, I e II ("do total das vagas")',
    }
    assert smbv["pcd"]["limite"] == "10" and smbv["pcd"]["fundamento"] == "LC 22/2026, art. 6º, §1º"
    assert regimes[2]["reversao"]["Q"]["cadeia"][0] == {
        "lista": "I",
        "fundamento": "Lei 3.056/2025, art. 3º, §1º",
    }
    um = io.StringIO()
    call_command("regimes", "pirangi-lei3056-2025", stdout=um)
    assert json.loads(um.getvalue())["vigencia_desde"] == "2025-11-03"


def _manage(*args: str, entrada: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings_test"}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        input=entrada,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=RAIZ,
        env=env,
        timeout=120,
    )


def test_processo_real_status():
    """Exit status 2 on invalid JSON, 0 on success (a real process, not call_command)."""
    ruim = _manage("classificar", "-", entrada="{nada")
    assert ruim.returncode == 2, ruim.stderr
    assert "JSON inválido" in ruim.stderr and ruim.stdout == ""
    bom = _manage("classificar", "-", entrada=json.dumps(ENTRADA))
    assert bom.returncode == 0, bom.stderr
    assert json.loads(bom.stdout)["vagas"] == 4

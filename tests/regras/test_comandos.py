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


# -- the call history (regras-de-reserva.md, section 7) ------------------------------

#: Severínia: A, B, C, D, E, F in AC order; P1 and P2 PPI optants, D1 PcD optant.
SEVERINIA = {
    "regime": "severinia-lei3057-2026",
    "vagas": 5,
    "candidatos": [
        *({"inscricao": x, "nota": 100 - i} for i, x in enumerate("ABCDEF")),
        {"inscricao": "P1", "nota": 80, "listas": {"PPI": "confirmada"}},
        {"inscricao": "P2", "nota": 70, "listas": {"PPI": "confirmada"}},
        {"inscricao": "D1", "nota": 60, "listas": {"PCD": "confirmada"}},
    ],
    # N=4 was called AC, PPI, AC, AC (lista defaults to vaga; situacao to ocupada).
    "chamados": [
        {"inscricao": "A", "vaga": "AC"},
        {"inscricao": "P1", "vaga": "PPI", "lista": "PPI", "situacao": "ocupada"},
        {"inscricao": "B", "vaga": "AC", "lista": "AC"},
        {"inscricao": "C", "vaga": "AC"},
    ],
}


def test_classificar_com_chamados():
    """Spec section 7's worked example: N=5 (PPI 2, PcD 1, AC 2) after AC, PPI, AC, AC. The
    four calls stay (C, called 4th, stays 4th); PPI takes position 5; PcD is owed."""
    saida, _ = rodar("-", "--completo", stdin=json.dumps(SEVERINIA))
    r = json.loads(saida)
    assert r["distribuicao"] == {"AC": 2, "PPI": 2, "PCD": 1}
    assert [(c["posicao"], c["vaga"], c["inscricao"]) for c in r["convocacao"]] == [
        (1, "AC", "A"),
        (2, "PPI", "P1"),
        (3, "AC", "B"),
        (4, "AC", "C"),
        (5, "PPI", "P2"),
    ]
    assert [(o["inscricao"], o["vaga"], o["lista"]) for o in r["vagas_preenchidas"]] == [
        ("A", "AC", "AC"),
        ("P1", "PPI", "PPI"),
        ("B", "AC", "AC"),
        ("C", "AC", "AC"),
        ("P2", "PPI", "PPI"),
    ]
    assert r["devidos"] == {"PCD": 1}
    assert [c["situacao"] for c in r["convocacao_detalhada"]] == ["ocupada"] * 4 + ["nova"]
    assert r["convocacao_detalhada"][0]["lista"] == "AC"
    # Without the history the 4th position is the PcD candidate: C is out.
    sem, _ = rodar("-", stdin=json.dumps({k: v for k, v in SEVERINIA.items() if k != "chamados"}))
    assert json.loads(sem)["convocacao"][3] == {"posicao": 4, "vaga": "PCD", "inscricao": "D1"}


def test_classificar_desistencia_e_fim_de_fila():
    """P1 (position 2) declines: the next PPI candidate is called at 5 (Lei 3.057/2026,
    art. 15, §2º). B asks fim de fila at its call (position 3): that AC call is freed and,
    with N=4, typed AC again at 6 (no group due); B ranks last in every list and is called
    again there only if nobody else is left; D is next."""
    entrada = {**SEVERINIA, "vagas": 4}
    entrada["candidatos"] = [
        {**c, "desistente": True} if c["inscricao"] == "P1" else c for c in SEVERINIA["candidatos"]
    ]
    entrada["chamados"] = [
        {**c, "situacao": "fim_de_fila"} if c["inscricao"] == "B" else c
        for c in SEVERINIA["chamados"]
    ]
    saida, _ = rodar("-", "--completo", stdin=json.dumps(entrada))
    r = json.loads(saida)
    assert [(c["posicao"], c["vaga"], c["inscricao"], c["situacao"]) for c in
            r["convocacao_detalhada"]] == [
        (1, "AC", "A", "ocupada"),
        (2, "PPI", "P1", "desistente"),
        (3, "AC", "B", "fim_de_fila"),
        (4, "AC", "C", "ocupada"),
        (5, "PPI", "P2", "rechamada"),
        (6, "AC", "D", "nova"),
    ]
    assert r["listas"]["AC"][-1] == "B" and r["devidos"] == {}


def test_classificar_fim_de_fila_do_candidato():
    entrada = {k: v for k, v in ENTRADA.items()}
    entrada["candidatos"] = [{**ENTRADA["candidatos"][0], "fim_de_fila": True}] + ENTRADA[
        "candidatos"
    ][1:]
    r = json.loads(rodar("-", stdin=json.dumps(entrada))[0])
    assert r["listas"]["AC"] == ["2", "3", "4", "1"] and r["listas"]["PP"] == ["4", "1"]


def test_classificar_sem_chamados_mantem_o_contrato():
    """Without ``chamados`` the output has exactly the former keys."""
    r = json.loads(rodar("-", "--completo", stdin=json.dumps(ENTRADA))[0])
    assert "devidos" not in r
    assert set(r["convocacao_detalhada"][0]) == {
        "posicao",
        "vaga",
        "inscricao",
        "lista",
        "sub_judice",
    }
    vazio = json.loads(rodar("-", stdin=json.dumps({**ENTRADA, "chamados": []}))[0])
    assert vazio.pop("devidos") == {}
    assert vazio == json.loads(rodar("-", stdin=json.dumps(ENTRADA))[0])


def _com_chamados(*chamados, **extra):
    return json.dumps({**SEVERINIA, **extra, "chamados": list(chamados)})


@pytest.mark.parametrize(
    ("texto", "mensagem"),
    [
        (
            _com_chamados({"inscricao": "A", "vaga": "PP"}),
            "erro: chamados[0].vaga: o tipo de vaga “PP” não existe no regime "
            "severinia-lei3057-2026 (tipos: AC, PPI, PCD)",
        ),
        (
            _com_chamados({"inscricao": "P1", "vaga": "PPI", "lista": "I"}),
            "erro: chamados[0].lista: a lista “I” não existe no regime severinia-lei3057-2026 "
            "(listas: AC, PPI, PCD)",
        ),
        (
            _com_chamados({"inscricao": "A", "vaga": "AC"}, {"inscricao": "A", "vaga": "AC"}),
            "erro: chamados[1].inscricao: a inscrição “A” já ocupa a chamada da posição 1 "
            "(chamados[0]); um candidato não pode ocupar duas chamadas",
        ),
        (
            _com_chamados(*({"inscricao": x, "vaga": "AC"} for x in "ABC"), vagas=2),
            "erro: chamados: 3 chamadas ocupadas, mais que as vagas do cargo (2)",
        ),
        (
            _com_chamados({"inscricao": "Z", "vaga": "AC"}),
            "erro: chamados[0].inscricao: a inscrição “Z” não está entre os candidatos",
        ),
        (
            _com_chamados({"inscricao": "A", "vaga": "AC", "situacao": "nomeada"}),
            "erro: chamados[0].situacao: situação inválida 'nomeada' (use ocupada, sem_efeito, "
            "fim_de_fila ou anulada)",
        ),
        (
            _com_chamados({"inscricao": "A", "vaga": "AC", "posicao": 1}),
            "erro: chamados[0].posicao: campo desconhecido",
        ),
        (_com_chamados({"vaga": "AC"}), "erro: chamados[0].inscricao: campo obrigatório"),
        (_com_chamados("A"), "erro: chamados[0]: esperado um objeto, recebido 'A'"),
        (
            json.dumps({**SEVERINIA, "chamados": {"A": "AC"}}),
            "erro: chamados: esperado uma lista, recebido um objeto",
        ),
        (
            json.dumps(
                {**ENTRADA, "candidatos": [{"inscricao": "1", "nota": 1, "fim_de_fila": "sim"}]}
            ),
            "erro: candidatos[0].fim_de_fila: esperado true ou false, recebido 'sim'",
        ),
    ],
)
def test_classificar_chamados_invalidos_sai_com_2(texto, mensagem):
    test_classificar_erro_sai_com_2(texto, mensagem)


def test_fim_de_fila_chamado_de_novo():
    """B was granted fim de fila at position 3 and called again at 5: a freed call is not
    occupied, so B occupies one call only (no input error). N=4: A, P1, C and B occupy the
    four vacancies, nothing new; N=5: PPI is due (min(2, 2) > 1), P2 at 6, PcD owed."""
    entrada = {**SEVERINIA, "vagas": 4}
    entrada["chamados"] = [
        {**c, "situacao": "fim_de_fila"} if c["inscricao"] == "B" else c
        for c in SEVERINIA["chamados"]
    ] + [{"inscricao": "B", "vaga": "AC"}]
    r = json.loads(rodar("-", stdin=json.dumps(entrada))[0])
    assert [c["inscricao"] for c in r["convocacao"]] == ["A", "P1", "B", "C", "B"]
    assert [o["inscricao"] for o in r["vagas_preenchidas"]] == ["A", "P1", "C", "B"]
    r = json.loads(rodar("-", stdin=json.dumps({**entrada, "vagas": 5}))[0])
    assert r["convocacao"][5:] == [{"posicao": 6, "vaga": "PPI", "inscricao": "P2"}]
    assert r["devidos"] == {"PCD": 1}


def test_regimes_smbv_padroes_corrigidos():
    """SMBV: a PP non-confirmation keeps the candidate in AC by default, the edital may
    choose elimination; chains PP -> I -> AC and I -> PP -> AC (LC 22/2026, art. 1º,
    §§6º-7º; art. 3º, §3º)."""
    saida = io.StringIO()
    call_command("regimes", "smbv-lc22-2026", stdout=saida)
    smbv = json.loads(saida.getvalue())
    pp = smbv["nao_confirmacao"]["PP"]
    assert (pp["efeito"], pp["efeitos_permitidos"]) == ("permanece_ac", ["permanece_ac", "elimina"])
    assert pp["fundamento"].startswith("LC 22/2026, art. 3º, §3º (elimina só a declaração falsa")
    assert pp["fundamento_opcao"] == (
        "edital: a não confirmação definitiva elimina do certame (prática da Lei 12.990/2014, "
        "Portaria Normativa MPDG 4/2018, art. 11)"
    )
    negro_ou_indigena = 'LC 22/2026, art. 1º, §6º ("candidato negro ou indígena")'
    assert smbv["reversao"]["PP"] == {
        "mesma_lista": "LC 22/2026, art. 1º, §6º",
        "cadeia": [{"lista": "I", "fundamento": negro_ou_indigena}],
        "ampla_concorrencia": "LC 22/2026, art. 1º, §7º",
    }
    assert smbv["reversao"]["I"]["cadeia"] == [{"lista": "PP", "fundamento": negro_ou_indigena}]
    assert smbv["reversao"]["PCD"]["cadeia"] == []

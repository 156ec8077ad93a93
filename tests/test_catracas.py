"""Ratchets on the code's shape: figures that may only improve.

The target (the layout by audience in docs/arquitetura.md): no import cycle between the apps,
at most 20 `.py` files in one folder, no file over 1,000 lines, at most five functions over 80
lines and none over 120. Until the code is there, each test pins today's exceptions: a new
exception fails, an exception that grew fails, and one that got better fails too until its pin
is lowered or removed here, so the figures never drift back.
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

from tests.test_arquitetura import MODULOS, PACOTES, RAIZ, _importacoes

#: Which app may import which (the importing app -> the apps it imports). Lower layers never
#: import upper ones: `comum` (the shared tools) imports no app; `certames` (base models, the
#: engine) and `nucleo` (the procedure kernel) sit below the domain apps (`candidatos`,
#: `comissoes`), `classificacao` above them, and the audiences' apps (`publico`, `painel`),
#: `privacidade`, `demo` and `config` on top.
#: The edges marked `CICLO` close a cycle between apps and are to be removed.
IMPORTACOES_ENTRE_APPS = {
    # comissoes, classificacao: CICLO (the status page, candidatos/portal.py)
    "candidatos": {"certames", "classificacao", "comissoes", "comum", "nucleo"},
    "certames": {"comum"},
    "classificacao": {"candidatos", "certames", "comum"},
    "comissoes": {"candidatos", "certames", "comum", "nucleo"},
    "comum": set(),
    "config": {"candidatos", "comum"},
    "demo": {"candidatos", "certames", "classificacao", "comissoes", "comum", "nucleo"},
    "nucleo": {"certames", "comum"},
    "painel": {"candidatos", "certames", "classificacao", "comissoes", "comum", "nucleo",
               "publico"},
    "privacidade": {"candidatos", "certames", "comissoes", "comum", "nucleo"},
    "publico": {"candidatos", "certames", "classificacao", "comissoes", "comum", "nucleo"},
}
CICLOS_A_REMOVER = {("candidatos", "comissoes"), ("candidatos", "classificacao")}

MAXIMO_ARQUIVOS_POR_PASTA = 20
#: Folders over the limit today, with their count.
PASTAS_ACIMA = {"candidatos": 34}

MAXIMO_LINHAS_POR_ARQUIVO = 1000
#: Files over the limit today, with the most lines they may have.
ARQUIVOS_ACIMA = {
    "candidatos/portal.py": 1757,
    "certames/regras/regimes.py": 1316,
    "candidatos/importacao.py": 1301,
}

MAXIMO_LINHAS_POR_FUNCAO = 80
#: Functions over 80 lines today, with the most lines they may have (target: at most five,
#: none over 120).
FUNCOES_ACIMA = {
    "certames/regras/listas.py:montar_listas": 147,
    "classificacao/simulador.py:simular_edital": 146,
    "certames/regras/parametros.py:aplicar_parametros": 136,
    "certames/regras/edital.py:distribuir_edital": 109,
    "certames/regras/regimes.py:como_dict": 104,
    "certames/regras/distribuicao.py:distribuir": 102,
    "candidatos/portal.py:situacao_da_inscricao": 93,
    "classificacao/management/commands/bench_classificacao.py:handle": 92,
    "certames/cronograma.py:incoerencias": 91,
    "candidatos/chamadas.py:_registrar": 89,
    "certames/regras/classificacao.py:classificar": 88,
    "candidatos/importacao.py:_gravar_copia": 88,
    "classificacao/listas.py:montar_entrada": 87,
    "certames/regras/classificacao.py:preencher_vagas": 86,
}


def _fontes() -> list[Path]:
    return [c for p in PACOTES for c in sorted((RAIZ / p).rglob("*.py"))
            if "migrations" not in c.parts]


def _relativo(caminho: Path) -> str:
    return str(caminho.relative_to(RAIZ))


def _apertar(medidas: dict[str, int], limite: int, pinos: dict[str, int], *,
             exato: bool = False) -> list[str]:
    """What breaks the ratchet: a new case over the limit, a pinned one that grew, a pinned
    one back within the limit or gone (remove its pin), and with `exato` a pinned one that
    improved (lower its pin: counts of files move in steps worth recording)."""
    erros = []
    for nome, valor in sorted(medidas.items()):
        pino = pinos.get(nome)
        if pino is None:
            if valor > limite:
                erros.append(f"{nome}: {valor} > {limite} (novo)")
        elif valor > pino:
            erros.append(f"{nome}: {valor} > {pino} (cresceu)")
        elif valor <= limite:
            erros.append(f"{nome}: {valor} <= {limite} (dentro do limite: remova o pino)")
        elif exato and valor < pino:
            erros.append(f"{nome}: {valor} < {pino} (melhorou: baixe o pino)")
    erros += [f"{nome}: não existe mais (remova o pino)" for nome in sorted(pinos)
              if nome not in medidas]
    return erros


def test_importacoes_entre_apps_seguem_a_matriz():
    encontradas: dict[str, set[str]] = {}
    fora = []
    for modulo, caminho in MODULOS.items():
        app = modulo.split(".")[0]
        for alvo, linha, _ in _importacoes(modulo, caminho):
            outro = alvo.split(".")[0]
            if outro == app:
                continue
            encontradas.setdefault(app, set()).add(outro)
            if outro not in IMPORTACOES_ENTRE_APPS.get(app, set()):
                fora.append(f"{_relativo(caminho)}:{linha} {app} -> {outro}")
    assert fora == []
    # An edge no longer used is removed from the matrix (it must not come back unnoticed).
    assert {a: encontradas.get(a, set()) for a in IMPORTACOES_ENTRE_APPS} \
        == IMPORTACOES_ENTRE_APPS


def test_ciclos_entre_apps_so_os_conhecidos():
    ciclos = {frozenset((a, b)) for a, alvos in IMPORTACOES_ENTRE_APPS.items() for b in alvos
              if a in IMPORTACOES_ENTRE_APPS.get(b, set())}
    assert ciclos == {frozenset(par) for par in CICLOS_A_REMOVER}


def test_arquivos_por_pasta():
    por_pasta = Counter(str(c.parent.relative_to(RAIZ)) for c in _fontes())
    assert _apertar(dict(por_pasta), MAXIMO_ARQUIVOS_POR_PASTA, PASTAS_ACIMA, exato=True) == []


def test_linhas_por_arquivo():
    linhas = {_relativo(c): len(c.read_text().splitlines()) for c in _fontes()}
    assert _apertar(linhas, MAXIMO_LINHAS_POR_ARQUIVO, ARQUIVOS_ACIMA) == []


def test_linhas_por_funcao():
    medidas: dict[str, int] = {}
    for caminho in _fontes():
        for no in ast.walk(ast.parse(caminho.read_text())):
            if isinstance(no, (ast.FunctionDef, ast.AsyncFunctionDef)):
                nome = f"{_relativo(caminho)}:{no.name}"
                medidas[nome] = max(medidas.get(nome, 0), no.end_lineno - no.lineno + 1)
    assert _apertar(medidas, MAXIMO_LINHAS_POR_FUNCAO, FUNCOES_ACIMA) == []

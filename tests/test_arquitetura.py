"""The architecture's rules, checked on the source:

- no import cycle between project modules;
- no import of a project module inside a function, except where Django app loading or Celery
  requires it (the line before says so in a comment);
- the procedure kernel (`nucleo`) never imports a plug-in's app;
- no regime id outside `certames/regras/`, migrations, tests and the demo loader.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

RAIZ = Path(__file__).resolve().parent.parent
PACOTES = ("candidatos", "certames", "classificacao", "comissoes", "comum", "config", "demo",
           "dois_fatores", "editais", "nucleo", "operacao", "painel", "portal", "privacidade",
           "provas", "publico")
REGIMES = ("smbv-lc22-2026", "severinia-lei3057-2026", "pirangi-lei3056-2025",
           "federal-lei15142-2025")


def _modulos() -> dict[str, Path]:
    saida = {}
    for pacote in PACOTES:
        for caminho in (RAIZ / pacote).rglob("*.py"):
            if "migrations" in caminho.parts:
                continue
            partes = list(caminho.relative_to(RAIZ).with_suffix("").parts)
            if partes[-1] == "__init__":
                partes = partes[:-1]
            saida[".".join(partes)] = caminho
    return saida


MODULOS = _modulos()


def _alvo(nome: str) -> str | None:
    """The project module an imported name lives in (the longest known prefix)."""
    partes = nome.split(".")
    while partes:
        candidato = ".".join(partes)
        if candidato in MODULOS:
            return candidato
        partes.pop()
    return None


def _importacoes(modulo: str, caminho: Path):
    """(target module, line, inside a function?) for every project import of the module."""
    arvore = ast.parse(caminho.read_text(), str(caminho))
    dentro: set[int] = set()
    for no in ast.walk(arvore):
        if isinstance(no, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for filho in ast.walk(no):
                if isinstance(filho, (ast.Import, ast.ImportFrom)):
                    dentro.add(id(filho))
    for no in ast.walk(arvore):
        nomes = []
        if isinstance(no, ast.Import):
            nomes = [a.name for a in no.names]
        elif isinstance(no, ast.ImportFrom) and no.module and no.level == 0:
            nomes = [f"{no.module}.{a.name}" for a in no.names] or [no.module]
        for nome in nomes:
            alvo = _alvo(nome)
            if alvo and alvo != modulo:
                yield alvo, no.lineno, id(no) in dentro


def _grafo() -> dict[str, set[str]]:
    return {m: {alvo for alvo, _l, _f in _importacoes(m, c)} for m, c in MODULOS.items()}


def _ciclos(grafo: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    indice: dict[str, int] = {}
    baixo: dict[str, int] = {}
    pilha: list[str] = []
    na_pilha: set[str] = set()
    saida: list[list[str]] = []
    contador = [0]

    def visitar(v: str) -> None:
        indice[v] = baixo[v] = contador[0]
        contador[0] += 1
        pilha.append(v)
        na_pilha.add(v)
        for w in grafo.get(v, ()):
            if w not in indice:
                visitar(w)
                baixo[v] = min(baixo[v], baixo[w])
            elif w in na_pilha:
                baixo[v] = min(baixo[v], indice[w])
        if baixo[v] == indice[v]:
            componente = []
            while True:
                w = pilha.pop()
                na_pilha.discard(w)
                componente.append(w)
                if w == v:
                    break
            if len(componente) > 1:
                saida.append(sorted(componente))

    for v in sorted(grafo):
        if v not in indice:
            visitar(v)
    return saida


def test_nenhum_ciclo_de_importacao_entre_modulos():
    assert _ciclos(_grafo()) == []


def test_importacao_dentro_de_funcao_so_com_justificativa():
    """A function-local project import must say why on the line before (Django app loading
    or Celery)."""
    sem_justificativa = []
    for modulo, caminho in MODULOS.items():
        linhas = caminho.read_text().splitlines()
        for alvo, linha, em_funcao in _importacoes(modulo, caminho):
            if not em_funcao:
                continue
            contexto = " ".join(linhas[max(0, linha - 4):linha]).lower()
            if not re.search(r"app loading|celery|carregamento", contexto):
                sem_justificativa.append(f"{caminho.relative_to(RAIZ)}:{linha} -> {alvo}")
    assert sem_justificativa == []


def test_o_nucleo_nao_importa_nenhum_plugin():
    permitidos = ("nucleo", "certames", "comum")
    importados = sorted({f"{m} -> {alvo}" for m, c in MODULOS.items() if m.startswith("nucleo")
                         for alvo, _l, _f in _importacoes(m, c)
                         if not alvo.startswith(permitidos)})
    assert importados == []


def test_nenhum_id_de_regime_fora_das_regras():
    permitidos = (RAIZ / "certames" / "regras", RAIZ / "demo")
    achados = []
    for caminho in list(RAIZ.glob("*/**/*.py")) + list(RAIZ.glob("templates/**/*.html")):
        partes = caminho.relative_to(RAIZ).parts
        if (partes[0] in ("tests", ".venv") or "migrations" in partes
                or any(caminho.is_relative_to(p) for p in permitidos)):
            continue
        texto = caminho.read_text(errors="ignore")
        achados += [f"{caminho.relative_to(RAIZ)}: {r}" for r in REGIMES if f'"{r}"' in texto
                    or f"'{r}'" in texto]
    assert achados == []


#: The only modules that set a candidate's state in a reserved list (spec section 5, "Who
#: sets a state"): the committees' procedures (verdicts, documentary and PcD checks and their
#: appeals), the fraud procedure, and the demo loader seeding its story. An RH form, an import
#: or the admin never does (LC 22/2026 art. 3º; Lei 3.057/2026 art. 10, §3º; Lei 3.056/2025
#: art. 4º).
QUEM_DECIDE_LISTA = {"comissoes.dominio.plugin", "candidatos.procedimentos.tipos",
                     "demo.cenarios.procedimentos"}


def test_so_procedimentos_decidem_o_estado_de_uma_lista():
    chamadores = set()
    for nome, caminho in MODULOS.items():
        arvore = ast.parse(caminho.read_text(encoding="utf-8"))
        for no in ast.walk(arvore):
            if isinstance(no, ast.Call):
                f = no.func
                alvo = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", None)
                if alvo == "registrar_situacao_lista":
                    chamadores.add(nome)
    assert chamadores == QUEM_DECIDE_LISTA

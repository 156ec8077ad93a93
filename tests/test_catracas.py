"""Ratchets on the code's shape: figures that may only improve.

The layout by audience (docs/arquitetura.md): no import cycle between the apps, at most 20
`.py` files in one folder, no file over 1,000 lines, no function over 80 lines, mail only from
comum/emails.py, PDFs only from comum/pdf/, one candidate appeal view. Each test may pin an
exception (none is pinned today): a new exception fails, an exception that grew fails, and one
that got better fails too until its pin is lowered or removed here, so the figures never
drift back.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

from django.urls import resolve, reverse

from nucleo.views import RecursoCandidatoView
from tests.test_arquitetura import MODULOS, PACOTES, RAIZ, _importacoes

#: Which app may import which (the importing app -> the apps it imports). Lower layers never
#: import upper ones: `comum` (the shared tools) imports no app; `certames` (base models, the
#: engine) and `nucleo` (the procedure kernel) sit below the domain apps (`candidatos`,
#: `comissoes`, `provas`), `classificacao` above them, and the audiences' apps (`publico`, `painel`,
#: `portal`), `privacidade`, `demo` and `config` on top.
#: The edges marked `CICLO` close a cycle between apps and are to be removed.
IMPORTACOES_ENTRE_APPS = {
    "candidatos": {"certames", "comum", "nucleo"},
    "certames": {"comum"},
    "classificacao": {"candidatos", "certames", "comissoes", "comum", "editais", "provas"},
    "comissoes": {"candidatos", "certames", "comum", "nucleo", "provas"},
    "comum": set(),
    "editais": {"certames", "comum"},
    "config": {"comum", "portal"},
    # The second factor of RH and committee accounts: the acts' trail, the shared tools and
    # the one motivation length (it sits beside the audiences' apps, below none of them).
    "dois_fatores": {"certames", "comum", "nucleo"},
    "demo": {"candidatos", "certames", "classificacao", "comissoes", "comum", "nucleo",
             "provas"},
    "nucleo": {"certames", "comum"},
    "operacao": {"certames"},
    "painel": {"candidatos", "certames", "classificacao", "comissoes", "comum", "editais",
               "nucleo", "provas", "publico"},
    "portal": {"candidatos", "certames", "classificacao", "comissoes", "comum", "editais",
               "nucleo", "provas"},
    "privacidade": {"candidatos", "certames", "comissoes", "comum", "nucleo", "portal"},
    "provas": {"candidatos", "certames", "comum", "nucleo"},
    "publico": {"candidatos", "certames", "classificacao", "comissoes", "comum", "editais",
                "nucleo", "provas"},
}
#: Edges that close a cycle between apps (none left: a new one fails the test below).
CICLOS_A_REMOVER: set[tuple[str, str]] = set()

MAXIMO_ARQUIVOS_POR_PASTA = 20
#: Folders over the limit today, with their count.
PASTAS_ACIMA: dict[str, int] = {}

MAXIMO_LINHAS_POR_ARQUIVO = 1000
#: Files over the limit today, with the most lines they may have.
ARQUIVOS_ACIMA: dict[str, int] = {}

MAXIMO_LINHAS_POR_FUNCAO = 80
#: Functions over 80 lines today, with the most lines they may have (target: at most five,
#: none over 120).
FUNCOES_ACIMA: dict[str, int] = {}


#: The only module that sends mail (`comum.emails`: templates by name, retries in one place).
ENVIO_DE_EMAIL = "comum/emails.py"
#: Django's ways to send mail, refused anywhere else.
NOMES_DE_ENVIO = {"send_mail", "send_mass_mail", "EmailMessage", "EmailMultiAlternatives"}
#: Modules allowed to send mail by themselves (none: every mail goes through `comum.emails`).
ENVIAM_EMAIL_FORA: set[str] = set()


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


def _usa_envio_de_email(arvore: ast.AST) -> bool:
    """Whether the module imports or names one of Django's ways to send mail."""
    for no in ast.walk(arvore):
        if isinstance(no, ast.ImportFrom) and any(a.name in NOMES_DE_ENVIO for a in no.names):
            return True
        if isinstance(no, ast.Name) and no.id in NOMES_DE_ENVIO:
            return True
        if isinstance(no, ast.Attribute) and no.attr in NOMES_DE_ENVIO:
            return True
    return False


def test_email_so_sai_de_comum_emails():
    enviam = {_relativo(c) for c in _fontes() if _relativo(c) != ENVIO_DE_EMAIL
              and _usa_envio_de_email(ast.parse(c.read_text()))}
    assert enviam <= ENVIAM_EMAIL_FORA, sorted(enviam - ENVIAM_EMAIL_FORA)




def test_nenhum_comentario_aponta_numero_de_issue():
    """The tracker is not in the repository: a docstring or comment never points to it."""
    padrao = re.compile(r"\b[Ii]ssues? #?\d+|\bissue\s*\n\s*#\d+")
    achados = [_relativo(c) for c in _fontes() if padrao.search(c.read_text())]
    assert achados == []


def test_weasyprint_so_no_renderizador_unico():
    """Every PDF is laid out by comum/pdf/ (weasyprint in its __init__, tables in tabular.py)."""
    fora = sorted(_relativo(c) for c in _fontes() if _relativo(c) != "comum/pdf/__init__.py"
                  and any(isinstance(no, (ast.Import, ast.ImportFrom))
                          and "weasyprint" in ast.dump(no)
                          for no in ast.walk(ast.parse(c.read_text()))))
    assert fora == []


#: The candidate's appeal: one view for every procedure (the plug-in says what differs).
VIEW_DO_RECURSO = "nucleo/views.py:RecursoCandidatoView"
#: The appeal addresses of the procedures, all routed to it.
ENDERECOS_DO_RECURSO = ("isencao:recurso", "condicoes:recurso", "procedimentos:recurso",
                        "recursos:apresentar")
#: The views it replaced (one per procedure, which drifted apart).
VIEWS_DE_RECURSO_ANTIGAS = ("RecursoIsencaoView", "RecursoAtendimentoView", "RecursoView",
                            "ApresentarRecursoView")


def _chama(funcao: ast.AST, nome: str) -> bool:
    return any(isinstance(no, ast.Call) and nome in (getattr(no.func, "attr", None),
                                                     getattr(no.func, "id", None))
               for no in ast.walk(funcao))


def test_um_so_view_de_recurso_do_candidato():
    """Exactly one view files the candidate's appeal: no other class's `post` calls an
    `apresentar_recurso`, the replaced classes are gone, and every appeal address is it."""
    com_post, antigas = [], []
    for caminho in _fontes():
        for no in ast.walk(ast.parse(caminho.read_text())):
            if not isinstance(no, ast.ClassDef):
                continue
            if no.name in VIEWS_DE_RECURSO_ANTIGAS:
                antigas.append(f"{_relativo(caminho)}:{no.name}")
            if any(isinstance(m, ast.FunctionDef) and m.name == "post"
                   and _chama(m, "apresentar_recurso") for m in no.body):
                com_post.append(f"{_relativo(caminho)}:{no.name}")
    assert (com_post, antigas) == ([VIEW_DO_RECURSO], [])
    assert {nome: resolve(reverse(nome, args=[1])).func.view_class
            for nome in ENDERECOS_DO_RECURSO} == dict.fromkeys(ENDERECOS_DO_RECURSO,
                                                                RecursoCandidatoView)

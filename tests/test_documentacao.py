"""The README and docs/ stand alone: a clone has everything they point to.

Every Markdown link of README.md and docs/**/*.md must be a relative path to a file or folder of
the repository (an anchor into a Markdown file must name one of its headings); no link or bare
URL may leave the repository. Addresses written as code (`https://concursos.example`, the
example values of the configuration table, the local server of `make run`) are text, not links.
"""

import re
import unicodedata
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[1]

LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCIA = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$", re.MULTILINE)
AUTOLINK = re.compile(r"<([a-zA-Z][a-zA-Z0-9+.-]*:[^>\s]+)>")
URL_NUA = re.compile(r"\b(?:https?|ftp)://[^\s)>\]]+|\bwww\.[a-z0-9-]+\.[a-z]{2,}[^\s)>\]]*",
                     re.IGNORECASE)
ESQUEMA = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def documentos() -> list[Path]:
    return [RAIZ / "README.md", *sorted((RAIZ / "docs").rglob("*.md"))]


def sem_codigo(texto: str) -> str:
    """The text without fenced code blocks and inline code spans."""
    texto = re.sub(r"^(```|~~~).*?^\1[^\n]*$", "", texto, flags=re.MULTILINE | re.DOTALL)
    return re.sub(r"(`+)(?:(?!\1).)+?\1", "", texto, flags=re.DOTALL)


def ancora(titulo: str) -> str:
    """GitHub's anchor of a heading."""
    titulo = re.sub(r"`", "", titulo.strip().lower())
    titulo = "".join(c for c in titulo
                     if c in " -_" or unicodedata.category(c)[0] in "LN")
    return titulo.replace(" ", "-")


def ancoras(arquivo: Path) -> set[str]:
    texto = re.sub(r"^```.*?^```", "", arquivo.read_text(), flags=re.MULTILINE | re.DOTALL)
    vistas: dict[str, int] = {}
    saida = set()
    for titulo in re.findall(r"^#{1,6}\s+(.+?)\s*#*\s*$", texto, flags=re.MULTILINE):
        base = ancora(titulo)
        n = vistas.get(base, 0)
        vistas[base] = n + 1
        saida.add(base if n == 0 else f"{base}-{n}")
    return saida


def problemas_do_link(origem: Path, alvo: str, raiz: Path) -> str | None:
    if ESQUEMA.match(alvo):
        return "leaves the repository"
    caminho, _, fragmento = alvo.partition("#")
    destino = (origem.parent / caminho).resolve() if caminho else origem
    if raiz != destino and raiz not in destino.parents:
        return "points outside the repository"
    if not destino.exists():
        return "file does not exist"
    if fragmento and destino.suffix == ".md" and fragmento not in ancoras(destino):
        return f"no heading #{fragmento} in {destino.relative_to(raiz).as_posix()}"
    return None


def links(texto: str) -> list[str]:
    return [*LINK.findall(texto), *REFERENCIA.findall(texto), *AUTOLINK.findall(texto)]


def problemas(arquivo: Path, raiz: Path = RAIZ) -> list[str]:
    texto = sem_codigo(arquivo.read_text())
    nome = arquivo.relative_to(raiz).as_posix()
    achados = []
    for alvo in links(texto):
        problema = problemas_do_link(arquivo, alvo, raiz)
        if problema:
            achados.append(f"{nome}: ({alvo}) {problema}")
    sem_links = LINK.sub("", AUTOLINK.sub("", texto))
    achados += [f"{nome}: bare URL {url.rstrip('.,;:')}" for url in URL_NUA.findall(sem_links)]
    return achados


def test_readme_e_docs_nao_saem_do_repositorio():
    assert [p for arquivo in documentos() for p in problemas(arquivo)] == []


def test_o_readme_aponta_para_os_docs_e_as_leis():
    alvos = set(links(sem_codigo((RAIZ / "README.md").read_text())))
    assert {"docs/regras-de-reserva.md", "docs/leis/", "docs/arquitetura.md"} <= alvos


def test_a_verificacao_recusa_o_que_sai_do_repositorio(tmp_path):
    # The checker itself, on a throwaway repository whose page breaks each rule once.
    raiz = tmp_path / "repo"
    (raiz / "docs" / "leis").mkdir(parents=True)
    (raiz / "docs" / "regras.md").write_text("# Regras\n\n## Cotas raciais\n")
    pagina = raiz / "docs" / "pagina.md"
    pagina.write_text(
        "See [the laws](../../shared/leis/lei.txt), [site](https://example.org/x),\n"
        "[missing](nao-existe.md), [bad anchor](regras.md#nao-ha-este-titulo),\n"
        "<https://example.org/y> and www.example.org, but `https://in.code`,\n"
        "[ok](leis/), [anchor](regras.md#cotas-raciais) and [self](#regras) are fine.\n\n"
        "```\nhttp://127.0.0.1:8000\n```\n# Regras\n")
    assert problemas(pagina, raiz.resolve()) == [
        "docs/pagina.md: (../../shared/leis/lei.txt) points outside the repository",
        "docs/pagina.md: (https://example.org/x) leaves the repository",
        "docs/pagina.md: (nao-existe.md) file does not exist",
        "docs/pagina.md: (regras.md#nao-ha-este-titulo) no heading #nao-ha-este-titulo in "
        "docs/regras.md",
        "docs/pagina.md: (https://example.org/y) leaves the repository",
        "docs/pagina.md: bare URL www.example.org",
    ]


def test_ancora_como_o_github():
    assert ancora("Adding a municipality") == "adding-a-municipality"
    assert ancora("Personal data (LGPD): retention, shredding") == (
        "personal-data-lgpd-retention-shredding")
    assert ancora("Regras — Lei 3.057/2026, art. 3º") == "regras--lei-30572026-art-3º"

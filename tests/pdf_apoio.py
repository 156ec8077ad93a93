"""Reading a PDF's text in tests (poppler's pdftotext; the test is skipped without it)."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest


def texto_do_pdf(pdf: bytes, *, pagina: int | None = None, layout: bool = True) -> str:
    """The text pdftotext reads from `pdf` (one page when `pagina` is given)."""
    if not shutil.which("pdftotext"):
        pytest.skip("pdftotext não instalado")
    with tempfile.TemporaryDirectory() as pasta:
        caminho = Path(pasta) / "doc.pdf"
        caminho.write_bytes(pdf)
        opcoes = ["-layout"] if layout else []
        if pagina is not None:
            opcoes += ["-f", str(pagina), "-l", str(pagina)]
        return subprocess.run(["pdftotext", *opcoes, str(caminho), "-"], check=True,
                              capture_output=True, text=True).stdout


def _poppler(programa: str, pdf: bytes) -> str:
    """What poppler's `programa` (pdfinfo, pdffonts) prints of `pdf`."""
    if not shutil.which(programa):
        pytest.skip(f"{programa} não instalado")
    with tempfile.TemporaryDirectory() as pasta:
        caminho = Path(pasta) / "doc.pdf"
        caminho.write_bytes(pdf)
        return subprocess.run([programa, str(caminho)], check=True, capture_output=True,
                              text=True).stdout


def paginas_do_pdf(pdf: bytes) -> int:
    """The page count pdfinfo reads."""
    return int(next(linha.split()[1] for linha in _poppler("pdfinfo", pdf).splitlines()
                    if linha.startswith("Pages:")))


def info_do_pdf(pdf: bytes) -> str:
    return _poppler("pdfinfo", pdf)


def fontes_do_pdf(pdf: bytes) -> list[str]:
    """pdffonts' lines, one per font (its two header lines left out)."""
    return _poppler("pdffonts", pdf).splitlines()[2:]

"""The one reader of the spreadsheets RH uploads (CSV or XLSX): the banca's inscrições and
scores (`candidatos.importacao`) and the CadÚnico extract (`candidatos.cadunico`).

`ler_planilha` tells XLSX from CSV by the content (never by the name), decodes a CSV as UTF-8
(with or without BOM) or else as Windows-1252/Latin-1 (as Excel writes it in Brazil), picks
the delimiter (`;` or `,`) from the header line, maps the header to the importer's canonical
columns (accents, case and punctuation ignored; each importer lists its accepted spellings)
and returns the data rows with their line numbers. Every problem is an `ArquivoRejeitado`
listing `ErroLinha`s, in Portuguese, by line and column; the importers add their own (cell
by cell) with the same types, so the user reads one kind of message.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from django.utils.translation import gettext as _

#: Largest accepted file, in bytes.
TAMANHO_MAXIMO = 60 * 1024 * 1024
#: Cell values quoted back in error messages are cut to this many characters.
MOSTRAR_MAX = 60


def mostrar(texto: str) -> str:
    """A cell value as quoted in an error message: a 100,000-character cell is cut."""
    texto = str(texto)
    return texto if len(texto) <= MOSTRAR_MAX else texto[:MOSTRAR_MAX] + "…"


def normalizar(texto: str) -> str:
    """Lowercase, no accents, every run of non-alphanumerics as "_" ("Nº Inscrição" ->
    "n_inscricao"): how headers (and coded cell values) are compared."""
    sem_acento = unicodedata.normalize("NFKD", texto).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "_", sem_acento.strip().lower()).strip("_")


@dataclass(frozen=True)
class ErroLinha:
    linha: int  # 1-based line of the file (the header is line 1); 0 for the whole file
    coluna: str
    mensagem: str

    def __str__(self) -> str:
        if self.linha == 0:
            return self.mensagem
        if not self.coluna:
            return _("Linha %(linha)d: %(mensagem)s") % {"linha": self.linha,
                                                         "mensagem": self.mensagem}
        return _("Linha %(linha)d, coluna “%(coluna)s”: %(mensagem)s") % {
            "linha": self.linha, "coluna": self.coluna, "mensagem": self.mensagem}

    def como_dict(self) -> dict[str, Any]:
        return {"linha": self.linha, "coluna": self.coluna, "mensagem": self.mensagem}


class ArquivoRejeitado(Exception):
    """The file has errors; nothing was written."""

    def __init__(self, erros: list[ErroLinha]):
        self.erros = erros
        super().__init__("; ".join(str(e) for e in erros[:5]))


def _rejeitar_arquivo(mensagem: str) -> ArquivoRejeitado:
    return ArquivoRejeitado([ErroLinha(0, "", mensagem)])


# --- rows ------------------------------------------------------------------------------------


def _celula_para_texto(valor: Any) -> str:
    if valor is None:
        return ""
    if isinstance(valor, dt.datetime):
        return valor.date().isoformat()
    if isinstance(valor, dt.date):
        return valor.isoformat()
    if isinstance(valor, float):
        # Excel stores numbers as binary floats; repr gives the shortest exact decimal text.
        texto = repr(valor)
        return texto[:-2] if texto.endswith(".0") else texto
    return str(valor).strip()


def _decodificar(conteudo: bytes) -> str:
    """UTF-8 (with or without BOM), else Windows-1252/Latin-1 as Excel writes in Brazil."""
    try:
        return conteudo.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        return conteudo.decode("cp1252")
    except UnicodeDecodeError:
        return conteudo.decode("latin-1")


def ler_linhas(conteudo: bytes, *, tamanho_maximo: int = TAMANHO_MAXIMO) -> list[list[str]]:
    """Rows of the file as text cells, header first. XLSX is told by content, not by name."""
    if not conteudo.strip():
        raise _rejeitar_arquivo(_("O arquivo está vazio."))
    if len(conteudo) > tamanho_maximo:
        raise _rejeitar_arquivo(_("O arquivo excede o tamanho máximo de %(mb)d MB.") % {
            "mb": tamanho_maximo // (1024 * 1024)})
    if conteudo[:4] == b"PK\x03\x04":
        return _ler_xlsx(conteudo)
    if b"\x00" in conteudo[:4096]:
        raise _rejeitar_arquivo(_(
            "Formato não reconhecido: envie uma planilha CSV (separada por ; ou ,) ou XLSX."))
    texto = _decodificar(conteudo)
    primeira = texto.split("\n", 1)[0]
    delimitador = ";" if primeira.count(";") >= primeira.count(",") else ","
    leitor = csv.reader(io.StringIO(texto, newline=""), delimiter=delimitador)
    linhas: list[list[str]] = []
    try:
        for linha in leitor:
            linhas.append([c.strip() for c in linha])
    except csv.Error as exc:
        # In practice a cell over the csv module's limit (131,072 characters).
        limite = csv.field_size_limit()
        mensagem = (_("um campo tem mais de %(n)d caracteres; o CSV não pôde ser lido a "
                      "partir desta linha") % {"n": limite}
                    if "field limit" in str(exc) else
                    _("o CSV não pôde ser lido a partir desta linha (%(erro)s)") % {
                        "erro": mostrar(str(exc))})
        raise ArquivoRejeitado([ErroLinha(len(linhas) + 1, "", mensagem)]) from None
    return linhas


def _ler_xlsx(conteudo: bytes) -> list[list[str]]:
    # openpyxl is loaded only when an XLSX arrives (it is heavy and most files are CSV).
    from openpyxl import load_workbook

    try:
        livro = load_workbook(io.BytesIO(conteudo), read_only=True, data_only=True)
    except Exception:  # noqa: BLE001 - any parse failure is the user's file
        raise _rejeitar_arquivo(_(
            "Não foi possível ler a planilha XLSX: o arquivo está corrompido ou não é uma "
            "planilha do Excel.")) from None
    try:
        folha = livro.worksheets[0]
        linhas = folha.iter_rows(values_only=True)
        return [[_celula_para_texto(c) for c in linha] for linha in linhas]
    finally:
        livro.close()


# --- the header and the data rows ------------------------------------------------------------


class Linha(NamedTuple):
    """One data row: its line in the file (the header is line 1) and its text cells."""

    numero: int
    celulas: list[str]


class ColunaExtra(NamedTuple):
    """A column accepted by the importer's `extras` pattern (e.g. "desempate_2")."""

    indice: int
    nome: str  # normalised
    original: str  # as written in the file
    encontro: re.Match


@dataclass
class Planilha:
    cabecalho: list[str]  # the header cells as written
    colunas: dict[str, int]  # canonical column -> index
    extras: list[ColunaExtra]  # columns matching `extras`, in file order
    ignoradas: list[str]  # unknown columns (as written) when `desconhecidas="ignorar"`
    linhas: list[Linha]  # the data rows that are not blank
    total_linhas: int  # data rows in the file, blank ones included

    def celula(self, linha: Linha, coluna: str) -> str:
        """The cell of a canonical column in a row ("" when the column or the cell is
        absent)."""
        i = self.colunas.get(coluna)
        return linha.celulas[i].strip() if i is not None and i < len(linha.celulas) else ""


def mapear_cabecalho(
    cabecalho: list[str],
    colunas: Mapping[str, Iterable[str]],
    obrigatorias: Iterable[str] = (),
    *,
    extras: re.Pattern | None = None,
    desconhecidas: Literal["erro", "ignorar"] = "erro",
) -> tuple[dict[str, int], list[ColunaExtra], list[str], list[ErroLinha]]:
    """Canonical column -> index, the extra columns, the ignored ones and the header's
    errors (unknown column, one column given twice, required column missing), in order."""
    apelidos = {apelido: canonica for canonica, lista in colunas.items() for apelido in lista}
    indices: dict[str, int] = {}
    achadas: list[ColunaExtra] = []
    ignoradas: list[str] = []
    erros: list[ErroLinha] = []
    for i, bruto in enumerate(cabecalho):
        nome = normalizar(bruto)
        if not nome:
            continue
        if extras is not None and (encontro := extras.match(nome)):
            achadas.append(ColunaExtra(i, nome, bruto, encontro))
            continue
        canonica = apelidos.get(nome)
        if canonica is None:
            if desconhecidas == "erro":
                erros.append(ErroLinha(1, bruto, _("coluna desconhecida")))
            else:
                ignoradas.append(bruto)
        elif canonica in indices:
            erros.append(ErroLinha(1, bruto, _("coluna repetida")))
        else:
            indices[canonica] = i
    for obrigatoria in obrigatorias:
        if obrigatoria not in indices:
            erros.append(ErroLinha(1, obrigatoria, _("coluna obrigatória ausente")))
    return indices, achadas, ignoradas, erros


def ler_planilha(
    conteudo: bytes,
    colunas: Mapping[str, Iterable[str]],
    obrigatorias: Iterable[str] = (),
    *,
    extras: re.Pattern | None = None,
    desconhecidas: Literal["erro", "ignorar"] = "erro",
    tamanho_maximo: int = TAMANHO_MAXIMO,
) -> Planilha:
    """Read the file and its header. `colunas` maps each canonical column to its accepted
    (normalised) spellings; `extras` accepts further columns by pattern; an unknown column is
    an error or, with `desconhecidas="ignorar"`, listed in `Planilha.ignoradas` (never read).

    Raises ArquivoRejeitado: empty, too large or unreadable file, header errors (all of
    them), or no data row."""
    linhas = ler_linhas(conteudo, tamanho_maximo=tamanho_maximo)
    if not linhas:
        raise _rejeitar_arquivo(_("O arquivo está vazio."))
    cabecalho, corpo = linhas[0], linhas[1:]
    indices, achadas, ignoradas, erros = mapear_cabecalho(
        cabecalho, colunas, obrigatorias, extras=extras, desconhecidas=desconhecidas)
    if erros:
        raise ArquivoRejeitado(erros)
    dados = [Linha(pos + 2, celulas) for pos, celulas in enumerate(corpo)
             if any(c.strip() for c in celulas)]
    if not dados:
        raise _rejeitar_arquivo(_("O arquivo não tem nenhuma linha de dados."))
    return Planilha(cabecalho=cabecalho, colunas=indices, extras=achadas, ignoradas=ignoradas,
                    linhas=dados, total_linhas=len(corpo))

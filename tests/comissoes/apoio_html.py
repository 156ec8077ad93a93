"""Reading a page's element by id in tests (the standard library's parser): its text with
whitespace collapsed and the links inside it."""

from __future__ import annotations

from html.parser import HTMLParser

_VAZIAS = {"br", "img", "input", "meta", "link", "hr", "source", "wbr"}
#: Elements whose text a browser shows apart from their neighbours' (a space between).
_BLOCOS = {"p", "div", "li", "tr", "td", "th", "dt", "dd", "ul", "ol", "table", "section",
           "blockquote", "h1", "h2", "h3", "h4", "h5", "h6"}


class _Elemento(HTMLParser):
    def __init__(self, id_html: str):
        super().__init__()
        self.id_html = id_html
        self.profundidade = 0
        self.partes: list[str] = []
        self.links: list[tuple[str, str]] = []
        self._link: list | None = None
        self.achado = False
        #: Where a block element began in `partes` (a separator for the collapsed text).
        self.blocos: list[int] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if self.profundidade == 0:
            if a.get("id") == self.id_html and not self.achado:
                self.achado = True
                self.profundidade = 0 if tag in _VAZIAS else 1
            return
        if tag == "br":
            self.partes.append("\n")
        if tag in _VAZIAS:
            return
        if tag in _BLOCOS:
            self.blocos.append(len(self.partes))
        self.profundidade += 1
        if tag == "a":
            self._link = [a.get("href") or "", []]

    def handle_endtag(self, tag):
        if self.profundidade == 0 or tag in _VAZIAS:
            return
        if tag == "a" and self._link is not None:
            self.links.append((self._link[0], " ".join("".join(self._link[1]).split())))
            self._link = None
        self.profundidade -= 1

    def handle_data(self, data):
        if self.profundidade:
            self.partes.append(data)
            if self._link is not None:
                self._link[1].append(data)


def elemento(html: str, id_html: str) -> _Elemento:
    leitor = _Elemento(id_html)
    leitor.feed(html)
    assert leitor.achado, f"#{id_html} não está na página"
    return leitor


def texto(html: str, id_html: str) -> str:
    """The element's text, whitespace collapsed, block elements apart."""
    leitor = elemento(html, id_html)
    partes = list(leitor.partes)
    for i in reversed(leitor.blocos):
        partes.insert(i, " ")
    return " ".join("".join(partes).split())


def texto_bruto(html: str, id_html: str) -> str:
    """The element's text as the parser decoded it (entities resolved), untouched."""
    return "".join(elemento(html, id_html).partes)


def links(html: str, id_html: str) -> list[tuple[str, str]]:
    """(href, text) of every link inside the element."""
    return elemento(html, id_html).links

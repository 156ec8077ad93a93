"""Server-rendered SVG figures for RH's certame dashboard: the schedule on
a timeline with today marked, horizontal bars with their numbers, and stacked bars.

Pure functions: plain data in (labels, numbers, dates), markup out; the same input gives the
same output. Every label is escaped (`format_html`). No script and no `style` attribute (the
Content-Security-Policy forbids inline styles: `config/settings.py`, POLITICA_CONTEUDO):
colours and sizes are SVG presentation attributes. Text is drawn in `currentColor`, so it
follows the page's colour. Each figure scales with its container (`viewBox`, width 100%);
labels sit above their bars, so a narrow screen keeps them legible. The numbers are also
given as text next to the figure by the template, for screen readers.

Geometry is computed with fractions and rounded once, when written (two decimals).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

#: The figures' coordinate width (the viewBox); the page scales it to its column.
LARGURA = 440
MARGEM = 8
#: Room kept right of a bar for its number.
ESPACO_NUMERO = 44
FONTE = 13
FONTE_PEQUENA = 11

COR_BARRA = "#0d6efd"
COR_PASSADA = "#6c757d"
COR_EM_CURSO = "#198754"
COR_FUTURA = "#0d6efd"
COR_HOJE = "#dc3545"

MESES = ("jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez")


def _n(valor) -> str:
    """A coordinate as written: at most two decimals, no trailing zeros."""
    d = Decimal(valor.numerator) / Decimal(valor.denominator) if isinstance(
        valor, Fraction) else Decimal(valor)
    texto = format(d.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP), "f")
    return texto.rstrip("0").rstrip(".") if "." in texto else texto


def _svg(id_base: str, titulo: str, descricao: str, altura, corpo: SafeString) -> SafeString:
    return format_html(
        '<svg xmlns="http://www.w3.org/2000/svg" class="grafico" id="{id}" role="img" '
        'aria-labelledby="{id}-titulo {id}-desc" viewBox="0 0 {w} {h}" width="100%" '
        'preserveAspectRatio="xMinYMin meet" font-size="{f}">'
        '<title id="{id}-titulo">{t}</title><desc id="{id}-desc">{d}</desc>{corpo}</svg>',
        id=id_base, w=LARGURA, h=_n(altura), f=FONTE, t=titulo, d=descricao, corpo=corpo)


def _texto(x, y, texto: str, *, tamanho: int = FONTE, ancora: str = "start",
           cor: str = "currentColor", peso: str = "normal") -> SafeString:
    return format_html('<text x="{}" y="{}" font-size="{}" text-anchor="{}" fill="{}" '
                       'font-weight="{}">{}</text>', _n(x), _n(y), tamanho, ancora, cor, peso,
                       texto)


def _retangulo(x, y, largura, altura, cor: str, **extra) -> SafeString:
    extras = format_html_join("", ' {}="{}"', sorted(extra.items()))
    return format_html('<rect x="{}" y="{}" width="{}" height="{}" fill="{}"{}/>', _n(x), _n(y),
                       _n(largura), _n(altura), cor, extras)


def _juntar(partes: Sequence[SafeString]) -> SafeString:
    # Every part is already escaped markup (built by format_html).
    return mark_safe("".join(partes))  # noqa: S308


# --- horizontal bars ------------------------------------------------------------------------

LINHA_BARRA = 36
ALTURA_BARRA = 12


def largura_barra(valor: int, maximo: int, largura_util: int) -> Fraction:
    """The bar's width: proportional to the value, the largest value filling the width."""
    if maximo <= 0 or valor <= 0:
        return Fraction(0)
    return Fraction(valor * largura_util, maximo)


def barras(itens: Sequence[tuple[str, int]], *, titulo: str, descricao: str,
           id_base: str, cor: str = COR_BARRA) -> SafeString:
    """One bar per (label, value), the label above its bar and the value at the bar's end."""
    util = LARGURA - 2 * MARGEM - ESPACO_NUMERO
    maximo = max((v for _rotulo, v in itens), default=0)
    partes = []
    for i, (rotulo, valor) in enumerate(itens):
        topo = i * LINHA_BARRA
        partes.append(_texto(MARGEM, topo + FONTE + 1, rotulo))
        largura = largura_barra(valor, maximo, util)
        y_barra = topo + FONTE + 6
        if largura:
            partes.append(_retangulo(MARGEM, y_barra, largura, ALTURA_BARRA, cor, rx="2"))
        partes.append(_texto(MARGEM + largura + 4, y_barra + ALTURA_BARRA - 1, str(valor),
                             peso="bold"))
    altura = max(len(itens), 1) * LINHA_BARRA + 4
    return _svg(id_base, titulo, descricao, altura, _juntar(partes))


def barras_empilhadas(linhas: Sequence[tuple[str, Sequence[int]]],
                      categorias: Sequence[tuple[str, str, str]], *, titulo: str,
                      descricao: str, id_base: str) -> SafeString:
    """One stacked bar per (label, counts): `categorias` gives each count's (name, fill,
    text colour), in the order of the counts. A legend on top; each segment wide enough
    shows its count, and the bar's total is printed at its end."""
    util = LARGURA - 2 * MARGEM - ESPACO_NUMERO
    maximo = max((sum(valores) for _rotulo, valores in linhas), default=0)
    partes = []
    # The legend: a swatch and the name of each category, wrapped to the width.
    xl, y = MARGEM, 0
    for nome, cor, _cor_texto in categorias:
        largura_nome = 18 + len(nome) * 7
        if xl > MARGEM and xl + largura_nome > LARGURA - MARGEM:
            xl, y = MARGEM, y + 18
        partes.append(_retangulo(xl, y + 3, 11, 11, cor))
        partes.append(_texto(xl + 15, y + 13, nome, tamanho=FONTE_PEQUENA))
        xl += largura_nome + 10
    inicio = y + 26
    for i, (rotulo, valores) in enumerate(linhas):
        topo = inicio + i * LINHA_BARRA
        partes.append(_texto(MARGEM, topo + FONTE + 1, rotulo))
        y_barra = topo + FONTE + 6
        x = Fraction(MARGEM)
        for valor, (_nome, cor, cor_texto) in zip(valores, categorias, strict=True):
            largura = largura_barra(valor, maximo, util)
            if not largura:
                continue
            partes.append(_retangulo(x, y_barra, largura, ALTURA_BARRA + 4, cor))
            if largura >= 8 * len(str(valor)) + 4:
                partes.append(_texto(x + largura / 2, y_barra + ALTURA_BARRA, str(valor),
                                     tamanho=FONTE_PEQUENA, ancora="middle", cor=cor_texto))
            x += largura
        partes.append(_texto(x + 4, y_barra + ALTURA_BARRA + 1, str(sum(valores)),
                             peso="bold"))
    altura = inicio + max(len(linhas), 1) * LINHA_BARRA + 6
    return _svg(id_base, titulo, descricao, altura, _juntar(partes))


# --- the timeline ---------------------------------------------------------------------------

TOPO_EIXO = 22
LINHA_ETAPA = 38


def _local(momento: dt.date | dt.datetime) -> dt.datetime:
    """A naive local datetime (a date is its midnight)."""
    if isinstance(momento, dt.datetime):
        if timezone.is_aware(momento):
            momento = timezone.localtime(momento)
        return momento.replace(tzinfo=None)
    return dt.datetime(momento.year, momento.month, momento.day)


def _inicio_do_mes(momento: dt.datetime, somar: int = 0) -> dt.datetime:
    mes = momento.month - 1 + somar
    return dt.datetime(momento.year + mes // 12, mes % 12 + 1, 1)


def dominio(etapas: Sequence[tuple[str, dt.date, dt.date]]) -> tuple[dt.datetime, dt.datetime]:
    """The axis: from the first day of the first stage's month to the first day of the month
    after the last stage ends."""
    primeiro = min(_local(inicio) for _r, inicio, _f in etapas)
    ultimo = max(_local(fim) for _r, _i, fim in etapas)
    return _inicio_do_mes(primeiro), _inicio_do_mes(ultimo, 1)


def posicao(momento: dt.date | dt.datetime, de: dt.datetime, ate: dt.datetime) -> Fraction:
    """Where a moment falls on the axis's usable width (0 at `de`), exactly."""
    util = LARGURA - 2 * MARGEM
    total = (ate - de) // dt.timedelta(seconds=1)
    decorrido = (_local(momento) - de) // dt.timedelta(seconds=1)
    return Fraction(decorrido * util, total)


def rotulo_mes(momento: dt.datetime) -> str:
    return f"{MESES[momento.month - 1]}/{momento.year % 100:02d}"


def _curta(momento: dt.date | dt.datetime) -> str:
    return _local(momento).strftime("%d/%m")


def linha_do_tempo(etapas: Sequence[tuple[str, dt.date, dt.date]], hoje: dt.date,
                   *, titulo: str, descricao: str, id_base: str) -> SafeString:
    """The schedule as horizontal bars on a date axis, one row per stage in the given order
    (label above the bar, its dates beside it), with month ticks and today marked by a
    vertical line labelled "hoje" (an arrow at the edge when today is outside the axis).
    Past stages are grey, the current ones green, future ones blue."""
    if not etapas:
        return _svg(id_base, titulo, descricao, 30,
                    _texto(MARGEM, 20, _("Nenhuma etapa cadastrada.")))
    de, ate = dominio(etapas)
    agora = _local(hoje)
    base = TOPO_EIXO + len(etapas) * LINHA_ETAPA
    altura = base + 18
    partes = []
    # Month ticks: every month, or every few so at most eight labels.
    meses = (ate.year - de.year) * 12 + ate.month - de.month
    passo = -(-meses // 8)
    for k in range(0, meses + 1, passo):
        marca = _inicio_do_mes(de, k)
        x = MARGEM + posicao(marca, de, ate)
        partes.append(format_html(
            '<line x1="{x}" y1="{y1}" x2="{x}" y2="{y2}" stroke="currentColor" '
            'stroke-opacity="0.2"/>', x=_n(x), y1=TOPO_EIXO - 4, y2=base))
        if k < meses:
            partes.append(_texto(x + 2, 13, rotulo_mes(marca), tamanho=FONTE_PEQUENA))
    util = LARGURA - 2 * MARGEM
    for i, (rotulo, inicio, fim) in enumerate(etapas):
        topo = TOPO_EIXO + i * LINHA_ETAPA
        x0 = MARGEM + posicao(inicio, de, ate)
        x1 = MARGEM + posicao(fim, de, ate)
        largura = max(x1 - x0, Fraction(3))
        if _local(fim) < agora:
            cor = COR_PASSADA
        elif _local(inicio) <= agora:
            cor = COR_EM_CURSO
        else:
            cor = COR_FUTURA
        partes.append(_texto(MARGEM, topo + FONTE, rotulo))
        y_barra = topo + FONTE + 5
        partes.append(_retangulo(x0, y_barra, largura, ALTURA_BARRA, cor, rx="2"))
        datas = f"{_curta(inicio)}–{_curta(fim)}" if _curta(inicio) != _curta(fim) else (
            _curta(inicio))
        # The dates right of the bar when they fit, else left of it.
        if x0 + largura + 4 + len(datas) * 6 <= MARGEM + util:
            partes.append(_texto(x0 + largura + 4, y_barra + 10, datas,
                                 tamanho=FONTE_PEQUENA))
        else:
            partes.append(_texto(x0 - 4, y_barra + 10, datas, tamanho=FONTE_PEQUENA,
                                 ancora="end"))
    # Today.
    if de <= agora <= ate:
        x = MARGEM + posicao(agora, de, ate)
        ancora = "end" if x > LARGURA / 2 else "start"
        deslocamento = -3 if ancora == "end" else 3
        partes.append(format_html(
            '<line class="hoje" x1="{x}" y1="{y1}" x2="{x}" y2="{y2}" stroke="{cor}" '
            'stroke-width="2"/>', x=_n(x), y1=TOPO_EIXO - 4, y2=base + 4, cor=COR_HOJE))
        partes.append(_texto(x + deslocamento, altura - 3, _("hoje"),
                             tamanho=FONTE_PEQUENA, ancora=ancora, cor=COR_HOJE, peso="bold"))
    elif agora > ate:
        partes.append(_texto(LARGURA - MARGEM, altura - 3, _("hoje →"),
                             tamanho=FONTE_PEQUENA, ancora="end", cor=COR_HOJE, peso="bold"))
    else:
        partes.append(_texto(MARGEM, altura - 3, _("← hoje"), tamanho=FONTE_PEQUENA,
                             cor=COR_HOJE, peso="bold"))
    return _svg(id_base, titulo, descricao, altura, _juntar(partes))

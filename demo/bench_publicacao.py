"""The load benchmark's publication figures (``manage.py bench_carga``): RH publishes the
biggest cargo's new version through the server, with a real Celery worker.

- ``preparar`` (in the data-building child): a new, unpublished version of the biggest cargo
  (one score corrected, the lists recomputed) and an RH account with a session;
- ``medir`` (in the orchestrator, gunicorn and the worker running): RH's POST of the
  publication (its time: "RH's POST returned in", target < 1 s), the polling of RH's progress
  fragment until it says done ("time until RH's page says done"), the worker's time writing
  the summaries (from its status row) against writing the same rows with COPY (`copiar`, run
  in a child on the benchmark's database: target < 2x), and the first GET of the published
  list's PDF against the first GET of a static file of the same size (``razao estatico/pdf:
  R``, the PDF's time over the static file's: target <= 2). A 4 MB answer takes longer to
  cross even loopback than a 230 KB one, whoever serves it: `criar_escada` writes static files
  of 64 KB to 32 MB (doubling) before gunicorn starts, and the static time at the PDF's size is
  interpolated between the two that bracket it (`interpolar`); bootstrap.min.css's time is
  printed beside it. First against first: a file's first GET costs more than the next ones
  whoever serves it (its bytes come from memory, not yet from the processor's 32 MiB cache:
  an 8 MB static file measured 13.9 ms, then 9.3, 4.6 and 4.0 ms), so the PDF's first GET is
  set against the reference files' first GETs, and its next five GETs against theirs (the
  line's "seguintes", medians, printed with their own ratio). At the same moment: the reference
  files' first GETs are taken right before the PDF's (its size read from its file on disk,
  not from a request), while the machine still settles the publication's writes.

The pure functions (the figures' lines and ratios) are tested in tests/test_bench_carga.py.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import statistics
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

import psycopg
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import transaction
from django.urls import reverse
from django_otp import DEVICE_ID_SESSION_KEY
from django_otp.plugins.otp_totp.models import TOTPDevice

from candidatos.models import Inscricao
from certames.models import Publicacao
from classificacao import leitura
from classificacao.listas import recalcular
from comum.papeis import GRUPO_RH

#: The Redis database of the benchmark's broker (flushed before and after).
REDIS_BROKER = "redis://127.0.0.1:6379/13"
#: The queues the benchmark's worker consumes (the e-mails of the publication are left queued).
FILAS = "recalculo,documentos"
META_POST_S = 1.0
META_RAZAO_PDF = 2.0
META_RAZAO_COPIA = 2.0


@dataclass(frozen=True)
class MedidasPublicacao:
    """The publication's figures, in seconds."""

    inscricoes: int
    post_s: float
    pronto_s: float
    resumos_worker_s: float
    resumos_copia_s: float
    documentos_s: float
    pdf_primeiro_s: float
    #: A static file's first GET at the PDF's size (interpolated), and bootstrap.min.css's.
    estatico_s: float
    pdf_bytes: int
    estatico_css_s: float | None = None
    #: The same PDF's next GETs (median of five; its entry then in the serving processes'
    #: memory).
    pdf_seguintes_s: float | None = None
    #: The static file's next GETs at the PDF's size (median of five, interpolated).
    estatico_seguintes_s: float | None = None


#: The static files of the same-size reference: 64 KB to 32 MB, doubling.
ESCADA = [2 ** k * 1024 for k in range(6, 16)]
PASTA_ESCADA = "bench-referencia"


def criar_escada(static_root: Path) -> None:
    """Write the reference static files (random bytes: nothing compresses them) into the
    collected STATIC_ROOT, before gunicorn (WhiteNoise indexes its files at start)."""
    pasta = Path(static_root) / PASTA_ESCADA
    pasta.mkdir(parents=True, exist_ok=True)
    for tamanho in ESCADA:
        (pasta / f"{tamanho}.bin").write_bytes(os.urandom(tamanho))


def degraus(tamanho: int) -> tuple[int, int]:
    """The two reference sizes around `tamanho` (the same twice at either end)."""
    abaixo = [t for t in ESCADA if t <= tamanho]
    acima = [t for t in ESCADA if t >= tamanho]
    baixo = abaixo[-1] if abaixo else ESCADA[0]
    alto = acima[0] if acima else ESCADA[-1]
    return baixo, alto


def interpolar(tamanho: int, tempos: dict[int, float]) -> float:
    """The static time at `tamanho` bytes, linear between the two measured sizes around it
    (`tempos`: size -> seconds)."""
    baixo, alto = degraus(tamanho)
    if alto == baixo:
        return tempos[baixo]
    fracao = (min(max(tamanho, baixo), alto) - baixo) / (alto - baixo)
    return tempos[baixo] + fracao * (tempos[alto] - tempos[baixo])


def razao(numerador: float, denominador: float) -> float:
    """numerador / denominador (infinite when the denominator is zero)."""
    return float("inf") if denominador <= 0 else numerador / denominador


def _br(valor: float, casas: int = 2) -> str:
    if valor == float("inf"):
        return "infinito"
    texto = f"{valor:,.{casas}f}"
    return texto.replace(",", "_").replace(".", ",").replace("_", ".")


def linhas(m: MedidasPublicacao) -> list[str]:
    """The publication's lines of the benchmark's output (decimal comma)."""
    n = f"{m.inscricoes:,}".replace(",", ".")
    copia = razao(m.resumos_worker_s, m.resumos_copia_s)
    pdf = razao(m.pdf_primeiro_s, m.estatico_s)
    return [
        f"publicação do maior cargo ({n} inscrições): POST do RH respondeu em "
        f"{_br(m.post_s, 3)} s (meta: < {_br(META_POST_S, 0)} s)",
        f"tempo até a página do RH dizer pronto: {_br(m.pronto_s, 1)} s (resumos e "
        f"documentos; documentos no worker: {_br(m.documentos_s, 1)} s somados)",
        f"resumos no worker: {_br(m.resumos_worker_s, 2)} s; com COPY: "
        f"{_br(m.resumos_copia_s, 2)} s; razao worker/copia: {_br(copia)} "
        f"(meta: < {_br(META_RAZAO_COPIA, 0)})",
        f"primeiro GET do PDF da lista ({_br(m.pdf_bytes / 1024, 0)} KB): "
        f"{_br(m.pdf_primeiro_s * 1000, 1)} ms"
        + ("" if m.pdf_seguintes_s is None else
           f" (seguintes: {_br(m.pdf_seguintes_s * 1000, 1)} ms)")
        + f"; arquivo estático do mesmo tamanho, primeiro GET: {_br(m.estatico_s * 1000, 1)} ms"
        + ("" if m.estatico_seguintes_s is None else
           f" (seguintes: {_br(m.estatico_seguintes_s * 1000, 1)} ms)")
        + ("" if m.estatico_css_s is None else
           f"; bootstrap.min.css: {_br(m.estatico_css_s * 1000, 1)} ms"),
        *([] if m.pdf_seguintes_s is None or m.estatico_seguintes_s is None else [
            f"GETs seguintes: os do PDF sobre os do estático do mesmo tamanho: "
            f"{_br(razao(m.pdf_seguintes_s, m.estatico_seguintes_s))}"]),
        f"razao estatico/pdf: {_br(pdf)} (primeiro GET do PDF sobre o primeiro do estático do "
        f"mesmo tamanho; meta: <= {_br(META_RAZAO_PDF, 0)})",
    ]


def url_preparo(html: str) -> str | None:
    """The progress fragment's URL in RH's cargo page (None: none shown)."""
    achado = re.search(r'hx-get="(/[^"]*/publicacoes/[0-9]+/preparo/)"', html)
    return achado.group(1) if achado else None


def estado_preparo(html: str) -> str | None:
    """The state RH's progress fragment says (`data-preparo`)."""
    achado = re.search(r'data-preparo="([a-z_]+)"', html)
    return achado.group(1) if achado else None


# --- in the data-building child ----------------------------------------------------------------


def preparar(grande, sessao) -> dict:
    """A new version of `grande` to publish (one score corrected; recomputed, not published)
    and an RH account with a session (`sessao(usuario)`: the session key)."""
    alvo = (Inscricao.objects.filter(cargo=grande, situacao=Inscricao.Situacao.HABILITADO,
                                     nota__isnull=False).order_by("numero").first())
    alvo.nota = alvo.nota + 1 if alvo.nota < 99 else alvo.nota - 1
    alvo.save(update_fields=["nota"])
    versao = recalcular(grande.pk, causa="teste de carga: nota corrigida")
    rh = get_user_model().objects.create_user("rh-carga-publica", is_staff=True)
    rh.groups.add(Group.objects.get_or_create(name=GRUPO_RH)[0])
    # RH's pages ask the second factor: the session is the one a good code leaves (django-otp
    # keeps the device's id in it).
    dispositivo = TOTPDevice.objects.create(user=rh, name="bench", confirmed=True)
    cookie = sessao(rh, {DEVICE_ID_SESSION_KEY: dispositivo.persistent_id})
    return {"cookie": cookie, "versao": versao.numero, "cargo": grande.pk,
            "inscricoes": grande.inscricoes.count(),
            "confirmar": reverse("painel:confirmar_publicacao", args=[grande.pk, "preliminar"]),
            "publicar": reverse("painel:publicar", args=[grande.pk]),
            "cargo_rh": reverse("painel:cargo", args=[grande.pk])}


def copiar(publicacao_id: int, saida: str) -> None:
    """The floor of the worker's summaries: the same rows read (`leitura.linhas_resumo`) and
    written at once (`leitura.gravar_linhas_resumo`: one COPY into a staging table and one
    INSERT ... ON CONFLICT), without the worker's batches, locks and progress; the seconds go
    to `saida` (JSON). Run with ``manage.py shell -c`` on the benchmark's database."""
    publicacao = Publicacao.objects.select_related("versao").get(pk=publicacao_id)
    inicio = time.perf_counter()
    with transaction.atomic():
        leitura.gravar_linhas_resumo(leitura.linhas_resumo(publicacao.versao))
    Path(saida).write_text(json.dumps({"segundos": time.perf_counter() - inicio}),
                           encoding="utf-8")


# --- in the orchestrator -------------------------------------------------------------------------


def _pedir(porta: int, metodo: str, caminho: str, cabecalhos: dict | None = None,
           corpo: str | None = None) -> tuple[int, dict, bytes, float]:
    """One request on a new connection: (status, headers, body, seconds until the body is
    read)."""
    conexao = http.client.HTTPConnection("127.0.0.1", porta, timeout=120)
    inicio = time.perf_counter()
    conexao.request(metodo, caminho, body=corpo, headers=cabecalhos or {})
    resposta = conexao.getresponse()
    dados = resposta.read()
    segundos = time.perf_counter() - inicio
    conexao.close()
    cabecalhos_: dict[str, str] = {}
    for nome, valor in resposta.getheaders():  # several Set-Cookie headers: all kept
        nome = nome.lower()
        cabecalhos_[nome] = f"{cabecalhos_[nome]}, {valor}" if nome in cabecalhos_ else valor
    return resposta.status, cabecalhos_, dados, segundos


def _csrf(cabecalhos: dict, html: str) -> tuple[str, str]:
    cookie = re.search(r"csrftoken=([^;]+)", cabecalhos.get("set-cookie", ""))
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    if cookie is None or token is None:
        raise RuntimeError("página de confirmação sem token CSRF")
    return cookie.group(1), token.group(1)


def _referencia(porta: int, tamanho: int) -> float:
    """One GET of the static reference file of `tamanho` bytes (seconds)."""
    caminho = f"/static/{PASTA_ESCADA}/{tamanho}.bin"
    status, _c, corpo, segundos = _pedir(porta, "GET", caminho)
    if status != 200 or len(corpo) != tamanho:
        raise RuntimeError(f"o arquivo estático de referência {caminho} respondeu {status}")
    return segundos


def medir(porta: int, dados: dict, cookie_nome: str, estatico: str, banco: str,
          ambiente: dict, manage: str, python: str, limite: float = 1800) -> MedidasPublicacao:
    """Publish through the server and measure (see the module's docstring). `banco`: the
    benchmark database's URL (psycopg), to read the worker's status rows."""
    sessao = f"{cookie_nome}={dados['cookie']}"
    # RH's pages once per gunicorn worker, as on a working day: the POST measured is not a
    # cold process's first request (its templates loaded, its connections open).
    for _ in range(8):
        _pedir(porta, "GET", dados["cargo_rh"], {"Cookie": sessao})
    status, cab, html, _t = _pedir(porta, "GET", dados["confirmar"], {"Cookie": sessao})
    if status != 200:
        raise RuntimeError(f"a confirmação da publicação respondeu {status} "
                           f"({cab.get('location', '')}), não 200")
    csrf_cookie, token = _csrf(cab, html.decode())
    corpo = urlencode({"versao": dados["versao"], "tipo": "preliminar", "confirmacao": "on",
                       "csrfmiddlewaretoken": token})
    cabecalhos = {"Cookie": f"{sessao}; csrftoken={csrf_cookie}",
                  "Content-Type": "application/x-www-form-urlencoded",
                  "Referer": f"http://127.0.0.1:{porta}{dados['confirmar']}"}
    inicio = time.perf_counter()
    status, _c, _b, post_s = _pedir(porta, "POST", dados["publicar"], cabecalhos, corpo)
    if status != 302:
        raise RuntimeError(f"a publicação respondeu {status}, não 302")
    _s, _c, pagina, _t = _pedir(porta, "GET", dados["cargo_rh"], {"Cookie": sessao})
    fragmento = url_preparo(pagina.decode())
    if fragmento is None:
        raise RuntimeError("a página do cargo não mostra o progresso da publicação")
    estado = None
    while time.perf_counter() - inicio < limite:
        _s, _c, parte, _t = _pedir(porta, "GET", fragmento, {"Cookie": sessao})
        if f"(versão {dados['versao']})" not in parte.decode():
            raise RuntimeError(f"a publicação da versão {dados['versao']} não foi registrada")
        estado = estado_preparo(parte.decode())
        if estado in ("pronto", "falhou"):
            break
        time.sleep(0.2)
    pronto_s = time.perf_counter() - inicio
    if estado != "pronto":
        raise RuntimeError(f"a publicação terminou como {estado!r}, não pronta")
    publicacao_id = int(re.search(r"/publicacoes/([0-9]+)/", fragmento).group(1))
    with psycopg.connect(banco) as conexao:
        resumos_s, = conexao.execute(
            "SELECT extract(epoch FROM fim - inicio) FROM certames_preparopublicacao "
            "WHERE publicacao_id = %s", [publicacao_id]).fetchone()
        documentos_s, = conexao.execute(
            "SELECT sum(duracao) FROM certames_arquivopublicacao WHERE publicacao_id = %s",
            [publicacao_id]).fetchone()
        arquivo_pdf, = conexao.execute(
            "SELECT arquivo FROM certames_arquivopublicacao WHERE publicacao_id = %s "
            "AND tipo = 'lista_pdf'", [publicacao_id]).fetchone()
        certame_id, = conexao.execute(
            "SELECT certame_id FROM certames_cargo WHERE id = %s", [dados["cargo"]]).fetchone()
    pdf = f"/certames/{certame_id}/cargos/{dados['cargo']}/publicacoes/{publicacao_id}.pdf"
    # The PDF's size from its file on disk (no request: the PDF's first GET stays its first):
    # the reference files that bracket it are first requested at the same moment as the PDF,
    # on a machine still settling the publication's writes, just before the PDF's own GET.
    escada = sorted(set(degraus((Path(ambiente["MEDIA_ROOT"]) / arquivo_pdf).stat().st_size)))
    primeiros = {t: _referencia(porta, t) for t in escada}
    status, cab, corpo_pdf, pdf_s = _pedir(porta, "GET", pdf)
    if status != 200 or not corpo_pdf.startswith(b"%PDF-"):
        raise RuntimeError(f"o PDF respondeu {status} ({cab.get('content-type')}), não o PDF")
    seguintes_pdf = statistics.median(_pedir(porta, "GET", pdf)[3] for _ in range(5))
    estaticos = [_pedir(porta, "GET", estatico)[3] for _ in range(5)]
    seguintes = {t: statistics.median(_referencia(porta, t) for _ in range(5)) for t in escada}
    saida = Path(ambiente["MEDIA_ROOT"]).parent / "copia.json"
    subprocess.run([python, manage, "shell", "--no-imports", "-c",
                    f"from demo.bench_publicacao import copiar; copiar({publicacao_id}, "
                    f"{str(saida)!r})"], env=ambiente, check=True)
    copia_s = json.loads(saida.read_text(encoding="utf-8"))["segundos"]
    return MedidasPublicacao(
        inscricoes=dados["inscricoes"], post_s=post_s, pronto_s=pronto_s,
        resumos_worker_s=float(resumos_s), resumos_copia_s=copia_s,
        documentos_s=float(documentos_s or 0), pdf_primeiro_s=pdf_s,
        estatico_s=interpolar(len(corpo_pdf), primeiros), pdf_bytes=len(corpo_pdf),
        estatico_css_s=statistics.median(estaticos), pdf_seguintes_s=seguintes_pdf,
        estatico_seguintes_s=interpolar(len(corpo_pdf), seguintes))


def iniciar_worker(python: str, ambiente: dict, pasta: Path, cwd) -> subprocess.Popen:
    """A Celery worker on the benchmark's broker, consuming FILAS (2 processes)."""
    log = open(pasta / "celery.log", "wb")  # noqa: SIM115 - closed with the process
    return subprocess.Popen(
        [python, "-m", "celery", "-A", "config", "worker", "-Q", FILAS, "-c", "2",
         "--loglevel", "WARNING"], env=ambiente, cwd=cwd, stdout=log, stderr=subprocess.STDOUT)

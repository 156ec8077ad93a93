"""``manage.py bench_carga`` (``make bench-carga``): the pages under load, against a static file.

Everything runs in throwaway resources, removed at the end (also on Ctrl-C or an error):

1. a PostgreSQL database ``certames_bench_carga_<pid>`` on the server of ``DATABASE_URL``
   (default ``postgres://postgres@127.0.0.1:5432``), migrated;
2. the data (``demo/carga.py``), built by a child process on that database
   (``--preparar``): a certame of ``--inscricoes`` inscrições (the synthetic builder of
   ``bench_classificacao``), every
   cargo's lists computed and published, plus a small homologated certame with its public
   draw, its final lists and some calls (the order of nomeação page); one candidate account
   with a session, for the candidate's pages;
3. ``collectstatic`` into a temporary ``STATIC_ROOT`` (``config.settings_bench``) and
   gunicorn (``--workers`` sync workers, DEBUG off, the cache at ``CACHE_URL``, a Redis
   database flushed before and after);
4. for each page: a check that it answers 200 (a redirect to the log-in or a 404 would make
   the numbers meaningless), a warm-up run and a measured run of ``wrk`` at ``--clientes``
   concurrent connections.

It prints one line per page (requests/s, p50, p99, time-outs, non-2xx answers), the
candidate status page's p99 and, last, ``razao estatico/pagina: R`` with R = the static
file's requests/s over the slowest public page's (decimal comma).
"""

from __future__ import annotations

import argparse
import http.client
import json
import math
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import psycopg
import redis
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from demo import bench_login, bench_publicacao, carga

#: The name of the benchmark's database; the process id keeps parallel runs apart.
PREFIXO_BANCO = "certames_bench_carga_"
URL_PADRAO = "postgres://postgres@127.0.0.1:5432/postgres"
REDIS_PADRAO = "redis://127.0.0.1:6379/12"
ESQUEMAS_POSTGRES = ("postgres", "postgresql", "pgsql", "psql")
#: wrk gives up on a request after this long: it counts as a time-out.
TIMEOUT_WRK = "5s"
#: The candidate status page's target at 50 clients.
META_P99_CANDIDATO_MS = 200
#: The log-in's row: real log-ins by concurrent clients (`demo.bench_login`), not wrk.
PAGINA_LOGIN = "login (formulário + POST, sessão nova)"


# --- wrk's output and the figures ---------------------------------------------------------------


@dataclass(frozen=True)
class ResultadoWrk:
    """One wrk run: throughput, latency percentiles (ms) and what went wrong."""

    requisicoes_s: float
    p50_ms: float | None
    p99_ms: float | None
    requisicoes: int
    timeouts: int
    erros_socket: int
    nao_2xx: int


_UNIDADES_MS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0, "h": 3_600_000.0}
_RE_DURACAO = re.compile(r"^([0-9]+(?:\.[0-9]+)?)(us|ms|s|m|h)$")


def duracao_ms(texto: str) -> float:
    """A wrk duration ("677.00us", "2.24ms", "1.50s", "2.00m") in milliseconds."""
    achado = _RE_DURACAO.match(texto.strip())
    if achado is None:
        raise ValueError(f"duração do wrk não reconhecida: {texto!r}")
    return float(achado.group(1)) * _UNIDADES_MS[achado.group(2)]


def ler_saida_wrk(texto: str) -> ResultadoWrk:
    """Parse ``wrk --latency`` output; ValueError when it holds no Requests/sec line."""
    rps = re.search(r"^Requests/sec:\s+([0-9.]+)", texto, re.M)
    if rps is None:
        raise ValueError("saída do wrk sem a linha Requests/sec")
    percentis = dict(re.findall(r"^\s+(50|99)%\s+(\S+)", texto, re.M))
    total = re.search(r"^\s*([0-9]+) requests in ", texto, re.M)
    erros = re.search(r"Socket errors: connect ([0-9]+), read ([0-9]+), write ([0-9]+), "
                      r"timeout ([0-9]+)", texto)
    nao_2xx = re.search(r"Non-2xx or 3xx responses: ([0-9]+)", texto)
    connect, read, write, timeout = (int(g) for g in erros.groups()) if erros else (0,) * 4
    return ResultadoWrk(
        requisicoes_s=float(rps.group(1)),
        p50_ms=duracao_ms(percentis["50"]) if "50" in percentis else None,
        p99_ms=duracao_ms(percentis["99"]) if "99" in percentis else None,
        requisicoes=int(total.group(1)) if total else 0,
        timeouts=timeout, erros_socket=connect + read + write,
        nao_2xx=int(nao_2xx.group(1)) if nao_2xx else 0)


def razao_estatico_pagina(estatico: float, paginas: Iterable[float]) -> float:
    """The static file's requests/s over the slowest page's (infinite if one served none)."""
    pior = min(paginas)
    if pior <= 0:
        return math.inf
    return estatico / pior


def decimal_br(valor: float | None, casas: int = 1) -> str:
    """A number with a decimal comma and a dot every thousand; "—" when there is none."""
    if valor is None:
        return "—"
    if math.isinf(valor):
        return "infinito"
    texto = f"{valor:,.{casas}f}"
    return texto.replace(",", "_").replace(".", ",").replace("_", ".")


@dataclass(frozen=True)
class Pagina:
    nome: str
    caminho: str
    #: A public page of published data: counted in the static/page ratio.
    publica: bool = True
    #: Sent with the candidate's session cookie.
    autenticada: bool = False
    estatica: bool = False
    #: Paths wrk picks from at random, one per request, instead of ``caminho`` (queries the
    #: cache cannot have seen: its misses).
    variantes: tuple[str, ...] = ()


def script_variantes(caminhos: Iterable[str]) -> str:
    """A wrk Lua script that asks for a random one of ``caminhos`` at each request; each
    thread draws its own sequence."""
    lista = ",\n".join(json.dumps(c) for c in caminhos)
    return (
        f"local caminhos = {{\n{lista}\n}}\n"
        "local threads = 0\n"
        "function setup(thread)\n"
        "  threads = threads + 1\n"
        "  thread:set(\"semente\", threads)\n"
        "end\n"
        "function init(args)\n"
        "  math.randomseed(7919 * semente)\n"
        "end\n"
        "function request()\n"
        "  return wrk.format(\"GET\", caminhos[math.random(#caminhos)])\n"
        "end\n")


def tabela(medidas: list[tuple[Pagina, ResultadoWrk]]) -> list[str]:
    """The lines of the results table (page, req/s, p50, p99, time-outs, non-2xx)."""
    largura = max(len(p.nome) for p, _ in medidas)
    linhas = [f"{'página':<{largura}}  {'req/s':>9}  {'p50 (ms)':>9}  {'p99 (ms)':>9}  "
              f"{'time-outs':>9}  {'não-2xx':>8}"]
    for pagina, r in medidas:
        linhas.append(
            f"{pagina.nome:<{largura}}  {decimal_br(r.requisicoes_s):>9}  "
            f"{decimal_br(r.p50_ms):>9}  {decimal_br(r.p99_ms):>9}  "
            f"{r.timeouts + r.erros_socket:>9}  {r.nao_2xx:>8}")
    return linhas


def conclusao(medidas: list[tuple[Pagina, ResultadoWrk]]) -> list[str]:
    """The closing lines: the candidate status p99, the slowest public page, the ratio."""
    linhas = []
    estatico = next(r for p, r in medidas if p.estatica)
    publicas = [(p, r) for p, r in medidas if p.publica and not p.estatica]
    for pagina, r in medidas:
        if pagina.autenticada and "/inscricoes/" in pagina.caminho:
            linhas.append(f"situação da inscrição (candidato), p99: {decimal_br(r.p99_ms)} ms "
                          f"(meta: < {META_P99_CANDIDATO_MS} ms)")
    problemas = sum(r.timeouts + r.erros_socket + r.nao_2xx for _, r in medidas)
    linhas.append(f"time-outs, erros de conexão e respostas não-2xx (total): {problemas}")
    pior_pagina, pior = min(publicas, key=lambda pr: pr[1].requisicoes_s)
    linhas.append(f"página pública mais lenta: {pior_pagina.nome} "
                  f"({decimal_br(pior.requisicoes_s)} req/s)")
    razao = razao_estatico_pagina(estatico.requisicoes_s,
                                  [r.requisicoes_s for _, r in publicas])
    linhas.append(f"razao estatico/pagina: {decimal_br(razao, 2)}")
    return linhas


# --- the log-in and the dashboard ----------------------------------------------------------------


def razao_estatico_login(estatico: float, login: float) -> float:
    """The static file's requests/s over the log-ins' per second (infinite if none)."""
    return math.inf if login <= 0 else estatico / login


def conclusao_login(medidas: list[tuple[Pagina, Any]]) -> list[str]:
    """The dashboard's p99 against its target and `razao estatico/login: R` (when the
    log-in was measured)."""
    linhas = []
    for pagina, r in medidas:
        if pagina.autenticada and pagina.caminho.rstrip("/").endswith("/candidato"):
            linhas.append(f"painel do candidato, p99: {decimal_br(r.p99_ms)} ms "
                          f"(meta: < {META_P99_CANDIDATO_MS} ms)")
    estatico = next((r for p, r in medidas if p.estatica), None)
    login = next((r for p, r in medidas if p.nome == PAGINA_LOGIN), None)
    if estatico is not None and login is not None:
        razao = razao_estatico_login(estatico.requisicoes_s, login.requisicoes_s)
        linhas.append(f"razao estatico/login: {decimal_br(razao, 2)}")
    return linhas


# --- the command --------------------------------------------------------------------------------


class Command(BaseCommand):
    help = (
        "Teste de carga: cria um banco PostgreSQL próprio (apagado ao final) com um certame "
        "de 30.000 inscrições e listas publicadas, sobe o gunicorn e mede cada página com o "
        "wrk (req/s, p50, p99); termina com a razão entre o arquivo estático e a página "
        "pública mais lenta."
    )
    # The orchestrator touches no model; migrate (in the child) runs the checks.
    requires_system_checks: list = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--duracao", type=int, default=10,
                            help="segundos de medição por página (padrão 10)")
        parser.add_argument("--aquecimento", type=int, default=3,
                            help="segundos de aquecimento por página antes de medir (padrão 3)")
        parser.add_argument("--clientes", type=int, default=50,
                            help="conexões simultâneas do wrk (padrão 50)")
        parser.add_argument("--workers", type=int, default=4,
                            help="workers síncronos do gunicorn (padrão 4)")
        parser.add_argument("--inscricoes", type=int, default=30_000,
                            help="inscrições no total (padrão 30000; 2000 delas no certame "
                                 "homologado)")
        parser.add_argument("--cargos", type=int, default=4,
                            help="cargos do certame principal (padrão 4)")
        parser.add_argument("--maior", type=int, default=12_000,
                            help="inscrições do maior cargo (padrão 12000)")
        parser.add_argument("--seed", type=int, default=1, help="semente (padrão 1)")
        parser.add_argument("--redis", default=REDIS_PADRAO,
                            help=f"banco Redis do cache, esvaziado antes e depois (padrão "
                                 f"{REDIS_PADRAO})")
        # Internal: the child process that builds the data on the benchmark's database.
        parser.add_argument("--preparar", metavar="ARQUIVO_JSON", help=argparse.SUPPRESS)

    def handle(self, *args: Any, **options: Any) -> None:
        if options["preparar"]:
            dados = carga.preparar(
                inscricoes=options["inscricoes"] - carga.INSCRICOES_HOMOLOGADO,
                cargos=options["cargos"], maior=options["maior"], seed=options["seed"],
                escreva=self._dizer)
            Path(options["preparar"]).write_text(json.dumps(dados), encoding="utf-8")
            return
        self._validar(options)
        anterior = signal.signal(signal.SIGTERM, _interromper)
        try:
            self._medir(options)
        except KeyboardInterrupt:
            raise CommandError("Interrompido; o servidor foi parado e o banco apagado.") from None
        finally:
            signal.signal(signal.SIGTERM, anterior)

    def _dizer(self, texto: str) -> None:
        self.stdout.write(texto)
        self.stdout.flush()

    @staticmethod
    def _validar(options: dict) -> None:
        principal = options["inscricoes"] - carga.INSCRICOES_HOMOLOGADO
        # The candidate account takes the 50th best qualified inscrição of the biggest cargo.
        if options["cargos"] < 2 or not (100 <= options["maior"] < principal):
            raise CommandError(
                f"Parâmetros inválidos: exige cargos >= 2 e 100 <= maior < inscricoes - "
                f"{carga.INSCRICOES_HOMOLOGADO} (as do certame homologado).")
        if principal - options["maior"] < options["cargos"] - 1:
            raise CommandError("Inscrições insuficientes para os demais cargos.")
        if options["duracao"] < 1 or options["aquecimento"] < 0 or options["workers"] < 1:
            raise CommandError("Exige duracao >= 1, aquecimento >= 0 e workers >= 1.")
        if options["clientes"] < 2:
            raise CommandError("Exige ao menos 2 clientes (o wrk usa 2 threads).")

    # --- the orchestration ----------------------------------------------------------------

    def _medir(self, options: dict) -> None:
        """Set up the throwaway database, data and server, measure every page, remove what
        was set up, then print the figures."""
        wrk = _localizar_wrk()
        base = os.environ.get("DATABASE_URL") or URL_PADRAO
        partes = urlsplit(base)
        if partes.scheme not in ESQUEMAS_POSTGRES:
            raise CommandError(f"O teste de carga precisa de PostgreSQL; DATABASE_URL usa "
                               f"“{partes.scheme}”. Ex.: DATABASE_URL={URL_PADRAO}")
        nome_banco = f"{PREFIXO_BANCO}{os.getpid()}"
        url_banco = urlunsplit(partes._replace(path=f"/{nome_banco}", query=""))
        redis_url = options["redis"]
        cache_url = "rediscache" + redis_url[redis_url.index(":"):]
        self._redis(redis_url).ping()

        pasta = Path(tempfile.mkdtemp(prefix="bench-carga-"))
        ambiente = _ambiente(pasta, url_banco, cache_url)
        python = sys.executable
        gunicorn: subprocess.Popen | None = None
        worker: subprocess.Popen | None = None
        publicacao: bench_publicacao.MedidasPublicacao | None = None
        medidas: list[tuple[Pagina, ResultadoWrk]] = []
        log = None
        criado = False
        try:
            self._dizer(f"banco de dados: {nome_banco} ({partes.hostname}:{partes.port or 5432})")
            self._banco(base, f'CREATE DATABASE "{nome_banco}"')
            criado = True
            paginas, cookie = self._preparar(python, ambiente, pasta, options)
            # The server and a Celery worker share a broker: a publication's work is queued.
            ambiente = {**ambiente, "CELERY_BROKER_URL": bench_publicacao.REDIS_BROKER}
            self._redis(bench_publicacao.REDIS_BROKER).flushdb()
            worker = bench_publicacao.iniciar_worker(python, ambiente, pasta, settings.BASE_DIR)

            self._redis(redis_url).flushdb()
            porta = _porta_livre()
            log = open(pasta / "gunicorn.log", "wb")  # noqa: SIM115 - closed in finally
            gunicorn = subprocess.Popen(
                [str(Path(python).parent / "gunicorn"), "config.wsgi", "-w",
                 str(options["workers"]), "-b", f"127.0.0.1:{porta}", "--timeout", "60"],
                env=ambiente, cwd=settings.BASE_DIR, stdout=log, stderr=subprocess.STDOUT)
            self._esperar(gunicorn, porta, pasta / "gunicorn.log")
            self._dizer(f"gunicorn: {options['workers']} workers síncronos em "
                        f"127.0.0.1:{porta}; wrk: 2 threads, {options['clientes']} conexões, "
                        f"{options['duracao']} s por página (aquecimento "
                        f"{options['aquecimento']} s), time-out {TIMEOUT_WRK}")
            publicacao = self._medir_publicacao(porta, paginas, url_banco, ambiente, python)
            for pagina in paginas:
                self._conferir(porta, pagina, cookie)
            # The searches of a different number each request (outside every ratio) go
            # last: on the biggest cargo their time-outs left the next run about 30 % slower
            # (the order of nomeação: 1,357-1,451 req/s after them, 2,178-2,202 otherwise).
            estatico = next(p.caminho for p in paginas if p.estatica)
            medidas = self._medir_paginas(wrk, porta, [p for p in paginas if not p.variantes],
                                          cookie, pasta, options, estatico)
            medidas.append(self._medir_login(porta, pasta, options, estatico))
            medidas += self._medir_paginas(wrk, porta, [p for p in paginas if p.variantes],
                                           cookie, pasta, options, estatico)
        finally:
            if gunicorn is not None:
                _parar(gunicorn)
            if worker is not None:
                _parar(worker)
                self._redis(bench_publicacao.REDIS_BROKER).flushdb()
            if log is not None:
                log.close()
            self._limpar(base, nome_banco if criado else None, redis_url, pasta)
        # The results after the clean-up, so that the ratio is the last line.
        self._dizer("")
        for linha in tabela(medidas):
            self._dizer(linha)
        self._dizer("")
        for linha in bench_publicacao.linhas(publicacao) if publicacao is not None else []:
            self._dizer(linha)
        for linha in conclusao_login(medidas) + conclusao(medidas):
            self._dizer(linha)

    def _preparar(self, python: str, ambiente: dict, pasta: Path,
                  options: dict) -> tuple[list[Pagina], str]:
        """Migrate the benchmark's database, collect the static files and build the data in
        a child process; return the pages to measure and the candidate's session cookie."""
        manage = str(Path(settings.BASE_DIR) / "manage.py")
        inicio = time.perf_counter()
        self._rodar([python, manage, "migrate", "--noinput"], ambiente, "migrate")
        self._dizer(f"migrações aplicadas em {decimal_br(time.perf_counter() - inicio)} s")
        self._rodar([python, manage, "collectstatic", "--noinput"], ambiente,
                    "collectstatic")
        bench_publicacao.criar_escada(Path(ambiente["BENCH_STATIC_ROOT"]))
        arquivo = pasta / "dados.json"
        preparo = subprocess.run(
            [python, manage, "bench_carga", "--preparar", str(arquivo),
             "--inscricoes", str(options["inscricoes"]), "--cargos", str(options["cargos"]),
             "--maior", str(options["maior"]), "--seed", str(options["seed"])],
            env=ambiente, check=False, cwd=settings.BASE_DIR)
        if preparo.returncode != 0:
            raise CommandError("A construção dos dados falhou (mensagem acima).")
        dados = json.loads(arquivo.read_text(encoding="utf-8"))
        self._dados_publicacao = {**dados["publicacao"], "cookie_nome": dados["cookie_nome"]}
        paginas = [Pagina(**{**p, "variantes": tuple(p.get("variantes", ()))})
                   for p in dados["paginas"]]
        return paginas, f"{dados['cookie_nome']}={dados['cookie']}"

    def _medir_publicacao(self, porta: int, paginas: list[Pagina], url_banco: str,
                          ambiente: dict, python: str) -> bench_publicacao.MedidasPublicacao:
        """RH publishes the biggest cargo's next version through the server and the worker
        prepares it (demo/bench_publicacao.py); before the pages, so that the worker's work
        does not overlap wrk's runs."""
        self._dizer("publicação do maior cargo: POST do RH, worker e primeiro GET do PDF...")
        dados = self._dados_publicacao
        return bench_publicacao.medir(
            porta, dados, dados["cookie_nome"], next(p.caminho for p in paginas if p.estatica),
            urlunsplit(urlsplit(url_banco)._replace(scheme="postgresql")), ambiente,
            str(Path(settings.BASE_DIR) / "manage.py"), python)

    def _medir_paginas(self, wrk: str, porta: int, paginas: list[Pagina], cookie: str,
                       pasta: Path, options: dict,
                       estatico: str) -> list[tuple[Pagina, ResultadoWrk]]:
        """Warm up and measure each page with wrk, in order; the server works off its backlog
        (`_escoar`, asking for the static file `estatico`) after every run."""
        medidas: list[tuple[Pagina, ResultadoWrk]] = []
        for pagina in paginas:
            url = f"http://127.0.0.1:{porta}{pagina.caminho}"
            extra = ["-H", f"Cookie: {cookie}"] if pagina.autenticada else []
            if pagina.variantes:
                script = pasta / f"variantes-{len(medidas)}.lua"
                script.write_text(script_variantes(pagina.variantes), encoding="utf-8")
                extra += ["-s", str(script)]
            if options["aquecimento"]:
                self._wrk(wrk, options["clientes"], options["aquecimento"], extra, url)
                _escoar(porta, estatico)
            resultado, saida = self._wrk(wrk, options["clientes"], options["duracao"],
                                         extra, url)
            _escoar(porta, estatico)
            medidas.append((pagina, resultado))
            self._dizer(f"  medida: {pagina.nome}")
            if options["verbosity"] >= 2:
                self._dizer(saida)
        return medidas

    def _medir_login(self, porta: int, pasta: Path, options: dict,
                     estatico: str) -> tuple[Pagina, bench_login.ResultadoLogin]:
        """Warm up and measure real log-ins (`demo.bench_login`: wrk cannot carry a client's
        CSRF cookie and token from the form to its POST), each client its own account; the
        server works off its backlog (`_escoar`, asking for `estatico`) after every run."""
        dados = json.loads((pasta / "dados.json").read_text(encoding="utf-8"))["login"]
        pagina = Pagina(PAGINA_LOGIN, bench_login.CAMINHO, publica=False)
        for segundos in (options["aquecimento"], options["duracao"]):
            if not segundos:
                continue
            resultado = bench_login.medir(porta, dados["contas"], dados["senha"],
                                          clientes=options["clientes"], segundos=segundos)
            _escoar(porta, estatico)
        self._dizer(f"  medida: {pagina.nome}")
        return pagina, resultado

    def _limpar(self, base: str, nome_banco: str | None, redis_url: str, pasta: Path) -> None:
        """Drop the benchmark's database (if it was created), flush its Redis database and
        remove the temporary folder."""
        if nome_banco is not None:
            self._banco(base, f'DROP DATABASE IF EXISTS "{nome_banco}" WITH (FORCE)')
            self._dizer(f"banco {nome_banco} apagado")
        try:
            self._redis(redis_url).flushdb()
        except Exception:  # noqa: BLE001 - cleaning up; Redis may be the failure itself
            pass
        shutil.rmtree(pasta, ignore_errors=True)

    # --- steps ----------------------------------------------------------------------------

    @staticmethod
    def _redis(url: str) -> redis.Redis:
        try:
            cliente = redis.Redis.from_url(url, socket_connect_timeout=3)
            cliente.ping()
        except redis.RedisError as exc:
            raise CommandError(f"Redis indisponível em {url} ({exc}).") from exc
        return cliente

    @staticmethod
    def _banco(base: str, sql: str) -> None:
        """Run one statement on the server's maintenance database (autocommit)."""
        partes = urlsplit(base)
        manutencao = urlunsplit(partes._replace(scheme="postgresql", path="/postgres", query=""))
        try:
            with psycopg.connect(manutencao, autocommit=True, connect_timeout=10) as conexao:
                conexao.execute(sql)
        except psycopg.Error as exc:
            raise CommandError(f"PostgreSQL: {exc}".strip()) from exc

    @staticmethod
    def _rodar(comando: list[str], ambiente: dict, rotulo: str) -> None:
        feito = subprocess.run(comando, env=ambiente, cwd=settings.BASE_DIR,
                               capture_output=True, text=True)
        if feito.returncode != 0:
            raise CommandError(f"{rotulo} falhou:\n{feito.stdout[-3000:]}{feito.stderr[-3000:]}")

    @staticmethod
    def _esperar(processo: subprocess.Popen, porta: int, log: Path, limite: float = 90) -> None:
        """Poll until gunicorn answers (any HTTP status), or fail with its log."""
        fim = time.monotonic() + limite
        while time.monotonic() < fim:
            if processo.poll() is not None:
                raise CommandError("O gunicorn terminou ao iniciar:\n"
                                   + log.read_text(errors="replace")[-3000:])
            try:
                conexao = http.client.HTTPConnection("127.0.0.1", porta, timeout=2)
                conexao.request("GET", "/favicon.ico")
                conexao.getresponse().read()
                conexao.close()
                return
            except OSError:
                time.sleep(0.1)
        raise CommandError(f"O gunicorn não respondeu em {limite:.0f} s:\n"
                           + log.read_text(errors="replace")[-3000:])

    @staticmethod
    def _conferir(porta: int, pagina: Pagina, cookie: str) -> None:
        """The page must answer 200 itself (no redirect followed)."""
        conexao = http.client.HTTPConnection("127.0.0.1", porta, timeout=30)
        cabecalhos = {"Cookie": cookie} if pagina.autenticada else {}
        conexao.request("GET", (pagina.variantes or (pagina.caminho,))[0], headers=cabecalhos)
        resposta = conexao.getresponse()
        resposta.read()
        conexao.close()
        if resposta.status != 200:
            destino = resposta.getheader("Location")
            raise CommandError(
                f"{pagina.nome}: GET {pagina.caminho} respondeu {resposta.status}"
                f"{f' (→ {destino})' if destino else ''}, não 200; medir essa resposta não "
                f"teria sentido.")

    @staticmethod
    def _wrk(wrk: str, clientes: int, segundos: int, extra: list[str],
             url: str) -> tuple[ResultadoWrk, str]:
        feito = subprocess.run(
            [wrk, "-t2", f"-c{clientes}", f"-d{segundos}s", "--latency", "--timeout",
             TIMEOUT_WRK, *extra, url], capture_output=True, text=True)
        if feito.returncode != 0:
            raise CommandError(f"wrk falhou em {url}:\n{feito.stdout}{feito.stderr}")
        try:
            return ler_saida_wrk(feito.stdout), feito.stdout
        except ValueError as exc:
            raise CommandError(f"{exc} ({url}):\n{feito.stdout}") from exc


def _localizar_wrk() -> str:
    """The wrk executable, or a CommandError saying how to install it."""
    wrk = shutil.which("wrk") or ("/usr/bin/wrk" if os.path.exists("/usr/bin/wrk") else "")
    if not wrk:
        raise CommandError("O wrk não está instalado (Debian: apt-get install wrk; "
                           "`make bench-carga` o instala quando roda como root).")
    return wrk


def _ambiente(pasta: Path, url_banco: str, cache_url: str) -> dict:
    """The environment of the child processes and of gunicorn: the throwaway database, static
    and media folders, production-like settings (DEBUG off) and the Redis cache."""
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings_bench",
        "BENCH_STATIC_ROOT": str(pasta / "static"),
        "MEDIA_ROOT": str(pasta / "media"),
        "DATABASE_URL": url_banco,
        "DATABASE_APP_ROLE": "",
        "DEBUG": "false",
        "SECRET_KEY": "bench-carga-" + os.urandom(16).hex(),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECURE_SSL_REDIRECT": "false",
        "SECURE_HSTS_SECONDS": "0",
        # gunicorn on loopback speaks plain HTTP (certames.E002 would refuse it).
        "PERMITIR_HTTP": "true",
        "CACHE_URL": cache_url,
        # Every request comes from one client (wrk): the abuse limits (docs/falhas.md)
        # would measure the 429 page instead of the searches.
        "LIMITES_ABUSO_ATIVOS": "false",
        # Tasks run in-process (a publication's e-mails, the draw's recomputes).
        "CELERY_BROKER_URL": "",
        "EMAIL_URL": "dummymail://localhost",
        "LOG_LEVEL": "WARNING",
        "PYTHONUNBUFFERED": "1",
    }


def _interromper(signum, frame) -> None:
    raise KeyboardInterrupt


def _escoar(porta: int, caminho: str, limite: float = 300) -> None:
    """Wait until the server has worked off what wrk left queued: wrk closes its connections
    at the end of a run, but sync workers still answer every request already accepted, and
    that backlog would slow the next page's run. A request sent now is answered only after
    them."""
    conexao = http.client.HTTPConnection("127.0.0.1", porta, timeout=limite)
    try:
        conexao.request("GET", caminho)
        conexao.getresponse().read()
    finally:
        conexao.close()


def _porta_livre() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _parar(processo: subprocess.Popen) -> None:
    if processo.poll() is None:
        processo.send_signal(signal.SIGTERM)
        try:
            processo.wait(timeout=15)
        except subprocess.TimeoutExpired:
            processo.kill()
            processo.wait()



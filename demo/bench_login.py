"""The log-in under load, for ``manage.py bench_carga``: real log-ins by concurrent clients.

wrk cannot do it honestly: its Lua state is per thread, not per connection, so it cannot
carry one client's CSRF cookie and token from the form to its POST. Here each of
``clientes`` threads repeats what a browser does, each time as a new visitor (no cookie
kept): GET the log-in form (the CSRF cookie and the form's token), POST the CPF-less
username and the password with them, and expect the 302 with a new session cookie. One
log-in is that pair; its time is the pair's, from the GET's start to the POST's answer.

Each client logs in to its own account (``contas``: made by ``demo.carga``), always with the
right password: django-axes counts failures only, so none is locked, and every log-in runs
the whole path (the lock-out check, the password hash, the new session).

The client is Python threads on the same machine as the server (the GIL and the CPU are
shared with gunicorn): it measures a little low, never high.
"""

from __future__ import annotations

import http.client
import math
import re
import threading
import time
from dataclasses import dataclass
from http.cookies import SimpleCookie
from urllib.parse import urlencode

CAMINHO = "/contas/login/"
_RE_TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


@dataclass(frozen=True)
class ResultadoLogin:
    """Log-ins per second, the log-in's p50 and p99 (ms), how many were made and failed."""

    requisicoes_s: float
    p50_ms: float | None
    p99_ms: float | None
    requisicoes: int
    timeouts: int
    erros_socket: int
    nao_2xx: int


def token_do_formulario(html: str) -> str:
    """The form's CSRF token (ValueError when the page has none)."""
    achado = _RE_TOKEN.search(html)
    if achado is None:
        raise ValueError("formulário de login sem csrfmiddlewaretoken")
    return achado.group(1)


def cookies_da_resposta(cabecalhos: list[tuple[str, str]]) -> dict[str, str]:
    """The cookies a response sets (name -> value)."""
    pote: SimpleCookie = SimpleCookie()
    for nome, valor in cabecalhos:
        if nome.lower() == "set-cookie":
            pote.load(valor)
    return {k: m.value for k, m in pote.items()}


def percentil(valores: list[float], p: float) -> float | None:
    """The p-th percentile by nearest rank (as wrk's distribution); None without values."""
    if not valores:
        return None
    ordenados = sorted(valores)
    posicao = max(1, math.ceil(p / 100 * len(ordenados)))
    return ordenados[posicao - 1]


def resumir(duracoes_s: list[float], segundos: float, timeouts: int, erros: int,
            falhas: int) -> ResultadoLogin:
    """The figures of a run: log-ins completed per second of the run, their p50/p99."""
    ms = [d * 1000 for d in duracoes_s]
    return ResultadoLogin(
        requisicoes_s=len(ms) / segundos if segundos > 0 else 0.0,
        p50_ms=percentil(ms, 50), p99_ms=percentil(ms, 99), requisicoes=len(ms),
        timeouts=timeouts, erros_socket=erros, nao_2xx=falhas)


class _Cliente(threading.Thread):
    def __init__(self, porta: int, usuario: str, senha: str, fim: float, timeout: float):
        super().__init__(daemon=True)
        self.porta, self.usuario, self.senha = porta, usuario, senha
        self.fim, self.timeout = fim, timeout
        self.duracoes: list[float] = []
        self.timeouts = self.erros = self.falhas = 0

    def _pedir(self, metodo: str, corpo: str | None, cabecalhos: dict):
        conexao = http.client.HTTPConnection("127.0.0.1", self.porta, timeout=self.timeout)
        try:
            conexao.request(metodo, CAMINHO, body=corpo, headers=cabecalhos)
            resposta = conexao.getresponse()
            return resposta.status, resposta.getheaders(), resposta.read().decode()
        finally:
            conexao.close()

    def entrar(self) -> bool:
        """One log-in as a new visitor; True when it ended in the 302 with a session."""
        _status, cabecalhos, html = self._pedir("GET", None, {})
        csrf = cookies_da_resposta(cabecalhos).get("csrftoken", "")
        corpo = urlencode({"csrfmiddlewaretoken": token_do_formulario(html),
                           "username": self.usuario, "password": self.senha})
        status, cabecalhos, _ = self._pedir("POST", corpo, {
            "Cookie": f"csrftoken={csrf}", "Referer": f"http://127.0.0.1:{self.porta}{CAMINHO}",
            "Content-Type": "application/x-www-form-urlencoded"})
        return status == 302 and "sessionid" in cookies_da_resposta(cabecalhos)

    def run(self) -> None:
        while time.monotonic() < self.fim:
            inicio = time.monotonic()
            try:
                ok = self.entrar()
            except TimeoutError:
                self.timeouts += 1
                continue
            except (OSError, ValueError, http.client.HTTPException):
                self.erros += 1
                continue
            termino = time.monotonic()
            if termino > self.fim:
                break  # finished after the run's end: not counted
            if ok:
                self.duracoes.append(termino - inicio)
            else:
                self.falhas += 1


def medir(porta: int, contas: list[str], senha: str, *, clientes: int, segundos: float,
          timeout: float = 5.0) -> ResultadoLogin:
    """``clientes`` threads logging in for ``segundos``, client i with account i (modulo the
    accounts); the log-ins still running at the end are waited for, not counted."""
    fim = time.monotonic() + segundos
    threads = [_Cliente(porta, contas[i % len(contas)], senha, fim, timeout)
               for i in range(clientes)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return resumir([d for t in threads for d in t.duracoes], segundos,
                   sum(t.timeouts for t in threads), sum(t.erros for t in threads),
                   sum(t.falhas for t in threads))

"""The log-in load client of ``make bench-carga`` (demo/bench_login.py): its parsing and
figures, and one log-in against a stand-in server on loopback (GET the form, POST with its
CSRF cookie and token). The load itself is not run in the suite."""

from __future__ import annotations

import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs

import pytest

from demo import bench_login
from demo.bench_login import (
    ResultadoLogin,
    cookies_da_resposta,
    percentil,
    resumir,
    token_do_formulario,
)


def test_token_do_formulario():
    html = '<form><input type="hidden" name="csrfmiddlewaretoken" value="abc123XYZ"></form>'
    assert token_do_formulario(html) == "abc123XYZ"
    with pytest.raises(ValueError):
        token_do_formulario("<form></form>")


def test_cookies_da_resposta():
    cabecalhos = [("Content-Type", "text/html"),
                  ("Set-Cookie", "csrftoken=tok1; expires=Thu, 02 Dec 2027 10:00:00 GMT; "
                                 "Max-Age=31449600; Path=/; SameSite=Lax"),
                  ("Set-Cookie", "sessionid=s9; HttpOnly; Path=/")]
    assert cookies_da_resposta(cabecalhos) == {"csrftoken": "tok1", "sessionid": "s9"}


def test_percentil_por_posicao_mais_proxima():
    valores = [float(v) for v in range(1, 101)]
    assert (percentil(valores, 50), percentil(valores, 99)) == (50.0, 99.0)
    assert percentil([7.0], 99) == 7.0
    assert percentil([], 50) is None


def test_resumir():
    assert resumir([0.010, 0.020, 0.030, 0.040], 2.0, 1, 2, 3) == ResultadoLogin(
        requisicoes_s=2.0, p50_ms=20.0, p99_ms=40.0, requisicoes=4, timeouts=1,
        erros_socket=2, nao_2xx=3)


class _Servidor(BaseHTTPRequestHandler):
    """The log-in page's contract: a form with a token and a CSRF cookie; a POST with both
    and the right credentials answers 302 with a session cookie."""

    def log_message(self, *args):
        pass

    def do_GET(self):
        corpo = b'<input name="csrfmiddlewaretoken" value="tok-form">'
        self.send_response(200)
        self.send_header("Set-Cookie", "csrftoken=tok-cookie; Path=/")
        self.send_header("Content-Length", str(len(corpo)))
        self.end_headers()
        self.wfile.write(corpo)

    def do_POST(self):
        dados = parse_qs(self.rfile.read(int(self.headers["Content-Length"])).decode())
        ok = (self.headers.get("Cookie") == "csrftoken=tok-cookie"
              and dados == {"csrfmiddlewaretoken": ["tok-form"], "username": ["ana"],
                            "password": ["certa"]})
        self.send_response(302 if ok else 200)
        if ok:
            self.send_header("Set-Cookie", "sessionid=nova; HttpOnly; Path=/")
        self.send_header("Content-Length", "0")
        self.end_headers()


@pytest.fixture
def servidor():
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Servidor)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield httpd.server_address[1]
    httpd.shutdown()
    httpd.server_close()


def test_um_login_carrega_o_cookie_e_o_token_do_formulario(servidor):
    fim = time.monotonic() + 60
    assert bench_login._Cliente(servidor, "ana", "certa", fim, 5.0).entrar() is True
    assert bench_login._Cliente(servidor, "ana", "errada", fim, 5.0).entrar() is False

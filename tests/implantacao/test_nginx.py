"""deploy/ as a municipality installs it: Debian's nginx with deploy/nginx's configuration (a
certificate made for the test) in front of gunicorn (deploy/gunicorn.conf.py), Redis as the
cache and the broker, the demo's data. The demo answers over TLS, plain HTTP is sent to
HTTPS, a published page is served from nginx's cache, the sixth log-in attempt in a minute
gets 429, and `/saude/` turns 503 while Redis is stopped and 200 again when it returns.

Skipped without nginx (.ci/run installs Debian's); the deployment is its own (a SQLite file,
free loopback ports), so it runs once, in the SQLite stage."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest

from tests.implantacao import apoio

pytestmark = [
    pytest.mark.skipif(not Path(apoio.NGINX).exists(),
                       reason="nginx ausente (apt-get install nginx)"),
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server ausente"),
    pytest.mark.skipif(os.environ.get("DATABASE_URL", "").startswith("postgres"),
                       reason="a implantação de teste é a mesma em SQLite: roda uma vez"),
]


@pytest.fixture(scope="module")
def implantacao(tmp_path_factory):
    pasta = tmp_path_factory.mktemp("implantacao")
    apoio.preparar_banco(pasta)
    imp = apoio.subir(pasta)
    try:
        yield imp
    finally:
        imp.parar()


def test_a_demo_responde_por_tls_e_http_vai_para_https(implantacao):
    inicio = implantacao.pedir("/")
    assert inicio.status == 200
    assert "Strict-Transport-Security" in inicio.cabecalhos
    assert len(inicio.cabecalhos["X-Request-ID"]) == 32  # nginx's $request_id, as the app logs it
    # Static files come from nginx (collectstatic's hashed names), for a year.
    folha = re.search(rb'href="(/static/[^"]+\.css)"', inicio.corpo).group(1).decode()
    estatico = implantacao.pedir(folha)
    assert (estatico.status, estatico.cabecalhos["Cache-Control"]) == (
        200, "public, max-age=31536000, immutable")
    http = implantacao.pedir("/certames/", https=False)
    assert (http.status, http.cabecalhos["Location"]) == (
        301, "https://localhost/certames/")


def test_pagina_publicada_servida_do_cache_do_nginx(implantacao):
    caminho = f"/certames/{apoio.certame_publicado(implantacao.pasta)}/"
    primeira = implantacao.pedir(caminho)
    segunda = implantacao.pedir(caminho)
    assert (primeira.status, segunda.status) == (200, 200)
    assert primeira.cabecalhos["X-Cache-Status"] in ("MISS", "EXPIRED")
    assert segunda.cabecalhos["X-Cache-Status"] == "HIT"
    assert segunda.corpo == primeira.corpo
    # A signed-in visitor (a session cookie) always reaches the app.
    com_sessao = implantacao.pedir(caminho, cabecalhos={"Cookie": "sessionid=abc"})
    assert com_sessao.cabecalhos["X-Cache-Status"] == "BYPASS"


def test_sexta_tentativa_de_entrar_no_minuto_recebe_429(implantacao):
    dados = b"username=rh&password=errada"
    tipos = {"Content-Type": "application/x-www-form-urlencoded"}
    codigos = [implantacao.pedir("/contas/login/", metodo="POST", dados=dados,
                                 cabecalhos=tipos).status for _ in range(6)]
    # Five reach the app (refused there: no CSRF token), the sixth is stopped by nginx.
    assert codigos[:5] == [403] * 5
    assert codigos[5] == 429
    # Reading the page is not an attempt.
    assert implantacao.pedir("/contas/login/").status == 200


def test_saude_fica_503_sem_redis_e_volta_a_200(implantacao):
    def saude():
        r = implantacao.pedir("/saude/")
        return r.status, json.loads(r.corpo)

    status, corpo = saude()
    assert (status, corpo["estado"]) == (200, "ok")
    assert corpo["componentes"]["broker"]["ok"] is True
    implantacao.parar_redis()
    try:
        status, corpo = saude()
        assert (status, corpo["componentes"]["cache"]["ok"],
                corpo["componentes"]["broker"]["ok"], corpo["componentes"]["banco"]["ok"]) == (
            503, False, False, True)
    finally:
        implantacao.iniciar_redis()
    assert apoio.esperar(lambda: saude()[0] == 200, prazo=30)

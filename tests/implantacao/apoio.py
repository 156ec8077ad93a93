"""A throwaway deployment for the tests of deploy/: its own SQLite database with the demo,
gunicorn, Redis and Debian's nginx with deploy/nginx's rendered configuration, each on a free
loopback port, stopped at the end."""

from __future__ import annotations

import os
import shutil
import socket
import sqlite3
import ssl
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings

RAIZ = Path(settings.BASE_DIR)
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
#: How long a process may take to start answering (seconds; the demo's gunicorn boots Django).
PARTIDA = 60


def porta_livre() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def esperar(condicao, prazo: float = PARTIDA, passo: float = 0.1):
    """Poll `condicao` until it returns something true (a process starting), up to `prazo`."""
    fim = time.monotonic() + prazo
    while True:
        try:
            valor = condicao()
        except OSError:
            valor = None
        if valor:
            return valor
        if time.monotonic() > fim:
            raise TimeoutError(f"não respondeu em {prazo} s")
        time.sleep(passo)


def certificado(pasta: Path) -> tuple[Path, Path]:
    """A self-signed certificate for localhost, made for the test."""
    cert, chave = pasta / "cert.pem", pasta / "chave.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost",
                    "-keyout", str(chave), "-out", str(cert)],
                   check=True, capture_output=True)
    return cert, chave


@dataclass
class Resposta:
    status: int
    cabecalhos: dict
    corpo: bytes


@dataclass
class Implantacao:
    pasta: Path
    porta_https: int
    porta_http: int
    porta_app: int
    porta_redis: int
    cert: Path
    processos: dict = field(default_factory=dict)

    # --- requests through nginx -----------------------------------------------------------

    def pedir(self, caminho: str, *, metodo: str = "GET", dados: bytes | None = None,
              cabecalhos: dict | None = None, https: bool = True) -> Resposta:
        contexto = ssl.create_default_context(cafile=str(self.cert))
        base = (f"https://localhost:{self.porta_https}" if https
                else f"http://localhost:{self.porta_http}")
        pedido = urllib.request.Request(base + caminho, data=dados, method=metodo,
                                        headers=cabecalhos or {})
        abridor = urllib.request.build_opener(urllib.request.HTTPSHandler(context=contexto),
                                              _SemRedirecionar())
        try:
            with abridor.open(pedido, timeout=30) as r:
                return Resposta(r.status, dict(r.headers), r.read())
        except urllib.error.HTTPError as erro:
            return Resposta(erro.code, dict(erro.headers), erro.read())

    # --- Redis ----------------------------------------------------------------------------

    def iniciar_redis(self) -> None:
        self.processos["redis"] = subprocess.Popen(
            ["redis-server", "--port", str(self.porta_redis), "--bind", "127.0.0.1",
             "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        esperar(lambda: _conecta(self.porta_redis))

    def parar_redis(self) -> None:
        processo = self.processos.pop("redis")
        processo.terminate()
        processo.wait(timeout=30)

    def parar(self) -> None:
        for processo in reversed(list(self.processos.values())):
            processo.terminate()
        for processo in self.processos.values():
            try:
                processo.wait(timeout=30)
            except subprocess.TimeoutExpired:
                processo.kill()
        self.processos.clear()


class _SemRedirecionar(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def _conecta(porta: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", porta)) == 0


def _ambiente(pasta: Path, redis: int | None) -> dict:
    ambiente = {k: v for k, v in os.environ.items()
                if not k.startswith(("DJANGO_", "DATABASE", "CELERY_", "CACHE_", "TEST_"))}
    ambiente.update({
        "DEBUG": "false", "SECRET_KEY": "chave-do-teste-de-implantacao-" + "x" * 40,
        "DATABASE_URL": f"sqlite:///{pasta / 'banco.sqlite3'}",
        "ALLOWED_HOSTS": "localhost,127.0.0.1", "MEDIA_ROOT": str(pasta / "media"),
        "STATIC_ROOT": str(pasta / "static"),
        "SECURE_SSL_REDIRECT": "true", "SECURE_HSTS_SECONDS": "60",
        "NUM_PROXIES": "1", "PROXIES_CONFIAVEIS": "127.0.0.1",
        "EMAIL_URL": "consolemail://", "CACHE_PAUSA_APOS_FALHA": "0",
        "DJANGO_SETTINGS_MODULE": "config.settings",
    })
    if redis is not None:
        ambiente.update({"CACHE_URL": f"rediscache://127.0.0.1:{redis}/1",
                         "CELERY_BROKER_URL": f"redis://127.0.0.1:{redis}/0"})
    else:
        ambiente["CACHE_LOCAL_PERMITIDO"] = "true"
    return ambiente


def preparar_banco(pasta: Path) -> None:
    """Migrate and load the demo into the deployment's own SQLite database (tasks in the
    process: no broker yet)."""
    ambiente = _ambiente(pasta, None)
    # The manifest of hashed names, as production reads it (DEBUG off).
    for comando in (["migrate", "--noinput"], ["carregar_demo"],
                    ["collectstatic", "--noinput"]):
        subprocess.run([sys.executable, "manage.py", *comando], cwd=RAIZ,
                       env={**ambiente, "DEBUG": "true" if comando[0] == "carregar_demo"
                            else "false"}, check=True, capture_output=True)


def certame_publicado(pasta: Path) -> int:
    with sqlite3.connect(pasta / "banco.sqlite3") as banco:
        return banco.execute("SELECT id FROM certames_certame WHERE status != 'rascunho' "
                             "ORDER BY id LIMIT 1").fetchone()[0]


def subir(pasta: Path) -> Implantacao:
    """gunicorn (deploy/gunicorn.conf.py) and nginx (deploy/nginx/gerar) over the prepared
    database, with Redis as the cache and the broker."""
    cert, chave = certificado(pasta)
    imp = Implantacao(pasta, porta_livre(), porta_livre(), porta_livre(), porta_livre(), cert)
    imp.iniciar_redis()
    ambiente = _ambiente(pasta, imp.porta_redis)
    ambiente.update({"GUNICORN_BIND": f"127.0.0.1:{imp.porta_app}", "GUNICORN_WORKERS": "2"})
    imp.processos["gunicorn"] = subprocess.Popen(
        [str(Path(sys.executable).with_name("gunicorn")), "-c", "deploy/gunicorn.conf.py",
         "config.wsgi"], cwd=RAIZ, env=ambiente, stdout=subprocess.DEVNULL,
        stderr=open(pasta / "gunicorn.log", "wb"))
    esperar(lambda: _conecta(imp.porta_app))
    conf = subprocess.run(
        [str(RAIZ / "deploy/nginx/gerar")], check=True, capture_output=True, text=True,
        env={**os.environ, "DOMINIO": "localhost", "CERTIFICADO": str(cert), "CHAVE": str(chave),
             "UPSTREAM": f"127.0.0.1:{imp.porta_app}", "PORTA_HTTP": str(imp.porta_http),
             "PORTA_HTTPS": str(imp.porta_https), "STATIC_ROOT": str(pasta / "static"),
             "CACHE_DIR": str(pasta / "cache-nginx")}).stdout
    (pasta / "certames.conf").write_text(conf)
    usuario = "user root root;\n" if os.geteuid() == 0 else ""
    (pasta / "nginx.conf").write_text(
        f"{usuario}worker_processes 1;\nerror_log {pasta}/nginx-erro.log;\npid {pasta}/nginx.pid;\n"
        "events { worker_connections 256; }\n"
        f"http {{ include /etc/nginx/mime.types; access_log {pasta}/nginx-acesso.log;\n"
        f"  include {pasta}/certames.conf; }}\n")
    imp.processos["nginx"] = subprocess.Popen(
        [NGINX, "-p", str(pasta), "-c", str(pasta / "nginx.conf"), "-g", "daemon off;"],
        stdout=subprocess.DEVNULL, stderr=open(pasta / "nginx-saida.log", "wb"))
    esperar(lambda: _conecta(imp.porta_https))
    return imp

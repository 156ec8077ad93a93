"""On a real Redis: a private `redis-server` (its own free port, never the
machine's shared one) stopped with SIGSTOP (hung) and then killed (stopped), while a user
signs in, signed-in pages are read and RH changes a deadline a cached public page shows.
When the paused Redis comes back with its data, the page shows the database's deadline.

Marked `redis`: skipped without `redis-server`, required (a failure) with
REQUIRE_WORKER_TESTS=1 (.ci/run installs it). tests/test_falhas_redis.py covers the same
without a server (a closed port)."""

from __future__ import annotations

import datetime as dt
import os
import shutil
import signal
import socket
import subprocess
import time

import pytest
import redis
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.core.cache import caches
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone

from certames.models import Etapa
from tests.factories import CertameFactory, EtapaFactory, usuario
from tests.segundo_fator_apoio import passar_pelo_codigo

pytestmark = [pytest.mark.redis, pytest.mark.django_db]

SENHA = "senha-teste-123"


def _porta_livre() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def redis_privado(tmp_path):
    """A redis-server of this test only (no persistence), its process and port."""
    executavel = shutil.which("redis-server")
    if executavel is None:
        if os.environ.get("REQUIRE_WORKER_TESTS"):
            pytest.fail("REQUIRE_WORKER_TESTS=1, mas não há redis-server.")
        pytest.skip("precisa de redis-server")
    porta = _porta_livre()
    processo = subprocess.Popen(
        [executavel, "--port", str(porta), "--bind", "127.0.0.1", "--save", "",
         "--appendonly", "no", "--dir", str(tmp_path), "--daemonize", "no"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    cliente = redis.Redis(port=porta, socket_timeout=0.5, socket_connect_timeout=0.5)
    try:
        for _ in range(200):  # the server takes a few milliseconds to listen
            try:
                if cliente.ping():
                    break
            except redis.ConnectionError:
                time.sleep(0.01)
        else:
            pytest.fail("o redis-server do teste não respondeu")
        yield processo, porta, cliente
    finally:
        if processo.poll() is None:
            processo.send_signal(signal.SIGCONT)
            processo.kill()
        processo.wait(timeout=10)


def _cache(porta: int) -> dict:
    return {"default": {"BACKEND": "config.cache.RedisTolerante",
                        "LOCATION": f"redis://127.0.0.1:{porta}/0",
                        "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2}}}


def _entrar(nome: str) -> Client:
    cliente = Client()
    resposta = cliente.post(reverse("login"), {"username": nome, "password": SENHA})
    assert (nome, resposta.status_code, resposta["Location"]) == (nome, 302, "/rh/")
    # RH's second factor (dois_fatores/), then RH's page.
    passar_pelo_codigo(cliente, get_user_model().objects.get(username=nome))
    assert cliente.get("/rh/").status_code == 200
    return cliente


def _fim(ano, mes, dia):
    return timezone.make_aware(dt.datetime(ano, mes, dia, 18, 0))


def test_redis_pausado_e_parado(redis_privado, settings):
    processo, porta, direto = redis_privado
    settings.AXES_ENABLED = True
    for nome in ("rh_a", "rh_b", "rh_c"):
        usuario(nome, "RH", staff=True)
    ano = timezone.localdate().year + 1
    certame = CertameFactory()
    etapa = EtapaFactory(certame=certame, tipo=Etapa.Tipo.INSCRICOES,
                         inicio=_fim(ano - 1, 12, 1), fim=_fim(ano, 12, 29))
    url = reverse("certame_publico", args=[certame.pk])
    anonimo = Client()
    with override_settings(CACHES=_cache(porta)):
        cache = caches["default"]
        # Redis up: the session and the public page are in it.
        rh_a = _entrar("rh_a")
        antes = anonimo.get(url)
        assert f"29/12/{ano}" in antes.content.decode()
        assert anonimo.get(url)["ETag"] == antes["ETag"]
        chaves = {k.decode().split(":", 2)[-1][:4] for k in direto.keys("*")}
        assert {"djan", "cp:p"} <= chaves  # sessions (cached_db) and a public page

        # Hung: SIGSTOP. Log-in, the signed-in pages and the public page still answer.
        processo.send_signal(signal.SIGSTOP)
        rh_b = _entrar("rh_b")
        assert rh_a.get("/rh/").status_code == 200
        assert Session.objects.count() == 2
        assert cache.disponivel() is False  # in its pause: Redis not asked again
        etapa.fim = _fim(ano, 12, 27)
        etapa.save()
        assert f"27/12/{ano}" in anonimo.get(url).content.decode()

        # Back with its data (SIGCONT): the old page is still in Redis, never served again.
        processo.send_signal(signal.SIGCONT)
        cache.reativar()
        depois = anonimo.get(url)
        texto = depois.content.decode()
        assert (f"27/12/{ano}" in texto, f"29/12/{ano}" in texto) == (True, False)
        assert depois["ETag"] != antes["ETag"]
        assert cache.disponivel() is True  # it did talk to Redis
        assert len(direto.keys("*cp:p:*")) == 2  # the stale entry and the new one
        assert anonimo.get(url)["ETag"] == depois["ETag"]  # and the new one is a hit

        # Stopped (killed): the same.
        processo.kill()
        processo.wait(timeout=10)
        rh_c = _entrar("rh_c")
        for cliente in (rh_a, rh_b, rh_c):
            assert cliente.get("/rh/").status_code == 200
        assert anonimo.get(url).status_code == 200


def test_saude_com_o_redis_parado_e_de_volta(redis_privado, client):
    """/saude/ (operacao/saude.py) with the cache and the broker on a real Redis: 200 while
    it answers, 503 while it is stopped (SIGSTOP: it accepts nothing), 200 once it is back."""
    processo, porta, _direto = redis_privado
    url_redis = f"redis://127.0.0.1:{porta}/0"
    with override_settings(CACHES=_cache(porta), CELERY_BROKER_URL=url_redis):
        cache = caches["default"]

        def estado():
            resposta = client.get(reverse("saude"))
            componentes = resposta.json()["componentes"]
            return (resposta.status_code, componentes["cache"]["ok"],
                    componentes["broker"]["ok"])

        assert estado() == (200, True, True)
        processo.send_signal(signal.SIGSTOP)
        assert estado() == (503, False, False)
        processo.send_signal(signal.SIGCONT)
        cache.reativar()  # the pause after a failure (config/cache.py) ends at once
        assert estado() == (200, True, True)


def test_um_cliente_redis_por_pool_reusado_em_cada_operacao(redis_privado, monkeypatch):
    """Django's client built a `redis.Redis` per operation (a cached dashboard hit's 3.0 ms
    of CPU went to 1.8-2.0 ms without it): `config.cache.ClienteReusado` builds one per pool
    and keeps it, and that one client still answers after Redis was killed and started
    again on the same port."""
    processo, porta, _direto = redis_privado
    construidos = []
    original = redis.Redis.__init__

    def contar(self, *args, **kwargs):
        construidos.append(kwargs.get("connection_pool"))
        original(self, *args, **kwargs)

    monkeypatch.setattr(redis.Redis, "__init__", contar)
    with override_settings(CACHES=_cache(porta)):
        cache = caches["default"]
        for i in range(10):
            cache.set(f"k{i}", i)
            assert cache.get(f"k{i}") == i
        assert cache.get_many(["k1", "k2"]) == {"k1": 1, "k2": 2}
        assert len(construidos) == 1
        cliente = cache._cache.get_client(write=True)
        assert cache._cache.get_client() is cliente
        assert cliente.connection_pool is construidos[0]

        # Redis killed and started again on the same port: the kept client reconnects.
        processo.kill()
        processo.wait(timeout=10)
        assert cache.get("k1", "sem redis") == "sem redis"
        novo = subprocess.Popen(
            [shutil.which("redis-server"), "--port", str(porta), "--bind", "127.0.0.1",
             "--save", "", "--appendonly", "no", "--daemonize", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(200):
                cache.reativar()
                cache.set("depois", "de volta")
                if cache.get("depois") == "de volta":
                    break
                time.sleep(0.01)
            assert cache.get("depois") == "de volta"
            assert cache._cache.get_client() is cliente and len(construidos) == 1
        finally:
            novo.kill()
            novo.wait(timeout=10)

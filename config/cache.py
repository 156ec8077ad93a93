"""A Redis cache that fails soft (Redis is a cache, not a dependency).

Django's `RedisCache` raises redis' ConnectionError / TimeoutError into whatever asked the
cache: with Redis stopped the `cached_db` session backend re-raises it when it writes the
session it has just read from the database, so every signed-in page and the log-in answer
500. `RedisTolerante` is that backend with every operation guarded: while Redis cannot
answer, it behaves as Django's DummyCache (a cache that keeps nothing), which every user of
a cache must already cope with (an entry may be evicted at any moment):

- reads miss: `get` gives the default, `get_many` {}, `has_key` False;
- writes keep nothing: `set`/`set_many`/`delete`/`delete_many`/`clear`/`touch` do nothing
  (`touch` and `delete` say False), `add` says True (the key was not there, as in
  DummyCache), `incr`/`decr` raise ValueError (the key is not there).

Each failure is logged as a warning (with the operation and the error; one line, no
traceback). After a failure the backend does not ask Redis again for `PAUSA` seconds
(CACHE_PAUSA_APOS_FALHA, default 5): a hung Redis (SIGSTOP, a network partition) costs a
process one socket timeout per pause, not one per cache operation. The socket timeouts
themselves are bounded (`socket_connect_timeout` / `socket_timeout`, CACHE_TEMPO_LIMITE,
default 0.5 s, set in config/settings.py): redis-py's default is 5 s per socket operation,
which with its retry made a hung Redis cost about 10 s per request.

Only Redis' own errors (ConnectionError, TimeoutError and the rest of redis.RedisError) are
caught: a programming error (an unpicklable value, a bad key) still raises.

One client per connection pool (`ClienteReusado`): Django's client builds a new `redis.Redis`
for every operation, and redis-py 8 fills about 170 response callbacks into a new dictionary
each time. On a cached dashboard hit (the session's read and the page's, two cache
operations) that construction cost more than the two round trips: the hit went from 3.0 ms
of CPU to 1.8-2.0 ms in-process with the client kept (docs/escala.md, "The candidate's
pages"). A `redis.Redis` is safe to
share between threads (each command takes a connection from the pool), and Django builds a
cache backend per thread anyway.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from django.conf import settings
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache, RedisCacheClient

logger = logging.getLogger(__name__)

#: Default pause after a failure, in seconds (CACHE_PAUSA_APOS_FALHA overrides).
PAUSA = 5.0


def _erros_redis() -> tuple[type[BaseException], ...]:
    import redis

    return (redis.RedisError, OSError)


class CacheIndisponivel(Exception):
    """Raised inside the backend while Redis is in its pause after a failure."""


class ClienteReusado(RedisCacheClient):
    """Django's Redis client, with one `redis.Redis` per connection pool kept and reused
    (see the module's docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clientes: dict[int, Any] = {}

    def get_client(self, key=None, *, write=False):
        indice = self._get_connection_pool_index(write)
        cliente = self._clientes.get(indice)
        if cliente is None:
            if indice not in self._pools:
                self._pools[indice] = self._pool_class.from_url(
                    self._servers[indice], **self._pool_options)
            cliente = self._clientes[indice] = self._client(
                connection_pool=self._pools[indice])
        return cliente


class RedisTolerante(RedisCache):
    """`django.core.cache.backends.redis.RedisCache` that degrades to DummyCache behaviour
    (and logs) while Redis is down or hung."""

    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = ClienteReusado
        self._trava = threading.Lock()
        self._pausa_ate = 0.0
        self._erros = _erros_redis()

    # --- the guard ----------------------------------------------------------------------------

    def _pausa(self) -> float:
        return float(getattr(settings, "CACHE_PAUSA_APOS_FALHA", PAUSA))

    def disponivel(self) -> bool:
        """False while in the pause that follows a failure."""
        return time.monotonic() >= self._pausa_ate

    def _guardar(self, operacao: str, fazer, padrao):
        if not self.disponivel():
            return padrao
        try:
            return fazer()
        except self._erros as erro:
            with self._trava:
                self._pausa_ate = time.monotonic() + self._pausa()
            logger.warning("cache Redis indisponível (%s: %s: %s); seguindo sem cache por %.1f s",
                           operacao, type(erro).__name__, erro, self._pausa())
            return padrao

    def reativar(self) -> None:
        """End the pause now (tests; an operator after a restart need not wait)."""
        self._pausa_ate = 0.0

    # --- every operation, guarded --------------------------------------------------------------

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guardar("add", lambda: super(RedisTolerante, self).add(
            key, value, timeout, version), True)

    def get(self, key, default=None, version=None):
        return self._guardar("get", lambda: super(RedisTolerante, self).get(
            key, default, version), default)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guardar("set", lambda: super(RedisTolerante, self).set(
            key, value, timeout, version), None)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guardar("touch", lambda: super(RedisTolerante, self).touch(
            key, timeout, version), False)

    def delete(self, key, version=None):
        return self._guardar("delete", lambda: super(RedisTolerante, self).delete(
            key, version), False)

    def get_many(self, keys, version=None):
        return self._guardar("get_many", lambda: super(RedisTolerante, self).get_many(
            keys, version), {})

    def has_key(self, key, version=None):
        return self._guardar("has_key", lambda: super(RedisTolerante, self).has_key(
            key, version), False)

    def incr(self, key, delta=1, version=None):
        ausente = object()
        valor = self._guardar("incr", lambda: super(RedisTolerante, self).incr(
            key, delta, version), ausente)
        if valor is ausente:
            raise ValueError(f"Key '{key}' not found.")
        return valor

    def decr(self, key, delta=1, version=None):
        return self.incr(key, -delta, version)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guardar("set_many", lambda: super(RedisTolerante, self).set_many(
            data, timeout, version), [])

    def delete_many(self, keys, version=None):
        return self._guardar("delete_many", lambda: super(RedisTolerante, self).delete_many(
            keys, version), None)

    def clear(self):
        return self._guardar("clear", lambda: super(RedisTolerante, self).clear(), False)


def opcoes_redis(config: dict, tempo_limite: float) -> dict:
    """`config` (django-environ's parse of CACHE_URL) with Django's RedisCache replaced by
    `RedisTolerante` and bounded socket timeouts (kept when CACHE_URL sets its own)."""
    if config.get("BACKEND") != "django.core.cache.backends.redis.RedisCache":
        return config
    opcoes = {"socket_connect_timeout": tempo_limite, "socket_timeout": tempo_limite,
              **config.get("OPTIONS", {})}
    return {**config, "BACKEND": "config.cache.RedisTolerante", "OPTIONS": opcoes}

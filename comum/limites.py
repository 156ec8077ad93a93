"""Abuse limits: the client's address and fixed-window counters.

The client's address
    `endereco_cliente(request)` is the one address every limit uses: django-axes' lock-out
    (settings.AXES_CLIENT_IP_CALLABLE points here) and the counters below. Without
    configuration it is the connecting address (REMOTE_ADDR) and any X-Forwarded-For header is
    ignored, so a client cannot choose its own address by sending one. Behind reverse proxies,
    settings.NUM_PROXIES (how many proxies append to the header) and/or
    settings.PROXIES_CONFIAVEIS (their addresses or networks) say which entry of the header
    the nearest untrusted hop is: the one the proxies saw, not the one the client wrote.

Counters
    `verificar(request, nome, chave)` counts one use of the limit `nome` (a key of
    settings.LIMITES_ABUSO: (count, window in seconds)) for `chave` (the client's address, a
    typed e-mail, a CPF) in the current fixed window and says whether it is still allowed.
    Counters live in Django's default cache (`cache.add` then `cache.incr`, atomic on Redis
    and local memory), keyed by a hash of `chave`: no address or e-mail is stored in the
    cache. A cache that fails (Redis down) lets the request through with a logged warning:
    the limits are a brake on abuse, never a reason for the site to stop.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import ipaddress
import logging
import math
import time
from dataclasses import dataclass
from functools import lru_cache

from django.conf import settings
from django.core.cache import cache
from django.shortcuts import render
from django.utils import timezone

logger = logging.getLogger(__name__)

_PREFIXO = "limite:"
#: The clock of the windows (a test moves it).
_relogio = time.time


# --- the client's address ----------------------------------------------------------------------


@lru_cache(maxsize=16)
def _redes(valores: tuple[str, ...]) -> tuple:
    redes = []
    for valor in valores:
        valor = valor.strip()
        if valor:
            redes.append(ipaddress.ip_network(valor, strict=False))
    return tuple(redes)


def _endereco(valor: str):
    """An IP address from a header entry ("1.2.3.4", "1.2.3.4:5678", "[::1]:80"), or None."""
    valor = valor.strip().strip('"')
    if valor.startswith("["):
        valor = valor[1:].partition("]")[0]
    elif valor.count(":") == 1:
        valor = valor.partition(":")[0]
    try:
        return ipaddress.ip_address(valor)
    except ValueError:
        return None


def _confiavel(endereco, redes) -> bool:
    return endereco is not None and any(endereco in rede for rede in redes)


def endereco_cliente(request) -> str:
    """The client's address: REMOTE_ADDR unless trusted proxies are configured (see the
    module's docstring and docs/falhas.md, "Limites contra abuso")."""
    remoto = request.META.get("REMOTE_ADDR", "") or ""
    quantos = int(getattr(settings, "NUM_PROXIES", 0) or 0)
    redes = _redes(tuple(getattr(settings, "PROXIES_CONFIAVEIS", ()) or ()))
    if not quantos and not redes:
        return remoto
    if redes and not _confiavel(_endereco(remoto), redes):
        # Not through our proxy (someone reached the server directly): its header is a lie.
        return remoto
    entradas = [e for e in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
                if e.strip()]
    cadeia = [_endereco(e) for e in entradas] + [_endereco(remoto)]
    if quantos:
        # The nearest `quantos` hops are our proxies (REMOTE_ADDR being the last of them):
        # the entry before them is what the outermost proxy saw. A shorter chain (a request
        # that skipped a proxy) falls back on its first entry.
        candidato = cadeia[-(quantos + 1)] if len(cadeia) > quantos else cadeia[0]
    else:
        # Only the proxies' addresses: the nearest hop that is not one of them.
        candidato = next((e for e in reversed(cadeia) if not _confiavel(e, redes)), cadeia[0])
    return str(candidato) if candidato is not None else remoto


# --- fixed-window counters ---------------------------------------------------------------------


@dataclass(frozen=True)
class Resultado:
    permitido: bool
    #: Seconds until the window that refused ends (0 when allowed).
    espera: int = 0
    #: When that window ends (Unix time; 0 when allowed).
    fim: float = 0

    @property
    def ate(self) -> dt.datetime:
        """When to try again (aware)."""
        return dt.datetime.fromtimestamp(self.fim, tz=dt.UTC)


PERMITIDO = Resultado(True)


def ativos() -> bool:
    return bool(getattr(settings, "LIMITES_ABUSO_ATIVOS", True))


def _chave(nome: str, chave: str, janela: int, indice: int) -> str:
    resumo = hashlib.sha256(f"{nome}\x00{chave}".encode()).hexdigest()[:32]
    return f"{_PREFIXO}{nome}:{janela}:{indice}:{resumo}"


def contar(nome: str, chave: str) -> Resultado:
    """Count one use of the limit `nome` for `chave`; refused once the window's count passes
    the limit (every use counts, refused ones too). Fails open when the cache raises."""
    if not ativos() or not chave:
        return PERMITIDO
    maximo, janela = settings.LIMITES_ABUSO[nome]
    agora = _relogio()
    indice = int(agora // janela)
    k = _chave(nome, chave.strip().lower(), janela, indice)
    try:
        # The entry outlives its window a little (clock skew between processes); a new
        # window has a new key, so nothing needs to be reset.
        cache.add(k, 0, timeout=janela + 60)
        try:
            usados = cache.incr(k)
        except ValueError:  # evicted or expired between add and incr
            cache.add(k, 1, timeout=janela + 60)
            usados = 1
    except Exception:  # redis.ConnectionError, TimeoutError, whatever a backend raises
        logger.warning("limite %s não verificado: o cache falhou (requisição permitida)", nome,
                       exc_info=True)
        return PERMITIDO
    if not isinstance(usados, int):
        # A cache layer that swallows its own failures may answer None: no count, no limit.
        logger.warning("limite %s não verificado: o cache falhou (requisição permitida)", nome)
        return PERMITIDO
    if usados <= maximo:
        return PERMITIDO
    fim = (indice + 1) * janela
    logger.warning("limite %s excedido (%s usos na janela de %s s)", nome, usados, janela)
    return Resultado(False, max(1, math.ceil(fim - agora)), fim)


def verificar(pares: list[tuple[str, str]]) -> Resultado:
    """Count every (limit, key) pair; refused if any is, waiting for the longest."""
    recusas = [r for r in (contar(nome, chave) for nome, chave in pares) if not r.permitido]
    if not recusas:
        return PERMITIDO
    return max(recusas, key=lambda r: r.fim)


def resposta_limite(request, resultado: Resultado):
    """The Portuguese 429 page, saying when to try again (and Retry-After)."""
    ate = timezone.localtime(resultado.ate)
    agora = timezone.localtime(dt.datetime.fromtimestamp(_relogio(), tz=dt.UTC))
    mesmo_dia = ate.date() == agora.date()
    resposta = render(request, "429.html", {"ate": ate, "mesmo_dia": mesmo_dia}, status=429)
    resposta["Retry-After"] = str(resultado.espera)
    resposta["Cache-Control"] = "private, no-store"
    return resposta

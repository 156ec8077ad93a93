"""The health of a deployment, component by component: the database, the cache, the broker and
the age of the oldest waiting recompute. One function answers (`verificar`), read by `/saude/`
(operacao/views.py) and by the operator's monitoring; a component that does not answer makes
the whole state "falha" (HTTP 503), so a load balancer or a probe takes the instance out."""

from __future__ import annotations

import datetime as dt
import uuid
from dataclasses import dataclass, field

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.db.models import F, Min
from django.utils import timezone

from certames.models import Cargo

#: How long the broker's check waits before it calls the broker down (seconds).
TEMPO_BROKER = 2.0


@dataclass
class Componente:
    nome: str
    ok: bool
    detalhe: str = ""

    def como_dict(self) -> dict:
        return {"ok": self.ok, "detalhe": self.detalhe}


@dataclass
class Saude:
    componentes: list[Componente]
    #: Seconds the oldest requested recompute has waited (None: nothing waits).
    recalculo_mais_antigo_s: int | None
    extras: dict = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.componentes)

    def como_dict(self) -> dict:
        return {"estado": "ok" if self.ok else "falha",
                "componentes": {c.nome: c.como_dict() for c in self.componentes},
                "recalculo_mais_antigo_segundos": self.recalculo_mais_antigo_s}


def _banco() -> Componente:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # noqa: BLE001 - any failure is the component's state
        return Componente("banco", False, type(exc).__name__)
    return Componente("banco", True, connection.vendor)


def _cache() -> Componente:
    """A write and a read of a key of its own. The project's cache fails soft
    (config/cache.py: a Redis outage reads as a miss), so a value that does not come back is
    the cache down."""
    chave, valor = "saude:sonda", uuid.uuid4().hex
    try:
        cache.set(chave, valor, 30)
        lido = cache.get(chave)
    except Exception as exc:  # noqa: BLE001
        return Componente("cache", False, type(exc).__name__)
    if lido != valor:
        return Componente("cache", False, "sem resposta")
    return Componente("cache", True, settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1])


def _broker() -> Componente:
    url = settings.CELERY_BROKER_URL
    if not url:
        return Componente("broker", True, "sem broker: tarefas executadas no processo")
    # Imported here, not at module load: kombu is Celery's, loaded only where a broker is set.
    from kombu import Connection

    try:
        # A hung Redis (it accepts the connection and never answers) must not hang the check:
        # every read has the same limit as the connection.
        with Connection(url, connect_timeout=TEMPO_BROKER, transport_options={
                "socket_timeout": TEMPO_BROKER,
                "socket_connect_timeout": TEMPO_BROKER}) as conexao:
            conexao.ensure_connection(max_retries=1, timeout=TEMPO_BROKER)
    except Exception as exc:  # noqa: BLE001
        return Componente("broker", False, type(exc).__name__)
    return Componente("broker", True, url.split("://", 1)[0])


def recalculo_mais_antigo(agora: dt.datetime | None = None) -> int | None:
    """Seconds since the oldest recompute still waiting was queued (a cargo whose requested
    generation is ahead of the computed one), or None when none waits."""
    agora = agora or timezone.now()
    desde = (Cargo.objects.filter(geracao_classificacao__gt=F("geracao_calculada"),
                                  recalculo_enfileirado_em__isnull=False)
             .aggregate(m=Min("recalculo_enfileirado_em"))["m"])
    return None if desde is None else max(0, int((agora - desde).total_seconds()))


def verificar(agora: dt.datetime | None = None) -> Saude:
    banco = _banco()
    return Saude([banco, _cache(), _broker()],
                 recalculo_mais_antigo(agora) if banco.ok else None)

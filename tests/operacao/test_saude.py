"""`/saude/` (operacao/saude.py): every component's state, 503 when one is down, and the age
of the oldest waiting recompute."""

from __future__ import annotations

import datetime as dt

import pytest
from django.conf import settings
from django.core.cache import caches
from django.test import override_settings
from django.urls import reverse
from django.utils import timezone

from certames.models import Cargo
from operacao import saude
from tests.factories import CargoFactory

pytestmark = pytest.mark.django_db

#: A port nobody listens on (loopback): Redis "stopped".
REDIS_PARADO = "redis://127.0.0.1:9/0"


def test_tudo_no_ar_responde_200_com_cada_componente(client):
    resposta = client.get(reverse("saude"))
    corpo = resposta.json()
    assert resposta.status_code == 200
    assert corpo["estado"] == "ok"
    assert {nome: c["ok"] for nome, c in corpo["componentes"].items()} == {
        "banco": True, "cache": True, "broker": True}
    # SQLite runs Celery in-process; the PostgreSQL run of `.ci/run` has a real Redis broker.
    esperado = (settings.CELERY_BROKER_URL.split("://", 1)[0] if settings.CELERY_BROKER_URL
                else "sem broker: tarefas executadas no processo")
    assert corpo["componentes"]["broker"]["detalhe"] == esperado
    assert corpo["recalculo_mais_antigo_segundos"] is None
    assert "no-cache" in resposta["Cache-Control"]


@override_settings(CELERY_BROKER_URL="")
def test_sem_broker_diz_que_as_tarefas_rodam_no_processo(client):
    broker = client.get(reverse("saude")).json()["componentes"]["broker"]
    assert broker == {"ok": True, "detalhe": "sem broker: tarefas executadas no processo"}


@override_settings(CELERY_BROKER_URL=REDIS_PARADO)
def test_broker_parado_responde_503(client):
    resposta = client.get(reverse("saude"))
    assert resposta.status_code == 503
    corpo = resposta.json()
    assert (corpo["estado"], corpo["componentes"]["broker"]["ok"],
            corpo["componentes"]["banco"]["ok"]) == ("falha", False, True)


def test_cache_parado_responde_503(client):
    """The project's Redis cache fails soft (config/cache.py): a write that does not come
    back is the cache down."""
    redis = {"default": {"BACKEND": "config.cache.RedisTolerante", "LOCATION": REDIS_PARADO,
                         "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2}}}
    with override_settings(CACHES=redis):
        caches["default"].close()
        del caches["default"]
        try:
            resposta = client.get(reverse("saude"))
        finally:
            del caches["default"]
    assert resposta.status_code == 503
    assert resposta.json()["componentes"]["cache"] == {"ok": False, "detalhe": "sem resposta"}


def test_idade_do_recalculo_mais_antigo_na_fila():
    agora = timezone.now()
    esperando = CargoFactory()
    outro = CargoFactory()
    calculado = CargoFactory()
    Cargo.objects.filter(pk=esperando.pk).update(
        geracao_classificacao=3, geracao_calculada=2,
        recalculo_enfileirado_em=agora - dt.timedelta(seconds=95))
    Cargo.objects.filter(pk=outro.pk).update(
        geracao_classificacao=1, geracao_calculada=0,
        recalculo_enfileirado_em=agora - dt.timedelta(seconds=20))
    # Computed: its old queueing time no longer counts.
    Cargo.objects.filter(pk=calculado.pk).update(
        geracao_classificacao=4, geracao_calculada=4,
        recalculo_enfileirado_em=agora - dt.timedelta(hours=2))
    assert saude.recalculo_mais_antigo(agora) == 95
    assert saude.verificar(agora).como_dict()["recalculo_mais_antigo_segundos"] == 95

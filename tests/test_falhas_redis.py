"""Redis is a cache, not a dependency (docs/falhas.md "Redis").

On SQLite, without a Redis: the cache points at a closed port (redis://127.0.0.1:1/0) with
tiny timeouts, which is what a stopped Redis looks like to the application. Log-in, the
signed-in pages and the public pages answer; the session is in the database and outlives the
outage; a renewal made during the outage is not lost when the cache comes back with its old
entries; a broker that refuses a task neither fails the request nor drops the task.
The same with a real redis-server stopped and paused: tests/test_falhas_redis_real.py.
"""

from __future__ import annotations

import datetime as dt
import logging

import pytest
import redis
from django.contrib.sessions.models import Session
from django.core.cache import caches
from django.db import transaction
from django.test import override_settings
from django.urls import reverse
from django.utils import timezone

from certames.models import Etapa
from comum import cache_publico, filas
from comum.models import Invalidacao, TarefaPendente
from config.cache import RedisTolerante, opcoes_redis
from tests.factories import CertameFactory, EtapaFactory, InscricaoFactory, usuario
from tests.segundo_fator_apoio import passar_pelo_codigo

pytestmark = pytest.mark.django_db

#: A Redis that is not there (nothing listens on port 1), as config/settings.py would build it.
FORA = {"default": {"BACKEND": "config.cache.RedisTolerante",
                    "LOCATION": "redis://127.0.0.1:1/0",
                    "OPTIONS": {"socket_connect_timeout": 0.05, "socket_timeout": 0.05}}}
#: The tests' local memory (config/settings_test.py): the cache "coming back" with its data.
LOCAL = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                     "LOCATION": "certames-teste"}}
SENHA = "senha-teste-123"


def _redis_fora():
    return override_settings(CACHES=FORA)


# --- the backend -----------------------------------------------------------------------------


def test_cache_url_redis_ganha_o_backend_tolerante_com_tempos_limitados():
    import environ

    config = opcoes_redis(environ.Env.cache_url_config("rediscache://127.0.0.1:6379/1"), 0.5)
    assert config == {"BACKEND": "config.cache.RedisTolerante",
                      "LOCATION": "redis://127.0.0.1:6379/1",
                      "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5}}
    # Timeouts given in CACHE_URL win; other backends are left alone.
    proprio = opcoes_redis(environ.Env.cache_url_config(
        "rediscache://127.0.0.1:6379/1?socket_timeout=2"), 0.5)
    assert proprio["OPTIONS"] == {"socket_connect_timeout": 0.5, "socket_timeout": 2}
    local = environ.Env.cache_url_config("locmemcache://")
    assert opcoes_redis(local, 0.5) == local


def test_redis_django_sem_servidor_levanta_o_erro():
    """Why the backend exists: Django's RedisCache raises into whoever asked."""
    with override_settings(CACHES={"default": {
            **FORA["default"], "BACKEND": "django.core.cache.backends.redis.RedisCache"}}):
        with pytest.raises(redis.ConnectionError):
            caches["default"].set("k", 1)


def test_sem_servidor_responde_como_cache_vazio_e_avisa_uma_vez_por_pausa(caplog):
    with _redis_fora():
        cache = caches["default"]
        assert isinstance(cache, RedisTolerante)
        with caplog.at_level(logging.WARNING, logger="config.cache"):
            respostas = {
                "get": cache.get("k", "padrao"),
                "set": cache.set("k", 1),
                "add": cache.add("k", 1),
                "get_many": cache.get_many(["a", "b"]),
                "set_many": cache.set_many({"a": 1}),
                "has_key": cache.has_key("k"),
                "delete": cache.delete("k"),
                "delete_many": cache.delete_many(["a"]),
                "touch": cache.touch("k"),
                "clear": cache.clear(),
            }
            with pytest.raises(ValueError):
                cache.incr("k")
        assert respostas == {"get": "padrao", "set": None, "add": True, "get_many": {},
                             "set_many": [], "has_key": False, "delete": False,
                             "delete_many": None, "touch": False, "clear": False}
        # One warning: after the first failure the backend does not ask Redis during its pause.
        avisos = [r for r in caplog.records if r.name == "config.cache"]
        assert [(r.levelname, r.getMessage().split(" (")[0]) for r in avisos] == [
            ("WARNING", "cache Redis indisponível")]
        assert "get: ConnectionError" in avisos[0].getMessage()
        assert cache.disponivel() is False
        cache.reativar()
        assert cache.disponivel() is True
        assert cache.get("k") is None
        assert cache.disponivel() is False


def test_erro_de_programacao_nao_e_engolido():
    with _redis_fora():
        with pytest.raises(AttributeError, match="pickle"):
            caches["default"].set("k", lambda: None)  # not picklable: raised before Redis


# --- sessions and log-in ---------------------------------------------------------------------


def test_login_com_redis_fora_funciona_e_a_sessao_fica_no_banco(client, settings):
    settings.AXES_ENABLED = True
    rh = usuario("rh_fora", "RH", staff=True)
    with _redis_fora():
        resposta = client.post(reverse("login"), {"username": "rh_fora", "password": SENHA})
        assert (resposta.status_code, resposta["Location"]) == (302, "/rh/")
        assert passar_pelo_codigo(client, rh).status_code == 302  # RH's second factor
        chave = client.cookies["sessionid"].value
        sessao = Session.objects.get(session_key=chave)
        assert sessao.get_decoded()["_auth_user_id"] == str(rh.pk)
        assert client.get("/rh/").status_code == 200
    # Redis comes back (empty or not): the same cookie is still signed in.
    assert client.get("/rh/").status_code == 200
    assert client.cookies["sessionid"].value == chave


@pytest.mark.parametrize(("grupo", "url"), [
    ("RH", "/rh/"), ("Candidato", "/candidato/"), ("Comissao", "/comissao/")])
def test_paginas_de_quem_entrou_respondem_com_redis_fora(client, grupo, url):
    if grupo == "Comissao":
        from comissoes.models import Comissao
        from tests.comissoes.fabricas import membro

        comissao = Comissao.objects.create(certame=CertameFactory(),
                                           tipo=Comissao.Tipo.choices[0][0], nome="Comissão")
        user = membro(comissao).usuario
    else:
        user = usuario(f"u_{grupo.lower()}", grupo, staff=grupo == "RH")
    if grupo == "Candidato":
        insc = InscricaoFactory()
        insc.candidato.usuario = user
        insc.candidato.save()
    client.force_login(user)
    esperado = client.get(url).status_code
    with _redis_fora():
        assert (url, client.get(url).status_code) == (url, esperado)
    assert esperado == 200


def test_pagina_da_inscricao_com_redis_fora(client):
    """The candidate's status page (its own cache, candidatos/cache_situacao.py)."""
    user = usuario("cand_fora", "Candidato")
    insc = InscricaoFactory()
    insc.candidato.usuario = user
    insc.candidato.save()
    client.force_login(user)
    url = reverse("portal:inscricao", args=[insc.pk])
    with _redis_fora():
        assert client.get(url).status_code == 200
        assert client.get(url).status_code == 200


def test_pagina_publica_com_redis_fora(client):
    certame = CertameFactory()
    url = reverse("certame_publico", args=[certame.pk])
    with _redis_fora():
        primeira, segunda = client.get(url), client.get(url)
    assert (primeira.status_code, segunda.status_code) == (200, 200)
    assert segunda.content == primeira.content


# --- a renewal during the outage is not lost -------------------------------------------------


def _fim(ano, mes, dia):
    return timezone.make_aware(dt.datetime(ano, mes, dia, 18, 0))


def test_prazo_alterado_durante_a_queda_aparece_quando_o_cache_volta(client):
    """The reported case: the page is cached with 29/12; Redis goes away; RH moves the end of
    the inscrições to 27/12; Redis comes back with its old entries: the page says 27/12."""
    ano = timezone.localdate().year + 1
    certame = CertameFactory()
    etapa = EtapaFactory(certame=certame, tipo=Etapa.Tipo.INSCRICOES,
                         inicio=_fim(ano - 1, 12, 1), fim=_fim(ano, 12, 29))
    url = reverse("certame_publico", args=[certame.pk])
    antes = client.get(url)
    assert f"29/12/{ano}" in antes.content.decode()
    assert client.get(url)["ETag"] == antes["ETag"]  # stored
    with _redis_fora():
        etapa.fim = _fim(ano, 12, 27)
        etapa.save()
    # The cache is back with the page it held (local memory kept it).
    depois = client.get(url)
    texto = depois.content.decode()
    assert (f"27/12/{ano}" in texto, f"29/12/{ano}" in texto) == (True, False)
    assert depois["ETag"] != antes["ETag"]


def test_status_da_inscricao_alterado_durante_a_queda(client):
    user = usuario("cand_volta", "Candidato")
    insc = InscricaoFactory(numero="A-001")
    insc.candidato.usuario = user
    insc.candidato.save()
    client.force_login(user)
    url = reverse("portal:inscricao", args=[insc.pk])
    client.get(url)
    assert client.get(url).context is None  # served from the cache
    with _redis_fora():
        insc.numero = "B-002"
        insc.save()
    resposta = client.get(url)
    assert (resposta.context is None, b"B-002" in resposta.content) == (False, True)


def test_renovacoes_na_mesma_transacao_sem_leitura_no_meio_gravam_uma_linha():
    certame = CertameFactory()
    escopo = cache_publico.escopo_certame(certame.pk)
    with transaction.atomic():
        inicio = Invalidacao.objects.filter(escopo=escopo).count()
        for _ in range(5):
            cache_publico.renovar(escopo)
        assert Invalidacao.objects.filter(escopo=escopo).count() == inicio + 1
        # This transaction read the generation (it renders a page): the next write renews.
        antes = cache_publico.geracoes([escopo])
        cache_publico.renovar(escopo)
        assert Invalidacao.objects.filter(escopo=escopo).count() == inicio + 2
        assert cache_publico.geracoes([escopo]) != antes


def test_compactacao_mantem_as_geracoes_e_as_paginas(client):
    certame = CertameFactory()
    escopos = [cache_publico.TODOS, cache_publico.INICIO,
               cache_publico.escopo_certame(certame.pk)]
    for i in range(4):
        EtapaFactory(certame=certame, descricao=f"etapa {i}")
        cache_publico.geracoes(escopos)  # read between writes: each write has its own row
    url = reverse("certame_publico", args=[certame.pk])
    client.get(url)
    antes = cache_publico.geracoes(escopos)
    linhas = Invalidacao.objects.count()
    removidas = cache_publico.compactar_invalidacoes()
    assert removidas > 0
    assert Invalidacao.objects.count() == linhas - removidas
    assert Invalidacao.objects.values("escopo").distinct().count() == Invalidacao.objects.count()
    assert cache_publico.geracoes(escopos) == antes
    assert client.get(url).context is None  # still the stored page
    assert cache_publico.compactar_invalidacoes() == 0


# --- the broker --------------------------------------------------------------------------------


# `broker_fora`: tests/conftest.py (the sign-up's tests use it too).


class _Registros(logging.Handler):
    def __init__(self):
        super().__init__(logging.WARNING)
        self.mensagens: list[str] = []

    def emit(self, record):
        self.mensagens.append(record.getMessage())


def test_broker_fora_guarda_a_tarefa_e_o_reenvio_a_entrega(broker_fora):
    estado, enviadas = broker_fora
    registros = _Registros()
    filas.logger.addHandler(registros)
    try:
        assert filas.enfileirar("nucleo.avisar_publicacao", 42) is False
    finally:
        filas.logger.removeHandler(registros)
    (pendente,) = TarefaPendente.objects.all()
    assert (pendente.nome, pendente.args, pendente.kwargs, pendente.tentativas) == (
        "nucleo.avisar_publicacao", [42], {}, 1)
    assert pendente.erro.startswith("OperationalError: Error 111")
    assert [m.split(" (")[0] for m in registros.mensagens] == [
        "tarefa nucleo.avisar_publicacao não enfileirada"]
    # The sweep while the broker is still down: kept, the attempt counted.
    assert filas.reenfileirar_pendentes() == 0
    assert TarefaPendente.objects.get().tentativas == 2
    estado["fora"] = False
    assert filas.reenfileirar_pendentes() == 1
    assert enviadas == [("nucleo.avisar_publicacao", [42], {})]
    assert TarefaPendente.objects.count() == 0


def test_ato_com_broker_fora_nao_falha_depois_do_commit(broker_fora, client,
                                                       django_capture_on_commit_callbacks):
    """A sign-up's e-mail queued on commit: the page answers, the e-mail is kept."""
    from candidatos.contas.cadastro import _enviar

    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        _enviar("confirmacao", 7, "http://testserver")
    assert len(callbacks) == 1
    assert list(TarefaPendente.objects.values_list("nome", "args")) == [
        ("candidatos.enviar_email_cadastro", ["confirmacao", 7, "http://testserver"])]


def test_tarefas_periodicas_agendadas(settings):
    tarefas = {v["task"] for v in settings.CELERY_BEAT_SCHEDULE.values()}
    assert {"certames.reenfileirar_tarefas_pendentes", "certames.compactar_invalidacoes",
            "certames.reenfileirar_recalculos_atrasados"} <= tarefas

import pytest
from celery.app.task import Task
from kombu.exceptions import OperationalError

from config.celery import app
from tests import segundo_fator_apoio
from tests.banco import papel_da_aplicacao
from tests.factories import CandidatoFactory, usuario

# `client.force_login(rh_user)` gives an RH or committee account a verified second factor, as
# its log-in with a code would (tests/segundo_fator_apoio.py); `force_login(user,
# segundo_fator=False)` keeps the plain session the tests of the requirement itself need.
segundo_fator_apoio.instalar()


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """With TEST_DATABASE_APP_ROLE on PostgreSQL the tests run as the application role
    (tests/banco.py); the database is still created and migrated by DATABASE_URL's login."""
    with papel_da_aplicacao(django_db_blocker):
        yield


@pytest.fixture
def rh(db):
    return usuario("rh_teste", "RH", staff=True)


@pytest.fixture
def membro_comissao(db):
    return usuario("membro_teste", "Comissao")


@pytest.fixture
def candidato_user(db):
    user = usuario("candidato_teste", "Candidato")
    CandidatoFactory(usuario=user, nome="Maria da Silva")
    return user


@pytest.fixture
def estranho(db):
    return usuario("estranho_teste")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item, nextitem):
    """What a test changes in the worker process is put back before the next one, checked
    after every fixture's finalizer: the Celery mode (a test that left tasks queued instead of
    run broke every later test of its xdist worker) and the active time zone
    (`certames.calendario.ativar_fuso` outside a request)."""
    from django.conf import settings
    from django.utils import timezone

    yield
    timezone.deactivate()
    if app.conf.task_always_eager != settings.CELERY_TASK_ALWAYS_EAGER:
        app.conf.task_always_eager = settings.CELERY_TASK_ALWAYS_EAGER
        pytest.fail(f"{item.nodeid} deixou o modo do Celery alterado", pytrace=False)


@pytest.fixture(autouse=True)
def _cache_vazio():
    """Each test starts with an empty cache (public pages: comum/cache_publico.py)."""
    from django.core.cache import cache

    from comum.cache_publico import esvaziar_memoria_local

    cache.clear()
    esvaziar_memoria_local()
    yield
    cache.clear()
    esvaziar_memoria_local()


@pytest.fixture
def broker_fora(monkeypatch, settings):
    """A broker (not eager) that refuses every message, as kombu does with Redis down."""
    antes = app.conf.task_always_eager
    app.conf.task_always_eager = False
    enviadas = []
    estado = {"fora": True}

    def apply_async(self, args=None, kwargs=None, **opcoes):
        if estado["fora"]:
            raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")
        enviadas.append((self.name, list(args or ()), dict(kwargs or {})))

    monkeypatch.setattr(Task, "apply_async", apply_async)
    try:
        yield estado, enviadas
    finally:
        app.conf.task_always_eager = antes

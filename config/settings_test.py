"""Test settings: the real settings with fast, deterministic overrides.

DATABASE_URL and CELERY_BROKER_URL still come from the environment, so the same suite runs
on SQLite with eager tasks (``make test``) and on PostgreSQL + Redis with a worker (``.ci/run``).
"""

import os
import tempfile
from pathlib import Path

os.environ.setdefault("DEBUG", "false")
os.environ.setdefault("SECRET_KEY", "test-only-secret-key")

from .settings import *  # noqa: E402,F403
from .settings import STORAGES  # noqa: E402

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# client.login() does not pass a request to axes; tests use force_login, and the axes
# lockout itself is tested with AXES_ENABLED switched on in that test.
AXES_ENABLED = False
STORAGES = {
    **STORAGES,
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# A real worker (tests marked `worker`) is started with this folder in its environment.
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT") or tempfile.mkdtemp(prefix="certames-test-media-"))
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
SESSION_COOKIE_SECURE = False
CSRF_COOKIE_SECURE = False
SECURE_SSL_REDIRECT = False
# The test client and the test servers speak plain HTTP: accepted explicitly, and its warning
# silenced (tests/test_seguranca_https.py calls the check itself).
PERMITIR_HTTP = True
SILENCED_SYSTEM_CHECKS = ["certames.W002"]

# Tasks run in-process in tests; the `worker` tests switch this off and start a real worker
# that consumes queues of its own, so parallel test processes never take each other's tasks.
CELERY_TASK_ALWAYS_EAGER = True
_SUFIXO_FILA = f"-teste-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}"
CELERY_TASK_DEFAULT_QUEUE = f"certames{_SUFIXO_FILA}"
# Every routed queue too (recalculo, email, documentos) carries the test process's suffix.
CELERY_TASK_ROUTES = {nome: {"queue": f"{rota['queue']}{_SUFIXO_FILA}"}
                      for nome, rota in CELERY_TASK_ROUTES.items()}  # noqa: F405
FILAS_CELERY = [CELERY_TASK_DEFAULT_QUEUE,
                *(f"{fila}{_SUFIXO_FILA}" for fila in TAREFAS_POR_FILA)]  # noqa: F405
# Local memory, one per test process, emptied before each test (tests/conftest.py).
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                      "LOCATION": "certames-teste"}}
CACHE_LOCAL_PERMITIDO = True
# The process's own memory in front of the cache is off (tests/certames/test_cache_publico.py
# switches it on where it is tested).
CACHE_PUBLICO_MEMORIA = 0
# Abuse limits off (tests/certames/test_limites.py and the tests of each limited page switch
# them on where they are tested).
LIMITES_ABUSO_ATIVOS = False
# The outbox's retries wait nothing in tests (comum/emails.py `espera`).
AVISOS_ESPERA_SEGUNDOS = 0

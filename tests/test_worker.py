"""The real-worker path: a queued task is consumed by a `celery worker` process.

Runs when CELERY_BROKER_URL is set and the database is one a second process can reach
(PostgreSQL in .ci/run); with REQUIRE_WORKER_TESTS=1 a missing broker fails instead of skipping.
"""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from celery.result import allow_join_result
from django.conf import settings
from django.core.files.base import ContentFile
from django.db import connection

from candidatos.models import Importacao, Inscricao
from candidatos.tasks import importar_inscricoes_task
from config.celery import app
from tests import instantaneo_apoio
from tests.factories import CargoFactory, CertameFactory

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

RAIZ = Path(__file__).resolve().parent.parent


def _url_banco() -> str:
    s = connection.settings_dict
    # Under TEST_DATABASE_APP_ROLE the worker logs in as the application role (tests/banco.py).
    usuario = os.environ.get("TEST_DATABASE_APP_ROLE") or s["USER"]
    return f"postgres://{usuario}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"


@pytest.fixture
def worker_real():
    if not settings.CELERY_BROKER_URL or connection.vendor != "postgresql":
        if os.environ.get("REQUIRE_WORKER_TESTS"):
            pytest.fail("REQUIRE_WORKER_TESTS=1, mas não há CELERY_BROKER_URL e PostgreSQL.")
        pytest.skip("precisa de CELERY_BROKER_URL e PostgreSQL")
    fila = settings.CELERY_TASK_DEFAULT_QUEUE
    nome = f"{fila}@teste"
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings_test",
           "DATABASE_URL": _url_banco(), "MEDIA_ROOT": str(settings.MEDIA_ROOT)}
    processo = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "-P", "solo",
         "-Q", ",".join(settings.FILAS_CELERY),
         "-n", nome, "--without-heartbeat", "--without-gossip", "--without-mingle",
         "-l", "warning"],
        cwd=RAIZ, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    app.conf.task_always_eager = False
    try:
        for _ in range(60):  # ping waits up to 1 s per try: the worker is up within seconds
            if app.control.ping(destination=[nome], timeout=1.0):
                break
            if processo.poll() is not None:
                pytest.fail("o worker terminou ao iniciar:\n" + processo.stdout.read())
        else:
            pytest.fail("o worker não respondeu em 60 s")
        yield nome
    finally:
        app.conf.task_always_eager = True
        processo.terminate()
        try:
            processo.wait(timeout=20)
        except subprocess.TimeoutExpired:
            processo.kill()


def test_importacao_enfileirada_e_concluida_por_um_worker_real(worker_real):
    certame = CertameFactory(regime="pirangi-lei3056-2025")
    CargoFactory(certame=certame, codigo="ENF", vagas=17)
    csv = ("inscricao;cpf;nome;cargo;cor_raca;listas;nota\n"
           "000001;529.982.247-25;Maria;ENF;parda;PP;87,5\n"
           "000002;111.444.777-35;João;ENF;branca;;80\n").encode()
    imp = Importacao.objects.create(certame=certame, nome_arquivo="notas.csv",
                                    arquivo=ContentFile(csv, name="notas.csv"))
    resultado = importar_inscricoes_task.delay(imp.pk)
    # Eager tasks run by the browser tests' server threads in this process can leave Celery's
    # process-global "inside a task" flag set; this test is not inside a task.
    with allow_join_result():
        assert resultado.get(timeout=60) == "concluida"
    imp.refresh_from_db()
    assert imp.status == Importacao.Status.CONCLUIDA
    assert imp.resumo["inscricoes_criadas"] == 2
    assert sorted(Inscricao.objects.values_list("numero", flat=True)) == ["000001", "000002"]
    # The import queued the cargo's recompute on commit; the same worker runs it.
    cargo = certame.cargos.get()
    for _ in range(300):  # up to 30 s, polling the database the worker writes to
        versao = cargo.versoes_classificacao.first()
        if versao is not None:
            break
        time.sleep(0.1)
    assert versao is not None, "o worker não gravou a classificação"
    assert versao.distribuicao == {"AC": 12, "PP": 3, "I": 1, "Q": 0, "PCD": 1}
    assert instantaneo_apoio.numeros(versao, "AC") == ["000001", "000002"]

"""A recompute survives the death of the worker running it (kill -9 mid-recompute).

Real `celery worker` processes on Redis and PostgreSQL (.ci/run). The test holds a SHARE lock
on the snapshot table, so the job blocks inside its transaction while inserting the new
version's positions; then the worker is killed with SIGKILL:
- the pool process only: the task is rejected with requeue (reject_on_worker_lost) and the
  worker's next process runs it;
- the whole worker: the message stays unacknowledged in Redis until its visibility timeout;
  the periodic sweep re-queues the cargo and a new worker computes it.
Either way the last snapshot stays whole meanwhile, a stale version cannot be published, and
exactly one new version appears.
"""

import datetime as dt
import os
import signal
import subprocess
import sys
import time
from decimal import Decimal

import psycopg
import pytest
from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from candidatos.models import Inscricao
from certames import instantaneo
from certames.models import Cargo, ListaVersao, VersaoClassificacao
from certames.recalculo import estado_recalculo, reenfileirar_atrasados, solicitar_recalculo
from classificacao.listas import PublicacaoInvalida, publicar, recalcular
from config.celery import app
from tests import instantaneo_apoio
from tests.factories import CargoFactory, CertameFactory, InscricaoFactory, usuario
from tests.test_worker import RAIZ, _url_banco

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def _exigir_infra():
    if not settings.CELERY_BROKER_URL or connection.vendor != "postgresql":
        if os.environ.get("REQUIRE_WORKER_TESTS"):
            pytest.fail("REQUIRE_WORKER_TESTS=1, mas não há CELERY_BROKER_URL e PostgreSQL.")
        pytest.skip("precisa de CELERY_BROKER_URL e PostgreSQL")


class Worker:
    """One `celery worker` subprocess consuming this test process's own queues."""

    def __init__(self, pool: str, sufixo: str):
        self.nome = f"{settings.CELERY_TASK_DEFAULT_QUEUE}@{sufixo}"
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings_test",
               "DATABASE_URL": _url_banco(), "MEDIA_ROOT": str(settings.MEDIA_ROOT)}
        self.processo = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker", "-P", pool, "-c", "1",
             "-Q", ",".join(settings.FILAS_CELERY), "-n", self.nome, "--without-heartbeat",
             "--without-gossip", "--without-mingle", "-l", "warning"],
            cwd=RAIZ, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        for _ in range(60):  # ping waits up to 1 s per try
            if app.control.ping(destination=[self.nome], timeout=1.0):
                return
            if self.processo.poll() is not None:
                pytest.fail("o worker terminou ao iniciar:\n" + self.processo.stdout.read())
        self.parar()
        pytest.fail("o worker não respondeu em 60 s")

    def processos_do_pool(self) -> list[int]:
        stats = app.control.inspect(destination=[self.nome], timeout=2.0).stats() or {}
        return list(stats[self.nome]["pool"]["processes"])

    def parar(self):
        if self.processo.poll() is None:
            self.processo.terminate()
            try:
                self.processo.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.processo.kill()
                self.processo.wait(timeout=20)


@pytest.fixture
def fila_real():
    _exigir_infra()
    app.conf.task_always_eager = False
    trabalhadores: list[Worker] = []
    yield trabalhadores
    app.conf.task_always_eager = True
    for w in trabalhadores:
        w.parar()


class Trava:
    """A superuser connection holding SHARE on the snapshot lists' table: inserts wait."""

    def __init__(self):
        s = connection.settings_dict
        self.conexao = psycopg.connect(dbname=s["NAME"], user=s["USER"],
                                       host=s["HOST"] or "127.0.0.1", port=s["PORT"] or 5432,
                                       autocommit=False)

    def travar(self):
        self.conexao.execute(f'LOCK TABLE "{ListaVersao._meta.db_table}" IN SHARE MODE')

    def soltar(self):
        self.conexao.rollback()


@pytest.fixture
def trava_do_snapshot():
    trava = Trava()
    yield trava
    trava.soltar()
    trava.conexao.close()


def _esperar(condicao, segundos=60, passo=0.1):
    for _ in range(int(segundos / passo)):
        valor = condicao()
        if valor:
            return valor
        time.sleep(passo)
    return None


def _backend_esperando_trava() -> int | None:
    with connection.cursor() as cur:
        cur.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
            "AND wait_event_type = 'Lock' AND query LIKE %s",
            [f'INSERT INTO "{ListaVersao._meta.db_table}"%'])
        linha = cur.fetchone()
    return linha[0] if linha else None


def _cenario():
    """A cargo with version 1 computed, then an act (a new score) whose recompute is queued."""
    cargo = CargoFactory(vagas=2, certame=CertameFactory(regime="pirangi-lei3056-2025"))
    for numero, nota in (("001", "90"), ("002", "80"), ("003", "70")):
        InscricaoFactory(cargo=cargo, numero=numero, nota=Decimal(nota))
    v1 = recalcular(cargo.pk)
    return cargo, v1


def _ato_que_muda_a_lista(cargo):
    with transaction.atomic():
        Inscricao.objects.filter(cargo=cargo, numero="003").update(nota=Decimal("95"))
        solicitar_recalculo([cargo], "nova nota")


def _lista_ac(versao):
    return instantaneo_apoio.numeros(versao, "AC")


def _conferir_snapshot_anterior_inteiro(cargo, v1):
    assert list(VersaoClassificacao.objects.filter(cargo=cargo)
                .values_list("numero", flat=True)) == [1]
    assert _lista_ac(v1) == ["001", "002", "003"]


def _conferir_recalculado(cargo):
    cargo.refresh_from_db()
    v2 = _esperar(lambda: VersaoClassificacao.objects.filter(cargo=cargo, numero=2).first())
    assert v2 is not None, "o recálculo não foi refeito"
    cargo.refresh_from_db()
    assert estado_recalculo(cargo).codigo == "atualizada"
    assert list(VersaoClassificacao.objects.filter(cargo=cargo).order_by("numero")
                .values_list("numero", flat=True)) == [1, 2]
    assert _lista_ac(v2) == ["003", "001", "002"]
    # Nobody opted for a reserved list: AC only.
    assert sum(instantaneo.contagens(v2).values()) == 3


def test_kill_9_do_processo_do_pool_devolve_o_recalculo_a_fila(fila_real, trava_do_snapshot):
    cargo, v1 = _cenario()
    worker = Worker("prefork", "pool")
    fila_real.append(worker)
    trava_do_snapshot.travar()
    _ato_que_muda_a_lista(cargo)
    assert _esperar(_backend_esperando_trava), "o recálculo não chegou a gravar o snapshot"

    [filho] = worker.processos_do_pool()
    os.kill(filho, signal.SIGKILL)
    # Reads only: the dead process's database session still holds the cargo's row lock
    # until it notices its client is gone, so publishing would wait here.
    _conferir_snapshot_anterior_inteiro(cargo, v1)
    trava_do_snapshot.soltar()  # the worker's new pool process can now write

    _conferir_recalculado(cargo)
    assert worker.processo.poll() is None  # the worker itself lived on


def test_kill_9_do_worker_inteiro_e_recuperado_pela_varredura(fila_real, trava_do_snapshot):
    rh = usuario("rh_kill_todo", "RH", staff=True)
    cargo, v1 = _cenario()
    primeiro = Worker("solo", "primeiro")
    fila_real.append(primeiro)
    trava_do_snapshot.travar()
    _ato_que_muda_a_lista(cargo)
    assert _esperar(_backend_esperando_trava), "o recálculo não chegou a gravar o snapshot"

    primeiro.processo.send_signal(signal.SIGKILL)
    primeiro.processo.wait(timeout=20)
    trava_do_snapshot.soltar()
    # The orphaned database session ends once it notices its client is gone.
    assert _esperar(lambda: _backend_esperando_trava() is None)
    _conferir_snapshot_anterior_inteiro(cargo, v1)
    with pytest.raises(PublicacaoInvalida, match="ainda não foram calculados"):
        publicar(v1, "preliminar", rh)
    cargo.refresh_from_db()
    assert cargo.geracao_calculada < cargo.geracao_classificacao

    # The sweep (celery beat, every 2 minutes) finds the generation stuck for over 5 minutes.
    assert reenfileirar_atrasados(agora=timezone.now() + dt.timedelta(minutes=6)) == [cargo.pk]
    fila_real.append(Worker("solo", "segundo"))
    _conferir_recalculado(cargo)
    assert Cargo.objects.get(pk=cargo.pk).recalculo_falha == ""

"""An import whose worker process is killed (kill -9) mid-write is seen.

A real `celery worker` on Redis and PostgreSQL (.ci/run). The test holds a SHARE lock on the
acts' table, so the import blocks inside its write transaction after writing the inscrições
(the act is written last); then the pool process is killed with SIGKILL. The import stays
"processando" (the dead process cannot say otherwise) and nothing is committed; the check that
celery beat runs every minute marks it failed once its heartbeat is older than the limit; RH's
retry processes the same file in the worker's next process.
"""

import datetime as dt
import os
import signal

import pytest
from django.core.files.base import ContentFile
from django.db import connection

from candidatos.importacao.vigilancia import marcar_paradas, mensagem_parada, repetir
from candidatos.models import Candidato, Importacao, Inscricao
from candidatos.tasks import importar_inscricoes_task
from certames.models import Ato
from tests.factories import CargoFactory, CertameFactory, usuario
from tests.test_worker_falhas import Trava, Worker, _esperar, fila_real  # noqa: F401

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

CABECALHO = "inscricao;cpf;nome;cargo;cor_raca;quilombola;deficiencia;tipo_deficiencia;listas;" \
            "nota;desempate_1"
LINHAS = ["000001;529.982.247-25;Maria da Conceição;ENF;parda;não;não;;PP;87,5;40",
          "000002;11144477735;João Pereira;ENF;branca;não;sim;visual;PCD;91,25;35"]


class TravaDosAtos(Trava):
    def travar(self):
        self.conexao.execute(f'LOCK TABLE "{Ato._meta.db_table}" IN SHARE MODE')


@pytest.fixture
def trava_dos_atos():
    trava = TravaDosAtos()
    yield trava
    trava.soltar()
    trava.conexao.close()


def _backend_esperando_o_ato() -> int | None:
    with connection.cursor() as cur:
        cur.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
            "AND wait_event_type = 'Lock' AND query LIKE %s",
            [f'%INSERT INTO "{Ato._meta.db_table}"%'])
        linha = cur.fetchone()
    return linha[0] if linha else None


def _contagens():
    return (Candidato.objects.count(), Inscricao.objects.count(),
            Ato.objects.filter(tipo="importacao_inscricoes").count())


def test_kill_9_durante_a_gravacao_marca_a_importacao_como_falha_e_ela_pode_ser_repetida(
        fila_real, trava_dos_atos):  # noqa: F811
    rh = usuario("rh_kill_importacao", "RH", staff=True)
    certame = CertameFactory(regime="pirangi-lei3056-2025", parametros={"base_reserva": "cargo"})
    CargoFactory(certame=certame, codigo="ENF", vagas=17)
    conteudo = ("\n".join([CABECALHO, *LINHAS]) + "\n").encode()
    imp = Importacao.objects.create(certame=certame, nome_arquivo="notas.csv", criado_por=rh,
                                    arquivo=ContentFile(conteudo, name="notas.csv"))
    worker = Worker("prefork", "importacao")
    fila_real.append(worker)
    trava_dos_atos.travar()
    importar_inscricoes_task.delay(imp.pk)
    assert _esperar(_backend_esperando_o_ato), "a importação não chegou a gravar o ato"

    [filho] = worker.processos_do_pool()
    os.kill(filho, signal.SIGKILL)
    trava_dos_atos.soltar()
    # The orphaned database session ends (and its transaction rolls back) once it notices
    # its client is gone.
    assert _esperar(lambda: _backend_esperando_o_ato() is None)
    imp.refresh_from_db()
    assert (imp.status, imp.resumo, imp.linhas_processadas) == ("processando",
                                                                {"fase": "gravando"}, 2)
    assert _contagens() == (0, 0, 0)

    # celery beat's check, once the heartbeat is older than the limit.
    assert marcar_paradas(imp.batimento_em + dt.timedelta(minutes=9)) == 0
    assert marcar_paradas(imp.batimento_em + dt.timedelta(minutes=11)) == 1
    imp.refresh_from_db()
    assert (imp.status, imp.erros) == (
        "falhou", [{"linha": 0, "coluna": "", "mensagem": mensagem_parada()}])
    assert _contagens() == (0, 0, 0)

    # RH's "Tentar de novo": the worker's next pool process imports the same file.
    nova = repetir(imp, autor=rh)
    importar_inscricoes_task.delay(nova.pk)
    assert _esperar(lambda: Importacao.objects.get(pk=nova.pk).terminada)
    nova.refresh_from_db()
    assert (nova.status, nova.resumo["inscricoes_criadas"]) == ("concluida", 2)
    assert _contagens() == (2, 2, 1)
    assert Importacao.objects.get(pk=imp.pk).status == "falhou"
    assert worker.processo.poll() is None

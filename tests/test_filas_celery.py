"""Recomputes, e-mails and PDFs on queues of their own, every other task on
the default queue; `make worker` consumes them all; in tests each queue carries the xdist
worker's suffix (parallel test processes with a real worker never take each other's tasks)."""

import os
import re
from pathlib import Path

from django.conf import settings

from config.celery import app

RAIZ = Path(__file__).resolve().parent.parent
SUFIXO = f"-teste-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}"

#: Every task of the project and the queue it must go to (without the tests' suffix).
ESPERADO = {
    "certames.recalcular_classificacao": "recalculo",
    "certames.gravar_resumos_publicacao": "recalculo",
    "candidatos.enviar_email_cadastro": "email",
    "candidatos.enviar_redefinicao_senha": "email",
    "candidatos.notificar_abertura_procedimento": "email",
    "candidatos.notificar_decisao_procedimento": "email",
    "candidatos.notificar_julgamento_recurso_procedimento": "email",
    "candidatos.notificar_retificacao_inscricao": "email",
    "candidatos.avisar_correcao_email": "email",
    "candidatos.email_convocacao": "email",
    "candidatos.avisar_publicacao_classificacao": "email",
    "candidatos.avisar_decisao_atendimento": "email",
    "candidatos.avisar_rejeicao_documento_posse": "email",
    "comissoes.notificar_convocacao": "email",
    "comissoes.enviar_convite_membro": "email",
    "nucleo.avisar_publicacao": "email",
    "nucleo.enviar_protocolo_recurso": "email",
    "editais.avisar_retificacao": "email",
    "comum.enviar_aviso": "email",
    "candidatos.lembrar_prazos": "email",
    "comissoes.lembrar_sessoes": "email",
    "editais.avisar_situacao_certame": "email",
    "certames.gerar_documento_pdf": "documentos",
    "certames.gerar_arquivo_publicacao": "documentos",
    "candidatos.gerar_comprovante": "documentos",
    "comissoes.gerar_ata": "documentos",
    "candidatos.importar_inscricoes": "certames",  # the default queue (tests: certames-teste-*)
    "certames.reenfileirar_recalculos_atrasados": "certames",
    "certames.reenfileirar_tarefas_pendentes": "certames",
    "certames.compactar_invalidacoes": "certames",
    "candidatos.marcar_importacoes_paradas": "certames",
}


def _fila(nome: str) -> str:
    """The queue Celery's router picks for a task sent by name (as `tarefa(nome).delay`)."""
    rota = app.amqp.router.route({}, nome, args=(), kwargs={})
    return rota["queue"].name


def test_cada_tarefa_registrada_vai_para_a_sua_fila():
    app.loader.import_default_modules()
    nossas = {n for n in app.tasks if not n.startswith("celery.")}
    assert nossas == set(ESPERADO)
    assert {n: _fila(n) for n in sorted(nossas)} == {
        n: f"{ESPERADO[n]}{SUFIXO}" for n in sorted(nossas)}


def test_as_filas_de_producao_sao_recalculo_email_documentos_e_a_padrao():
    # The tests' settings add the suffix to the production names (config/settings.py).
    assert settings.FILAS_CELERY == [f"certames{SUFIXO}", f"recalculo{SUFIXO}",
                                     f"email{SUFIXO}", f"documentos{SUFIXO}"]
    assert list(settings.TAREFAS_POR_FILA) == ["recalculo", "email", "documentos"]
    assert {n: f for f, ns in settings.TAREFAS_POR_FILA.items() for n in ns} == {
        n: f for n, f in ESPERADO.items() if f != "certames"}


def test_make_worker_consome_todas_as_filas():
    makefile = (RAIZ / "Makefile").read_text()
    filas = re.search(r"^QUEUES \?= (\S+)$", makefile, re.M).group(1)
    assert filas == "celery,recalculo,email,documentos"
    assert "worker -Q $(QUEUES)" in makefile


def test_um_recalculo_nao_espera_atras_de_emails():
    # Two different queues: a worker on `recalculo` never sees the e-mails.
    assert _fila("certames.recalcular_classificacao") != _fila("candidatos.email_convocacao")


def test_processo_web_registra_as_tarefas_sem_as_verificacoes_do_django(monkeypatch):
    """A web process registers every task by name at start (config/wsgi.py), without
    Celery's Django fixup running every system check inside the first request that queues
    one (it cost RH's publication 1.3 s)."""
    from django.core import checks

    from comum import filas

    chamadas = []
    monkeypatch.setattr(checks, "run_checks", lambda *a, **k: chamadas.append(a) or [])
    filas.preparar_processo()
    assert chamadas == []
    assert set(ESPERADO) <= set(app.tasks)
    assert filas.tarefa("certames.gerar_documento_pdf").name == "certames.gerar_documento_pdf"


def test_processo_web_cria_o_cache_ao_iniciar():
    """config/wsgi.py builds the cache backends at start: Redis's client is imported there,
    not inside the first request a gunicorn worker serves (70 ms of a cached page's 2 ms);
    nothing connects (the port here answers nobody)."""
    import subprocess
    import sys

    codigo = ("import sys, django; django.setup(); antes = 'redis' in sys.modules; "
              "import config.wsgi; print(antes, 'redis' in sys.modules)")
    ambiente = {"PATH": "/usr/bin:/bin", "HOME": str(settings.BASE_DIR),
                "DJANGO_SETTINGS_MODULE": "config.settings", "DEBUG": "true",
                "CACHE_URL": "rediscache://127.0.0.1:1/0", "CELERY_BROKER_URL": ""}
    saida = subprocess.run([sys.executable, "-c", codigo], cwd=settings.BASE_DIR, env=ambiente,
                           capture_output=True, text=True, timeout=120, check=True)
    assert saida.stdout.split() == ["False", "True"]

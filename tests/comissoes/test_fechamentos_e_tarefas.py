"""The closing of an evaluation per committee kind is registered by `documental` and `pcd`
(votacao does not import them), and the committees' tasks are queued by name: both must hold
in a process that only ran `django.setup()` (a web process, a worker, a command)."""

import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from comissoes.dominio import documental, pcd, votacao
from comissoes.dominio.procedimentos import DOCUMENTAL, PCD

RAIZ = Path(__file__).resolve().parents[2]

PROGRAMA = """
import sys
import django
django.setup()
from comum.filas import tarefa
from comissoes.dominio.votacao import FECHAMENTOS
assert "comissoes.tasks" not in sys.modules
print(sorted((tipo, f.__module__) for tipo, f in FECHAMENTOS.items()))
print([tarefa(n).name for n in ["comissoes.gerar_ata", "comissoes.notificar_convocacao"]])
"""


def test_fechamentos_e_tarefas_num_processo_novo():
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings_test"}
    saida = subprocess.run([sys.executable, "-c", PROGRAMA], cwd=RAIZ, env=env,
                           capture_output=True, text=True, timeout=120)
    assert saida.returncode == 0, saida.stderr
    assert saida.stdout.strip().splitlines()[-2:] == [
        "[('equipe_multiprofissional', 'comissoes.dominio.pcd'), "
        "('verificacao_documental', 'comissoes.dominio.documental')]",
        "['comissoes.gerar_ata', 'comissoes.notificar_convocacao']",
    ]


def test_registro_aponta_para_os_modulos_de_cada_tipo():
    assert votacao.FECHAMENTOS == {DOCUMENTAL: documental.fechamento, PCD: pcd.fechamento}


def test_tipo_sem_fechamento_registrado_nao_recebe_o_parecer_da_heteroidentificacao(
        monkeypatch):
    monkeypatch.delitem(votacao.FECHAMENTOS, PCD)
    avaliacao = SimpleNamespace(comissao=SimpleNamespace(tipo=PCD))
    with pytest.raises(RuntimeError) as erro:
        votacao._fechamento(avaliacao, None, [])
    assert str(erro.value) == "No closing registered for committees of kind " \
                              "'equipe_multiprofissional'."

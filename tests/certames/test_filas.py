"""Tasks queued by name are found in a process that never imported their modules."""

import os
import subprocess
import sys
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[2]

PROGRAMA = """
import sys
import django
django.setup()
from comum.filas import tarefa
assert "classificacao.tasks" not in sys.modules
nomes = ["certames.recalcular_classificacao", "candidatos.gerar_comprovante",
         "candidatos.enviar_email_cadastro"]
print([tarefa(n).name for n in nomes])
"""


def test_tarefa_por_nome_num_processo_novo():
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings_test"}
    saida = subprocess.run([sys.executable, "-c", PROGRAMA], cwd=RAIZ, env=env,
                           capture_output=True, text=True, timeout=120)
    assert saida.returncode == 0, saida.stderr
    assert saida.stdout.strip().splitlines()[-1] == (
        "['certames.recalcular_classificacao', 'candidatos.gerar_comprovante', "
        "'candidatos.enviar_email_cadastro']")

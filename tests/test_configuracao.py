import os
import subprocess
import sys
from pathlib import Path

RAIZ = Path(__file__).resolve().parent.parent


def _manage(*args, **env):
    ambiente = {k: v for k, v in os.environ.items()
                if k not in ("DJANGO_SETTINGS_MODULE", "DEBUG", "SECRET_KEY",
                             "DJANGO_ALLOW_ASYNC_UNSAFE")}
    ambiente.update(env)
    return subprocess.run([sys.executable, "manage.py", *args], cwd=RAIZ, env=ambiente,
                          capture_output=True, text=True, timeout=120)


def test_check_deploy_sem_alertas_com_variaveis_de_producao():
    r = _manage("check", "--deploy", "--fail-level", "WARNING",
                DEBUG="false", SECRET_KEY="x" * 20 + "-producao-chave-longa-e-aleatoria-9f8e7d",
                ALLOWED_HOSTS="concursos.prefeitura.example", SECURE_SSL_REDIRECT="true",
                SECURE_HSTS_SECONDS="31536000", CACHE_URL="rediscache://127.0.0.1:6379/1")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "no issues" in r.stdout


def test_sem_secret_key_fora_do_debug_o_servidor_nao_sobe():
    r = _manage("check", DEBUG="false")
    assert r.returncode != 0
    assert "SECRET_KEY" in r.stderr

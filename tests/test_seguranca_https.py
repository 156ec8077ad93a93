"""The HTTPS system check: production refuses to start over plain HTTP
unless PERMITIR_HTTP says so; development (`make run`, DEBUG on) and the tests are unaffected."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.test import override_settings

from comum.seguranca import verificar_ao_iniciar, verificar_https, verificar_https_implantacao

RAIZ = Path(__file__).resolve().parent.parent

PRODUCAO_SEGURA = dict(DEBUG=False, SECURE_SSL_REDIRECT=True, SECURE_HSTS_SECONDS=31536000,
                       SESSION_COOKIE_SECURE=True, CSRF_COOKIE_SECURE=True, PERMITIR_HTTP=False)


def _ids(mensagens):
    return [m.id for m in mensagens]


@pytest.mark.parametrize("desligado", ["SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS",
                                       "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE"])
def test_cada_ajuste_de_https_desligado_em_producao_e_erro(desligado):
    with override_settings(**{**PRODUCAO_SEGURA, desligado: 0}):
        mensagens = verificar_https()
        assert _ids(mensagens) == ["certames.E002"]
        assert f"{desligado} desligado" in mensagens[0].msg
        assert _ids(verificar_https_implantacao()) == []


def test_producao_com_https_nao_diz_nada():
    with override_settings(**PRODUCAO_SEGURA):
        assert verificar_https() == []
        assert verificar_https_implantacao() == []
        verificar_ao_iniciar()


def test_permitir_http_troca_o_erro_por_aviso():
    with override_settings(**{**PRODUCAO_SEGURA, "SECURE_SSL_REDIRECT": False,
                              "PERMITIR_HTTP": True}):
        assert _ids(verificar_https()) == ["certames.W002"]
        verificar_ao_iniciar()  # starts


def test_debug_ligado_nao_bloqueia_e_so_o_check_deploy_avisa():
    with override_settings(DEBUG=True, SECURE_SSL_REDIRECT=False, SECURE_HSTS_SECONDS=0,
                           SESSION_COOKIE_SECURE=False, CSRF_COOKIE_SECURE=False,
                           PERMITIR_HTTP=False):
        assert verificar_https() == []
        assert _ids(verificar_https_implantacao()) == ["certames.W003"]


def test_servidor_wsgi_nao_sobe_sem_https():
    with override_settings(**{**PRODUCAO_SEGURA, "SECURE_HSTS_SECONDS": 0}):
        with pytest.raises(ImproperlyConfigured, match="SECURE_HSTS_SECONDS desligado"):
            verificar_ao_iniciar()


def _manage(*args, **env):
    ambiente = {k: v for k, v in os.environ.items()
                if k not in ("DJANGO_SETTINGS_MODULE", "DEBUG", "SECRET_KEY", "PERMITIR_HTTP",
                             "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS")}
    ambiente.update(env)
    return subprocess.run([sys.executable, "manage.py", *args], cwd=RAIZ, env=ambiente,
                          capture_output=True, text=True, timeout=120)


def test_manage_py_check_recusa_producao_sem_https():
    r = _manage("check", DEBUG="false", SECRET_KEY="x" * 50, CACHE_LOCAL_PERMITIDO="true")
    assert r.returncode == 1, r.stdout + r.stderr
    assert "certames.E002" in r.stderr


def test_configuracao_de_testes_passa_no_check():
    # .ci/run runs `manage.py papeis_banco` (with the checks) under config.settings_test.
    r = _manage("check", DJANGO_SETTINGS_MODULE="config.settings_test")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "no issues (1 silenced)" in r.stdout

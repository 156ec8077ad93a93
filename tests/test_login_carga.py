"""The log-in on result day (docs/escala.md, "The log-in"): Argon2id first with PBKDF2
hashes upgraded at the next log-in, and a candidate's log-in POST reading and writing only
what it needs (portal/entrada.py, config/sessao.py)."""

from __future__ import annotations

import re

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import SESSION_KEY, get_user_model
from django.contrib.auth.hashers import make_password
from django.contrib.sessions.models import Session
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

pytestmark = pytest.mark.django_db

User = get_user_model()

PRODUCAO = ["config.senhas.Argon2idOwasp",
            "django.contrib.auth.hashers.PBKDF2PasswordHasher"]
SENHA = "senha-teste-123"


def _entrar(client, username="candidato_teste", senha=SENHA):
    client.get(reverse("login"))
    return client.post(reverse("login"), {"username": username, "password": senha})


@override_settings(PASSWORD_HASHERS=PRODUCAO, AXES_ENABLED=True)
def test_hash_pbkdf2_vira_argon2id_no_proximo_login(client, candidato_user):
    candidato_user.password = make_password(
        SENHA, hasher="pbkdf2_sha256")
    candidato_user.save()
    assert candidato_user.password.startswith("pbkdf2_sha256$1000000$")
    resposta = _entrar(client)
    assert resposta.status_code == 302
    assert resposta["Location"] == reverse("portal:painel")
    candidato_user.refresh_from_db()
    assert candidato_user.password.startswith("argon2$argon2id$v=19$m=7168,t=5,p=1$")
    # The upgraded hash still lets the candidate in.
    client.logout()
    assert _entrar(client).status_code == 302


@override_settings(PASSWORD_HASHERS=PRODUCAO, AXES_ENABLED=True)
def test_hash_argon2id_de_outros_parametros_e_refeito_no_proximo_login(client, candidato_user):
    """The first configuration chosen (19 MiB, 2 passes) is rewritten with today's at the
    account's next log-in (the hasher's `must_update`)."""
    from argon2 import PasswordHasher, Type

    antigo = PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1, type=Type.ID)
    candidato_user.password = "argon2" + antigo.hash(SENHA)
    candidato_user.save()
    assert _entrar(client).status_code == 302
    candidato_user.refresh_from_db()
    assert candidato_user.password.startswith("argon2$argon2id$v=19$m=7168,t=5,p=1$")


@override_settings(PASSWORD_HASHERS=PRODUCAO)
def test_senha_nova_ja_e_argon2id_com_os_parametros_da_owasp():
    assert make_password(SENHA).startswith("argon2$argon2id$v=19$m=7168,t=5,p=1$")


@override_settings(AXES_ENABLED=True)
def test_login_do_candidato_faz_so_as_consultas_necessarias(client, candidato_user):
    client.get(reverse("login"))
    with CaptureQueriesContext(connection) as consultas:
        resposta = client.post(reverse("login"), {"username": "candidato_teste",
                                                  "password": SENHA})
    assert resposta.status_code == 302
    assert resposta["Location"] == reverse("portal:painel")
    tabelas = [" ".join([q["sql"].split()[0], *re.findall(
        r'(?:FROM|INTO|UPDATE) "(\w+)"', q["sql"])[:1]]) for q in consultas.captured_queries]
    assert tabelas == [
        # axes: the account+address pair's failures in the cool-off window (the lock-out)
        'SELECT axes_accessattempt',
        # the account by its username (ModelBackend), then the password check (no SQL)
        'SELECT auth_user',
        # last_login: one UPDATE, no save signal (portal.entrada.registrar_entrada)
        'UPDATE auth_user',
        # where the account lands (EntrarView.get_default_redirect_url): its groups and
        # its candidate row; the dashboard itself is not rendered (a 302)
        'SELECT auth_group',
        'SELECT candidatos_candidato',
        # the new session, written once with the account in it (config.sessao: no probe
        # for a free key, no INSERT then UPDATE); the savepoint is the test's transaction
        'SAVEPOINT',
        'INSERT django_session',
        'RELEASE',
    ]
    assert len(consultas.captured_queries) == 8
    sessao = Session.objects.get(session_key=client.cookies["sessionid"].value)
    assert sessao.get_decoded()[SESSION_KEY] == str(candidato_user.pk)
    candidato_user.refresh_from_db()
    assert candidato_user.last_login is not None


@override_settings(AXES_ENABLED=True, AXES_FAILURE_LIMIT=3)
def test_login_depois_de_uma_falha_ainda_zera_as_falhas(client, candidato_user):
    assert _entrar(client, senha="errada").status_code == 200
    assert list(AccessAttempt.objects.values_list("failures_since_start", flat=True)) == [1]
    assert _entrar(client).status_code == 302
    assert AccessAttempt.objects.count() == 0


def test_login_com_sessao_anterior_troca_a_chave(client, candidato_user):
    # An anonymous session already held (a message, say): the log-in gives a new key and
    # the old row is gone (session fixation).
    sessao = client.session
    sessao["qualquer"] = 1
    sessao.save()
    antiga = sessao.session_key
    assert _entrar(client).status_code == 302
    nova = client.cookies["sessionid"].value
    assert nova != antiga
    assert list(Session.objects.values_list("session_key", flat=True)) == [nova]
    assert Session.objects.get(session_key=nova).get_decoded()["qualquer"] == 1


# --- the check in libsodium (config/senhas.py) ------------------------------------------------


def _argon2_cffi(**parametros) -> str:
    """A hash as argon2-cffi (Django's own Argon2 hasher) writes it, with Django's prefix."""
    from argon2 import PasswordHasher

    return "argon2" + PasswordHasher(**parametros).hash(SENHA)


def _sem_argon2_cffi(monkeypatch) -> list[str]:
    """argon2-cffi's verification replaced by a spy that records each call and fails: a
    check that still answers was made by libsodium."""
    import argon2

    chamadas: list[str] = []

    def espiao(self, hash, senha):
        chamadas.append(hash)
        raise AssertionError("argon2-cffi chamado")

    monkeypatch.setattr(argon2.PasswordHasher, "verify", espiao)
    return chamadas


def test_verificacao_do_argon2id_e_feita_pela_libsodium(monkeypatch):
    from config.senhas import Argon2idOwasp

    hasher = Argon2idOwasp()
    guardado = hasher.encode(SENHA, hasher.salt())  # argon2-cffi, Django's 22-char salt
    chamadas = _sem_argon2_cffi(monkeypatch)
    assert (hasher.verify(SENHA, guardado), hasher.verify("senha-errada", guardado),
            hasher.verify(SENHA + " ", guardado)) == (True, False, False)
    assert chamadas == []


def test_libsodium_le_os_hashes_ja_guardados_com_outros_parametros(monkeypatch):
    """The first configuration (19 MiB x 2) and Django's default (100 MiB x 2, 8 lanes):
    libsodium reads them all, so no stored account depends on argon2-cffi to log in."""
    from config.senhas import Argon2idOwasp

    hashes = [_argon2_cffi(time_cost=2, memory_cost=19456, parallelism=1),
              _argon2_cffi(time_cost=2, memory_cost=102400, parallelism=8)]
    chamadas = _sem_argon2_cffi(monkeypatch)
    hasher = Argon2idOwasp()
    assert [(hasher.verify(SENHA, h), hasher.verify("outra", h)) for h in hashes] == [
        (True, False), (True, False)]
    assert chamadas == []


def test_argon2i_e_hash_ilegivel_ficam_com_o_argon2_cffi():
    from argon2 import Type

    from config.senhas import Argon2idOwasp

    hasher = Argon2idOwasp()
    argon2i = _argon2_cffi(time_cost=2, memory_cost=1024, parallelism=1, type=Type.I)
    assert argon2i.startswith("argon2$argon2i$")
    assert (hasher.verify(SENHA, argon2i), hasher.verify("outra", argon2i)) == (True, False)
    assert hasher.verify(SENHA, "argon2$argon2id$v=19$m=7168,t=5,p=1$curto$curto") is False
    with pytest.raises(ValueError):
        hasher.verify(SENHA, "pbkdf2_sha256$1000000$sal$hash")


@override_settings(PASSWORD_HASHERS=PRODUCAO, AXES_ENABLED=True)
def test_login_pela_view_verifica_na_libsodium(client, candidato_user, monkeypatch):
    candidato_user.password = make_password(SENHA)
    candidato_user.save()
    chamadas = _sem_argon2_cffi(monkeypatch)
    assert _entrar(client).status_code == 302
    assert _entrar(client, senha="errada").status_code == 200
    assert chamadas == []

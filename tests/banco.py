"""The test suite under the application's PostgreSQL role.

With `TEST_DATABASE_APP_ROLE` set (.ci/run) and PostgreSQL, the test database is created and
migrated by the login in DATABASE_URL (a superuser), the application role gets its grants
there, and then every connection runs `SET ROLE <role>` (Django's `assume_role` option): the
tests run with the privileges of production's application. Transactional tests still flush
(certames/management/commands/flush.py); a test that must act as the owner uses `como_dono()`.
"""

from __future__ import annotations

import os
from contextlib import contextmanager

from django.db import connection, connections

PAPEL_APP = os.environ.get("TEST_DATABASE_APP_ROLE", "")


def sob_papel_da_aplicacao() -> bool:
    return bool(PAPEL_APP) and connection.vendor == "postgresql"


@contextmanager
def papel_da_aplicacao(django_db_blocker):
    """For the session fixture `django_db_setup`: grants, then SET ROLE on every connection;
    undone before the test database is dropped."""
    if not sob_papel_da_aplicacao():
        yield
        return
    from comum.privilegios_banco import aplicar_privilegios

    with django_db_blocker.unblock():
        aplicar_privilegios(connection, PAPEL_APP)
        connections.close_all()
    opcoes = [conexao.settings_dict.setdefault("OPTIONS", {}) for conexao in connections.all()
              if conexao.vendor == "postgresql"]
    for o in opcoes:
        o["assume_role"] = PAPEL_APP
    try:
        yield
    finally:
        for o in opcoes:
            o.pop("assume_role", None)
        with django_db_blocker.unblock():
            connections.close_all()


@contextmanager
def como_dono(using: str = "default"):
    """Act as the login behind the connection (the test database's owner, a superuser) for a
    while: RESET ROLE, and SET ROLE back on exit. A no-op without the application role."""
    conexao = connections[using]
    if conexao.vendor != "postgresql":
        yield
        return
    with conexao.cursor() as cursor:
        cursor.execute("SELECT current_setting('role')")
        papel = cursor.fetchone()[0]
    if papel == "none":
        yield
        return
    with conexao.cursor() as cursor:
        cursor.execute("RESET ROLE")
    try:
        yield
    finally:
        if not conexao.needs_rollback and conexao.connection is not None:
            with conexao.cursor() as cursor:
                cursor.execute("SELECT set_config('role', %s, false)", [papel])

"""Django's `flush`, able to empty the append-only tables in tests.

The append-only tables refuse TRUNCATE by trigger, and the application role has no TRUNCATE
privilege at all; Django's transactional tests flush the database between tests with TRUNCATE.
On PostgreSQL, when the login behind the connection is a superuser (the test database's
creator), only the TRUNCATE itself runs as that superuser (RESET ROLE) with triggers off
(`session_replication_role = replica`); both settings are restored before post_migrate.

Otherwise (e.g. the application role in production) it is Django's flush, and the triggers
refuse it on the protected tables — as they should.
"""

from __future__ import annotations

from contextlib import contextmanager

from django.core.management.commands.flush import Command as FlushCommand
from django.db import connections


def _superusuario_na_sessao(conexao) -> bool:
    if conexao.vendor != "postgresql":
        return False
    with conexao.cursor() as cursor:
        cursor.execute("SELECT rolsuper FROM pg_roles WHERE rolname = session_user")
        linha = cursor.fetchone()
    return bool(linha and linha[0])


@contextmanager
def sem_gatilhos_como_superusuario(conexao):
    """RESET ROLE and switch triggers off on this connection; restore both on exit."""
    with conexao.cursor() as cursor:
        cursor.execute("SELECT current_setting('role'), "
                       "current_setting('session_replication_role')")
        papel, replicacao = cursor.fetchone()
        cursor.execute("RESET ROLE")
        cursor.execute("SET session_replication_role = replica")
    try:
        yield
    finally:
        with conexao.cursor() as cursor:
            cursor.execute("SELECT set_config('session_replication_role', %s, false)",
                           [replicacao])
            if papel and papel != "none":
                cursor.execute("SELECT set_config('role', %s, false)", [papel])


class Command(FlushCommand):
    def handle(self, **options):
        conexao = connections[options["database"]]
        if not _superusuario_na_sessao(conexao):
            return super().handle(**options)
        original = conexao.ops.execute_sql_flush

        def executar_como_superusuario(sql_list):
            with sem_gatilhos_como_superusuario(conexao):
                original(sql_list)

        conexao.ops.execute_sql_flush = executar_como_superusuario
        try:
            return super().handle(**options)
        finally:
            del conexao.ops.execute_sql_flush

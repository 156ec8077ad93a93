"""The application's PostgreSQL role: what it may do to the tables it does not own.

The tables belong to an owner role that only runs migrations; the web server and the workers
connect as the application role, which may read and write the working tables but cannot
UPDATE, DELETE nor TRUNCATE the append-only ones (`TABELAS_PROTEGIDAS` and whatever carries
the append-only trigger in the catalog), cannot write the column history at all (its trigger
function runs as the owner), and, not owning anything, cannot disable or drop a trigger.

`aplicar_privilegios` is run by `manage.py papeis_banco` and, when `DATABASE_APP_ROLE` is set,
after every `migrate` (post_migrate), so new tables get their grants.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import connections, transaction
from django.utils.translation import gettext as _

from comum.somente_insercao import (
    TABELA_ALTERACOES,
    TABELAS_PROTEGIDAS,
    tabelas_protegidas_no_banco,
)


def _id(conexao, nome: str) -> str:
    return conexao.ops.quote_name(nome)


def papel_existe(cursor, papel: str) -> bool:
    cursor.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", [papel])
    return cursor.fetchone() is not None


def tabelas_protegidas(cursor) -> list[str]:
    """The registry plus the catalog (a protected table missing from the registry still loses
    its UPDATE/DELETE grant), restricted to the tables that exist in the current schema."""
    nomes = sorted(set(TABELAS_PROTEGIDAS) | tabelas_protegidas_no_banco(cursor))
    cursor.execute(
        "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
        "WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') "
        "AND c.relname = ANY(%s)", [nomes])
    existentes = {linha[0] for linha in cursor.fetchall()}
    return [nome for nome in nomes if nome in existentes]


def aplicar_privilegios(conexao, papel: str) -> list[str]:
    """Grant the application role what it needs on the current schema, and take back from the
    protected tables what would let it rewrite them. Run as the owner or a superuser.

    Returns the protected tables (those whose UPDATE, DELETE and TRUNCATE were revoked).
    """
    p = _id(conexao, papel)
    # One transaction: a running application never sees the tables without their grants.
    with transaction.atomic(using=conexao.alias), conexao.cursor() as cursor:
        if not papel_existe(cursor, papel):
            raise ImproperlyConfigured(_(
                "O papel %(papel)s não existe no PostgreSQL; crie-o com "
                "“manage.py papeis_banco”.") % {"papel": papel})
        cursor.execute("SELECT current_schema()")
        esquema = _id(conexao, cursor.fetchone()[0])
        protegidas = tabelas_protegidas(cursor)
        cursor.execute(f"GRANT USAGE ON SCHEMA {esquema} TO {p}")
        # Nothing beyond the four data privileges, whatever was granted before.
        cursor.execute(f"REVOKE ALL ON ALL TABLES IN SCHEMA {esquema} FROM {p}")
        cursor.execute(
            f"GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA {esquema} TO {p}")
        cursor.execute(f"REVOKE ALL ON ALL SEQUENCES IN SCHEMA {esquema} FROM {p}")
        cursor.execute(f"GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA {esquema} TO {p}")
        if protegidas:
            lista = ", ".join(f"{esquema}.{_id(conexao, t)}" for t in protegidas)
            cursor.execute(f"REVOKE UPDATE, DELETE, TRUNCATE ON {lista} FROM {p}")
            cursor.execute(f"REVOKE UPDATE, DELETE, TRUNCATE ON {lista} FROM PUBLIC")
        if TABELA_ALTERACOES in protegidas:
            # Written only by the trigger function (SECURITY DEFINER, owner).
            cursor.execute(
                f"REVOKE INSERT ON {esquema}.{_id(conexao, TABELA_ALTERACOES)} FROM {p}")
    return protegidas


def aplicar_privilegios_apos_migrate(sender, using="default", **kwargs) -> None:
    """post_migrate: (re)apply the grants when `DATABASE_APP_ROLE` names the application role
    and the database is PostgreSQL. Skipped when the migration itself runs as that role (it
    could not grant anything; e.g. a test flush under the application role)."""
    papel = getattr(settings, "DATABASE_APP_ROLE", "")
    conexao = connections[using]
    if not papel or conexao.vendor != "postgresql":
        return
    with conexao.cursor() as cursor:
        cursor.execute("SELECT current_user")
        if cursor.fetchone()[0] == papel:
            return
    aplicar_privilegios(conexao, papel)

"""PostgreSQL triggers that protect the audit trail at the database.

Two kinds of trigger, installed by migrations:

* append-only: on the audit (`Ato`), simple-history and snapshot tables a row trigger refuses
  UPDATE and DELETE and a statement trigger refuses TRUNCATE (`proteger_tabelas`). The single
  exception is the LGPD shredding (see `FUNCAO`).
* column history: on the decision-bearing columns (scores, verdicts, list states...) statement
  triggers write every real change — also a raw SQL one — to the append-only table
  `certames_alteracaocoluna` (model `certames.AlteracaoColuna`; `registrar_colunas`).

Together with the database roles (`comum.privilegios_banco`, `manage.py papeis_banco`: the
application connects as a role that does not own the tables and has no UPDATE, DELETE or
TRUNCATE on the protected ones) nobody but the owner can erase the trail, and even the owner's
TRUNCATE is refused.

On other databases (SQLite in development) nothing is installed: the model layer refuses
changes to `Ato`, but only PostgreSQL enforces it for every client and keeps the column history.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.apps import apps
from django.core.exceptions import ImproperlyConfigured
from django.db import migrations

#: Every append-only table, declared by its own app at app loading (`declarar_tabelas`, from
#: `<app>/declaracoes.py`): the registry the grants and the tests use. A migration freezes its
#: own list: a new protected table goes in its app's declarations and in its migration's
#: `proteger_tabelas`.
TABELAS_PROTEGIDAS: list[str] = []

#: The column-history table, written only by `auditoria_registra_colunas()`.
TABELA_ALTERACOES = "certames_alteracaocoluna"

#: Decision-bearing columns whose every change the database records, declared by each app at
#: app loading (`declarar_colunas`): table -> (context columns copied with each change, audited
#: columns). Every table's primary key is `id`. `certames_ato.tipo` marks the transactions that
#: recorded an act, so a change made without one (raw SQL) stands out on the audit page.
COLUNAS_AUDITADAS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}


def _modelos_da_app(app_label: str) -> dict[str, Any]:
    """The app's models by table (simple-history's included), for the declarations' checks."""
    return {m._meta.db_table: m
            for m in apps.get_app_config(app_label).get_models(include_auto_created=True)}


def declarar_tabelas(app_label: str, tabelas) -> None:
    """Register the app's append-only tables (called from its AppConfig.ready). A table that
    is no model of that app, or one already declared, is an error at start."""
    modelos = _modelos_da_app(app_label)
    tabelas = tuple(tabelas)
    for tabela in tabelas:
        if tabela not in modelos:
            raise ImproperlyConfigured(
                f"somente_insercao: {app_label} declara a tabela {tabela!r}, que não é de "
                "nenhum modelo seu.")
        if tabela in TABELAS_PROTEGIDAS or tabelas.count(tabela) > 1:
            raise ImproperlyConfigured(f"somente_insercao: tabela {tabela!r} declarada duas vezes.")
    TABELAS_PROTEGIDAS.extend(tabelas)


def declarar_colunas(app_label: str, colunas: Mapping) -> None:
    """Register the app's audited columns, {table: (context, columns)} (called from its
    AppConfig.ready). A table that is no model of that app, a column it does not have, or a
    table already declared is an error at start."""
    modelos = _modelos_da_app(app_label)
    for tabela, (contexto, auditadas) in colunas.items():
        modelo = modelos.get(tabela)
        if modelo is None:
            raise ImproperlyConfigured(
                f"somente_insercao: {app_label} declara colunas da tabela {tabela!r}, que não "
                "é de nenhum modelo seu.")
        existentes = {f.column for f in modelo._meta.concrete_fields}
        faltam = [c for c in (*contexto, *auditadas) if c not in existentes]
        if faltam:
            raise ImproperlyConfigured(
                f"somente_insercao: a tabela {tabela!r} não tem as colunas {faltam}.")
        if tabela in COLUNAS_AUDITADAS:
            raise ImproperlyConfigured(
                f"somente_insercao: colunas da tabela {tabela!r} declaradas duas vezes.")
    COLUNAS_AUDITADAS.update({t: (tuple(c), tuple(a)) for t, (c, a) in colunas.items()})


# --- append-only -------------------------------------------------------------------------------

# `%%` because the schema editor passes parameters (a literal % is doubled).
FUNCAO = """
CREATE OR REPLACE FUNCTION auditoria_recusa_alteracao() RETURNS trigger AS $$
BEGIN
    -- LGPD shredding (anonymising personal data past its retention): only UPDATE, never
    -- DELETE nor TRUNCATE, and only in a transaction that ran
    -- SET LOCAL certames.expurgo_lgpd = 'on'. The application role cannot use it: it has no
    -- UPDATE privilege on these tables (comum/privilegios_banco.py), so only the owner
    -- role, which records an act of the shredding, gets here.
    IF TG_OP = 'UPDATE' AND current_setting('certames.expurgo_lgpd', true) = 'on' THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'A tabela de auditoria %% aceita apenas inclusões (%% recusado).',
        TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql
"""

COMENTARIO = """
COMMENT ON FUNCTION auditoria_recusa_alteracao() IS
'Append-only audit tables: refuses UPDATE, DELETE (row triggers) and TRUNCATE (statement '
'trigger). Exception: UPDATE only, when the transaction set certames.expurgo_lgpd = ''on'' '
'(LGPD shredding, run by the owner role; the application role has no UPDATE privilege).';
"""

_DROP = 'DROP TRIGGER IF EXISTS "{tabela}_somente_insercao" ON "{tabela}"'
_DROP_TRUNCATE = 'DROP TRIGGER IF EXISTS "{tabela}_sem_truncate" ON "{tabela}"'


def instalar_protecao(schema_editor, tabelas) -> None:
    """(Re)install the append-only row trigger and the TRUNCATE trigger on these tables."""
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(FUNCAO)
    schema_editor.execute(COMENTARIO)
    for tabela in tabelas:
        schema_editor.execute(_DROP.format(tabela=tabela))
        schema_editor.execute(
            f'CREATE TRIGGER "{tabela}_somente_insercao" BEFORE UPDATE OR DELETE ON '
            f'"{tabela}" FOR EACH ROW EXECUTE FUNCTION auditoria_recusa_alteracao()')
        schema_editor.execute(_DROP_TRUNCATE.format(tabela=tabela))
        schema_editor.execute(
            f'CREATE TRIGGER "{tabela}_sem_truncate" BEFORE TRUNCATE ON "{tabela}" '
            f'FOR EACH STATEMENT EXECUTE FUNCTION auditoria_recusa_alteracao()')


def remover_protecao(schema_editor, tabelas, *, apenas_truncate: bool = False) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    for tabela in tabelas:
        schema_editor.execute(_DROP_TRUNCATE.format(tabela=tabela))
        if not apenas_truncate:
            schema_editor.execute(_DROP.format(tabela=tabela))


def _criar(tabelas):
    def aplicar(apps, schema_editor):
        instalar_protecao(schema_editor, tabelas)

    return aplicar


def _remover(tabelas):
    def desfazer(apps, schema_editor):
        remover_protecao(schema_editor, tabelas)

    return desfazer


def proteger_tabelas(*tabelas: str) -> migrations.RunPython:
    """A migration operation making these tables append-only (UPDATE, DELETE and TRUNCATE
    refused). Declare the tables in their app's declarations too (`declarar_tabelas`)."""
    return migrations.RunPython(_criar(tabelas), _remover(tabelas))


def tabelas_protegidas_no_banco(cursor) -> set[str]:
    """The tables of the current schema that carry the append-only trigger (the catalog)."""
    cursor.execute(
        "SELECT DISTINCT c.relname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid "
        "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() "
        "AND t.tgfoid = to_regproc('auditoria_recusa_alteracao')")
    return {linha[0] for linha in cursor.fetchall()}


# --- column history ----------------------------------------------------------------------------


def _funcao_colunas(esquema: str) -> str:
    """The trigger function writing the column history.

    Statement-level AFTER triggers with transition tables (`novas`, `antigas`): one set-based
    INSERT per statement, so a bulk import of 100,000 inscrições costs one statement per batch,
    not one per row. Arguments: the context columns (comma-separated), then the audited ones;
    the query is built from them (dynamic SQL sees the transition tables) so each row is read
    once, into a small JSON object of the audited columns, and an UPDATE that changed none of
    them costs one comparison per row. Every table's key is `id`. JIT is off: the planner
    cannot estimate transition tables and would compile a 20,000-row statement for a second.

    SECURITY DEFINER (runs as the owner) so the application role needs no INSERT privilege on
    the history table and cannot forge entries; the table is schema-qualified and the
    search_path fixed (pg_temp last) so a temporary table cannot capture the rows. It records
    the login role (session_user) and the role in effect (SET ROLE), not the definer.
    """
    q = '"' + esquema.replace('"', '""') + '"'
    destino = f'{q}."{TABELA_ALTERACOES}"'
    colunas = ("tabela, registro_id, coluna, operacao, valor_anterior, valor_novo, contexto, "
               "usuario_banco, papel_banco, registrada_em, transacao")
    # On INSERT and DELETE an empty value (NULL, '', [], {}) is not a decision: not logged.
    vazio = "e.value NOT IN (''null'', ''\"\"'', ''[]'', ''{}'')"
    return f"""
CREATE OR REPLACE FUNCTION auditoria_registra_colunas() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, {q}, pg_temp
SET jit = off AS $$
DECLARE
    usuario text := session_user;
    papel text := coalesce(nullif(current_setting('role', true), 'none'), session_user);
    momento timestamptz := now();
    transacao bigint := txid_current();
    -- jsonb_build_object('col', <alias>.col, ...) of the context and of the audited columns
    contexto text;
    auditadas text;
    inserir text := 'INSERT INTO {destino} ({colunas}) ';
BEGIN
    SELECT 'jsonb_build_object(' || coalesce(string_agg(format('%L, %%1$s.%I', k, k), ', '),
                                             '') || ')'
      INTO contexto FROM unnest(string_to_array(TG_ARGV[0], ',')) AS k;
    SELECT 'jsonb_build_object(' || string_agg(format('%L, %%1$s.%I', c, c), ', ') || ')'
      INTO auditadas FROM unnest(TG_ARGV[1:]) AS c;
    IF TG_OP = 'INSERT' THEN
        EXECUTE inserir || format(
            'SELECT $1, n.id::text, e.key, ''INSERT'', NULL, e.value #>> ''{{}}'', %s, '
            '$2, $3, $4, $5 FROM novas AS n CROSS JOIN LATERAL jsonb_each(%s) AS e '
            'WHERE {vazio}', format(contexto, 'n'), format(auditadas, 'n'))
        USING TG_TABLE_NAME, usuario, papel, momento, transacao;
    ELSIF TG_OP = 'UPDATE' THEN
        EXECUTE inserir || format(
            'SELECT $1, n.id::text, e.key, ''UPDATE'', x.antes ->> e.key, e.value #>> ''{{}}'', '
            '%s, $2, $3, $4, $5 FROM novas AS n JOIN antigas AS a ON a.id = n.id '
            'CROSS JOIN LATERAL (SELECT %s AS antes, %s AS depois OFFSET 0) AS x '
            'CROSS JOIN LATERAL jsonb_each(x.depois) AS e '
            'WHERE x.antes <> x.depois AND e.value IS DISTINCT FROM x.antes -> e.key',
            format(contexto, 'n'), format(auditadas, 'a'), format(auditadas, 'n'))
        USING TG_TABLE_NAME, usuario, papel, momento, transacao;
    ELSIF TG_OP = 'DELETE' THEN
        EXECUTE inserir || format(
            'SELECT $1, a.id::text, e.key, ''DELETE'', e.value #>> ''{{}}'', NULL, %s, '
            '$2, $3, $4, $5 FROM antigas AS a CROSS JOIN LATERAL jsonb_each(%s) AS e '
            'WHERE {vazio}', format(contexto, 'a'), format(auditadas, 'a'))
        USING TG_TABLE_NAME, usuario, papel, momento, transacao;
    END IF;
    RETURN NULL;
END;
$$
"""


_COLUNAS_PRIVILEGIOS = [
    # Only the owner may attach it to a table (EXECUTE is checked at CREATE TRIGGER).
    "REVOKE ALL ON FUNCTION auditoria_registra_colunas() FROM PUBLIC",
    "COMMENT ON FUNCTION auditoria_registra_colunas() IS 'Column history of decision-bearing "
    "columns (comum/somente_insercao.py): every real change (IS DISTINCT FROM), also by raw "
    f"SQL, becomes a row of {TABELA_ALTERACOES}.'",
]


def _nomes_gatilhos_colunas(tabela: str) -> tuple[str, str, str]:
    return (f"{tabela}_colunas_ins", f"{tabela}_colunas_upd", f"{tabela}_colunas_del")


def instalar_historico_colunas(schema_editor, auditadas: dict) -> None:
    """(Re)install the column-history function and the triggers of `auditadas`."""
    if schema_editor.connection.vendor != "postgresql":
        return
    with schema_editor.connection.cursor() as cursor:
        cursor.execute("SELECT current_schema()")
        esquema = cursor.fetchone()[0]
    # Plain execute: the function body holds no parameters, and '%' is not doubled there.
    with schema_editor.connection.cursor() as cursor:
        cursor.execute(_funcao_colunas(esquema))
        for sql in _COLUNAS_PRIVILEGIOS:
            cursor.execute(sql)
    for tabela, (contexto, colunas) in auditadas.items():
        argumentos = ", ".join(f"'{a}'" for a in (",".join(contexto), *colunas))
        ins, upd, dele = _nomes_gatilhos_colunas(tabela)
        for nome in (ins, upd, dele):
            schema_editor.execute(f'DROP TRIGGER IF EXISTS "{nome}" ON "{tabela}"')
        schema_editor.execute(
            f'CREATE TRIGGER "{ins}" AFTER INSERT ON "{tabela}" REFERENCING NEW TABLE AS novas '
            f'FOR EACH STATEMENT EXECUTE FUNCTION auditoria_registra_colunas({argumentos})')
        schema_editor.execute(
            f'CREATE TRIGGER "{upd}" AFTER UPDATE ON "{tabela}" REFERENCING OLD TABLE AS antigas '
            f'NEW TABLE AS novas '
            f'FOR EACH STATEMENT EXECUTE FUNCTION auditoria_registra_colunas({argumentos})')
        schema_editor.execute(
            f'CREATE TRIGGER "{dele}" AFTER DELETE ON "{tabela}" REFERENCING OLD TABLE AS antigas '
            f'FOR EACH STATEMENT EXECUTE FUNCTION auditoria_registra_colunas({argumentos})')


def remover_historico_colunas(schema_editor, auditadas: dict) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    for tabela in auditadas:
        for nome in _nomes_gatilhos_colunas(tabela):
            schema_editor.execute(f'DROP TRIGGER IF EXISTS "{nome}" ON "{tabela}"')


def registrar_colunas(auditadas: dict) -> migrations.RunPython:
    """A migration operation installing the column history on {table: (context, columns)}.
    Declare the entries in their app's declarations too (`declarar_colunas`)."""
    auditadas = dict(auditadas)

    def aplicar(apps, schema_editor):
        instalar_historico_colunas(schema_editor, auditadas)

    def desfazer(apps, schema_editor):
        remover_historico_colunas(schema_editor, auditadas)

    return migrations.RunPython(aplicar, desfazer)

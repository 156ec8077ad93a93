"""PostgreSQL triggers that make the audit tables append-only (UPDATE and DELETE refused).

Used by migrations. On other databases (SQLite in development) the model layer refuses
changes to `Ato`, but only PostgreSQL enforces it for every client.
"""

from django.db import migrations

FUNCAO = """
CREATE OR REPLACE FUNCTION auditoria_recusa_alteracao() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'A tabela de auditoria %% aceita apenas inclusões (%% recusado).',
        TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
"""


_DROP = 'DROP TRIGGER IF EXISTS "{tabela}_somente_insercao" ON "{tabela}"'


def _criar(tabelas):
    def aplicar(apps, schema_editor):
        if schema_editor.connection.vendor != "postgresql":
            return
        schema_editor.execute(FUNCAO)
        for tabela in tabelas:
            schema_editor.execute(_DROP.format(tabela=tabela))
            schema_editor.execute(
                f'CREATE TRIGGER "{tabela}_somente_insercao" BEFORE UPDATE OR DELETE ON '
                f'"{tabela}" FOR EACH ROW EXECUTE FUNCTION auditoria_recusa_alteracao()')

    return aplicar


def _remover(tabelas):
    def desfazer(apps, schema_editor):
        if schema_editor.connection.vendor != "postgresql":
            return
        for tabela in tabelas:
            schema_editor.execute(_DROP.format(tabela=tabela))

    return desfazer


def proteger_tabelas(*tabelas: str) -> migrations.RunPython:
    """A migration operation installing the append-only trigger on these tables."""
    return migrations.RunPython(_criar(tabelas), _remover(tabelas))

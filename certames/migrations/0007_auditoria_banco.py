"""The audit trail cannot be erased at the database.

* Every append-only table gets a statement-level BEFORE TRUNCATE trigger (the row triggers of
  the earlier migrations are re-installed with the new function, which lets the LGPD shredding
  UPDATE under `certames.expurgo_lgpd`).
* `AlteracaoColuna`: the column history, itself append-only, written by statement triggers on
  the decision-bearing columns (comum/somente_insercao.py).

The lists are frozen here; `TABELAS_PROTEGIDAS` and `COLUNAS_AUDITADAS` are the current ones.
"""

from django.db import migrations, models

from comum.somente_insercao import (
    instalar_historico_colunas,
    instalar_protecao,
    remover_historico_colunas,
    remover_protecao,
)

TABELAS = (
    'certames_ato',
    'certames_historicalcertame',
    'certames_historicalcargo',
    'certames_historicaletapa',
    'certames_historicalvagasurgida',
    'certames_versaoclassificacao',
    'certames_posicaolista',
    'certames_vagapreenchida',
    'certames_chamadaconvocacao',
    'certames_publicacao',
    'certames_alteracaocoluna',
    'candidatos_historicalcandidato',
    'candidatos_historicalinscricao',
    'candidatos_historicalsituacaolista',
    'candidatos_historicalpedidoisencao',
    'candidatos_historicalprocedimentoadministrativo',
    'candidatos_decisaoisencao',
    'candidatos_publicacaoisencao',
    'comissoes_voto',
    'comissoes_recurso',
    'comissoes_anexorecurso',
    'comissoes_publicacaoresultado',
    'comissoes_impedimento',
    'comissoes_analisedocumento',
    'comissoes_historicalcomissao',
    'comissoes_historicalmembrocomissao',
    'comissoes_historicalsessao',
    'comissoes_historicalconvocacao',
    'comissoes_historicalavaliacao',
)

COLUNAS = {
    'certames_ato': (('certame_id',), ('tipo',)),
    'certames_certame': ((), ('regime', 'parametros', 'status')),
    'certames_cargo': (('certame_id', 'codigo'), ('vagas',)),
    'certames_vagasurgida': (('cargo_id',), ('quantidade',)),
    'candidatos_inscricao': (('certame_id', 'cargo_id', 'numero'), ('nota', 'desempate', 'situacao', 'situacao_taxa', 'listas', 'convocada_em')),
    'candidatos_situacaolista': (('inscricao_id', 'lista'), ('estado',)),
    'candidatos_pedidoisencao': (('inscricao_id', 'tipo'), ('resultado_preliminar', 'resultado_final')),
    'candidatos_decisaoisencao': (('pedido_id', 'fase'), ('resultado',)),
    'candidatos_procedimentoadministrativo': (('inscricao_id', 'tipo', 'lista'), ('conclusao', 'consequencia')),
    'comissoes_convocacao': (('sessao_id', 'inscricao_id', 'lista'), ('comparecimento',)),
    'comissoes_avaliacao': (('comissao_id', 'inscricao_id', 'lista', 'instancia'), ('resultado',)),
    'comissoes_voto': (('avaliacao_id', 'membro_id'), ('sentido',)),
    'comissoes_analisedocumento': (('avaliacao_id', 'documento_id'), ('aceito',)),
}


def proteger(apps, schema_editor):
    instalar_protecao(schema_editor, TABELAS)


def desproteger(apps, schema_editor):
    # The earlier migrations' UPDATE/DELETE triggers stay; this one's table goes with its model.
    remover_protecao(schema_editor, TABELAS, apenas_truncate=True)


def registrar(apps, schema_editor):
    instalar_historico_colunas(schema_editor, COLUNAS)


def desregistrar(apps, schema_editor):
    remover_historico_colunas(schema_editor, COLUNAS)


class Migration(migrations.Migration):

    dependencies = [
        ('certames', '0006_estado_recalculo'),
        ('candidatos', '0007_estado_excluida'),
        ('comissoes', '0002_documentos'),
    ]

    operations = [
        migrations.CreateModel(
            name='AlteracaoColuna',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('tabela', models.CharField(max_length=63, verbose_name='tabela')),
                ('registro_id', models.CharField(max_length=64, verbose_name='id do registro')),
                ('coluna', models.CharField(max_length=63, verbose_name='coluna')),
                ('operacao', models.CharField(choices=[('INSERT', 'Inclusão'), ('UPDATE', 'Alteração'), ('DELETE', 'Exclusão')], max_length=6, verbose_name='operação')),
                ('valor_anterior', models.TextField(blank=True, null=True, verbose_name='valor anterior')),
                ('valor_novo', models.TextField(blank=True, null=True, verbose_name='valor novo')),
                ('contexto', models.JSONField(blank=True, default=dict, verbose_name='contexto')),
                ('usuario_banco', models.CharField(max_length=63, verbose_name='usuário do banco (login)')),
                ('papel_banco', models.CharField(max_length=63, verbose_name='papel do banco em efeito')),
                ('registrada_em', models.DateTimeField(verbose_name='quando (início da transação)')),
                ('transacao', models.BigIntegerField(verbose_name='transação')),
            ],
            options={
                'verbose_name': 'alteração registrada pelo banco',
                'verbose_name_plural': 'alterações registradas pelo banco',
                'ordering': ['-id'],
                'indexes': [models.Index(fields=['tabela', 'registro_id'], name='certames_al_tabela_e35b6c_idx'), models.Index(fields=['transacao'], name='certames_al_transac_b65935_idx')],
            },
        ),
        migrations.RunPython(proteger, desproteger),
        migrations.RunPython(registrar, desregistrar),
    ]

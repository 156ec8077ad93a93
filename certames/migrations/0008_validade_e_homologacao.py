"""The validity counted from the homologation.

* `homologado_em` and `prorrogado_em`: the dates of the homologation and of the extension acts
  (classificacao/homologacao.py); `prorrogacao_meses` becomes the extension granted (0 until then),
  set by the act, no longer edited in a form.
* `validade_meses` at most 24 (CF, art. 37, III), also as a check constraint.
* `criterios_heteroidentificacao`: published before the sessions (Lei 3.057/2026, art. 10,
  §3º, IV).
* The column history of `certames_certame` now also records the validity's columns and the
  criteria (comum/somente_insercao.py, `COLUNAS_AUDITADAS`; the lists are frozen here).
"""

import django.core.validators
from django.db import migrations, models

from comum.somente_insercao import instalar_historico_colunas

CERTAME_ANTES = {"certames_certame": ((), ("regime", "parametros", "status"))}
CERTAME_DEPOIS = {"certames_certame": ((), (
    "regime", "parametros", "status", "validade_meses", "homologado_em", "prorrogado_em",
    "prorrogacao_meses", "criterios_heteroidentificacao"))}


def registrar(apps, schema_editor):
    instalar_historico_colunas(schema_editor, CERTAME_DEPOIS)


def desfazer(apps, schema_editor):
    # Back to migration 0007's columns (its triggers, not none).
    instalar_historico_colunas(schema_editor, CERTAME_ANTES)


class Migration(migrations.Migration):

    dependencies = [
        ('certames', '0007_auditoria_banco'),
    ]

    operations = [
        migrations.AddField(
            model_name='certame',
            name='criterios_heteroidentificacao',
            field=models.TextField(blank=True, editable=False, help_text='Critérios de avaliação da comissão de heteroidentificação, publicados com o edital, antes das sessões.', verbose_name='critérios da heteroidentificação'),
        ),
        migrations.AddField(
            model_name='certame',
            name='homologado_em',
            field=models.DateField(blank=True, editable=False, null=True, verbose_name='homologado em'),
        ),
        migrations.AddField(
            model_name='certame',
            name='prorrogado_em',
            field=models.DateField(blank=True, editable=False, null=True, verbose_name='validade prorrogada em'),
        ),
        migrations.AddField(
            model_name='historicalcertame',
            name='criterios_heteroidentificacao',
            field=models.TextField(blank=True, editable=False, help_text='Critérios de avaliação da comissão de heteroidentificação, publicados com o edital, antes das sessões.', verbose_name='critérios da heteroidentificação'),
        ),
        migrations.AddField(
            model_name='historicalcertame',
            name='homologado_em',
            field=models.DateField(blank=True, editable=False, null=True, verbose_name='homologado em'),
        ),
        migrations.AddField(
            model_name='historicalcertame',
            name='prorrogado_em',
            field=models.DateField(blank=True, editable=False, null=True, verbose_name='validade prorrogada em'),
        ),
        migrations.AlterField(
            model_name='certame',
            name='prorrogacao_meses',
            field=models.PositiveSmallIntegerField(default=0, editable=False, help_text='Prorrogação concedida: o mesmo período da validade (Constituição Federal, art. 37, III); 0 enquanto não prorrogada.', verbose_name='prorrogação (meses)'),
        ),
        migrations.AlterField(
            model_name='certame',
            name='validade_meses',
            field=models.PositiveSmallIntegerField(default=24, help_text='Fixada no edital, contada da homologação: até 24 meses, prorrogável uma vez por igual período (Constituição Federal, art. 37, III).', validators=[django.core.validators.MinValueValidator(1, 'A validade do certame é de ao menos um mês.'), django.core.validators.MaxValueValidator(24, 'A validade do concurso é de até dois anos (24 meses), prorrogável uma vez por igual período (Constituição Federal, art. 37, III).')], verbose_name='validade (meses)'),
        ),
        migrations.AlterField(
            model_name='historicalcertame',
            name='prorrogacao_meses',
            field=models.PositiveSmallIntegerField(default=0, editable=False, help_text='Prorrogação concedida: o mesmo período da validade (Constituição Federal, art. 37, III); 0 enquanto não prorrogada.', verbose_name='prorrogação (meses)'),
        ),
        migrations.AlterField(
            model_name='historicalcertame',
            name='validade_meses',
            field=models.PositiveSmallIntegerField(default=24, help_text='Fixada no edital, contada da homologação: até 24 meses, prorrogável uma vez por igual período (Constituição Federal, art. 37, III).', validators=[django.core.validators.MinValueValidator(1, 'A validade do certame é de ao menos um mês.'), django.core.validators.MaxValueValidator(24, 'A validade do concurso é de até dois anos (24 meses), prorrogável uma vez por igual período (Constituição Federal, art. 37, III).')], verbose_name='validade (meses)'),
        ),
        migrations.AddConstraint(
            model_name='certame',
            constraint=models.CheckConstraint(condition=models.Q(('validade_meses__gte', 1), ('validade_meses__lte', 24)), name='certame_validade_ate_dois_anos'),
        ),
        migrations.AddConstraint(
            model_name='certame',
            constraint=models.CheckConstraint(condition=models.Q(('prorrogado_em__isnull', True), ('homologado_em__isnull', False), _connector='OR'), name='certame_prorrogacao_apos_homologacao'),
        ),
        migrations.RunPython(registrar, desfazer),
    ]

"""The appeal of the procedimento administrativo: the ruling beside the decision
(`recurso_*`, the appeal itself is the kernel's `nucleo.Recurso`), and what a proven case
changed (`efeitos`), which a granted appeal undoes.

Procedures decided before this migration get their `efeitos` from the acts their decision
wrote (same motivation as the decision): the inscrição's situation before the elimination
(`eliminacao`) and the list's state before "fraude" (`situacao_lista`)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def efeitos_das_decisoes(apps, schema_editor):
    Procedimento = apps.get_model("candidatos", "ProcedimentoAdministrativo")
    Ato = apps.get_model("certames", "Ato")
    ContentType = apps.get_model("contenttypes", "ContentType")
    tipo_inscricao = ContentType.objects.filter(app_label="candidatos",
                                                model="inscricao").first()
    if tipo_inscricao is None:  # a fresh database: no act yet
        return
    for proc in Procedimento.objects.filter(conclusao="procedente"):
        atos = Ato.objects.filter(objeto_tipo=tipo_inscricao, objeto_id=str(proc.inscricao_id),
                                  motivacao=proc.motivacao).order_by("criado_em", "id")
        efeitos = {}
        eliminacao = atos.filter(tipo="eliminacao").first()
        if eliminacao is not None and (eliminacao.antes or {}).get("situacao"):
            efeitos["situacao_anterior"] = eliminacao.antes["situacao"]
        if proc.lista:
            for ato in atos.filter(tipo="situacao_lista"):
                depois, antes = ato.depois or {}, ato.antes or {}
                if depois.get("lista") == proc.lista and depois.get("estado") == "fraude":
                    efeitos["estado_lista_anterior"] = antes.get("estado", "pendente")
        if efeitos:
            Procedimento.objects.filter(pk=proc.pk).update(efeitos=efeitos)


class Migration(migrations.Migration):

    dependencies = [
        ('candidatos', '0009_recursos_e_publicacoes_no_nucleo'),
        ('certames', '0002_auditoria_somente_insercao'),
        ('contenttypes', '0002_remove_content_type_name'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='historicalprocedimentoadministrativo',
            name='efeitos',
            field=models.JSONField(blank=True, default=dict, verbose_name='efeitos da decisão'),
        ),
        migrations.AddField(
            model_name='historicalprocedimentoadministrativo',
            name='recurso_fundamento',
            field=models.CharField(blank=True, max_length=250, verbose_name='fundamento do julgamento do recurso'),
        ),
        migrations.AddField(
            model_name='historicalprocedimentoadministrativo',
            name='recurso_julgado_em',
            field=models.DateTimeField(blank=True, null=True, verbose_name='recurso julgado em'),
        ),
        migrations.AddField(
            model_name='historicalprocedimentoadministrativo',
            name='recurso_julgado_por',
            field=models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to=settings.AUTH_USER_MODEL),
        ),
        migrations.AddField(
            model_name='historicalprocedimentoadministrativo',
            name='recurso_motivacao',
            field=models.TextField(blank=True, verbose_name='motivação do julgamento do recurso'),
        ),
        migrations.AddField(
            model_name='historicalprocedimentoadministrativo',
            name='recurso_resultado',
            field=models.CharField(blank=True, choices=[('provido', 'Recurso provido (decisão reformada)'), ('nao_provido', 'Recurso não provido (decisão mantida)')], max_length=12, verbose_name='julgamento do recurso'),
        ),
        migrations.AddField(
            model_name='procedimentoadministrativo',
            name='efeitos',
            field=models.JSONField(blank=True, default=dict, verbose_name='efeitos da decisão'),
        ),
        migrations.AddField(
            model_name='procedimentoadministrativo',
            name='recurso_fundamento',
            field=models.CharField(blank=True, max_length=250, verbose_name='fundamento do julgamento do recurso'),
        ),
        migrations.AddField(
            model_name='procedimentoadministrativo',
            name='recurso_julgado_em',
            field=models.DateTimeField(blank=True, null=True, verbose_name='recurso julgado em'),
        ),
        migrations.AddField(
            model_name='procedimentoadministrativo',
            name='recurso_julgado_por',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL),
        ),
        migrations.AddField(
            model_name='procedimentoadministrativo',
            name='recurso_motivacao',
            field=models.TextField(blank=True, verbose_name='motivação do julgamento do recurso'),
        ),
        migrations.AddField(
            model_name='procedimentoadministrativo',
            name='recurso_resultado',
            field=models.CharField(blank=True, choices=[('provido', 'Recurso provido (decisão reformada)'), ('nao_provido', 'Recurso não provido (decisão mantida)')], max_length=12, verbose_name='julgamento do recurso'),
        ),
        migrations.RunPython(efeitos_das_decisoes, migrations.RunPython.noop),
    ]

"""Appeals against RH's decisions (Lei 9.784/1999, art. 56, §1º): the
certame's superior authority, designated by RH (`AutoridadeRecursal`), and the steps of an
appeal before the decider (`TramiteRecurso`). Both are acts: append-only on PostgreSQL. The
appeals already filed are addressed to their deciders by `candidatos/0018_i21_autoridade`."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models

from comum.somente_insercao import proteger_tabelas


class Migration(migrations.Migration):

    dependencies = [
        ('certames', '0016_i21_ordem'),
        ('nucleo', '0002_dados_e_protecao'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='AutoridadeRecursal',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('ato', models.CharField(max_length=250, verbose_name='ato de designação')),
                ('motivacao', models.TextField(verbose_name='motivação')),
                ('designada_em', models.DateTimeField(default=django.utils.timezone.now, verbose_name='designada em')),
                ('certame', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='autoridades_recursais', to='certames.certame')),
                ('designada_por', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('usuario', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='autoridade superior')),
            ],
            options={
                'verbose_name': 'autoridade superior do certame',
                'verbose_name_plural': 'autoridades superiores dos certames',
                'ordering': ['certame', 'designada_em', 'pk'],
            },
        ),
        migrations.CreateModel(
            name='TramiteRecurso',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('etapa', models.CharField(choices=[('dirigido', 'Dirigido à autoridade que decidiu'), ('reconsiderado', 'Decisão reconsiderada por quem decidiu'), ('mantido', 'Decisão mantida; recurso encaminhado à autoridade superior')], max_length=15, verbose_name='etapa')),
                ('prazo', models.DateTimeField(blank=True, null=True, verbose_name='prazo para reconsiderar')),
                ('motivacao', models.TextField(blank=True, verbose_name='motivação')),
                ('registrado_em', models.DateTimeField(default=django.utils.timezone.now, verbose_name='registrado em')),
                ('recurso', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='tramites', to='nucleo.recurso')),
                ('usuario', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'verbose_name': 'trâmite de recurso',
                'verbose_name_plural': 'trâmites de recursos',
                'ordering': ['recurso', 'registrado_em', 'pk'],
                'constraints': [models.UniqueConstraint(condition=models.Q(('etapa', 'dirigido')), fields=('recurso',), name='nucleo_tramite_dirigido_unico'), models.UniqueConstraint(condition=models.Q(('etapa', 'dirigido'), _negated=True), fields=('recurso',), name='nucleo_tramite_reconsideracao_unica')],
            },
        ),
        proteger_tabelas("nucleo_autoridaderecursal", "nucleo_tramiterecurso"),
    ]

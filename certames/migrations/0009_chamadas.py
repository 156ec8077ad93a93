"""The call history as immutable acts (Chamada, EventoChamada),
append-only at the database (comum/somente_insercao.py)."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models

from comum.somente_insercao import proteger_tabelas


class Migration(migrations.Migration):

    dependencies = [
        ('candidatos', '0010_recurso_do_procedimento'),
        ('certames', '0008_validade_e_homologacao'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='Chamada',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('posicao', models.PositiveIntegerField(verbose_name='posição')),
                ('vaga', models.CharField(max_length=3, verbose_name='vaga')),
                ('lista', models.CharField(max_length=3, verbose_name='lista de origem')),
                ('chamada_em', models.DateTimeField(default=django.utils.timezone.now, verbose_name='convocada em')),
                ('prazo', models.DateField(verbose_name='prazo para apresentar os documentos')),
                ('autor', models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='autor')),
                ('cargo', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='chamadas', to='certames.cargo')),
                ('inscricao', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='chamadas', to='candidatos.inscricao')),
                ('versao', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='certames.versaoclassificacao')),
            ],
            options={
                'verbose_name': 'convocação',
                'verbose_name_plural': 'convocações',
                'ordering': ['cargo', 'posicao'],
            },
        ),
        migrations.CreateModel(
            name='EventoChamada',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('tipo', models.CharField(choices=[('nomeacao', 'Nomeação'), ('posse', 'Posse'), ('exercicio', 'Exercício'), ('desistencia', 'Desistência'), ('sem_efeito', 'Tornada sem efeito'), ('fim_de_fila', 'Fim de fila')], max_length=12, verbose_name='tipo')),
                ('data', models.DateField(verbose_name='data do ato')),
                ('registrado_em', models.DateTimeField(default=django.utils.timezone.now, verbose_name='registrado em')),
                ('pelo_candidato', models.BooleanField(default=False, verbose_name='pedido do candidato')),
                ('motivacao', models.TextField(blank=True, verbose_name='motivação')),
                ('fundamento', models.CharField(blank=True, max_length=250, verbose_name='fundamento')),
                ('autor', models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='autor')),
                ('chamada', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='eventos', to='certames.chamada')),
            ],
            options={
                'verbose_name': 'ato sobre a convocação',
                'verbose_name_plural': 'atos sobre convocações',
                'ordering': ['chamada', 'registrado_em', 'id'],
            },
        ),
        migrations.AddConstraint(
            model_name='chamada',
            constraint=models.UniqueConstraint(fields=('cargo', 'posicao'), name='chamada_posicao_unica'),
        ),
        migrations.AddConstraint(
            model_name='eventochamada',
            constraint=models.UniqueConstraint(fields=('chamada', 'tipo'), name='evento_chamada_unico'),
        ),
        proteger_tabelas("certames_chamada", "certames_eventochamada"),
    ]

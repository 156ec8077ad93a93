"""The outbox: every mail recorded (`Aviso`) with its tries, append-only (`TentativaAviso`)."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models

from comum.somente_insercao import proteger_tabelas


class Migration(migrations.Migration):

    dependencies = [
        ('candidatos', '0019_i27_planilhas'),
        ('certames', '0021_documento_anexo'),
        ('comum', '0001_i22_modelos_de_certames'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='Aviso',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('nome', models.CharField(db_index=True, max_length=80, verbose_name='e-mail')),
                ('para', models.CharField(max_length=1000, verbose_name='destinatário')),
                ('responder_a', models.CharField(blank=True, max_length=254)),
                ('chave', models.CharField(blank=True, max_length=120, null=True, unique=True)),
                ('assunto', models.CharField(max_length=300, verbose_name='assunto')),
                ('corpo', models.TextField(blank=True, verbose_name='corpo')),
                ('corpo_html', models.TextField(blank=True)),
                ('anexos', models.JSONField(blank=True, default=list)),
                ('sigiloso', models.BooleanField(default=False)),
                ('estado', models.CharField(choices=[('na_fila', 'na fila'), ('enviado', 'enviado'), ('falhou', 'falhou')], db_index=True, default='na_fila', max_length=10, verbose_name='estado')),
                ('tentativas', models.PositiveIntegerField(default=0, verbose_name='tentativas')),
                ('ultimo_erro', models.TextField(blank=True, verbose_name='último erro')),
                ('criado_em', models.DateTimeField(db_index=True, default=django.utils.timezone.now, verbose_name='criado em')),
                ('enviado_em', models.DateTimeField(blank=True, null=True, verbose_name='enviado em')),
                ('ato', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='avisos', to='certames.ato')),
                ('certame', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='certames.certame')),
                ('inscricao', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='candidatos.inscricao')),
                ('usuario', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'verbose_name': 'aviso',
                'ordering': ['-criado_em', '-id'],
            },
        ),
        migrations.CreateModel(
            name='TentativaAviso',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('em', models.DateTimeField(default=django.utils.timezone.now)),
                ('resultado', models.CharField(choices=[('enviado', 'enviado'), ('transitorio', 'falha transitória'), ('permanente', 'falha permanente')], max_length=12)),
                ('erro', models.TextField(blank=True)),
                ('aviso', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='historico', to='comum.aviso')),
            ],
            options={
                'ordering': ['em', 'id'],
            },
        ),
        proteger_tabelas("comum_tentativaaviso"),
    ]

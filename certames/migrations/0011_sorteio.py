"""The public draw of the whole-edital reserve as immutable acts
(AnuncioSorteio, Sorteio) and the group of each vacancy that arises later (DestinoVagaSurgida),
append-only at the database (comum/somente_insercao.py)."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models

from comum.somente_insercao import proteger_tabelas


class Migration(migrations.Migration):

    dependencies = [
        ('certames', '0010_documento_pdf'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='AnuncioSorteio',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('fonte_semente', models.TextField(verbose_name='fonte da semente')),
                ('data_da_semente', models.DateField(verbose_name='data da semente')),
                ('cargos', models.JSONField(verbose_name='cargos e vagas anunciados')),
                ('base_reserva', models.CharField(max_length=10, verbose_name='base da reserva racial')),
                ('base_reserva_pcd', models.CharField(max_length=10, verbose_name='base da reserva PcD')),
                ('fundamento', models.CharField(max_length=500, verbose_name='fundamento')),
                ('motivacao', models.TextField(blank=True, verbose_name='motivação (retificação)')),
                ('registrado_em', models.DateTimeField(default=django.utils.timezone.now, verbose_name='registrado em')),
                ('autor', models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='autor')),
                ('certame', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='anuncios_sorteio', to='certames.certame')),
            ],
            options={
                'verbose_name': 'anúncio do sorteio das vagas reservadas',
                'verbose_name_plural': 'anúncios do sorteio das vagas reservadas',
                'ordering': ['certame', '-registrado_em', '-id'],
            },
        ),
        migrations.CreateModel(
            name='Sorteio',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('semente', models.TextField(verbose_name='semente')),
                ('resultado', models.JSONField(verbose_name='resultado')),
                ('realizado_em', models.DateTimeField(default=django.utils.timezone.now, verbose_name='realizado em')),
                ('anuncio', models.OneToOneField(on_delete=django.db.models.deletion.PROTECT, related_name='sorteio', to='certames.anunciosorteio')),
                ('autor', models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='autor')),
                ('certame', models.OneToOneField(on_delete=django.db.models.deletion.PROTECT, related_name='sorteio', to='certames.certame')),
            ],
            options={
                'verbose_name': 'sorteio das vagas reservadas',
                'verbose_name_plural': 'sorteios das vagas reservadas',
                'ordering': ['-realizado_em', '-id'],
            },
        ),
        migrations.CreateModel(
            name='DestinoVagaSurgida',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('ordem', models.PositiveIntegerField(verbose_name='ordem')),
                ('grupo', models.CharField(max_length=3, verbose_name='lista')),
                ('vagas_edital', models.PositiveIntegerField(verbose_name='vagas do edital depois desta')),
                ('fundamento', models.TextField(verbose_name='fundamento')),
                ('vaga_surgida', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='destinos', to='certames.vagasurgida')),
            ],
            options={
                'verbose_name': 'destino de vaga surgida',
                'verbose_name_plural': 'destinos de vagas surgidas',
                'ordering': ['vaga_surgida', 'ordem'],
                'constraints': [models.UniqueConstraint(fields=('vaga_surgida', 'ordem'), name='destino_vaga_surgida_unico')],
            },
        ),
        proteger_tabelas("certames_anunciosorteio", "certames_sorteio",
                         "certames_destinovagasurgida"),
    ]

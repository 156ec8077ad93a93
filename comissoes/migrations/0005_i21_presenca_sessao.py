"""The members' presence in a committee session, an act of the session
(append-only at the database: comum/somente_insercao.py)."""

import django.db.models.deletion
from django.db import migrations, models

from comum.somente_insercao import proteger_tabelas


class Migration(migrations.Migration):

    dependencies = [
        ('comissoes', '0004_recursos_e_publicacoes_no_nucleo'),
    ]

    operations = [
        migrations.CreateModel(
            name='PresencaSessao',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('presente', models.BooleanField(verbose_name='presente')),
                ('justificativa', models.CharField(blank=True, max_length=250, verbose_name='justificativa da ausência')),
                ('registrada_em', models.DateTimeField(auto_now_add=True)),
                ('motivo_correcao', models.TextField(blank=True, verbose_name='motivo da correção')),
                ('membro', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='presencas', to='comissoes.membrocomissao')),
                ('registrada_por', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='comissoes.membrocomissao')),
                ('sessao', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='presencas', to='comissoes.sessao')),
                ('substitui', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='substituida_por', to='comissoes.presencasessao')),
            ],
            options={
                'verbose_name': 'presença em sessão',
                'verbose_name_plural': 'presenças em sessão',
                'ordering': ['sessao', 'registrada_em', 'id'],
            },
        ),
        proteger_tabelas("comissoes_presencasessao"),
    ]

"""Results are published in batches: `PublicacaoResultado.lote` and the
evaluations of each batch (`AvaliacaoPublicada`). The existing publications (one preliminary and
one final per certame and procedure) become batch 1 (the column's default, added by DDL: the
table is append-only), and batch 1's evaluations are those its preliminary publication made
visible under the old rule: closed no later than the publication."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

from comum.somente_insercao import proteger_tabelas


def lote_1(apps, schema_editor):
    Publicacao = apps.get_model("comissoes", "PublicacaoResultado")
    Avaliacao = apps.get_model("comissoes", "Avaliacao")
    AvaliacaoPublicada = apps.get_model("comissoes", "AvaliacaoPublicada")
    for pub in Publicacao.objects.filter(fase="preliminar").order_by("pk"):
        avaliacoes = Avaliacao.objects.filter(
            comissao__certame_id=pub.certame_id, comissao__tipo=pub.procedimento,
            instancia="primeira", encerrada_em__isnull=False,
            encerrada_em__lte=pub.publicada_em).order_by("pk")
        AvaliacaoPublicada.objects.bulk_create(
            [AvaliacaoPublicada(publicacao_id=pub.pk, avaliacao_id=av.pk) for av in avaliacoes])


class Migration(migrations.Migration):

    dependencies = [
        ('certames', '0007_auditoria_banco'),
        ('comissoes', '0002_documentos'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='AvaliacaoPublicada',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
            ],
            options={
                'verbose_name': 'avaliação publicada em lote',
                'verbose_name_plural': 'avaliações publicadas em lote',
            },
        ),
        migrations.RemoveConstraint(
            model_name='publicacaoresultado',
            name='publicacao_resultado_unica',
        ),
        migrations.AddField(
            model_name='publicacaoresultado',
            name='lote',
            field=models.PositiveIntegerField(default=1, verbose_name='lote'),
        ),
        migrations.AddConstraint(
            model_name='publicacaoresultado',
            constraint=models.UniqueConstraint(fields=('certame', 'procedimento', 'fase', 'lote'), name='publicacao_resultado_unica_por_lote'),
        ),
        migrations.AddField(
            model_name='avaliacaopublicada',
            name='avaliacao',
            field=models.OneToOneField(on_delete=django.db.models.deletion.PROTECT, related_name='publicacao_do_lote', to='comissoes.avaliacao'),
        ),
        migrations.AddField(
            model_name='avaliacaopublicada',
            name='publicacao',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='itens', to='comissoes.publicacaoresultado'),
        ),
        migrations.RunPython(lote_1, migrations.RunPython.noop),
        proteger_tabelas("comissoes_avaliacaopublicada"),
    ]

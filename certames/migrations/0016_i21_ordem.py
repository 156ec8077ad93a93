"""The call order without preterição (spec v3, section 7 step 5).

The versions already computed hold the former order, in which a reserved seat reverted to AC
called the worst-ranked AC occupant at its early position. Every cargo with a version gets a
recompute requested (its generation bumped, as `solicitar_recalculo` does, and dated in the
past so that the periodic sweep `certames.reenfileirar_recalculos_atrasados` queues it at
once). The input hash now carries the order's rule (`classificacao.listas.VERSAO_ORDEM`), so
the recompute writes a new version; until it is computed, publishing and calling are refused
(the cargo page says a recompute is pending). No version, publication or call is rewritten.
"""

import datetime as dt

from django.db import migrations
from django.db.models import F


def pedir_recalculo(apps, schema_editor):
    Cargo = apps.get_model("certames", "Cargo")
    VersaoClassificacao = apps.get_model("certames", "VersaoClassificacao")
    com_versao = VersaoClassificacao.objects.values_list("cargo_id", flat=True).distinct()
    Cargo.objects.filter(pk__in=list(com_versao)).update(
        geracao_classificacao=F("geracao_classificacao") + 1,
        recalculo_enfileirado_em=dt.datetime(2000, 1, 1, tzinfo=dt.UTC))


class Migration(migrations.Migration):

    dependencies = [
        ("certames", "0015_i21_anulacao"),
    ]

    operations = [
        migrations.RunPython(pedir_recalculo, migrations.RunPython.noop),
    ]

from django.db import migrations

from comum.somente_insercao import proteger_tabelas


class Migration(migrations.Migration):
    dependencies = [("certames", "0001_initial")]

    operations = [
        proteger_tabelas(
            "certames_ato",
            "certames_historicalcertame",
            "certames_historicalcargo",
            "certames_historicaletapa",
            "certames_historicalvagasurgida",
        ),
    ]

from django.db import migrations

from comum.somente_insercao import proteger_tabelas


class Migration(migrations.Migration):
    dependencies = [("candidatos", "0002_initial"), ("certames", "0002_auditoria_somente_insercao")]

    operations = [
        proteger_tabelas("candidatos_historicalcandidato", "candidatos_historicalinscricao"),
    ]

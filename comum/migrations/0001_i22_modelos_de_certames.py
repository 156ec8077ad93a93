"""The page cache's generations and the tasks a broker refused move from certames to comum.

The tables keep their names (`db_table`): only Django's state moves; the rows stay.
"""

import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ("certames", "0017_i27_redis"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name="TarefaPendente",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True,
                                                   serialize=False, verbose_name="ID")),
                        ("nome", models.CharField(max_length=200)),
                        ("args", models.JSONField(default=list)),
                        ("kwargs", models.JSONField(default=dict)),
                        ("erro", models.TextField(blank=True)),
                        ("tentativas", models.PositiveIntegerField(default=1)),
                        ("criada_em", models.DateTimeField(default=django.utils.timezone.now)),
                        ("tentada_em", models.DateTimeField(default=django.utils.timezone.now)),
                    ],
                    options={"db_table": "certames_tarefapendente", "ordering": ["id"]},
                ),
                migrations.CreateModel(
                    name="Invalidacao",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True,
                                                   serialize=False, verbose_name="ID")),
                        ("escopo", models.CharField(max_length=40)),
                        ("peso", models.PositiveBigIntegerField(default=1)),
                        ("criada_em", models.DateTimeField(default=django.utils.timezone.now)),
                    ],
                    options={
                        "db_table": "certames_invalidacao",
                        "indexes": [models.Index(fields=["escopo", "peso", "criada_em"],
                                                 name="invalidacao_escopo")],
                    },
                ),
            ],
        ),
    ]

"""The page cache's generations and the tasks a broker refused now belong to comum (its
migration 0001 takes them over with their tables): only Django's state changes here."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("certames", "0017_i27_redis"),
        ("comum", "0001_i22_modelos_de_certames"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.DeleteModel(name="Invalidacao"),
                migrations.DeleteModel(name="TarefaPendente"),
            ],
        ),
    ]

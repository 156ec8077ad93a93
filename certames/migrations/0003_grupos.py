"""Formerly seeded the groups; now certames/dados_iniciais.py does it on post_migrate."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("certames", "0002_auditoria_somente_insercao"),
        ("candidatos", "0003_auditoria_somente_insercao"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        # Groups, RH permissions and the minimum-wage table are seeded on post_migrate
        # (certames/dados_iniciais.py), so they survive test database flushes too.
    ]

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("candidatos", "0013_condicoes_especiais"),
    ]

    operations = [
        migrations.CreateModel(
            name="LeituraAvisos",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False,
                                           verbose_name="ID")),
                ("vistos_em", models.DateTimeField(verbose_name="avisos vistos em")),
                ("candidato", models.OneToOneField(
                    on_delete=django.db.models.deletion.CASCADE,
                    related_name="leitura_avisos", to="candidatos.candidato")),
            ],
            options={
                "verbose_name": "leitura dos avisos",
                "verbose_name_plural": "leituras dos avisos",
            },
        ),
    ]

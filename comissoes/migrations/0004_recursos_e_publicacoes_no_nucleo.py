"""The appeals and the batch publications of the committee procedures live in the procedure
kernel now (`nucleo`); `nucleo.0002_dados_e_protecao` copied them there."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("nucleo", "0002_dados_e_protecao"),
        ("comissoes", "0003_lotes_de_resultados"),
    ]

    operations = [
        migrations.DeleteModel(name="AnexoRecurso"),
        migrations.DeleteModel(name="AvaliacaoPublicada"),
        migrations.DeleteModel(name="Recurso"),
        migrations.DeleteModel(name="PublicacaoResultado"),
    ]

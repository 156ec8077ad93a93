"""The fee exemption's appeals and publications live in the procedure kernel now (`nucleo`): `nucleo.0002_dados_e_protecao` copied `PublicacaoIsencao` (batch 1 of the
certame, with its content) and `RecursoIsencao` (with its attachment) there."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("nucleo", "0002_dados_e_protecao"),
        ("candidatos", "0008_pedido_cadastro"),
    ]

    operations = [
        migrations.DeleteModel(name="PublicacaoIsencao"),
        migrations.DeleteModel(name="RecursoIsencao"),
    ]

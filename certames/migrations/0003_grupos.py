"""The three audiences as groups, with the model permissions RH needs in the admin."""

from django.db import migrations

RH_MODELOS = {
    "certames": ["orgao", "certame", "cargo", "etapa", "vagasurgida"],
    "candidatos": ["candidato", "inscricao"],
}


def criar_grupos(apps, schema_editor):
    from django.contrib.auth.management import create_permissions

    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    rh, _ = Group.objects.get_or_create(name="RH")
    for nome in ("Comissao", "Candidato"):
        Group.objects.get_or_create(name=nome)
    perms = []
    for app_label, modelos in RH_MODELOS.items():
        perms += list(Permission.objects.filter(content_type__app_label=app_label,
                                                content_type__model__in=modelos))
    perms += list(Permission.objects.filter(content_type__app_label__in=["certames", "candidatos"],
                                            codename__in=["view_ato", "view_importacao"]))
    rh.permissions.add(*perms)


class Migration(migrations.Migration):
    dependencies = [
        ("certames", "0002_auditoria_somente_insercao"),
        ("candidatos", "0003_auditoria_somente_insercao"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(criar_grupos, migrations.RunPython.noop)]

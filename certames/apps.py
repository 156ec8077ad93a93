from django.apps import AppConfig
from django.db.models.signals import post_migrate


class CertamesConfig(AppConfig):
    default_auto_field = 'django.db.models.BigAutoField'
    name = 'certames'

    def ready(self):
        # Imported at app loading: the module reads the models (the registry must be ready).
        from certames.privilegios_banco import aplicar_privilegios_apos_migrate

        # Every table exists when post_migrate is sent (after all migrations ran).
        post_migrate.connect(aplicar_privilegios_apos_migrate, sender=self,
                             dispatch_uid="certames.privilegios_banco")

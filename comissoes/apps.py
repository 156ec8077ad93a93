from django.apps import AppConfig
from django.db.models.signals import post_migrate


class ComissoesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "comissoes"
    verbose_name = "Comissões"

    def ready(self):
        from certames.dados_iniciais import garantir_dados_iniciais

        # The last of our apps: every permission exists when its post_migrate is sent.
        post_migrate.connect(garantir_dados_iniciais, sender=self,
                             dispatch_uid="certames.dados_iniciais")

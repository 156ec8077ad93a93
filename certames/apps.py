from django.apps import AppConfig
from django.db.models.signals import post_migrate


class CertamesConfig(AppConfig):
    default_auto_field = 'django.db.models.BigAutoField'
    name = 'certames'

    def ready(self):
        # Imported at app loading: documentos registers the vacancy table and published-list
        # PDFs (certames.impressos) in every process, web or Celery worker; seguranca the HTTPS
        # system check and the filter of one-time links in the logs.
        from certames import cache_publico, documentos, seguranca  # noqa: F401

        # At app loading too: privilegios_banco reads the models (the registry must be ready).
        from certames.privilegios_banco import aplicar_privilegios_apos_migrate

        # Writes that change a public page renew its cached copy.
        cache_publico.conectar()
        # One-time links hidden from the logs; long upload names reach the forms.
        seguranca.ocultar_links_nos_registros()
        seguranca.ampliar_cabecalhos_das_partes()
        # Every table exists when post_migrate is sent (after all migrations ran).
        post_migrate.connect(aplicar_privilegios_apos_migrate, sender=self,
                             dispatch_uid="certames.privilegios_banco")

from django.apps import AppConfig
from django.db.models.signals import post_migrate


class ComumConfig(AppConfig):
    """The bottom layer: tools every app shares (formats, spreadsheets, exports, files, queues,
    confirmation, security middleware, the page-cache mechanism, the append-only base, the
    database roles, mail). It imports no other app of the project."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "comum"

    def ready(self):
        # Imported at app loading: seguranca registers the HTTPS system check and the filter
        # of one-time links in the logs; cache_publico the check of the shared cache (each
        # app declares its own sources in its ready(): `<app>/declaracoes.py`).
        from comum import cache_publico, seguranca, somente_insercao  # noqa: F401

        # At app loading too: privilegios_banco reads the models (the registry must be ready).
        from comum.privilegios_banco import aplicar_privilegios_apos_migrate

        # One-time links hidden from the logs; long upload names reach the forms.
        # The outbox's tries are append-only (comum.models.TentativaAviso).
        somente_insercao.declarar_tabelas("comum", ("comum_tentativaaviso",))
        seguranca.ocultar_links_nos_registros()
        seguranca.ampliar_cabecalhos_das_partes()
        # Every table exists when post_migrate is sent (after all migrations ran).
        post_migrate.connect(aplicar_privilegios_apos_migrate, sender=self,
                             dispatch_uid="comum.privilegios_banco")

from django.apps import AppConfig


class CertamesConfig(AppConfig):
    default_auto_field = 'django.db.models.BigAutoField'
    name = 'certames'

    def ready(self):
        # Imported at app loading: the declarations name models, which exist only once the
        # registry is populated.
        from certames import declaracoes

        # Its tables, audited columns, cache sources, act labels and retention rule.
        declaracoes.declarar()

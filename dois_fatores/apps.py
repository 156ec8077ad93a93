from django.apps import AppConfig


class DoisFatoresConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "dois_fatores"
    verbose_name = "Segundo fator"

    def ready(self):
        # Imported here, not at the top: Django app loading (the declarations name models).
        from dois_fatores import declaracoes

        declaracoes.declarar()

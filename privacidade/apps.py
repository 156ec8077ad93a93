from django.apps import AppConfig


class PrivacidadeConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "privacidade"
    verbose_name = "Privacidade (LGPD)"

    def ready(self):
        # Imported at app loading: the declarations import the marker's model.
        from privacidade import declaracoes

        # Its append-only table and the label of its act.
        declaracoes.declarar()

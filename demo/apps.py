from django.apps import AppConfig


class DemoConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "demo"

    def ready(self):
        # Imported at app loading: the label of the demo's act.
        from demo import declaracoes

        declaracoes.declarar()

from django.apps import AppConfig


class PrivacidadeConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "privacidade"
    verbose_name = "Privacidade (LGPD)"

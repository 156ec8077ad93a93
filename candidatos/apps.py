from django.apps import AppConfig


class CandidatosConfig(AppConfig):
    default_auto_field = 'django.db.models.BigAutoField'
    name = 'candidatos'

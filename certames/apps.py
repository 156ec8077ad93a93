from django.apps import AppConfig


class CertamesConfig(AppConfig):
    default_auto_field = 'django.db.models.BigAutoField'
    name = 'certames'

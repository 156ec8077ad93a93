from django.apps import AppConfig


class ComissoesConfig(AppConfig):
    default_auto_field = 'django.db.models.BigAutoField'
    name = 'comissoes'

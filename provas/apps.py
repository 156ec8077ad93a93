from django.apps import AppConfig


class ProvasConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "provas"
    verbose_name = "Fases da avaliação"

    def ready(self):
        # Imported here, not at the top: Django app loading (the declarations name models).
        from provas import declaracoes, plugin

        declaracoes.declarar()
        plugin.registrar_plugin()

from django.apps import AppConfig


class EditaisConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "editais"
    verbose_name = "Editais"

    def ready(self):
        # Imported here, not at the top: Django app loading (the declarations name models).
        from editais import declaracoes

        declaracoes.declarar()

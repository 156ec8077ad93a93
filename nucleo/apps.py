from django.apps import AppConfig


class NucleoConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "nucleo"
    verbose_name = "Núcleo dos procedimentos"

    def ready(self):
        # Imported at app loading: the declarations name models, which exist only once the
        # registry is populated.
        from nucleo import declaracoes

        # Its tables, cache sources, act labels and files under the retention policy.
        declaracoes.declarar()

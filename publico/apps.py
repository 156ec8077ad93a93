from django.apps import AppConfig


class PublicoConfig(AppConfig):
    """Every public page (no log-in): the certames and their vacancy tables, the published
    lists and the order of nomeação, the public draw, the committees' results, the documents
    and open data. Pages are served from the page cache (`comum.cache_publico`) and show no
    sensitive personal data."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "publico"

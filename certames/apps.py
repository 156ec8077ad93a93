from django.apps import AppConfig


class CertamesConfig(AppConfig):
    default_auto_field = 'django.db.models.BigAutoField'
    name = 'certames'

    def ready(self):
        # Imported at app loading: documentos registers the vacancy table and published-list
        # PDFs (certames.impressos) in every process, web or Celery worker.
        from certames import documentos  # noqa: F401

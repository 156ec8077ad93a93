from django.apps import AppConfig


class ClassificacaoConfig(AppConfig):
    """Classification in the database: the recompute, its snapshots and their publication,
    the vacancy table, the homologation, the documents and prints. Above the domain apps
    (it reads their rows: inscrições, verdicts, calls), below the audiences' apps. Its models
    stay in `certames` (the snapshots are the certame's acts)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "classificacao"

    def ready(self):
        # Imported at app loading: documentos registers the vacancy table and published-list
        # PDFs (classificacao.impressos) in every process, web or Celery worker, and
        # documentos_fases a phase result's; declaracoes holds the labels of its acts.
        # At app loading too: the edital's annex (its PDF, and the items the edital's
        # publication checks through editais.servicos).
        from classificacao import anexo_edital, declaracoes, documentos, documentos_fases  # noqa: F401
        from editais import servicos as editais_servicos

        declaracoes.declarar()
        editais_servicos.declarar_verificacao(anexo_edital.pendencias)

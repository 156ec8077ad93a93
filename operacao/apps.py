from django.apps import AppConfig


class OperacaoConfig(AppConfig):
    """What the operator of a deployment watches: the health endpoint (`/saude/`), the log
    records' request id and user id, the optional error reporting, the Content-Security-Policy
    reports. It reads the domain only to report the oldest waiting recompute; no model."""

    name = "operacao"
    verbose_name = "Operação"

    def ready(self):
        # At app loading: the error reporting starts with the process when a DSN is set.
        from operacao import erros

        erros.iniciar()

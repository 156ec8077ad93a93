from django.apps import AppConfig


class PortalConfig(AppConfig):
    """Every page of the candidate (at /candidato/): the dashboard and its notices, sign-up and
    log-in, inscrição and the status page, the exemption, special conditions, procedures,
    committee results and appeals, documents. Above the domain apps and `classificacao`: the
    status page's reading (`portal.situacao`) joins what each of them decided and published.
    No model of its own."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "portal"

    def ready(self):
        # The log-in's own receivers (portal/entrada.py), at app loading.
        from portal import entrada

        entrada.conectar()

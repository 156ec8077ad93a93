from django.apps import AppConfig


class CandidatosConfig(AppConfig):
    default_auto_field = 'django.db.models.BigAutoField'
    name = 'candidatos'

    def ready(self):
        # Imported here, not at the top: Django app loading (the plug-ins import models,
        # which exist only once the registry is populated). `isencao` registers, when
        # imported, the exemption side of a proven falsity (`procedimentos.consequencia`):
        # procedimentos never imports it, this import at app loading registers it.
        # The special conditions' plug-in (`condicoes`) is registered at app loading too.
        from candidatos import cache_situacao, condicoes, declaracoes, isencao  # noqa: F401
        from candidatos.isencao.plugin import registrar_procedimento
        from candidatos.procedimentos import registrar_plugin

        # The fee exemption is a plug-in of the procedure kernel (`nucleo`).
        registrar_procedimento()
        # So is the procedimento administrativo (fraud or falsity; its appeal).
        registrar_plugin()
        # And the special conditions at the exam (their appeal; candidatos/condicoes/).
        condicoes.registrar_plugin()
        # Its tables, audited columns, cache sources, act labels and retention rules.
        declaracoes.declarar()
        # An account's groups change a candidate's status page too.
        cache_situacao.conectar()

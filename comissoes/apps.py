from django.apps import AppConfig
from django.db.models.signals import post_migrate


class ComissoesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "comissoes"
    verbose_name = "Comissões"

    def ready(self):
        # Imported here, not at the top: Django app loading (these modules import models,
        # which exist only once the registry is populated).
        from certames.dados_iniciais import garantir_dados_iniciais

        # At app loading too: the declarations name models.
        from comissoes import declaracoes

        # documental and pcd register their closing of an evaluation when imported
        # (`votacao.registrar_fechamento`): importing them here makes every process (web,
        # worker, shell, commands) have them (app loading); votacao does not import its
        # specialisations.
        from comissoes.dominio import documental, pcd  # noqa: F401

        # The three committee procedures are plug-ins of the procedure kernel (`nucleo`),
        # registered at app loading.
        from comissoes.dominio.plugin import registrar_procedimentos

        registrar_procedimentos()
        # Its tables, audited columns, cache sources, act labels and retention rules.
        declaracoes.declarar()

        # The last of our apps: every permission exists when its post_migrate is sent.
        post_migrate.connect(garantir_dados_iniciais, sender=self,
                             dispatch_uid="certames.dados_iniciais")

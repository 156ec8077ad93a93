"""What the classification app declares to the shared mechanisms (registered at app loading
by `ClassificacaoConfig.ready`): the labels of the acts it writes (`certames.auditoria`). Its
tables are `certames`' (the snapshots are the certame's acts) and declared there."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from certames.auditoria import declarar_rotulos

ROTULOS_ATOS = {
    # The homologation and the validity (classificacao/homologacao.py)
    "homologacao": _("Homologação do resultado final"),
    "prorrogacao_validade": _("Prorrogação da validade do certame"),
    "criterios_heteroidentificacao": _("Publicação dos critérios da heteroidentificação"),
    # The lists of every cargo published in one act (classificacao/listas.py, publicar_todos)
    "publicacao_todos_os_cargos": _("Publicação da classificação de todos os cargos"),
}


def declarar() -> None:
    """Register the declarations above (ClassificacaoConfig.ready)."""
    declarar_rotulos(ROTULOS_ATOS)

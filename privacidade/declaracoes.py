"""What the privacy app declares to the shared mechanisms (registered at app loading by
`PrivacidadeConfig.ready`): its append-only table, the shredding's markers
(`comum.somente_insercao`), and the label of its act (`certames.auditoria`). The retention
rules are declared by the apps that hold the data (`certames.retencao`)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from certames.auditoria import declarar_rotulos
from comum import somente_insercao
from privacidade.expurgo import TIPO_ATO

TABELAS_PROTEGIDAS = ("privacidade_expurgo",)

ROTULOS_ATOS = {
    TIPO_ATO: _("Eliminação de dados pessoais (LGPD)"),
}


def declarar() -> None:
    """Register the declarations above (PrivacidadeConfig.ready)."""
    somente_insercao.declarar_tabelas("privacidade", TABELAS_PROTEGIDAS)
    declarar_rotulos(ROTULOS_ATOS)

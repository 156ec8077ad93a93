"""What the second-factor app declares to the shared mechanisms (registered at app loading by
`DoisFatoresConfig.ready`): its append-only table (`comum.somente_insercao`) and the label of
its act (`certames.auditoria`)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from certames.auditoria import declarar_rotulos
from comum import somente_insercao

TABELAS_PROTEGIDAS = ("dois_fatores_eventosegundofator",)

ROTULOS_ATOS = {
    "segundo_fator_redefinido": _("Redefinição do segundo fator de uma conta"),
}


def declarar() -> None:
    """Register the declarations above (DoisFatoresConfig.ready)."""
    somente_insercao.declarar_tabelas("dois_fatores", TABELAS_PROTEGIDAS)
    declarar_rotulos(ROTULOS_ATOS)

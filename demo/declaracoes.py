"""What the demo loader declares to the shared mechanisms (registered at app loading by
`DemoConfig.ready`): the label of the act it writes (`certames.auditoria`)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from certames.auditoria import declarar_rotulos

ROTULOS_ATOS = {
    "carga_demonstracao": _("Carga dos dados de demonstração"),
}


def declarar() -> None:
    """Register the declarations above (DemoConfig.ready)."""
    declarar_rotulos(ROTULOS_ATOS)

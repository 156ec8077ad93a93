"""What the editais app declares to the shared mechanisms (registered at app loading by
`EditaisConfig.ready`): its append-only table (`comum.somente_insercao`), the model the public
pages show (`comum.cache_publico`) and the labels of its acts (`certames.auditoria`)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from certames.auditoria import declarar_rotulos
from comum import cache_publico, somente_insercao

TABELAS_PROTEGIDAS = ("editais_atoedital",)

FONTES_PUBLICAS = {
    # the certame's public page appears with its publication
    "editais.AtoEdital": (("certame",), ()),
}

ROTULOS_ATOS = {
    "certame_criado": _("Criação do certame (rascunho)"),
    "rascunho_alterado": _("Alteração do rascunho do edital"),
    "cargo_definido": _("Cargo definido no rascunho do edital"),
    "cargo_removido": _("Cargo removido do rascunho do edital"),
    "etapa_definida": _("Etapa do cronograma definida no rascunho do edital"),
    "etapa_removida": _("Etapa do cronograma removida do rascunho do edital"),
    "edital_publicado": _("Publicação do edital"),
    "certame_suspenso": _("Suspensão do certame"),
    "certame_retomado": _("Retomada do certame"),
    "certame_cancelado": _("Anulação ou revogação do certame"),
}


def declarar() -> None:
    """Register the declarations above (EditaisConfig.ready)."""
    somente_insercao.declarar_tabelas("editais", TABELAS_PROTEGIDAS)
    cache_publico.declarar_fontes(FONTES_PUBLICAS)
    declarar_rotulos(ROTULOS_ATOS)

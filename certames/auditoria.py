"""The audit trail: every act of the administration is one append-only `Ato` row."""

from __future__ import annotations

from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ImproperlyConfigured
from django.db import models

from certames.models import Ato, Certame


def registrar_ato(
    *,
    tipo: str,
    descricao: str,
    autor=None,
    certame: Certame | None = None,
    objeto: models.Model | None = None,
    motivacao: str = "",
    fundamento_legal: str = "",
    antes: Any = None,
    depois: Any = None,
) -> Ato:
    """Record one act. Call it inside the transaction that performs the act."""
    if autor is not None and not getattr(autor, "is_authenticated", False):
        autor = None
    return Ato.objects.create(
        tipo=tipo,
        descricao=descricao[:500],
        autor=autor,
        certame=certame,
        objeto_tipo=ContentType.objects.get_for_model(objeto) if objeto is not None else None,
        objeto_id=str(objeto.pk) if objeto is not None else "",
        objeto_repr=str(objeto)[:250] if objeto is not None else "",
        motivacao=motivacao,
        fundamento_legal=fundamento_legal,
        antes=antes,
        depois=depois,
    )


def ultimo_ato(objeto: models.Model, tipo: str | None = None) -> Ato | None:
    """The latest act (`tipo`, or any) recorded on `objeto`: the act a notice belongs to,
    for the notices sent after the act's transaction (`comum.emails.enviar(ato=...)`)."""
    atos = Ato.objects.filter(objeto_tipo=ContentType.objects.get_for_model(objeto),
                              objeto_id=str(objeto.pk))
    if tipo is not None:
        atos = atos.filter(tipo=tipo)
    return atos.order_by("-criado_em", "-pk").first()


# --- the acts' labels ---------------------------------------------------------------------------

#: The Portuguese label of each exact act code (`Ato.tipo`), declared by the app that writes
#: the act at app loading (`declarar_rotulos`, from `<app>/declaracoes.py`); families of codes
#: built from an enum or a procedure's slug are `nucleo.rotulos_atos.FAMILIAS`.
ROTULOS: dict[str, Any] = {}


def declarar_rotulos(rotulos: dict[str, Any]) -> None:
    """Register act codes and their labels (called from the app's AppConfig.ready). A code
    declared twice is an error at start."""
    for codigo, rotulo in rotulos.items():
        if codigo in ROTULOS:
            raise ImproperlyConfigured(f"auditoria: rótulo do ato {codigo!r} declarado duas vezes.")
        ROTULOS[codigo] = rotulo

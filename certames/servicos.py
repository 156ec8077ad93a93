"""State transitions of certames and cargos (acts recorded, recompute queued on commit)."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from certames.auditoria import registrar_ato
from certames.classificacao import solicitar_recalculo
from certames.models import Cargo, VagaSurgida


@transaction.atomic
def registrar_vaga_surgida(cargo: Cargo, *, quantidade: int, data: dt.date, ato: str,
                           autor) -> VagaSurgida:
    """New vacancies while the certame is valid: the split is recomputed with the new N
    (Lei 3.057/2026 art. 8º §2º; Lei 3.056/2025 art. 1º §1º)."""
    certame = cargo.certame
    if data > certame.validade_ate():
        raise ValidationError(_(
            "O certame é válido até %(d)s: vagas surgidas depois disso não o alcançam.") % {
            "d": certame.validade_ate().strftime("%d/%m/%Y")})
    vaga = VagaSurgida(cargo=cargo, quantidade=quantidade, data=data, ato=ato)
    vaga.full_clean()
    vaga.save()
    registrar_ato(
        tipo="vaga_surgida", autor=autor, certame=certame, objeto=cargo,
        descricao=_("%(q)d vaga(s) surgida(s) no cargo %(c)s (%(a)s).") % {
            "q": quantidade, "c": cargo, "a": ato},
        fundamento_legal="Lei 3.057/2026, art. 8º, §2º; Lei 3.056/2025, art. 1º, §1º",
        depois={"quantidade": quantidade, "data": data.isoformat(),
                "total_vagas": cargo.total_vagas()})
    solicitar_recalculo([cargo], _("%(q)d vaga(s) surgida(s)") % {"q": quantidade})
    return vaga

"""State transitions of certames and cargos (acts recorded, recompute queued on commit)."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from certames.auditoria import registrar_ato
from certames.models import Cargo, Certame, VagaSurgida
from certames.recalculo import solicitar_recalculo
from certames.sorteio import destinar_vagas_surgidas
from certames.travas import travar_certame
from comum.formatos import data_br


@transaction.atomic
def registrar_vaga_surgida(cargo: Cargo, *, quantidade: int, data: dt.date, ato: str,
                           autor, hoje: dt.date | None = None) -> VagaSurgida:
    """New vacancies while the certame is valid: the split is recomputed with the new N
    (Lei 3.057/2026 art. 8º §2º; Lei 3.056/2025 art. 1º §1º). The validity runs from the
    homologation to `Certame.valido_ate`, extension included (CF, art. 37, III): the vacancy
    must arise within it, and be registered while it lasts. On the whole-edital base each new
    vacancy's group is recorded with the act (spec section 4.1, item 5:
    `certames.sorteio.destinar_vagas_surgidas`)."""
    certame = travar_certame(cargo.certame_id)
    if certame.homologado_em is None:
        raise ValidationError(_(
            "Vagas surgidas só podem ser registradas durante a validade do certame, que começa "
            "na homologação (Constituição Federal, art. 37, III); este certame ainda não foi "
            "homologado. Antes dela, as vagas mudam por retificação do edital."))
    for dia in (data, hoje or timezone.localdate()):
        if not certame.valido_em(dia):
            raise ValidationError(_(
                "O certame é válido de %(i)s a %(f)s (Constituição Federal, art. 37, III): "
                "vagas surgidas fora desse prazo, ou registradas depois dele, não o "
                "alcançam.") % {"i": data_br(certame.homologado_em),
                                "f": data_br(certame.valido_ate)})
    vaga = VagaSurgida(cargo=cargo, quantidade=quantidade, data=data, ato=ato)
    vaga.full_clean()
    vaga.save()
    destinos = destinar_vagas_surgidas(vaga)
    registrar_ato(
        tipo="vaga_surgida", autor=autor, certame=certame, objeto=cargo,
        descricao=_("%(q)d vaga(s) surgida(s) no cargo %(c)s (%(a)s).") % {
            "q": quantidade, "c": cargo, "a": ato},
        fundamento_legal=certame.regime_legal.fundamento_vaga_surgida,
        depois={"quantidade": quantidade, "data": data.isoformat(),
                "total_vagas": cargo.total_vagas(),
                **({"grupos": [{"grupo": d.grupo, "vagas_edital": d.vagas_edital,
                                "fundamento": d.fundamento} for d in destinos]}
                   if destinos else {})})
    solicitar_recalculo([cargo], _("%(q)d vaga(s) surgida(s)") % {"q": quantidade})
    return vaga


#: Fields whose change alters the lists of a certame's cargos.
CAMPOS_CERTAME_CLASSIFICACAO = ("regime", "parametros")
CAMPOS_CARGO_CLASSIFICACAO = ("vagas",)


def registrar_alteracao_edital(objeto, campos_alterados: list[str], *, autor,
                               antes: dict | None = None) -> None:
    """Record a change of the edital data (certame or cargo) made in the admin; when it can
    change the lists (regime, settings, vacancies), queue the recompute of the cargos."""
    if not campos_alterados:
        return
    certame = objeto if isinstance(objeto, Certame) else objeto.certame
    sensiveis = CAMPOS_CERTAME_CLASSIFICACAO if isinstance(objeto, Certame) \
        else CAMPOS_CARGO_CLASSIFICACAO
    registrar_ato(
        tipo="alteracao_edital", autor=autor, certame=certame, objeto=objeto,
        descricao=_("Alteração de %(o)s: %(c)s.") % {"o": objeto,
                                                      "c": ", ".join(campos_alterados)},
        antes=antes, depois={c: _json(getattr(objeto, c)) for c in campos_alterados})
    if any(c in sensiveis for c in campos_alterados):
        cargos = certame.cargos.all() if isinstance(objeto, Certame) else [objeto]
        solicitar_recalculo(cargos, _("alteração do edital (%(c)s)") % {
            "c": ", ".join(campos_alterados)})


def _json(valor):
    if isinstance(valor, dt.date | dt.datetime):
        return valor.isoformat()
    if isinstance(valor, int | str | bool | dict | list) or valor is None:
        return valor
    return str(valor)

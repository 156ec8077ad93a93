"""State transitions of certames and cargos (acts recorded, recompute queued on commit)."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from certames import cronograma, regras
from certames.auditoria import registrar_ato
from certames.models import Cargo, Certame, VagaSurgida
from certames.recalculo import ler_parametros, solicitar_recalculo
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


def motivo_ordem_fixada(certame: Certame, agora: dt.datetime | None = None) -> str | None:
    """Why the call order the edital states can no longer be entered (None: it can): it is
    published with the vacancy table before the inscrições (spec section 7; the regime's
    `fundamento_ordem_nomeacao`)."""
    inicio = cronograma.inscricoes_iniciadas(certame.etapas.all(), agora or timezone.now())
    if inicio is not None:
        return _("A ordem de convocação é estabelecida previamente no edital e as inscrições "
                 "começaram em %(d)s: uma mudança agora só por retificação do edital.") % {
            "d": data_br(timezone.localtime(inicio).date())}
    return None


@transaction.atomic
def definir_ordem_convocacao(certame: Certame | int, ordem: dict | None, *, autor,
                             agora: dt.datetime | None = None) -> Certame:
    """Record the call order the edital states (`parametros.ordem_convocacao`: per reserved
    group its positions and an optional period; None or {}: the regime's default rule).
    Checked by the engine (spec section 7: a group of the regime, positions >= 1 strictly
    increasing, a period >= 1, no position claimed by two groups anywhere)."""
    certame = travar_certame(certame)
    motivo = motivo_ordem_fixada(certame, agora)
    if motivo:
        raise ValidationError(motivo)
    parametros = dict(certame.parametros or {})
    antes = parametros.get("ordem_convocacao")
    if ordem:
        parametros["ordem_convocacao"] = ordem
    else:
        parametros.pop("ordem_convocacao", None)
    if parametros.get("ordem_convocacao") == antes:
        raise ValidationError(_("A ordem informada é a já registrada no edital."))
    try:
        regras.aplicar_parametros(certame.regime_legal, ler_parametros(parametros))
    except regras.ErroEntrada as exc:
        raise ValidationError(_("A ordem de convocação não é válida: %(e)s.") % {
            "e": exc}) from exc
    certame.parametros = parametros
    certame.save(update_fields=["parametros"])
    registrar_ato(
        tipo="ordem_convocacao_edital", autor=autor, certame=certame, objeto=certame,
        descricao=(_("Ordem de convocação do edital registrada.") if ordem else
                   _("Ordem de convocação do edital retirada: vale a regra do regime.")),
        fundamento_legal=certame.regime_legal.fundamento_ordem_nomeacao,
        antes={"ordem_convocacao": antes}, depois={"ordem_convocacao": ordem or None})
    solicitar_recalculo(certame.cargos.all(), _("ordem de convocação do edital"))
    return certame

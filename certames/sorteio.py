"""The public draw of the whole-edital reserve as acts (spec section 4.1, item 3).

1. `anunciar`: before the seed is known, RH publishes its source (e.g. "1º prêmio da Loteria
   Federal, extração de 12/03/2027"), its date and the cargo codes and vacancies the draw will
   run on. The date must be after the day of the announcement: the codes and vacancies are
   public before anyone can know the seed.
2. `sortear`: on or after that date, RH records the seed exactly as published; the draw runs
   once (`certames.regras.edital.distribuir_edital`) and its result is stored. A second draw
   for the same edital is refused, and so is a draw over cargos or vacancies other than those
   announced.
3. `destinar_vagas_surgidas`: a vacancy that arises later goes to the first group whose
   whole-edital total is due (spec section 4.1, item 5; `vaga_nova_edital`); its group is
   recorded with the vacancy act. Earlier seats never move; there is no new draw.

Every act is an append-only row and an `Ato` of the audit trail, recorded with the certame
locked, in one transaction. The read side (each cargo's split) is `certames.distribuicao_edital`.
"""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from certames import regras
from certames.auditoria import registrar_ato
from certames.distribuicao_edital import (
    SEMENTE_INDIFERENTE,
    cargos_do_edital,
    distribuicao_do_cargo,
    distribuicao_do_certame,
    fundamento_base,
    regime_efetivo,
)
from certames.models import (
    AnuncioSorteio,
    Certame,
    DestinoVagaSurgida,
    Sorteio,
    VagaSurgida,
)
from certames.recalculo import solicitar_recalculo
from certames.regras.edital import distribuir_edital, edital_para_json, vaga_nova_edital
from certames.regras.regimes import BASE_EDITAL
from certames.travas import travar_certame
from comum.formatos import data_br

__all__ = ["anunciar", "sortear", "destinar_vagas_surgidas", "distribuicao_do_cargo",
           "anuncio_vigente", "FUNDAMENTO_SORTEIO"]

#: The draw's own basis (cited with the regime's article on the base of the reserve).
FUNDAMENTO_SORTEIO = _("regras de reserva, seção 4.1, item 3 (sorteio público)")


def _regime(certame: Certame) -> regras.Regime:
    try:
        return regime_efetivo(certame)
    except regras.ErroEntrada as exc:
        raise ValidationError(_("Parâmetros do edital inválidos: %(e)s") % {"e": exc}) from None


def anuncio_vigente(certame: Certame) -> AnuncioSorteio | None:
    """The announcement in force: the latest (a retificação is a new announcement)."""
    return certame.anuncios_sorteio.order_by("-registrado_em", "-id").first()


@transaction.atomic
def anunciar(certame: Certame, *, fonte_semente: str, data_da_semente: dt.date, autor,
             motivacao: str = "", hoje: dt.date | None = None) -> AnuncioSorteio:
    """Announce the draw: the seed's source and date, and the cargos and vacancies as they
    stand. Refused on the per-cargo base (the article of the regime), for an invalid or
    repeated cargo code, for a seed date not after today, and once the draw was made."""
    certame = travar_certame(certame)
    hoje = hoje or timezone.localdate()
    regime = _regime(certame)
    if BASE_EDITAL not in (regime.base_reserva, regime.base_reserva_pcd):
        raise ValidationError(_(
            "Este edital aplica a reserva separadamente a cada cargo (%(f)s): não há sorteio "
            "das vagas reservadas.") % {"f": regime.fundamento_base_reserva})
    if Sorteio.objects.filter(certame=certame).exists():
        raise ValidationError(_(
            "O sorteio público das vagas reservadas deste edital já foi realizado: ele não "
            "se repete nem é anunciado de novo."))
    fonte_semente = (fonte_semente or "").strip()
    if not fonte_semente:
        raise ValidationError(_("Informe a fonte da semente (por exemplo, o 1º prêmio da "
                                "Loteria Federal de uma data)."))
    if data_da_semente <= hoje:
        raise ValidationError(_(
            "A data da semente deve ser posterior a hoje (%(h)s): os códigos e as vagas dos "
            "cargos são publicados antes que alguém possa conhecer a semente.") % {
            "h": data_br(hoje)})
    anterior = anuncio_vigente(certame)
    if anterior is not None and not (motivacao or "").strip():
        raise ValidationError(_(
            "Já há um anúncio do sorteio (semente de %(d)s). Um novo anúncio é uma "
            "retificação: informe a motivação.") % {"d": data_br(anterior.data_da_semente)})
    cargos = cargos_do_edital(certame)
    try:
        # Validates the codes (visible ASCII, unique) and the settings, as the draw will.
        distribuir_edital(regime, SEMENTE_INDIFERENTE, cargos)
    except regras.ErroEntrada as exc:
        raise ValidationError(_("Não é possível anunciar o sorteio: %(e)s") % {"e": exc}) from None
    fundamento = f"{fundamento_base(regime)}; {FUNDAMENTO_SORTEIO}"
    anuncio = AnuncioSorteio.objects.create(
        certame=certame, fonte_semente=fonte_semente, data_da_semente=data_da_semente,
        cargos=[{"codigo": c.codigo, "vagas": c.vagas} for c in cargos],
        base_reserva=regime.base_reserva, base_reserva_pcd=regime.base_reserva_pcd,
        fundamento=fundamento[:500], motivacao=(motivacao or "").strip(), autor=autor)
    registrar_ato(
        tipo="sorteio_anunciado", autor=autor, certame=certame, objeto=anuncio,
        descricao=_("Anúncio do sorteio público das vagas reservadas: semente de %(d)s "
                    "(%(f)s).") % {"d": data_br(data_da_semente), "f": fonte_semente},
        motivacao=anuncio.motivacao, fundamento_legal=fundamento[:250],
        depois={"fonte_semente": fonte_semente, "data_da_semente": data_da_semente.isoformat(),
                "cargos": anuncio.cargos,
                "anterior": anterior.pk if anterior is not None else None})
    return anuncio


def _mudancas(anunciados: list[dict], atuais: list[regras.CargoEdital]) -> list[str]:
    antes = {c["codigo"]: c["vagas"] for c in anunciados}
    agora = {c.codigo: c.vagas for c in atuais}
    mudancas = []
    for codigo in sorted(set(antes) | set(agora)):
        if codigo not in agora:
            mudancas.append(_("%(c)s saiu do edital") % {"c": codigo})
        elif codigo not in antes:
            mudancas.append(_("%(c)s não estava no anúncio") % {"c": codigo})
        elif antes[codigo] != agora[codigo]:
            mudancas.append(_("%(c)s: %(a)d vaga(s) anunciada(s), %(n)d agora") % {
                "c": codigo, "a": antes[codigo], "n": agora[codigo]})
    return mudancas


@transaction.atomic
def sortear(certame: Certame, *, semente: str, autor, hoje: dt.date | None = None) -> Sorteio:
    """Record the seed and run the draw, once. Refused without an announcement, before the
    seed's date, when a draw exists, and when the cargos or vacancies changed since the
    announcement (naming which). Every cargo's lists are then recomputed with its split."""
    certame = travar_certame(certame)
    hoje = hoje or timezone.localdate()
    if Sorteio.objects.filter(certame=certame).exists():
        raise ValidationError(_(
            "O sorteio público das vagas reservadas deste edital já foi realizado: um "
            "segundo sorteio é recusado."))
    anuncio = anuncio_vigente(certame)
    if anuncio is None:
        raise ValidationError(_(
            "Anuncie o sorteio antes (fonte e data da semente, cargos e vagas): a semente só "
            "vale se os códigos e as vagas foram publicados antes dela."))
    if hoje < anuncio.data_da_semente:
        raise ValidationError(_(
            "A semente anunciada é de %(d)s (%(f)s): o sorteio só pode ser realizado a partir "
            "dessa data.") % {"d": data_br(anuncio.data_da_semente), "f": anuncio.fonte_semente})
    if not semente or not semente.strip():
        raise ValidationError(_("Informe a semente exatamente como publicada."))
    regime = _regime(certame)
    atuais = cargos_do_edital(certame)
    mudancas = _mudancas(anuncio.cargos, atuais)
    if mudancas:
        raise ValidationError(_(
            "Os cargos ou as vagas mudaram desde o anúncio do sorteio (%(m)s): o sorteio "
            "precisa de um novo anúncio, com os códigos e as vagas publicados antes da data "
            "da semente.") % {"m": "; ".join(mudancas)})
    if (regime.base_reserva, regime.base_reserva_pcd) != (anuncio.base_reserva,
                                                          anuncio.base_reserva_pcd):
        raise ValidationError(_(
            "A base da reserva mudou desde o anúncio do sorteio: anuncie-o de novo."))
    try:
        resultado = distribuir_edital(regime, semente, atuais)
    except regras.ErroEntrada as exc:
        raise ValidationError(_("Não é possível realizar o sorteio: %(e)s") % {"e": exc}) \
            from None
    try:
        with transaction.atomic():
            sorteio = Sorteio.objects.create(certame=certame, anuncio=anuncio, semente=semente,
                                             resultado=edital_para_json(resultado), autor=autor)
    except IntegrityError:
        raise ValidationError(_("O sorteio deste edital já foi realizado.")) from None
    registrar_ato(
        tipo="sorteio_realizado", autor=autor, certame=certame, objeto=sorteio,
        descricao=_("Sorteio público das vagas reservadas realizado com a semente “%(s)s” "
                    "(%(f)s).") % {"s": semente, "f": anuncio.fonte_semente},
        fundamento_legal=anuncio.fundamento[:250], depois=sorteio.resultado)
    solicitar_recalculo(certame.cargos.all(), _("sorteio público das vagas reservadas"))
    return sorteio


def destinar_vagas_surgidas(vaga: VagaSurgida) -> list[DestinoVagaSurgida]:
    """Record the group of each vacancy of `vaga` on the whole-edital base (spec section
    4.1, item 5), one at a time; nothing on the per-cargo base. Call inside the vacancy act's
    transaction, with the certame locked. Raises ValidationError while the draw is pending."""
    certame = vaga.cargo.certame
    try:
        d = distribuicao_do_certame(certame, sem_vaga_surgida=vaga.pk)
    except regras.ErroEntrada as exc:
        raise ValidationError(str(exc)) from None
    if d is None:
        return []
    distribuicoes = {c: dict(v) for c, v in d.por_cargo.items()}
    codigo = vaga.cargo.codigo
    if codigo not in distribuicoes:
        raise ValidationError(_(
            "O cargo %(c)s não estava entre os cargos do sorteio público das vagas "
            "reservadas.") % {"c": codigo})
    destinos = []
    for ordem in range(1, vaga.quantidade + 1):
        nova = vaga_nova_edital(d.regime, distribuicoes, codigo)
        distribuicoes[codigo] = dict(nova.distribuicao)
        destinos.append(DestinoVagaSurgida.objects.create(
            vaga_surgida=vaga, ordem=ordem, grupo=nova.grupo, vagas_edital=nova.vagas_edital,
            fundamento=nova.fundamento))
    return destinos

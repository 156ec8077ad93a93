"""The publications of the exemption's results as the kernel's batches (`nucleo.publicacao`):
the preliminary result (Lei 3.057/2026 de Severínia, art. 3º, IV), the final result of each
request (art. 3º, VI) and what it does to the fee (art. 6º, III)."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from candidatos.isencao.base import (
    _INSCRICAO_COM,
    CHAVE,
    FASES_DO_RECURSO,
    Publicacao,
    Resultado,
    SituacaoTaxa,
    _motivo_falsidade,
    falsidade_comprovada,
    regra,
)
from candidatos.models import DecisaoIsencao, Inscricao, PedidoIsencao, ProcedimentoAdministrativo
from certames.auditoria import registrar_ato
from certames.models import Certame
from certames.recalculo import solicitar_recalculo
from certames.travas import travar, travar_varios
from nucleo.models import PublicacaoResultado
from nucleo.publicacao import publicar_final, publicar_preliminar


def resultado_definitivo(pedido: PedidoIsencao) -> tuple[str, str]:
    """Final result: a false-information finding (art. 5º, I), else the appeal's decision
    (the decider's reconsideration or the superior authority's ruling), else the preliminary
    decision."""
    proc = (ProcedimentoAdministrativo.objects
            .filter(falsidade_comprovada(), inscricao_id=pedido.inscricao_id)
            .order_by("-decidido_em").first())
    if proc is not None:
        return Resultado.INDEFERIDO, _motivo_falsidade(
            proc, regra(pedido.inscricao.certame).fundamento_falsidade_indeferimento)
    recurso = (DecisaoIsencao.objects.filter(pedido=pedido, fase__in=FASES_DO_RECURSO)
               .order_by("-decidida_em", "-pk").first())
    if recurso is not None:
        return recurso.resultado, recurso.motivacao
    return pedido.resultado_preliminar, pedido.motivo_preliminar


def pendencias_proprias_preliminar(certame: Certame, agora: dt.datetime) -> list[str]:
    """The exemption's own reasons not to publish the preliminary result now (the plug-in's
    `pendencias_preliminar`): every request decided (art. 3º, III: the result is one list).
    The kernel checks the schedule first (`nucleo.publicacao.motivo_cronograma`): the stage
    "Resultado preliminar da isenção" (art. 3º, IV), which cannot start before the request
    window ends (art. 3º, I: `certames.cronograma.incoerencias`)."""
    pendentes = list(PedidoIsencao.objects.filter(inscricao__certame=certame,
                                                  resultado_preliminar="")
                     .order_by("inscricao__numero")
                     .values_list("inscricao__numero", flat=True)[:11])
    if pendentes:
        return [_("Há pedidos sem análise preliminar (inscrições %(n)s). Decida todos antes "
                  "de publicar.") % {
            "n": ", ".join(pendentes[:10]) + ("…" if len(pendentes) > 10 else "")}]
    return []


def descricao_preliminar(pedidos: list[PedidoIsencao], numero: int) -> str:
    contagem = {r: sum(1 for p in pedidos if p.resultado_preliminar == r)
                for r in Resultado.values}
    return _("Publicação do resultado preliminar dos pedidos de isenção (lote %(lote)d): "
             "%(d)d deferidos, %(i)d indeferidos.") % {
        "lote": numero, "d": contagem[Resultado.DEFERIDO],
        "i": contagem[Resultado.INDEFERIDO]}


def consolidar_lote(final: PublicacaoResultado, pedidos: list[PedidoIsencao], autor) -> dict:
    """The final result of a batch (the plug-in's `consolidar`, inside the final publication's
    transaction): each request's final result (`resultado_definitivo`) and its effect on the
    fee: granted -> "isenta" (a fee already paid stays paid, no refund: art. 6º, III)."""
    certame = final.certame
    contagem = {r: 0 for r in Resultado.values}
    for pedido in travar_varios(PedidoIsencao.objects.select_related("inscricao__certame")
                                .filter(pk__in=[p.pk for p in pedidos])):
        resultado, motivo = resultado_definitivo(pedido)
        contagem[resultado] += 1
        if (pedido.resultado_final, pedido.motivo_final) != (resultado, motivo):
            pedido.resultado_final, pedido.motivo_final = resultado, motivo
            pedido.save(update_fields=["resultado_final", "motivo_final"])
        _aplicar_isencao_na_taxa(pedido, autor=autor)
    return {
        "descricao": _("Publicação do resultado definitivo dos pedidos de isenção (lote "
                       "%(lote)d): %(d)d deferidos, %(i)d indeferidos.") % {
            "lote": final.lote, "d": contagem[Resultado.DEFERIDO],
            "i": contagem[Resultado.INDEFERIDO]},
        "fundamento": regra(certame).fundamento_resultado_definitivo,
        "depois": contagem,
    }


def publicar_resultado(certame: Certame, fase: str, *, autor,
                       agora: dt.datetime | None = None) -> PublicacaoResultado:
    """Publish the preliminary (art. 3º, IV) or final (art. 3º, VI) result as a list
    (inscrição number and name only): the kernel's publication of the next batch, or the
    final result of the oldest batch without it (`nucleo.publicacao`)."""
    regra(certame)
    if fase == Publicacao.Fase.PRELIMINAR:
        return publicar_preliminar(certame, CHAVE, autor=autor, agora=agora)
    if fase == Publicacao.Fase.FINAL:
        return publicar_final(certame, CHAVE, autor=autor, agora=agora)
    raise ValidationError(_("Fase de publicação inválida."))


def _aplicar_isencao_na_taxa(pedido: PedidoIsencao, *, autor) -> None:
    """Final result -> fee situation of the inscrição (inside the publication's transaction)."""
    if pedido.resultado_final != Resultado.DEFERIDO:
        return  # stays pending: may pay until the deadline (art. 3º, §3º)
    insc = travar(Inscricao, pedido.inscricao, *_INSCRICAO_COM)
    dados = regra(insc.certame)
    if insc.situacao_taxa == SituacaoTaxa.ISENTA:
        return
    if insc.situacao_taxa == SituacaoTaxa.PAGA:
        registrar_ato(
            tipo="isencao_taxa", autor=autor, certame=insc.certame, objeto=insc,
            descricao=_("Isenção deferida para a inscrição %(n)s com a taxa já paga: sem "
                        "restituição.") % {"n": insc.numero},
            fundamento_legal=dados.fundamento_sem_restituicao,
            antes={"situacao_taxa": insc.situacao_taxa},
            depois={"situacao_taxa": insc.situacao_taxa})
        return
    antes = insc.situacao_taxa
    insc.situacao_taxa = SituacaoTaxa.ISENTA
    insc.save(update_fields=["situacao_taxa", "atualizada_em"])
    registrar_ato(
        tipo="isencao_taxa", autor=autor, certame=insc.certame, objeto=insc,
        descricao=_("Inscrição %(n)s isenta da taxa (resultado definitivo).") % {
            "n": insc.numero},
        fundamento_legal=dados.fundamento_deferimento, antes={"situacao_taxa": antes},
        depois={"situacao_taxa": insc.situacao_taxa})
    if antes == SituacaoTaxa.NAO_CONFIRMADA:
        solicitar_recalculo([insc.cargo_id], _("isenção da inscrição %(n)s") % {
            "n": insc.numero})

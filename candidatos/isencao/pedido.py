"""The candidate's request for the fee exemption, within the request window (Lei 3.057/2026 de
Severínia, art. 2º, §§1º and 2º; art. 3º, I and II)."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from candidatos.importacao import ValorInvalido
from candidatos.isencao import cadunico
from candidatos.isencao.base import (
    _INSCRICAO_COM,
    Verificacao,
    _checar_janela,
    _checar_titular,
    _pedido_de,
    _renomear,
    regra,
    validar_arquivo,
)
from candidatos.isencao.verificacao import aplicar_verificacao
from candidatos.models import Inscricao, PedidoIsencao
from candidatos.servicos import FINAIS
from certames.auditoria import registrar_ato
from certames.models import Etapa
from certames.situacao import exigir_em_curso
from certames.travas import travar


@transaction.atomic
def solicitar_isencao(inscricao: Inscricao, *, tipo: str, autor, nis: str = "",
                      comprovante=None, comprovante_cadunico=None,
                      agora: dt.datetime | None = None) -> PedidoIsencao:
    """The candidate's request for their own inscrição (one per inscrição), only within the
    request window (art. 2º, §1º; art. 3º, I). CadÚnico requests are checked at once against
    this municipality's extract; a family registered in another municipality attaches the
    proof the edital lists (`comprovante_cadunico`: art. 2º, §2º, "mediante apresentação das
    informações e documentos definidos no edital"; art. 3º, II) and the check is documentary:
    RH decides it with a motivation (art. 3º, §2º), like a blood donor's proof."""
    agora = agora or timezone.now()
    insc = travar(Inscricao, inscricao, *_INSCRICAO_COM)
    _checar_titular(autor, insc)
    certame = insc.certame
    exigir_em_curso(certame)
    dados = regra(certame)
    _checar_janela(certame, Etapa.Tipo.PEDIDO_ISENCAO, agora, _("pedir isenção da taxa"))
    if insc.situacao in FINAIS:
        raise ValidationError(_("A inscrição está %(s)s.") % {
            "s": insc.get_situacao_display().lower()})
    if _pedido_de(insc) is not None:
        raise ValidationError(_("Já existe um pedido de isenção para esta inscrição (um pedido "
                                "por inscrição)."))
    if tipo not in dados.codigos:
        raise ValidationError(_("Tipo de isenção inválido."))
    pedido = PedidoIsencao(inscricao=insc, tipo=tipo, solicitado_em=agora)
    if tipo == PedidoIsencao.Tipo.CADUNICO:
        if not (nis or "").strip():
            raise ValidationError(_("Informe o NIS (%(f)s).") % {"f": dados.fundamento_nis})
        try:
            pedido.nis = cadunico.validar_nis(nis)
        except ValorInvalido as exc:
            raise ValidationError(str(exc)) from None
        if comprovante_cadunico:
            extensao = validar_arquivo(comprovante_cadunico)
            pedido.comprovante_cadunico = _renomear(comprovante_cadunico, extensao)
        try:
            aplicar_verificacao(pedido)
        except cadunico.SalarioMinimoAusente:
            raise ValidationError(_(
                "Não há salário mínimo cadastrado em vigor na data do pedido; a organização "
                "do certame foi avisada. Tente novamente mais tarde.")) from None
    elif tipo == PedidoIsencao.Tipo.DOADOR_SANGUE:
        if comprovante_cadunico:
            raise ValidationError(_("O comprovante do CadÚnico é só para o pedido pelo "
                                    "CadÚnico."))
        if not comprovante:
            raise ValidationError(_("Anexe o comprovante de doação de sangue."))
        extensao = validar_arquivo(comprovante)
        pedido.comprovante_doacao = _renomear(comprovante, extensao)
        pedido.verificacao = Verificacao.NAO_SE_APLICA
    else:
        raise ValidationError(_("Tipo de isenção inválido."))
    pedido.save()
    # The audit trail keeps the act, not the NIS nor the income (art. 4º, parágrafo único).
    registrar_ato(
        tipo="isencao_pedido", autor=autor, certame=certame, objeto=pedido,
        descricao=_("Pedido de isenção (%(t)s) da inscrição %(n)s.") % {
            "t": pedido.get_tipo_display(), "n": insc.numero},
        fundamento_legal=(f"{dados.fundamento_requerimento}; "
                          f"{dados.modalidade(tipo).fundamento}"),
        depois={"tipo": pedido.tipo, "verificacao": pedido.verificacao,
                "solicitado_em": agora.isoformat()})
    return pedido

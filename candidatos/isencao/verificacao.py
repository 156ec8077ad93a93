"""The automatic CadÚnico check of the exemption requests (Lei 3.057/2026 de Severínia, art. 2º,
caput and §§3º and 4º; art. 4º): the check of one request against the extract of its request
date (`candidatos.isencao.cadunico`), the re-check after an import, the motivation of a
confirmed check and what a later extract says against it."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.translation import gettext as _
from simple_history.utils import bulk_update_with_history

from candidatos.cache_situacao import escopo_inscricao
from candidatos.isencao import cadunico
from candidatos.isencao.base import Verificacao, meses_atualizacao, reais, regra
from candidatos.models import ExtratoCadUnico, PedidoIsencao, RegistroCadUnico, SalarioMinimo
from certames.regras.procedimentos import CADUNICO
from certames.travas import travar_varios
from comum import cache_publico
from comum.formatos import data_br


def aplicar_verificacao(pedido: PedidoIsencao, *, extrato=None, registro=None,
                        salario=None, usar_consultados: bool = False) -> None:
    """Run the CadÚnico check on a request and set its fields (not saved).

    Without `usar_consultados` the extract of the request date (`cadunico.extrato_da_data`:
    the latest reference date on or before it; art. 2º, §3º), the request's record in it and
    the minimum wage in force on the request date are read from the database.
    """
    if pedido.tipo != PedidoIsencao.Tipo.CADUNICO or pedido.comprovante_cadunico:
        # Blood donors, and a CadÚnico family registered in another municipality, which is
        # not in this municipality's extract: the documents decide (art. 2º, §2º), never
        # "não encontrado".
        pedido.verificacao = (Verificacao.DOCUMENTAL if pedido.comprovante_cadunico
                              else Verificacao.NAO_SE_APLICA)
        pedido.renda_per_capita = pedido.limite_renda = None
        pedido.extrato = None
        return
    data_pedido = timezone.localdate(pedido.solicitado_em)
    if not usar_consultados:
        extrato = cadunico.extrato_da_data(data_pedido)
        registro = (RegistroCadUnico.objects.filter(extrato=extrato, nis=pedido.nis).first()
                    if extrato else None)
        em_vigor = SalarioMinimo.em_vigor(data_pedido)
        salario = em_vigor.valor if em_vigor else None
    registros = None if extrato is None else ({pedido.nis: registro} if registro else {})
    resultado = cadunico.verificar(
        pedido.nis, data_pedido, registros, salario,
        meses_atualizacao=meses_atualizacao(pedido.inscricao.certame))
    pedido.verificacao = resultado.codigo
    pedido.renda_per_capita = resultado.renda_per_capita
    pedido.limite_renda = resultado.limite
    pedido.extrato = extrato


def reverificar_pendentes(*, autor=None) -> dict[str, int]:
    """Re-run the check of every undecided CadÚnico request against the extract of its
    request date (after an import: `importar_extrato`): an extract imported with a reference
    date on or before the request date (a late or corrected one) becomes that request's
    extract; one of a later date changes nothing (art. 2º, §3º; spec section 8). Call inside
    the import's transaction. Returns counts by result."""
    extratos = list(ExtratoCadUnico.objects.order_by(*cadunico.ORDEM_EXTRATOS))
    pedidos = travar_varios(PedidoIsencao.objects.select_related("inscricao__certame")
                            .filter(tipo=PedidoIsencao.Tipo.CADUNICO, resultado_preliminar=""),
                            "solicitado_em")
    aplicavel = {p.pk: cadunico.extrato_aplicavel(
        extratos, timezone.localdate(p.solicitado_em)) for p in pedidos}
    # (extract, NIS) -> record, read per extract in batches.
    registros: dict[tuple[int, str], RegistroCadUnico] = {}
    nis_por_extrato: dict[int, set[str]] = {}
    for pedido in pedidos:
        extrato = aplicavel[pedido.pk]
        if extrato is not None:
            nis_por_extrato.setdefault(extrato.pk, set()).add(pedido.nis)
    for extrato_id, conjunto in nis_por_extrato.items():
        nis = sorted(conjunto)
        for i in range(0, len(nis), cadunico.LOTE):
            for r in RegistroCadUnico.objects.filter(extrato_id=extrato_id,
                                                     nis__in=nis[i:i + cadunico.LOTE]):
                registros[(extrato_id, r.nis)] = r
    salarios = list(SalarioMinimo.objects.order_by("-vigencia_inicio"))
    contagem: dict[str, int] = {}
    mudados = []
    for pedido in pedidos:
        data_pedido = timezone.localdate(pedido.solicitado_em)
        salario = next((s.valor for s in salarios if s.vigencia_inicio <= data_pedido), None)
        antes = (pedido.verificacao, pedido.renda_per_capita, pedido.limite_renda,
                 pedido.extrato_id)
        extrato = aplicavel[pedido.pk]
        registro = registros.get((extrato.pk, pedido.nis)) if extrato is not None else None
        try:
            aplicar_verificacao(pedido, extrato=extrato, registro=registro,
                                salario=salario, usar_consultados=True)
        except cadunico.SalarioMinimoAusente:
            continue  # left as it was; RH completes the minimum-wage table and re-imports
        contagem[pedido.verificacao] = contagem.get(pedido.verificacao, 0) + 1
        if antes != (pedido.verificacao, pedido.renda_per_capita, pedido.limite_renda,
                     pedido.extrato_id):
            mudados.append(pedido)
    if mudados:
        bulk_update_with_history(
            mudados, PedidoIsencao, ["verificacao", "renda_per_capita", "limite_renda",
                                     "extrato"],
            batch_size=cadunico.LOTE, default_user=autor if getattr(
                autor, "is_authenticated", False) else None,
            default_change_reason="nova verificação no CadÚnico")
        # No signal is sent: the candidates' cached status pages are renewed here.
        cache_publico.renovar(*(escopo_inscricao(p.inscricao_id) for p in mudados))
    return contagem


def importar_extrato(conteudo: bytes, *, data_referencia: dt.date, nome_arquivo: str, autor,
                     agora: dt.datetime | None = None) -> cadunico.ResultadoImportacao:
    """Import a CadÚnico extract (`cadunico.importar_extrato`, all or nothing) and re-check
    every undecided request against the extract of its request date, in one transaction
    (art. 2º; art. 4º): `reverificar_pendentes`."""
    with transaction.atomic():
        resultado = cadunico.importar_extrato(conteudo, data_referencia=data_referencia,
                                              nome_arquivo=nome_arquivo, autor=autor,
                                              agora=agora)
        resultado.reverificados = reverificar_pendentes(autor=autor)
    return resultado


def motivacao_automatica(pedido: PedidoIsencao) -> str:
    """The motivation of a confirmed automatic check: the facts found, in the extract the
    check used (the latest reference date on or before the request date, named with both
    dates: art. 2º, §3º), and the article."""
    codigo = pedido.verificacao
    data_pedido = timezone.localdate(pedido.solicitado_em)
    extrato = pedido.extrato
    ref = data_br(extrato.data_referencia) if extrato else "—"
    registro = (RegistroCadUnico.objects.filter(extrato=extrato, nis=pedido.nis).first()
                if extrato else None)
    limite = pedido.limite_renda
    dados = regra(pedido.inscricao.certame)
    if codigo == Verificacao.APTO:
        return _(
            "Verificação no CadÚnico (extrato de referência %(ref)s, o mais recente até a "
            "data do pedido, %(data)s): cadastro ativo e atualizado em %(atual)s; renda "
            "familiar per capita de %(renda)s, igual ou inferior ao limite de %(limite)s "
            "(meio salário mínimo em vigor na data do pedido). %(f)s.") % {
            "ref": ref, "atual": data_br(registro.data_atualizacao) if registro else "—",
            "renda": reais(pedido.renda_per_capita), "limite": reais(limite),
            "data": data_br(data_pedido), "f": dados.modalidade(CADUNICO).fundamento}
    if codigo == Verificacao.RENDA_ACIMA:
        return _(
            "Renda familiar per capita de %(renda)s no CadÚnico (extrato de referência "
            "%(ref)s, o mais recente até a data do pedido, %(data)s), superior ao limite de "
            "%(limite)s, meio salário mínimo em vigor na data do pedido. %(f)s.") % {
            "renda": reais(pedido.renda_per_capita), "ref": ref, "limite": reais(limite),
            "data": data_br(data_pedido), "f": dados.fundamento_renda}
    if codigo == Verificacao.NAO_ENCONTRADO:
        return _(
            "O NIS informado não consta do extrato do CadÚnico de referência %(ref)s, o mais "
            "recente até a data do pedido (%(data)s): não se comprovou família inscrita no "
            "CadÚnico. %(f)s.") % {
            "ref": ref, "data": data_br(data_pedido), "f": dados.fundamento_cadastro}
    if codigo == Verificacao.INATIVO:
        return _(
            "Cadastro no CadÚnico inativo no extrato de referência %(ref)s, o mais recente "
            "até a data do pedido (%(data)s): a inscrição deve estar ativa na data do "
            "requerimento. %(f)s.") % {
            "ref": ref, "data": data_br(data_pedido), "f": dados.fundamento_atualizacao}
    if codigo == Verificacao.DESATUALIZADO:
        meses = meses_atualizacao(pedido.inscricao.certame)
        return _(
            "Cadastro no CadÚnico atualizado pela última vez em %(atual)s (extrato de "
            "referência %(ref)s, o mais recente até a data do pedido), mais de %(m)d meses "
            "antes da data do pedido (%(data)s): os dados devem estar atualizados na data do "
            "requerimento. %(f)s.") % {
            "atual": data_br(registro.data_atualizacao) if registro else "—", "m": meses,
            "ref": ref,
            "data": data_br(data_pedido), "f": dados.fundamento_atualizacao}
    raise ValidationError(_("A verificação automática “%(v)s” não pode ser confirmada: "
                            "decida com motivação.") % {"v": Verificacao(codigo).label})


def aviso_extrato_posterior(pedido: PedidoIsencao) -> str | None:
    """What an extract of a date after the request says against the check, for RH (None:
    nothing). It never changes the request's check, made with the extract of the request date
    (art. 2º, §3º: active and updated "na data do requerimento"); if it points to false
    information, RH may open the falsity procedure (art. 5º), which decides with contraditório
    and ampla defesa. Only the latest later extract whose lines are still kept counts."""
    if pedido.tipo != PedidoIsencao.Tipo.CADUNICO or pedido.verificacao not in (
            Verificacao.APTO, Verificacao.SEM_EXTRATO):
        return None
    data_pedido = timezone.localdate(pedido.solicitado_em)
    posterior = (ExtratoCadUnico.objects.filter(data_referencia__gt=data_pedido)
                 .filter(Exists(RegistroCadUnico.objects.filter(extrato=OuterRef("pk"))))
                 .order_by(*(f"-{c}" for c in cadunico.ORDEM_EXTRATOS)).first())
    if posterior is None:
        return None
    dados = regra(pedido.inscricao.certame)
    valores = {"ref": data_br(posterior.data_referencia), "data": data_br(data_pedido),
               "f": dados.fundamento_atualizacao}
    if pedido.verificacao == Verificacao.SEM_EXTRATO:
        return _("Só há extrato do CadÚnico posterior ao pedido (referência %(ref)s; pedido de "
                 "%(data)s): ele não serve à verificação, que usa o extrato da data do "
                 "requerimento (%(f)s). Importe o extrato daquela data ou decida com "
                 "motivação.") % valores
    registro = RegistroCadUnico.objects.filter(extrato=posterior, nis=pedido.nis).first()
    if registro is None:
        fato = _("não traz o NIS informado")
    elif registro.situacao != RegistroCadUnico.Situacao.ATIVO:
        fato = _("traz o cadastro inativo")
    elif pedido.limite_renda is not None and registro.renda_per_capita > pedido.limite_renda:
        fato = _("traz renda familiar per capita de %(r)s, acima do limite de %(l)s") % {
            "r": reais(registro.renda_per_capita), "l": reais(pedido.limite_renda)}
    else:
        return None
    return _("O extrato do CadÚnico de referência %(ref)s, posterior ao pedido (%(data)s), "
             "%(fato)s. Ele não altera a verificação, feita com o extrato da data do "
             "requerimento (%(f)s); se houver indício de informação falsa, cabe instaurar o "
             "procedimento de falsidade (%(p)s).") % {
        **valores, "fato": fato, "p": dados.fundamento_falsidade}

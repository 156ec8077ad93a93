"""Fee exemption (isenção da taxa de inscrição): the domain.

Lei 3.057/2026 de Severínia, art. 2º to 7º (spec `regras-de-reserva.md`, section 8). Whether
a certame has an exemption, of which kinds, and the article of every step are data of its
regime (`Regime.isencao`, a `certames.regras.procedimentos.RegraIsencao`); the texts below
cite Severínia's articles (the only seed law with an exemption). Every state transition is
one function here: it checks the rule, writes inside one transaction, records the act in the
audit trail (`registrar_ato`) and queues follow-ups on commit.
Decisions are new rows (`DecisaoIsencao`, `ProcedimentoAdministrativo`); the fields of
`PedidoIsencao` and `Inscricao.situacao_taxa` are their projection, written with the act.

The exemption is a plug-in of the procedure kernel (`nucleo`, key `CHAVE`; the plug-in is
`candidatos.isencao_plugin.ProcedimentoIsencao`, registered by `CandidatosConfig.ready()`):
the publications of the preliminary and final result are the kernel's batches
(`nucleo.PublicacaoResultado`), the appeal is the kernel's `nucleo.Recurso` with its
`AnexoRecurso`, and every motivation follows the kernel's one rule (`nucleo.motivacao`). This
module keeps what is the exemption's own: the request, the CadÚnico check, RH's decisions, the
appeal ruling, what the final result does to the fee, the payment deadline and the falsity
effects.

Phases (art. 3º): request window (Etapa pedido_isencao) -> automatic CadÚnico check ->
RH's preliminary decision on every request (motivated rejections, §2º) -> publication of the
preliminary result -> appeal window (Etapa recurso_isencao) -> appeal rulings -> publication of
the final result (granted: fee "isenta") -> payment deadline for the finally rejected (Etapa
pagamento_taxa, art. 3º, VII and §3º) -> after it, the unpaid are "não confirmada".
"""

from __future__ import annotations

import datetime as dt
import uuid
from decimal import Decimal

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from simple_history.utils import bulk_update_with_history

from candidatos import cadunico, procedimentos
from candidatos.cache_situacao import escopo_inscricao
from candidatos.importacao import ValorInvalido
from candidatos.models import (
    DecisaoIsencao,
    ExtratoCadUnico,
    Inscricao,
    PedidoIsencao,
    ProcedimentoAdministrativo,
    RegistroCadUnico,
    SalarioMinimo,
)
from candidatos.servicos import FINAIS
from certames import cronograma
from certames.auditoria import registrar_ato
from certames.models import Ato, Certame, Etapa
from certames.recalculo import solicitar_recalculo
from certames.regras.procedimentos import CADUNICO, RegraIsencao
from certames.regras.regimes import REGIMES, fundamentos_dos_regimes
from certames.travas import travar, travar_certame, travar_varios
from comum import arquivos, cache_publico
from comum.formatos import data_br, data_hora_br
from comum.papeis import e_rh
from nucleo import autoridade, lotes
from nucleo import recursos as kernel
from nucleo.models import ItemPublicado, PublicacaoResultado, Recurso
from nucleo.motivacao import validar_motivacao
from nucleo.publicacao import publicar_final, publicar_preliminar

#: The exemption's key in the procedure kernel's records (`nucleo.registro.Procedimento.chave`;
#: never change it: the kernel's rows store it).
CHAVE = "isencao"
Publicacao = PublicacaoResultado

#: Edital setting (Certame.parametros) for the months a CadÚnico update stays valid.
PARAMETRO_MESES = "cadunico_meses_atualizacao"


def regra(certame: Certame) -> RegraIsencao:
    """The exemption of the certame's law (`Regime.isencao`, data with the article of every
    step); refuses a certame whose law grants none."""
    dados = certame.regime_legal.isencao
    if dados is None:
        raise ValidationError(mensagem_nao_prevista())
    return dados


def regimes_com_isencao() -> list[str]:
    """Ids of the registered regimes whose law grants a fee exemption."""
    return [r.id for r in REGIMES.values() if r.isencao is not None]


def fundamento_regimes_com_isencao() -> str:
    """The articles granting the exemption, of every regime that has one (RH's overview)."""
    return fundamentos_dos_regimes(
        lambda r: r.isencao.fundamento_isencao if r.isencao is not None else "")


Resultado = PedidoIsencao.Resultado
Verificacao = PedidoIsencao.Verificacao
Fase = DecisaoIsencao.Fase
#: The decisions on an appeal: the decider's reconsideration or the superior's ruling.
FASES_DO_RECURSO = (Fase.RECURSO, Fase.RECONSIDERACAO)
SituacaoTaxa = Inscricao.SituacaoTaxa

#: Automatic check -> the result a confirmation gives. SEM_EXTRATO, NAO_SE_APLICA (blood
#: donors: documentary check) and DOCUMENTAL (CadÚnico family of another municipality, proved
#: by documents: art. 2º, §2º) cannot be confirmed: RH decides them with a motivation.
RESULTADO_DA_VERIFICACAO = {
    Verificacao.APTO: Resultado.DEFERIDO,
    Verificacao.NAO_ENCONTRADO: Resultado.INDEFERIDO,
    Verificacao.RENDA_ACIMA: Resultado.INDEFERIDO,
    Verificacao.DESATUALIZADO: Resultado.INDEFERIDO,
    Verificacao.INATIVO: Resultado.INDEFERIDO,
}

# --- uploaded files (proof of blood donation, appeal attachments) ----------------------------

TAMANHO_MAXIMO_ARQUIVO = 5 * 1024 * 1024

def validar_arquivo(arquivo) -> str:
    """Check an upload by content and size (`comum.arquivos`); returns the extension."""
    return arquivos.validar_anexo(arquivo, TAMANHO_MAXIMO_ARQUIVO).extensao


def _renomear(arquivo, extensao: str):
    """Stored under a random name: the original name may carry personal data."""
    arquivo.name = f"{uuid.uuid4().hex}{extensao}"
    return arquivo


# --- formatting ------------------------------------------------------------------------------


def reais(valor: Decimal) -> str:
    texto = format(Decimal(valor).quantize(Decimal("0.01")), ",.2f")
    return "R$ " + texto.replace(",", "\x00").replace(".", ",").replace("\x00", ".")


# --- certame, schedule -----------------------------------------------------------------------


def oferece_isencao(certame: Certame) -> bool:
    """Whether the certame has a fee exemption (`Certame.oferece_isencao`, the one answer)."""
    return certame.oferece_isencao


def mensagem_nao_prevista() -> str:
    return _("A lei deste certame não prevê isenção da taxa de inscrição.")


def meses_atualizacao(certame: Certame) -> int:
    """Months a CadÚnico update stays valid: edital setting, default 24 (art. 2º, §3º)."""
    valor = (certame.parametros or {}).get(PARAMETRO_MESES, cadunico.MESES_ATUALIZACAO_PADRAO)
    try:
        meses = int(valor)
    except (TypeError, ValueError):
        return cadunico.MESES_ATUALIZACAO_PADRAO
    return meses if meses > 0 else cadunico.MESES_ATUALIZACAO_PADRAO


def etapas(certame: Certame, tipo: str) -> list[Etapa]:
    return list(Etapa.objects.filter(certame=certame, tipo=tipo).order_by("inicio", "pk"))


def janela_aberta(certame: Certame, tipo: str, agora: dt.datetime) -> bool:
    return any(e.aberta(agora) for e in etapas(certame, tipo))


def prazo_final(certame: Certame, tipo: str) -> dt.datetime | None:
    """The end of the last window of this type in the schedule, or None."""
    fins = [e.fim for e in etapas(certame, tipo)]
    return max(fins) if fins else None


def _checar_janela(certame: Certame, tipo: str, agora: dt.datetime, o_que: str) -> None:
    """Refuse outside the schedule's window, saying when it opens or when it closed."""
    cronograma.recusar_fora_da_janela(
        etapas(certame, tipo), agora, valores={"o": o_que},
        sem_etapa=_("O cronograma deste certame não prevê o prazo para %(o)s."),
        futura=_("O prazo para %(o)s ainda não começou: vai de %(i)s a %(f)s."),
        encerrada=_("O prazo para %(o)s terminou em %(f)s."))


def publicacao(certame: Certame, fase: str, lote: int = 1) -> PublicacaoResultado | None:
    """The kernel's publication of a batch of the certame's exemption results."""
    return lotes.publicacao(certame, fase, CHAVE, lote)


def publicacoes_do_pedido(pedido: PedidoIsencao | None
                          ) -> tuple[PublicacaoResultado | None, PublicacaoResultado | None]:
    """The preliminary and final publication of the request's batch (None: not published)."""
    if pedido is None or pedido.pk is None:
        return None, None
    preliminar = lotes.preliminar_de(CHAVE, pedido.pk)
    return preliminar, lotes.final_do_lote(preliminar)


def pedidos_com_resultado_definitivo() -> QuerySet[ItemPublicado]:
    """The batch items whose batch has its final result published (`objeto_id`: request)."""
    return ItemPublicado.objects.filter(procedimento=CHAVE).filter(Exists(
        PublicacaoResultado.objects.filter(
            certame_id=OuterRef("publicacao__certame_id"), procedimento=CHAVE,
            fase=Publicacao.Fase.FINAL, lote=OuterRef("publicacao__lote"))))


def recurso_do_pedido(pedido: PedidoIsencao | None) -> Recurso | None:
    """The candidate's appeal against the request's preliminary result (kernel record)."""
    if pedido is None or pedido.pk is None:
        return None
    return kernel.recurso_de(CHAVE, pedido.pk)


def com_recurso() -> Exists:
    """Filter of requests with an appeal (use on `PedidoIsencao` querysets)."""
    return Exists(Recurso.objects.filter(procedimento=CHAVE, objeto_id=OuterRef("pk")))


# --- helpers ---------------------------------------------------------------------------------


def _motivacao(motivacao: str, *, especifica: bool, fundamento: str) -> str:
    """Every decision is motivated; a rejection needs a specific one (Severínia art. 3º, §2º:
    `RegraIsencao.fundamento_motivacao`). The kernel's one rule (`nucleo.motivacao`)."""
    return validar_motivacao(
        motivacao, desfavoravel=especifica,
        especifica=_("diga qual requisito não foi atendido e por quê, %(f)s") % {
            "f": fundamento})


#: What a locked request and a locked inscrição are read with (`certames.travas.travar`).
_PEDIDO_COM = ("inscricao__certame", "inscricao__candidato", "inscricao__cargo", "extrato")
_INSCRICAO_COM = ("certame", "candidato", "cargo")


def _pedido_de(inscricao: Inscricao) -> PedidoIsencao | None:
    return PedidoIsencao.objects.filter(inscricao_id=inscricao.pk).first()


def _checar_titular(autor, insc: Inscricao) -> None:
    """The exemption is personal (art. 6º, I): only the inscrição's candidate acts on it in
    the portal; RH may record on the candidate's behalf."""
    candidato = getattr(autor, "candidato", None)
    if not e_rh(autor) and getattr(candidato, "pk", None) != insc.candidato_id:
        raise PermissionDenied(_("Só o próprio candidato pode agir nesta inscrição."))


def _nota_sem_restituicao(certame: Certame) -> str:
    return _(" A taxa já foi paga: a isenção não gera restituição do valor pago "
             "(%(f)s).") % {"f": regra(certame).fundamento_sem_restituicao}


# --- the automatic check ---------------------------------------------------------------------


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


# --- request ---------------------------------------------------------------------------------


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


# --- preliminary decisions -------------------------------------------------------------------


@transaction.atomic
def decidir_preliminar(pedido: PedidoIsencao, *, autor, resultado: str = "",
                       motivacao: str = "", confirmar: bool = False) -> DecisaoIsencao:
    """RH confirms the automatic check or decides otherwise (a new act supersedes an earlier
    one) until the preliminary result is published. Rejections are motivated (art. 3º, §2º)."""
    pedido = travar(PedidoIsencao, pedido, *_PEDIDO_COM)
    insc = pedido.inscricao
    certame = insc.certame
    dados = regra(certame)
    if publicacoes_do_pedido(pedido)[0] is not None:
        raise ValidationError(_("O resultado preliminar já foi publicado: a revisão se faz no "
                                "julgamento do recurso."))
    if confirmar:
        automatico = RESULTADO_DA_VERIFICACAO.get(pedido.verificacao)
        if automatico is None:
            raise ValidationError(_(
                "A verificação automática “%(v)s” não pode ser confirmada: decida com "
                "motivação.") % {"v": pedido.get_verificacao_display()})
        if resultado and resultado != automatico:
            raise ValidationError(_("Para decidir contra a verificação automática, registre "
                                    "uma decisão motivada."))
        resultado = automatico
        motivacao = (motivacao or "").strip() or motivacao_automatica(pedido)
    if resultado not in Resultado.values:
        raise ValidationError(_("Resultado inválido."))
    motivacao = _motivacao(motivacao, especifica=resultado == Resultado.INDEFERIDO,
                           fundamento=regra(certame).fundamento_motivacao)
    if resultado == Resultado.DEFERIDO and insc.situacao_taxa == SituacaoTaxa.PAGA:
        motivacao += _nota_sem_restituicao(certame)
    decisao = DecisaoIsencao.objects.create(
        pedido=pedido, fase=Fase.PRELIMINAR, resultado=resultado, motivacao=motivacao,
        confirma_verificacao=confirmar, autor=autor)
    antes = pedido.resultado_preliminar
    pedido.resultado_preliminar, pedido.motivo_preliminar = resultado, motivacao
    pedido.save(update_fields=["resultado_preliminar", "motivo_preliminar"])
    registrar_ato(
        tipo="isencao_decisao_preliminar", autor=autor, certame=certame, objeto=pedido,
        descricao=_("Análise preliminar do pedido de isenção da inscrição %(n)s: %(r)s%(c)s.")
        % {"n": insc.numero, "r": Resultado(resultado).label.lower(),
           "c": _(" (confirma a verificação automática)") if confirmar else ""},
        motivacao=motivacao,
        fundamento_legal=(dados.fundamento_indeferimento if resultado == Resultado.INDEFERIDO
                          else dados.fundamento_deferimento),
        antes={"resultado_preliminar": antes},
        depois={"resultado_preliminar": resultado, "decisao": decisao.pk})
    return decisao


@transaction.atomic
def confirmar_em_lote(pedidos, *, autor) -> tuple[list[DecisaoIsencao], list[PedidoIsencao]]:
    """Confirm the automatic check of each undecided request: one decision act per request.
    Requests already decided, or whose check cannot be confirmed, are skipped (returned)."""
    decisoes: list[DecisaoIsencao] = []
    ignorados: list[PedidoIsencao] = []
    for pedido in pedidos:
        if pedido.resultado_preliminar or pedido.verificacao not in RESULTADO_DA_VERIFICACAO:
            ignorados.append(pedido)
            continue
        decisoes.append(decidir_preliminar(pedido, autor=autor, confirmar=True))
    return decisoes, ignorados


# --- publications (the kernel's batches: `nucleo.publicacao`) ----------------------------


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


# --- appeal (the kernel's `nucleo.recursos`) ------------------------------------------------


def falsidade_comprovada() -> Q:
    """A false-information procedure concluded "procedente" and not reformed on appeal (a
    granted appeal supersedes the decision: Lei 9.784/1999, art. 64, applied subsidiarily)."""
    return (Q(tipo=ProcedimentoAdministrativo.Tipo.FALSIDADE_ISENCAO,
              conclusao=ProcedimentoAdministrativo.Conclusao.PROCEDENTE)
            & ~Q(recurso_resultado=ProcedimentoAdministrativo.ResultadoRecurso.PROVIDO))


def procedimento_procedente(inscricao_id: int) -> bool:
    return ProcedimentoAdministrativo.objects.filter(
        falsidade_comprovada(), inscricao_id=inscricao_id).exists()


def motivo_falsidade_sem_recurso(pedido: PedidoIsencao) -> str | None:
    """No appeal against a request rejected for a proven falsity (art. 5º, I)."""
    if procedimento_procedente(pedido.inscricao_id):
        return _("O pedido foi indeferido em procedimento administrativo por falsidade "
                 "(%(f)s).") % {"f": regra(pedido.inscricao.certame).fundamento_falsidade}
    return None


def apresentar_recurso(pedido: PedidoIsencao, *, autor, texto: str, arquivos=(),
                       agora: dt.datetime | None = None) -> Recurso:
    """The candidate's one appeal against a published preliminary rejection, within the
    appeal window (art. 3º, V and §2º): the kernel's appeal (`nucleo.recursos`)."""
    return kernel.apresentar_recurso(CHAVE, pedido, autor=autor, texto=texto,
                                     arquivos_enviados=arquivos, agora=agora)


def autor_da_decisao(pedido: PedidoIsencao) -> int | None:
    """Who signed the preliminary decision in force (the appeal is addressed to them:
    Lei 9.784/1999, art. 56, §1º)."""
    return (DecisaoIsencao.objects.filter(pedido=pedido, fase=Fase.PRELIMINAR)
            .order_by("-decidida_em", "-pk").values_list("autor_id", flat=True).first())


def reconsiderar(pedido: PedidoIsencao, *, autor, motivacao: str) -> dict:
    """The decider reconsiders the rejection (the plug-in's `reconsiderar`, inside the
    kernel's transaction, `nucleo.autoridade`): the request is granted, which is its final
    result (art. 3º, VI) once the batch's final result is published."""
    pedido = travar(PedidoIsencao, pedido, *_PEDIDO_COM)
    insc = pedido.inscricao
    if publicacoes_do_pedido(pedido)[1] is not None:
        raise ValidationError(_("O resultado definitivo já foi publicado."))
    if insc.situacao_taxa == SituacaoTaxa.PAGA:
        motivacao += _nota_sem_restituicao(insc.certame)
    decisao = DecisaoIsencao.objects.create(pedido=pedido, fase=Fase.RECONSIDERACAO,
                                            resultado=Resultado.DEFERIDO, motivacao=motivacao,
                                            autor=autor)
    antes = pedido.resultado_final
    pedido.resultado_final, pedido.motivo_final = Resultado.DEFERIDO, motivacao
    pedido.save(update_fields=["resultado_final", "motivo_final"])
    return {"descricao": _("Indeferimento da isenção da inscrição %(n)s reconsiderado por "
                           "quem o proferiu: pedido deferido (recurso atendido).") % {
                               "n": insc.numero},
            "depois": {"resultado_final": Resultado.DEFERIDO, "antes": antes,
                       "decisao": decisao.pk}}


@transaction.atomic
def julgar_recurso(pedido: PedidoIsencao, *, resultado: str, motivacao: str,
                   autor, agora: dt.datetime | None = None) -> DecisaoIsencao:
    """The certame's superior authority rules on an appeal the decider did not reconsider
    (`nucleo.autoridade`: Lei 9.784/1999, art. 56, §1º), once, motivated. The ruling is the
    request's final result."""
    travar_certame(pedido.inscricao.certame_id)
    pedido = travar(PedidoIsencao, pedido, *_PEDIDO_COM)
    insc = pedido.inscricao
    certame = insc.certame
    if recurso_do_pedido(pedido) is None:
        raise ValidationError(_("Não há recurso a julgar neste pedido."))
    if publicacoes_do_pedido(pedido)[1] is not None:
        raise ValidationError(_("O resultado definitivo já foi publicado."))
    autoridade.checar_julgamento(CHAVE, pedido.pk, autor, agora)
    if resultado not in Resultado.values:
        raise ValidationError(_("Resultado inválido."))
    motivacao = _motivacao(motivacao, especifica=resultado == Resultado.INDEFERIDO,
                           fundamento=regra(certame).fundamento_motivacao)
    if resultado == Resultado.DEFERIDO and insc.situacao_taxa == SituacaoTaxa.PAGA:
        motivacao += _nota_sem_restituicao(certame)
    decisao = DecisaoIsencao.objects.create(pedido=pedido, fase=Fase.RECURSO,
                                            resultado=resultado, motivacao=motivacao,
                                            autor=autor)
    antes = pedido.resultado_final
    pedido.resultado_final, pedido.motivo_final = resultado, motivacao
    pedido.save(update_fields=["resultado_final", "motivo_final"])
    registrar_ato(
        tipo="isencao_julgamento_recurso", autor=autor, certame=certame, objeto=pedido,
        descricao=_("Recurso da isenção da inscrição %(n)s: %(r)s.") % {
            "n": insc.numero, "r": Resultado(resultado).label.lower()},
        motivacao=motivacao, fundamento_legal=regra(certame).fundamento_recurso,
        antes={"resultado_final": antes},
        depois={"resultado_final": resultado, "decisao": decisao.pk})
    return decisao


# --- fee payment -----------------------------------------------------------------------------


def _aguarda_resultado(insc: Inscricao) -> bool:
    """A request whose final result is not published yet: the candidate is not in default."""
    pedido = _pedido_de(insc)
    if pedido is None:
        return False
    return publicacoes_do_pedido(pedido)[1] is None


def situacao_taxa_efetiva(inscricao: Inscricao, agora: dt.datetime | None = None, *,
                          etapas: list[Etapa] | None = None,
                          aguarda_resultado: bool | None = None) -> str:
    """The fee situation derived from the clock: a pending fee after the payment deadline is
    "não confirmada" (art. 3º, VII and §3º), unless the exemption request still awaits its
    final result. Correctness does not depend on `encerrar_prazo_pagamento` having run.
    ``etapas`` (the certame's schedule) and ``aguarda_resultado`` (a request without its
    final result) when the caller already read them (the candidate's status page)."""
    agora = agora or timezone.now()
    if inscricao.situacao_taxa != SituacaoTaxa.PENDENTE:
        return inscricao.situacao_taxa
    if etapas is not None:
        fim = max((e.fim for e in etapas if e.tipo == Etapa.Tipo.PAGAMENTO_TAXA), default=None)
    else:
        fim = prazo_final(inscricao.certame, Etapa.Tipo.PAGAMENTO_TAXA)
    if fim is None or agora <= fim:
        return SituacaoTaxa.PENDENTE
    if aguarda_resultado is None:
        aguarda_resultado = _aguarda_resultado(inscricao)
    return SituacaoTaxa.PENDENTE if aguarda_resultado else SituacaoTaxa.NAO_CONFIRMADA


def _fundamento_pagamento(certame: Certame, *, prazo: bool = False) -> str:
    """The payment deadline's basis: the exemption law's (`prazo`: the short citation for
    messages), else the edital's."""
    dados = certame.regime_legal.isencao
    if dados is None:
        return _("edital (prazo de pagamento da taxa de inscrição)")
    return dados.fundamento_prazo_pagamento if prazo else dados.fundamento_pagamento


@transaction.atomic
def registrar_pagamento(inscricao: Inscricao, *, autor, referencia: str,
                        agora: dt.datetime | None = None) -> Inscricao:
    """RH records the payment of the fee, until the payment deadline (art. 3º, §3º)."""
    agora = agora or timezone.now()
    insc = travar(Inscricao, inscricao, *_INSCRICAO_COM)
    referencia = (referencia or "").strip()
    if not referencia:
        raise ValidationError(_("Informe o comprovante do pagamento (ex.: número do boleto)."))
    if insc.situacao_taxa == SituacaoTaxa.PAGA:
        raise ValidationError(_("A taxa desta inscrição já está paga."))
    if insc.situacao_taxa == SituacaoTaxa.ISENTA:
        raise ValidationError(_("A inscrição está isenta da taxa."))
    fim = prazo_final(insc.certame, Etapa.Tipo.PAGAMENTO_TAXA)
    if insc.situacao_taxa == SituacaoTaxa.NAO_CONFIRMADA or (fim is not None and agora > fim):
        raise ValidationError(_("O prazo de pagamento da taxa terminou em %(f)s (%(lei)s).") % {
            "f": data_hora_br(fim) if fim else "—",
            "lei": _fundamento_pagamento(insc.certame, prazo=True)})
    antes = insc.situacao_taxa
    insc.situacao_taxa = SituacaoTaxa.PAGA
    insc.save(update_fields=["situacao_taxa", "atualizada_em"])
    registrar_ato(
        tipo="pagamento_taxa", autor=autor, certame=insc.certame, objeto=insc,
        descricao=_("Pagamento da taxa da inscrição %(n)s registrado.") % {"n": insc.numero},
        motivacao=referencia, fundamento_legal=_fundamento_pagamento(insc.certame),
        antes={"situacao_taxa": antes}, depois={"situacao_taxa": insc.situacao_taxa,
                                                "registrado_em": agora.isoformat()})
    return insc


@transaction.atomic
def encerrar_prazo_pagamento(certame: Certame, *, autor,
                             agora: dt.datetime | None = None) -> list[Inscricao]:
    """After the payment deadline, mark the unpaid inscrições "não confirmada" in one act and
    queue the recompute of their cargos (art. 3º, §3º, a contrario)."""
    agora = agora or timezone.now()
    certame = travar_certame(certame)
    # The schedule's guard of every act that waits for a stage (`certames.cronograma`): here,
    # the end of the payment stage.
    cronograma.recusar_antes_da_abertura(
        etapas(certame, Etapa.Tipo.PAGAMENTO_TAXA),
        cronograma.Abertura(Etapa.Tipo.PAGAMENTO_TAXA, cronograma.FIM), agora,
        sem_etapa=_("O cronograma deste certame não prevê o prazo de pagamento da taxa."),
        futura=_("O prazo de pagamento termina em %(d)s."))
    # A request still awaiting the final result of its batch keeps the inscrição out.
    candidatas = (Inscricao.objects.filter(certame=certame, situacao_taxa=SituacaoTaxa.PENDENTE)
                  .exclude(situacao__in=FINAIS)
                  .exclude(Exists(PedidoIsencao.objects.filter(inscricao=OuterRef("pk"))
                                  .exclude(pk__in=pedidos_com_resultado_definitivo()
                                           .values("objeto_id")))))
    marcadas = travar_varios(candidatas, "numero")
    if not marcadas:
        return []
    for insc in marcadas:
        insc.situacao_taxa = SituacaoTaxa.NAO_CONFIRMADA
    bulk_update_with_history(marcadas, Inscricao, ["situacao_taxa"], default_user=autor,
                             default_change_reason="prazo de pagamento encerrado")
    numeros = [i.numero for i in marcadas]
    registrar_ato(
        tipo="encerramento_prazo_pagamento", autor=autor, certame=certame, objeto=certame,
        descricao=_("Prazo de pagamento encerrado: %(q)d inscrições não confirmadas por falta "
                    "de pagamento da taxa.") % {"q": len(marcadas)},
        fundamento_legal=_fundamento_pagamento(certame),
        antes={"situacao_taxa": SituacaoTaxa.PENDENTE.value},
        depois={"situacao_taxa": SituacaoTaxa.NAO_CONFIRMADA.value, "inscricoes": numeros})
    solicitar_recalculo({i.cargo_id for i in marcadas},
                        _("prazo de pagamento da taxa encerrado"))
    return marcadas


# --- false information (art. 5º): the shared procedure of `candidatos.procedimentos` ---------

FALSIDADE = ProcedimentoAdministrativo.Tipo.FALSIDADE_ISENCAO


def abrir_procedimento_falsidade(pedido: PedidoIsencao, *, fatos: str,
                                 prazo_defesa: dt.datetime, autor,
                                 agora: dt.datetime | None = None
                                 ) -> ProcedimentoAdministrativo:
    """Open the procedure on suspected false information and notify the candidate, with a
    deadline for the defence (art. 5º, parágrafo único)."""
    return procedimentos.abrir_procedimento(pedido.inscricao, tipo=FALSIDADE, fatos=fatos,
                                            prazo_defesa=prazo_defesa, autor=autor,
                                            agora=agora)


def apresentar_defesa(proc: ProcedimentoAdministrativo, *, defesa: str, autor,
                      agora: dt.datetime | None = None) -> ProcedimentoAdministrativo:
    """The candidate's defence, within the deadline (contraditório e ampla defesa)."""
    return procedimentos.apresentar_defesa(proc, defesa=defesa, autor=autor, agora=agora,
                                           tipo=FALSIDADE)


#: The sanction by the phase in which the falsity is found (art. 5º, II to IV).
consequencia_da_falsidade = procedimentos.consequencia_por_fase


def _motivo_falsidade(proc: ProcedimentoAdministrativo, fundamento: str) -> str:
    return _("Indeferido por declaração, informação ou documento falso, apurado em "
             "procedimento administrativo (%(f)s): %(m)s") % {
        "f": fundamento, "m": proc.motivacao}


def decidir_procedimento(proc: ProcedimentoAdministrativo, *, conclusao: str, motivacao: str,
                         autor, agora: dt.datetime | None = None
                         ) -> ProcedimentoAdministrativo:
    """Motivated decision, after the defence or its deadline (art. 5º, parágrafo único).

    Proven falsity: the request is rejected (art. 5º, I) and the inscrição is cancelled before
    homologation (II), removed from the list after it and before the call (III), or the call is
    annulled after it (IV); in every case the inscrição is eliminated and the lists recomputed.
    """
    return procedimentos.decidir_procedimento(proc, conclusao=conclusao, motivacao=motivacao,
                                              autor=autor, agora=agora, tipo=FALSIDADE)


@procedimentos.consequencia(FALSIDADE)
@transaction.atomic
def indeferir_por_falsidade(proc: ProcedimentoAdministrativo, insc: Inscricao, *,
                            autor) -> None:
    """The exemption effects of a proven falsity, inside the decision's transaction: the
    request is rejected whatever its earlier results (art. 5º, I) and an exempt fee is due
    again. Called by `procedimentos.FalsidadeIsencao.aplicar`, which then eliminates."""
    pedido = _pedido_de(insc)
    taxa_antes = insc.situacao_taxa
    if insc.situacao_taxa == SituacaoTaxa.ISENTA:
        insc.situacao_taxa = SituacaoTaxa.PENDENTE
        insc.save(update_fields=["situacao_taxa", "atualizada_em"])
    if pedido is None:
        return
    pedido = travar(PedidoIsencao, pedido, *_PEDIDO_COM)
    fundamento = regra(insc.certame).fundamento_falsidade_indeferimento
    motivo = _motivo_falsidade(proc, fundamento)
    antes = {"resultado_preliminar": pedido.resultado_preliminar,
             "resultado_final": pedido.resultado_final, "situacao_taxa": taxa_antes}
    if not pedido.resultado_preliminar:
        pedido.resultado_preliminar, pedido.motivo_preliminar = Resultado.INDEFERIDO, motivo
    pedido.resultado_final, pedido.motivo_final = Resultado.INDEFERIDO, motivo
    pedido.save(update_fields=["resultado_preliminar", "motivo_preliminar",
                               "resultado_final", "motivo_final"])
    DecisaoIsencao.objects.create(pedido=pedido, fase=Fase.FALSIDADE,
                                  resultado=Resultado.INDEFERIDO, motivacao=motivo,
                                  autor=autor)
    registrar_ato(
        tipo="isencao_indeferida_falsidade", autor=autor, certame=insc.certame,
        objeto=pedido,
        descricao=_("Pedido de isenção da inscrição %(n)s indeferido por falsidade.") % {
            "n": insc.numero},
        motivacao=proc.motivacao, fundamento_legal=fundamento, antes=antes,
        depois={"resultado_preliminar": pedido.resultado_preliminar,
                "resultado_final": pedido.resultado_final,
                "situacao_taxa": insc.situacao_taxa, "procedimento": proc.pk})


@procedimentos.reversao(FALSIDADE)
@transaction.atomic
def desfazer_indeferimento_por_falsidade(proc: ProcedimentoAdministrativo, insc: Inscricao, *,
                                         autor) -> None:
    """A granted appeal against the falsity finding: art. 5º, I no longer applies, so the
    request and the fee return to what they were before it (the `antes` of the
    `isencao_indeferida_falsidade` act), with an act; the request's final result is the one
    its own decisions give (`resultado_definitivo`, which no longer counts the reformed
    procedure). Called by `procedimentos.julgar_recurso` inside its transaction."""
    ato = (Ato.objects.filter(tipo="isencao_indeferida_falsidade", certame=insc.certame,
                              depois__procedimento=proc.pk).order_by("-pk").first())
    pedido = _pedido_de(insc)
    if ato is None or pedido is None:
        return  # the finding changed nothing in the exemption (no request)
    pedido = travar(PedidoIsencao, pedido, *_PEDIDO_COM)
    antes = ato.antes or {}
    estado = {"resultado_preliminar": pedido.resultado_preliminar,
              "resultado_final": pedido.resultado_final, "situacao_taxa": insc.situacao_taxa}
    if not antes.get("resultado_preliminar"):
        pedido.resultado_preliminar, pedido.motivo_preliminar = "", ""
    if antes.get("resultado_final"):
        pedido.resultado_final, pedido.motivo_final = resultado_definitivo(pedido)
    else:
        pedido.resultado_final, pedido.motivo_final = "", ""
    pedido.save(update_fields=["resultado_preliminar", "motivo_preliminar",
                               "resultado_final", "motivo_final"])
    if (antes.get("situacao_taxa") == SituacaoTaxa.ISENTA
            and insc.situacao_taxa == SituacaoTaxa.PENDENTE):
        insc.situacao_taxa = SituacaoTaxa.ISENTA
        insc.save(update_fields=["situacao_taxa", "atualizada_em"])
    registrar_ato(
        tipo="isencao_falsidade_revogada", autor=autor, certame=insc.certame, objeto=pedido,
        descricao=_("Indeferimento por falsidade do pedido de isenção da inscrição %(n)s "
                    "desfeito: recurso provido no procedimento administrativo.") % {
            "n": insc.numero},
        motivacao=proc.recurso_motivacao, fundamento_legal=proc.recurso_fundamento[:250],
        antes=estado,
        depois={"resultado_preliminar": pedido.resultado_preliminar,
                "resultado_final": pedido.resultado_final,
                "situacao_taxa": insc.situacao_taxa, "procedimento": proc.pk})


# --- queries for the pages -------------------------------------------------------------------

#: Status filter of the RH list of requests.
STATUS_PEDIDO = {
    "aguardando": (gettext_lazy("Aguardando análise"), Q(resultado_preliminar="")),
    "deferido_preliminar": (gettext_lazy("Deferido (preliminar)"),
                            Q(resultado_preliminar=Resultado.DEFERIDO)),
    "indeferido_preliminar": (gettext_lazy("Indeferido (preliminar)"),
                              Q(resultado_preliminar=Resultado.INDEFERIDO)),
    "recurso_pendente": (gettext_lazy("Recurso a julgar"), Q(com_recurso()) & ~Q(Exists(
        DecisaoIsencao.objects.filter(pedido=OuterRef("pk"), fase__in=FASES_DO_RECURSO)))),
    "deferido_final": (gettext_lazy("Deferido (definitivo)"),
                       Q(resultado_final=Resultado.DEFERIDO)),
    "indeferido_final": (gettext_lazy("Indeferido (definitivo)"),
                         Q(resultado_final=Resultado.INDEFERIDO)),
}


def pedidos_do_certame(certame: Certame, *, tipo: str = "", verificacao: str = "",
                       status: str = "") -> QuerySet[PedidoIsencao]:
    qs = (PedidoIsencao.objects.filter(inscricao__certame=certame)
          .select_related("inscricao__candidato", "inscricao__cargo")
          .annotate(tem_recurso=com_recurso())
          .order_by("inscricao__numero"))
    if tipo in PedidoIsencao.Tipo.values:
        qs = qs.filter(tipo=tipo)
    if verificacao in Verificacao.values:
        qs = qs.filter(verificacao=verificacao)
    if status in STATUS_PEDIDO:
        qs = qs.filter(STATUS_PEDIDO[status][1])
    return qs

"""The candidate's request for special conditions at the exam, in the inscrição window (Decreto
9.508/2018, art. 4º; breastfeeding: Lei 13.872/2019, arts. 1º to 3º)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from localflavor.br.validators import BRCPFValidator

from candidatos.condicoes.base import (
    EXIGEM_DETALHE,
    EXIGEM_LAUDO,
    FUNDAMENTO_PCD,
    MAXIMO_JUSTIFICATIVA,
    MESES_LACTANTE,
    MINIMO_JUSTIFICATIVA,
    Condicao,
    _checar_janela_pedido,
    fundamento,
    julgamento,
    pedido_vigente,
    recurso_do_pedido,
)
from candidatos.models import CondicaoSolicitada, Inscricao, PedidoAtendimento, somente_digitos
from candidatos.servicos import FINAIS
from certames.auditoria import registrar_ato
from certames.situacao import exigir_em_curso
from certames.travas import travar
from comum import arquivos


def _checar_titular(autor, insc: Inscricao) -> None:
    candidato = getattr(autor, "candidato", None)
    if getattr(candidato, "pk", None) != insc.candidato_id:
        raise PermissionDenied(_("Só o(a) próprio(a) candidato(a) pede o atendimento "
                                 "especializado."))


def _limpar_condicoes(condicoes: dict[str, str]) -> dict[str, str]:
    escolhidas = {}
    for codigo, detalhe in condicoes.items():
        if codigo not in Condicao.values:
            raise ValidationError(_("Condição inválida."))
        detalhe = (detalhe or "").strip()
        if len(detalhe) > 200:
            raise ValidationError(_("O detalhe de cada condição pode ter até 200 caracteres."))
        if codigo in EXIGEM_DETALHE and not detalhe:
            raise ValidationError(_("Descreva a outra condição de que você precisa."))
        escolhidas[codigo] = detalhe
    if not escolhidas:
        raise ValidationError(_("Escolha ao menos uma condição."))
    return escolhidas


def somar_meses(data: dt.date, meses: int) -> dt.date:
    """The same day `meses` months later (the month's last day when it has no such day)."""
    indice = data.month - 1 + meses
    ano, mes = data.year + indice // 12, indice % 12 + 1
    proximo = dt.date(ano + mes // 12, mes % 12 + 1, 1)
    return min(data.replace(year=ano, month=mes, day=1) + dt.timedelta(days=data.day - 1),
               proximo - dt.timedelta(days=1))


@dataclass
class DadosLactante:
    nascimento_crianca: dt.date | None = None
    acompanhante_nome: str = ""
    acompanhante_cpf: str = ""


def _limpar_lactante(dados: DadosLactante, agora: dt.datetime) -> DadosLactante:
    nome = (dados.acompanhante_nome or "").strip()
    cpf = somente_digitos(dados.acompanhante_cpf)
    if dados.nascimento_crianca is None:
        raise ValidationError(_(
            "Informe a data de nascimento da criança: a idade é declarada na inscrição e a "
            "certidão de nascimento é apresentada no dia da prova (%(f)s).") % {
            "f": "Lei 13.872/2019, art. 2º, parágrafo único"})
    hoje = timezone.localdate(agora)
    if dados.nascimento_crianca > hoje:
        raise ValidationError(_("A data de nascimento da criança não pode estar no futuro."))
    if hoje >= somar_meses(dados.nascimento_crianca, MESES_LACTANTE + 1):
        raise ValidationError(_(
            "A criança já tem mais de %(m)d meses: o direito é da mãe de filho de até %(m)d "
            "meses no dia da prova, que é posterior ao pedido (%(f)s).") % {
            "m": MESES_LACTANTE, "f": "Lei 13.872/2019, arts. 1º e 2º"})
    if bool(nome) != bool(cpf):
        raise ValidationError(_("Informe o nome e o CPF do(a) acompanhante, ou deixe os dois "
                                "em branco para indicá-lo(a) no dia da prova (%(f)s).") % {
            "f": "Lei 13.872/2019, art. 3º"})
    if cpf:
        try:
            BRCPFValidator()(cpf)
        except ValidationError:
            raise ValidationError(_("O CPF do(a) acompanhante é inválido.")) from None
    return DadosLactante(dados.nascimento_crianca, nome[:200], cpf)


def solicitar(inscricao: Inscricao, *, autor, condicoes: dict[str, str], justificativa: str,
              laudo=None, lactante: DadosLactante | None = None,
              agora: dt.datetime | None = None) -> PedidoAtendimento:
    """The candidate's request for their own inscrição, in the inscrição window; a later
    request supersedes the earlier one (unless it is under appeal). The stored report is
    removed if the transaction fails."""
    agora = agora or timezone.now()
    escolhidas = _limpar_condicoes(condicoes)
    justificativa = (justificativa or "").strip()
    if len(justificativa) < MINIMO_JUSTIFICATIVA:
        raise ValidationError(_(
            "Explique por que você precisa das condições (ao menos %(n)d caracteres).") % {
            "n": MINIMO_JUSTIFICATIVA})
    if len(justificativa) > MAXIMO_JUSTIFICATIVA:
        raise ValidationError(_("A justificativa pode ter até %(n)d caracteres.") % {
            "n": MAXIMO_JUSTIFICATIVA})
    tipo_laudo = None
    if set(escolhidas) & EXIGEM_LAUDO:
        if not laudo:
            raise ValidationError(_(
                "Anexe o laudo médico (para o tempo adicional, o parecer da equipe "
                "multiprofissional ou do especialista): %(f)s.") % {"f": FUNDAMENTO_PCD})
        tipo_laudo = arquivos.validar_anexo(laudo)
    elif laudo:
        raise ValidationError(_("O laudo médico só é pedido para as condições da pessoa com "
                                "deficiência; a lactante não anexa laudo."))
    dados_lactante = DadosLactante()
    if Condicao.LACTANTE in escolhidas:
        dados_lactante = _limpar_lactante(lactante or DadosLactante(), agora)
    pedido = None
    try:
        with transaction.atomic():
            pedido = _solicitar(inscricao, autor, escolhidas, justificativa, laudo, tipo_laudo,
                                dados_lactante, agora)
    except BaseException:
        if pedido is not None and pedido.laudo:
            pedido.laudo.delete(save=False)
        raise
    return pedido


def _solicitar(inscricao, autor, escolhidas, justificativa, laudo, tipo_laudo, lactante,
               agora) -> PedidoAtendimento:
    insc = travar(Inscricao, inscricao, "certame", "candidato")
    _checar_titular(autor, insc)
    exigir_em_curso(insc.certame)
    _checar_janela_pedido(insc.certame, agora)
    if insc.situacao in FINAIS:
        raise ValidationError(_("A inscrição está %(s)s.") % {
            "s": insc.get_situacao_display().lower()})
    anterior = pedido_vigente(insc)
    if anterior is not None:
        recurso = recurso_do_pedido(anterior)
        if recurso is not None and julgamento(anterior) is None:
            raise ValidationError(_("Há um recurso seu aguardando julgamento: um novo pedido "
                                    "só depois dele."))
    pedido = PedidoAtendimento(
        inscricao=insc, autor=autor, solicitado_em=agora, justificativa=justificativa,
        nascimento_crianca=lactante.nascimento_crianca,
        acompanhante_nome=lactante.acompanhante_nome,
        acompanhante_cpf=lactante.acompanhante_cpf)
    if tipo_laudo is not None:
        pedido.laudo_tipo_conteudo = tipo_laudo.tipo_conteudo
        pedido.laudo.save(arquivos.nome_armazenado(tipo_laudo), laudo, save=False)
    pedido.save()
    CondicaoSolicitada.objects.bulk_create([
        CondicaoSolicitada(pedido=pedido, condicao=codigo, detalhe=detalhe)
        for codigo, detalhe in escolhidas.items()])
    fundamentos = sorted({fundamento(c) for c in escolhidas})
    registrar_ato(
        tipo="atendimento_pedido", autor=autor, certame=insc.certame, objeto=pedido,
        descricao=_("Pedido de atendimento especializado da inscrição %(n)s%(s)s.") % {
            "n": insc.numero,
            "s": _(" (substitui o pedido anterior)") if anterior is not None else ""},
        fundamento_legal="; ".join(fundamentos)[:250],
        depois={"condicoes": sorted(escolhidas), "laudo": bool(tipo_laudo),
                "substitui": anterior.pk if anterior else None})
    return pedido

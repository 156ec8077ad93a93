"""Claims on a record the banca imported, when the record's own proofs are not enough: RH
analyses a claim and decides it with a motivation (`decidir_reivindicacao`, Lei 9.784/1999,
art. 50), and an existing account asks that the record of its CPF join it
(`solicitar_vinculo`). The building blocks (the pedidos, the account's activation, the join)
are `candidatos.contas.cadastro`'.
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from candidatos.contas.cadastro import (
    EMAIL_REIVINDICACAO_ABERTA,
    EMAIL_REIVINDICACAO_APROVADA,
    EMAIL_REIVINDICACAO_APROVADA_AVISO,
    EMAIL_REIVINDICACAO_ENCERRADA,
    EMAIL_REIVINDICACAO_RECUSADA,
    EMAIL_VINCULO,
    FUNDAMENTO_DECISAO,
    FUNDAMENTO_IDENTIDADE,
    DadosCadastro,
    SituacaoPedido,
    Via,
    _ativar_conta,
    _concluir,
    _conta_que_pede,
    _encerrar,
    _enviar,
    _novo_pedido,
    _preencher,
    _repetir_uma_vez,
    _vincular,
    pedido_aberto,
)
from candidatos.models import Candidato, PedidoCadastro, mesmo_email
from certames.auditoria import registrar_ato
from certames.travas import travar, travar_primeiro
from nucleo.motivacao import validar_motivacao

logger = logging.getLogger(__name__)


# --- claims analysed by RH ------------------------------------------------------------------


def reivindicacoes_em_analise():
    return (PedidoCadastro.objects.filter(via=Via.ANALISE_RH,
                                          situacao=SituacaoPedido.EM_ANALISE)
            .select_related("candidato").order_by("criado_em", "id"))


@transaction.atomic
def decidir_reivindicacao(pedido: PedidoCadastro, *, aprovar: bool, motivacao: str,
                          autor) -> PedidoCadastro:
    """RH approves (the account is created with the password chosen at sign-up, linked to the
    record, whose e-mail becomes the one the claimant gave) or refuses a claim, with a
    motivation (Lei 9.784/1999, art. 50). Approval presumes RH checked the claimant's identity
    (an official document with photo and CPF); the motivation says how. The claimant is told
    by e-mail; on approval, the record's previous e-mail too."""
    # The one motivation rule (`nucleo.motivacao`): a refusal is against the claimant.
    motivacao = validar_motivacao(motivacao, desfavoravel=not aprovar,
                                  especifica=_("o que foi conferido e como"), campo="motivacao")
    agora = timezone.now()
    pedido = travar(PedidoCadastro, pedido)
    if pedido.via != Via.ANALISE_RH or pedido.situacao != SituacaoPedido.EM_ANALISE:
        raise ValidationError(_("Esta reivindicação não está mais em análise (situação: "
                                "%(s)s).") % {"s": pedido.get_situacao_display().lower()})
    if not aprovar:
        pedido.situacao = SituacaoPedido.RECUSADO
        pedido.concluido_em = agora
        pedido.senha = ""
        pedido.decidido_por = autor
        pedido.motivacao = motivacao
        pedido.save(update_fields=["situacao", "concluido_em", "senha", "decidido_por",
                                   "motivacao"])
        registrar_ato(tipo="reivindicacao_cadastro_recusada", autor=autor, objeto=pedido,
                      descricao=_("Reivindicação de cadastro recusada."), motivacao=motivacao,
                      fundamento_legal=FUNDAMENTO_DECISAO,
                      depois={"pedido": pedido.pk, "candidato": pedido.candidato_id})
        _enviar(EMAIL_REIVINDICACAO_RECUSADA, pedido.pk)
        return pedido

    candidato = travar(Candidato, pedido.candidato_id)
    if candidato.usuario_id is not None:
        raise ValidationError(_("Este cadastro já está vinculado a uma conta: a reivindicação "
                                "não pode ser aprovada. Recuse-a com a motivação."))
    if pedido.conta_id is not None:
        # A claim by the CPF's existing account: the record joins it (no account created).
        conta, motivo = _conta_que_pede(pedido)
        if motivo:
            raise ValidationError(motivo)
        incorporado = _vincular(candidato, conta, pedido, agora, autor=autor,
                                motivacao=motivacao, fundamento=FUNDAMENTO_DECISAO)
        _enviar(EMAIL_REIVINDICACAO_APROVADA, pedido.pk)
        if pedido.email_destino and not mesmo_email(pedido.email_destino, conta.usuario.email):
            _enviar(EMAIL_REIVINDICACAO_APROVADA_AVISO, pedido.pk)
        for pk in incorporado["encerrados"]:
            _enviar(EMAIL_REIVINDICACAO_ENCERRADA, pk)
        return pedido
    user = _ativar_conta(pedido, senha_hash=pedido.senha, email=pedido.email,
                         nome=candidato.nome)
    if user is None:
        raise ValidationError(_("Já existe uma conta ativa com este CPF como usuário: "
                                "resolva-a no admin antes de aprovar."))
    antes = _preencher(candidato, pedido)
    candidato.usuario = user
    candidato.save()
    encerradas = _concluir(pedido, user, agora, situacao=SituacaoPedido.CONCLUIDO, autor=autor,
                           motivacao=motivacao)
    registrar_ato(tipo="reivindicacao_cadastro_aprovada", autor=autor, objeto=pedido,
                  descricao=_("Reivindicação de cadastro aprovada: conta criada e vinculada ao "
                              "candidato."), motivacao=motivacao,
                  fundamento_legal=FUNDAMENTO_DECISAO, antes=antes,
                  depois={"pedido": pedido.pk, "candidato": candidato.pk, "usuario": user.pk,
                          "encerrados": encerradas})
    _enviar(EMAIL_REIVINDICACAO_APROVADA, pedido.pk)
    if pedido.email_destino and pedido.email_destino.lower() != pedido.email.lower():
        _enviar(EMAIL_REIVINDICACAO_APROVADA_AVISO, pedido.pk)
    for pk in encerradas:
        _enviar(EMAIL_REIVINDICACAO_ENCERRADA, pk)
    return pedido


# --- an existing account claims a record the banca imported --------------
#
# The import never joins a record to an account by the CPF alone: unless the e-mail the banca
# imported is the account's, the inscrições stay on the CPF's record without an account
# (`candidatos.importacao._destinos`). Its holder claims it from the portal
# (`solicitar_vinculo`), by the same proofs as a sign-up short of the birth date (which the
# record without e-mail could not prove against an account anyone may have opened): the link
# to the e-mail the banca imported, or RH's decision after checking the identity
# (LGPD, Lei 13.709/2018, art. 6º, VII, and art. 46). The page answers the same whatever was
# found; what happened goes by e-mail, to whoever may know it.


@dataclass(frozen=True)
class DadosVinculo:
    """What the claim form holds (already validated)."""

    data_nascimento: dt.date
    telefone: str
    numero_inscricao: str = ""
    pede_analise: bool = False
    explicacao: str = ""


def cadastro_sem_conta(cpf: str) -> Candidato | None:
    """The CPF's record without an account (the banca's, not yet claimed), if any."""
    return Candidato.objects.filter(cpf=cpf, usuario__isnull=True).first()


def solicitar_vinculo(user, dados: DadosVinculo, *, base_url: str) -> None:
    """The account holder asks that the record the banca imported for the account's CPF join
    the account. Returns nothing on purpose (the page is the same whatever was found)."""
    _repetir_uma_vez(_solicitar_vinculo, user, dados, base_url)


@transaction.atomic
def _solicitar_vinculo(user, dados: DadosVinculo, base_url: str) -> None:
    agora = timezone.now()
    conta = travar(Candidato, user.candidato.pk)
    registro = travar_primeiro(Candidato, cpf=conta.cpf, usuario__isnull=True)
    if registro is None:
        return
    if not dados.pede_analise and mesmo_email(registro.email, user.email):
        # The e-mail the banca imported is the account's own: that is the proof.
        _vincular(registro, conta, None, agora, autor=user, motivacao="",
                  fundamento=FUNDAMENTO_IDENTIDADE)
        return
    email = user.email or conta.email
    if not email:
        # Nowhere to answer (an account made outside the sign-up, which always asks for one):
        # nothing is recorded and the page answers as always.
        logger.warning("pedido de vínculo da conta %s sem e-mail ignorado", user.pk)
        return
    d = DadosCadastro(cpf=conta.cpf, nome=conta.nome, nome_social=conta.nome_social,
                      data_nascimento=dados.data_nascimento, email=email,
                      telefone=dados.telefone, senha="",
                      numero_inscricao=dados.numero_inscricao, pede_analise=dados.pede_analise,
                      explicacao=dados.explicacao)
    if dados.pede_analise or not registro.email:
        abertas = PedidoCadastro.objects.filter(candidato=registro, conta=user,
                                                situacao=SituacaoPedido.EM_ANALISE)
        if abertas.exists():
            return  # RH already has it
        pedido = _novo_pedido(d, via=Via.ANALISE_RH, situacao=SituacaoPedido.EM_ANALISE,
                              candidato=registro, email_destino=registro.email, agora=agora,
                              conta=user)
        registrar_ato(tipo="reivindicacao_cadastro", autor=user, objeto=pedido,
                      descricao=_("Pedido de vínculo de cadastro importado à conta existente "
                                  "do CPF: aguardando análise da organizadora."),
                      fundamento_legal=FUNDAMENTO_IDENTIDADE,
                      depois={"pedido": pedido.pk, "candidato": registro.pk,
                              "conta": user.pk, "pediu_analise": dados.pede_analise})
        if registro.email:
            _enviar(EMAIL_REIVINDICACAO_ABERTA, pedido.pk, base_url)
        return
    pendente = travar_primeiro(PedidoCadastro, cpf=conta.cpf,
                               situacao=SituacaoPedido.AGUARDANDO)
    if pendente is not None and pedido_aberto(pendente, agora) and pendente.conta_id == user.pk \
            and pendente.candidato_id == registro.pk \
            and mesmo_email(pendente.email_destino, registro.email):
        # Never overwritten: its link goes again to ITS address.
        _enviar(EMAIL_VINCULO, pendente.pk, base_url)
        return
    if pendente is not None:
        _encerrar(pendente, agora)
    pedido = _novo_pedido(d, via=Via.EMAIL_DO_CADASTRO, situacao=SituacaoPedido.AGUARDANDO,
                          candidato=registro, email_destino=registro.email, agora=agora,
                          conta=user)
    registrar_ato(tipo="cadastro_candidato", autor=user, objeto=pedido,
                  descricao=_("Pedido de vínculo de cadastro importado à conta existente do "
                              "CPF: link enviado ao e-mail da inscrição (aguardando "
                              "confirmação)."),
                  fundamento_legal=FUNDAMENTO_IDENTIDADE,
                  depois={"pedido": pedido.pk, "candidato": registro.pk, "conta": user.pk,
                          "encerrado": pendente.pk if pendente else None})
    _enviar(EMAIL_VINCULO, pedido.pk, base_url)

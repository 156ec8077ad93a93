"""The candidate's account: the sign-up and its confirmation link, and a record the banca
imported joining an account. Each act checks the rule, writes in one transaction, records the
act and queues its e-mail on commit (`candidatos.contas.mensagens`); RH's analysis of a claim and an
existing account's request for its record are in `candidatos.contas.reivindicacoes`.

What the laws leave open and the product decided:

- Sign-up: a CPF the banca imported is linked to an account only with proof its
  record holds (the record's e-mail, or its birth date and an inscrição number) or by RH after
  checking the identity; a pending sign-up is never overwritten and lives as long as Django's
  password-reset links (PASSWORD_RESET_TIMEOUT); the pages never say whether a CPF or an
  e-mail is known. Colour/race and disability are sensitive personal data (LGPD,
  Lei 13.709/2018, art. 5º, II): access to them is protected as art. 46 requires.
- A record the banca imports for the CPF of an existing account joins it only by the same
  proofs: the e-mail the banca imported is the account's
  (`candidatos.importacao`), the account holder opens the link sent to the e-mail the banca
  imported, or RH decides the claim (`candidatos.contas.reivindicacoes.solicitar_vinculo`); never by
  the CPF alone.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import Group
from django.contrib.auth.tokens import PasswordResetTokenGenerator
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.encoding import force_bytes, force_str
from django.utils.http import urlsafe_base64_decode, urlsafe_base64_encode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from candidatos.models import Candidato, Inscricao, PedidoCadastro, mesmo_email
from certames.auditoria import registrar_ato
from certames.travas import travar, travar_primeiro, travar_varios
from comum.filas import enfileirar
from comum.papeis import GRUPO_CANDIDATO
from nucleo.motivacao import MINIMO

#: The task of candidatos/tasks.py that sends the e-mails below, queued by name
#: (comum/filas.py; tasks imports this module).
TAREFA_EMAIL_CADASTRO = "candidatos.enviar_email_cadastro"


# --- sign-up and confirmation ---------------------------------------------------------------
#
# The sign-up never says whether a CPF or an e-mail is known: every valid form ends on the same
# page with the same status, and what happens is told by e-mail to whoever may know it (the
# account's owner, the e-mail of the banca's record, or the e-mail typed for a new CPF). An
# unconfirmed sign-up writes nothing on a Candidato and changes no account: it is a
# `PedidoCadastro` until proved. Linking an account to a record gives access to sensitive
# personal data (colour/race and disability: LGPD, Lei 13.709/2018, art. 5º, II), so the proof
# must come from what the record holds (art. 6º, VII, and art. 46: security against
# unauthorised access).


class CadastroRecusado(ValidationError):
    """The confirmation cannot go on (the message says why, to the holder of the link)."""


#: Failed checks of birth date and inscrição number per record in `JANELA_CONFERENCIA`, after
#: which the automatic check is closed for that record (only RH's analysis remains): the birth
#: date is the secret, and guessing it must not be cheap.
TENTATIVAS_CONFERENCIA = 5
JANELA_CONFERENCIA = dt.timedelta(hours=24)
#: Open claims (RH analysis) per record: more are ignored (RH's queue is not a spam target).
REIVINDICACOES_ABERTAS_POR_CADASTRO = 3
#: A decision's motivation: the kernel's one rule (`nucleo.motivacao`).
MINIMO_MOTIVACAO = MINIMO

FUNDAMENTO_IDENTIDADE = "LGPD (Lei 13.709/2018), art. 6º, VII, e art. 46"
FUNDAMENTO_DECISAO = "Lei 9.784/1999, art. 50; LGPD (Lei 13.709/2018), art. 6º, VII, e art. 46"

# Kinds of e-mail of the sign-up (the mail `cadastro_<kind>` of comum/emails.py, sent by
# `candidatos.contas.mensagens`). The task gets only ids: no address goes through the broker.
EMAIL_CONFIRMACAO = "confirmacao"
EMAIL_CONTA_EXISTENTE = "conta_existente"
EMAIL_REIVINDICACAO_ABERTA = "reivindicacao_aberta"
EMAIL_REIVINDICACAO_APROVADA = "reivindicacao_aprovada"
EMAIL_REIVINDICACAO_APROVADA_AVISO = "reivindicacao_aprovada_aviso"
EMAIL_REIVINDICACAO_RECUSADA = "reivindicacao_recusada"
EMAIL_REIVINDICACAO_ENCERRADA = "reivindicacao_encerrada"
#: The link that joins a record the banca imported to an existing account (to the e-mail the
#: banca imported).
EMAIL_VINCULO = "vinculo"

Via = PedidoCadastro.Via
SituacaoPedido = PedidoCadastro.Situacao


@dataclass(frozen=True)
class DadosCadastro:
    """What the sign-up form holds (already validated)."""

    cpf: str
    nome: str
    data_nascimento: dt.date
    email: str
    telefone: str
    senha: str
    nome_social: str = ""
    numero_inscricao: str = ""
    pede_analise: bool = False
    explicacao: str = ""


def validade_do_link() -> dt.timedelta:
    """A pending sign-up and its links live as long as Django's password-reset links."""
    return dt.timedelta(seconds=settings.PASSWORD_RESET_TIMEOUT)


def pedido_aberto(pedido: PedidoCadastro, em=None) -> bool:
    """Waiting for its link and not expired (the clock decides; nothing sweeps)."""
    agora = em or timezone.now()
    return (pedido.situacao == SituacaoPedido.AGUARDANDO
            and pedido.criado_em + validade_do_link() > agora)


def conta_do_cpf(cpf: str):
    """The account that holds the CPF, if any: the user linked to its Candidato, or a user
    named by the CPF that is active or was ever used (an inactive, never used user is a
    leftover of an old sign-up and holds nothing)."""
    candidato = (Candidato.objects.filter(cpf=cpf, usuario__isnull=False)
                 .select_related("usuario").first())
    if candidato is not None:
        return candidato.usuario
    return (get_user_model().objects.filter(username=cpf)
            .filter(Q(is_active=True) | Q(last_login__isnull=False)).first())


def normalizar_inscricao(numero: str) -> str:
    """An inscrição number as typed or as imported, compared without mask or leading zeros."""
    return "".join(ch for ch in str(numero or "").upper() if ch.isalnum()).lstrip("0")


def dados_conferem(candidato: Candidato, data_nascimento, numero_inscricao: str) -> bool:
    """The birth date is the record's and the number is one of the record's inscrições."""
    alvo = normalizar_inscricao(numero_inscricao)
    if candidato.data_nascimento is None or data_nascimento != candidato.data_nascimento:
        return False
    if not alvo:
        return False
    return any(normalizar_inscricao(n) == alvo
               for n in candidato.inscricoes.values_list("numero", flat=True))


def conferencia_bloqueada(candidato: Candidato, em=None) -> bool:
    agora = em or timezone.now()
    falhas = PedidoCadastro.objects.filter(
        candidato=candidato, situacao=SituacaoPedido.NAO_CONFERE,
        criado_em__gt=agora - JANELA_CONFERENCIA).count()
    return falhas >= TENTATIVAS_CONFERENCIA


def _enviar(tipo: str, objeto_id: int, base_url: str = "") -> None:
    """Queue one e-mail of the sign-up once the transaction commits (Celery task). A broker
    that cannot take it is logged and the e-mail kept for the periodic resend
    (comum.filas.enfileirar), never raised: the page must not differ (nor fail) only in
    the cases that send something."""
    transaction.on_commit(lambda: enfileirar(TAREFA_EMAIL_CADASTRO, tipo, objeto_id, base_url))


def _novo_pedido(d: DadosCadastro, *, via: str, situacao: str, candidato=None, senha: str = "",
                 email_destino: str = "", agora, conta=None) -> PedidoCadastro:
    pedido = PedidoCadastro(
        cpf=d.cpf, candidato=candidato, conta=conta, via=via, situacao=situacao, nome=d.nome,
        nome_social=d.nome_social, data_nascimento=d.data_nascimento, email=d.email,
        telefone=d.telefone, numero_inscricao=d.numero_inscricao.strip()[:20],
        explicacao=d.explicacao.strip() if via == Via.ANALISE_RH else "", senha=senha,
        email_destino=email_destino, criado_em=agora)
    pedido.full_clean()
    pedido.save()
    return pedido


def _encerrar(pedido: PedidoCadastro, agora) -> None:
    pedido.situacao = SituacaoPedido.ENCERRADO
    pedido.concluido_em = agora
    pedido.senha = ""
    pedido.save(update_fields=["situacao", "concluido_em", "senha"])


DESCRICOES_PEDIDO = {
    Via.NOVO: gettext_lazy("Cadastro no portal do candidato (aguardando confirmação do "
                           "e-mail)."),
    Via.EMAIL_DO_CADASTRO: gettext_lazy(
        "Cadastro no portal para CPF com inscrição importada: link enviado ao e-mail da "
        "inscrição (aguardando confirmação)."),
    Via.DADOS_DA_INSCRICAO: gettext_lazy(
        "Cadastro no portal para CPF com inscrição importada: data de nascimento e número de "
        "inscrição conferem (aguardando confirmação do e-mail)."),
}


def solicitar_cadastro(dados: DadosCadastro, *, base_url: str) -> None:
    """Take a sign-up. Returns nothing on purpose: the caller shows the same page whatever
    happened (see the comment above). The password is hashed in every case, so the work done
    does not depend on whether the CPF is known either."""
    senha = make_password(dados.senha)
    _repetir_uma_vez(_solicitar_cadastro, dados, senha, base_url)


def _repetir_uma_vez(funcao, *args) -> None:
    """Run `funcao` (one transaction); once more if a concurrent request took the pending slot
    of the same CPF (the unique constraint): the second run finds it and answers as usual."""
    for tentativa in range(2):
        try:
            funcao(*args)
            return
        except IntegrityError:
            if tentativa:
                raise


@transaction.atomic
def _solicitar_cadastro(d: DadosCadastro, senha: str, base_url: str) -> None:
    agora = timezone.now()
    dono = conta_do_cpf(d.cpf)
    if dono is not None:
        # An account exists: nothing changes; its owner is told (not the person typing).
        _enviar(EMAIL_CONTA_EXISTENTE, dono.pk, base_url)
        return
    # No account holds the CPF: its only record, if any, is the banca's (without account).
    candidato = travar_primeiro(Candidato, cpf=d.cpf, usuario__isnull=True)
    pendente = travar_primeiro(PedidoCadastro, cpf=d.cpf, situacao=SituacaoPedido.AGUARDANDO)
    expirado = None
    if pendente is not None and (not pedido_aberto(pendente, agora)
                                 or (candidato is not None and pendente.via == Via.NOVO)):
        # Expired, or a sign-up for a new CPF that the banca has imported meanwhile (its link
        # no longer proves anything): it ends and the new sign-up goes on.
        expirado = pendente.pk
        _encerrar(pendente, agora)
        pendente = None

    if candidato is not None and (d.pede_analise or (not candidato.email
                                                     and candidato.data_nascimento is None)):
        _reivindicar(d, candidato, senha, base_url, agora)
        return
    if pendente is not None:
        # A pending sign-up is never overwritten: its link goes again to ITS address.
        _enviar(EMAIL_CONFIRMACAO, pendente.pk, base_url)
        return

    if candidato is None:
        via, destino, senha_pedido = Via.NOVO, d.email, senha
    elif candidato.email:
        # The link goes to the e-mail the banca holds, never to the one typed; the password
        # is chosen on the confirmation page, by whoever holds that e-mail.
        via, destino, senha_pedido = Via.EMAIL_DO_CADASTRO, candidato.email, ""
    elif (not conferencia_bloqueada(candidato, agora)
          and dados_conferem(candidato, d.data_nascimento, d.numero_inscricao)):
        via, destino, senha_pedido = Via.DADOS_DA_INSCRICAO, d.email, senha
    else:
        falha = _novo_pedido(d, via=Via.DADOS_DA_INSCRICAO, situacao=SituacaoPedido.NAO_CONFERE,
                             candidato=candidato, agora=agora)
        registrar_ato(tipo="cadastro_candidato", autor=None, objeto=falha,
                      descricao=_("Cadastro no portal para CPF com inscrição importada: data de "
                                  "nascimento e número de inscrição não conferem."),
                      depois={"pedido": falha.pk, "candidato": candidato.pk,
                              "situacao": falha.situacao, "encerrado": expirado})
        return
    pedido = _novo_pedido(d, via=via, situacao=SituacaoPedido.AGUARDANDO, candidato=candidato,
                          senha=senha_pedido, email_destino=destino, agora=agora)
    registrar_ato(tipo="cadastro_candidato", autor=None, objeto=pedido,
                  descricao=str(DESCRICOES_PEDIDO[via]),
                  depois={"pedido": pedido.pk, "via": via,
                          "candidato": candidato.pk if candidato else None,
                          "encerrado": expirado})
    _enviar(EMAIL_CONFIRMACAO, pedido.pk, base_url)


def _reivindicar(d: DadosCadastro, candidato: Candidato, senha: str, base_url: str,
                 agora) -> None:
    """The record cannot be proved by the candidate alone: RH analyses a claim."""
    abertas = PedidoCadastro.objects.filter(candidato=candidato,
                                            situacao=SituacaoPedido.EM_ANALISE)
    if (abertas.filter(email__iexact=d.email).exists()
            or abertas.count() >= REIVINDICACOES_ABERTAS_POR_CADASTRO):
        return  # the same claim again, or too many: RH already has them
    pedido = _novo_pedido(d, via=Via.ANALISE_RH, situacao=SituacaoPedido.EM_ANALISE,
                          candidato=candidato, senha=senha, email_destino=candidato.email,
                          agora=agora)
    registrar_ato(tipo="reivindicacao_cadastro", autor=None, objeto=pedido,
                  descricao=_("Reivindicação de cadastro importado: aguardando análise da "
                              "organizadora."),
                  fundamento_legal=FUNDAMENTO_IDENTIDADE,
                  depois={"pedido": pedido.pk, "candidato": candidato.pk,
                          "pediu_analise": d.pede_analise})
    if candidato.email:
        # Whoever holds the record's e-mail learns of the claim and may object.
        _enviar(EMAIL_REIVINDICACAO_ABERTA, pedido.pk, base_url)


# --- the confirmation link (GET shows a button, POST confirms) ------------------------------


class _TokenPedido(PasswordResetTokenGenerator):
    """Django's password-reset tokens (HMAC of the secret key, expiring after
    PASSWORD_RESET_TIMEOUT), bound to one pedido and the address its link went to."""

    #: The module's former name: the links already sent stay valid.
    key_salt = "candidatos.portal.PedidoCadastro"

    def _make_hash_value(self, pedido, timestamp):
        return (f"{pedido.pk}|{pedido.cpf}|{pedido.email_destino}|"
                f"{pedido.criado_em.timestamp()}|{timestamp}")


token_pedido = _TokenPedido()


def link_confirmacao(pedido: PedidoCadastro) -> tuple[str, str]:
    """(uidb64, token) of the confirmation link."""
    return urlsafe_base64_encode(force_bytes(pedido.pk)), token_pedido.make_token(pedido)


def pedido_do_link(uidb64: str, token: str) -> PedidoCadastro | None:
    """The pedido a confirmation link points to, if the token is valid; else None."""
    try:
        pk = int(force_str(urlsafe_base64_decode(uidb64)))
        pedido = PedidoCadastro.objects.select_related("candidato").get(pk=pk)
    except (TypeError, ValueError, OverflowError, PedidoCadastro.DoesNotExist,
            ValidationError):
        return None
    return pedido if token_pedido.check_token(pedido, token) else None


def _ativar_conta(pedido: PedidoCadastro, *, senha_hash: str, email: str, nome: str):
    """Create (or take over an unused leftover of) the account named by the CPF, active and in
    the Candidato group. None when the CPF already has an account."""
    User = get_user_model()
    user = travar_primeiro(User, username=pedido.cpf)
    if user is None:
        user = User(username=pedido.cpf)
    elif (user.is_active or user.last_login is not None or user.is_staff or user.is_superuser
          or user.groups.exclude(name=GRUPO_CANDIDATO).exists()):
        # Only an inactive, never used candidate leftover may be taken over; anything else
        # (a deactivated account, a staff account named by the CPF) is RH's business.
        return None
    user.first_name = nome[:150]
    user.email = email
    user.password = senha_hash
    user.is_active = True
    user.save()
    grupo, _criado = Group.objects.get_or_create(name=GRUPO_CANDIDATO)
    user.groups.add(grupo)
    return user


def _concluir(pedido: PedidoCadastro, user, agora, *, situacao=SituacaoPedido.CONCLUIDO,
              autor=None, motivacao: str = "") -> list[int]:
    """Mark the pedido done and end every other open pedido of the CPF; returns the claims
    (RH analysis) so ended, whose authors are told."""
    pedido.situacao = situacao
    pedido.concluido_em = agora
    pedido.usuario = user
    pedido.senha = ""
    campos = ["situacao", "concluido_em", "usuario", "senha"]
    if autor is not None:
        pedido.decidido_por = autor
        pedido.motivacao = motivacao
        campos += ["decidido_por", "motivacao"]
    pedido.save(update_fields=campos)
    encerradas = []
    for outro in travar_varios(
            PedidoCadastro.objects.filter(cpf=pedido.cpf,
                                          situacao__in=[SituacaoPedido.AGUARDANDO,
                                                        SituacaoPedido.EM_ANALISE])
            .exclude(pk=pedido.pk), "-criado_em", "-id"):
        if outro.situacao == SituacaoPedido.EM_ANALISE:
            encerradas.append(outro.pk)
        _encerrar(outro, agora)
    return encerradas


def confirmar_pedido(pedido: PedidoCadastro, *, senha: str | None = None) -> Candidato:
    """Confirm a sign-up through its link: create the account and link it to the Candidato.

    `senha` is required when the link went to the record's e-mail (the password typed at
    sign-up was not kept: whoever holds that e-mail chooses it now). Raises CadastroRecusado
    when the pedido can no longer be confirmed (it then ends)."""
    candidato, motivo = _confirmar_pedido(pedido, senha)
    if motivo:
        raise CadastroRecusado(motivo)
    return candidato


@transaction.atomic
def _confirmar_pedido(pedido: PedidoCadastro, senha: str | None):
    agora = timezone.now()
    pedido = travar(PedidoCadastro, pedido)
    if not pedido_aberto(pedido, agora):
        return None, _("O link de confirmação é inválido ou já expirou. Cadastre-se de novo "
                       "para receber outro link.")
    if pedido.conta_id is not None:
        return _confirmar_vinculo(pedido, agora)
    if pedido.via == Via.EMAIL_DO_CADASTRO and not senha:
        return None, _("Escolha a senha da conta.")
    # The account's record first: a CPF with an account is never signed up again.
    candidato = (travar_primeiro(Candidato, cpf=pedido.cpf, usuario__isnull=False)
                 or travar_primeiro(Candidato, cpf=pedido.cpf))
    motivo = None
    if candidato is not None and candidato.usuario_id is not None:
        motivo = _("Este CPF já está vinculado a outra conta. Entre com o CPF e a senha ou use "
                   "“Esqueceu a senha?”; se você não reconhece essa conta, procure a "
                   "organizadora do certame.")
    elif pedido.via == Via.NOVO and candidato is not None:
        motivo = _("Este CPF passou a constar de inscrição registrada pela organizadora. Faça o "
                   "cadastro de novo: a confirmação seguirá pelos dados dessa inscrição.")
    elif pedido.via != Via.NOVO and (candidato is None or candidato.pk != pedido.candidato_id):
        motivo = _("O cadastro deste CPF mudou. Faça o cadastro de novo.")
    elif pedido.via == Via.EMAIL_DO_CADASTRO and (
            candidato.email.strip().lower() != pedido.email_destino.strip().lower()):
        motivo = _("O e-mail da inscrição mudou depois do envio deste link. Faça o cadastro de "
                   "novo.")
    elif pedido.via == Via.DADOS_DA_INSCRICAO and (
            candidato.email or not dados_conferem(candidato, pedido.data_nascimento,
                                                  pedido.numero_inscricao)):
        motivo = _("Os dados da inscrição mudaram depois do envio deste link. Faça o cadastro "
                   "de novo.")
    if motivo is None:
        if pedido.via == Via.EMAIL_DO_CADASTRO:
            # The record's data, not what was typed: the typist may not be who holds the
            # e-mail.
            user = _ativar_conta(pedido, senha_hash=make_password(senha),
                                 email=candidato.email, nome=candidato.nome)
        else:
            user = _ativar_conta(pedido, senha_hash=pedido.senha, email=pedido.email,
                                 nome=candidato.nome if candidato else pedido.nome)
        if user is None:
            motivo = _("Este CPF já tem uma conta. Entre com o CPF e a senha ou use “Esqueceu "
                       "a senha?”.")
    if motivo is not None:
        _encerrar(pedido, agora)
        registrar_ato(tipo="confirmacao_cadastro_recusada", autor=None, objeto=pedido,
                      descricao=_("Confirmação de cadastro recusada: %(m)s") % {"m": motivo},
                      depois={"pedido": pedido.pk})
        return None, motivo

    antes = None
    if candidato is None:
        candidato = Candidato(cpf=pedido.cpf, nome=pedido.nome, nome_social=pedido.nome_social,
                              data_nascimento=pedido.data_nascimento, email=pedido.email,
                              telefone=pedido.telefone)
        candidato.full_clean(exclude=["usuario"])
    elif pedido.via == Via.DADOS_DA_INSCRICAO:
        # The record had no e-mail: the one just proved becomes its contact; blanks are filled.
        antes = _preencher(candidato, pedido)
    candidato.usuario = user
    candidato.save()
    encerradas = _concluir(pedido, user, agora)
    registrar_ato(tipo="confirmacao_cadastro", autor=user, objeto=candidato,
                  descricao=_("E-mail confirmado; conta vinculada ao candidato."),
                  fundamento_legal=FUNDAMENTO_IDENTIDADE if pedido.via != Via.NOVO else "",
                  antes=antes,
                  depois={"usuario": user.pk, "pedido": pedido.pk, "via": pedido.via,
                          "encerrados": encerradas})
    for pk in encerradas:
        _enviar(EMAIL_REIVINDICACAO_ENCERRADA, pk)
    return candidato, None


def _preencher(candidato: Candidato, pedido: PedidoCadastro, *, email: bool = True) -> dict:
    """Set the proved e-mail and fill the record's blank fields from the pedido; returns the
    previous values of what changed (for the act)."""
    antes = {}
    novos = {"nome_social": pedido.nome_social, "data_nascimento": pedido.data_nascimento,
             "telefone": pedido.telefone}
    for campo, valor in novos.items():
        if valor and not getattr(candidato, campo):
            antes[campo] = getattr(candidato, campo)
            setattr(candidato, campo, valor)
    if email and candidato.email != pedido.email:
        antes["email"] = candidato.email
        candidato.email = pedido.email
    return {campo: (str(v) if v is not None else None) for campo, v in antes.items()}


# --- a record the banca imported joins an existing account ---------------------------------


def _conta_que_pede(pedido: PedidoCadastro) -> tuple[Candidato | None, str | None]:
    """The account's record that asked (locked), or why it can no longer receive the record."""
    conta = travar_primeiro(Candidato, "usuario", usuario_id=pedido.conta_id)
    if conta is None or conta.cpf != pedido.cpf or not conta.usuario.is_active:
        return None, _("A conta que pediu o vínculo não está mais ativa com este CPF.")
    return conta, None


def _confirmar_vinculo(pedido: PedidoCadastro, agora):
    """The link sent to the e-mail the banca imported, opened: the record joins the account
    that asked, if nothing changed meanwhile."""
    registro = travar_primeiro(Candidato, pk=pedido.candidato_id)
    conta, motivo = _conta_que_pede(pedido)
    if motivo is None and (registro is None or registro.usuario_id is not None
                           or registro.cpf != pedido.cpf):
        motivo = _("O cadastro deste CPF mudou. Peça o vínculo de novo na sua área.")
    elif motivo is None and not mesmo_email(registro.email, pedido.email_destino):
        motivo = _("O e-mail da inscrição mudou depois do envio deste link. Peça o vínculo de "
                   "novo na sua área.")
    if motivo is None:
        try:
            _vincular(registro, conta, pedido, agora, autor=None, motivacao="",
                      fundamento=FUNDAMENTO_IDENTIDADE)
        except ValidationError as exc:
            motivo = " ".join(exc.messages)
        else:
            return conta, None
    _encerrar(pedido, agora)
    registrar_ato(tipo="confirmacao_cadastro_recusada", autor=None, objeto=pedido,
                  descricao=_("Confirmação de vínculo recusada: %(m)s") % {"m": motivo},
                  depois={"pedido": pedido.pk})
    return None, motivo


def _vincular(registro: Candidato, conta: Candidato, pedido: PedidoCadastro | None, agora, *,
              autor, motivacao: str, fundamento: str) -> dict:
    """Join the record without an account (`registro`, locked) to the account's record
    (`conta`, locked): its inscrições and pedidos pass to the account's record, blank fields
    of that record are filled from it (the account's e-mail stays: it is the proved one), the
    record is deleted; one act. Raises ValidationError when both hold an inscrição in the same
    cargo (one person, one inscrição per cargo: RH's business)."""
    user = conta.usuario
    inscricoes = list(travar_varios(Inscricao.objects.filter(candidato=registro), "numero"))
    repetidos = set(Inscricao.objects.filter(candidato=conta).values_list("cargo_id", flat=True)
                    ) & {i.cargo_id for i in inscricoes}
    if repetidos:
        raise ValidationError(_(
            "O cadastro importado e a conta têm inscrição no mesmo cargo: a organizadora do "
            "certame precisa resolver a duplicidade antes do vínculo."))
    antes = {}
    for campo in ("nome_social", "data_nascimento", "telefone"):
        valor = getattr(registro, campo)
        if valor and not getattr(conta, campo):
            antes[campo] = None
            setattr(conta, campo, valor)
    for insc in inscricoes:
        insc.candidato = conta
        insc.save(update_fields=["candidato", "atualizada_em"])
    encerrados: list[int] = []
    if pedido is not None:
        pedido.situacao = SituacaoPedido.CONCLUIDO
        pedido.concluido_em = agora
        pedido.usuario = user
        pedido.senha = ""
        campos = ["situacao", "concluido_em", "usuario", "senha"]
        if autor is not None and autor != user:
            pedido.decidido_por = autor
            pedido.motivacao = motivacao
            campos += ["decidido_por", "motivacao"]
        pedido.save(update_fields=campos)
    for outro in travar_varios(
            PedidoCadastro.objects.filter(candidato=registro, situacao__in=[
                SituacaoPedido.AGUARDANDO, SituacaoPedido.EM_ANALISE])
            .exclude(pk=getattr(pedido, "pk", None)), "-criado_em", "-id"):
        if outro.situacao == SituacaoPedido.EM_ANALISE:
            encerrados.append(outro.pk)
        _encerrar(outro, agora)
    PedidoCadastro.objects.filter(candidato=registro).update(candidato=conta)
    conta.save()
    numeros = [i.numero for i in inscricoes]
    registro_pk = registro.pk
    registro.delete()
    registrar_ato(
        tipo="vinculo_cadastro", autor=autor, objeto=pedido if pedido is not None else conta,
        descricao=_("Cadastro importado vinculado à conta existente do CPF: %(n)d "
                    "inscrição(ões) passam à conta.") % {"n": len(numeros)},
        motivacao=motivacao, fundamento_legal=fundamento, antes=antes or None,
        depois={"cadastro_incorporado": registro_pk, "usuario": user.pk,
                "inscricoes": numeros, "pedido": getattr(pedido, "pk", None),
                "encerrados": encerrados})
    return {"inscricoes": numeros, "encerrados": encerrados}


def mascarar_email(email: str) -> str:
    """"joana.maria@example.com" → "j***@example.com" (shown to RH instead of the address)."""
    usuario, arroba, dominio = (email or "").partition("@")
    if not arroba:
        return ""
    return f"{usuario[:1]}***@{dominio}"

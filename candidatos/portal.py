"""The candidate's own acts: sign-up and its confirmation, inscrição, change of the reserved-list
option. Each one checks the rule, writes in one transaction, records the act and queues the
follow-up work on commit (architecture: "decisions are acts").

What the laws leave open and the product decided:

- Inscrições are accepted while an Etapa of kind "inscricoes" of the certame is open (the
  clock decides: `Etapa.aberta`) and the certame is published or in progress.
- Fee: a cargo with a fee (> 0) starts "pendente"; a cargo without a fee starts "paga" (nothing
  is owed, so the inscrição is confirmed). "isenta" is reserved for a granted exemption, an
  administrative decision (Lei 3.057/2026, art. 2º), and is never set here.
- Change or withdrawal of the reserved-list option: until the end of the inscrições window.
  Pirangi fixes it in law (Lei 3.056/2025, art. 5º, §2º); the other laws are silent, so the
  same window is the product default, an edital rule.
- The self-declaration is valid only for the certame where it was made (Lei 3.057/2026,
  art. 10, §1º): nothing is carried over from another certame's inscrição.
- Sign-up: a CPF the banca imported is linked to an account only with proof its
  record holds (the record's e-mail, or its birth date and an inscrição number) or by RH after
  checking the identity; a pending sign-up is never overwritten and lives as long as Django's
  password-reset links (PASSWORD_RESET_TIMEOUT); the pages never say whether a CPF or an
  e-mail is known. Colour/race and disability are sensitive personal data (LGPD,
  Lei 13.709/2018, art. 5º, II): access to them is protected as art. 46 requires.
- A record the banca imports for the CPF of an existing account joins it only by the same
  proofs: the e-mail the banca imported is the account's
  (`candidatos.importacao`), the account holder opens the link sent to the e-mail the banca
  imported, or RH decides the claim (`solicitar_vinculo`); never by the CPF alone.
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import Group
from django.contrib.auth.tokens import PasswordResetTokenGenerator
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.db import IntegrityError, connection, transaction
from django.db.models import Exists, F, Func, JSONField, OuterRef, Prefetch, Q, Subquery
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.encoding import force_bytes, force_str
from django.utils.http import urlsafe_base64_decode, urlsafe_base64_encode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from candidatos import chamadas, condicoes, isencao, janelas, servicos
from candidatos import estados as estados_lista
from candidatos.janelas import JanelaAberta
from candidatos.models import (
    Candidato,
    Inscricao,
    Lista,
    PedidoAtendimento,
    PedidoCadastro,
    PedidoIsencao,
    ProcedimentoAdministrativo,
    SituacaoLista,
    erros_autodeclaracao,
    mesmo_email,
)
from certames import instantaneo
from certames.auditoria import registrar_ato
from certames.carreira import SituacaoChamada, fundamento_ordem
from certames.models import (
    Cargo,
    Certame,
    Chamada,
    Etapa,
    EventoChamada,
    Publicacao,
    ResumoClassificacao,
)
from certames.regras.aritmetica import formatar_percentual
from certames.travas import (
    travar,
    travar_certame,
    travar_primeiro,
    travar_sem_ler,
    travar_varios,
)
from classificacao import listas_da_inscricao
from comissoes.dominio import documental
from comissoes.dominio.convocacao import convocacoes_do_candidato
from comissoes.dominio.procedimentos import PROCEDIMENTOS
from comissoes.dominio.resultados import resultados_por_procedimento
from comissoes.models import Avaliacao, Convocacao
from comum.filas import enfileirar
from comum.formatos import data_hora_br
from comum.papeis import GRUPO_CANDIDATO
from nucleo.motivacao import MINIMO, validar_motivacao

logger = logging.getLogger(__name__)

# Tasks of candidatos/tasks.py, queued by name (comum/filas.py): tasks imports this module.
TAREFA_EMAIL_CADASTRO = "candidatos.enviar_email_cadastro"
TAREFA_COMPROVANTE = "candidatos.gerar_comprovante"


def enfileirar_comprovante(inscricao: Inscricao) -> None:
    """Queue the receipt once the inscrição (or its change) is committed."""
    transaction.on_commit(lambda: enfileirar(TAREFA_COMPROVANTE, inscricao.pk))

#: Certame situations in which inscrições may be accepted (with the window open).
STATUS_ACEITA_INSCRICOES = (Certame.Status.PUBLICADO, Certame.Status.EM_ANDAMENTO)

#: Numbers the portal gives: the edital's year and a zero-padded sequence per certame
#: ("2026000001"). Imported numbers (the banca's) are kept as they come; the sequence goes on
#: from the highest number of the same width, so it never reuses one.
DIGITOS_SEQUENCIA = 6
DIGITOS_NUMERO = 4 + DIGITOS_SEQUENCIA
TENTATIVAS_NUMERO = 5



# --- windows --------------------------------------------------------------------------------


def etapa_inscricoes_aberta(certame: Certame, em=None,
                            etapas: list[Etapa] | None = None) -> Etapa | None:
    """The open inscrições window of the certame now (or at `em`), if any. ``etapas``: the
    certame's schedule when the caller already read it (no query)."""
    agora = em or timezone.now()
    if etapas is not None:
        abertas = [e for e in etapas if e.tipo == Etapa.Tipo.INSCRICOES and e.aberta(agora)]
        return max(abertas, key=lambda e: e.fim) if abertas else None
    return (certame.etapas.filter(tipo=Etapa.Tipo.INSCRICOES, inicio__lte=agora, fim__gte=agora)
            .order_by("fim").last())


def inscricoes_abertas(certame: Certame, em=None) -> bool:
    return (certame.status in STATUS_ACEITA_INSCRICOES
            and etapa_inscricoes_aberta(certame, em) is not None)


def certames_com_inscricoes_abertas(em=None):
    agora = em or timezone.now()
    return (Certame.objects.filter(
        status__in=STATUS_ACEITA_INSCRICOES, etapas__tipo=Etapa.Tipo.INSCRICOES,
        etapas__inicio__lte=agora, etapas__fim__gte=agora)
        .select_related("orgao").distinct().order_by("-data_publicacao_edital", "numero_edital"))


def fundamento_alteracao_opcao(certame: Certame) -> str:
    """The basis of the rule "the option may change until the end of the inscrições window":
    the regime's law where it says so (`Regime.fundamento_alteracao_opcao`: Lei 3.056/2025,
    art. 5º, §2º), else the edital's rule."""
    fundamento = certame.regime_legal.fundamento_alteracao_opcao
    if fundamento:
        return linguagem_simples(fundamento)
    return _("%(lei)s não disciplina a alteração da opção: vale a regra do edital, até o fim "
             "do período de inscrições") % {"lei": certame.regime_legal.lei}


def _texto_janela(certame: Certame, cronograma: list[Etapa] | None = None) -> str:
    if cronograma is not None:
        etapas = sorted((e for e in cronograma if e.tipo == Etapa.Tipo.INSCRICOES),
                        key=lambda e: e.inicio)
    else:
        etapas = list(certame.etapas.filter(tipo=Etapa.Tipo.INSCRICOES).order_by("inicio"))
    if not etapas:
        return _("O cronograma deste certame não tem período de inscrições.")
    agora = timezone.now()
    futuras = [e for e in etapas if e.inicio > agora]
    if futuras:
        return _("O período de inscrições começa em %(inicio)s.") % {
            "inicio": data_hora_br(futuras[0].inicio)}
    return _("O período de inscrições terminou em %(fim)s.") % {
        "fim": data_hora_br(etapas[-1].fim)}


def motivo_inscricoes_fechadas(certame: Certame) -> str | None:
    """Why the certame does not accept inscrições now (a Portuguese sentence), or None."""
    if certame.status not in STATUS_ACEITA_INSCRICOES:
        return _("Este certame não está recebendo inscrições (situação: %(s)s).") % {
            "s": certame.get_status_display().lower()}
    if etapa_inscricoes_aberta(certame) is None:
        return _("Inscrições fechadas. %(janela)s") % {"janela": _texto_janela(certame)}
    return None


def motivo_opcao_inalteravel(inscricao: Inscricao,
                             etapas: list[Etapa] | None = None) -> str | None:
    """Why the candidate may not change the reserved-list option now, or None. ``etapas``:
    the certame's schedule when the caller already read it (the status page: no query)."""
    certame = inscricao.cargo.certame
    if inscricao.situacao in servicos.FINAIS:
        return _("A inscrição está %(s)s.") % {"s": inscricao.get_situacao_display().lower()}
    # After the window: fixed at the inscrição, citing the regime's article.
    fixadas = servicos.motivo_opcoes_fixadas(certame, etapas=etapas)
    if fixadas:
        return linguagem_simples(fixadas)
    if etapa_inscricoes_aberta(certame, etapas=etapas) is None:
        return _("A opção pelas vagas reservadas só pode ser alterada ou retirada até o fim do "
                 "período de inscrições (%(fundamento)s). %(janela)s") % {
            "fundamento": fundamento_alteracao_opcao(certame),
            "janela": _texto_janela(certame, etapas)}
    return None


# --- plain words for the candidate ---------------------------------------------------------

#: Internal wording of the rules' citations (`certames.regras`: "padrão do produto" marks a
#: value the law does not fix; "texto não disponível" a law whose text the product lacks) and
#: what the candidate reads instead. The citation itself (law and article) is kept.
_JARGAO = (
    (", texto não disponível)", ")"),
    (" (texto não disponível)", ""),
    ("regra do edital, padrão ", "regra do edital, que segue o "),
    ("padrão do produto", "regra geral do sistema, na falta de regra na lei"),
    ("padrão do sistema", "regra geral do sistema, na falta de regra na lei"),
)


def linguagem_simples(texto: str) -> str:
    """A rule's citation as the candidate reads it: the same law and article, without the
    product's internal wording."""
    texto = str(texto or "")
    for jargao, simples in _JARGAO:
        texto = texto.replace(jargao, simples)
    return texto


# --- the law's text beside each option ------------------------------------------------------


@dataclass(frozen=True)
class OpcaoLista:
    codigo: str
    nome: str
    percentual: str
    fundamento: str

    @property
    def texto(self) -> str:
        return _("%(nome)s — %(p)s das vagas (%(f)s)") % {
            "nome": self.nome, "p": self.percentual, "f": linguagem_simples(self.fundamento)}


def opcoes_do_regime(regime) -> list[OpcaoLista]:
    """The reserved lists a regime offers, with percentage and citation (from the regime)."""
    opcoes = [OpcaoLista(g.codigo, g.nome[:1].upper() + g.nome[1:],
                         formatar_percentual(g.percentual), g.fundamento)
              for g in regime.grupos]
    opcoes.append(OpcaoLista("PCD", _("Pessoas com deficiência"),
                             formatar_percentual(regime.pcd.percentual), regime.pcd.fundamento))
    return opcoes


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

# Kinds of e-mail of the sign-up (templates candidatos/contas/email/<kind>.txt and
# <kind>_assunto.txt). The task gets only ids: no address goes through the broker.
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


# --- the e-mails ------------------------------------------------------------------------------


def mascarar_email(email: str) -> str:
    """"joana.maria@example.com" → "j***@example.com" (shown to RH instead of the address)."""
    usuario, arroba, dominio = (email or "").partition("@")
    if not arroba:
        return ""
    return f"{usuario[:1]}***@{dominio}"


def _absoluto(base_url: str, caminho: str) -> str:
    return (base_url.rstrip("/") + caminho) if base_url else caminho


def enviar_email_cadastro(tipo: str, objeto_id: int, base_url: str = "") -> bool:
    """Render and send one e-mail of the sign-up; False when there is nothing (or nobody) to
    send to any more (e.g. the pedido ended before the task ran).

    No text typed by an unproven person reaches an address not yet proven: the
    greeting names the account's or the banca's record, or nobody ("Olá.")."""
    User = get_user_model()
    contexto: dict[str, Any] = {"url_entrar": _absoluto(base_url, reverse("login")),
                "url_senha": _absoluto(base_url, reverse("password_reset"))}
    if tipo == EMAIL_CONTA_EXISTENTE:
        user = User.objects.filter(pk=objeto_id).first()
        if user is None:
            return False
        candidato = Candidato.objects.filter(usuario=user).first()
        destino = user.email or (candidato.email if candidato else "")
        contexto["nome"] = candidato.nome_exibicao if candidato else user.first_name
        contexto["ativa"] = user.is_active
    else:
        pedido = PedidoCadastro.objects.select_related("candidato").filter(pk=objeto_id).first()
        if pedido is None:
            return False
        contexto["pedido"] = pedido
        contexto["criado_em"] = timezone.localtime(pedido.criado_em)
        if tipo in (EMAIL_CONFIRMACAO, EMAIL_VINCULO):
            if not pedido_aberto(pedido):
                return False
            uidb64, token = link_confirmacao(pedido)
            contexto["link"] = _absoluto(base_url, reverse("portal:confirmar",
                                                           args=[uidb64, token]))
            contexto["validade"] = timezone.localtime(pedido.criado_em + validade_do_link())
            # Greeted by the record's name only when the link goes to the record's e-mail;
            # a typed address is not proven yet, and the typed name is not echoed to it.
            contexto["nome"] = (pedido.candidato.nome_exibicao
                                if pedido.via == Via.EMAIL_DO_CADASTRO else "")
            destino = pedido.email_destino
        elif tipo in (EMAIL_REIVINDICACAO_ABERTA, EMAIL_REIVINDICACAO_APROVADA_AVISO,
                      EMAIL_REIVINDICACAO_APROVADA):
            # The banca's record (RH checked the claimant's identity before an approval).
            contexto["nome"] = pedido.candidato.nome_exibicao if pedido.candidato else ""
            destino = (pedido.email if tipo == EMAIL_REIVINDICACAO_APROVADA
                       else pedido.email_destino)
        else:
            # A refused or ended claim, to the address typed in it (never proven): no name.
            contexto["nome"] = ""
            destino = pedido.email
    if not destino:
        return False
    assunto = " ".join(render_to_string(f"candidatos/contas/email/{tipo}_assunto.txt",
                                        contexto).split())
    corpo = render_to_string(f"candidatos/contas/email/{tipo}.txt", contexto)
    send_mail(assunto, corpo, settings.DEFAULT_FROM_EMAIL, [destino])
    return True


# --- inscrição ------------------------------------------------------------------------------


def _proximo_numero(certame: Certame) -> str:
    ultimo = (Inscricao.objects.filter(certame=certame,
                                       numero__regex=rf"^[0-9]{{{DIGITOS_NUMERO}}}$")
              .order_by("-numero").values_list("numero", flat=True).first())
    primeiro = certame.data_publicacao_edital.year * 10**DIGITOS_SEQUENCIA + 1
    return f"{max(int(ultimo or 0) + 1, primeiro):0{DIGITOS_NUMERO}d}"


MENSAGEM_JA_INSCRITO = gettext_lazy("Você já tem uma inscrição neste cargo (nº %(n)s).")


MENSAGEM_JA_INSCRITO_SEM_VINCULO = gettext_lazy(
    "Já existe inscrição neste cargo para o seu CPF, registrada pela organizadora e ainda não "
    "vinculada à sua conta: peça o vínculo em “Pedir o vínculo à sua conta”, na sua área.")


def _ja_inscrito(candidato: Candidato, cargo: Cargo) -> ValidationError | None:
    existente = Inscricao.objects.filter(candidato=candidato, cargo=cargo).first()
    if existente is not None:
        return ValidationError({"cargo": [MENSAGEM_JA_INSCRITO % {"n": existente.numero}]})
    # One person, one inscrição per cargo, whichever record holds it: the banca's record of
    # the same CPF, not yet claimed (its number is not shown: it is not proved to be theirs).
    if Inscricao.objects.filter(candidato__cpf=candidato.cpf, cargo=cargo).exclude(
            candidato=candidato).exists():
        return ValidationError({"cargo": [MENSAGEM_JA_INSCRITO_SEM_VINCULO]})
    return None


def inscrever(candidato: Candidato, cargo: Cargo, *, cor_raca: str, quilombola: bool,
              deficiencia: bool, tipo_deficiencia: str, listas: list[str], autor) -> Inscricao:
    """The candidate's inscrição in one cargo, with self-declaration and options.

    Raises ValidationError (field errors where they belong) when the window is closed, the
    options do not match the self-declaration or the regime, or the candidate already holds an
    inscrição in the cargo. The number is the next of the certame's sequence, taken with the
    certame row locked; a clash (SQLite does not lock rows) is retried.
    """
    for tentativa in range(TENTATIVAS_NUMERO):
        try:
            return _inscrever(candidato, cargo, cor_raca=cor_raca, quilombola=quilombola,
                              deficiencia=deficiencia, tipo_deficiencia=tipo_deficiencia,
                              listas=listas, autor=autor)
        except IntegrityError:
            erro = _ja_inscrito(candidato, cargo)
            if erro is not None:
                raise erro from None
            if tentativa == TENTATIVAS_NUMERO - 1:
                raise
    raise AssertionError("unreachable")


@transaction.atomic
def _inscrever(candidato, cargo, *, cor_raca, quilombola, deficiencia, tipo_deficiencia,
               listas, autor) -> Inscricao:
    certame = travar_certame(cargo.certame_id)
    motivo = motivo_inscricoes_fechadas(certame)
    if motivo:
        raise ValidationError(motivo)
    erro = _ja_inscrito(candidato, cargo)
    if erro is not None:
        raise erro
    listas = list(listas)
    if not deficiencia:
        tipo_deficiencia = ""
    erros = erros_autodeclaracao(certame.regime_legal, cor_raca=cor_raca, quilombola=quilombola,
                                 deficiencia=deficiencia, tipo_deficiencia=tipo_deficiencia,
                                 listas=listas)
    if erros:
        raise ValidationError(erros)
    taxa = (Inscricao.SituacaoTaxa.PENDENTE if cargo.taxa_inscricao > 0
            else Inscricao.SituacaoTaxa.PAGA)
    insc = Inscricao(certame=certame, cargo=cargo, candidato=candidato,
                     numero=_proximo_numero(certame), cor_raca=cor_raca, quilombola=quilombola,
                     deficiencia=deficiencia, tipo_deficiencia=tipo_deficiencia, listas=listas,
                     situacao_taxa=taxa, situacao=Inscricao.Situacao.INSCRITO)
    insc.save()
    registrar_ato(
        tipo="inscricao", autor=autor, certame=certame, objeto=insc,
        descricao=_("Inscrição %(n)s no cargo %(c)s.") % {"n": insc.numero, "c": cargo},
        depois={"numero": insc.numero, "cargo": cargo.codigo, "cor_raca": cor_raca,
                "quilombola": quilombola, "deficiencia": deficiencia,
                "tipo_deficiencia": tipo_deficiencia, "listas": listas,
                "situacao_taxa": taxa})
    # An "inscrito" is not classified yet, so no recompute; the receipt is queued.
    enfileirar_comprovante(insc)
    return insc


@transaction.atomic
def alterar_opcoes_pelo_candidato(inscricao: Inscricao, listas: list[str], *, autor) -> Inscricao:
    """The candidate changes or withdraws the reserved-list option, within the window.

    Same validation and act as RH's change (`servicos.alterar_opcoes`), which also queues the
    recompute; the candidate's motivation is automatic and cites the rule of the window.
    """
    # The certame, the cargo and the inscrição are all locked (the certame serialises this
    # change with imports, which rewrite options under the certame's lock), parents first.
    travar_sem_ler(Certame, inscricao.certame_id)
    travar_sem_ler(Cargo, inscricao.cargo_id)
    insc = travar(Inscricao, inscricao, "cargo__certame")
    motivo = motivo_opcao_inalteravel(insc)
    if motivo:
        raise ValidationError(motivo)
    listas = list(listas)
    if sorted(listas) == sorted(insc.listas):
        return insc
    motivacao = _("Alteração pelo próprio candidato durante o período de inscrições (%(f)s).") % {
        "f": fundamento_alteracao_opcao(insc.cargo.certame)}
    insc = servicos.alterar_opcoes(insc, listas, autor=autor, motivacao=motivacao)
    enfileirar_comprovante(insc)
    return insc


# --- the status of an inscrição, as the candidate sees it -----------------------------------

#: Convocations (models come later: for now the certame's schedule) and the lists they concern.
CONVOCACOES = {
    Etapa.Tipo.HETEROIDENTIFICACAO: {"PP", "PPI"},
    Etapa.Tipo.VERIFICACAO_DOCUMENTAL: {"I", "Q", "PPI"},
    Etapa.Tipo.AVALIACAO_PCD: {"PCD"},
}


@dataclass(frozen=True)
class TaxaInscricao:
    """The fee of an inscrição as every candidate page says it (dashboard, status page,
    exemption pages): the effective situation (`isencao.situacao_taxa_efetiva`) and where it
    comes from, so "Isenta" never sits beside "sem pedido de isenção"."""

    situacao: str
    rotulo: str
    #: Where the situation comes from, in plain words ("" when there is nothing to add).
    origem: str
    tem_taxa: bool
    #: The candidate may still ask for the exemption on the exemption page.
    pode_pedir_isencao: bool = False


def taxa_da_inscricao(inscricao: Inscricao, agora=None, *, pedido=None,
                      publicacao_final=None, pedido_lido: bool = False,
                      situacao: str | None = None) -> TaxaInscricao:
    """The one description of the fee (pass `pedido`/`publicacao_final` with
    `pedido_lido=True` when the caller already read them, and `situacao`, the effective
    situation `isencao.situacao_taxa_efetiva`, when it computed it)."""
    agora = agora or timezone.now()
    certame = inscricao.certame
    if situacao is None:
        situacao = isencao.situacao_taxa_efetiva(inscricao, agora)
    rotulo = str(Inscricao.SituacaoTaxa(situacao).label)
    if not inscricao.cargo.taxa_inscricao:
        return TaxaInscricao(situacao, rotulo, _("Este cargo não cobra taxa de inscrição."),
                             tem_taxa=False)
    if not pedido_lido:
        pedido = PedidoIsencao.objects.filter(inscricao=inscricao).first()
        publicacao_final = isencao.publicacoes_do_pedido(pedido)[1] if pedido else None
    oferece = isencao.oferece_isencao(certame)
    if pedido is not None:
        if publicacao_final is None:
            origem = _("Pedido de isenção (%(t)s) em análise: o resultado definitivo ainda não "
                       "foi publicado.") % {"t": pedido.get_tipo_display().lower()}
        elif situacao == Inscricao.SituacaoTaxa.ISENTA:
            origem = _("Isenção concedida no seu pedido (%(t)s).") % {
                "t": pedido.get_tipo_display().lower()}
        else:
            origem = _("Pedido de isenção (%(t)s) indeferido no resultado definitivo.") % {
                "t": pedido.get_tipo_display().lower()}
        return TaxaInscricao(situacao, rotulo, origem, tem_taxa=True)
    if situacao == Inscricao.SituacaoTaxa.ISENTA:
        # Recorded by the organisers (the banca's import or RH), not asked in the portal.
        return TaxaInscricao(situacao, rotulo, _(
            "Isenção registrada pela organização do certame; você não precisa pedi-la nem "
            "pagar a taxa."), tem_taxa=True)
    if situacao == Inscricao.SituacaoTaxa.PAGA:
        return TaxaInscricao(situacao, rotulo, _("Pagamento registrado."), tem_taxa=True)
    if not oferece:
        return TaxaInscricao(situacao, rotulo, str(isencao.mensagem_nao_prevista()),
                             tem_taxa=True)
    return TaxaInscricao(situacao, rotulo, _("Você não pediu isenção da taxa."), tem_taxa=True,
                         pode_pedir_isencao=situacao == Inscricao.SituacaoTaxa.PENDENTE)


@dataclass
class ResultadoIsencao:
    resultado: str
    rotulo: str
    motivo: str


@dataclass(frozen=True)
class PosicaoExplicada:
    """One list of the published snapshot, as the candidate reads it: the position, whether
    it holds a vacancy (which one, from which list, with the article) or how many are ahead
    without one."""

    lista: str
    lista_nome: str
    posicao: int
    sub_judice: bool
    texto: str
    fundamento: str


@dataclass
class Classificacao:
    versao: object
    publicacao: object
    posicoes: list
    vaga: object | None
    exclusoes: list[dict]
    explicacoes: list[PosicaoExplicada] = field(default_factory=list)
    #: Why the candidate is out of a list, or of every list, in the words every page uses
    #: (`classificacao.listas_da_inscricao`: one answer with RH's pages).
    saidas: list = field(default_factory=list)


def nome_da_lista(codigo: str) -> str:
    """"AC" is the open list; the others are the reserved lists' names."""
    if codigo == "AC":
        return _("Ampla concorrência")
    try:
        return str(Lista(codigo).label)
    except ValueError:
        return codigo


def explicar_posicoes(inscricao: Inscricao, versao, posicoes: list, vaga,
                      frentes: dict[str, int] | None = None) -> list[PosicaoExplicada]:
    """For each list of the snapshot the candidate is in: the position and what it means.
    Holding a vacancy: its type, the list it came from and the article the snapshot recorded
    (`instantaneo.VagaOcupada.fundamento`). Not holding one: how many of the list are
    ahead without a vacancy (those are called first when one arises), under the order of
    nomeação's rule (`certames.carreira.fundamento_ordem`). One read of the list's first
    bytes per list (a candidate is in at most a few), unless ``frentes`` (list -> how many are
    ahead without a vacancy) comes from the candidate's summary (`ResumoClassificacao`)."""
    ocupantes = None
    ordem = fundamento_ordem(inscricao.cargo)
    saida = []
    for p in posicoes:
        vagas_da_lista = (versao.distribuicao or {}).get(p.lista, 0)
        if vaga is not None and vaga.lista == p.lista:
            texto = _("Você está em %(p)sº lugar nesta lista e ocupa uma vaga de %(v)s, "
                      "alcançada por esta lista.") % {
                "p": p.posicao, "v": nome_da_lista(vaga.vaga).lower()}
            fundamento = vaga.fundamento
        elif vaga is not None:
            texto = _("Você está em %(p)sº lugar nesta lista; sua vaga vem da lista "
                      "%(l)s.") % {"p": p.posicao, "l": nome_da_lista(vaga.lista).lower()}
            fundamento = vaga.fundamento
        else:
            if frentes is not None and p.lista in frentes:
                frente = frentes[p.lista]
            else:
                if ocupantes is None:
                    ocupantes = {v.inscricao_id for v in instantaneo.vagas_preenchidas(versao)}
                frente = instantaneo.a_frente_sem_vaga(versao, p.lista, p.posicao, ocupantes)
            if frente == 0:
                texto = _("Você está em %(p)sº lugar nesta lista (que tem %(n)s vaga(s) "
                          "neste cargo), fora do número de vagas: é o(a) próximo(a) desta "
                          "lista a ser chamado(a) se surgir vaga.") % {
                    "p": p.posicao, "n": vagas_da_lista}
            else:
                texto = _("Você está em %(p)sº lugar nesta lista (que tem %(n)s vaga(s) "
                          "neste cargo), fora do número de vagas: há %(f)s candidato(s) "
                          "desta lista sem vaga à sua frente.") % {
                    "p": p.posicao, "n": vagas_da_lista, "f": frente}
            fundamento = ordem
        saida.append(PosicaoExplicada(p.lista, nome_da_lista(p.lista), p.posicao,
                                      p.sub_judice, texto, fundamento))
    return saida


@dataclass
class SituacaoInscricao:
    inscricao: Inscricao
    opcoes: list[OpcaoLista]
    situacao_taxa: str
    situacao_taxa_rotulo: str
    url_isencao: str | None
    pedido_isencao: object | None
    isencao_preliminar: ResultadoIsencao | None
    isencao_final: ResultadoIsencao | None
    convocacoes: list[Etapa]
    decisoes: list
    #: The windows open for this inscrição (`candidatos.janelas`): appeals and defences.
    janelas: list[JanelaAberta]
    classificacao: Classificacao | None
    pode_alterar_opcoes: bool
    motivo_opcao_inalteravel: str | None
    fundamento_opcao: str
    # Committee procedures (heteroidentification): individual convocations, published
    # pareceres and appeals, and administrative procedures about this inscrição.
    convocacoes_individuais: list = field(default_factory=list)
    resultados_comissoes: list = field(default_factory=list)
    #: The documents page, where the inscrição's lists need documentary proof or a report.
    url_documentos: str | None = None
    procedimentos: list = field(default_factory=list)
    #: The calls of this inscrição: each with its deadline and acts; the one
    #: still open may be declined (or moved to the end of the list, where the edital allows).
    chamadas: list = field(default_factory=list)
    permite_fim_de_fila: bool = False
    #: The fee as every candidate page says it (`taxa_da_inscricao`).
    taxa: TaxaInscricao | None = None
    #: The certame's schedule (read once; `proximos_passos` reuses it).
    etapas: list = field(default_factory=list)
    #: Publications of the exemption request's batch (None: not published).
    publicacoes_isencao: tuple = (None, None)
    #: Schedule stages whose individual convocation (place and time) is already published.
    etapas_convocadas: set = field(default_factory=set)
    #: Every publication of the cargo's classification, oldest first (the notices read
    #: them; the last one is `classificacao.publicacao`).
    publicacoes_classificacao: list = field(default_factory=list)


def _exige_documentos(inscricao: Inscricao) -> bool:
    """Whether some list of the inscrição needs documents (indigenous or quilombola proof,
    PcD medical report) for this candidate: the documents page's own rule
    (`documental.listas_com_documentos`: a PPI option of a black or brown candidate goes to
    heteroidentification and needs none), so the card never points to an empty page."""
    return bool(documental.listas_com_documentos(inscricao))


def _url_isencao(nome: str, inscricao: Inscricao) -> str:
    """A page of the fee exemption of this inscrição (`isencao:inscricao`, `isencao:recurso`)."""
    return reverse(f"isencao:{nome}", args=[inscricao.pk])


def _resultado_isencao(resultado: str, motivo: str) -> ResultadoIsencao | None:
    if not resultado:
        return None
    return ResultadoIsencao(resultado, PedidoIsencao.Resultado(resultado).label, motivo)


class _ExclusoesDaInscricao(Func):
    """PostgreSQL: the entries of a version's exclusions (a JSON list, one of its larger
    fields: every exclusion of the cargo) whose "inscricao" is ``numero``, picked in the
    database."""

    output_field = JSONField()
    CAMINHO = "$[*] ? (@.inscricao == $n)"

    def __init__(self, campo: str, numero: str):
        super().__init__(F(campo))
        self.numero = numero

    def as_sql(self, compiler, connection, **extra_context):
        sql, params = compiler.compile(self.get_source_expressions()[0])
        return (f"jsonb_path_query_array({sql}, %s::jsonpath, "
                f"jsonb_build_object('n', %s::text))", (*params, self.CAMINHO, self.numero))


def publicacoes_da_classificacao(inscricao: Inscricao) -> list[Any]:
    """Every publication of the classification of the inscrição's cargo, oldest first (the
    latest last: `classificacao.listas.versao_publicada`'s), in one query, with the
    version's fields the candidate's pages read. Each version carries, as
    ``exclusoes_da_inscricao``, the candidate's own entries of its exclusions (on PostgreSQL
    picked in the database, not the cargo's whole list), and each publication the
    candidate's summary of that version (`ResumoClassificacao`): ``resumo_lido`` (a row
    exists), ``resumo_posicoes``, ``resumo_vaga``."""
    resumo = ResumoClassificacao.objects.filter(inscricao_id=inscricao.pk,
                                                versao_id=OuterRef("versao_id"))
    consulta = (Publicacao.objects.filter(versao__cargo_id=inscricao.cargo_id)
                .select_related("versao")
                .annotate(resumo_lido=Exists(resumo),
                          resumo_posicoes=Subquery(resumo.values("posicoes")[:1],
                                                   output_field=JSONField()),
                          resumo_vaga=Subquery(resumo.values("vaga")[:1],
                                               output_field=JSONField()))
                .order_by("publicada_em", "pk"))
    postgres = connection.vendor == "postgresql"
    if postgres:
        consulta = consulta.defer("versao__exclusoes", "versao__explicacao").annotate(
            exclusoes_proprias=_ExclusoesDaInscricao("versao__exclusoes", inscricao.numero))
    publicacoes: list[Any] = list(consulta)
    for pub in publicacoes:
        pub.versao.exclusoes_da_inscricao = (
            list(pub.exclusoes_proprias or []) if postgres else
            [e for e in pub.versao.exclusoes or [] if e.get("inscricao") == inscricao.numero])
    return publicacoes


def _classificacao(inscricao: Inscricao, publicacao: Any) -> Classificacao:
    """The candidate's place in the latest published snapshot: from the candidate's own
    summary, written at the publication; a version published before summaries
    existed is read from the snapshot."""
    versao = publicacao.versao
    if publicacao.resumo_lido:
        linhas = publicacao.resumo_posicoes or []
        posicoes = [instantaneo.Posicao(p["lista"], p["posicao"], inscricao.pk,
                                        p["sub_judice"]) for p in linhas]
        frentes = {p["lista"]: p["frente"] for p in linhas}
        v = publicacao.resumo_vaga
        vaga = (instantaneo.VagaOcupada(0, v["vaga"], v["lista"], inscricao.pk,
                                        v["fundamento"]) if v else None)
    else:
        posicoes = instantaneo.posicoes_da_inscricao(versao, inscricao.pk)
        vaga = instantaneo.vaga_da_inscricao(versao, inscricao.pk)
        frentes = None
    return Classificacao(versao, publicacao, posicoes, vaga, versao.exclusoes_da_inscricao,
                         explicar_posicoes(inscricao, versao, posicoes, vaga, frentes),
                         listas_da_inscricao.listas_da_inscricao(
                             versao, inscricao, posicoes=posicoes,
                             entradas=versao.exclusoes_da_inscricao).saidas)


def chamadas_da_inscricao(inscricao: Inscricao) -> list[SituacaoChamada]:
    """The calls of the inscrição with their acts (`candidatos.chamadas.chamadas_da_inscricao`
    reads the cargo's whole history to pick them): its own rows only, in the order of
    nomeação, each with the inscrição and cargo already read."""
    lidas = list(Chamada.objects.filter(inscricao_id=inscricao.pk).order_by("posicao")
                 .prefetch_related(Prefetch("eventos",
                                            queryset=EventoChamada.objects.order_by("pk"))))
    saida = []
    for c in lidas:
        Chamada.inscricao.field.set_cached_value(c, inscricao)
        if c.cargo_id == inscricao.cargo_id:
            Chamada.cargo.field.set_cached_value(c, inscricao.cargo)
        saida.append(SituacaoChamada(c, {e.tipo: e for e in c.eventos.all()}))
    return saida


def _existencias() -> dict[str, Exists]:
    """Whether the inscrição has rows of each kind the status page reads one by one: a
    kind without rows (most candidates have no call, no committee, no procedure) is not
    queried at all."""
    da = {"inscricao_id": OuterRef("pk")}
    return {
        "existe_pedido_isencao": Exists(PedidoIsencao.objects.filter(**da)),
        "existe_situacao_lista": Exists(SituacaoLista.objects.filter(**da)),
        "existe_avaliacao": Exists(Avaliacao.objects.filter(
            **da, instancia=Avaliacao.Instancia.PRIMEIRA)),
        "existe_convocacao": Exists(Convocacao.objects.filter(**da)),
        "existe_procedimento": Exists(ProcedimentoAdministrativo.objects.filter(**da)),
        "existe_pedido_atendimento": Exists(PedidoAtendimento.objects.filter(**da)),
        "existe_chamada": Exists(Chamada.objects.filter(**da)),
    }


def com_existencias(inscricoes):
    """The queryset of inscrições annotated with `_existencias` (the dashboard: no probe
    per inscrição)."""
    return inscricoes.annotate(**_existencias())


def _o_que_existe(inscricao: Inscricao) -> dict[str, bool]:
    """The annotations of `com_existencias`, or one query that reads them all."""
    nomes = list(_existencias())
    if all(hasattr(inscricao, n) for n in nomes):
        return {n: getattr(inscricao, n) for n in nomes}
    return (Inscricao.objects.filter(pk=inscricao.pk).annotate(**_existencias())
            .values(*nomes).get())


def situacao_da_inscricao(inscricao: Inscricao, em=None) -> SituacaoInscricao:
    """Everything the status page shows. Only published results: exemption results after
    their batch's publication (`nucleo`), positions from the latest published snapshot; never
    who judged."""
    agora = em or timezone.now()
    certame = inscricao.cargo.certame
    existe = _o_que_existe(inscricao)
    pedido = None
    if existe["existe_pedido_isencao"] or Inscricao.pedido_isencao.is_cached(inscricao):
        try:
            pedido = inscricao.pedido_isencao
        except Inscricao.pedido_isencao.RelatedObjectDoesNotExist:
            pedido = None
    preliminar = final = None
    pub_preliminar = pub_final = None
    if pedido is not None:
        pub_preliminar, pub_final = isencao.publicacoes_do_pedido(pedido)
        if pub_preliminar is not None:
            preliminar = _resultado_isencao(pedido.resultado_preliminar,
                                            pedido.motivo_preliminar)
        if pub_final is not None:
            final = _resultado_isencao(pedido.resultado_final, pedido.motivo_final)
    # The certame's schedule, read once for the whole page (windows, appeal stages, the
    # option's deadline, the fee's deadline).
    etapas = list(certame.etapas.order_by("inicio", "pk"))
    # The fee situation derived from the clock (a pending fee after the payment deadline is
    # "não confirmada"), as the exemption pages show it.
    taxa = isencao.situacao_taxa_efetiva(
        inscricao, agora, etapas=etapas,
        aguarda_resultado=pedido is not None and pub_final is None)
    url_isencao = (_url_isencao("inscricao", inscricao)
                   if isencao.oferece_isencao(certame) and inscricao.cargo.taxa_inscricao
                   else None)
    listas = set(inscricao.listas)
    # A stage concerns the candidate when it decides one of their options; an option the
    # edital confirms by the self-declaration (its procedure dispensed) is decided by none.
    autodeclaracao = estados_lista.Autodeclaracao(certame)
    convocacoes = [e for e in etapas if any(
        not autodeclaracao.fundamento(lista, inscricao.cor_raca)
        for lista in listas & CONVOCACOES.get(e.tipo, set()))]
    # The list states, read once: the decisions card and the committees' final results.
    situacoes_lista = (list(SituacaoLista.objects.filter(inscricao=inscricao))
                       if existe["existe_situacao_lista"] else [])
    # Committee procedures (heteroidentification, documents, PcD) are decided in batches, and
    # a batch published late has its own window (nucleo/lotes.py): each item carries the
    # window of its own batch and whether the kernel lets the candidate appeal.
    resultados_comissoes = (resultados_por_procedimento(inscricao, agora, etapas=etapas,
                                                        situacoes=situacoes_lista)
                            if existe["existe_avaliacao"] else [])

    # Final states only: a procedure's recorded decision, or the self-declaration where the
    # edital dispenses the procedure (candidatos.estados, the one reading of a state).
    decisoes = sorted((e for e in estados_lista.estados_da_inscricao(
        inscricao, situacoes_lista, autodeclaracao) if e.definitivo),
        key=lambda e: e.lista)

    publicacoes = publicacoes_da_classificacao(inscricao)
    classificacao = _classificacao(inscricao, publicacoes[-1]) if publicacoes else None
    procs = (list(inscricao.procedimentos.order_by("-aberto_em"))
             if existe["existe_procedimento"] else [])
    # The windows open for this inscrição: one answer for this page, the dashboard, the
    # notices and each procedure's page (`candidatos.janelas`).
    abertas = janelas.reunir(
        inscricao, agora, etapas=etapas, resultados_comissoes=resultados_comissoes,
        pedido_isencao=pedido, publicacoes_isencao=(pub_preliminar, pub_final),
        tem_atendimento=existe["existe_pedido_atendimento"], procedimentos_da_inscricao=procs,
        no_instantaneo=bool(classificacao and (classificacao.posicoes
                                               or classificacao.exclusoes)))

    motivo = motivo_opcao_inalteravel(inscricao, etapas)
    individuais = convocacoes_do_candidato(inscricao) if existe["existe_convocacao"] else []
    convocadas = {PROCEDIMENTOS[c.procedimento].etapa for c in individuais
                  if c.procedimento in PROCEDIMENTOS}
    return SituacaoInscricao(
        inscricao=inscricao, opcoes=[o for o in opcoes_do_regime(certame.regime_legal)
                                     if o.codigo in listas],
        situacao_taxa=taxa, situacao_taxa_rotulo=Inscricao.SituacaoTaxa(taxa).label,
        url_isencao=url_isencao, pedido_isencao=pedido, isencao_preliminar=preliminar,
        isencao_final=final,
        convocacoes=convocacoes, decisoes=decisoes, janelas=abertas,
        classificacao=classificacao, pode_alterar_opcoes=motivo is None,
        motivo_opcao_inalteravel=motivo, fundamento_opcao=fundamento_alteracao_opcao(certame),
        convocacoes_individuais=individuais, etapas_convocadas=convocadas,
        resultados_comissoes=resultados_comissoes,
        url_documentos=(reverse("documentos:inscricao", args=[inscricao.pk])
                        if _exige_documentos(inscricao) else None),
        procedimentos=procs,
        chamadas=chamadas_da_inscricao(inscricao) if existe["existe_chamada"] else [],
        permite_fim_de_fila=chamadas.permite_fim_de_fila(certame),
        taxa=taxa_da_inscricao(inscricao, agora, pedido=pedido, publicacao_final=pub_final,
                               pedido_lido=True, situacao=taxa),
        etapas=etapas, publicacoes_isencao=(pub_preliminar, pub_final),
        publicacoes_classificacao=publicacoes)


def janelas_abertas(inscricao: Inscricao, em=None) -> list[JanelaAberta]:
    """The windows open for the inscrição (`candidatos.janelas`), for a page that has not read
    its status: the special-conditions, exemption and procedure pages."""
    return situacao_da_inscricao(inscricao, em).janelas


# --- what comes next (the dashboard) --------------------------------------------------------

#: A result published in the last days is "new" on the dashboard (the candidate's last visit is
#: not recorded: `last_login` is the current session's).
DIAS_NOVIDADE = 15

PASSO_ISENCAO = "isencao"
PASSO_PAGAMENTO = "pagamento"
PASSO_DOCUMENTOS = "documentos"
PASSO_RECURSO = "recurso"
PASSO_DEFESA = "defesa"
PASSO_CONVOCACAO = "convocacao"
PASSO_RESULTADO = "resultado"


@dataclass(frozen=True)
class Passo:
    """One line of the dashboard's "O que vem a seguir": something to do until `data` (a
    deadline: `prazo`) or something published at `data` (a new result)."""

    tipo: str
    inscricao: Inscricao
    texto: str
    data: dt.datetime
    url: str
    prazo: bool = True


def _fim_aberto(etapas: list[Etapa], tipo: str, agora) -> dt.datetime | None:
    """The end of the open window of this type in the schedule, or None."""
    fins = [e.fim for e in etapas if e.tipo == tipo and e.aberta(agora)]
    return max(fins) if fins else None


def passos_da_inscricao(s: SituacaoInscricao, agora) -> list[Passo]:
    """The steps of one inscrição, read from its status (`situacao_da_inscricao`): the
    dashboard says exactly what the status page says."""
    insc = s.inscricao
    url_status = reverse("portal:inscricao", args=[insc.pk])
    passos: list[Passo] = []
    ativa = insc.situacao not in servicos.FINAIS
    taxa = s.taxa
    if ativa and taxa is not None and taxa.pode_pedir_isencao and s.url_isencao:
        fim = _fim_aberto(s.etapas, Etapa.Tipo.PEDIDO_ISENCAO, agora)
        if fim is not None:
            passos.append(Passo(PASSO_ISENCAO, insc, _(
                "Pedir isenção da taxa de inscrição, se você tiver direito"), fim,
                s.url_isencao))
    if ativa and taxa is not None and taxa.situacao == Inscricao.SituacaoTaxa.PENDENTE and (
            s.pedido_isencao is None or s.isencao_final is not None):
        fim = _fim_aberto(s.etapas, Etapa.Tipo.PAGAMENTO_TAXA, agora)
        if fim is not None:
            passos.append(Passo(PASSO_PAGAMENTO, insc, _("Pagar a taxa de inscrição (%(v)s)")
                                % {"v": isencao.reais(insc.cargo.taxa_inscricao)}, fim,
                                url_status + "#t-taxa"))
    if ativa and s.url_documentos:
        for lista in documental.listas_com_documentos(insc):
            tipo = documental.procedimento_dos_documentos(insc, lista)
            if tipo is None:
                continue
            janela = documental.janela_envio(insc.certame, tipo, agora)
            if documental.motivo_para_nao_enviar(insc, lista, agora=agora,
                                                 janela=janela) is None and janela.fim:
                passos.append(Passo(PASSO_DOCUMENTOS, insc, _(
                    "Enviar os documentos da lista %(l)s e confirmar o envio") % {
                    "l": nome_da_lista(lista)}, janela.fim, s.url_documentos))
    for j in s.janelas:
        # The windows open for this inscrição (`candidatos.janelas`): the status page's own.
        passos.append(Passo(PASSO_DEFESA if j.tipo == janelas.DEFESA else PASSO_RECURSO, insc,
                            j.texto, j.fim, j.url or url_status + "#t-recursos"))
    for c in s.convocacoes_individuais:
        if c.horario >= agora and c.comparecimento == "pendente":
            onde = c.local if c.presencial else _("análise dos documentos, sem comparecimento")
            passos.append(Passo(PASSO_CONVOCACAO, insc, _("%(p)s (%(l)s): %(o)s") % {
                "p": c.procedimento_nome, "l": c.lista_nome, "o": onde}, c.horario,
                url_status + "#t-convocacoes"))
    # New results: published in the last DIAS_NOVIDADE days.
    desde = agora - dt.timedelta(days=DIAS_NOVIDADE)
    publicada: Any = s.classificacao.publicacao if s.classificacao is not None else None
    if publicada is not None and publicada.publicada_em >= desde:
        passos.append(Passo(PASSO_RESULTADO, insc, _("%(t)s da classificação publicado") % {
            "t": publicada.get_tipo_display()}, publicada.publicada_em,
            url_status + "#t-classificacao", prazo=False))
    for pub in s.publicacoes_isencao:
        if pub is not None and pub.publicada_em >= desde:
            passos.append(Passo(PASSO_RESULTADO, insc, _("%(f)s do pedido de isenção publicado")
                                % {"f": pub.get_fase_display()}, pub.publicada_em,
                                s.url_isencao or url_status + "#t-taxa", prazo=False))
    for r in s.resultados_comissoes:
        vistas = set()
        for item in r.itens:
            for pub in (item.preliminar, item.final):
                if pub is not None and pub.publicada_em >= desde and pub.pk not in vistas:
                    vistas.add(pub.pk)
                    passos.append(Passo(PASSO_RESULTADO, insc, _("%(t)s: %(f)s publicado") % {
                        "t": r.titulo, "f": pub.get_fase_display().lower()}, pub.publicada_em,
                        reverse("recursos:inscricao", args=[insc.pk]), prazo=False))
    return passos


def ordenar_passos(passos: list[Passo]) -> list[Passo]:
    """Deadlines first, soonest first; then new results, newest first."""
    prazos = sorted((p for p in passos if p.prazo), key=lambda p: (p.data, p.inscricao.numero))
    novos = sorted((p for p in passos if not p.prazo),
                   key=lambda p: (-p.data.timestamp(), p.inscricao.numero))
    return prazos + novos


def passos_do_candidato(situacoes: list[SituacaoInscricao], agora) -> list[Passo]:
    """The dashboard's "O que vem a seguir" from the statuses of the candidate's inscrições
    (`situacao_da_inscricao`, one truth): each one's steps and windows, and the special
    conditions' new decisions."""
    passos: list[Passo] = []
    for s in situacoes:
        insc = s.inscricao
        passos += passos_da_inscricao(s, agora)
        if getattr(insc, "existe_pedido_atendimento", True):
            # Special conditions at the exam: a new decision (its appeal window is among the
            # inscrição's windows, `candidatos.janelas`).
            passos += [Passo(a.tipo, insc, a.texto, a.data, a.url, prazo=a.prazo)
                       for a in condicoes.avisos(insc, agora, DIAS_NOVIDADE)]
    return ordenar_passos(passos)


def proximos_passos(candidato: Candidato, agora=None) -> list[Passo]:
    """The dashboard's "O que vem a seguir", across the candidate's inscrições: each read
    through `situacao_da_inscricao` (one truth). A candidate holds a few inscrições, so the
    queries grow with them, never with the certame's size."""
    agora = agora or timezone.now()
    return passos_do_candidato(
        [situacao_da_inscricao(insc, agora) for insc in com_existencias(
            candidato.inscricoes.select_related("cargo__certame", "certame", "pedido_isencao")
        ).order_by("numero")], agora)


# --- notices of a published classification --------------------------------------------------

#: Queued by name by `classificacao.listas.publicar` (the task lives in candidatos/tasks.py).
TAREFA_AVISO_CLASSIFICACAO = "candidatos.avisar_publicacao_classificacao"


def avisar_publicacao_classificacao(publicacao_id: int) -> int:
    """Tell every candidate in the published snapshot (in a list or excluded from one) that
    the classification of their cargo was published, pointing to their area (no position in
    the e-mail: they read it there). Returns how many were sent."""
    pub = Publicacao.objects.select_related("versao__cargo__certame").get(pk=publicacao_id)
    versao = pub.versao
    ids = instantaneo.inscricoes(versao)
    numeros = {e.get("inscricao") for e in versao.exclusoes or []}
    inscricoes = Inscricao.objects.filter(
        Q(pk__in=ids) | Q(cargo=versao.cargo, numero__in=numeros)).select_related("candidato")
    enviados = 0
    for insc in inscricoes.order_by("numero"):
        email = insc.candidato.email
        if not email:
            continue
        corpo = _(
            "Foi publicado o %(tipo)s da classificação do cargo %(cargo)s.\n\n"
            "Certame: %(certame)s\nInscrição: %(n)s\n\n"
            "Veja a sua posição em cada lista, a vaga que você ocupa ou ocuparia e os prazos "
            "de recurso na sua área do candidato.") % {
            "tipo": pub.get_tipo_display().lower(), "cargo": versao.cargo.nome,
            "certame": versao.cargo.certame, "n": insc.numero}
        try:
            send_mail(_("%(tipo)s da classificação — inscrição %(n)s") % {
                "tipo": pub.get_tipo_display(), "n": insc.numero}, corpo,
                settings.DEFAULT_FROM_EMAIL, [email])
            enviados += 1
        except Exception:  # the publication stands; a failed notice must not undo it
            logger.exception("falha ao avisar a inscrição %s da publicação %s", insc.numero,
                             publicacao_id)
    return enviados

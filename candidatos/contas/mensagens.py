"""The portal's e-mails to candidates: the sign-up's (`enviar_email_cadastro`, queued on
commit by `candidatos.contas.cadastro`), the password reset of any account
(`enviar_redefinicao_senha`, queued by the reset form) and the notice of a published
classification. Each one leaves through `comum.emails` (one function per mail there).
"""

from __future__ import annotations

import logging
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from candidatos.contas.cadastro import (
    EMAIL_CONFIRMACAO,
    EMAIL_CONTA_EXISTENTE,
    EMAIL_REIVINDICACAO_ABERTA,
    EMAIL_REIVINDICACAO_APROVADA,
    EMAIL_REIVINDICACAO_APROVADA_AVISO,
    EMAIL_REIVINDICACAO_ENCERRADA,
    EMAIL_REIVINDICACAO_RECUSADA,
    EMAIL_VINCULO,
    Via,
    link_confirmacao,
    pedido_aberto,
    validade_do_link,
)
from candidatos.models import Candidato, Inscricao, PedidoCadastro
from certames import instantaneo
from certames.auditoria import ultimo_ato
from certames.models import Publicacao
from comum import emails

logger = logging.getLogger(__name__)


#: The mail of each kind of the sign-up's e-mails (`candidatos.contas.cadastro.EMAIL_*`).
EMAILS_DO_CADASTRO = {
    EMAIL_CONFIRMACAO: emails.cadastro_confirmacao,
    EMAIL_CONTA_EXISTENTE: emails.cadastro_conta_existente,
    EMAIL_VINCULO: emails.cadastro_vinculo,
    EMAIL_REIVINDICACAO_ABERTA: emails.cadastro_reivindicacao_aberta,
    EMAIL_REIVINDICACAO_APROVADA: emails.cadastro_reivindicacao_aprovada,
    EMAIL_REIVINDICACAO_APROVADA_AVISO: emails.cadastro_reivindicacao_aprovada_aviso,
    EMAIL_REIVINDICACAO_RECUSADA: emails.cadastro_reivindicacao_recusada,
    EMAIL_REIVINDICACAO_ENCERRADA: emails.cadastro_reivindicacao_encerrada,
}


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
    EMAILS_DO_CADASTRO[tipo](destino, contexto)
    return True


# --- the password reset (any account: Django's form, portal.forms.contas) ---------------------

#: Queued by `portal.forms.contas.RecuperarSenhaForm` (the task lives in candidatos/tasks.py).
TAREFA_REDEFINICAO_SENHA = "candidatos.enviar_redefinicao_senha"


def link_de_senha(usuario, base_url: str = "") -> str:
    """The one-time link to choose the account's password (Django's password-reset
    confirmation): the reset and the committee member's invitation."""
    caminho = reverse("password_reset_confirm", kwargs={
        "uidb64": urlsafe_base64_encode(force_bytes(usuario.pk)),
        "token": default_token_generator.make_token(usuario)})
    return _absoluto(base_url, caminho)


def enviar_redefinicao_senha(usuario_id: int, base_url: str = "", site_name: str = "") -> bool:
    """The password-reset e-mail of one account (the task's body): the link is made here,
    never handed to the broker, and the outbox records the mail with it redacted
    (`comum.emails.SIGILOSOS`). False when the account can no longer reset its password
    (inactive, without a usable one or without an e-mail: what Django's form checks)."""
    usuario = get_user_model().objects.filter(pk=usuario_id, is_active=True).first()
    if usuario is None or not usuario.has_usable_password() or not usuario.email:
        return False
    emails.redefinicao_senha(usuario.email, {
        "link": link_de_senha(usuario, base_url), "site_name": site_name,
        "usuario": usuario.get_username()}, usuario=usuario)
    return True


# --- notices of a published classification --------------------------------------------------

#: Queued by name by `classificacao.listas.publicar` (the task lives in candidatos/tasks.py).
TAREFA_AVISO_CLASSIFICACAO = "candidatos.avisar_publicacao_classificacao"


def avisar_publicacao_classificacao(publicacao_id: int) -> int:
    """Tell every candidate in the published snapshot (in a list or excluded from one) that
    the classification of their cargo was published, pointing to their area (no position in
    the e-mail: they read it there). Returns how many were sent."""
    pub = Publicacao.objects.select_related("versao__cargo__certame").get(pk=publicacao_id)
    versao = pub.versao
    ato = ultimo_ato(versao, f"publicacao_{pub.tipo}")
    ids = instantaneo.inscricoes(versao)
    numeros = {e.get("inscricao") for e in versao.exclusoes or []}
    inscricoes = Inscricao.objects.filter(
        Q(pk__in=ids) | Q(cargo=versao.cargo, numero__in=numeros)).select_related("candidato")
    enviados = 0
    for insc in inscricoes.order_by("numero"):
        email = insc.candidato.email
        if not email:
            continue
        contexto = {"tipo": pub.get_tipo_display(), "cargo": versao.cargo.nome,
                    "certame": str(versao.cargo.certame), "numero": insc.numero}
        try:
            # Keyed: the task delivered twice tells no one twice (comum.models.Aviso.chave).
            aviso = emails.publicacao_classificacao(email, contexto, ato=ato, inscricao=insc,
                                                    chave=f"classificacao:{pub.pk}:{insc.pk}")
            enviados += aviso is not None
        except Exception:  # the publication stands; a failed notice must not undo it
            logger.exception("falha ao avisar a inscrição %s da publicação %s", insc.numero,
                             publicacao_id)
    return enviados

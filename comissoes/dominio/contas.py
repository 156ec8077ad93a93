"""Accounts of committee members created by RH from its own pages (never the admin).

Rules decided here (product decisions; the laws name the committees, not their accounts):
- RH creates the person's account and includes them in the committee in one act: the account
  is in the Comissão group, has no password, and its e-mail is unique among the accounts
  (compared without case): a second account for the same e-mail is refused and nothing is
  written;
- the person sets their own password through the e-mailed invitation: a link with Django's
  password-reset token (`default_token_generator`), valid for PASSWORD_RESET_TIMEOUT and
  spent once the password is set; nobody else ever knows it. The e-mail is queued by name
  after the commit (`comum.filas.tarefa`), ids only;
- the username is the e-mail (lower case): the login form accepts it as the "usuário".
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from candidatos.contas.mensagens import link_de_senha
from certames.auditoria import registrar_ato
from comissoes.dominio.composicao import adicionar_membro
from comissoes.models import Comissao, MembroComissao
from comum import emails
from comum.filas import enfileirar
from comum.nomes import nome_normalizado, problema_nome
from comum.papeis import GRUPO_COMISSAO

TAREFA_CONVITE = "comissoes.enviar_convite_membro"


@transaction.atomic
def criar_conta_de_membro(comissao: Comissao, *, nome: str, email: str, autor,
                          base_url: str = "", **membro) -> tuple[MembroComissao, list[str]]:
    """Create the account (no password) and include it in `comissao` (`adicionar_membro`
    with the other fields: papel, presidente, gênero, cor/raça...); the invitation e-mail is
    sent after the commit. Returns the member and the composition warnings."""
    nome = nome_normalizado(" ".join((nome or "").split()))
    email = (email or "").strip().lower()
    if not nome:
        raise ValidationError({"nome": _("Informe o nome completo.")})
    if (problema := problema_nome(nome)) is not None:
        raise ValidationError({"nome": problema})
    if not email:
        raise ValidationError({"email": _("Informe o e-mail.")})
    User = get_user_model()
    if User.objects.filter(email__iexact=email).exists() or User.objects.filter(
            username__iexact=email).exists():
        raise ValidationError({"email": _(
            "Já existe uma conta com este e-mail: inclua a pessoa pela lista de contas do "
            "grupo Comissão.")})
    primeiro, _espaco, resto = nome.partition(" ")
    usuario = User(username=email, email=email, first_name=primeiro[:150],
                   last_name=resto[:150])
    usuario.set_unusable_password()
    usuario.save()
    usuario.groups.add(Group.objects.get_or_create(name=GRUPO_COMISSAO)[0])
    registrar_ato(
        tipo="conta_membro_criada", autor=autor, certame=comissao.certame, objeto=comissao,
        descricao=_("Conta de membro criada para %(n)s (%(e)s), com convite por e-mail para "
                    "definir a senha.") % {"n": nome, "e": email},
        depois={"usuario": usuario.pk, "email": email})
    resultado = adicionar_membro(comissao, usuario, autor=autor, **membro)
    usuario_id = usuario.pk
    transaction.on_commit(lambda: enfileirar(TAREFA_CONVITE, usuario_id, base_url))
    return resultado


def enviar_convite(usuario_id: int, base_url: str = "") -> bool:
    """Send the invitation; False when the account no longer exists or already has a
    password (nothing to set)."""
    usuario = get_user_model().objects.filter(pk=usuario_id, is_active=True).first()
    if usuario is None or usuario.has_usable_password() or not usuario.email:
        return False
    comissoes = ", ".join(m.comissao.nome for m in MembroComissao.objects.filter(
        usuario=usuario).select_related("comissao"))
    emails.convite_membro_comissao(usuario.email, {
        "nome": usuario.get_full_name() or usuario.email, "comissoes": comissoes,
        "link": link_de_senha(usuario, base_url), "email": usuario.email})
    return True

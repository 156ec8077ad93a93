"""The second factor's steps, one function each; every one records its `EventoSegundoFator`
(who, when, which device, from where) in the transaction that performs it.

Who is asked (`exige_segundo_fator`): RH accounts (superusers included), staff (the admin)
and committee members; candidates never (LGPD, Lei 13.709/2018, art. 46: security measures
proportional to the data each account reaches).

Codes: a six-digit TOTP code of the authenticator app (RFC 6238, 30-second steps, one step of
tolerance each way, never the same step twice) or one of the account's single-use recovery
codes. A wrong code counts toward django-otp's throttling of that device (settings
OTP_TOTP_THROTTLE_FACTOR: after n successive failures every code is refused for
FACTOR * 2^(n-1) seconds), so guessing six digits takes centuries.
"""

from __future__ import annotations

import base64
import datetime as dt
from dataclasses import dataclass

import segno
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django_otp.oath import TOTP
from django_otp.plugins.otp_static.models import StaticDevice, StaticToken
from django_otp.plugins.otp_totp.models import TOTPDevice, default_key

from certames.auditoria import registrar_ato
from comum.papeis import GRUPO_COMISSAO, GRUPO_RH, e_membro_comissao, e_rh
from dois_fatores.models import EventoSegundoFator

Tipo = EventoSegundoFator.Tipo
Dispositivo = EventoSegundoFator.Dispositivo

NOME_TOTP = "Aplicativo autenticador"
NOME_RECUPERACAO = "Códigos de recuperação"
#: The TOTP parameters every authenticator app understands (django-otp's defaults).
PASSO, DIGITOS, TOLERANCIA = 30, 6, 1


def exige_segundo_fator(user) -> bool:
    """Whether the account must pass the second factor: those who decide (RH, superusers,
    staff, committee members). Anonymous visitors and candidates: no. The same accounts as
    `contas_que_decidem` (one in memory, the other in the database)."""
    if not getattr(user, "is_authenticated", False):
        return False
    return bool(user.is_superuser or user.is_staff or e_rh(user) or e_membro_comissao(user))


def contas_que_decidem():
    """The accounts `exige_segundo_fator` answers yes for, as a queryset (the superuser's
    list): superusers, staff, RH's and the committees' groups."""
    return (get_user_model().objects.filter(
        Q(is_superuser=True) | Q(is_staff=True)
        | Q(groups__name__in=(GRUPO_RH, GRUPO_COMISSAO))).distinct().order_by("username"))


def dispositivo_confirmado(user) -> TOTPDevice | None:
    """The account's authenticator (confirmed TOTP device), or None before enrolment."""
    return TOTPDevice.objects.filter(user=user, confirmed=True).order_by("pk").first()


def registrar_evento(user, tipo: str, *, dispositivo: str = "", endereco: str | None = None,
                     autor=None) -> EventoSegundoFator:
    return EventoSegundoFator.objects.create(
        usuario=user, tipo=tipo, dispositivo=dispositivo, endereco=endereco or None,
        autor=autor)


# --- enrolment ---------------------------------------------------------------------------------


def nova_chave() -> str:
    """A new secret (20 random bytes, hex, as django-otp stores it)."""
    return default_key()


def chave_base32(chave: str) -> str:
    """The secret as the authenticator apps take it typed (base32, in groups of four)."""
    texto = base64.b32encode(bytes.fromhex(chave)).decode().rstrip("=")
    return " ".join(texto[i:i + 4] for i in range(0, len(texto), 4))


def endereco_de_configuracao(user, chave: str) -> str:
    """The otpauth:// address the QR code carries (django-otp's format, with the issuer)."""
    return TOTPDevice(user=user, key=chave, step=PASSO, digits=DIGITOS).config_url


def qr_svg(endereco: str) -> SafeString:
    """The QR code as an inline SVG element (segno: made here, no network, no script). Safe
    markup: segno writes only the modules' path and our fixed title; the address it encodes
    (with the account's name) becomes the modules, never text of the element."""
    return mark_safe(segno.make(endereco, error="m").svg_inline(  # noqa: S308
        scale=5, title=_("Código QR para o aplicativo autenticador")))


def _somente_digitos(codigo: str) -> str:
    return "".join(c for c in (codigo or "") if not c.isspace())


def cadastrar(user, chave: str, codigo: str, *, endereco: str | None = None
              ) -> tuple[TOTPDevice, list[str]]:
    """Enrol the authenticator whose secret `chave` the page showed, once a current code of
    it is typed; creates the account's recovery codes. Returns the device and the codes
    (shown once). Refused when the account already has one (a reset comes first)."""
    codigo = _somente_digitos(codigo)
    totp = TOTP(bytes.fromhex(chave), step=PASSO, digits=DIGITOS)
    if not (codigo.isdigit() and totp.verify(int(codigo), tolerance=TOLERANCIA)):
        raise ValidationError(_("Código incorreto. Digite o código de seis dígitos que o "
                                "aplicativo mostra agora para esta conta."))
    with transaction.atomic():
        # One enrolment at a time per account (two tabs confirming at once).
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        if dispositivo_confirmado(user) is not None:
            raise ValidationError(_("Esta conta já tem um aplicativo autenticador cadastrado."))
        TOTPDevice.objects.filter(user=user).delete()  # unconfirmed leftovers
        dispositivo = TOTPDevice.objects.create(
            user=user, name=NOME_TOTP, key=chave, step=PASSO, digits=DIGITOS,
            tolerance=TOLERANCIA, confirmed=True, last_t=totp.t())
        codigos = _gerar_codigos(user)
        registrar_evento(user, Tipo.CADASTRO, dispositivo=Dispositivo.TOTP, endereco=endereco)
    return dispositivo, codigos


# --- recovery codes ----------------------------------------------------------------------------


def _gerar_codigos(user) -> list[str]:
    dispositivo, _criado = StaticDevice.objects.get_or_create(
        user=user, defaults={"name": NOME_RECUPERACAO, "confirmed": True})
    dispositivo.token_set.all().delete()
    codigos = [StaticToken.random_token() for _i in range(settings.CODIGOS_RECUPERACAO)]
    StaticToken.objects.bulk_create(StaticToken(device=dispositivo, token=c) for c in codigos)
    return codigos


def novos_codigos(user, *, endereco: str | None = None) -> list[str]:
    """Replace the account's recovery codes by new ones (the old ones stop working)."""
    if dispositivo_confirmado(user) is None:
        raise ValidationError(_("Cadastre primeiro o aplicativo autenticador."))
    with transaction.atomic():
        # One renewal at a time per account (two tabs): only the codes shown last are valid.
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        codigos = _gerar_codigos(user)
        registrar_evento(user, Tipo.NOVOS_CODIGOS, dispositivo=Dispositivo.RECUPERACAO,
                         endereco=endereco)
    return codigos


def codigos_restantes(user) -> int:
    return StaticToken.objects.filter(device__user=user, device__confirmed=True).count()


# --- verification ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Verificacao:
    dispositivo: TOTPDevice | StaticDevice | None
    #: While the device refuses every code (throttling): until when.
    bloqueado_ate: dt.datetime | None = None


def _dispositivo_do_codigo(user, codigo: str):
    """Six digits: the authenticator; anything else: the recovery codes."""
    if codigo.isdigit() and len(codigo) == DIGITOS:
        return TOTPDevice.objects.select_for_update().filter(
            user=user, confirmed=True).order_by("pk").first(), Dispositivo.TOTP
    return StaticDevice.objects.select_for_update().filter(
        user=user, confirmed=True).first(), Dispositivo.RECUPERACAO


def verificar(user, codigo: str, *, endereco: str | None = None) -> Verificacao:
    """Check a typed code (TOTP or recovery); every attempt is recorded: accepted, refused,
    recovery code used, or tried while the device is throttled."""
    codigo = _somente_digitos(codigo).lower()
    with transaction.atomic():
        dispositivo, tipo = _dispositivo_do_codigo(user, codigo)
        if dispositivo is None:
            registrar_evento(user, Tipo.RECUSADO, dispositivo=tipo, endereco=endereco)
            return Verificacao(None)
        permitido, dados = dispositivo.verify_is_allowed()
        if not permitido:
            registrar_evento(user, Tipo.BLOQUEADO, dispositivo=tipo, endereco=endereco)
            return Verificacao(None, (dados or {}).get("locked_until"))
        if not dispositivo.verify_token(codigo):
            registrar_evento(user, Tipo.RECUSADO, dispositivo=tipo, endereco=endereco)
            return Verificacao(None)
        aceito = Tipo.RECUPERACAO if tipo == Dispositivo.RECUPERACAO else Tipo.ACEITO
        registrar_evento(user, aceito, dispositivo=tipo, endereco=endereco)
    return Verificacao(dispositivo)


# --- reset by a superuser ----------------------------------------------------------------------


def redefinir(alvo, *, autor, motivacao: str, endereco: str | None = None):
    """A superuser removes another account's authenticator and recovery codes (a lost
    phone): the account enrols again at its next log-in. Recorded as an act with its
    motivation and in the second factor's trail."""
    if not getattr(autor, "is_superuser", False):
        raise PermissionDenied(_("Só um superusuário pode redefinir o segundo fator."))
    if alvo.pk == autor.pk:
        raise ValidationError(_("Não é possível redefinir o próprio segundo fator; gere novos "
                                "códigos de recuperação na sua página do segundo fator."))
    motivacao = (motivacao or "").strip()
    if not motivacao:
        raise ValidationError(_("Informe a motivação da redefinição."))
    with transaction.atomic():
        TOTPDevice.objects.filter(user=alvo).delete()
        StaticDevice.objects.filter(user=alvo).delete()
        registrar_evento(alvo, Tipo.REDEFINIDO, endereco=endereco, autor=autor)
        return registrar_ato(
            tipo="segundo_fator_redefinido", autor=autor, objeto=alvo, motivacao=motivacao,
            descricao=_("Segundo fator da conta %(conta)s redefinido: cadastra um novo "
                        "aplicativo no próximo acesso.") % {"conta": alvo.get_username()})

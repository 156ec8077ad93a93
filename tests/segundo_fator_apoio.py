"""The second factor in tests (dois_fatores/).

Thousands of tests log RH and committee accounts in with `client.force_login(user)`; in
production such a session must also pass the second factor before any RH, committee or admin
page answers. `instalar()` (called by tests/conftest.py at import) makes the test client's
`force_login` of an account that must pass it (RH, staff, superuser, committee member) also
give the account a confirmed TOTP device (if it has none) and mark the session verified, as
django-otp does after a good code: the device's `persistent_id` in the session under
`django_otp.DEVICE_ID_SESSION_KEY`. Production code is untouched.

Tests of the requirement itself use a plain session: `client.force_login(user,
segundo_fator=False)`.
"""

from __future__ import annotations

from django.test import Client
from django.urls import reverse
from django_otp import DEVICE_ID_SESSION_KEY
from django_otp.oath import totp
from django_otp.plugins.otp_totp.models import TOTPDevice

from comum.papeis import GRUPO_COMISSAO, GRUPO_RH

_force_login_do_django = Client.force_login


def exige(user) -> bool:
    """Whether the account must pass the second factor (the same answer as
    dois_fatores.servicos.exige_segundo_fator), read fresh from the database: no group cache
    is left on the test's user object."""
    return bool(user.is_superuser or user.is_staff
                or user.groups.filter(name__in=(GRUPO_RH, GRUPO_COMISSAO)).exists())


def dispositivo_de_teste(user) -> TOTPDevice:
    """The account's confirmed TOTP device, created when it has none."""
    dispositivo = TOTPDevice.objects.filter(user=user, confirmed=True).order_by("pk").first()
    return dispositivo or TOTPDevice.objects.create(user=user, name="teste", confirmed=True)


def verificar_sessao(sessao, user) -> None:
    """Mark a session (SessionStore) as having passed the second factor with the account's
    device; the caller saves it."""
    sessao[DEVICE_ID_SESSION_KEY] = dispositivo_de_teste(user).persistent_id


def codigo_atual(user) -> str:
    """The current TOTP code of the account's device. Its replay marker is cleared first, so a
    test may log the same account in twice within one 30-second step (production refuses a
    code of a step already used)."""
    dispositivo = dispositivo_de_teste(user)
    TOTPDevice.objects.filter(pk=dispositivo.pk).update(
        last_t=-1, throttling_failure_count=0, throttling_failure_timestamp=None)
    codigo = totp(dispositivo.bin_key, step=dispositivo.step, digits=dispositivo.digits)
    return f"{codigo:0{dispositivo.digits}d}"


def passar_pelo_codigo(cliente, user):
    """After the password, the code page with the account's current code (a test's log-in
    through the real form); returns the code page's answer."""
    return cliente.post(reverse("dois_fatores:verificar"), {"codigo": codigo_atual(user)})


def force_login(self, user, backend=None, *, segundo_fator: bool = True):
    """Django's `Client.force_login`, and for an account that must pass the second factor a
    verified session (unless `segundo_fator=False`)."""
    _force_login_do_django(self, user, backend)
    if segundo_fator and exige(user):
        sessao = self.session
        verificar_sessao(sessao, user)
        sessao.save()


def instalar() -> None:
    Client.force_login = force_login

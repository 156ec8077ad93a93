"""The RH, committee and admin pages require a session that passed the second factor.

After django-otp's OTPMiddleware (which gives `request.user.is_verified()`): a request to a
path under settings.SEGUNDO_FATOR_PREFIXOS by an account that must pass the second factor
(`servicos.exige_segundo_fator`) whose session is not verified is redirected to the code page
(which sends an account without a device to the enrolment page), with the address it asked for
as `next`. Anonymous visitors and every other path pass untouched: a candidate's request costs
nothing here.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.conf import settings
from django.shortcuts import redirect
from django.urls import reverse

from dois_fatores.servicos import exige_segundo_fator


class ExigeSegundoFatorMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if self.precisa_verificar(request):
            alvo = request.get_full_path() if request.method == "GET" else request.path
            return redirect(f"{reverse('dois_fatores:verificar')}?{urlencode({'next': alvo})}")
        return self.get_response(request)

    @staticmethod
    def precisa_verificar(request) -> bool:
        if not request.path.startswith(tuple(settings.SEGUNDO_FATOR_PREFIXOS)):
            return False
        user = request.user
        return (user.is_authenticated and not user.is_verified()
                and exige_segundo_fator(user))

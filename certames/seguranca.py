"""Request hardening: a body limit checked before anything reads the body, short sessions for
the people who decide (RH and comissão), and a Content-Security-Policy for every page.

The limits and durations are settings (config/settings.py), documented in the README.
"""

from __future__ import annotations

import time

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.views import redirect_to_login
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from certames.papeis import e_membro_comissao, e_rh


def limite_do_corpo(caminho: str) -> int:
    """The largest request body accepted on this path, in bytes."""
    for prefixo, limite in settings.LIMITES_CORPO_POR_PREFIXO:
        if caminho.startswith(prefixo):
            return limite
    return settings.LIMITE_CORPO_REQUISICAO


class LimiteCorpoMiddleware:
    """Refuse a request whose declared body is too large before any byte of it is read.

    Django reads a body only up to its Content-Length (without one, it reads nothing), so the
    declared length bounds what an upload can make the server read, store or parse. Placed
    first, before CSRF (which parses POST) and the views.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            tamanho = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            tamanho = 0
        limite = limite_do_corpo(request.path_info)
        if tamanho > limite:
            corpo = render_to_string("413.html", {"limite_mb": limite // (1024 * 1024)},
                                     request=None)
            resposta = HttpResponse(corpo, status=413)
            return resposta
        return self.get_response(request)


_INICIO = "_sessao_inicio"
_ULTIMO = "_sessao_ultimo_acesso"


class SessaoCurtaMiddleware:
    """RH and comissão members hold the power to decide and publish: their sessions end when
    the browser closes, after `SESSAO_INATIVIDADE_RESTRITA` seconds without a request, and in
    any case `SESSAO_DURACAO_MAXIMA_RESTRITA` seconds after log-in. Candidates keep the
    default session (SESSION_COOKIE_AGE)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated and (
                user.is_staff or e_rh(user) or e_membro_comissao(user)):
            agora = int(time.time())
            inicio = request.session.get(_INICIO)
            ultimo = request.session.get(_ULTIMO)
            if inicio is None:
                request.session[_INICIO] = agora
                request.session[_ULTIMO] = agora
                request.session.set_expiry(0)  # the cookie dies with the browser
            elif (agora - (ultimo or inicio) > settings.SESSAO_INATIVIDADE_RESTRITA
                  or agora - inicio > settings.SESSAO_DURACAO_MAXIMA_RESTRITA):
                logout(request)
                messages.warning(request, _(
                    "Sua sessão foi encerrada por inatividade ou por ter atingido a duração "
                    "máxima. Entre de novo para continuar."))
                return redirect_to_login(request.get_full_path())
            elif agora - (ultimo or 0) >= 60:  # one session write a minute at most
                request.session[_ULTIMO] = agora
        return self.get_response(request)


class PoliticaConteudoMiddleware:
    """Content-Security-Policy: the pages load scripts, styles, fonts and images from this
    site only (Bootstrap and htmx are vendored), never inline scripts, and may not be framed."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.politica = "; ".join(f"{k} {v}" for k, v in settings.POLITICA_CONTEUDO.items())
        admin = dict(settings.POLITICA_CONTEUDO, **{"style-src": "'self' 'unsafe-inline'"})
        self.politica_relaxada = "; ".join(f"{k} {v}" for k, v in admin.items())

    def __call__(self, request):
        resposta = self.get_response(request)
        if "Content-Security-Policy" not in resposta:
            # The admin's widgets and the self-contained error pages (500, 413: no static
            # files may be reachable there) use inline styles; never inline scripts.
            relaxada = (request.path_info.startswith("/admin/")
                        or resposta.status_code in (413, 500))
            resposta["Content-Security-Policy"] = (self.politica_relaxada if relaxada
                                                   else self.politica)
        return resposta

"""Request hardening: a body limit checked before anything reads the body, short sessions for
the people who decide (RH and comissão), a Content-Security-Policy for every page, signed-in
answers kept out of every cache, one-time links kept out of the logs, and the system check that
refuses to serve production over plain HTTP (docs/falhas.md, "Endurecimento").

The limits and durations are settings (config/settings.py), documented in the README's
configuration table.
"""

from __future__ import annotations

import logging
import re
import time

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.views import redirect_to_login
from django.core.checks import Error, Tags, register
from django.core.checks import Warning as Aviso
from django.core.exceptions import ImproperlyConfigured
from django.http import HttpResponse, multipartparser
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from comum.papeis import e_membro_comissao, e_rh


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
            # The admin's widgets and the self-contained error pages (400, 413, 500: no static
            # files may be reachable there) use inline styles; never inline scripts.
            relaxada = (request.path_info.startswith("/admin/")
                        or resposta.status_code in (400, 413, 500))
            resposta["Content-Security-Policy"] = (self.politica_relaxada if relaxada
                                                   else self.politica)
        return resposta



class SemCacheAutenticadoMiddleware:
    """`Cache-Control: private, no-store` on every answer to a signed-in user (pages, CSV and
    XLSX exports, documents) whose view set no Cache-Control of its own: personal data stays
    out of shared caches, the browser's disk and its back button after log-out.

    Placed right after AuthenticationMiddleware, inside the candidate's status page cache
    (candidatos/cache_situacao.py keeps the header with the page it stores). Anonymous
    answers are untouched: the public pages keep their own public Cache-Control and ETag
    (comum/cache_publico.py)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        resposta = self.get_response(request)
        user = getattr(request, "user", None)
        if (user is not None and user.is_authenticated
                and not resposta.has_header("Cache-Control")):
            resposta["Cache-Control"] = "private, no-store"
        return resposta


# --- HTTPS in production: the system check ----------------------------------------------------

#: The settings that keep a production site on HTTPS, with what each one does when off.
EXIGENCIAS_HTTPS = (
    ("SECURE_SSL_REDIRECT", "os pedidos por HTTP não são redirecionados para HTTPS"),
    ("SECURE_HSTS_SECONDS", "o navegador não é instruído a usar sempre HTTPS (HSTS)"),
    ("SESSION_COOKIE_SECURE", "o cookie da sessão também viaja por HTTP"),
    ("CSRF_COOKIE_SECURE", "o cookie CSRF também viaja por HTTP"),
)


def https_desligado() -> list[tuple[str, str]]:
    """The HTTPS settings that are off, with what that means."""
    return [(nome, efeito) for nome, efeito in EXIGENCIAS_HTTPS
            if not getattr(settings, nome, None)]


def _descricao(faltando) -> str:
    return "; ".join(f"{nome} desligado: {efeito}" for nome, efeito in faltando)


_DICA = ("Em produção defina SECURE_SSL_REDIRECT=true e SECURE_HSTS_SECONDS=31536000 (com "
         "DEBUG desligado os cookies já são seguros); num servidor que deva mesmo atender por "
         "HTTP (testes, medição de carga), PERMITIR_HTTP=true aceita HTTP explicitamente "
         "(docs/falhas.md, Endurecimento).")


@register(Tags.security)
def verificar_https(app_configs=None, **kwargs):
    """With DEBUG off, refuse to start (an Error stops runserver, migrate and every command
    that runs the checks; config/wsgi.py and config/asgi.py run it too) while HTTPS is not
    enforced, unless PERMITIR_HTTP says plain HTTP is meant: then a warning, every start."""
    faltando = https_desligado()
    if settings.DEBUG or not faltando:
        return []
    if getattr(settings, "PERMITIR_HTTP", False):
        return [Aviso(
            "HTTP aceito por PERMITIR_HTTP=true com DEBUG desligado: " + _descricao(faltando)
            + ".", hint=_DICA, id="certames.W002")]
    return [Error(
        "DEBUG desligado sem HTTPS obrigatório: " + _descricao(faltando) + ".",
        hint=_DICA, id="certames.E002")]


@register(Tags.security, deploy=True)
def verificar_https_implantacao(app_configs=None, **kwargs):
    """`manage.py check --deploy` with DEBUG on (a configuration being prepared) says which
    HTTPS settings production would still lack; with DEBUG off `verificar_https` speaks."""
    faltando = https_desligado()
    if not settings.DEBUG or not faltando:
        return []
    return [Aviso("Sem HTTPS obrigatório: " + _descricao(faltando) + ".", hint=_DICA,
                  id="certames.W003")]


def verificar_ao_iniciar() -> None:
    """Run by config/wsgi.py and config/asgi.py (gunicorn runs no system check): the server
    does not start while the check says Error, and logs its warning otherwise."""
    for mensagem in verificar_https():
        if mensagem.is_serious():
            raise ImproperlyConfigured(f"{mensagem.msg} {mensagem.hint}")
        logging.getLogger(__name__).warning("%s", mensagem.msg)


# --- one-time links out of the logs -----------------------------------------------------------

#: The loggers that write a request's path: the development server's and gunicorn's access
#: logs, Django's 4xx/5xx and CSRF warnings ("Bad Request: /caminho"), gunicorn's errors.
REGISTROS_COM_CAMINHO = ("django.server", "django.request", "django.security.csrf",
                         "gunicorn.access", "gunicorn.error")
#: What the token and the account id of a one-time link become in a log line.
OCULTO = "[oculto]"
#: The second segment of these addresses once the token moved into the session (Django's
#: password reset and the sign-up confirmation, portal.views.contas.ConfirmarCadastroView).
ETAPAS_SEM_TOKEN = ("set-password", "confirmar")
#: The routes whose address carries a one-time token after its account id.
ROTAS_DE_LINK_UNICO = ("password_reset_confirm", "portal:confirmar")

_padrao_links: re.Pattern | None = None


def _padrao() -> re.Pattern:
    global _padrao_links
    if _padrao_links is None:
        from django.urls import reverse

        prefixos = [reverse(nome, kwargs={"uidb64": "UIDB64", "token": "TOKEN"}).split("UIDB64")[0]
                    for nome in ROTAS_DE_LINK_UNICO]
        _padrao_links = re.compile(
            "(" + "|".join(re.escape(p) for p in prefixos) + r")([^/\s\"'?#]+)/([^/\s\"'?#]+)")
    return _padrao_links


def ocultar_links(texto: str) -> str:
    """The text with the account id and token of every one-time link replaced by OCULTO."""
    def trocar(m: re.Match) -> str:
        token = m.group(3) if m.group(3) in ETAPAS_SEM_TOKEN else OCULTO
        return f"{m.group(1)}{OCULTO}/{token}"

    return _padrao().sub(trocar, texto)


class OcultarLinksUnicos(logging.Filter):
    """Rewrites a record that holds a one-time link (a sign-up confirmation, a password reset
    or a committee member's invitation): the access logs write the path of every request, and
    whoever reads them must not be able to take over an account."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            texto = record.getMessage()
        except Exception:  # noqa: BLE001 - a malformed record is the logging module's business
            return True
        oculto = ocultar_links(texto)
        if oculto != texto:
            record.msg, record.args = oculto, ()
        return True


def ocultar_links_nos_registros() -> None:
    """Attach the filter to every logger that writes request paths (at app loading, in every
    process: runserver, gunicorn's workers, Celery)."""
    for nome in REGISTROS_COM_CAMINHO:
        registro = logging.getLogger(nome)
        if not any(isinstance(f, OcultarLinksUnicos) for f in registro.filters):
            registro.addFilter(OcultarLinksUnicos())


# --- long file names: a form error, not a 400 ---------------------------------------------------

#: The most bytes of headers one part of a multipart body may have. Django's own limit
#: (1,024 bytes, django.http.multipartparser.MAX_TOTAL_HEADER_SIZE) answers "Bad Request" to a
#: file named with some 900 characters (300 accented ones) before any form sees it; with 8 KB
#: the name reaches the form, whose upload fields refuse a name above
#: comum.arquivos.MAXIMO_NOME characters in Portuguese. Still bounded: beyond it, the
#: Portuguese 400 page (templates/400.html).
LIMITE_CABECALHOS_PARTE = 8 * 1024


def ampliar_cabecalhos_das_partes() -> None:
    """Raise Django's per-part header limit to LIMITE_CABECALHOS_PARTE (at app loading)."""
    if multipartparser.MAX_TOTAL_HEADER_SIZE < LIMITE_CABECALHOS_PARTE:
        multipartparser.MAX_TOTAL_HEADER_SIZE = LIMITE_CABECALHOS_PARTE

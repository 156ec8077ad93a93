"""The candidate's status page and dashboard served from the cache.

On result day every candidate opens their inscrição's status page and reloads it. The page is
the same until an act about that inscrição or its certame is recorded, or until the clock
crosses an instant the page depends on (a schedule stage opens or ends, a batch's appeal
window closes, a call's deadline passes, the day turns). It is rendered once and kept in the
cache (CACHE_URL: Redis in production) under the candidate's account and the inscrição, with:

- the generation tokens of four scopes (`comum.cache_publico`): every page (TODOS), the
  certame (renewed by every write a public page shows: `cache_publico.FONTES`), the inscrição
  and the account (renewed by the private sources, `cache_publico.FONTES_PRIVADAS`; each app
  declares its own in its `declaracoes.py`);
- the instant until which it holds, `valido_ate`: the first instant after the render at
  which a date or time the page was computed from is reached (`proxima_mudanca`), and at
  most CACHE_SITUACAO_TTL seconds later.

A generation is renewed in the write's own transaction (`cache_publico.renovar`: a row of
the database, not a cache entry) and read before the page's data: a page rendered from data
an uncommitted act is changing is stored under the generation that act's commit replaces.
The writes that send no signal are covered by an act of the same transaction that does (a
publication writes the per-candidate summaries with `bulk_create`; the `Publicacao` row it
saves renews the certame): `cache_publico.COBERTAS` lists them and
tests/candidatos/test_cache_situacao.py checks that every table the page reads is a source, is
covered, or is `ISENTAS`.

A hit asks the cache once and reads the generations (one indexed query, from the database:
a Redis outage cannot lose a renewal, see cache_publico): no other SQL and no template.
What differs per request is put in at serve time: the CSRF token (the page is
stored with a random marker in its place, so a hit and a miss run `get_token` alike and the
CSRF cookie is set as it would be). A request with messages waiting (a redirect's "feito")
is rendered, not served, and what it renders is not stored; so are htmx requests.

The dashboard (`/candidato/`, `em_cache(view, PAINEL)`) is kept the same way under the account
alone, with the scopes of every inscrição of the account and of their certames, the account's
(a new inscrição, the notices' visit: `LeituraAvisos`) and the home page's list (INICIO: the
certames open for inscrição, renewed by a certame, a cargo or a stage written), and holds
until the next instant any of them depends on, including the end of each "novo" mark
(`Gravacao.iniciar_painel`; the view says the instants: `portal.views.inscricoes`).
"""

from __future__ import annotations

import datetime as dt
import logging
import secrets
import time
from dataclasses import dataclass, fields, is_dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth import HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.messages.storage import default_storage
from django.core.cache import cache
from django.db import models
from django.db.models.signals import m2m_changed
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.utils import timezone, translation
from django.utils.crypto import constant_time_compare

from candidatos.models import Inscricao
from comum import cache_publico
from comum.cache_publico import escopo_certame, escopo_inscricao, escopo_usuario
from comum.papeis import e_membro_comissao, e_rh

logger = logging.getLogger(__name__)

_PREFIXO = "cs:"


#: Tables the page reads that are no data of the page: the session (messages waiting bypass
#: the cache), the content types (fixed at migrate) and the groups' names (fixed data:
#: membership is the account's scope).
ISENTAS = frozenset({"django_session", "django_content_type", "auth_group",
                     # the generations themselves (comum.Invalidacao)
                     "certames_invalidacao"})


# --- renewing ---------------------------------------------------------------------------------
#
# A write to a private source (`cache_publico.FONTES_PRIVADAS`, declared by each app in its
# `declaracoes.py`) renews its inscrição, certame or account in `comum.cache_publico`; here,
# the account's groups.


def _ao_mudar_grupos(sender, instance, action, reverse, model, pk_set, **kwargs):
    """An account added to or removed from a group (being a candidate is a group)."""
    if not action.startswith("post_"):
        return
    if reverse:  # group.user_set.add(...)
        usuarios = pk_set or set()
        if action == "post_clear":
            cache_publico.renovar(cache_publico.TODOS)
            return
    else:
        usuarios = {instance.pk}
    cache_publico.renovar(*(escopo_usuario(u) for u in usuarios))


def conectar() -> None:
    """Connect the groups' signal (candidatos.apps: every process, web or worker)."""
    m2m_changed.connect(_ao_mudar_grupos, sender=get_user_model().groups.through,
                        dispatch_uid="cache_situacao:grupos")


# --- until when a page holds -------------------------------------------------------------------


def _meia_noite(dia: dt.date) -> dt.datetime:
    return dt.datetime.combine(dia, dt.time.min, tzinfo=timezone.get_current_timezone())


def _instantes(raiz: Any):
    """Every date and datetime in what the page was computed from: dataclasses, lists,
    tuples, sets, dicts and model instances (their fields, the relations already read and
    the prefetched rows), each object once."""
    vistos: set[int] = set()
    pilha = [raiz]
    while pilha:
        valor = pilha.pop()
        if isinstance(valor, dt.date):  # datetime included
            yield valor
            continue
        if valor is None or isinstance(valor, (str, bytes, int, float, bool)):
            continue
        if id(valor) in vistos:
            continue
        vistos.add(id(valor))
        if isinstance(valor, models.Model):
            # Its loaded fields and annotations (a deferred field is not read), the relations
            # already read and the prefetched rows.
            pilha.extend(v for k, v in valor.__dict__.items()
                         if k not in ("_state", "_prefetched_objects_cache"))
            pilha.extend(valor._state.fields_cache.values())
            for consulta in getattr(valor, "_prefetched_objects_cache", {}).values():
                pilha.extend(consulta)
        elif is_dataclass(valor) and not isinstance(valor, type):
            pilha.extend(getattr(valor, f.name) for f in fields(valor))
        elif isinstance(valor, dict):
            pilha.extend(valor.values())
        elif isinstance(valor, (list, tuple, set, frozenset)):
            pilha.extend(valor)


def proxima_mudanca(raiz: Any, agora: dt.datetime) -> dt.datetime:
    """The first instant after `agora` at which a page computed at `agora` from `raiz` may
    read differently: a datetime it holds (reached, or just passed: a stage's end is
    inclusive), the start of a date it holds or of the day after (a deadline "até" that
    date), the next local midnight (a page may count days), at most CACHE_SITUACAO_TTL
    seconds away. `agora` itself (the same object, kept by what was computed with it) is the
    clock, not a boundary."""
    um = dt.timedelta(microseconds=1)
    hoje = timezone.localtime(agora).date()
    limites = [agora + dt.timedelta(seconds=settings.CACHE_SITUACAO_TTL),
               _meia_noite(hoje + dt.timedelta(days=1))]
    for valor in _instantes(raiz):
        if valor is agora:
            # The clock itself (an appeal window keeps the instant it was computed for); an
            # equal instant of the data (a stage ending right now) is a boundary.
            continue
        if isinstance(valor, dt.datetime):
            if timezone.is_naive(valor):
                valor = timezone.make_aware(valor)
            instantes = (valor, valor + um)
        else:
            instantes = (_meia_noite(valor), _meia_noite(valor + dt.timedelta(days=1)))
        limites.extend(i for i in instantes if i > agora)
    return min(limites)


# --- serving and storing ----------------------------------------------------------------------


#: The mark of the dashboard (`em_cache(view, PAINEL)`): a page of the account, no inscrição.
PAINEL = ""


def em_cache(view, kwarg: str = "pk"):
    """Mark a view (an `as_view()` function) as the status page of the inscrição in URL kwarg
    `kwarg` (PAINEL: the account's dashboard), served by `CacheSituacaoMiddleware`."""
    view.cache_situacao = kwarg
    return view


def _chave(usuario_id, inscricao_id) -> str:
    """The key of an account's status page of an inscrição (None: its dashboard)."""
    alvo = "painel" if inscricao_id is None else int(inscricao_id)
    return f"{_PREFIXO}{int(usuario_id)}:{alvo}:{translation.get_language()}"


def _sem_mensagens(request) -> bool:
    """No message waiting to be shown, as the messages framework itself reads them (the
    storage of MESSAGE_STORAGE, without marking them read): a request with messages renders
    the page, which shows and consumes them."""
    return not len(default_storage(request))


def _aplicavel(request) -> bool:
    return (request.method in ("GET", "HEAD") and not request.headers.get("HX-Request")
            and _sem_mensagens(request))


def _conta_da_sessao(request) -> tuple[str, str] | None:
    """The account id and the password-derived hash the session was verified with."""
    usuario = request.session.get(SESSION_KEY)
    hash_sessao = request.session.get(HASH_SESSION_KEY)
    if usuario is None or not hash_sessao:
        return None
    return str(usuario), hash_sessao


def _com_token(request, conteudo: bytes, marcador: str) -> bytes:
    return conteudo.replace(marcador.encode(), get_token(request).encode())


class CacheSituacaoMiddleware:
    """Serve a stored status page (after the session, the locale and CSRF middlewares, before
    authentication: a hit costs the session and two cache reads), or let the request
    through and store what the view marked (`Gravacao`) with the inner middlewares'
    headers."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        rota = cache_publico.rota_de(request)
        kwarg = getattr(rota.func, "cache_situacao", None) if rota else None
        if kwarg is None:
            return self.get_response(request)
        inscricao_id = rota.kwargs[kwarg] if kwarg != PAINEL else None
        guardada = self._guardada(request, inscricao_id)
        if guardada is not None:
            return guardada
        request.cache_situacao = True  # the view may render for storing
        resposta = self.get_response(request)
        gravacao = getattr(resposta, "gravacao_situacao", None)
        if gravacao is None:
            return resposta
        conteudo = resposta.content
        if (resposta.status_code == 200 and not resposta.cookies
                and not request.session.modified and _sem_mensagens(request)):
            gravacao.guardar(conteudo, [(k, v) for k, v in resposta.headers.items()
                                        if k.lower() != "content-length"])
        resposta.content = _com_token(request, conteudo, gravacao.marcador)
        return resposta

    @staticmethod
    def _guardada(request, inscricao_id) -> HttpResponse | None:
        conta = _conta_da_sessao(request)
        if conta is None or not _aplicavel(request):
            return None
        try:
            entrada = cache.get(_chave(conta[0], inscricao_id))
            if (entrada is None or time.time() >= entrada["valido_ate"]
                    or not constant_time_compare(entrada["hash_sessao"], conta[1])):
                return None
            if cache_publico.geracoes(entrada["escopos"], memoria_local=False) != entrada[
                    "geracoes"]:
                return None
        except Exception:  # cache server down: render
            logger.exception("cache da situação indisponível")
            return None
        resposta = HttpResponse(_com_token(request, entrada["conteudo"], entrada["marcador"]))
        for k, v in entrada["cabecalhos"]:
            resposta[k] = v
        return resposta


@dataclass
class Gravacao:
    """A page being rendered to be stored: its key, its scopes' tokens read before the data,
    the marker rendered where the CSRF token goes, the session's hash, and (`concluir`)
    until when it holds."""

    chave: str
    escopos: list[str]
    geracoes: list[str]
    marcador: str
    hash_sessao: str
    valido_ate: float = 0.0

    @staticmethod
    def _conta(request) -> tuple[str, str] | None:
        """The session's account and hash when its page may be stored: not when the
        middleware is not in the way, nor for a session RH or comissão powers shorten
        (comum.seguranca.SessaoCurtaMiddleware: never kept past its checks)."""
        user = request.user
        conta = _conta_da_sessao(request)
        if (not getattr(request, "cache_situacao", False) or conta is None
                or conta[0] != str(user.pk) or not _aplicavel(request)
                or user.is_staff or e_rh(user) or e_membro_comissao(user)):
            return None
        return conta

    @classmethod
    def _com_escopos(cls, chave: str, escopos: list[str], conta) -> Gravacao | None:
        try:
            tokens = cache_publico.geracoes(escopos, memoria_local=False)
        except Exception:
            logger.exception("cache da situação indisponível")
            return None
        return cls(chave, escopos, tokens, f"csrf{secrets.token_hex(16)}", conta[1])

    @classmethod
    def iniciar(cls, request, inscricao_id: int) -> Gravacao | None:
        """Called by the view after its checks, before anything of the page is read. None
        when the page is not to be stored (`_conta`), or for another person's inscrição (the
        view answers 404)."""
        conta = cls._conta(request)
        if conta is None:
            return None
        user = request.user
        certame_id = (Inscricao.objects.filter(pk=inscricao_id, candidato__usuario_id=user.pk)
                      .values_list("certame_id", flat=True).first())
        if certame_id is None:
            return None
        escopos = [cache_publico.TODOS, escopo_certame(certame_id),
                   escopo_inscricao(inscricao_id), escopo_usuario(user.pk)]
        return cls._com_escopos(_chave(user.pk, inscricao_id), escopos, conta)

    @classmethod
    def iniciar_painel(cls, request) -> Gravacao | None:
        """The same for the account's dashboard: every inscrição of the account and its
        certame, the account, and the list of certames (INICIO: the ones open for
        inscrição). A new inscrição renews the account (`FONTES_PRIVADAS`), so the set read
        here is the one the page shows."""
        conta = cls._conta(request)
        if conta is None:
            return None
        user = request.user
        linhas = list(Inscricao.objects.filter(candidato__usuario_id=user.pk)
                      .order_by("pk").values_list("pk", "certame_id"))
        escopos = [cache_publico.TODOS, cache_publico.INICIO,
                   *sorted({escopo_certame(c) for _, c in linhas}),
                   *(escopo_inscricao(i) for i, _ in linhas), escopo_usuario(user.pk)]
        return cls._com_escopos(_chave(user.pk, None), escopos, conta)

    def concluir(self, resposta, raiz: Any, agora: dt.datetime):
        """Render the view's `resposta` (rendered with `marcador` for the CSRF token) and
        mark it for the middleware, holding until `proxima_mudanca(raiz, agora)`."""
        resposta.render()
        self.valido_ate = proxima_mudanca(raiz, agora).timestamp()
        resposta.gravacao_situacao = self
        return resposta

    def guardar(self, conteudo: bytes, cabecalhos: list[tuple[str, str]]) -> None:
        entrada = {"conteudo": conteudo, "marcador": self.marcador, "cabecalhos": cabecalhos,
                   "escopos": self.escopos, "geracoes": self.geracoes,
                   "valido_ate": self.valido_ate, "hash_sessao": self.hash_sessao}
        try:
            cache.set(self.chave, entrada,
                      timeout=max(1, int(self.valido_ate - time.time()) + 1))
        except Exception:
            logger.exception("cache da situação: não foi possível guardar")

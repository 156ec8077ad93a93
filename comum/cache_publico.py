"""Published public pages served from the cache.

The public pages of a certame (its page and vacancy table, each cargo's published lists with
every tab, page and search, the order of nomeação, the public draw, the committees' results,
the open-data files) change only when an act is recorded. They are rendered once per
*generation* and kept in the cache (CACHE_URL: Redis in production, local memory in
development) under a key made of:

- the scheme, host and path (the open-data files carry their absolute URL) and the query
  (only the parameters the page reads: `page`, `lista`, `q`),
- the language and the local date (a page may say "today" or count a deadline),
- the certame's generation token (the home page: the list's generation) and a token that
  invalidates every page at once (an órgão renamed, or an act whose certame is unknown).

A generation is kept in the database, not in the cache (Redis is a cache, not a dependency):
post_save/post_delete signals of every model a public page shows (FONTES below, declared by
each app) write one `comum.Invalidacao` row per scope in the act's own transaction, and a
scope's generation is the sum of its rows' weights with the time of the latest. A renewal
commits with the act or not at all: a Redis outage cannot lose it, and when Redis comes back
with its old entries, their keys carry the old generations and are never read again. Writers
only insert (no row shared by two acts, no lock); the periodic `compactar_invalidacoes` folds
the rows. Acts of one certame leave the other certames' generations untouched. A hit costs one
indexed query (the generations; none when this process read them within CACHE_PUBLICO_MEMORIA
seconds, see below) and one cache read: no template, no session, auth or axes work. With the
cache down every page is rendered (config/cache.py answers as an empty cache).

`CachePublicoMiddleware` sits right after WhiteNoise. For an anonymous GET/HEAD (no session
or messages cookie) of a view marked with `publica()` (publico/urls.py,
publico/urls_resultados.py) it answers from the cache; on a miss it lets the request through
and stores the answer as the inner middlewares left it (X-Frame-Options, Vary,
Content-Language included), when it is a 200, not streamed, sets no cookie and is not marked
private/no-store. The outer middlewares (SecurityMiddleware, the Content-Security-Policy) add
their headers to hits and misses alike. Every cached answer carries a strong ETag (the hash of
its bytes), Last-Modified (the time of the act that made the generation) and
`Cache-Control: public, max-age=CACHE_PUBLICO_MAX_AGE, stale-while-revalidate`, with
`Vary: Cookie`; If-None-Match / If-Modified-Since get a 304 without body.

A page that changes at a known moment with no act (a certame's page shows the sign-up link
while its inscrições are open: the stage opens and closes at its times, which are not
midnight) says so with `valida_ate(resposta, instante)`: it is stored only until then (and
told to browsers and proxies for no longer), and the next request renders it again.

A cached page is shown to everybody, so it must not carry a visitor's CSRF token: the base
template writes htmx's CSRF header only for signed-in users, public pages hold no form that
posts, and, should a view still ask for a token, on a miss the request's CSRF cookie is hidden
from the inner middlewares (a throwaway token is rendered) and the cookie that token would set
is dropped from the stored and returned answer.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import logging
import math
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from datetime import time as hora
from urllib.parse import urlencode

from django.apps import apps
from django.conf import settings
from django.core.cache import cache
from django.core.checks import Error, register
from django.core.exceptions import ImproperlyConfigured
from django.db import transaction
from django.db.models import Count, F
from django.db.models.signals import post_delete, post_save
from django.http import FileResponse, HttpResponse
from django.urls import Resolver404, resolve
from django.utils import timezone, translation
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.dateparse import parse_datetime
from django.utils.http import content_disposition_header, http_date

from comum.models import Invalidacao

logger = logging.getLogger(__name__)

#: Query parameters a public page reads; any other parameter makes the request bypass the
#: cache (served, not stored), so made-up parameters cannot fill it.
PARAMETROS = ("page", "lista", "q")
#: The largest answer stored (a published list's CSV of 50,000 rows is a few MB).
TAMANHO_MAXIMO = 16 * 1024 * 1024
#: Generation scopes besides one per certame.
TODOS = "todos"
INICIO = "inicio"
#: The messages framework's cookie (django.contrib.messages CookieStorage).
COOKIE_MENSAGENS = "messages"

_PREFIXO = "cp:"


@dataclass(frozen=True)
class Publica:
    """How a view's pages are keyed: by the certame in URL kwarg `certame` (None: the list of
    certames, the home page). `arquivos`: the view may answer with a stored file
    (`marcar_arquivo`), kept as a file entry (see "Stored files" below)."""

    certame: str | None
    arquivos: bool = False


def publica(view, certame: str | None = None, *, arquivos: bool = False):
    """Mark a view (an `as_view()` function) as a published public page served from the cache;
    `certame` names the URL kwarg holding the certame's id; `arquivos`: it may answer with a
    stored file (`marcar_arquivo`)."""
    view.cache_publico = Publica(certame, arquivos)
    return view


def valida_ate(resposta: HttpResponse, instante: datetime | None) -> HttpResponse:
    """Mark a public page as true only until `instante` (None: until an act renews it): the
    cache keeps it no longer (`CachePublicoMiddleware`). The earliest of several marks
    holds."""
    if instante is not None:
        atual = getattr(resposta, "cache_publico_ate", None)
        resposta.cache_publico_ate = instante if atual is None else min(atual, instante)
    return resposta


#: The wall clock of the pages' own limits (`valida_ate`; a test moves it).
_agora_parede = time.time


def _expirada(entrada: dict) -> bool:
    expira = entrada.get("expira")
    return expira is not None and _agora_parede() >= expira


# --- generations ------------------------------------------------------------------------------


def escopo_certame(certame_id) -> str:
    return f"c{int(certame_id)}"


# --- the process's own memory in front of the shared cache --------------------------------------
#
# A hit costs a query and a round trip to Redis; the same hit from this process's memory costs
# none. Generations read from the database are trusted here for CACHE_PUBLICO_MEMORIA
# seconds (an act recorded by another process reaches this one within that time; one recorded
# here, at once), and recently served pages are kept here too, by their full key (which holds
# the generations: a renewed generation makes them unreachable), up to MEMORIA_MAXIMA bytes.

MEMORIA_MAXIMA = 64 * 1024 * 1024
_trava = threading.Lock()
_geracoes_locais: dict[str, tuple[float, str]] = {}
_paginas_locais: OrderedDict[str, dict] = OrderedDict()
_ocupado = [0]
#: The clock of the local trust (monotonic; a test moves it).
_relogio = time.monotonic


def _memoria() -> float:
    return getattr(settings, "CACHE_PUBLICO_MEMORIA", 0) or 0


def esvaziar_memoria_local() -> None:
    with _trava:
        _geracoes_locais.clear()
        _paginas_locais.clear()
        _ocupado[0] = 0


def _pagina_local(chave: str) -> dict | None:
    with _trava:
        entrada = _paginas_locais.get(chave)
        if entrada is not None and _expirada(entrada):
            del _paginas_locais[chave]
            _ocupado[0] -= len(entrada.get("conteudo", b""))
            return None
        if entrada is not None:
            _paginas_locais.move_to_end(chave)
        return entrada


def _guardar_local(chave: str, entrada: dict) -> None:
    tamanho = len(entrada.get("conteudo", b""))
    if tamanho > MEMORIA_MAXIMA // 8:
        return
    with _trava:
        if chave in _paginas_locais:
            return
        _paginas_locais[chave] = entrada
        _ocupado[0] += tamanho
        while _ocupado[0] > MEMORIA_MAXIMA:
            _, velha = _paginas_locais.popitem(last=False)
            _ocupado[0] -= len(velha.get("conteudo", b""))


def _esquecer_local(escopos) -> None:
    with _trava:
        for escopo in escopos:
            _geracoes_locais.pop(escopo, None)


def _token(linha: tuple[int, dt.datetime] | None) -> str:
    """`<unix time of the last renewal>.<sum of the renewals>` (the time is the page's
    Last-Modified; "0.0": a scope never renewed)."""
    if linha is None:
        return "0.0"
    return f"{linha[1].timestamp():.6f}.{linha[0]}"


def _ler_geracoes(escopos: list[str]) -> list[tuple[int, dt.datetime] | None]:
    """Each scope's (sum of weights, latest renewal), in one indexed query written by hand:
    it runs on every cache hit, where building it through the ORM cost more than running
    it."""
    from django.db import connection

    tabela = connection.ops.quote_name(Invalidacao._meta.db_table)
    marcas = ", ".join(["%s"] * len(escopos))
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT escopo, SUM(peso), MAX(criada_em) FROM {tabela} "  # noqa: S608
                       f"WHERE escopo IN ({marcas}) GROUP BY escopo", list(escopos))
        linhas = {e: (int(n), _instante(t)) for e, n, t in cursor.fetchall()}
    return [linhas.get(e) for e in escopos]


def _instante(valor) -> dt.datetime:
    """A MAX(datetime) as the database gives it (SQLite: its text)."""
    if isinstance(valor, str):
        valor = parse_datetime(valor)
    if timezone.is_naive(valor):
        valor = valor.replace(tzinfo=dt.UTC)
    return valor


def geracoes(escopos: list[str], *, memoria_local: bool = True) -> list[str]:
    """The current generation token of each scope, read from the database (one indexed
    query: `Invalidacao`). ``memoria_local``: trust this process's copy read within
    CACHE_PUBLICO_MEMORIA seconds (the public pages); without it, always ask the database
    (a candidate's own page)."""
    memoria = _memoria() if memoria_local else 0
    if memoria:
        agora = _relogio()
        with _trava:
            locais = [_geracoes_locais.get(e) for e in escopos]
        validas = [g[1] for g in locais if g is not None and g[0] > agora]
        if len(validas) == len(escopos):
            return validas
    _lidos_na_transacao(escopos)
    tokens = [_token(linha) for linha in _ler_geracoes(escopos)]
    if memoria:
        validade = _relogio() + memoria
        with _trava:
            _geracoes_locais.update({e: (validade, t) for e, t in zip(escopos, tokens,
                                                                         strict=True)})
    return tokens


def _lidos_na_transacao(escopos) -> None:
    """This transaction read these scopes' generations (a page it renders is stored under
    them): its next write to one of them needs a row of its own."""
    conexao = transaction.get_connection()
    if not conexao.in_atomic_block:
        return
    for _sids, funcao, *_ in conexao.run_on_commit:
        if isinstance(funcao, Renovacao):
            funcao.gravados.difference_update(escopos)


def compactar_invalidacoes() -> int:
    """Fold each scope's renewals into its newest row (its weight grows by theirs), so that
    reading a generation stays one short index range. Every sum is kept: the rows are locked,
    the fold is one transaction, a reader sees it before or after. Rows of transactions not
    yet committed are not seen, hence not touched. Returns how many rows were removed
    (periodic: `certames.compactar_invalidacoes`)."""
    removidas = 0
    escopos = list(Invalidacao.objects.order_by().values("escopo").annotate(c=Count("id"))
                   .filter(c__gt=1).values_list("escopo", flat=True))
    for escopo in escopos:
        with transaction.atomic():
            linhas = list(Invalidacao.objects.select_for_update().filter(escopo=escopo)
                          .order_by("id").values_list("id", "peso", "criada_em"))
            if len(linhas) < 2:
                continue
            velhas = linhas[:-1]
            Invalidacao.objects.filter(pk__in=[v[0] for v in velhas]).delete()
            Invalidacao.objects.filter(pk=linhas[-1][0]).update(
                peso=F("peso") + sum(v[1] for v in velhas),
                criada_em=max(linha[2] for linha in linhas))
            removidas += len(velhas)
    return removidas


# --- which writes change which pages ----------------------------------------------------------

#: Every model a public page shows and the path from it to its certame ("pk": the certame
#: itself), declared by the model's own app at app loading (`declarar_fontes`, from
#: `<app>/declaracoes.py`). A write (save or delete) gives that certame a new generation; the
#: ones marked with INICIO also renew the home page's list; TODOS renews every page.
FONTES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}

#: The models a page private to one account shows (the candidate's status page:
#: candidatos/cache_situacao.py) beyond `FONTES` (which renew the certame), each with the paths
#: from it to what it renews: "i" the inscrição, "c" the certame, "u" the account ("pk": the
#: model itself). Declared by each app (`declarar_fontes_privadas`).
FONTES_PRIVADAS: dict[str, tuple[tuple[str, str], ...]] = {}

#: Tables a cached page reads whose rows are written only together with a row of a source, in
#: the same transaction (no signal of their own is needed; connecting one would also make
#: Django delete them one by one): the model, and the source that covers it. Declared by each
#: app (`declarar_cobertas`); tests/candidatos/test_cache_situacao.py checks every table the
#: status page reads is a source, covered, or exempt.
COBERTAS: dict[str, str] = {}


def escopo_inscricao(pk) -> str:
    return f"i{int(pk)}"


def escopo_usuario(pk) -> str:
    return f"u{int(pk)}"


def _modelo(rotulo: str, registro: str):
    """The model a declaration names; a label naming no model is an error at start."""
    try:
        return apps.get_model(rotulo)
    except (LookupError, ValueError) as exc:
        raise ImproperlyConfigured(
            f"cache_publico: {registro} declara {rotulo!r}, que não é um modelo.") from exc


def _acrescentar(registro: dict, nome: str, declaracoes: Mapping) -> list:
    """Add declarations to a registry, each label once (all checked before any is added);
    returns their models."""
    modelos = [_modelo(rotulo, nome) for rotulo in declaracoes]
    for rotulo in declaracoes:
        if rotulo in registro:
            raise ImproperlyConfigured(f"cache_publico: {rotulo!r} declarado duas vezes em {nome}.")
    registro.update(declaracoes)
    return modelos


def declarar_fontes(fontes: Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]]) -> None:
    """Register models a public page shows (`FONTES`) and connect their signals (called from
    the app's AppConfig.ready, hence in every process, web or worker)."""
    for modelo in _acrescentar(FONTES, "FONTES", fontes):
        uid = f"cache_publico:{modelo._meta.label}"
        post_save.connect(_ao_gravar, sender=modelo, dispatch_uid=uid)
        post_delete.connect(_ao_gravar, sender=modelo, dispatch_uid=uid)


def declarar_fontes_privadas(fontes: Mapping[str, tuple[tuple[str, str], ...]]) -> None:
    """Register models an account's private page shows (`FONTES_PRIVADAS`) and connect their
    signals (called from the app's AppConfig.ready)."""
    for modelo in _acrescentar(FONTES_PRIVADAS, "FONTES_PRIVADAS", fontes):
        uid = f"cache_privado:{modelo._meta.label}"
        post_save.connect(_ao_gravar_privada, sender=modelo, dispatch_uid=uid)
        post_delete.connect(_ao_gravar_privada, sender=modelo, dispatch_uid=uid)


def declarar_cobertas(cobertas: Mapping[str, str]) -> None:
    """Register tables covered by a source written in the same transaction (`COBERTAS`)."""
    for fonte in cobertas.values():
        _modelo(fonte, "COBERTAS")
    _acrescentar(COBERTAS, "COBERTAS", cobertas)


def ids_por_caminho(instancia, caminho: str) -> set[int]:
    """The ids at the end of `caminho` (Django lookups ending in a FK: here the certame's),
    walking relations already loaded on the instance and reading the rest in one query."""
    if caminho == "pk":
        return {instancia.pk}
    atual = instancia
    partes = caminho.split("__")
    for i, parte in enumerate(partes):
        campo = atual._meta.get_field(parte)
        if not campo.many_to_one and not campo.one_to_one or campo.auto_created:
            # A reverse relation (the candidate's inscrições): ask the database.
            resto = "__".join(partes[i:])
            return {c for c in type(atual)._base_manager.filter(pk=atual.pk)
                    .values_list(resto, flat=True) if c is not None}
        if i < len(partes) - 1 and campo.is_cached(atual):
            atual = getattr(atual, parte)
            if atual is None:
                return set()
            continue
        valor = getattr(atual, campo.attname)
        if valor is None:
            return set()
        if i == len(partes) - 1:
            return {valor}
        resto = "__".join(partes[i + 1:])
        return {c for c in campo.related_model._base_manager.filter(pk=valor)
                .values_list(resto, flat=True) if c is not None}
    return set()


def escopos_da_gravacao(instancia) -> set[str]:
    caminhos, extras = FONTES[instancia._meta.label]
    escopos = set(extras)
    for caminho in caminhos:
        try:
            escopos |= {escopo_certame(c) for c in ids_por_caminho(instancia, caminho)}
        except Exception:  # a parent already deleted: renew every page instead
            logger.warning("cache público: certame de %r não encontrado", instancia,
                           exc_info=True)
            escopos.add(TODOS)
    return escopos


class Renovacao:
    """The commit of a transaction that renewed some scopes: a callable for
    `transaction.on_commit` (tests counting an act's own follow-ups tell it apart with
    `isinstance`). At the commit this process forgets its copies of the scopes'
    generations, so it sees the new ones at once (other processes: within
    CACHE_PUBLICO_MEMORIA seconds)."""

    def __init__(self, escopos: tuple[str, ...]):
        self.escopos = escopos
        #: Scopes whose row this transaction wrote at this level and has not read since:
        #: another write needs no other row (a reader elsewhere cannot see either before the
        #: commit; this transaction's own reads undo it: see `geracoes`).
        self.gravados = set(escopos)

    def __call__(self) -> None:
        _esquecer_local(self.escopos)


def _renovacao_da_transacao(conexao) -> Renovacao | None:
    """The Renovacao already registered in this transaction at this savepoint level (its
    scopes' rows are written: a scope is renewed once per transaction)."""
    if not conexao.in_atomic_block:
        return None
    nivel = set(conexao.savepoint_ids)
    for sids, funcao, *_ in reversed(conexao.run_on_commit):
        if isinstance(funcao, Renovacao) and set(sids) == nivel:
            return funcao
    return None


def renovar(*escopos: str) -> None:
    """Renew `escopos`: one `Invalidacao` row each, written in the current transaction (it
    commits with the act or rolls back with it; no cache outage can lose it, and writers
    share no row, hence no lock). A page rendered by another request before the commit read
    the old generation with the old data and is unreachable once the commit makes the new
    one visible. For writes that send no signal, too."""
    escopos = tuple(sorted(set(escopos)))
    if not escopos:
        return
    conexao = transaction.get_connection()
    pendente = _renovacao_da_transacao(conexao)
    novos = [e for e in escopos if pendente is None or e not in pendente.gravados]
    if novos:
        agora = timezone.now()
        Invalidacao.objects.bulk_create([Invalidacao(escopo=e, criada_em=agora)
                                         for e in novos])
    _esquecer_local(escopos)
    if pendente is None:
        transaction.on_commit(Renovacao(escopos))
    else:
        pendente.escopos = tuple(sorted(set(pendente.escopos) | set(novos)))
        pendente.gravados |= set(novos)


#: The former name (a scope's renewal).
invalidar = renovar


def invalidar_certame(certame_id) -> None:
    renovar(escopo_certame(certame_id))


def _ao_gravar(sender, instance, **kwargs):
    renovar(*escopos_da_gravacao(instance))


def escopos_privados_da_gravacao(instancia) -> set[str]:
    """The scopes a write to a private source renews (`FONTES_PRIVADAS`)."""
    escopos: set[str] = set()
    for tipo, caminho in FONTES_PRIVADAS[instancia._meta.label]:
        try:
            ids = ids_por_caminho(instancia, caminho)
        except Exception:  # a parent already deleted: renew every page instead
            logger.warning("cache da situação: destino de %r não encontrado", instancia,
                           exc_info=True)
            escopos.add(TODOS)
            continue
        fazer = {"i": escopo_inscricao, "c": escopo_certame, "u": escopo_usuario}[tipo]
        escopos |= {fazer(i) for i in ids}
    return escopos


def _ao_gravar_privada(sender, instance, **kwargs):
    renovar(*escopos_privados_da_gravacao(instance))


# --- the middleware ---------------------------------------------------------------------------


def _anonimo(request) -> bool:
    """No session, no pending messages, no credentials: the page is the same for everybody."""
    cookies = request.COOKIES
    return (settings.SESSION_COOKIE_NAME not in cookies and COOKIE_MENSAGENS not in cookies
            and "HTTP_AUTHORIZATION" not in request.META)


def _consulta(request) -> str | None:
    """The query, normalized (parameters sorted), or None when it has another parameter."""
    itens: list[tuple[str, str]] = []
    for nome in sorted(request.GET):
        if nome not in PARAMETROS:
            return None
        itens.extend((nome, v) for v in request.GET.getlist(nome))
    return urlencode(itens)


def _inicio_do_dia() -> float:
    hoje = timezone.localdate()
    return datetime.combine(hoje, hora.min, tzinfo=timezone.get_current_timezone()).timestamp()


def rota_de(request):
    """The resolved route of a GET/HEAD request (None: another method, or no route), resolved
    once per request: the public pages' and the candidate's status page's middlewares both
    ask (the resolver itself runs later for the view)."""
    if request.method not in ("GET", "HEAD"):
        return None
    if not hasattr(request, "_rota_cache"):
        try:
            request._rota_cache = resolve(request.path_info)
        except Resolver404:
            request._rota_cache = None
    return request._rota_cache


def _tempo_no_cache(entrada: dict) -> int:
    """Seconds the shared cache keeps a page: CACHE_PUBLICO_TTL, or less when the page
    changes sooner (`valida_ate`)."""
    if entrada.get("expira") is None:
        return settings.CACHE_PUBLICO_TTL
    restam = math.ceil(entrada["expira"] - _agora_parede())
    return max(1, min(settings.CACHE_PUBLICO_TTL, restam))


class CachePublicoMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response
        if _cache_local_em_producao():
            logger.warning("CACHE_URL é memória local com DEBUG desligado: com vários processos "
                           "as páginas públicas não são invalidadas em todos. Use Redis.")

    def __call__(self, request):
        rota = rota_de(request)
        config = getattr(rota.func, "cache_publico", None) if rota else None
        if config is None:
            return self.get_response(request)
        if not _anonimo(request):
            resposta = self.get_response(request)
            # A page for a signed-in user: never in a shared cache.
            if not resposta.has_header("Cache-Control"):
                patch_cache_control(resposta, private=True)
            patch_vary_headers(resposta, ("Cookie",))
            return resposta
        consulta = _consulta(request)
        if consulta is None or request.headers.get("HX-Request"):
            return self.get_response(request)
        if config.certame is None:
            escopos = [TODOS, INICIO]
        else:
            escopos = [TODOS, escopo_certame(rota.kwargs[config.certame])]
        host = request.get_host()  # a host not allowed: 400, as without the cache
        try:
            if config.arquivos:
                servido = _servir_arquivo(request)
                if servido is not None:
                    return servido
            tokens = geracoes(escopos)
            chave = self._chave(request, host, consulta, tokens)
            entrada = _pagina_local(chave) if _memoria() else None
            if entrada is None:
                entrada = cache.get(chave)
                if entrada is not None and _expirada(entrada):
                    entrada = None  # a server whose cache outlived the page's own limit
                if entrada is not None and _memoria():
                    _guardar_local(chave, entrada)
        except Exception:  # cache server down: serve without it
            logger.exception("cache público indisponível")
            return self.get_response(request)
        if entrada is not None:
            return self._responder(request, entrada)
        # Miss: render with a throwaway CSRF token (see the module's docstring).
        request.COOKIES.pop(settings.CSRF_COOKIE_NAME, None)
        resposta = self.get_response(request)
        if config.arquivos and getattr(resposta, "arquivo_publico", None) is not None:
            return _guardar_servido(request, resposta)
        entrada = self._entrada(resposta, tokens)
        if entrada is None:
            return resposta
        try:
            cache.set(chave, entrada, timeout=_tempo_no_cache(entrada))
            if _memoria():
                _guardar_local(chave, entrada)
        except Exception:
            logger.exception("cache público: não foi possível guardar %s", request.path)
        return self._responder(request, entrada)

    @staticmethod
    def _chave(request, host: str, consulta: str, tokens: list[str]) -> str:
        # Host and scheme: the open-data files carry their own absolute URL.
        partes = "\n".join([request.scheme, host, request.path_info, consulta,
                            translation.get_language_from_request(request),
                            timezone.localdate().isoformat(), *tokens])
        return f"{_PREFIXO}p:{hashlib.sha256(partes.encode()).hexdigest()}"

    @staticmethod
    def _entrada(resposta, tokens: list[str]) -> dict | None:
        """What is stored of an answer, or None when it must not be shared."""
        if resposta.status_code != 200 or resposta.streaming:
            return None
        resposta.cookies.pop(settings.CSRF_COOKIE_NAME, None)
        if resposta.cookies:
            return None
        controle = resposta.get("Cache-Control", "").lower()
        if any(p in controle for p in ("private", "no-store", "no-cache")):
            return None
        conteudo = resposta.content
        if len(conteudo) > TAMANHO_MAXIMO:
            return None
        ate = getattr(resposta, "cache_publico_ate", None)
        if ate is not None and ate.timestamp() <= _agora_parede() + 1:
            return None  # about to change: not worth storing
        modificado = max([float(g.rsplit(".", 1)[0]) for g in tokens] + [_inicio_do_dia()])
        cabecalhos = [(k, v) for k, v in resposta.headers.items()
                      if k.lower() not in ("cache-control", "etag", "last-modified", "expires")]
        return {"conteudo": conteudo, "cabecalhos": cabecalhos,
                "etag": f'"{hashlib.sha256(conteudo).hexdigest()[:40]}"',
                "modificado": int(modificado),
                "expira": ate.timestamp() if ate is not None else None}

    @staticmethod
    def _responder(request, entrada: dict) -> HttpResponse:
        resposta = HttpResponse(b"" if request.method == "HEAD" else entrada["conteudo"])
        for k, v in entrada["cabecalhos"]:
            resposta[k] = v
        resposta["ETag"] = entrada["etag"]
        resposta["Last-Modified"] = http_date(entrada["modificado"])
        idade = settings.CACHE_PUBLICO_MAX_AGE
        if entrada.get("expira") is not None:
            # No copy outside the server may outlive the page's own limit.
            idade = max(min(idade, int(entrada["expira"] - _agora_parede())), 0)
        resposta["Cache-Control"] = f"public, max-age={idade}, stale-while-revalidate={idade}"
        patch_vary_headers(resposta, ("Cookie",))
        return get_conditional_response(
            request, etag=entrada["etag"], last_modified=entrada["modificado"],
            response=resposta) or resposta


# --- stored files ------------------------------------------------------------------------------
#
# A published list's PDF and CSV are rendered once by the worker and stored
# (classificacao/preparo.py); a request for one read the publication and its document from
# the database and streamed the file, ten times the cost of a static file. A view marked
# `publica(..., arquivos=True)` that answers with a stored file says so (`marcar_arquivo`), and
# the file's *entry* (where it is, its type and download name, never its bytes) is kept under
# its path alone; the worker stores it as soon as the document is ready (`guardar_arquivo`),
# so even the first request after a publication is a hit. A hit opens the file and streams it
# (gunicorn's sendfile): no query, no session, no view.
#
# No generation is read: what such a URL answers never changes once the document is ready. It
# is the record of a published act (acts are never rewritten: a later publication has URLs of
# its own), rendered once and stored, and its certame stays public for good (only a new
# certame is a draft: editais.servicos.salvar_certame). A file gone from disk (a retention
# rule) is a miss: the entry is dropped and the view answers.


@dataclass(frozen=True)
class ArquivoPublico:
    """A stored file a public URL serves: its absolute path, content type, download name."""

    caminho: str
    tipo: str
    nome: str


def marcar_arquivo(resposta, arquivo: ArquivoPublico):
    """Mark a view's answer as the stored file `arquivo` (kept as a file entry)."""
    resposta.arquivo_publico = arquivo
    return resposta


def _chave_arquivo(caminho_url: str) -> str:
    return f"{_PREFIXO}a:{hashlib.sha256(caminho_url.encode()).hexdigest()}"


def _entrada_arquivo(arquivo: ArquivoPublico) -> dict | None:
    """The entry of a stored file (None: not on this machine's disk)."""
    try:
        estado = os.stat(arquivo.caminho)
    except OSError:
        return None
    marca = f"{arquivo.caminho}\n{estado.st_size}\n{estado.st_mtime_ns}"
    return {"arquivo": arquivo.caminho, "tipo": arquivo.tipo, "nome": arquivo.nome,
            "tamanho": estado.st_size, "modificado": int(estado.st_mtime),
            "etag": f'"{hashlib.sha256(marca.encode()).hexdigest()[:40]}"'}


def _guardar_entrada(chave: str, entrada: dict) -> None:
    cache.set(chave, entrada, timeout=settings.CACHE_PUBLICO_TTL)
    if _memoria():
        _guardar_local(chave, entrada)


def guardar_arquivo(caminho_url: str, arquivo: ArquivoPublico) -> bool:
    """Store the entry of `arquivo` for the public URL `caminho_url` (the worker, once the
    document is ready and its row committed). False: not stored (no file, cache down)."""
    entrada = _entrada_arquivo(arquivo)
    if entrada is None:
        return False
    try:
        _guardar_entrada(_chave_arquivo(caminho_url), entrada)
    except Exception:
        logger.exception("cache público: não foi possível guardar %s", caminho_url)
        return False
    return True


def _servir_arquivo(request) -> HttpResponse | None:
    """A hit of a file entry (None: no entry, or its file is gone)."""
    chave = _chave_arquivo(request.path)
    entrada = _pagina_local(chave) if _memoria() else None
    if entrada is None:
        entrada = cache.get(chave)
        if entrada is None:
            return None
        if _memoria():
            _guardar_local(chave, entrada)
    resposta = _responder_arquivo(request, entrada)
    if resposta is None:
        cache.delete(chave)
        with _trava:
            _paginas_locais.pop(chave, None)
    return resposta


def _guardar_servido(request, resposta):
    """A miss the view answered with a stored file: its entry kept, and the answer given as
    a hit's (the same headers whoever stored the entry)."""
    entrada = _entrada_arquivo(resposta.arquivo_publico)
    if entrada is None or resposta.status_code != 200:
        return resposta
    try:
        _guardar_entrada(_chave_arquivo(request.path), entrada)
    except Exception:
        logger.exception("cache público: não foi possível guardar %s", request.path)
    servido = _responder_arquivo(request, entrada)
    if servido is None:
        return resposta
    # Only the view's file is closed: `resposta.close()` would send request_finished (and
    # close the database connection) in the middle of the request.
    aberto = getattr(resposta, "file_to_stream", None)
    if aberto is not None:
        aberto.close()
    return servido


def _responder_arquivo(request, entrada: dict) -> HttpResponse | None:
    """The stored file streamed from disk, or a 304 (None: the file is gone)."""
    cabecalhos = {
        "Content-Type": entrada["tipo"],
        "Content-Disposition": content_disposition_header(True, entrada["nome"]) or "",
        "X-Content-Type-Options": "nosniff",
        "X-Frame-Options": getattr(settings, "X_FRAME_OPTIONS", "DENY"),
        "Content-Language": settings.LANGUAGE_CODE,
        "ETag": entrada["etag"],
        "Last-Modified": http_date(entrada["modificado"]),
        "Cache-Control": (f"public, max-age={settings.CACHE_PUBLICO_MAX_AGE}, "
                          f"stale-while-revalidate={settings.CACHE_PUBLICO_MAX_AGE}"),
    }
    base = HttpResponse()
    for nome, valor in cabecalhos.items():
        base[nome] = valor
    patch_vary_headers(base, ("Cookie",))
    condicional = get_conditional_response(request, etag=entrada["etag"],
                                           last_modified=entrada["modificado"], response=base)
    if condicional is not base:
        return condicional
    try:
        aberto = open(entrada["arquivo"], "rb")  # noqa: SIM115 - closed by the response
    except OSError:
        return None
    if request.method == "HEAD":
        aberto.close()
        resposta: HttpResponse | FileResponse = base
    else:
        resposta = FileResponse(aberto, content_type=entrada["tipo"])
        for nome, valor in base.items():
            resposta[nome] = valor
        return resposta  # its length is the open file's
    resposta["Content-Length"] = str(entrada["tamanho"])
    return resposta


# --- the system check ---------------------------------------------------------------------------


def _cache_local_em_producao() -> bool:
    backend = settings.CACHES.get("default", {}).get("BACKEND", "")
    return (not settings.DEBUG and backend.endswith(".LocMemCache")
            and not getattr(settings, "CACHE_LOCAL_PERMITIDO", False))


@register()
def verificar_cache_compartilhado(app_configs=None, **kwargs):
    """Several processes (gunicorn workers, Celery workers) must share the cache: an act
    recorded in one renews the pages every other one serves."""
    if not _cache_local_em_producao():
        return []
    return [Error(
        "CACHE_URL é memória local (locmemcache://) com DEBUG desligado: cada processo "
        "guardaria as suas páginas públicas e um ato registrado num processo não as renovaria "
        "nos outros.",
        hint="Defina CACHE_URL=rediscache://127.0.0.1:6379/1 (ou filecache:///caminho numa só "
             "máquina); num servidor de um só processo, CACHE_LOCAL_PERMITIDO=true.",
        id="certames.E001")]

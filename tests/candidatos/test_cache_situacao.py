"""The candidate's status page served from the cache (candidatos/cache_situacao.py):
what a hit serves, until when a page holds (worked instants), and the two guards that keep the
invalidation exact as the code grows: every table the page reads is a source of a generation
(or covered by one, or exempt), and every write that sends no signal to a source is listed
with what renews the page instead. The acts themselves: test_cache_situacao_atos.py."""

from __future__ import annotations

import ast
import datetime as dt
import re
from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings
from django.contrib.auth.models import Group
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from candidatos import cache_situacao
from candidatos.models import Inscricao
from certames.models import Etapa
from comum import cache_publico
from comum.papeis import GRUPO_RH
from tests.e2e.apoio import carregar_demo
from tests.factories import EtapaFactory, InscricaoFactory, usuario
from tests.test_arquitetura import PACOTES

pytestmark = pytest.mark.django_db

RAIZ = Path(settings.BASE_DIR)
TZ = timezone.get_current_timezone()


def _sem_token(html: bytes) -> bytes:
    """The page without its CSRF token (masked anew on every request)."""
    return re.sub(rb'(csrfmiddlewaretoken" value="|X-CSRFToken": ")[^"&]+', rb"\1", html)


def _candidato():
    insc = InscricaoFactory()
    user = usuario("cand_cache", "Candidato")
    insc.candidato.usuario = user
    insc.candidato.save()
    return insc, user


# --- worked instants (proxima_mudanca) -----------------------------------------------------


AGORA = dt.datetime(2026, 12, 1, 10, 0, tzinfo=TZ)


@pytest.fixture
def teto_longo(settings):
    """A ceiling far away, so the worked instants are the boundaries themselves."""
    settings.CACHE_SITUACAO_TTL = 30 * 24 * 3600


def test_sem_datas_vale_ate_a_meia_noite_seguinte(teto_longo):
    assert cache_situacao.proxima_mudanca([], AGORA) == dt.datetime(2026, 12, 2, 0, 0,
                                                                    tzinfo=TZ)


def test_fim_de_etapa_inclusivo_vale_ate_o_fim_e_muda_um_microssegundo_depois(teto_longo):
    fim = AGORA + dt.timedelta(hours=3)
    etapa = Etapa(tipo=Etapa.Tipo.RECURSO_ISENCAO, inicio=AGORA - dt.timedelta(days=1),
                  fim=fim)
    assert cache_situacao.proxima_mudanca([etapa], AGORA) == fim
    # Rendered exactly at the end (still open, inclusive): holds for one microsecond.
    no_fim = AGORA + dt.timedelta(hours=3)  # the clock: equal to the end, not the same object
    assert cache_situacao.proxima_mudanca([etapa], no_fim) == fim + dt.timedelta(
        microseconds=1)


def test_prazo_em_data_muda_a_meia_noite_do_dia_e_do_dia_seguinte(teto_longo):
    prazo = dt.date(2026, 12, 1)  # today: "até hoje" ends at the next midnight
    assert cache_situacao.proxima_mudanca({"prazo": prazo}, AGORA) == dt.datetime(
        2026, 12, 2, 0, 0, tzinfo=TZ)
    ontem = dt.datetime(2026, 11, 30, 23, 0, tzinfo=TZ)
    # The evening before, the deadline's own day starts first.
    assert cache_situacao.proxima_mudanca({"prazo": prazo}, ontem) == dt.datetime(
        2026, 12, 1, 0, 0, tzinfo=TZ)


def test_o_instante_do_proprio_calculo_nao_e_limite_mas_um_igual_dos_dados_e(settings):
    settings.CACHE_SITUACAO_TTL = 600
    assert cache_situacao.proxima_mudanca((AGORA,), AGORA) == AGORA + dt.timedelta(minutes=10)
    # A stage ending exactly now (another object, equal): open now, closed a microsecond on.
    fim = dt.datetime(2026, 12, 1, 10, 0, tzinfo=TZ)
    assert cache_situacao.proxima_mudanca((AGORA, fim), AGORA) == AGORA + dt.timedelta(
        microseconds=1)


def test_datas_dentro_de_modelos_e_dataclasses_e_o_teto(settings):
    settings.CACHE_SITUACAO_TTL = 7200
    inscricao = Inscricao(numero="1")
    etapa = Etapa(tipo=Etapa.Tipo.INSCRICOES, inicio=AGORA + dt.timedelta(minutes=30),
                  fim=AGORA + dt.timedelta(days=3))
    inscricao.etapas_lidas = [etapa]  # an attribute a computation left on the instance
    assert cache_situacao.proxima_mudanca(inscricao, AGORA) == AGORA + dt.timedelta(minutes=30)
    # Past instants do not count; the ceiling (CACHE_SITUACAO_TTL) does.
    antiga = Etapa(tipo=Etapa.Tipo.INSCRICOES, inicio=AGORA - dt.timedelta(days=9),
                   fim=AGORA - dt.timedelta(days=2))
    assert cache_situacao.proxima_mudanca([antiga], AGORA) == AGORA + dt.timedelta(hours=2)


# --- what a hit serves ---------------------------------------------------------------------


def test_acerto_serve_a_mesma_pagina_com_os_mesmos_cabecalhos_sem_sql(client):
    insc, user = _candidato()
    client.force_login(user)
    url = reverse("portal:inscricao", args=[insc.pk])
    renderizada = client.get(url)
    assert renderizada.context is not None
    with CaptureQueriesContext(connection) as consultas:
        guardada = client.get(url)
    assert guardada.context is None
    # One query: the generations (certames_invalidacao), read from the database.
    assert [q["sql"].count('"certames_invalidacao"') > 0
            for q in consultas.captured_queries] == [True]
    assert _sem_token(guardada.content) == _sem_token(renderizada.content)
    for cabecalho in ("Content-Type", "X-Frame-Options", "Content-Security-Policy",
                      "Content-Language", "Vary"):
        assert guardada[cabecalho] == renderizada[cabecalho]
    assert insc.numero.encode() in guardada.content


def test_acerto_sem_cookie_csrf_entrega_um_token_valido_e_o_cookie(client):
    insc, user = _candidato()
    client.force_login(user)
    url = reverse("portal:inscricao", args=[insc.pk])
    client.get(url)
    novo = Client(enforce_csrf_checks=True)
    novo.cookies[settings.SESSION_COOKIE_NAME] = client.cookies[settings.SESSION_COOKIE_NAME]
    guardada = novo.get(url)
    assert guardada.context is None
    assert settings.CSRF_COOKIE_NAME in guardada.cookies
    [token] = set(re.findall(rb'csrfmiddlewaretoken" value="([^"]+)"', guardada.content))
    # The menu's log-out form posts with the served token: accepted (a 403 would be CSRF).
    saida = novo.post(reverse("logout"), {"csrfmiddlewaretoken": token.decode()})
    assert saida.status_code == 302


def test_htmx_e_head_nao_usam_nem_guardam_de_forma_diferente(client):
    insc, user = _candidato()
    client.force_login(user)
    url = reverse("portal:inscricao", args=[insc.pk])
    client.get(url)
    assert client.get(url, headers={"HX-Request": "true"}).context is not None
    assert client.get(url).context is None


def test_sessao_de_rh_que_tambem_e_candidato_nao_e_guardada(client):
    insc, user = _candidato()
    user.groups.add(Group.objects.get(name=GRUPO_RH))
    client.force_login(user)
    url = reverse("portal:inscricao", args=[insc.pk])
    client.get(url)
    # RH powers shorten the session (comum.seguranca.SessaoCurtaMiddleware): every
    # request goes through it, none is served from the cache.
    assert client.get(url).context is not None
    assert not cache.get(cache_situacao._chave(user.pk, insc.pk))


def test_uma_escrita_renova_o_escopo_da_inscricao_e_o_do_certame(client):
    insc, user = _candidato()
    alheia = EtapaFactory(tipo=Etapa.Tipo.HETEROIDENTIFICACAO)  # another certame's
    client.force_login(user)
    url = reverse("portal:inscricao", args=[insc.pk])
    client.get(url)
    assert client.get(url).context is None
    EtapaFactory(certame=insc.certame, tipo=Etapa.Tipo.HETEROIDENTIFICACAO,
                 inicio=timezone.now() + dt.timedelta(days=30),
                 fim=timezone.now() + dt.timedelta(days=31))
    assert client.get(url).context is not None
    # Another certame's act leaves this page where it is.
    client.get(url)
    alheia.descricao = "Sala 2"
    alheia.save()
    assert client.get(url).context is None


def test_o_tempo_alcanca_o_limite_e_a_pagina_e_refeita(client, monkeypatch):
    insc, user = _candidato()
    client.force_login(user)
    url = reverse("portal:inscricao", args=[insc.pk])
    client.get(url)
    entrada = cache.get(cache_situacao._chave(user.pk, insc.pk))
    assert client.get(url).context is None
    monkeypatch.setattr(cache_situacao.time, "time", lambda: entrada["valido_ate"])
    assert client.get(url).context is not None


# --- exactness on the demo: the page does not change before the instant it was stored for ---


def _renderizar(client, user, url, instante, monkeypatch):
    """The page as rendered at `instante` (a fresh render), and until when it was stored."""
    monkeypatch.setattr(timezone, "now", lambda: instante)
    cache.clear()
    client.force_login(user)
    resposta = client.get(url)
    assert resposta.status_code == 200
    assert resposta.context is not None
    entrada = cache.get(cache_situacao._chave(user.pk, resposta.context["inscricao"].pk))
    return _sem_token(resposta.content), entrada["valido_ate"]


def test_na_demo_a_pagina_nao_muda_antes_do_limite_calculado(client, monkeypatch):
    carregar_demo()
    inscricoes = list(Inscricao.objects.filter(candidato__usuario__isnull=False)
                      .select_related("candidato__usuario").order_by("pk"))
    assert len(inscricoes) >= 3
    verificados = 0
    for insc in inscricoes:
        url = reverse("portal:inscricao", args=[insc.pk])
        etapas = list(insc.certame.etapas.order_by("inicio"))
        # Around every boundary of the schedule, and between them.
        instantes = sorted({i + d for e in etapas for i in (e.inicio, e.fim)
                            for d in (dt.timedelta(hours=-2), dt.timedelta(seconds=-1),
                                      dt.timedelta(0), dt.timedelta(seconds=1))})
        for instante in instantes[::3]:
            pagina, valido_ate = _renderizar(client, insc.candidato.usuario, url, instante,
                                             monkeypatch)
            fim = dt.datetime.fromtimestamp(valido_ate, tz=dt.UTC)
            assert fim > instante
            antes = fim - dt.timedelta(microseconds=1)
            if antes > instante:
                assert _renderizar(client, insc.candidato.usuario, url, antes,
                                   monkeypatch)[0] == pagina, (insc.numero, instante, fim)
                verificados += 1
    assert verificados >= 30


def _renderizar_painel(client, user, instante, monkeypatch):
    """The dashboard as rendered at `instante`, and until when it was stored (the log-in's
    last_login, equal to `instante` here, is set back: a past instant in real use)."""
    monkeypatch.setattr(timezone, "now", lambda: instante)
    cache.clear()
    client.force_login(user)
    type(user).objects.filter(pk=user.pk).update(last_login=None)
    resposta = client.get(reverse("portal:painel"))
    assert (resposta.status_code, resposta.context is not None) == (200, True)
    entrada = cache.get(cache_situacao._chave(user.pk, None))
    return _sem_token(resposta.content), entrada["valido_ate"]


def test_na_demo_o_painel_nao_muda_antes_do_limite_calculado(client, monkeypatch):
    carregar_demo()
    contas = {i.candidato.usuario for i in Inscricao.objects.filter(
        candidato__usuario__isnull=False).select_related("candidato__usuario")}
    verificados = 0
    for user in sorted(contas, key=lambda u: u.pk):
        etapas = Etapa.objects.filter(certame_id__in=Inscricao.objects.filter(
            candidato__usuario=user).values("certame_id"))
        instantes = sorted({i + d for e in etapas for i in (e.inicio, e.fim)
                            for d in (dt.timedelta(hours=-2), dt.timedelta(seconds=-1),
                                      dt.timedelta(0), dt.timedelta(seconds=1))})
        for instante in instantes[::5]:
            pagina, valido_ate = _renderizar_painel(client, user, instante, monkeypatch)
            fim = dt.datetime.fromtimestamp(valido_ate, tz=dt.UTC)
            assert fim > instante
            antes = fim - dt.timedelta(microseconds=1)
            if antes > instante:
                assert _renderizar_painel(client, user, antes, monkeypatch)[0] == pagina, (
                    user.username, instante, fim)
                verificados += 1
    assert verificados >= 20


# --- guard 1: every table the page reads renews it ------------------------------------------


def _tabela_do_modelo() -> dict[str, str]:
    tabelas = {m._meta.db_table: m._meta.label for m in apps.get_models()}
    for m in apps.get_models():
        for campo in m._meta.local_many_to_many:
            tabelas[campo.remote_field.through._meta.db_table] = m._meta.label
    return tabelas


def test_toda_tabela_lida_pelas_paginas_e_fonte_coberta_ou_isenta(client):
    carregar_demo()
    lidas: set[str] = set()
    for insc in Inscricao.objects.filter(candidato__usuario__isnull=False).select_related(
            "candidato__usuario"):
        # The status page of each inscrição with an account, and that account's dashboard
        # (the same mechanism: portal.views.inscricoes.PainelView).
        for url in (reverse("portal:inscricao", args=[insc.pk]), reverse("portal:painel")):
            cache.clear()
            client.force_login(insc.candidato.usuario)
            with CaptureQueriesContext(connection) as consultas:
                resposta = client.get(url)
            assert resposta.status_code == 200
            assert resposta.context is not None
            for q in consultas.captured_queries:
                lidas |= set(re.findall(r'(?:FROM|JOIN) "(\w+)"', q["sql"]))
    modelo = _tabela_do_modelo()
    fontes = set(cache_publico.FONTES) | set(cache_publico.FONTES_PRIVADAS)
    descobertas = {t: modelo.get(t) for t in lidas
                   if t not in cache_situacao.ISENTAS
                   and modelo.get(t) not in fontes | set(cache_publico.COBERTAS)
                   # auth.User.groups: renewed by m2m_changed (the account's scope)
                   and t != "auth_user_groups"}
    assert descobertas == {}
    # The guard sees what it guards: the page's main sources were read.
    assert {"candidatos_inscricao", "certames_etapa", "certames_publicacao",
            "certames_resumoclassificacao", "candidatos_leituraavisos"} <= lidas
    for coberta, fonte in cache_publico.COBERTAS.items():
        assert fonte in fontes, coberta


# --- guard 2: every write that sends no signal to a source is accounted for -----------------


#: (file, model, method) -> what renews the pages instead. A new bulk write or `.update()` on
#: a model the cached pages read fails this test until it is listed here with its reason.
SEM_SINAL = {
    ("candidatos/comprovante.py", "Inscricao", "update"):
        "only the receipt's file name, which no cached page shows",
    # (its bulk_update_with_history of Candidato and Inscricao names the model in a variable)
    ("candidatos/importacao/gravacao_orm.py", "Candidato", "bulk_create_with_history"):
        "the import's own act (certames.Ato, with its certame) renews the certame",
    ("candidatos/importacao/gravacao_orm.py", "Inscricao", "bulk_create_with_history"):
        "the import's own act renews the certame",
    ("candidatos/isencao/pagamento.py", "Inscricao", "bulk_update_with_history"):
        "the end of the payment deadline registers its act (with its certame) in the same "
        "transaction",
    ("provas/servicos.py", "DesempenhoPublicado", "bulk_create"):
        "written with its PublicacaoFase (a source), which renews the certame",
    ("provas/servicos.py", "Inscricao", "bulk_update_with_history"):
        "the final score written by a phase import, whose act (certames.Ato, with its "
        "certame) renews the certame in the same transaction",
    ("candidatos/isencao/verificacao.py", "PedidoIsencao", "bulk_update_with_history"):
        "the CadÚnico re-check renews each changed request's inscrição itself",
    ("candidatos/condicoes/decisao.py", "ItemDecisaoAtendimento", "bulk_create"):
        "written with its decision, whose act (certames.Ato, with its certame) renews it",
    ("candidatos/condicoes/recurso.py", "ItemDecisaoAtendimento", "bulk_create"):
        "written with its decision, whose act (certames.Ato, with its certame) renews it",
    ("comissoes/ata.py", "Sessao", "update"):
        "the minutes' file name, shown to RH and the committee only",
    ("certames/recalculo.py", "Cargo", "update"):
        "the recompute's bookkeeping (queued generation, timestamps), shown on no cached page",
    ("classificacao/listas.py", "Cargo", "update"):
        "the recompute's bookkeeping (computed generation, failures), shown on no cached page",
    ("certames/instantaneo.py", "ListaVersao", "bulk_create"):
        "a snapshot is read only through a publication, which renews the certame",
    ("classificacao/leitura.py", "ResumoClassificacao", "bulk_create"):
        "written by the publication, whose Publicacao row renews the certame, or, with a "
        "worker, batch by batch, each batch renewing the certame in its transaction "
        "(classificacao/preparo.py)",
    ("comissoes/dominio/convocacao.py", "Convocacao", "update"):
        "notificada_em, shown to RH only",
    ("nucleo/lotes.py", "ItemPublicado", "bulk_create"):
        "written with its PublicacaoResultado, which renews the certame",
    ("candidatos/declaracoes/privacidade.py", "Inscricao", "update"):
        "the purge renews every page (cache_publico.TODOS) in its transaction",
    ("candidatos/declaracoes/privacidade.py", "PedidoIsencao", "update"):
        "the purge renews every page (cache_publico.TODOS) in its transaction",
    ("portal/entrada.py", "User", "update"):
        "last_login at each log-in, shown on no cached page (\"Meus dados\" is rendered)",
}

METODOS = {"update", "bulk_create", "bulk_update"}
COM_HISTORICO = {"bulk_create_with_history", "bulk_update_with_history"}
PASTAS = PACOTES


def _raiz(no: ast.AST) -> str | None:
    while isinstance(no, (ast.Attribute, ast.Call, ast.Subscript)):
        no = no.func if isinstance(no, ast.Call) else no.value
    return no.id if isinstance(no, ast.Name) else None


def _escritas_sem_sinal(modelos: set[str]) -> set[tuple[str, str, str]]:
    achadas = set()
    for pasta in PASTAS:
        for arquivo in sorted((RAIZ / pasta).rglob("*.py")):
            relativo = arquivo.relative_to(RAIZ).as_posix()
            if ("/migrations/" in relativo or "/management/commands/bench_" in relativo
                    or relativo == "demo/carga.py"):
                continue  # migrations run before serving; benchmarks build their own data
            for no in ast.walk(ast.parse(arquivo.read_text(encoding="utf-8"))):
                if not isinstance(no, ast.Call):
                    continue
                if isinstance(no.func, ast.Attribute) and no.func.attr in METODOS:
                    raiz = _raiz(no.func.value)
                    if raiz in modelos:
                        achadas.add((relativo, raiz, no.func.attr))
                elif (isinstance(no.func, ast.Name) and no.func.id in COM_HISTORICO
                      and len(no.args) > 1 and isinstance(no.args[1], ast.Name)
                      and no.args[1].id in modelos):
                    achadas.add((relativo, no.args[1].id, no.func.id))
    return achadas


def test_toda_escrita_sem_sinal_numa_fonte_esta_justificada():
    rotulos = set(cache_publico.FONTES) | set(cache_publico.FONTES_PRIVADAS) | set(
        cache_publico.COBERTAS)
    modelos = {apps.get_model(r).__name__ for r in rotulos}
    assert _escritas_sem_sinal(modelos) == set(SEM_SINAL)

"""Published public pages served from the cache (comum/cache_publico.py).

A hit serves the same bytes with one query (its generations); signed-in users never get nor
fill a cached page; conditional requests get 304; the security headers are on hits too; every
act that changes a public page of a certame gives that certame (only that one) a new
generation.
"""

import datetime as dt
import html
import re
from decimal import Decimal

import pytest
from django.core.cache import cache
from django.core.checks import Error
from django.db import transaction
from django.http import HttpResponse
from django.test import RequestFactory, override_settings
from django.urls import reverse
from django.utils import timezone

from candidatos import chamadas
from candidatos.models import EstadoLista, SituacaoLista
from certames.models import (
    AnuncioSorteio,
    ArquivoPublicacao,
    Ato,
    AtoSituacaoCertame,
    Chamada,
    DestinoVagaSurgida,
    DocumentoPdf,
    EventoChamada,
    Feriado,
    Publicacao,
    Sorteio,
    VagaSurgida,
)
from classificacao.homologacao import homologar
from classificacao.listas import publicar, recalcular
from comissoes.models import Avaliacao, Comissao
from comum import cache_publico
from comum.cache_publico import (
    FONTES,
    CachePublicoMiddleware,
    escopo_certame,
    escopos_da_gravacao,
    verificar_cache_compartilhado,
)
from comum.models import Invalidacao
from editais.models import AtoEdital
from nucleo.models import ItemPublicado, PublicacaoResultado, Recurso
from provas.models import Fase, PublicacaoFase
from tests.certames.test_sorteio import SEMENTE, _anunciar, _edital, _sortear
from tests.comissoes.fabricas import membro
from tests.factories import (
    CandidatoFactory,
    CargoFactory,
    CertameFactory,
    EtapaFactory,
    InscricaoFactory,
    nomear,
)

pytestmark = pytest.mark.django_db

SEV = "severinia-lei3057-2026"
HOJE = timezone.localdate()


def _cargo(nomes=("Ana Maria Prado", "Bruno Costa", "Carla Dias")):
    """A Severínia cargo of 2 vacancies with three candidates, classified (not published)."""
    certame = CertameFactory(regime=SEV)
    cargo = CargoFactory(certame=certame, vagas=2, codigo="ADM")
    for i, nome in enumerate(nomes):
        InscricaoFactory(cargo=cargo, numero=f"00{i + 1}", nota=Decimal(90 - i), listas=[],
                         candidato=CandidatoFactory(nome=nome))
    return cargo


@pytest.fixture
def publicado(rh):
    cargo = _cargo()
    publicar(recalcular(cargo.pk), "preliminar", rh)
    return cargo


@pytest.fixture
def outro(rh):
    """Another certame with its own published cargo: its pages must stay cached."""
    cargo = _cargo(("Xavier Lopes", "Yara Nunes"))
    publicar(recalcular(cargo.pk), "preliminar", rh)
    return cargo


def _url(cargo, **params):
    url = reverse("cargo_publico", args=[cargo.certame_id, cargo.pk])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in params.items()) if params else "")


def _paginas(cargo) -> list[str]:
    c, k = cargo.certame_id, cargo.pk
    return [reverse("certame_publico", args=[c]), _url(cargo),
            reverse("ordem_nomeacao_publica", args=[c, k]),
            reverse("quadro_vagas_publico", args=[c, "csv"])]


def _so_as_geracoes(django_assert_num_queries):
    """A hit's SQL: one query, the generations (certames_invalidacao), nothing else."""
    from contextlib import contextmanager

    @contextmanager
    def contexto():
        with django_assert_num_queries(1) as consultas:
            yield consultas
        assert '"certames_invalidacao"' in consultas.captured_queries[0]["sql"]
    return contexto()


def _em_cache(client, django_assert_num_queries, url):
    """The page is answered from the cache: one query (its generations), no other SQL."""
    with _so_as_geracoes(django_assert_num_queries):
        resposta = client.get(url)
    assert resposta.status_code == 200
    return resposta


def _renderizada(client, url):
    """The page is rendered (a miss): SQL runs."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as consultas:
        resposta = client.get(url)
    assert resposta.status_code == 200
    assert _alem_das_geracoes(consultas) > 0, f"{url} veio do cache"
    return resposta


def _alem_das_geracoes(consultas) -> int:
    """How many queries other than the generations' read (a rendered page runs some)."""
    return len([q for q in consultas.captured_queries
                if '"certames_invalidacao"' not in q["sql"]])


def _texto(resposta) -> str:
    return html.unescape(resposta.content.decode())


# --- hits ---------------------------------------------------------------------------------


def test_acerto_serve_os_mesmos_bytes_e_cabecalhos_sem_sql(client, publicado,
                                                           django_assert_num_queries):
    for url in _paginas(publicado) + [reverse("inicio")]:
        primeira = _renderizada(client, url)
        segunda = _em_cache(client, django_assert_num_queries, url)
        assert segunda.content == primeira.content
        # Each answer carries its own request's id (operacao.registros), never the cached one's.
        primeiros, segundos = dict(primeira.headers), dict(segunda.headers)
        assert segundos.pop("X-Request-ID") != primeiros.pop("X-Request-ID")
        assert segundos == primeiros


def test_cabecalhos_no_acerto(client, publicado, django_assert_num_queries):
    url = _url(publicado)
    primeira = client.get(url)
    resposta = _em_cache(client, django_assert_num_queries, url)
    assert re.fullmatch(r'"[0-9a-f]{40}"', resposta["ETag"])  # strong (no W/)
    assert resposta["ETag"] == primeira["ETag"]
    assert resposta["Last-Modified"].endswith(" GMT")
    assert resposta["Cache-Control"] == "public, max-age=60, stale-while-revalidate=60"
    assert "Cookie" in resposta["Vary"]
    # The outer middlewares' headers (CSP, SecurityMiddleware) and the inner ones' stored.
    assert resposta["Content-Security-Policy"].startswith("default-src 'self'; script-src 'self'")
    assert resposta["X-Content-Type-Options"] == "nosniff"
    assert resposta["X-Frame-Options"] == "DENY"
    assert resposta["Content-Type"] == "text/html; charset=utf-8"
    assert "Set-Cookie" not in str(resposta.cookies) and not resposta.cookies


def test_head_sem_corpo_com_o_mesmo_etag(client, publicado, django_assert_num_queries):
    url = _url(publicado)
    get = client.get(url)
    with _so_as_geracoes(django_assert_num_queries):
        head = client.head(url)
    assert head.status_code == 200 and head.content == b""
    assert head["ETag"] == get["ETag"]
    assert int(head["Content-Length"]) == len(get.content)


def test_if_none_match_e_if_modified_since_dao_304(client, publicado,
                                                  django_assert_num_queries):
    url = _url(publicado)
    primeira = client.get(url)
    with _so_as_geracoes(django_assert_num_queries):
        r = client.get(url, HTTP_IF_NONE_MATCH=primeira["ETag"])
    assert r.status_code == 304 and r.content == b""
    assert r["ETag"] == primeira["ETag"]
    with _so_as_geracoes(django_assert_num_queries):
        r = client.get(url, HTTP_IF_MODIFIED_SINCE=primeira["Last-Modified"])
    assert r.status_code == 304 and r.content == b""
    r = client.get(url, HTTP_IF_NONE_MATCH='"0000"')
    assert r.status_code == 200 and r.content == primeira.content


# --- who is never served from the cache --------------------------------------------------------


def test_usuario_logado_nao_recebe_nem_preenche_o_cache(client, publicado, candidato_user,
                                                        django_assert_num_queries):
    url = _url(publicado)
    anonima = client.get(url)
    client.force_login(candidato_user)
    logado = _renderizada(client, url)
    assert "Usuário conectado:" in _texto(logado) and "Usuário conectado:" not in _texto(anonima)
    assert logado["Cache-Control"] == "private, no-store"
    assert "Cookie" in logado["Vary"] and "ETag" not in logado
    _renderizada(client, url)  # and again: never from the cache
    client.logout()
    cache.clear()
    client.force_login(candidato_user)
    client.get(url)  # a signed-in user's page is not stored for the others
    client.logout()
    anonimo = _renderizada(client, url)
    assert "Usuário conectado:" not in _texto(anonimo)


def test_cookie_de_mensagens_ou_credenciais_ignoram_o_cache(client, publicado):
    url = _url(publicado)
    client.get(url)
    client.cookies["messages"] = "x"
    _renderizada(client, url)
    del client.cookies["messages"]
    with pytest.raises(AssertionError, match="veio do cache"):
        _renderizada(client, url)
    _renderizada(client.__class__(HTTP_AUTHORIZATION="Basic eDp5"), url)


def _middleware(resposta):
    return CachePublicoMiddleware(lambda request: resposta)


@pytest.mark.parametrize("estragar", [
    lambda r: r.set_cookie("sessionid", "abc"),
    lambda r: r.__setitem__("Cache-Control", "no-store"),
    lambda r: r.__setitem__("Cache-Control", "private"),
    lambda r: setattr(r, "status_code", 302),
    lambda r: setattr(r, "status_code", 404),
], ids=["cookie", "no-store", "private", "302", "404"])
def test_respostas_que_nao_se_compartilham_nao_sao_guardadas(publicado, estragar):
    rf = RequestFactory()
    url = _url(publicado)
    ruim = HttpResponse(b"pessoal")
    estragar(ruim)
    assert _middleware(ruim)(rf.get(url)) is ruim
    # Not stored: the next anonymous request goes to the view.
    boa = HttpResponse(b"publica")
    assert _middleware(boa)(rf.get(url)).content == b"publica"
    assert _middleware(HttpResponse(b"outra"))(rf.get(url)).content == b"publica"


def test_post_e_paginas_fora_da_lista_nao_passam_pelo_cache(publicado):
    rf = RequestFactory()
    resposta = HttpResponse(b"x")
    assert _middleware(resposta)(rf.post(_url(publicado))) is resposta
    assert _middleware(resposta)(rf.get("/contas/login/")) is resposta
    assert _middleware(resposta)(rf.get(_url(publicado), HTTP_HX_REQUEST="true")) is resposta


def test_404_nao_e_guardado(client, publicado):
    url = reverse("certame_publico", args=[publicado.certame_id + 999])
    assert client.get(url).status_code == 404
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as consultas:
        assert client.get(url).status_code == 404
    # It went through the cache's lookup (its generations were read) and was rendered again.
    assert '"certames_invalidacao"' in consultas.captured_queries[0]["sql"]
    assert _alem_das_geracoes(consultas) > 0


def test_token_csrf_do_visitante_nao_vai_para_a_pagina_guardada(client, publicado):
    url = _url(publicado)
    client.get(reverse("login"))  # the visitor now holds a CSRF cookie
    segredo = client.cookies["csrftoken"].value
    resposta = client.get(url)
    html = resposta.content.decode()
    # The public pages post nothing: no token at all for anonymous visitors (base.html
    # writes htmx's CSRF header only for signed-in users) ...
    assert "X-CSRFToken" not in html and "csrfmiddlewaretoken" not in html
    # ... and, were a view to ask for one, it would get a throwaway secret, never the
    # visitor's (the middleware hides the visitor's cookie on a miss).
    assert segredo not in html
    assert "csrftoken" not in resposta.cookies  # the visitor keeps the cookie it had
    outro_visitante = client.__class__()
    assert outro_visitante.get(url).content == resposta.content


# --- keys: query, pages, search ------------------------------------------------------------------


def test_busca_abas_e_paginas_tem_chaves_proprias(client, publicado, django_assert_num_queries):
    urls = [_url(publicado, q="ana"), _url(publicado, q="bruno"), _url(publicado, page=2),
            _url(publicado, lista="convocacao"), _url(publicado)]
    conteudos = [_renderizada(client, u).content for u in urls]
    # Searches and tabs render different pages (page 2 of this short list is its last page,
    # the same as page 1, but it is still a key of its own: rendered once, then cached).
    assert len({c for u, c in zip(urls, conteudos, strict=True) if "page=" not in u}) == 4
    assert "Resultado da busca por “ana”" in html.unescape(conteudos[0].decode())
    assert "Resultado da busca por “bruno”" in html.unescape(conteudos[1].decode())
    for url, conteudo in zip(urls, conteudos, strict=True):
        assert _em_cache(client, django_assert_num_queries, url).content == conteudo
    # The parameters' order does not matter; an unknown parameter is never stored.
    base = reverse("cargo_publico", args=[publicado.certame_id, publicado.pk])
    client.get(base + "?q=ana&lista=AC")
    _em_cache(client, django_assert_num_queries, base + "?lista=AC&q=ana")
    client.get(base + "?utm=x")
    _renderizada(client, base + "?utm=x")


def test_json_com_endereco_absoluto_por_host(client, publicado):
    # The open-data JSON holds its own absolute URL: each host has its copy.
    url = reverse("quadro_vagas_publico", args=[publicado.certame_id, "json"])
    local = client.get(url, HTTP_HOST="localhost").content.decode()
    outro_host = _renderizada(client, url).content.decode()
    assert f"http://localhost{url}" in local and f"http://testserver{url}" in outro_host
    assert client.get(url, HTTP_HOST="localhost").content.decode() == local
    assert client.get(url, HTTP_HOST="intruso.example").status_code == 400


# --- invalidation: each source, only its certame -------------------------------------------------


def _antes(client, cargo, outro, url):
    """Fill the cache with this page and every page of the other certame."""
    antes = client.get(url)
    for u in _paginas(outro):
        client.get(u)
    return antes


def _so_o_outro_intacto(client, outro, django_assert_num_queries):
    for u in _paginas(outro):
        _em_cache(client, django_assert_num_queries, u)


def test_nova_publicacao_renova_so_o_seu_certame(client, rh, outro, django_assert_num_queries):
    cargo = _cargo()
    url = _url(cargo)
    antes = _antes(client, cargo, outro, url)
    assert "Ana Maria Prado" not in _texto(antes)
    publicar(recalcular(cargo.pk), "preliminar", rh)
    depois = _renderizada(client, url)
    assert "Ana Maria Prado" in _texto(depois)
    assert depois["ETag"] != antes["ETag"]
    _so_o_outro_intacto(client, outro, django_assert_num_queries)


def test_alteracao_do_certame_e_do_cargo_renova_o_inicio(client, publicado, outro,
                                                         django_assert_num_queries):
    certame = publicado.certame
    url = reverse("certame_publico", args=[certame.pk])
    _antes(client, publicado, outro, url)
    client.get(reverse("inicio"))
    certame.numero_edital = "77/2027"
    certame.save()
    assert "77/2027" in _texto(_renderizada(client, url))
    assert "77/2027" in _texto(_renderizada(client, reverse("inicio")))
    _so_o_outro_intacto(client, outro, django_assert_num_queries)
    CargoFactory(certame=certame, codigo="NOVO", nome="Cargo novo de motorista")
    assert "Cargo novo de motorista" in _texto(_renderizada(client, url))
    _renderizada(client, reverse("inicio"))
    _so_o_outro_intacto(client, outro, django_assert_num_queries)


def test_vagas_do_cargo_e_vaga_surgida_renovam_o_quadro(client, publicado, outro,
                                                        django_assert_num_queries):
    url = reverse("quadro_vagas_publico", args=[publicado.certame_id, "csv"])
    antes = _antes(client, publicado, outro, url).content.decode("utf-8-sig")
    VagaSurgida.objects.create(cargo=publicado, quantidade=3, data=HOJE, ato="Lei 9/2026")
    depois = _renderizada(client, url).content.decode("utf-8-sig")
    assert depois != antes
    _so_o_outro_intacto(client, outro, django_assert_num_queries)


def test_etapa_do_cronograma(client, publicado, outro, django_assert_num_queries):
    url = reverse("certame_publico", args=[publicado.certame_id])
    assert "Inscrições:" not in _texto(_antes(client, publicado, outro, url))
    EtapaFactory(certame=publicado.certame)
    assert "Inscrições:" in _texto(_renderizada(client, url))
    _so_o_outro_intacto(client, outro, django_assert_num_queries)


def test_publicacao_de_resultado_do_nucleo(client, rh, publicado, outro,
                                           django_assert_num_queries):
    certame = publicado.certame
    url = reverse("certame_publico", args=[certame.pk])
    link = reverse("isencao:resultado", args=[certame.pk, "preliminar"])
    assert link not in _antes(client, publicado, outro, url).content.decode()
    PublicacaoResultado.objects.create(certame=certame, procedimento="isencao",
                                       fase="preliminar", publicada_por=rh)
    assert link in _renderizada(client, url).content.decode()
    _so_o_outro_intacto(client, outro, django_assert_num_queries)


def test_homologacao_ato_renova_a_validade(client, rh, outro, django_assert_num_queries):
    publicado = _cargo()
    publicar(recalcular(publicado.pk), "final", rh)
    url = reverse("certame_publico", args=[publicado.certame_id])
    assert "Ainda não homologado" in _texto(_antes(client, publicado, outro, url))
    homologar(publicado.certame, data=HOJE, ato="Decreto 7/2026", autor=rh)
    assert f"Homologado em {HOJE:%d/%m/%Y}" in _texto(_renderizada(client, url))
    _so_o_outro_intacto(client, outro, django_assert_num_queries)


def test_chamada_e_evento_renovam_a_ordem_de_nomeacao(client, rh, outro,
                                                       django_assert_num_queries):
    cargo = _cargo()
    publicar(recalcular(cargo.pk), "final", rh)
    homologar(cargo.certame, data=HOJE - dt.timedelta(days=5), ato="Decreto 2/2026", autor=rh)
    url = reverse("ordem_nomeacao_publica", args=[cargo.certame_id, cargo.pk])
    assert "Ana Maria Prado" not in _texto(_antes(client, cargo, outro, url))
    chamadas.convocar(cargo, 1, prazo=HOJE + dt.timedelta(days=15), autor=rh)
    pagina = _renderizada(client, url)
    assert "Ana Maria Prado" in _texto(pagina)
    _so_o_outro_intacto(client, outro, django_assert_num_queries)
    nomear(Chamada.objects.get(cargo=cargo), rh)
    depois = _renderizada(client, url)
    assert depois.content != pagina.content
    _so_o_outro_intacto(client, outro, django_assert_num_queries)


def test_anuncio_e_sorteio_renovam_a_pagina_do_sorteio(client, rh, outro,
                                                       django_assert_num_queries):
    certame = _edital()
    url = reverse("sorteio_publico", args=[certame.pk])
    client.get(url)
    for u in _paginas(outro):
        client.get(u)
    _anunciar(certame, rh)
    assert 'id="sorteio-pendente"' in _renderizada(client, url).content.decode()
    _so_o_outro_intacto(client, outro, django_assert_num_queries)
    _sortear(certame, rh)
    assert SEMENTE in _renderizada(client, url).content.decode()
    _so_o_outro_intacto(client, outro, django_assert_num_queries)


def test_nome_do_candidato_nas_listas(client, publicado, outro, django_assert_num_queries):
    url = _url(publicado)
    _antes(client, publicado, outro, url)
    candidato = publicado.inscricoes.get(numero="001").candidato
    candidato.nome_social = "Aline Prado"
    candidato.save()
    assert "Aline Prado" in _texto(_renderizada(client, url))
    _so_o_outro_intacto(client, outro, django_assert_num_queries)


def test_orgao_renova_todas_as_paginas(client, publicado, outro):
    _antes(client, publicado, outro, _url(publicado))
    orgao = outro.certame.orgao
    orgao.nome = "Prefeitura Renomeada"
    orgao.save()
    for u in _paginas(outro) + _paginas(publicado):
        _renderizada(client, u)


def test_renovacao_vai_e_volta_com_a_transacao_do_ato(client, publicado,
                                                      django_assert_num_queries, rh):
    """The renewal is a row of the act's own transaction: rolled back with it, the pages
    stay (nothing they show changed); committed with it, they are renewed."""
    url = _url(publicado)
    client.get(url)
    antes = cache_publico.geracoes([escopo_certame(publicado.certame_id)])
    with pytest.raises(RuntimeError), transaction.atomic():
        PublicacaoResultado.objects.create(certame=publicado.certame, procedimento="isencao",
                                           fase="preliminar", publicada_por=rh)
        assert cache_publico.geracoes([escopo_certame(publicado.certame_id)]) != antes
        raise RuntimeError("o ato falhou")
    assert cache_publico.geracoes([escopo_certame(publicado.certame_id)]) == antes
    _em_cache(client, django_assert_num_queries, url)
    PublicacaoResultado.objects.create(certame=publicado.certame, procedimento="isencao",
                                       fase="preliminar", publicada_por=rh)
    _renderizada(client, url)


def _mundo(rh):
    """One instance of each source model (unsaved ones pointing by id: the resolver then
    reads the certame from the database), all of certame A."""
    cargo = _cargo()
    certame = cargo.certame
    inscricao = cargo.inscricoes.first()
    versao = recalcular(cargo.pk)
    vaga = VagaSurgida.objects.create(cargo=cargo, quantidade=1, data=HOJE, ato="Lei 1/2026")
    comissao = Comissao.objects.create(certame=certame, tipo=Comissao.Tipo.choices[0][0],
                                       nome="Comissão")
    pub = PublicacaoResultado.objects.create(certame=certame, procedimento="isencao",
                                             fase="preliminar", publicada_por=rh)
    chamada = Chamada(cargo_id=cargo.pk)
    fase = Fase.objects.create(cargo=cargo, ordem=1, codigo="P1", nome="Prova objetiva")
    return certame, {
        "certames.Orgao": certame.orgao,
        "certames.Feriado": Feriado(orgao=certame.orgao),
        "certames.Certame": certame,
        "certames.Cargo": cargo,
        "certames.Etapa": EtapaFactory.build(certame=certame),
        "certames.VagaSurgida": VagaSurgida(cargo_id=cargo.pk),
        "certames.DestinoVagaSurgida": DestinoVagaSurgida(vaga_surgida_id=vaga.pk),
        "certames.Ato": Ato(certame_id=certame.pk),
        "certames.Publicacao": Publicacao(versao_id=versao.pk),
        "certames.Chamada": chamada,
        "certames.EventoChamada": EventoChamada(chamada=chamada),
        "certames.DocumentoPdf": DocumentoPdf(certame_id=certame.pk, cargo_id=cargo.pk),
        "certames.ArquivoPublicacao": ArquivoPublicacao(publicacao=Publicacao.objects.create(
            versao=versao, tipo=Publicacao.Tipo.PRELIMINAR, publicada_por=rh)),
        "certames.AnuncioSorteio": AnuncioSorteio(certame_id=certame.pk),
        "certames.Sorteio": Sorteio(certame_id=certame.pk),
        "certames.AtoSituacaoCertame": AtoSituacaoCertame(certame_id=certame.pk),
        "nucleo.PublicacaoResultado": pub,
        "nucleo.ItemPublicado": ItemPublicado(publicacao_id=pub.pk),
        "nucleo.Recurso": Recurso(inscricao_id=inscricao.pk),
        "comissoes.Comissao": comissao,
        "comissoes.Avaliacao": Avaliacao(comissao_id=comissao.pk),
        "candidatos.Inscricao": inscricao,
        "candidatos.Candidato": inscricao.candidato,
        "provas.Fase": Fase(cargo_id=cargo.pk),
        "provas.PublicacaoFase": PublicacaoFase(fase_id=fase.pk),
        "editais.AtoEdital": AtoEdital(certame_id=certame.pk, tipo="publicacao", autor=rh),
        # a member of the committee (their name, where the committee publishes it)
        "auth.User": membro(comissao).usuario,
    }


def test_cada_fonte_renova_o_seu_certame(rh):
    _cargo()  # another certame: never among the scopes
    certame, instancias = _mundo(rh)
    assert set(instancias) == set(FONTES)
    esperado = {rotulo: {escopo_certame(certame.pk)} for rotulo in FONTES}
    esperado["certames.Orgao"] = {"todos"}
    # a day without office hours moves deadlines on the pages of every certame of its órgão
    esperado["certames.Feriado"] = {"todos"}
    esperado["certames.Certame"] |= {"inicio"}
    esperado["certames.Cargo"] |= {"inicio"}
    # a stage changes which certames are open for inscrição (the candidate's dashboard)
    esperado["certames.Etapa"] |= {"inicio"}
    assert {r: escopos_da_gravacao(i) for r, i in instancias.items()} == esperado


def test_cada_fonte_esta_ligada_aos_sinais():
    from django.apps import apps
    from django.db.models.signals import post_delete, post_save

    for rotulo in FONTES:
        modelo = apps.get_model(rotulo)
        for sinal in (post_save, post_delete):
            assert cache_publico._ao_gravar in [
                r for r in sinal._live_receivers(modelo)[0]], (rotulo, sinal)


def test_situacao_na_lista_nao_publicada_nao_renova(client, publicado, django_assert_num_queries):
    # Writes a public page does not show (a list state before any new publication) keep it.
    url = _url(publicado)
    client.get(url)
    SituacaoLista.objects.create(inscricao=publicado.inscricoes.first(), lista="PP",
                                 estado=EstadoLista.PENDENTE)
    _em_cache(client, django_assert_num_queries, url)


# --- settings ----------------------------------------------------------------------------------


LOCAL = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
REDIS = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                     "LOCATION": "redis://127.0.0.1:6379/1"}}


@override_settings(DEBUG=False, CACHES=LOCAL, CACHE_LOCAL_PERMITIDO=False)
def test_memoria_local_em_producao_impede_o_inicio():
    (erro,) = verificar_cache_compartilhado()
    assert isinstance(erro, Error) and erro.id == "certames.E001"
    assert "rediscache://" in erro.hint


@pytest.mark.parametrize(("ajustes"), [
    {"DEBUG": False, "CACHES": REDIS, "CACHE_LOCAL_PERMITIDO": False},
    {"DEBUG": True, "CACHES": LOCAL, "CACHE_LOCAL_PERMITIDO": False},
    {"DEBUG": False, "CACHES": LOCAL, "CACHE_LOCAL_PERMITIDO": True},
])
def test_redis_ou_desenvolvimento_sem_alerta(ajustes):
    with override_settings(**ajustes):
        assert verificar_cache_compartilhado() == []


def test_cache_url_do_ambiente():
    import environ

    assert environ.Env.cache_url_config("rediscache://127.0.0.1:6379/1") == REDIS["default"]
    assert environ.Env.cache_url_config("locmemcache://")["BACKEND"] == LOCAL["default"][
        "BACKEND"]


# --- the process's own memory in front of the shared cache ---------------------------------------


@override_settings(CACHE_PUBLICO_MEMORIA=5)
def test_memoria_do_processo_serve_sem_o_cache_compartilhado(client, publicado, outro,
                                                            django_assert_num_queries,
                                                            monkeypatch):
    url = _url(publicado)
    primeira = client.get(url)
    cache.clear()  # the shared cache lost everything: this process still has the page
    with django_assert_num_queries(0):
        assert client.get(url).content == primeira.content
    # An act in this process renews at once.
    EtapaFactory(certame=publicado.certame)
    _renderizada(client, url)


@override_settings(CACHE_PUBLICO_MEMORIA=5)
def test_ato_de_outro_processo_chega_depois_da_validade_local(client, publicado,
                                                              django_assert_num_queries,
                                                              monkeypatch):
    url = _url(publicado)
    client.get(url)
    # Another process (a Celery worker, another gunicorn worker) renews the certame: its row
    # reaches the database, not this process's memory.
    Invalidacao.objects.create(escopo=escopo_certame(publicado.certame_id))
    with django_assert_num_queries(0):  # trusted here for 5 s
        assert client.get(url).status_code == 200
    agora = cache_publico._relogio()
    monkeypatch.setattr(cache_publico, "_relogio", lambda: agora + 5.1)
    _renderizada(client, url)
    with django_assert_num_queries(0):
        assert client.get(url).status_code == 200


def test_memoria_do_processo_tem_limite(monkeypatch):
    monkeypatch.setattr(cache_publico, "MEMORIA_MAXIMA", 80)
    for i in range(10):
        cache_publico._guardar_local(f"k{i}", {"conteudo": b"x" * 10})
    assert list(cache_publico._paginas_locais) == [f"k{i}" for i in range(2, 10)]
    assert cache_publico._ocupado[0] == 80
    cache_publico._guardar_local("grande", {"conteudo": b"x" * 11})  # > 1/8 of the limit
    assert "grande" not in cache_publico._paginas_locais

"""A publication off the request (classificacao/preparo.py): RH's request records the act and
the job's status rows; the worker writes the candidates' summaries batch by batch and renders
the documents, stored once. Each state is checked by running the task's steps explicitly, with
a broker (not eager: nothing runs in-process) simulated by `com_worker`; what RH's page, the
public page and the candidate's page say at each step.

The cargo: Pirangi, 2 vacancies, three candidates in the open list (as
test_documentos_publicacao.py), the first with an account.
"""

from __future__ import annotations

import json
import re
from decimal import Decimal
from pathlib import Path

import pytest
from django.conf import settings
from django.core.signals import request_finished
from django.test import RequestFactory
from django.urls import reverse

from certames.models import (
    ArquivoPublicacao,
    Ato,
    PreparoPublicacao,
    Publicacao,
    ResumoClassificacao,
)
from classificacao import documentos, impressos, leitura, preparo
from classificacao.listas import publicar, publicar_todos, recalcular
from classificacao.tasks import gerar_arquivo_publicacao, gravar_resumos_publicacao
from comum import cache_publico
from config.celery import app
from tests.comissoes.fabricas import candidato_com_conta
from tests.factories import CargoFactory, CertameFactory, InscricaoFactory, usuario

pytestmark = pytest.mark.django_db


@pytest.fixture
def rh(db):
    return usuario("rh_preparo", "RH", staff=True)


@pytest.fixture
def cargo(db):
    certame = CertameFactory(numero_edital="12/2026", regime="pirangi-lei3056-2025")
    cargo = CargoFactory(certame=certame, vagas=2, codigo="ENF", nome="Enfermeiro")
    InscricaoFactory(cargo=cargo, numero="000001", nota=Decimal("95.5"),
                     candidato=candidato_com_conta("cand_preparo"))
    InscricaoFactory(cargo=cargo, numero="000002", nota=Decimal("80"))
    InscricaoFactory(cargo=cargo, numero="000003", nota=Decimal("70.25"))
    return cargo


@pytest.fixture
def com_worker(monkeypatch):
    """A broker configured: tasks are queued, not run in this process. Through monkeypatch,
    like `_tentar_aqui`: its undo stack restores the eager mode in order, whatever the order
    of the fixtures' teardown (a restore of its own ran before monkeypatch's and left every
    later test of the process without eager tasks)."""
    monkeypatch.setitem(app.conf, "task_always_eager", False)


def _tentar_aqui(monkeypatch):
    """From now on the task and its retries run here, one after the other (eager, errors kept
    in the result)."""
    monkeypatch.setitem(app.conf, "task_always_eager", True)
    monkeypatch.setitem(app.conf, "task_eager_propagates", False)


def _publicar(cargo, rh, capturar):
    """RH publishes with a worker configured; returns the publication and the callbacks queued
    for after the commit (not run: the worker's steps are run explicitly)."""
    with capturar(execute=False) as depois:
        publicacao = publicar(recalcular(cargo.pk), "preliminar", autor=rh)
    return publicacao, depois


def _progresso(client, rh, publicacao) -> str:
    client.force_login(rh)
    return client.get(reverse("painel:preparo_publicacao", args=[publicacao.pk])).content.decode()


def _url(pub, formato):
    cargo = pub.versao.cargo
    return reverse("publicacao_publica", args=[cargo.certame_id, cargo.pk, pub.pk, formato])


def _fazer_tudo(publicacao):
    preparo.gravar_resumos(publicacao.pk)
    for arquivo in ArquivoPublicacao.objects.filter(publicacao=publicacao):
        preparo.gerar_arquivo(arquivo.pk)


# --- RH's request ----------------------------------------------------------------------------


def test_a_publicacao_registra_o_ato_e_deixa_o_resto_para_o_worker(
        cargo, rh, com_worker, django_capture_on_commit_callbacks):
    publicacao, depois = _publicar(cargo, rh, django_capture_on_commit_callbacks)
    assert list(Publicacao.objects.values_list("pk", flat=True)) == [publicacao.pk]
    assert list(Ato.objects.filter(tipo="publicacao_preliminar").values_list(
        "objeto_id", flat=True)) == [str(publicacao.versao_id)]
    linha = PreparoPublicacao.objects.get(publicacao=publicacao)
    assert (linha.estado, linha.resumos_total, linha.resumos_gravados) == ("na_fila", 3, 0)
    assert ResumoClassificacao.objects.count() == 0
    assert sorted(ArquivoPublicacao.objects.values_list("tipo", "estado")) == sorted(
        (tipo, "na_fila") for tipo in preparo.TIPOS)
    # The summaries, 7 documents and the candidates' e-mail, queued after the commit (beside
    # the pages' renewal).
    assert len([f for f in depois if not isinstance(f, cache_publico.Renovacao)]) == 9
    estado = preparo.estado(publicacao)
    assert (estado.codigo, estado.texto) == (
        "publicado", "Publicado. Resumos dos candidatos e documentos na fila.")


def test_sem_broker_os_resumos_sao_gravados_na_propria_publicacao(cargo, rh):
    publicacao = publicar(recalcular(cargo.pk), "preliminar", autor=rh)
    assert ResumoClassificacao.objects.filter(versao=publicacao.versao).count() == 3
    estado = preparo.estado(publicacao)
    assert (estado.codigo, estado.gravados, estado.total, estado.documentos) == ("pronto", 3, 3, 0)
    # No document row: the documents are rendered at their first request, as before.
    assert ArquivoPublicacao.objects.count() == 0


# --- the summaries ---------------------------------------------------------------------------


def test_resumos_em_lotes_com_o_progresso_n_de_n(cargo, rh, com_worker, monkeypatch,
                                                 django_capture_on_commit_callbacks):
    publicacao, _depois = _publicar(cargo, rh, django_capture_on_commit_callbacks)
    monkeypatch.setattr(preparo, "LOTE_RESUMOS", 2)
    vistos = []
    original = leitura.gravar_linhas_resumo

    def gravar(linhas):
        estado = preparo.estado(publicacao)
        vistos.append((estado.codigo, estado.texto))
        return original(linhas)

    monkeypatch.setattr(leitura, "gravar_linhas_resumo", gravar)
    antes = cache_publico.geracoes([cache_publico.escopo_certame(cargo.certame_id)])
    assert preparo.gravar_resumos(publicacao.pk) == "gravado"
    assert vistos == [
        ("resumos", "Publicado. Resumos dos candidatos sendo gravados (0 de 3); documentos "
                    "prontos: 0 de 7."),
        ("resumos", "Publicado. Resumos dos candidatos sendo gravados (2 de 3); documentos "
                    "prontos: 0 de 7."),
    ]
    assert ResumoClassificacao.objects.filter(versao=publicacao.versao).count() == 3
    # The status pages read the summaries: the certame's generation was renewed.
    assert cache_publico.geracoes([cache_publico.escopo_certame(cargo.certame_id)]) != antes
    estado = preparo.estado(publicacao)
    assert (estado.codigo, estado.texto) == (
        "documentos", "Publicado. Resumos dos candidatos gravados (3); documentos sendo "
                      "gerados (0 de 7 prontos).")


def test_a_pagina_do_candidato_e_a_mesma_antes_e_depois_dos_resumos(
        client, cargo, rh, com_worker, django_capture_on_commit_callbacks):
    publicacao, _depois = _publicar(cargo, rh, django_capture_on_commit_callbacks)
    inscricao = cargo.inscricoes.get(numero="000001")
    client.force_login(inscricao.candidato.usuario)
    url = reverse("portal:inscricao", args=[inscricao.pk])

    def pagina():
        html = client.get(url).content.decode()
        return re.sub(r'(csrfmiddlewaretoken" value="|X-CSRFToken": ")[^"&]+', r"\1", html)

    # No summary yet: the position is read from the published snapshot itself.
    sem_resumo = pagina()
    assert "1º lugar" in sem_resumo
    preparo.gravar_resumos(publicacao.pk)
    assert ResumoClassificacao.objects.get(inscricao=inscricao).versao_id == publicacao.versao_id
    assert pagina() == sem_resumo


def test_resumos_de_uma_publicacao_superada_param(cargo, rh, com_worker,
                                                  django_capture_on_commit_callbacks):
    primeira, _d = _publicar(cargo, rh, django_capture_on_commit_callbacks)
    InscricaoFactory(cargo=cargo, numero="000004", nota=Decimal("99"))
    segunda, _d = _publicar(cargo, rh, django_capture_on_commit_callbacks)
    assert preparo.gravar_resumos(primeira.pk) == "superado"
    assert ResumoClassificacao.objects.count() == 0
    assert preparo.gravar_resumos(segunda.pk) == "gravado"
    assert set(ResumoClassificacao.objects.values_list("versao_id", flat=True)) == {
        segunda.versao_id}


def test_falha_dos_resumos_e_tentada_de_novo_e_mostrada(client, cargo, rh, com_worker,
                                                       monkeypatch,
                                                       django_capture_on_commit_callbacks):
    publicacao, _d = _publicar(cargo, rh, django_capture_on_commit_callbacks)

    def quebrado(versao):
        raise RuntimeError("banco indisponível")

    monkeypatch.setattr(leitura, "linhas_resumo", quebrado)
    _tentar_aqui(monkeypatch)
    gravar_resumos_publicacao.apply(args=[publicacao.pk], throw=False)
    linha = PreparoPublicacao.objects.get(publicacao=publicacao)
    assert (linha.estado, linha.tentativas, linha.desistiu, linha.falha) == (
        "falhou", preparo.TENTATIVAS, True, "RuntimeError: banco indisponível")
    estado = preparo.estado(publicacao)
    assert estado.codigo == "falhou"
    assert estado.falhas == ["Resumos dos candidatos: RuntimeError: banco indisponível"]
    html = _progresso(client, rh, publicacao)
    assert 'data-preparo="falhou"' in html
    assert "RuntimeError: banco indisponível" in html
    assert "hx-get" not in html  # nothing more to wait for


# --- the documents ---------------------------------------------------------------------------


def test_documento_na_fila_pronto_e_servido_do_armazenamento(
        client, cargo, rh, com_worker, monkeypatch, django_capture_on_commit_callbacks):
    publicacao, _d = _publicar(cargo, rh, django_capture_on_commit_callbacks)
    # Queued: the download is the waiting page, never stored.
    espera = client.get(_url(publicacao, "pdf"))
    assert "O PDF está sendo gerado" in espera.content.decode()
    assert espera["Cache-Control"] == "no-store"
    esperado = client.get(_url(publicacao, "csv"))
    assert "O documento está sendo gerado" in esperado.content.decode()
    arquivo = ArquivoPublicacao.objects.get(publicacao=publicacao, tipo="lista_pdf")
    assert preparo.gerar_arquivo(arquivo.pk) == "pronto"
    arquivo.refresh_from_db()
    assert (arquivo.estado, arquivo.tentativas) == ("pronto", 1)
    with arquivo.arquivo.open("rb") as aberto:
        guardado = aberto.read()
    assert guardado.startswith(b"%PDF-")

    # Served from storage: nothing is rendered or computed in the request.
    def proibido(*args, **kwargs):
        raise AssertionError("renderizado na requisição")

    monkeypatch.setattr(impressos, "renderizar", proibido)
    monkeypatch.setattr(documentos, "conteudo_publicacao", proibido)
    resposta = client.get(_url(publicacao, "pdf"))
    # Streamed from the file (sendfile under gunicorn), public for a shared cache.
    assert resposta.streaming
    assert (resposta.status_code, resposta["Content-Type"],
            b"".join(resposta.streaming_content)) == (200, "application/pdf", guardado)
    assert resposta["Content-Disposition"] == (
        f'attachment; filename="lista-ENF-preliminar-{publicacao.pk}.pdf"')
    idade = settings.CACHE_PUBLICO_MAX_AGE
    assert resposta["Cache-Control"] == f"public, max-age={idade}, stale-while-revalidate={idade}"
    # A second request: the same bytes.
    assert b"".join(client.get(_url(publicacao, "pdf")).streaming_content) == guardado


def test_dados_abertos_guardados_sao_os_de_antes(client, cargo, rh, com_worker,
                                                 django_capture_on_commit_callbacks):
    publicacao, _d = _publicar(cargo, rh, django_capture_on_commit_callbacks)
    conteudo = documentos.conteudo_publicacao(publicacao, publica=True)
    for arquivo in ArquivoPublicacao.objects.filter(
            publicacao=publicacao, tipo__in=["lista_csv", "lista_json", "convocacao_csv"]):
        preparo.gerar_arquivo(arquivo.pk)
    nome = documentos.nome_publicacao(publicacao)
    csv = client.get(_url(publicacao, "csv"))
    assert b"".join(csv.streaming_content) == documentos.resposta_csv(
        nome, documentos.COLUNAS_LISTAS, documentos.linhas_listas(conteudo)).content
    assert csv["Content-Disposition"] == f'attachment; filename="{nome}.csv"'
    url_json = _url(publicacao, "json")
    dados = json.loads(client.get(url_json).content)
    assert dados == documentos.dados_publicacao(conteudo, "http://testserver" + url_json)
    convocacao = client.get(reverse("publicacao_convocacao_publica", args=[
        cargo.certame_id, cargo.pk, publicacao.pk]))
    assert b"".join(convocacao.streaming_content) == documentos.resposta_csv(
        f"{nome}-convocacao", documentos.COLUNAS_CONVOCACAO,
        documentos.linhas_convocacao(conteudo)).content


def test_falha_do_documento_e_tentada_de_novo(cargo, rh, com_worker, monkeypatch,
                                              django_capture_on_commit_callbacks):
    publicacao, _d = _publicar(cargo, rh, django_capture_on_commit_callbacks)
    arquivo = ArquivoPublicacao.objects.get(publicacao=publicacao, tipo="lista_csv")
    falhas = []
    original = preparo._dados

    def uma_falha(a):
        if not falhas:
            falhas.append(1)
            raise OSError("disco cheio")
        return original(a)

    monkeypatch.setattr(preparo, "_dados", uma_falha)
    _tentar_aqui(monkeypatch)
    gerar_arquivo_publicacao.apply(args=[arquivo.pk], throw=False)
    arquivo.refresh_from_db()
    assert (arquivo.estado, arquivo.tentativas, arquivo.falha, arquivo.desistiu) == (
        "pronto", 2, "", False)


def test_falha_definitiva_do_documento_e_mostrada(client, cargo, rh, com_worker, monkeypatch,
                                                  django_capture_on_commit_callbacks):
    publicacao, _d = _publicar(cargo, rh, django_capture_on_commit_callbacks)
    preparo.gravar_resumos(publicacao.pk)
    arquivo = ArquivoPublicacao.objects.get(publicacao=publicacao, tipo="lista_pdf")

    def sempre(a):
        raise OSError("weasyprint ausente")

    monkeypatch.setattr(preparo, "_pdf", sempre)
    _tentar_aqui(monkeypatch)
    gerar_arquivo_publicacao.apply(args=[arquivo.pk], throw=False)
    arquivo.refresh_from_db()
    assert (arquivo.estado, arquivo.tentativas, arquivo.desistiu) == (
        "falhou", preparo.TENTATIVAS, True)
    estado = preparo.estado(publicacao)
    assert (estado.codigo, estado.falhas) == (
        "falhou", ["Listas publicadas (PDF): OSError: weasyprint ausente"])
    html = _progresso(client, rh, publicacao)
    assert '<li data-arquivo="lista_pdf" data-estado="falhou">' in html
    # The public page links it and its URL renders it per request (the worker gave up; the
    # public never waits for a document nobody prepares).
    client.logout()
    pagina = client.get(reverse("cargo_publico", args=[cargo.certame_id, cargo.pk]))
    assert f'<a href="{_url(publicacao, "pdf")}">PDF</a>' in pagina.content.decode()
    monkeypatch.setitem(app.conf, "task_eager_propagates", True)
    with django_capture_on_commit_callbacks(execute=True):
        espera = client.get(_url(publicacao, "pdf"))
    assert "O PDF está sendo gerado" in espera.content.decode()
    resposta = client.get(_url(publicacao, "pdf"))
    assert b"".join(resposta.streaming_content).startswith(b"%PDF-")


# --- the pages at each step ------------------------------------------------------------------


def test_pagina_do_rh_a_cada_passo(client, cargo, rh, com_worker,
                                   django_capture_on_commit_callbacks):
    publicacao, _d = _publicar(cargo, rh, django_capture_on_commit_callbacks)
    url = reverse("painel:preparo_publicacao", args=[publicacao.pk])
    html = _progresso(client, rh, publicacao)
    assert 'data-preparo="publicado"' in html
    assert f'hx-get="{url}"' in html
    assert "Resumos dos candidatos (página de situação da inscrição): 0 de 3 gravados." in html
    assert 'aria-valuenow="0"' in html
    preparo.gravar_resumos(publicacao.pk)
    html = _progresso(client, rh, publicacao)
    assert 'data-preparo="documentos"' in html
    assert "Resumos dos candidatos (página de situação da inscrição): 3 de 3 gravados." in html
    assert "Documentos: 0 de 7 prontos." in html
    assert 'aria-valuenow="50"' in html
    for arquivo in ArquivoPublicacao.objects.filter(publicacao=publicacao):
        preparo.gerar_arquivo(arquivo.pk)
    html = _progresso(client, rh, publicacao)
    assert 'data-preparo="pronto"' in html
    assert "Publicado. Resumos dos candidatos gravados e documentos prontos." in html
    assert 'aria-valuenow="100"' in html
    assert "hx-get" not in html
    # RH's cargo page carries the same fragment.
    cargo_rh = client.get(reverse("painel:cargo", args=[cargo.pk])).content.decode()
    assert 'id="preparo-publicacao" class="card mb-3" data-preparo="pronto"' in cargo_rh


def test_pagina_publica_diz_em_preparacao_ate_o_documento_ficar_pronto(
        client, cargo, rh, com_worker, django_capture_on_commit_callbacks):
    publicacao, _d = _publicar(cargo, rh, django_capture_on_commit_callbacks)
    pagina = reverse("cargo_publico", args=[cargo.certame_id, cargo.pk])
    fragmento = reverse("publicacao_documentos_publica",
                        args=[cargo.certame_id, cargo.pk, publicacao.pk])
    html = client.get(pagina).content.decode()
    assert "PDF (em preparação)" in html
    assert f'hx-get="{fragmento}" hx-trigger="every 5s"' in html
    assert f'href="{_url(publicacao, "pdf")}"' not in html
    _fazer_tudo(publicacao)
    # The stored document renewed the certame's pages: the fragment and the page link it.
    for url in (fragmento, pagina):
        html = client.get(url).content.decode()
        assert "em preparação" not in html
        assert "hx-get" not in html
        for formato in ("pdf", "csv", "json"):
            assert f'href="{_url(publicacao, formato)}"' in html


# --- "Publicar todos": RH's certame page ----------------------------------------------------


def _segundo_cargo(cargo):
    outro = CargoFactory(certame=cargo.certame, vagas=1, codigo="MED", nome="Médico")
    InscricaoFactory(cargo=outro, numero="000101", nota=Decimal("88"))
    InscricaoFactory(cargo=outro, numero="000102", nota=Decimal("77"))
    return outro


def _cartao(client, certame) -> str:
    return client.get(reverse("painel:preparo_certame", args=[certame.pk])).content.decode()


def test_pagina_do_certame_acompanha_a_preparacao_de_todos_os_cargos(
        client, cargo, rh, com_worker, django_capture_on_commit_callbacks):
    outro = _segundo_cargo(cargo)
    certame = cargo.certame
    for c in (cargo, outro):
        recalcular(c.pk)
    with django_capture_on_commit_callbacks(execute=False):
        publicacoes = publicar_todos(certame, "preliminar", rh)
    client.force_login(rh)
    url = reverse("painel:preparo_certame", args=[certame.pk])
    pagina = client.get(reverse("painel:certame", args=[certame.pk])).content.decode()
    assert 'data-preparo-certame="andamento"' in pagina and f'hx-get="{url}"' in pagina
    html = _cartao(client, certame)
    assert re.findall(r'data-cargo="(\w+)" data-preparo="(\w+)"', html) == [
        ("ENF", "publicado"), ("MED", "publicado")]
    enf = next(p for p in publicacoes if p.versao.cargo_id == cargo.pk)
    _fazer_tudo(enf)
    html = _cartao(client, certame)
    assert re.findall(r'data-cargo="(\w+)" data-preparo="(\w+)"', html) == [
        ("ENF", "pronto"), ("MED", "publicado")]
    assert f'hx-get="{url}"' in html
    _fazer_tudo(next(p for p in publicacoes if p.pk != enf.pk))
    html = _cartao(client, certame)
    # The last answer of the polling: nothing under way, no more polling, the card empties.
    assert 'data-preparo-certame="terminado"' in html and "hx-get" not in html
    assert "data-cargo" not in html
    pagina = client.get(reverse("painel:certame", args=[certame.pk])).content.decode()
    assert 'id="preparo-certame"' not in pagina


def test_cartao_do_certame_le_todos_os_cargos_em_consultas_fixas(
        client, cargo, rh, com_worker, django_capture_on_commit_callbacks,
        django_assert_max_num_queries):
    outro = _segundo_cargo(cargo)
    for c in (cargo, outro):
        recalcular(c.pk)
    with django_capture_on_commit_callbacks(execute=False):
        publicar_todos(cargo.certame, "preliminar", rh)
    assert preparo.do_certame(cargo.certame_id)[0][1].codigo == "publicado"
    with django_assert_max_num_queries(3):  # publications, their rows, their documents
        preparos = preparo.do_certame(cargo.certame_id)
    assert [(p.versao.cargo.codigo, e.documentos) for p, e in preparos] == [("ENF", 7),
                                                                            ("MED", 7)]


def _arquivo_de(publicacao, tipo="lista_pdf"):
    arquivo = ArquivoPublicacao.objects.get(publicacao=publicacao, tipo=tipo)
    with arquivo.arquivo.open("rb") as aberto:
        return arquivo, aberto.read()


def test_documento_pronto_servido_do_disco_sem_consultas(
        client, cargo, rh, com_worker, django_capture_on_commit_callbacks,
        django_assert_num_queries):
    """Once the worker has a document ready, its first request is served from disk: the file
    entry the worker stored (`preparo.anunciar`), with no query, no view."""
    publicacao, _d = _publicar(cargo, rh, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        _fazer_tudo(publicacao)
    _arquivo, guardado = _arquivo_de(publicacao)
    with django_assert_num_queries(0):
        resposta = client.get(_url(publicacao, "pdf"))
        corpo = b"".join(resposta.streaming_content)
    assert (resposta.status_code, resposta["Content-Type"], corpo) == (
        200, "application/pdf", guardado)
    assert resposta["Content-Disposition"] == (
        f'attachment; filename="lista-ENF-preliminar-{publicacao.pk}.pdf"')
    assert resposta["X-Content-Type-Options"] == "nosniff"
    assert resposta["Vary"] == "Cookie"
    # The CSV and the call order the same way; the JSON (its own URL inside) is a page.
    csv = ArquivoPublicacao.objects.get(publicacao=publicacao, tipo="lista_csv")
    convocacao = reverse("publicacao_convocacao_publica",
                         args=[cargo.certame_id, cargo.pk, publicacao.pk])
    with django_assert_num_queries(0):
        assert b"".join(client.get(_url(publicacao, "csv")).streaming_content) == (
            csv.arquivo.open("rb").read())
        assert client.get(convocacao)["Content-Type"] == "text/csv; charset=utf-8"
    assert not client.get(_url(publicacao, "json")).streaming


def test_documento_servido_pela_view_guarda_a_entrada(
        client, cargo, rh, com_worker, django_capture_on_commit_callbacks,
        django_assert_num_queries):
    """A ready document whose entry is not in the cache (the cache emptied, another
    machine's worker): the view serves it and stores the entry; the next request reads
    nothing, with the same answer."""
    publicacao, _d = _publicar(cargo, rh, django_capture_on_commit_callbacks)
    _fazer_tudo(publicacao)  # its commit callbacks not run: no entry stored
    _arquivo, guardado = _arquivo_de(publicacao)
    # The view's own answer is dropped without ending the request (request_finished would
    # close the database connection in the middle of it): the signal is sent once.
    fins = []

    def fim(**kwargs):
        fins.append(1)

    request_finished.connect(fim)
    try:
        primeira = client.get(_url(publicacao, "pdf"))
        corpo_primeira = b"".join(primeira.streaming_content)
    finally:
        request_finished.disconnect(fim)
    assert len(fins) == 1
    with django_assert_num_queries(0):
        segunda = client.get(_url(publicacao, "pdf"))
        corpo = b"".join(segunda.streaming_content)
    assert corpo_primeira == corpo == guardado
    def cabecalhos(resposta):
        return {k: v for k, v in resposta.items() if k not in ("Date", "X-Request-ID")}

    assert cabecalhos(primeira) == cabecalhos(segunda)
    # A conditional request: 304 without the file.
    with django_assert_num_queries(0):
        nao_mudou = client.get(_url(publicacao, "pdf"), HTTP_IF_NONE_MATCH=segunda["ETag"])
    assert (nao_mudou.status_code, nao_mudou.content) == (304, b"")
    cabeca = client.head(_url(publicacao, "pdf"))
    assert (cabeca.status_code, cabeca["Content-Length"]) == (200, str(len(guardado)))


def test_entrada_nao_serve_outra_url_nem_arquivo_apagado(
        client, cargo, rh, com_worker, django_capture_on_commit_callbacks):
    """The entry belongs to its URL: the same publication under another cargo is a 404, as
    before; a file gone from disk drops the entry and the view answers."""
    publicacao, _d = _publicar(cargo, rh, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        _fazer_tudo(publicacao)
    outro = CargoFactory(certame=cargo.certame, codigo="MED")
    alheia = reverse("publicacao_publica",
                     args=[cargo.certame_id, outro.pk, publicacao.pk, "pdf"])
    assert client.get(alheia).status_code == 404
    arquivo, _g = _arquivo_de(publicacao, "lista_csv")
    chave = cache_publico._chave_arquivo(_url(publicacao, "csv"))
    assert cache_publico.cache.get(chave)["arquivo"] == arquivo.arquivo.path
    Path(arquivo.arquivo.path).unlink()
    assert cache_publico._servir_arquivo(RequestFactory().get(_url(publicacao, "csv"))) is None
    assert cache_publico.cache.get(chave) is None


def test_visitante_com_sessao_nao_recebe_a_entrada(
        client, cargo, rh, com_worker, django_capture_on_commit_callbacks,
        django_assert_max_num_queries):
    """A signed-in visitor's request goes through the view (never the shared answer)."""
    publicacao, _d = _publicar(cargo, rh, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        _fazer_tudo(publicacao)
    client.force_login(rh)
    resposta = client.get(_url(publicacao, "pdf"))
    assert resposta.status_code == 200
    assert "stale-while-revalidate" not in resposta["Cache-Control"]


def test_documento_pronto_servido_em_consultas_fixas(
        client, cargo, rh, com_worker, django_capture_on_commit_callbacks,
        django_assert_num_queries):
    """A ready document whose file entry is not stored costs the page cache's generations
    and its certame, the publication and the document's row with its name's parts: four
    queries, whatever the list's size (then none: the entry is stored)."""
    publicacao, _d = _publicar(cargo, rh, django_capture_on_commit_callbacks)
    _fazer_tudo(publicacao)
    with django_assert_num_queries(4):
        resposta = client.get(_url(publicacao, "pdf"))
        assert b"".join(resposta.streaming_content).startswith(b"%PDF-")

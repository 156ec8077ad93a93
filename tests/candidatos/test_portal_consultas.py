"""The candidate's own pages read a fixed number of queries: the status
page and the dashboard of an inscrição with an exemption request (both results published), a
committee result with an appeal and a published classification take exactly the same number
of queries whatever the number of candidates in the cargo, of committee batches published in
the certame or of publications of the classification. The counts are the request's own:
session, user, groups, the candidate and the inscrição included."""

import datetime as dt
import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from candidatos.models import PedidoIsencao
from certames.models import Publicacao, VersaoClassificacao
from classificacao.listas import publicar
from comissoes.dominio.recursos import apresentar_recurso
from comissoes.dominio.resultados import publicar_resultado_preliminar
from nucleo.models import ItemPublicado, PublicacaoResultado
from portal import avisos, situacao
from tests import instantaneo_apoio
from tests.comissoes.fabricas import avaliacao, cenario, julgar
from tests.factories import InscricaoFactory

pytestmark = pytest.mark.django_db

RAZOES = "A comissão desconsiderou meus traços fenotípicos; junto fotografias e laudo."

#: The status page: session, user, groups, candidate (the guard), the inscrição, what kinds
#: of rows it has (one probe; no list state here, so none read), the exemption request, its
#: batch's preliminary and final publications, the schedule, the committee evaluations,
#: their batch items, the batches' final publications, the appeals, their attachments, the
#: appeals' rulings, the kernel's own look at the appeal (`nucleo.recursos`), the
#: publications of the classification (with the candidate's summary and own exclusions),
#: the retificações; and, first, the inscrição's certame and the page cache's generations
#: (one read of `comum.Invalidacao` for the certame, the inscrição and the account,
#: before the page's data: candidatos/cache_situacao.py).
CONSULTAS_STATUS = 21
#: The same page served from the cache (candidatos/cache_situacao.py): one query, the
#: generations of `comum.Invalidacao` that prove the stored page is current (the session
#: is read from the cache, `cached_db`; the account is checked by the session's hash).
CONSULTAS_STATUS_GUARDADA = 1
#: The dashboard: the same reading per inscrição (the probe an annotation of the list, the
#: exemption request joined to it) plus the notices' last visit and the certames open for
#: inscrição; no retificações, and no special conditions' request where the probe found none
#: (its notices are read only when one exists). The exemption's appeal is
#: not read again: the windows come from the status (`candidatos.janelas`), which knows it
#: from the published final result. Rendered to be stored (candidatos/cache_situacao.py),
#: it first reads the account's inscrições and certames and their generations (2 queries),
#: and at the end the next start or end of inscrições of any certame (its limit: 1).
CONSULTAS_PAINEL = 21


def _versao(cargo, numero, posicoes, exclusoes=()):
    v = VersaoClassificacao.objects.create(
        cargo=cargo, numero=numero, geracao=numero, causa="teste", hash_entrada=f"h{numero}",
        regime=cargo.certame.regime, vagas=cargo.vagas, distribuicao={"AC": 1, "PP": 1},
        exclusoes=list(exclusoes))
    instantaneo_apoio.gravar(v, posicoes)
    return v


def _isencao(inscricao, rh):
    pedido = PedidoIsencao.objects.create(
        inscricao=inscricao, tipo=PedidoIsencao.Tipo.CADUNICO, nis="12345678901",
        solicitado_em=timezone.now(), resultado_preliminar=PedidoIsencao.Resultado.INDEFERIDO,
        motivo_preliminar="Renda per capita acima de meio salário mínimo.",
        resultado_final=PedidoIsencao.Resultado.DEFERIDO,
        motivo_final="Recurso provido: cadastro atualizado.")
    for fase in ("preliminar", "final"):
        pub = PublicacaoResultado.objects.create(
            certame=inscricao.certame, procedimento="isencao", fase=fase, lote=1,
            publicada_por=rh)
        if fase == "preliminar":
            ItemPublicado.objects.create(publicacao=pub, procedimento="isencao",
                                         objeto_id=pedido.pk, inscricao_id=inscricao.pk)
    return pedido


@pytest.fixture
def mundo():
    """One inscrição with everything the status page shows: the exemption (both results
    published), the heteroidentification's preliminary result (batch 1) with the
    candidate's appeal, and the classification published."""
    c = cenario()
    _isencao(c.inscricao, c.rh)
    apresentar_recurso(c.avaliacao, autor=c.user, texto=RAZOES)
    v = _versao(c.cargo, 1, [("AC", 1, c.inscricao, False), ("PP", 1, c.inscricao, True)])
    publicar(v, Publicacao.Tipo.PRELIMINAR, c.rh)
    return c


def _mais_candidatos_e_lotes(c, n):
    """`n` more candidates in the cargo, a new classification published with all of them
    (and an exclusion of someone else), and `n` more committee batches of other candidates."""
    outras = [InscricaoFactory(cargo=c.cargo, listas=["PP"]) for _ in range(n)]
    v = _versao(c.cargo, 2, [("AC", 1, c.inscricao, False), ("PP", 1, c.inscricao, True)]
                + [("AC", i + 2, o, False) for i, o in enumerate(outras)],
                exclusoes=[{"inscricao": outras[0].numero, "motivo": "desistente",
                            "lista": None, "descricao": "desistente", "fundamento": "x"}])
    publicar(v, Publicacao.Tipo.PRELIMINAR, c.rh)
    for outra in outras:
        julgar(avaliacao(c.comissao, inscricao=outra), c.membros, 5)
        publicar_resultado_preliminar(c.certame, autor=c.rh)
    return outras


def _sem_token(html: bytes) -> bytes:
    """The page without its CSRF token (masked anew on every request)."""
    return re.sub(rb'(csrfmiddlewaretoken" value="|X-CSRFToken": ")[^"&]+', rb"\1", html)


def _consultas(client, url):
    client.get(url)  # warm caches outside the count (the session's first write, etc.)
    cache.clear()  # count the page rendered, not served from the cache
    with CaptureQueriesContext(connection) as consultas:
        resposta = client.get(url)
    assert resposta.status_code == 200
    return len(consultas), resposta


def test_status_com_isencao_comissao_e_classificacao_em_consultas_fixas(client, mundo):
    c = mundo
    client.force_login(c.user)
    url = reverse("portal:inscricao", args=[c.inscricao.pk])
    antes, resposta = _consultas(client, url)
    s = resposta.context["s"]
    # Everything is on the page: what is counted is the full reading.
    assert (s.isencao_preliminar.resultado, s.isencao_final.resultado) == (
        "indeferido", "deferido")
    [r] = s.resultados_comissoes
    [item] = r.itens
    assert (item.lote, item.situacao_recurso) == (1, "em_julgamento")
    assert [(p.lista, p.posicao) for p in s.classificacao.posicoes] == [("AC", 1), ("PP", 1)]
    assert antes == CONSULTAS_STATUS

    outras = _mais_candidatos_e_lotes(c, 6)
    depois, resposta = _consultas(client, url)
    s = resposta.context["s"]
    assert s.classificacao.versao.numero == 2
    assert len(s.publicacoes_classificacao) == 2
    assert s.classificacao.exclusoes == []  # someone else's exclusion is not shown
    assert PublicacaoResultado.objects.filter(certame=c.certame, fase="preliminar",
                                              procedimento="heteroidentificacao").count() == 7
    assert len(outras) == 6
    assert depois == CONSULTAS_STATUS

    # Served from the cache: the same bytes, read with the session and the account only.
    with CaptureQueriesContext(connection) as consultas:
        guardada = client.get(url)
    assert guardada.context is None  # no template rendered
    assert len(consultas) == CONSULTAS_STATUS_GUARDADA
    assert _sem_token(guardada.content) == _sem_token(client.get(url).content)
    assert _sem_token(guardada.content) == _sem_token(resposta.content)


def test_painel_em_consultas_fixas(client, mundo):
    c = mundo
    client.force_login(c.user)
    url = reverse("portal:painel")
    antes, _ = _consultas(client, url)
    assert antes == CONSULTAS_PAINEL
    _mais_candidatos_e_lotes(c, 6)
    depois, _ = _consultas(client, url)
    assert depois == CONSULTAS_PAINEL


def test_sem_chamadas_comissoes_nem_procedimentos_nao_consulta_essas_tabelas(client):
    """A candidate with nothing of a kind does not pay its query: the probe says so."""
    c = cenario(publicar=False)
    client.force_login(c.user)
    outra = InscricaoFactory(candidato=c.candidato)
    with CaptureQueriesContext(connection) as consultas:
        assert client.get(reverse("portal:inscricao", args=[outra.pk])).status_code == 200
    lidas = [q["sql"] for q in consultas.captured_queries]
    for tabela in ("certames_chamada", "comissoes_convocacao", "comissoes_avaliacao",
                   "candidatos_procedimentoadministrativo", "candidatos_situacaolista",
                   "candidatos_pedidoisencao"):
        # Only inside the probe's EXISTS, never read as rows.
        assert [q for q in lidas if q.startswith(f'SELECT "{tabela}".')] == []
    assert any('FROM "certames_chamada"' in q for q in lidas)  # the probe asked


def test_exclusao_da_inscricao_lida_da_versao(mundo):
    """The candidate's own exclusion entries, and only theirs (on PostgreSQL picked in the
    database from the version's list)."""
    c = mundo
    propria = {"inscricao": c.inscricao.numero, "motivo": "nao_confirmada", "lista": "PP",
               "descricao": "autodeclaração não confirmada", "fundamento": "Lei 3.056/2025"}
    outra = {"inscricao": "99999999", "motivo": "desistente", "lista": None,
             "descricao": "desistente", "fundamento": "x"}
    v = _versao(c.cargo, 2, [("AC", 1, c.inscricao, False)], exclusoes=[outra, propria])
    publicar(v, Publicacao.Tipo.PRELIMINAR, c.rh)
    pubs = situacao.publicacoes_da_classificacao(c.inscricao)
    assert [(p.versao.numero, p.versao.exclusoes_da_inscricao) for p in pubs] == [
        (1, []), (2, [propria])]
    s = situacao.situacao_da_inscricao(c.inscricao)
    assert s.classificacao.exclusoes == [propria]


def test_painel_avisos_e_status_dizem_o_mesmo_das_convocacoes_e_publicacoes(client, mundo):
    """One truth: the dashboard's notice count and calls come from the same reading as the
    status page and the notices page."""
    c = mundo
    client.force_login(c.user)
    painel = client.get(reverse("portal:painel")).context
    agora = timezone.now()
    todos = avisos.avisos_do_candidato(c.candidato, agora)
    assert painel["avisos_novos"] == sum(1 for a in todos if a.novo)
    titulos = [a.titulo for a in todos]
    assert titulos.count("Resultado preliminar da classificação publicado") == 1
    assert painel["convocacoes"] == []
    # The notice of the classification is the publication the status page shows.
    s = situacao.situacao_da_inscricao(c.inscricao, agora)
    [pub] = s.publicacoes_classificacao
    assert pub == s.classificacao.publicacao
    assert next(a for a in todos if a.titulo.endswith("classificação publicado")).data == (
        pub.publicada_em)
    assert agora - pub.publicada_em < dt.timedelta(minutes=5)

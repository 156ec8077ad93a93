"""The recursal member opens an appeal in the browser and sees
the candidate's reasons and attachment (which downloads), the decision appealed against with
its parecer and vote counts, and the recording link."""

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from comum.papeis import GRUPOS
from tests.comissoes.fabricas import GRAVACAO, PDF, RAZOES_RECURSO, caso_de_recurso
from tests.e2e.passos import entrar

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SENHA = "senha-teste-123"  # tests.factories.usuario


def test_membro_da_recursal_abre_o_recurso_e_ve_razoes_anexo_e_decisao(live_server, pagina):
    # A transactional test may follow another one that flushed the groups of the migration.
    for nome in GRUPOS:
        Group.objects.get_or_create(name=nome)
    c = caso_de_recurso()
    julgador = c.julgadores[1]
    numero = c.insc.numero

    entrar(pagina, live_server.url, usuario=julgador.usuario.username, senha=SENHA)
    pagina.goto(f"{live_server.url}/comissao/")
    pagina.get_by_role("heading", name="Minhas sessões").wait_for()
    pagina.get_by_role("link", name=f"{numero} — ").click()

    recurso = pagina.locator("#recurso")
    recurso.get_by_role("heading", name="O recurso", exact=True).wait_for()
    # The reasons as typed, the markup shown as text (never run).
    assert pagina.locator("#razoes-recurso").inner_text() == RAZOES_RECURSO
    anexo = recurso.get_by_role("link", name="declaracao.pdf")
    url = anexo.evaluate("a => a.href")
    assert url == live_server.url + reverse("recursos:anexo", args=[c.anexo.pk])
    resposta = pagina.request.get(url)
    assert (resposta.status, resposta.headers["content-type"], resposta.body()) == (
        200, "application/pdf", PDF)

    decisao = pagina.locator("#decisao-recorrida")
    assert pagina.locator("#votacao-recorrida").inner_text() == (
        "3 votos pela não confirmação, 2 pela confirmação.")
    assert pagina.locator("#parecer-recorrido").inner_text() == c.av.parecer
    assert decisao.get_by_role("link", name="Abrir a gravação da sessão").get_attribute(
        "href") == GRAVACAO
    assert pagina.get_by_text("resultado preliminar for publicado").count() == 0

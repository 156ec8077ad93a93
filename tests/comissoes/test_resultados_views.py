"""RH pages of the heteroidentification results: permissions, publications, pending items."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from candidatos.models import SituacaoLista
from comissoes.dominio.recursos import apresentar_recurso
from comissoes.dominio.resultados import avaliacao_do_recurso
from nucleo.models import PublicacaoResultado
from tests.comissoes.fabricas import candidato_com_conta, cenario, julgar
from tests.factories import usuario

pytestmark = pytest.mark.django_db

RAZOES = "A comissão desconsiderou meus traços fenotípicos; junto fotografias e laudo."


def _urls(certame):
    return {
        "get": [reverse("painel:resultados_painel"),
                reverse("painel:resultados_certame", args=[certame.pk])],
        "post": [reverse("painel:publicar_preliminar", args=[certame.pk]),
                 reverse("painel:publicar_final", args=[certame.pk])],
    }


def test_paginas_do_rh_recusam_candidato_comissao_e_anonimo(client):
    c = cenario(publicar=False)
    urls = _urls(c.certame)
    for url in urls["get"] + urls["post"]:
        resposta = client.get(url) if url in urls["get"] else client.post(url)
        assert resposta.status_code == 302, url
        assert resposta["Location"].startswith(reverse("login"))
    for user in (c.user, c.membros[0].usuario, c.membros_recursal[0].usuario,
                 usuario("sem_papel")):
        client.force_login(user)
        for url in urls["get"]:
            assert client.get(url).status_code == 403, (user, url)
        for url in urls["post"]:
            assert client.post(url).status_code == 403, (user, url)
    assert not PublicacaoResultado.objects.exists()


def test_rh_publica_o_preliminar_pela_pagina(client):
    c = cenario(publicar=False)
    client.force_login(c.rh)
    url = reverse("painel:resultados_certame", args=[c.certame.pk])
    html = client.get(url).content.decode()
    assert c.inscricao.numero in html and "Publicar o resultado preliminar" in html
    resposta = client.post(reverse("painel:publicar_preliminar", args=[c.certame.pk]),
                           {"confirmacao": "on"})
    assert resposta.status_code == 302 and resposta["Location"] == url
    pub = PublicacaoResultado.objects.get()
    assert (pub.fase, pub.procedimento, pub.publicada_por) == (
        "preliminar", "heteroidentificacao", c.rh)
    html = client.get(url).content.decode()
    assert 'id="preliminar-publicado"' in html


def test_definitivo_recusado_diz_quais_recursos_estao_pendentes(client):
    c = cenario()
    apresentar_recurso(c.avaliacao, autor=c.user, texto=RAZOES)
    c.etapa.inicio = timezone.now() - dt.timedelta(days=3)
    c.etapa.fim = timezone.now() - dt.timedelta(days=1)
    c.etapa.save()
    client.force_login(c.rh)
    url = reverse("painel:resultados_certame", args=[c.certame.pk])
    pendente = f"Recursos ainda não julgados: {c.inscricao.numero} (PP)."
    assert pendente in client.get(url).content.decode()
    resposta = client.post(reverse("painel:publicar_final", args=[c.certame.pk]),
                           {"confirmacao": "on"}, follow=True)
    assert pendente in resposta.content.decode()
    assert not PublicacaoResultado.objects.filter(fase="final").exists()

    julgar(avaliacao_do_recurso(c.avaliacao), c.membros_recursal, 0)
    resposta = client.post(reverse("painel:publicar_final", args=[c.certame.pk]),
                           {"confirmacao": "on"}, follow=True)
    assert "Resultado definitivo publicado" in resposta.content.decode()
    assert SituacaoLista.objects.get(inscricao=c.inscricao).estado == "confirmada"


def test_definitivo_recusado_com_prazo_aberto_mostra_as_datas(client):
    c = cenario()
    client.force_login(c.rh)
    resposta = client.post(reverse("painel:publicar_final", args=[c.certame.pk]),
                           {"confirmacao": "on"}, follow=True)
    fim = timezone.localtime(c.etapa.fim).strftime("%d/%m/%Y %H:%M")
    html = resposta.content.decode()
    assert "O prazo de recurso ainda não terminou" in html and fim in html


def test_rh_ve_o_anexo_e_o_recurso(client):
    from tests.comissoes.fabricas import PDF, arquivo

    c = cenario()
    recurso = apresentar_recurso(c.avaliacao, autor=c.user, texto=RAZOES,
                                 arquivos=[arquivo("laudo.pdf", PDF)])
    client.force_login(c.rh)
    html = client.get(reverse("painel:resultados_certame", args=[c.certame.pk])).content.decode()
    assert reverse("recursos:anexo", args=[recurso.anexos.get().pk]) in html
    assert "em julgamento" in html


def test_outro_candidato_nao_ve_a_pagina_do_rh(client):
    c = cenario()
    client.force_login(candidato_com_conta("outra").usuario)
    assert client.get(reverse("painel:resultados_certame", args=[c.certame.pk])).status_code == 403


def test_avisos_antes_de_publicar_o_preliminar(client):
    c = cenario(publicar=False, recursal=False, janela=None)
    client.force_login(c.rh)
    html = client.get(reverse("painel:resultados_certame", args=[c.certame.pk])).content.decode()
    assert "não tem a etapa “Recurso da heteroidentificação”" in html
    assert "Não há comissão recursal designada" in html
    c2 = cenario(publicar=False)
    html = client.get(reverse("painel:resultados_certame", args=[c2.certame.pk])).content.decode()
    assert "O prazo de recurso já começou" in html

"""The candidate's pages: results, appeal form and the attachments' download."""

import pytest
from django.urls import reverse

from nucleo.models import AnexoRecurso, Recurso
from tests.comissoes.fabricas import (
    PDF,
    PNG,
    arquivo,
    candidato_com_conta,
    cenario,
)
from tests.factories import usuario

pytestmark = pytest.mark.django_db

RAZOES = "A comissão desconsiderou meus traços fenotípicos; junto fotografias e laudo."


def _post(client, c, *, texto=RAZOES, arquivos=()):
    dados = {"texto": texto, "confirmacao": "on"}
    if arquivos:
        dados["anexos"] = list(arquivos)
    return client.post(reverse("recursos:apresentar", args=[c.avaliacao.pk]), dados)


def test_pagina_mostra_o_parecer_so_depois_da_publicacao(client):
    c = cenario(publicar=False)
    c.membros[0].usuario.first_name = "Beatriz"
    c.membros[0].usuario.last_name = "Presidenta"
    c.membros[0].usuario.save()
    client.force_login(c.user)
    url = reverse("recursos:inscricao", args=[c.inscricao.pk])
    html = client.get(url).content.decode()
    assert "ainda não foi publicado" in html
    assert "fenotípicos" not in html and "Não confirmada" not in html
    from comissoes.dominio.resultados import publicar_resultado_preliminar

    publicar_resultado_preliminar(c.certame, autor=c.rh)
    resposta = client.get(url)
    html = resposta.content.decode()
    assert resposta.status_code == 200
    assert "Não confirmada" in html
    assert "cor da pele clara" in html  # the motivated parecer
    assert "Beatriz" not in html and "Presidenta" not in html
    assert "Apresentar recurso" in html


def test_apresentar_recurso_com_anexos_pela_pagina(client):
    c = cenario()
    client.force_login(c.user)
    resposta = _post(client, c, arquivos=[arquivo("laudo.pdf", PDF, "application/pdf"),
                                           arquivo("foto.png", PNG, "image/png")])
    assert resposta.status_code == 302
    assert resposta["Location"] == reverse("recursos:inscricao", args=[c.inscricao.pk])
    recurso = Recurso.objects.get()
    assert recurso.texto == RAZOES
    assert sorted(recurso.anexos.values_list("nome_original", flat=True)) == [
        "foto.png", "laudo.pdf"]
    html = client.get(resposta["Location"]).content.decode()
    assert "Recurso apresentado em" in html and "em julgamento" in html
    assert "Apresentar recurso" not in html


def test_pdf_disfarcado_e_recusado_com_mensagem_clara(client):
    c = cenario()
    client.force_login(c.user)
    resposta = _post(client, c, arquivos=[arquivo("laudo.pdf", b"nao sou pdf", "application/pdf")])
    assert resposta.status_code == 400
    assert "“laudo.pdf” não é um PDF, JPEG ou PNG válido" in resposta.content.decode()
    assert not Recurso.objects.exists() and not AnexoRecurso.objects.exists()


def test_arquivo_grande_demais_e_arquivos_demais(client):
    from comum.arquivos import TAMANHO_MAXIMO

    c = cenario()
    client.force_login(c.user)
    grande = arquivo("grande.pdf", PDF + b"0" * TAMANHO_MAXIMO)
    resposta = _post(client, c, arquivos=[grande])
    assert resposta.status_code == 400
    assert "o limite é 5 MB por arquivo" in resposta.content.decode()
    resposta = _post(client, c, arquivos=[arquivo(f"a{i}.pdf", PDF) for i in range(4)])
    assert resposta.status_code == 400
    assert "Envie no máximo 3 arquivos (foram enviados 4)." in resposta.content.decode()
    assert not Recurso.objects.exists()


def test_fora_do_prazo_a_pagina_explica_com_as_datas(client):
    c = cenario(janela=(-4, -2))
    client.force_login(c.user)
    html = client.get(reverse("recursos:inscricao", args=[c.inscricao.pk])).content.decode()
    assert "O prazo de recurso terminou" in html and "Apresentar recurso" not in html
    resposta = _post(client, c)
    assert resposta.status_code == 400
    assert "O prazo de recurso terminou: recursos podiam ser apresentados de" in (
        resposta.content.decode())
    assert not Recurso.objects.exists()


def test_antes_do_prazo_a_pagina_mostra_quando_abre(client):
    c = cenario(janela=(1, 3))
    client.force_login(c.user)
    html = client.get(reverse("recursos:inscricao", args=[c.inscricao.pk])).content.decode()
    assert "O prazo de recurso ainda não começou" in html
    resposta = _post(client, c)
    assert resposta.status_code == 400
    assert "ainda não começou" in resposta.content.decode()


def test_outro_candidato_recebe_404_e_nada_e_gravado(client):
    c = cenario()
    outro = candidato_com_conta("outro")
    client.force_login(outro.usuario)
    assert client.get(reverse("recursos:inscricao", args=[c.inscricao.pk])).status_code == 404
    resposta = _post(client, c)
    assert resposta.status_code == 404
    assert not Recurso.objects.exists()
    html = client.get(reverse("recursos:painel")).content.decode()
    assert c.inscricao.numero not in html


def test_paginas_do_candidato_recusam_quem_nao_e_candidato(client):
    c = cenario()
    url = reverse("recursos:inscricao", args=[c.inscricao.pk])
    resposta = client.get(url)
    assert resposta.status_code == 302 and resposta["Location"].startswith(reverse("login"))
    for user in (c.rh, c.membros[0].usuario, usuario("sem_papel")):
        client.force_login(user)
        assert client.get(url).status_code == 403
        assert client.get(reverse("recursos:painel")).status_code == 403
        assert _post(client, c).status_code == 403
    assert not Recurso.objects.exists()


def test_anexo_servido_so_a_quem_pode_ver_o_recurso(client):
    c = cenario()
    client.force_login(c.user)
    _post(client, c, arquivos=[arquivo("laudo.pdf", PDF, "application/pdf")])
    anexo = AnexoRecurso.objects.get()
    url = reverse("recursos:anexo", args=[anexo.pk])

    resposta = client.get(url)
    assert resposta.status_code == 200
    assert resposta["Content-Type"] == "application/pdf"
    assert resposta["Cache-Control"] == "private, no-store"
    assert b"".join(resposta.streaming_content) == PDF

    for user, status in ((c.rh, 200), (c.membros_recursal[1].usuario, 200),
                         (c.membros[1].usuario, 404),  # first instance: not the appeal's
                         (candidato_com_conta("bisbilhoteira").usuario, 404),
                         (usuario("sem_papel"), 404)):
        client.force_login(user)
        assert client.get(url).status_code == status, user
    client.logout()
    resposta = client.get(url)
    assert resposta.status_code == 302 and resposta["Location"].startswith(reverse("login"))
    # Not under the static or a public media URL.
    assert not anexo.arquivo.url.startswith("/static/")
    assert client.get(anexo.arquivo.url).status_code == 404


def test_painel_lista_minhas_inscricoes_com_reserva(client):
    c = cenario()
    client.force_login(c.user)
    html = client.get(reverse("recursos:painel")).content.decode()
    assert reverse("recursos:inscricao", args=[c.inscricao.pk]) in html


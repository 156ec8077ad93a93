"""Error pages in Portuguese: a foreign Host header and an unreadable form
body get the Portuguese 400 page (Django's own says "Bad Request (400)" in English); a file
named with 1,000 characters is a form error in Portuguese, with nothing written; 403, 404 and
500 are Portuguese too."""

import io

import pytest
from django.template.loader import render_to_string
from django.urls import reverse

from candidatos.models import Importacao
from comum.arquivos import MAXIMO_NOME
from comum.seguranca import LIMITE_CABECALHOS_PARTE
from tests.factories import CargoFactory, CertameFactory

pytestmark = pytest.mark.django_db

PAGINA_400 = "Pedido inválido"


def _texto(resposta) -> str:
    return resposta.content.decode()


def test_host_estranho_recebe_a_pagina_400_em_portugues(client):
    resposta = client.get("/", HTTP_HOST="phish.example")
    assert resposta.status_code == 400
    assert PAGINA_400 in _texto(resposta) and "Bad Request" not in _texto(resposta)
    assert '<html lang="pt-br">' in _texto(resposta)
    # Self-contained: its inline styles are allowed on this answer only.
    assert "style-src 'self' 'unsafe-inline'" in resposta["Content-Security-Policy"]


@pytest.fixture
def certame():
    certame = CertameFactory()
    CargoFactory(certame=certame, codigo="ENF")
    return certame


def _importar(client, certame, nome):
    # A plain file object: the test client sends its name as it is (an UploadedFile would cut
    # it to 255 characters before sending, as Django does on receiving).
    arquivo = io.BytesIO(b"inscricao;cargo;nota\n")
    arquivo.name = nome
    return client.post(reverse("painel:importar", args=[certame.pk]),
                       {"arquivo": arquivo, "confirmacao": "on"})


def test_nome_de_arquivo_de_mil_caracteres_e_erro_do_formulario(client, rh, certame):
    client.force_login(rh)
    resposta = _importar(client, certame, "a" * 996 + ".csv")
    assert resposta.status_code == 200
    assert resposta.context["form"].errors["arquivo"] == [
        f"O nome do arquivo passa de {MAXIMO_NOME} caracteres. Renomeie o arquivo com um nome "
        "mais curto e envie de novo."]
    assert Importacao.objects.count() == 0


def test_nome_com_acentos_que_passa_de_mil_bytes_tambem(client, rh, certame):
    client.force_login(rh)
    resposta = _importar(client, certame, "ção" * 300 + ".csv")  # 900 characters, 1,504 bytes
    assert resposta.status_code == 200
    assert list(resposta.context["form"].errors) == ["arquivo"]


def test_nome_no_limite_e_aceito(client, rh, certame):
    client.force_login(rh)
    resposta = _importar(client, certame, "a" * (MAXIMO_NOME - 4) + ".csv")
    assert resposta.status_code == 302
    assert Importacao.objects.count() == 1


def test_cabecalho_alem_do_limite_recebe_a_pagina_400_em_portugues(client, rh, certame):
    client.force_login(rh)
    resposta = _importar(client, certame, "a" * LIMITE_CABECALHOS_PARTE + ".csv")
    assert resposta.status_code == 400
    assert PAGINA_400 in _texto(resposta)
    assert Importacao.objects.count() == 0


def test_403_404_e_500_em_portugues(client, candidato_user):
    assert "Página não encontrada" in _texto(client.get("/nao-existe/"))
    client.force_login(candidato_user)
    proibida = client.get(reverse("painel:painel"))
    assert proibida.status_code == 403
    assert "Acesso negado" in _texto(proibida)
    assert "Erro no servidor" in render_to_string("500.html")
    assert "Pedido inválido" in render_to_string("400.html")

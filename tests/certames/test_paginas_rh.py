import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from candidatos.models import Importacao, Inscricao
from tests.factories import CargoFactory, CertameFactory

pytestmark = pytest.mark.django_db

CSV_BOM = (b"inscricao;cpf;nome;cargo;cor_raca;listas;nota\n"
           b"000001;529.982.247-25;Maria;ENF;parda;PP;87,5\n")
CSV_RUIM = (b"inscricao;cpf;nome;cargo;cor_raca;listas;nota\n"
            b"000001;529.982.247-24;Maria;ENF;parda;PP;87,5\n")


@pytest.fixture
def certame():
    certame = CertameFactory()
    CargoFactory(certame=certame, codigo="ENF")
    return certame


def _enviar(client, certame, conteudo, django_capture_on_commit_callbacks):
    arquivo = SimpleUploadedFile("notas.csv", conteudo, content_type="text/csv")
    with django_capture_on_commit_callbacks(execute=True):
        return client.post(reverse("painel:importar", args=[certame.pk]),
                           {"arquivo": arquivo, "confirmacao": "on"})


def test_rh_envia_planilha_e_acompanha_o_progresso(client, rh, certame,
                                                   django_capture_on_commit_callbacks):
    client.force_login(rh)
    resposta = _enviar(client, certame, CSV_BOM, django_capture_on_commit_callbacks)
    imp = Importacao.objects.get()
    assert resposta["Location"] == reverse("painel:importacao", args=[imp.pk])
    assert (imp.status, imp.criado_por, imp.progresso) == ("concluida", rh, 100)
    assert Inscricao.objects.get().numero == "000001"
    # htmx polls only the fragment; once finished it stops polling.
    parcial = client.get(reverse("painel:importacao", args=[imp.pk]), HTTP_HX_REQUEST="true")
    html = parcial.content.decode()
    assert 'id="progresso-importacao"' in html and "<html" not in html
    assert "hx-trigger" not in html
    assert "1 linhas: 1 inscrições criadas" in html


def test_planilha_rejeitada_mostra_cada_erro_e_nada_grava(client, rh, certame,
                                                         django_capture_on_commit_callbacks):
    client.force_login(rh)
    _enviar(client, certame, CSV_RUIM, django_capture_on_commit_callbacks)
    imp = Importacao.objects.get()
    assert imp.status == "rejeitada"
    assert imp.erros == [{"linha": 2, "coluna": "cpf",
                          "mensagem": "CPF inválido “529.982.247-24”"}]
    html = client.get(reverse("painel:importacao", args=[imp.pk])).content.decode()
    assert "nada foi gravado" in html
    assert "CPF inválido “529.982.247-24”" in html
    assert Inscricao.objects.count() == 0


def test_importacao_em_andamento_continua_consultando(client, rh, certame):
    imp = Importacao.objects.create(certame=certame, nome_arquivo="x.csv", arquivo="x.csv",
                                    status="processando", total_linhas=10, linhas_processadas=4)
    client.force_login(rh)
    html = client.get(reverse("painel:importacao", args=[imp.pk]),
                      HTTP_HX_REQUEST="true").content.decode()
    assert 'hx-trigger="every 1s"' in html
    assert 'aria-valuenow="40"' in html


def test_arquivo_vazio_e_recusado_no_formulario(client, rh, certame):
    client.force_login(rh)
    arquivo = SimpleUploadedFile("vazio.csv", b"", content_type="text/csv")
    resposta = client.post(reverse("painel:importar", args=[certame.pk]),
                           {"arquivo": arquivo, "confirmacao": "on"})
    assert resposta.status_code == 200
    assert Importacao.objects.count() == 0
    assert "O arquivo enviado está vazio." in resposta.content.decode()


@pytest.mark.django_db(transaction=True)
def test_depois_de_importar_em_processo_a_pagina_nao_diz_em_andamento(client):
    # No broker: the import ran on commit, inside the request. The page tells what the
    # database holds (concluída), not "em andamento".
    from tests.factories import usuario

    certame = CertameFactory()
    CargoFactory(certame=certame, codigo="ENF")
    client.force_login(usuario("rh_processo", "RH", staff=True))
    arquivo = SimpleUploadedFile("notas.csv", CSV_BOM, content_type="text/csv")
    resposta = client.post(reverse("painel:importar", args=[certame.pk]),
                           {"arquivo": arquivo, "confirmacao": "on"},
                           follow=True)
    html = resposta.content.decode()
    assert Importacao.objects.get().status == "concluida"
    assert "em andamento" not in html
    assert "1 linhas: 1 inscrições criadas" in html

"""The edital's annex (`classificacao.anexo_edital`): what Lei 3.057/2026 de Severínia, art. 18,
I to VIII, requires the edital to state, each item with its source, as a page and a PDF.

Worked from the law: Severínia, one cargo of 10 vacancies. PPI 30% of 10 = 3 (art. 8º); PcD 5%
of 10 = 0,5, rounded up to 1 (within the 20% cap: the edital's default rule, art. 19); AC the
other 6."""

from __future__ import annotations

import datetime as dt
import shutil
import subprocess

import pytest
from django.urls import reverse

from certames.models import Certame, DocumentoPdf, Etapa
from classificacao import anexo_edital, impressos
from tests.factories import CargoFactory, CertameFactory

pytestmark = pytest.mark.django_db


def _certame(com_recurso=True):
    certame = CertameFactory(regime="severinia-lei3057-2026", cronograma=False,
                             status=Certame.Status.PUBLICADO,
                             data_publicacao_edital=dt.date(2026, 11, 20))
    CargoFactory(certame=certame, codigo="PROF", nome="Professor", vagas=10)
    if com_recurso:
        for tipo, dia in ((Etapa.Tipo.RESULTADO_PRELIMINAR, 10),
                          (Etapa.Tipo.RECURSO_RESULTADO, 11)):
            Etapa.objects.create(certame=certame, tipo=tipo,
                                 inicio=dt.datetime(2027, 3, dia, 8, tzinfo=dt.UTC),
                                 fim=dt.datetime(2027, 3, dia, 18, tzinfo=dt.UTC))
    return certame


def test_os_oito_itens_com_os_numeros_da_lei():
    itens = {i.numero: i for i in anexo_edital.itens(_certame())}
    assert list(itens) == ["I", "II", "III", "IV", "V", "VI", "VII", "VIII"]
    assert itens["I"].linhas == ["10 vaga(s) no edital.", "PROF — Professor: 10"]
    assert itens["II"].linhas == ["PROF — Professor: 6 AC"]
    assert itens["III"].linhas == ["PROF — Professor: 1 PCD"]
    assert itens["IV"].linhas == ["PROF — Professor: 3 PPI"]
    assert itens["IV"].fonte == "Lei 3.057/2026, art. 8º"
    assert itens["VII"].falta == "" and itens["VII"].linhas[0].startswith(
        "Resultado preliminar da classificação: de 11/03/2027")
    assert itens["VIII"].fonte == (
        "Lei 3.057/2026, art. 17, parágrafo único; art. 19, parágrafo único")
    assert all(i.fonte for i in itens.values())


def test_sem_prazo_de_recurso_o_edital_nao_e_publicado():
    certame = _certame(com_recurso=False)
    assert anexo_edital.pendencias(certame) == [
        "Anexo do edital, item VII (Procedimentos e prazos de recurso): inclua no cronograma a "
        "etapa “Recurso do resultado” (o prazo de recurso contra o resultado preliminar)."]


def test_pagina_publica_do_anexo(client):
    certame = _certame()
    html = client.get(reverse("anexo_edital_publico", args=[certame.pk])).content.decode()
    assert html.count('class="mb-3 item-anexo"') == 8
    assert "PROF — Professor: 3 PPI" in html
    assert 'data-link="anexo"' in client.get(
        reverse("certame_publico", args=[certame.pk])).content.decode()


@pytest.mark.skipif(shutil.which("pdftotext") is None,
                    reason="pdftotext (poppler-utils) não instalado: o texto do PDF não é lido")
def test_o_pdf_traz_cada_item():
    certame = _certame()
    documento = DocumentoPdf.objects.get(
        pk=impressos.gerar(DocumentoPdf.Tipo.ANEXO_EDITAL, certame.pk))
    with documento.arquivo.open("rb") as arquivo:
        saida = subprocess.run(["pdftotext", "-layout", "-", "-"], input=arquivo.read(),
                               capture_output=True, check=True)
    texto = " ".join(saida.stdout.decode().split())
    for numero, titulo in anexo_edital.ITENS:
        assert f"{numero} — {titulo}" in texto
    assert "PROF — Professor: 3 PPI" in texto and "Lei 3.057/2026, art. 8º" in texto

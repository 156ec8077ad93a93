"""The template of a phase's spreadsheet (provas.servicos.colunas_do_modelo): the phase
importer's columns (COLUNAS) and what it accepts (`motor.ler_nota`: 0 to the phase's maximum,
decimal comma, "ausente"), as CSV or XLSX from the phase's import form; a template filled in is
imported as is."""

from __future__ import annotations

import io
from decimal import Decimal

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from provas import servicos
from provas.models import NotaFase
from tests.provas.apoio import cargo_em_fases

pytestmark = pytest.mark.django_db


def _baixar(client, rh, fase, formato):
    client.force_login(rh)
    return client.get(reverse("painel:modelo_notas_fase", args=[fase.pk, formato]))


def test_colunas_do_modelo_sao_as_do_importador_da_fase(rh):
    _cargo, p1, p2 = cargo_em_fases(rh)
    p1.nota_maxima = Decimal("10.5")
    colunas = servicos.colunas_do_modelo(p1)
    assert [(c.nome, c.outros_nomes, c.obrigatoria) for c in colunas] == [
        ("inscricao", ("numero", "numero_inscricao", "n_inscricao"), "sim"),
        ("nota", ("pontuacao", "nota_fase"), "sim")]
    assert set(servicos.DESCRICOES_MODELO) == set(servicos.COLUNAS)
    assert colunas[1].valores == (
        "número de 0 a 10,5 (a nota máxima da fase), com vírgula ou ponto decimal e até 4 "
        "casas decimais; “ausente” para quem faltou.")
    assert colunas[0].valores == (
        "qualquer inscrição do cargo AGT; uma inscrição não confirmada (taxa não paga) não faz "
        "a prova.")
    assert servicos.colunas_do_modelo(p2)[0].valores == (
        "só as inscrições do cargo AGT admitidas a esta fase pelo resultado da fase anterior; "
        "uma inscrição não confirmada (taxa não paga) não faz a prova.")


def test_csv_e_xlsx_do_modelo(client, rh):
    _cargo, p1, _p2 = cargo_em_fases(rh)
    csv = _baixar(client, rh, p1, "csv")
    assert csv["Content-Disposition"] == 'attachment; filename="modelo-notas-agt-p1.csv"'
    assert csv.content.decode("utf-8") == "\ufeffinscricao;nota\r\n"
    livro = load_workbook(io.BytesIO(_baixar(client, rh, p1, "xlsx").content))
    assert livro.sheetnames == ["Notas P1", "Instruções"]
    linhas = [[c.value for c in linha] for linha in livro["Instruções"].iter_rows()]
    notas = servicos.notas_do_modelo(p1)
    assert [linha[0] for linha in linhas[:len(notas)]] == notas
    assert [linha[0] for linha in linhas[len(notas) + 2:]] == ["inscricao", "nota"]
    assert _baixar(client, rh, p1, "ods").status_code == 404


def test_modelo_preenchido_e_importado(client, rh):
    _cargo, p1, _p2 = cargo_em_fases(rh)
    livro = load_workbook(io.BytesIO(_baixar(client, rh, p1, "xlsx").content))
    for numero in ("1", "2"):
        livro["Notas P1"].append([numero, "72,5"])
    livro["Notas P1"].append(["3", "ausente"])
    buffer = io.BytesIO()
    livro.save(buffer)
    importacao = servicos.importar_notas(p1, buffer.getvalue(), nome_arquivo="modelo.xlsx",
                                         autor=rh)
    assert (importacao.notas, importacao.ausentes) == (2, 1)
    assert sorted(NotaFase.objects.filter(fase=p1).values_list("inscricao__numero", "nota",
                                                                "ausente")) == [
        ("1", Decimal("72.5000"), False), ("2", Decimal("72.5000"), False), ("3", None, True)]


def test_formulario_de_importacao_oferece_o_modelo(client, rh):
    _cargo, p1, _p2 = cargo_em_fases(rh)
    client.force_login(rh)
    pagina = client.get(reverse("painel:resultado_fase", args=[p1.pk])).content.decode()
    for formato in ("csv", "xlsx"):
        assert f'href="{reverse("painel:modelo_notas_fase", args=[p1.pk, formato])}"' in pagina
    assert 'data-coluna="inscricao"' in pagina and 'data-coluna="nota"' in pagina

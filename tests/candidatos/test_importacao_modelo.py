"""The import's template (candidatos/importacao/modelo.py): every column the importer reads,
named as the importer reads it, each with the values it accepts worded from the importer's own
constants and from the certame (its regime's lists, its cargos, the edital's maximum score);
downloaded as CSV or XLSX (sheet "Instruções") from the import page, which shows the same
table; a template filled in is imported as is; text typed by RH never becomes a formula."""

import csv
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from candidatos.importacao import COLUNAS, OBRIGATORIAS, importar_inscricoes, modelo
from candidatos.importacao.linhas import COLUNA_DESEMPATE
from candidatos.models import Inscricao
from comum import exportacao
from tests.factories import CargoFactory, CertameFactory

pytestmark = pytest.mark.django_db

SEV = "severinia-lei3057-2026"
PIR = "pirangi-lei3056-2025"
CABECALHO = ["inscricao", "cpf", "nome", "nome_social", "data_nascimento", "email", "telefone",
             "cargo", "cor_raca", "quilombola", "deficiencia", "tipo_deficiencia", "listas",
             "nota", "situacao", "situacao_taxa"]


@pytest.fixture
def certame():
    certame = CertameFactory(regime=SEV, numero_edital="001/2026")
    CargoFactory(certame=certame, codigo="101", nome="Gari")
    CargoFactory(certame=certame, codigo="102", nome="Motorista")
    return certame


def _coluna(colunas, nome):
    return next(c for c in colunas if c.nome == nome)


# --- one source: the importer's own table ----------------------------------------------------


def test_o_cabecalho_e_a_tabela_de_colunas_do_importador(certame):
    colunas = modelo.colunas_do_modelo(certame)
    assert modelo.cabecalho(colunas) == list(COLUNAS) == CABECALHO
    # Every other spelling the importer accepts, as it reads them.
    assert {c.nome: c.outros_nomes for c in colunas if c.no_cabecalho} == {
        nome: tuple(g for g in grafias if g != nome) for nome, grafias in COLUNAS.items()}
    assert [c.nome for c in colunas if c.obrigatoria == "sim"] == list(OBRIGATORIAS)


def test_toda_coluna_do_importador_tem_descricao(certame):
    assert set(modelo._DESCRICOES) == set(COLUNAS)
    vazias = [c.nome for c in modelo.colunas_do_modelo(certame) if not (c.conteudo and c.valores)]
    assert vazias == []


def test_as_colunas_de_desempate_do_modelo_sao_as_que_o_importador_le():
    assert [bool(COLUNA_DESEMPATE.match(n)) for n in modelo.EXEMPLOS_DESEMPATE] == [True, True]


# --- the accepted values, from the importer's constants and the certame ----------------------


def test_listas_do_regime_com_quem_pode_optar(certame):
    pirangi = CertameFactory(regime=PIR)
    sev = _coluna(modelo.colunas_do_modelo(certame), "listas")
    pir = _coluna(modelo.colunas_do_modelo(pirangi), "listas")
    assert sev.valores == (
        f"códigos das listas de {certame.regime_legal.nome}: PPI — Pretos, pardos e indígenas "
        "(a lista PPI exige autodeclaração preta, parda ou indígena); PCD — Pessoas com "
        "deficiência (a lista PCD exige declaração de deficiência). Mais de uma lista "
        "separada por um de | / + ; , ou espaço.")
    assert sev.exemplo == "PPI|PCD"
    assert pir.valores.startswith(f"códigos das listas de {pirangi.regime_legal.nome}: PP — "
                                  "Pretos e pardos (a lista PP exige autodeclaração preta ou "
                                  "parda); I — Indígenas (a lista I exige autodeclaração "
                                  "indígena); Q — Quilombolas")
    assert pir.exemplo == "PP|PCD"


def test_cargos_do_certame_e_nota_maxima_do_edital(certame):
    certame.parametros = {"nota_maxima": "10.5"}
    certame.save()
    colunas = modelo.colunas_do_modelo(certame)
    assert _coluna(colunas, "cargo").valores == (
        "um dos códigos: 101 (Gari); 102 (Motorista). Maiúsculas e minúsculas não fazem "
        "diferença.")
    assert _coluna(colunas, "nota").valores == (
        "número de 0 a 10,5 (a nota máxima do edital), com vírgula ou ponto decimal e até 4 "
        "casas decimais. Em branco (ou sem a coluna): mantém a nota já gravada. “apagar”: "
        "apaga a nota gravada.")


def test_codigos_dos_valores(certame):
    colunas = modelo.colunas_do_modelo(certame)
    assert _coluna(colunas, "situacao_taxa").valores == (
        "pendente (Pagamento pendente); paga (Paga); isenta (Isenta); nao_confirmada (Não "
        "confirmada (taxa não paga)). Em branco (ou sem a coluna): mantém a situação gravada; "
        "uma inscrição nova fica “Pagamento pendente”.")
    assert _coluna(colunas, "cor_raca").valores == (
        "Branca (ou branco); Preta (ou preto); Parda (ou pardo); Amarela (ou amarelo); "
        "Indígena. Acentos e maiúsculas não fazem diferença.")
    assert _coluna(colunas, "quilombola").valores == (
        "sim: sim, 1, s, true, verdadeiro, x, yes; não: nao, 0, false, falso, n, no ou a "
        "célula em branco")
    assert _coluna(colunas, "data_nascimento").valores == (
        "DD/MM/AAAA (também AAAA-MM-DD ou DD-MM-AAAA); nem no futuro nem antes de 01/01/1900.")
    assert _coluna(colunas, "tipo_deficiencia").obrigatoria == "quando deficiencia é sim"


# --- the downloads ----------------------------------------------------------------------------


def _baixar(client, rh, certame, formato):
    client.force_login(rh)
    return client.get(reverse("painel:modelo_importacao", args=[certame.pk, formato]))


def test_csv_e_so_o_cabecalho(client, rh, certame):
    resposta = _baixar(client, rh, certame, "csv")
    assert resposta.status_code == 200
    assert resposta["Content-Type"] == exportacao.TIPO_CSV
    assert resposta["Content-Disposition"] == (
        'attachment; filename="modelo-inscricoes-001-2026.csv"')
    assert resposta.content.decode("utf-8") == "\ufeff" + ";".join(CABECALHO) + "\r\n"


def test_xlsx_com_a_folha_de_instrucoes(client, rh, certame):
    resposta = _baixar(client, rh, certame, "xlsx")
    assert resposta["Content-Type"] == exportacao.TIPO_XLSX
    livro = load_workbook(io.BytesIO(resposta.content))
    assert livro.sheetnames == ["Inscrições", "Instruções"]
    assert [[c.value for c in linha] for linha in livro["Inscrições"].iter_rows()] == [
        CABECALHO]
    linhas = [[c.value for c in linha] for linha in livro["Instruções"].iter_rows()]
    notas = modelo.notas_gerais()
    assert [linha[0] for linha in linhas[:len(notas)]] == notas
    inicio = len(notas) + 1  # a blank row after the notes
    assert linhas[inicio] == ["Coluna", "Obrigatória", "Também aceita como", "O que contém",
                              "Valores aceitos", "Exemplo"]
    colunas = modelo.colunas_do_modelo(certame)
    assert [linha[0] for linha in linhas[inicio + 1:]] == [c.nome for c in colunas]
    cargo = linhas[inicio + 1 + [c.nome for c in colunas].index("cargo")]
    assert cargo[1:] == ["sim", "codigo_cargo, cod_cargo, codigo_do_cargo",
                         "Código do cargo neste certame.", _coluna(colunas, "cargo").valores,
                         "101"]


def test_outro_formato_e_404(client, rh, certame):
    assert _baixar(client, rh, certame, "pdf").status_code == 404


def test_texto_digitado_pelo_rh_nunca_vira_formula(client, rh):
    certame = CertameFactory(regime=SEV)
    CargoFactory(certame=certame, codigo="=1+2", nome='=HYPERLINK("http://x","Ver")')
    livro = load_workbook(io.BytesIO(_baixar(client, rh, certame, "xlsx").content))
    exemplos = {linha[0].value: linha[5] for linha in livro["Instruções"].iter_rows()
                if len(linha) > 5}
    assert (exemplos["cargo"].value, exemplos["cargo"].data_type) == ("'=1+2", "s")
    assert all(c.data_type == "s" for linha in livro["Instruções"].iter_rows() for c in linha
               if c.value is not None)


# --- a template filled in is imported as it is -----------------------------------------------


def _linha():
    return {"inscricao": "000123", "cpf": "529.982.247-25", "nome": "Maria da Silva",
            "cargo": "101", "cor_raca": "parda", "listas": "PPI", "nota": "87,5",
            "situacao_taxa": "paga"}


def test_modelo_xlsx_preenchido_e_importado(client, rh, certame):
    livro = load_workbook(io.BytesIO(_baixar(client, rh, certame, "xlsx").content))
    folha = livro["Inscrições"]
    folha.append([_linha().get(nome, "") for nome in CABECALHO])
    buffer = io.BytesIO()
    livro.save(buffer)
    resumo = importar_inscricoes(certame, buffer.getvalue(), nome_arquivo="modelo.xlsx")
    assert resumo.inscricoes_criadas == 1
    insc = Inscricao.objects.get()
    assert (insc.numero, insc.cargo.codigo, insc.listas, str(insc.nota), insc.situacao_taxa) == (
        "000123", "101", ["PPI"], "87.5000", "paga")


def test_modelo_csv_preenchido_e_importado(client, rh, certame):
    texto = _baixar(client, rh, certame, "csv").content.decode("utf-8")
    saida = io.StringIO()
    csv.writer(saida, delimiter=";").writerow([_linha().get(nome, "") for nome in CABECALHO])
    resumo = importar_inscricoes(certame, (texto + saida.getvalue()).encode("utf-8"))
    assert resumo.inscricoes_criadas == 1


# --- the import page shows the same table -----------------------------------------------------


def test_pagina_de_importacao_mostra_o_modelo(client, rh, certame):
    client.force_login(rh)
    html = client.get(reverse("painel:importar", args=[certame.pk])).content.decode()
    for formato in ("csv", "xlsx"):
        assert f'href="{reverse("painel:modelo_importacao", args=[certame.pk, formato])}"' in html
    assert [nome for nome in CABECALHO if f'data-coluna="{nome}"' not in html] == []
    assert 'data-coluna="desempate_1, desempate_2, …"' in html
    assert "um dos códigos: 101 (Gari); 102 (Motorista)." in html

"""The one spreadsheet reader (`comum.planilhas`): encodings, delimiters, XLSX, the header
and its errors, line numbers."""

import csv
import datetime as dt
import io
import re

import pytest
from openpyxl import Workbook
from openpyxl.worksheet.formula import ArrayFormula

from comum import planilhas
from comum.planilhas import ArquivoRejeitado, ErroLinha, Linha, ler_planilha
from tests import planilhas_apoio

COLUNAS = {"inscricao": ("inscricao", "numero_inscricao"), "nome": ("nome", "nome_completo"),
           "nota": ("nota",)}
OBRIGATORIAS = ("inscricao", "nome")


def _erros(conteudo, **kwargs):
    with pytest.raises(ArquivoRejeitado) as exc:
        ler_planilha(conteudo, COLUNAS, OBRIGATORIAS, **kwargs)
    return [str(e) for e in exc.value.erros]


def test_csv_utf8_com_bom_separado_por_ponto_e_virgula():
    conteudo = "\ufeffNúmero Inscrição;Nome;Nota\r\n001;Ana Gonçalves;87,5\r\n".encode()
    planilha = ler_planilha(conteudo, COLUNAS, OBRIGATORIAS)
    # The BOM is not part of the first header cell, which maps to its canonical column.
    assert planilha.cabecalho == ["Número Inscrição", "Nome", "Nota"]
    assert planilha.colunas == {"inscricao": 0, "nome": 1, "nota": 2}
    assert planilha.linhas == [Linha(2, ["001", "Ana Gonçalves", "87,5"])]
    assert planilha.celula(planilha.linhas[0], "nota") == "87,5"


def test_csv_separado_por_virgula():
    conteudo = b'inscricao,nome,nota\n002,"Silva; Bia",90\n'
    planilha = ler_planilha(conteudo, COLUNAS, OBRIGATORIAS)
    assert planilha.linhas == [Linha(2, ["002", "Silva; Bia", "90"])]


def test_csv_em_latin1():
    conteudo = "inscrição;nome\n003;João Conceição\n".encode("latin-1")
    planilha = ler_planilha(conteudo, COLUNAS, OBRIGATORIAS)
    assert planilha.colunas == {"inscricao": 0, "nome": 1}
    assert planilha.linhas == [Linha(2, ["003", "João Conceição"])]


def test_xlsx_pelo_conteudo_numeros_datas_e_celulas_vazias():
    livro = Workbook()
    folha = livro.active
    folha.append(["Inscrição", "Nome", "Nota", "Nascimento"])
    folha.append(["004", "Caio", 87.5, dt.datetime(1990, 5, 17)])
    folha.append([5, "Davi", 90.0, None])
    buffer = io.BytesIO()
    livro.save(buffer)
    planilha = ler_planilha(buffer.getvalue(), COLUNAS, OBRIGATORIAS,
                            desconhecidas="ignorar")
    assert planilha.ignoradas == ["Nascimento"]
    assert planilha.linhas == [Linha(2, ["004", "Caio", "87.5", "1990-05-17"]),
                               Linha(3, ["5", "Davi", "90", ""])]


def test_linhas_em_branco_sao_puladas_e_a_numeracao_e_a_do_arquivo():
    conteudo = b"inscricao;nome\n001;Ana\n;\n\n002;Bia\n"
    planilha = ler_planilha(conteudo, COLUNAS, OBRIGATORIAS)
    assert planilha.linhas == [Linha(2, ["001", "Ana"]), Linha(5, ["002", "Bia"])]
    assert planilha.total_linhas == 4
    # A column absent from a short row reads as blank.
    assert planilha.celula(planilha.linhas[0], "nota") == ""


@pytest.mark.parametrize("conteudo", [b"", b"  \r\n \n"])
def test_arquivo_vazio(conteudo):
    assert _erros(conteudo) == ["O arquivo está vazio."]


def test_so_o_cabecalho():
    assert _erros(b"inscricao;nome\n;\n") == ["O arquivo não tem nenhuma linha de dados."]


def test_cabecalho_repetido_desconhecido_e_obrigatoria_ausente_todos_listados():
    assert _erros(b"Nome;nome_completo;idade;nota;NOTA\nAna;Ana;30;1;2\n") == [
        "Linha 1, coluna “nome_completo”: coluna repetida",
        "Linha 1, coluna “idade”: coluna desconhecida",
        "Linha 1, coluna “NOTA”: coluna repetida",
        "Linha 1, coluna “inscricao”: coluna obrigatória ausente",
    ]


def test_colunas_extras_por_padrao():
    conteudo = b"inscricao;desempate_2;nome;Desempate 1\n001;5;Ana;7\n"
    planilha = ler_planilha(conteudo, COLUNAS, OBRIGATORIAS,
                            extras=re.compile(r"^desempate_?(\d+)$"))
    assert [(e.indice, e.nome, e.original, e.encontro.group(1)) for e in planilha.extras] == [
        (1, "desempate_2", "desempate_2", "2"), (3, "desempate_1", "Desempate 1", "1")]


def test_celula_enorme_indica_a_linha():
    limite = csv.field_size_limit()
    conteudo = b"inscricao;nome\n001;Ana\n002;" + b'"' + b"x" * (limite + 1) + b'"\n'
    assert _erros(conteudo) == [
        f"Linha 3: um campo tem mais de {limite} caracteres; o CSV não pôde ser lido a "
        "partir desta linha"]


def test_arquivo_binario_xlsx_corrompido_e_grande_demais():
    assert _erros(b"\x00\x01\x02inscricao") == [
        "Formato não reconhecido: envie uma planilha CSV (separada por ; ou ,) ou XLSX."]
    assert _erros(b"PK\x03\x04 nao e um xlsx") == [
        "Não foi possível ler a planilha XLSX: o arquivo está corrompido ou não é uma "
        "planilha do Excel."]
    grande = b"inscricao;nome\n" + b"001;Ana\n" * (1024 * 1024 // 8 + 1)
    assert _erros(grande, tamanho_maximo=1024 * 1024) == [
        "O arquivo excede o tamanho máximo de 1 MB."]


def test_mensagens_por_linha_e_coluna():
    assert str(ErroLinha(0, "", "Arquivo ruim.")) == "Arquivo ruim."
    assert str(ErroLinha(7, "", "ilegível")) == "Linha 7: ilegível"
    assert str(ErroLinha(7, "cpf", "CPF inválido")) == "Linha 7, coluna “cpf”: CPF inválido"
    assert ErroLinha(7, "cpf", "x").como_dict() == {"linha": 7, "coluna": "cpf",
                                                    "mensagem": "x"}


# --- what no importer may receive ------------------------------------------


def test_xlsx_com_dimensao_que_mente_e_lido_so_ate_o_limite():
    """The sheet says A1:B2 but has a cell at XFD200000: the reading is bounded by the
    declaration (no column beyond B is read), and the rows in between cost nothing."""
    conteudo = planilhas_apoio.xlsx(
        f'<row r="1">{planilhas_apoio.celula("A1", "inscricao")}'
        f'{planilhas_apoio.celula("B1", "nome")}</row>'
        f'<row r="2">{planilhas_apoio.celula("A2", "001")}{planilhas_apoio.celula("B2", "Ana")}'
        f'</row><row r="200000">{planilhas_apoio.celula("XFD200000", "x")}</row>',
        dimensao="A1:B2")
    planilha = ler_planilha(conteudo, COLUNAS, OBRIGATORIAS)
    assert planilha.linhas == [Linha(2, ["001", "Ana"])]
    assert planilha.total_linhas == 199_999


def test_xlsx_sem_dimensao_nao_le_alem_do_maximo_de_colunas(monkeypatch):
    monkeypatch.setattr(planilhas, "XLSX_MAX_COLUNAS", 3)
    conteudo = planilhas_apoio.xlsx(
        f'<row r="1">{planilhas_apoio.celula("A1", "inscricao")}'
        f'{planilhas_apoio.celula("B1", "nome")}</row>'
        f'<row r="2">{planilhas_apoio.celula("A2", "001")}{planilhas_apoio.celula("B2", "Ana")}'
        f'{planilhas_apoio.celula("XFD2", "longe")}</row>')
    planilha = ler_planilha(conteudo, COLUNAS, OBRIGATORIAS)
    assert planilha.linhas == [Linha(2, ["001", "Ana"])]


def test_xlsx_descompactado_acima_do_limite_e_recusado_antes_de_abrir(monkeypatch):
    monkeypatch.setattr(planilhas, "XLSX_DESCOMPACTADO_MAXIMO", 1024)
    livro = Workbook()
    livro.active.append(["inscricao", "nome"])
    livro.active.append(["001", "A" * 5000])
    buffer = io.BytesIO()
    livro.save(buffer)
    with pytest.raises(ArquivoRejeitado) as exc:
        ler_planilha(buffer.getvalue(), COLUNAS, OBRIGATORIAS)
    assert len(exc.value.erros) == 1
    assert exc.value.erros[0].mensagem.startswith("A planilha XLSX descompactada teria ")
    assert exc.value.erros[0].mensagem.endswith(
        "acima do máximo de 0 MB: salve-a de novo no Excel (só a primeira aba, sem imagens) "
        "ou envie um CSV.")


def test_formula_de_matriz_do_xlsx_e_recusada():
    livro = Workbook()
    folha = livro.active
    folha.append(["inscricao", "nome", "nota"])
    folha.append(["001", "Ana", None])
    folha["C2"] = ArrayFormula("C2:C2", "=SUM(1,2)")
    buffer = io.BytesIO()
    livro.save(buffer)
    assert _erros(buffer.getvalue()) == [
        "Linha 2, coluna “nota”: fórmula “=SUM(1,2)” não é aceita: grave o valor na célula "
        "(no Excel, copie e use “Colar valores”)"]


def test_latin1_seguido_de_utf8_tambem_e_recusado():
    conteudo = "inscricao;nome\n001;João\n".encode("latin-1") + "002;Conceição\n".encode()
    assert _erros(conteudo) == [
        "Linha 3: o arquivo mistura codificações de texto (UTF-8 e Latin-1): esta linha não "
        "está na mesma codificação das anteriores. Salve a planilha inteira em uma só "
        "codificação (de preferência UTF-8) e envie novamente"]


def test_igual_no_meio_da_celula_nao_e_formula():
    planilha = ler_planilha(b"inscricao;nome\n001;Ana = Bia\n", COLUNAS, OBRIGATORIAS)
    assert planilha.linhas == [Linha(2, ["001", "Ana = Bia"])]


def test_arquivo_rejeitado_guarda_os_primeiros_mil_e_conta_todos():
    erros = [ErroLinha(n, "nome", "x") for n in range(2, 2 + 1500)]
    exc = ArquivoRejeitado(erros)
    assert (len(exc.erros), exc.total, exc.erros[-1].linha) == (1000, 1500, 1001)
    assert ArquivoRejeitado(erros[:3], 70).total == 70


def test_coluna_ignorada_nao_e_lida_nem_para_procurar_formulas():
    conteudo = "inscricao;nome;Observação\n001;Ana;=1+1 ٥\n".encode()
    planilha = ler_planilha(conteudo, COLUNAS, OBRIGATORIAS, desconhecidas="ignorar")
    assert (planilha.ignoradas, planilha.linhas) == (
        ["Observação"], [Linha(2, ["001", "Ana", "=1+1 ٥"])])

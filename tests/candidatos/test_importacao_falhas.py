"""Spreadsheets that cannot lie or explode. Each bad file the probe sent is
uploaded through RH's page (the task runs in-process) over a certame that already has a
scored inscrição: it is refused, nothing is written (the stored score included), and the
import's page shows the exact message."""

import io
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import Workbook

from candidatos import importacao
from candidatos.importacao import (
    ArquivoRejeitado,
    decimal_br,
    desempate_br,
    importar_inscricoes,
    valores,
)
from candidatos.models import Candidato, Importacao, Inscricao
from certames.models import Ato
from comum.planilhas import MAX_ERROS, ler_planilha
from tests.factories import CargoFactory, CertameFactory
from tests.planilhas_apoio import xlsx_bomba

pytestmark = pytest.mark.django_db

CABECALHO = "inscricao;cpf;nome;cargo;cor_raca;quilombola;deficiencia;tipo_deficiencia;listas;" \
            "nota;desempate_1"
MARIA = "000001;529.982.247-25;Maria da Conceição;ENF;parda;não;não;;PP;87,5;40"
JOAO = "000002;11144477735;João Pereira;ENF;branca;não;sim;visual;PCD;91,25;35"

FORMULA = ("fórmula “=70+7.5” não é aceita: grave o valor na célula (no Excel, copie e use "
           "“Colar valores”)")


def _csv(*linhas: str, cabecalho: str = CABECALHO) -> bytes:
    return ("\n".join([cabecalho, *linhas]) + "\n").encode()


@pytest.fixture
def certame():
    certame = CertameFactory(regime="pirangi-lei3056-2025", parametros={"base_reserva": "cargo"})
    CargoFactory(certame=certame, codigo="ENF", vagas=17)
    CargoFactory(certame=certame, codigo="ADM", vagas=10)
    importar_inscricoes(certame, _csv(MARIA, JOAO), nome_arquivo="primeira.csv")
    return certame


def _estado():
    """Everything an import writes, to compare before and after."""
    return (sorted(Candidato.objects.values_list("cpf", "nome")),
            sorted(Inscricao.objects.values_list("numero", "nota", "situacao", "desempate")),
            Ato.objects.filter(tipo="importacao_inscricoes").count(),
            Candidato.history.count(), Inscricao.history.count())


def _enviar(client, rh, certame, conteudo, nome, capturar):
    client.force_login(rh)
    arquivo = SimpleUploadedFile(nome, conteudo)
    with capturar(execute=True):
        resposta = client.post(reverse("painel:importar", args=[certame.pk]),
                               {"arquivo": arquivo, "confirmacao": "on"})
    assert resposta.status_code == 302
    return Importacao.objects.latest("pk"), client.get(resposta["Location"]).content.decode()


def _xlsx(*linhas) -> bytes:
    livro = Workbook()
    folha = livro.active
    for linha in linhas:
        folha.append(linha)
    buffer = io.BytesIO()
    livro.save(buffer)
    return buffer.getvalue()


CABECALHO_XLSX = CABECALHO.split(";")
MARIA_XLSX = ["000001", "529.982.247-25", "Maria da Conceição", "ENF", "parda", "não", "não",
              "", "PP"]

RUINS = {
    # An XLSX formula with no cached value read as blank and erased Maria's 87.5.
    "formula_xlsx": ("notas.xlsx", _xlsx(CABECALHO_XLSX, [*MARIA_XLSX, "=70+7.5", 40]),
                     [(2, "nota", FORMULA)]),
    "formula_csv": ("notas.csv", _csv(MARIA.replace("87,5", "=70+7.5")),
                    [(2, "nota", FORMULA)]),
    "formula_no_nome": ("notas.csv", _csv(MARIA.replace("Maria da Conceição",
                                                        '=HYPERLINK("http://x.example")')),
                        [(2, "nome", "fórmula “=HYPERLINK(\"http://x.example\")” não é aceita: "
                                     "grave o valor na célula (no Excel, copie e use “Colar "
                                     "valores”)")]),
    # UTF-8 then Latin-1: stored as "JoÃ£o" and reported "Concluída".
    "codificacoes_misturadas": (
        "notas.csv", _csv(MARIA) + JOAO.replace("91,25", "92").encode("latin-1") + b"\n",
        [(3, "", "o arquivo mistura codificações de texto (UTF-8 e Latin-1): esta linha não "
                 "está na mesma codificação das anteriores. Salve a planilha inteira em uma só "
                 "codificação (de preferência UTF-8) e envie novamente")]),
    # Stored as 50 and 99.5.
    "digitos_arabes": ("notas.csv", _csv(MARIA.replace("87,5", "٥٠")),
                       [(2, "nota", "“٥٠” tem o dígito “٥”, que não é um algarismo de 0 a 9; "
                                    "digite os números com os algarismos 0 a 9")]),
    "digitos_largos": ("notas.csv", _csv(MARIA.replace("87,5", "９９,５")),
                       [(2, "nota", "“９９,５” tem o dígito “９”, que não é um algarismo de 0 a "
                                    "9; digite os números com os algarismos 0 a 9")]),
    # Reported as "cargo: valor obrigatório em branco".
    "aspas_abertas": ("notas.csv", _csv(MARIA.replace("Maria da Conceição",
                                                      '"Maria da Conceição'), JOAO),
                      [(2, "", "aspas abertas nesta linha não são fechadas até o fim do arquivo "
                               "(o resto do arquivo seria lido como uma só célula); feche as "
                               "aspas ou retire-as")]),
    "aspas_mal_colocadas": ("notas.csv", _csv(MARIA.replace("Maria da Conceição",
                                                            '"Maria" da Conceição')),
                            [(2, "", "aspas mal colocadas nesta linha: depois das aspas que "
                                     "fecham uma célula deve vir o separador “;” ou o fim da "
                                     "linha")]),
    # The 1,537-byte XLSX that grew the worker to 4 GB.
    "xlsx_bomba": ("bomba.xlsx", xlsx_bomba(),
                   [(0, "", "A planilha declara 200.000 linhas × 16.384 colunas (A1:XFD200000), "
                            "acima do máximo de 1.000 colunas e 20.000.000 células: apague as "
                            "linhas e colunas vazias depois dos dados (ou copie só os dados "
                            "para uma planilha nova) e envie novamente.")]),
    # Names that reorder or hide the text around them in public lists and PDFs.
    "nome_com_inversao_bidi": (
        "notas.csv", _csv(MARIA.replace("Maria da Conceição", "Maria \u202eoãçiecnoC")),
        [(2, "nome", "caractere invisível ou que altera a direção do texto não permitido "
                     "(U+202E)")]),
    "nome_com_isolamento_bidi": (
        "notas.csv", _csv(MARIA.replace("Maria da Conceição", "Maria \u2067da\u2069 Silva")),
        [(2, "nome", "caractere invisível ou que altera a direção do texto não permitido "
                     "(U+2067)")]),
    "nome_com_largura_zero": (
        "notas.csv", _csv(MARIA.replace("Maria da Conceição", "Ma\u200bria da Conceição")),
        [(2, "nome", "caractere invisível ou que altera a direção do texto não permitido "
                     "(U+200B)")]),
    "nome_com_acentos_empilhados": (
        "notas.csv", _csv(MARIA.replace("Maria da Conceição", "Maria Z" + "\u0336\u0334" * 4)),
        [(2, "nome", "sinais diacríticos empilhados não permitidos (mais de 2 sobre uma "
                     "letra)")]),
}


@pytest.mark.parametrize("caso", list(RUINS))
def test_planilha_ruim_e_recusada_sem_gravar_nada_e_a_pagina_diz_por_que(
        client, rh, certame, django_capture_on_commit_callbacks, caso):
    nome, conteudo, esperado = RUINS[caso]
    antes = _estado()
    imp, html = _enviar(client, rh, certame, conteudo, nome, django_capture_on_commit_callbacks)
    assert (imp.status, imp.total_erros) == ("rejeitada", len(esperado))
    assert [(e["linha"], e["coluna"], e["mensagem"]) for e in imp.erros] == esperado
    assert _estado() == antes
    # Maria's score is still the one stored.
    assert Inscricao.objects.get(numero="000001").nota == Decimal("87.5")
    assert "Arquivo rejeitado com 1 erro; nada foi gravado." in html
    mensagem = esperado[0][2].replace('"', "&quot;")
    assert f"<td>{mensagem}</td>" in html


def test_a_bomba_tem_1537_bytes_e_nao_e_lida_celula_a_celula(monkeypatch):
    """Refused on the declared dimensions: openpyxl never iterates the sheet's rows."""
    from openpyxl.worksheet._read_only import ReadOnlyWorksheet

    def proibido(*args, **kwargs):
        raise AssertionError("a planilha foi lida célula a célula")

    monkeypatch.setattr(ReadOnlyWorksheet, "_cells_by_row", proibido)
    conteudo = xlsx_bomba()
    assert len(conteudo) == 1537
    with pytest.raises(ArquivoRejeitado) as exc:
        ler_planilha(conteudo, importacao.COLUNAS)
    assert [e.linha for e in exc.value.erros] == [0]


def test_erros_limitados_aos_primeiros_mil_com_o_total_contado(
        client, rh, certame, django_capture_on_commit_callbacks):
    """A file of invalid lines stored every error (1,978,443 in one 185 MB JSON value): now
    the first 1,000 are kept, by line, and the total is counted and shown."""
    ruins = [f"{100000 + i};529.982.247-25;Maria da Conceição;XYZ;parda;não;não;;;50;1"
             for i in range(MAX_ERROS + 234)]
    antes = _estado()
    imp, html = _enviar(client, rh, certame, _csv(*ruins), "ruins.csv",
                        django_capture_on_commit_callbacks)
    assert (imp.status, imp.total_erros, len(imp.erros)) == ("rejeitada", 1234, 1000)
    assert imp.erros[0] == {"linha": 2, "coluna": "cargo",
                            "mensagem": "cargo “XYZ” não existe neste certame"}
    assert imp.erros[-1]["linha"] == 1001
    assert _estado() == antes
    assert "Arquivo rejeitado com 1234 erros; nada foi gravado." in html
    assert "Abaixo, os primeiros 1000 erros, pela ordem das linhas." in html


def test_os_erros_de_linha_e_de_banco_juntos_tambem_sao_limitados(certame):
    ruins = [f"{100000 + i};529.982.247-25;Maria da Conceição;XYZ;parda;não;não;;;50;1"
             for i in range(MAX_ERROS + 5)]
    with pytest.raises(ArquivoRejeitado) as exc:
        importar_inscricoes(certame, _csv(*ruins))
    assert (len(exc.value.erros), exc.value.total) == (1000, 1005)


# --- an empty score never erases a stored one --------------------------------------------


def test_nota_em_branco_mantem_a_nota_gravada(certame):
    """A re-import with a blank score erased the stored score (and the candidate went back
    to "inscrito") without a warning."""
    sem_nota = MARIA.replace(";87,5;40", ";;")
    resumo = importar_inscricoes(certame, _csv(sem_nota))
    maria = Inscricao.objects.get(numero="000001")
    assert (maria.nota, maria.desempate, maria.situacao) == (Decimal("87.5"), ["40"],
                                                             "habilitado")
    assert (resumo.inscricoes_atualizadas, resumo.inscricoes_inalteradas) == (0, 1)


def test_arquivo_sem_a_coluna_nota_nao_apaga_notas(certame):
    cabecalho = "inscricao;cpf;nome;cargo;cor_raca;quilombola;deficiencia;tipo_deficiencia;listas"
    importar_inscricoes(certame, _csv(MARIA.rsplit(";", 2)[0], cabecalho=cabecalho))
    assert Inscricao.objects.get(numero="000001").nota == Decimal("87.5")


def test_apagar_apaga_a_nota(certame):
    resumo = importar_inscricoes(certame, _csv(MARIA.replace(";87,5;40", ";apagar;")))
    maria = Inscricao.objects.get(numero="000001")
    assert (maria.nota, maria.desempate, maria.situacao) == (None, [], "inscrito")
    assert resumo.inscricoes_atualizadas == 1


def test_nota_em_branco_com_novos_desempates_mantem_a_nota_e_grava_os_desempates(certame):
    importar_inscricoes(certame, _csv(MARIA.replace(";87,5;40", ";;41")))
    maria = Inscricao.objects.get(numero="000001")
    assert (maria.nota, maria.desempate) == (Decimal("87.5"), ["41"])


def test_nota_em_branco_numa_inscricao_nova_fica_sem_nota(certame):
    nova = "000003;123.456.789-09;Ana Guarani;ADM;indigena;não;não;;I;;"
    importar_inscricoes(certame, _csv(nova))
    ana = Inscricao.objects.get(numero="000003")
    assert (ana.nota, ana.situacao) == (None, "inscrito")


def test_nota_mantida_nao_conta_como_nota_do_arquivo_nos_desempates(certame):
    """Maria keeps her stored score and her one key; a file that gives João two keys would
    leave the cargo with two key counts, so it is refused: her kept row is not one of the
    file's scored rows (counted as one, with the file's columns, it would pass)."""
    cabecalho = CABECALHO + ";desempate_2"
    linhas = [MARIA.replace(";87,5;40", ";;;"), JOAO + ";7"]
    with pytest.raises(ArquivoRejeitado) as exc:
        importar_inscricoes(certame, _csv(*linhas, cabecalho=cabecalho))
    # João's row rewrites his score with two keys while Maria's stays with one: refused,
    # as for any cargo left with two key counts.
    assert [(e.linha, e.coluna) for e in exc.value.erros] == [(3, "desempate_1, desempate_2")]


def test_a_pagina_de_importar_explica_a_nota_em_branco_e_o_apagar(client, rh, certame):
    client.force_login(rh)
    html = client.get(reverse("painel:importar", args=[certame.pk])).content.decode()
    assert ("Uma célula de <code>nota</code> em branco (ou um arquivo sem a coluna "
            "<code>nota</code>) mantém a nota já gravada da inscrição: uma nova importação "
            "nunca apaga uma nota por omissão. Para apagar a nota de uma inscrição, escreva "
            "<code>apagar</code> na célula.") in html


# --- digits, names ----------------------------------------------------------------------------


@pytest.mark.parametrize("texto", ["٥٠", "９９,５", "۸۷.۵"])
def test_decimal_so_com_algarismos_ascii(texto):
    with pytest.raises(importacao.ValorInvalido) as exc:
        decimal_br(texto)
    assert str(exc.value) == f"número inválido “{texto}”"
    with pytest.raises(importacao.ValorInvalido):
        desempate_br(texto)


def test_cpf_e_data_so_com_algarismos_ascii():
    with pytest.raises(importacao.ValorInvalido) as exc:
        valores._cpf("５２９.９８２.２４７-２５")
    assert str(exc.value) == "CPF inválido “５２９.９８２.２４７-２５”"
    with pytest.raises(importacao.ValorInvalido) as exc:
        importacao.data_br("٠١/٠١/٢٠٠٠")
    assert str(exc.value) == "data inválida “٠١/٠١/٢٠٠٠” (use DD/MM/AAAA)"


def test_nome_importado_e_gravado_em_nfc(certame):
    decomposto = "Jose\u0301 Conceic\u0327a\u0303o"
    linha = f"000003;123.456.789-09;{decomposto};ADM;indigena;não;não;;I;70;51"
    importar_inscricoes(certame, _csv(linha))
    assert Candidato.objects.get(cpf="12345678909").nome == "José Conceição"

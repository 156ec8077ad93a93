import io
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from openpyxl import Workbook

from candidatos.importacao import ArquivoRejeitado, decimal_br, importar_inscricoes
from candidatos.models import Candidato, Inscricao
from certames.models import Ato
from tests.factories import CargoFactory, CertameFactory, InscricaoFactory

pytestmark = pytest.mark.django_db

CABECALHO = ("inscricao;cpf;nome;cargo;cor_raca;quilombola;deficiencia;tipo_deficiencia;listas;"
             "nota;desempate_1")
LINHAS_BOAS = [
    "000001;529.982.247-25;Maria da Conceição;ENF;parda;não;não;;PP;87,5;40",
    "000002;11144477735;João Pereira;ENF;branca;não;sim;visual;PCD;91,25;35",
    "000003;123.456.789-09;Ana Guarani;ADM;indigena;não;não;;I;70;51",
]


def _csv(linhas, cabecalho=CABECALHO, encoding="utf-8", sep=";") -> bytes:
    texto = "\n".join([cabecalho, *linhas]) + "\n"
    if sep != ";":
        texto = texto.replace(";", sep)
    return texto.encode(encoding)


@pytest.fixture
def certame():
    certame = CertameFactory(regime="pirangi-lei3056-2025")
    CargoFactory(certame=certame, codigo="ENF", vagas=17)
    CargoFactory(certame=certame, codigo="ADM", vagas=10)
    return certame


def _mensagens(exc) -> list[tuple[int, str, str]]:
    return [(e.linha, e.coluna, e.mensagem) for e in exc.value.erros]


def test_arquivo_bom_cria_candidatos_inscricoes_e_notas(certame):
    resumo = importar_inscricoes(certame, _csv(LINHAS_BOAS), nome_arquivo="notas.csv")
    assert resumo.como_dict() == {
        "linhas": 3, "candidatos_criados": 3, "candidatos_atualizados": 0,
        "inscricoes_criadas": 3, "inscricoes_atualizadas": 0, "inscricoes_inalteradas": 0,
        "cargos_afetados": sorted(certame.cargos.values_list("pk", flat=True)),
    }
    maria = Inscricao.objects.get(certame=certame, numero="000001")
    assert maria.candidato.cpf == "52998224725"
    assert maria.candidato.nome == "Maria da Conceição"
    assert maria.nota == Decimal("87.5")
    assert maria.desempate == ["40"]
    assert maria.listas == ["PP"]
    assert maria.situacao == Inscricao.Situacao.HABILITADO
    joao = Inscricao.objects.get(certame=certame, numero="000002")
    assert (joao.deficiencia, joao.tipo_deficiencia, joao.listas) == (True, "visual", ["PCD"])
    ato = Ato.objects.get(tipo="importacao_inscricoes")
    assert ato.certame == certame
    assert ato.depois["inscricoes_criadas"] == 3


def test_latin1_do_excel_e_virgula_como_separador(certame):
    linhas = [linha.replace("87,5", "87.5").replace("91,25", "91.25") for linha in LINHAS_BOAS]
    conteudo = _csv(linhas, encoding="latin-1", sep=",")
    importar_inscricoes(certame, conteudo)
    assert Candidato.objects.get(cpf="52998224725").nome == "Maria da Conceição"
    assert Inscricao.objects.get(numero="000002").nota == Decimal("91.25")


def test_utf8_com_bom_e_cabecalho_com_acentos_e_maiusculas(certame):
    cabecalho = "Inscrição;CPF;Nome;Código do cargo;Cor ou raça;Quilombola;Deficiência;" \
                "Tipo de deficiência;Listas;Nota final;Desempate 1"
    importar_inscricoes(certame, b"\xef\xbb\xbf" + _csv(LINHAS_BOAS, cabecalho=cabecalho))
    assert Inscricao.objects.filter(certame=certame).count() == 3


def test_planilha_xlsx(certame):
    livro = Workbook()
    folha = livro.active
    folha.append(CABECALHO.split(";"))
    folha.append(["000010", "529.982.247-25", "Maria", "ENF", "preta", "não", "não", "",
                  "PP", 88.75, 3])
    buffer = io.BytesIO()
    livro.save(buffer)
    importar_inscricoes(certame, buffer.getvalue())
    insc = Inscricao.objects.get(numero="000010")
    assert (insc.nota, insc.desempate, insc.cor_raca) == (Decimal("88.75"), ["3"], "preta")


def test_cpf_sem_zeros_a_esquerda_vindo_do_excel(certame):
    # 012.345.678-90 saved as a number loses its leading zero.
    linha = "000020;1234567890;Zé;ENF;branca;não;não;;;50;1"
    importar_inscricoes(certame, _csv([linha]))
    assert Candidato.objects.get().cpf == "01234567890"


def test_cada_linha_ruim_e_listada_e_nada_e_gravado(certame):
    InscricaoFactory(cargo=certame.cargos.get(codigo="ADM"), numero="000099")
    ruins = [
        LINHAS_BOAS[0],
        "000004;529.982.247-24;CPF Errado;ENF;parda;não;não;;;50;1",  # invalid CPF
        "000005;39053344705;Cargo Errado;XYZ;parda;não;não;;;50;1",  # unknown cargo
        "000001;86288366757;Repetida;ENF;parda;não;não;;;50;1",  # duplicate number in file
        "000006;71428793860;Nota Alta;ENF;parda;não;não;;;100,5;1",  # score out of range
        "000007;34608514300;Quilombo;ENF;parda;não;não;;Q;50;1",  # Q without self-attribution
        "000008;52601815906;Branca;ENF;branca;não;não;;PP;50;1",  # PP needs preta/parda
        "000009;16899535009;PPI;ENF;parda;não;não;;PPI;50;1",  # Pirangi has no PPI list
        "000099;08301661305;Já Existe;ENF;parda;não;não;;;50;1",  # number taken in the DB
        "000011;02306078106;Nota Ruim;ENF;parda;não;não;;;abc;1",  # not a number
    ]
    with pytest.raises(ArquivoRejeitado) as exc:
        importar_inscricoes(certame, _csv(ruins))
    assert _mensagens(exc) == [
        (3, "cpf", "CPF inválido “529.982.247-24”"),
        (4, "cargo", "cargo “XYZ” não existe neste certame"),
        (5, "inscricao", "inscrição 000001 repetida (já aparece na linha 2)"),
        (6, "nota", "nota 100,5 fora do intervalo de 0 a 100"),
        (7, "listas", "A lista Q exige autoatribuição quilombola."),
        (8, "listas", "A lista PP exige autodeclaração preta ou parda."),
        (9, "listas", "O regime Pirangi-SP (Lei 3.056/2025) não tem a lista PPI "
                      "(listas: PP, I, Q, PCD)."),
        (10, "inscricao", "a inscrição 000099 já existe para outro candidato ou cargo"),
        (11, "nota", "número inválido “abc”"),
    ]
    assert str(exc.value.erros[0]) == "Linha 3, coluna “cpf”: CPF inválido “529.982.247-24”"
    assert Inscricao.objects.count() == 1  # only the pre-existing one
    assert Candidato.objects.count() == 1
    assert Ato.objects.count() == 0


def test_candidato_ja_inscrito_no_cargo_com_outro_numero(certame):
    importar_inscricoes(certame, _csv(LINHAS_BOAS[:1]))
    with pytest.raises(ArquivoRejeitado) as exc:
        importar_inscricoes(certame, _csv([LINHAS_BOAS[0].replace("000001", "000777")]))
    assert _mensagens(exc) == [
        (2, "cpf", "o candidato já está inscrito neste cargo com o número 000001")]


def test_mesmo_cpf_com_nomes_diferentes_no_arquivo(certame):
    linhas = [LINHAS_BOAS[0], "000012;529.982.247-25;Outra Pessoa;ADM;parda;não;não;;;50;1"]
    with pytest.raises(ArquivoRejeitado) as exc:
        importar_inscricoes(certame, _csv(linhas))
    assert _mensagens(exc) == [(3, "nome", "o CPF já aparece com outro nome na linha 2")]


def test_colunas_obrigatorias_ausentes_e_desconhecidas(certame):
    with pytest.raises(ArquivoRejeitado) as exc:
        importar_inscricoes(certame, b"inscricao;nome;foo\n1;Ana;x\n")
    assert _mensagens(exc) == [
        (1, "foo", "coluna desconhecida"),
        (1, "cpf", "coluna obrigatória ausente"),
        (1, "cargo", "coluna obrigatória ausente"),
        (1, "cor_raca", "coluna obrigatória ausente"),
    ]


@pytest.mark.parametrize(
    ("conteudo", "mensagem"),
    [
        (b"", "O arquivo está vazio."),
        (b"\x00\x01\x02binario", "Formato não reconhecido: envie uma planilha CSV "
                                  "(separada por ; ou ,) ou XLSX."),
        (b"PK\x03\x04corrompido", "Não foi possível ler a planilha XLSX: o arquivo está "
                                  "corrompido ou não é uma planilha do Excel."),
        (CABECALHO.encode() + b"\n", "O arquivo não tem nenhuma linha de dados."),
    ],
)
def test_arquivos_invalidos(certame, conteudo, mensagem):
    with pytest.raises(ArquivoRejeitado) as exc:
        importar_inscricoes(certame, conteudo)
    assert [str(e) for e in exc.value.erros] == [mensagem]


def test_reimportar_o_mesmo_arquivo_nao_muda_nada(certame):
    conteudo = _csv(LINHAS_BOAS)
    importar_inscricoes(certame, conteudo)
    antes = (Inscricao.history.count(), Candidato.history.count(), Ato.objects.count(),
             list(Inscricao.objects.order_by("pk").values()))
    resumo = importar_inscricoes(certame, conteudo)
    assert (resumo.inscricoes_criadas, resumo.inscricoes_atualizadas,
            resumo.inscricoes_inalteradas, resumo.candidatos_atualizados) == (0, 0, 3, 0)
    depois = (Inscricao.history.count(), Candidato.history.count(), Ato.objects.count(),
              list(Inscricao.objects.order_by("pk").values()))
    assert depois == antes


def test_reimportar_com_nota_corrigida_atualiza_so_a_linha_alterada(certame):
    importar_inscricoes(certame, _csv(LINHAS_BOAS))
    historico = Inscricao.history.count()
    corrigido = [LINHAS_BOAS[0].replace("87,5", "88"), *LINHAS_BOAS[1:]]
    resumo = importar_inscricoes(certame, _csv(corrigido))
    assert (resumo.inscricoes_atualizadas, resumo.inscricoes_inalteradas) == (1, 2)
    assert Inscricao.objects.get(numero="000001").nota == Decimal("88")
    assert Inscricao.history.count() == historico + 1
    assert resumo.cargos_afetados == {certame.cargos.get(codigo="ENF").pk}


def test_arquivo_de_notas_nao_reabilita_eliminado(certame):
    importar_inscricoes(certame, _csv(LINHAS_BOAS))
    Inscricao.objects.filter(numero="000001").update(situacao=Inscricao.Situacao.ELIMINADO)
    importar_inscricoes(certame, _csv([LINHAS_BOAS[0].replace("87,5", "90")]))
    assert Inscricao.objects.get(numero="000001").situacao == Inscricao.Situacao.ELIMINADO


@pytest.mark.parametrize(("texto", "valor"), [("87,5", "87.5"), ("1.234,50", "1234.50"),
                                              ("87.5", "87.5"), (" 70 ", "70")])
def test_decimal_brasileiro_e_exato(texto, valor):
    assert decimal_br(texto) == Decimal(valor)


def test_comando_importa_e_mostra_a_vazao(certame, tmp_path):
    arquivo = tmp_path / "notas.csv"
    arquivo.write_bytes(_csv(LINHAS_BOAS))
    saida = io.StringIO()
    call_command("importar_inscricoes", str(certame.pk), str(arquivo), stdout=saida)
    texto = saida.getvalue()
    assert "3 linhas: 3 inscrições criadas, 0 atualizadas, 0 inalteradas" in texto
    assert "linhas/s" in texto
    assert Inscricao.objects.count() == 3


def test_comando_rejeita_arquivo_com_erros_e_lista_as_linhas(certame, tmp_path):
    arquivo = tmp_path / "notas.csv"
    arquivo.write_bytes(_csv(["000004;529.982.247-24;X;ENF;parda;não;não;;;50;1"]))
    erros = io.StringIO()
    with pytest.raises(CommandError, match="1 erro"):
        call_command("importar_inscricoes", certame.numero_edital, str(arquivo), stderr=erros)
    assert "Linha 2, coluna “cpf”: CPF inválido “529.982.247-24”" in erros.getvalue()
    assert Inscricao.objects.count() == 0


def test_tipo_de_deficiencia_pelo_rotulo_ou_codigo(certame):
    linhas = ["000030;529.982.247-25;Ana;ENF;parda;não;sim;Mental / psicossocial;PCD;60;1",
              "000031;111.444.777-35;Bia;ENF;parda;não;sim;TEA;PCD;61;1",
              "000032;123.456.789-09;Cid;ENF;parda;não;sim;Física;PCD;62;1"]
    importar_inscricoes(certame, _csv(linhas))
    assert list(Inscricao.objects.order_by("numero").values_list("tipo_deficiencia", flat=True)) \
        == ["mental", "tea", "fisica"]


def test_desempate_em_branco_so_para_quem_nao_tem_nota(certame):
    linhas = ["000040;529.982.247-25;Ausente;ENF;parda;não;não;;;;",
              "000041;111.444.777-35;Com Nota;ENF;parda;não;não;;;70;"]
    with pytest.raises(ArquivoRejeitado) as exc:
        importar_inscricoes(certame, _csv(linhas))
    assert _mensagens(exc) == [(3, "desempate_1", "valor em branco")]
    importar_inscricoes(certame, _csv(linhas[:1]))
    ausente = Inscricao.objects.get()
    assert (ausente.nota, ausente.desempate, ausente.situacao) == (None, [], "inscrito")

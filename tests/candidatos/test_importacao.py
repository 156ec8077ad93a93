import io
import random
from decimal import Decimal

import pytest
from django.core.files.base import ContentFile
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import transaction
from django.urls import reverse
from openpyxl import Workbook

from candidatos import tasks
from candidatos.importacao import (
    ArquivoRejeitado,
    decimal_br,
    gravacao_copia,
    gravacao_orm,
    importar,
    importar_inscricoes,
)
from candidatos.models import Candidato, Importacao, Inscricao
from candidatos.tasks import processar_importacao
from certames.models import Ato
from classificacao.listas import recalcular
from tests.factories import CargoFactory, CertameFactory, InscricaoFactory, gerar_cpf

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
    # The per-cargo base (spec section 4): the whole-edital one needs the public draw first.
    certame = CertameFactory(regime="pirangi-lei3056-2025", parametros={"base_reserva": "cargo"})
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


# --- validated against the certame and the model before anything is written -------


def _contagens():
    return (Candidato.objects.count(), Inscricao.objects.count(), Inscricao.history.count(),
            Ato.objects.count())


def test_outro_numero_de_desempates_no_cargo_e_recusado_e_o_recalculo_continua(certame):
    enf = certame.cargos.get(codigo="ENF")
    importar_inscricoes(certame, _csv(LINHAS_BOAS))
    assert recalcular(enf.pk).numero == 1
    antes = _contagens()
    novo = ["000004;390.533.447-05;Rui Dois Critérios;ENF;branca;não;não;;;80;10;20"]
    with pytest.raises(ArquivoRejeitado) as exc:
        importar_inscricoes(certame, _csv(novo, cabecalho=CABECALHO + ";desempate_2"))
    assert _mensagens(exc) == [
        (2, "desempate_1, desempate_2",
         "o cargo ENF já tem inscrições com nota e 1 critério de desempate; esta planilha "
         "traz 2 colunas de desempate. Todas as inscrições com nota de um cargo são "
         "classificadas pelos mesmos critérios: envie as colunas de desempate do cargo ou "
         "regrave todas as suas notas (1 linha com nota deste cargo no arquivo).")]
    assert _contagens() == antes
    # The cargo's recompute still works (same input: no new version), and a file with the
    # cargo's own number of keys is still accepted.
    assert recalcular(enf.pk) is None
    importar_inscricoes(certame, _csv([novo[0].rsplit(";", 1)[0]]))
    assert recalcular(enf.pk).numero == 2


def test_arquivo_que_regrava_todas_as_notas_do_cargo_pode_mudar_os_desempates(certame):
    importar_inscricoes(certame, _csv(LINHAS_BOAS))
    # Every scored inscrição of both cargos comes again with two keys: accepted.
    duas = [linha + ";7" for linha in LINHAS_BOAS]
    importar_inscricoes(certame, _csv(duas, cabecalho=CABECALHO + ";desempate_2"))
    assert Inscricao.objects.get(numero="000001").desempate == ["40", "7"]
    for cargo in certame.cargos.all():
        assert recalcular(cargo.pk).numero == 1


def test_inscricao_sem_nota_nao_conta_para_os_desempates_do_cargo(certame):
    importar_inscricoes(certame, _csv(["000040;529.982.247-25;Ausente;ENF;parda;não;não;;;;"]))
    com_nota = "000041;111.444.777-35;Com Nota;ENF;parda;não;não;;;70;1;2"
    importar_inscricoes(certame, _csv([com_nota], cabecalho=CABECALHO + ";desempate_2"))
    assert Inscricao.objects.get(numero="000041").desempate == ["1", "2"]


def test_cargo_ja_inconsistente_so_aceita_arquivo_que_regrava_todas_as_notas(certame):
    enf = certame.cargos.get(codigo="ENF")
    InscricaoFactory(cargo=enf, numero="000001", nota=Decimal("80"), desempate=["1"],
                     candidato__cpf="52998224725", candidato__nome="Maria da Conceição")
    InscricaoFactory(cargo=enf, numero="000002", nota=Decimal("70"), desempate=["1", "2"],
                     candidato__cpf="11144477735", candidato__nome="João Pereira")
    with pytest.raises(ArquivoRejeitado) as exc:
        importar_inscricoes(certame, _csv(["000009;123.456.789-09;Ana;ENF;parda;não;não;;;70;51"]))
    assert _mensagens(exc) == [
        (2, "desempate_1",
         "o cargo ENF já tem inscrições com nota com números diferentes de critérios de "
         "desempate (1, 2); envie uma planilha que regrave todas as notas do cargo com os "
         "mesmos critérios (1 linha com nota deste cargo no arquivo).")]
    importar_inscricoes(certame, _csv(LINHAS_BOAS[:2]))
    assert sorted(Inscricao.objects.values_list("numero", "desempate")) == [
        ("000001", ["40"]), ("000002", ["35"])]
    assert recalcular(enf.pk).numero == 1


def test_campos_longos_dao_linha_e_coluna(certame):
    linhas = [
        "000001;529.982.247-25;" + "M" * 100_000 + ";ENF;parda;não;não;;PP;87,5;40",
        "1" * 50 + ";11144477735;João;ENF;branca;não;não;;;91,25;35",
    ]
    with pytest.raises(ArquivoRejeitado) as exc:
        importar_inscricoes(certame, _csv(linhas))
    assert _mensagens(exc) == [
        (2, "nome", "Certifique-se de que o valor tenha no máximo 200 caracteres (ele possui "
                    "100000)."),
        (3, "inscricao", "Certifique-se de que o valor tenha no máximo 20 caracteres (ele "
                         "possui 50)."),
    ]
    assert _contagens() == (0, 0, 0, 0)


def test_cada_coluna_de_texto_respeita_o_limite_do_modelo(certame):
    cabecalho = CABECALHO + ";nome_social;email;telefone"
    linha = LINHAS_BOAS[0] + ";" + "S" * 201 + ";" + "a" * 250 + "@x.com;" + "9" * 21
    with pytest.raises(ArquivoRejeitado) as exc:
        importar_inscricoes(certame, _csv([linha], cabecalho=cabecalho))
    assert _mensagens(exc) == [
        (2, "email", "Certifique-se de que o valor tenha no máximo 254 caracteres (ele possui "
                     "256)."),
        (2, "nome_social", "Certifique-se de que o valor tenha no máximo 200 caracteres (ele "
                           "possui 201)."),
        (2, "telefone", "Certifique-se de que o valor tenha no máximo 20 caracteres (ele "
                        "possui 21)."),
    ]


def test_email_invalido_e_recusado(certame):
    linhas = [LINHAS_BOAS[0] + ";not-an-email", LINHAS_BOAS[1] + ";joao@example.com"]
    with pytest.raises(ArquivoRejeitado) as exc:
        importar_inscricoes(certame, _csv(linhas, cabecalho=CABECALHO + ";email"))
    assert _mensagens(exc) == [(2, "email", "Informe um endereço de email válido.")]
    assert Candidato.objects.count() == 0
    importar_inscricoes(certame, _csv(linhas[1:], cabecalho=CABECALHO + ";email"))
    assert Candidato.objects.get().email == "joao@example.com"


def test_datas_de_nascimento_invalidas_ou_impossiveis(certame):
    cabecalho = CABECALHO + ";data_nascimento"
    linhas = [LINHAS_BOAS[0] + ";31/02/1990", LINHAS_BOAS[1] + ";01/01/2999",
              LINHAS_BOAS[2] + ";01/01/1800"]
    with pytest.raises(ArquivoRejeitado) as exc:
        importar_inscricoes(certame, _csv(linhas, cabecalho=cabecalho))
    assert _mensagens(exc) == [
        (2, "data_nascimento", "data inválida “31/02/1990” (use DD/MM/AAAA)"),
        (3, "data_nascimento", "data de nascimento 01/01/2999 no futuro"),
        (4, "data_nascimento", "data de nascimento 01/01/1800 anterior a 01/01/1900"),
    ]


def test_nota_acima_do_limite_do_campo_e_caracteres_de_controle(certame):
    certame.parametros = {**certame.parametros, "nota_maxima": "1000000"}
    certame.save()
    rnd = random.Random(9)
    # NUL beyond the first 4 KiB (where a binary file is told apart): PostgreSQL refuses it.
    boas = [f"{i:06d};{gerar_cpf(rnd)};Pessoa {i};ADM;parda;não;não;;;50;{i}"
            for i in range(100, 200)]
    linhas = [LINHAS_BOAS[0].replace("87,5", "123456"),
              LINHAS_BOAS[2].replace(";51", ";1e400"), *boas,
              LINHAS_BOAS[1].replace("João Pereira", "João\x00Pereira"),
              LINHAS_BOAS[1].replace("000002", "000005").replace("João", "Jo\x1bão")
              .replace("11144477735", "39053344705")]
    with pytest.raises(ArquivoRejeitado) as exc:
        importar_inscricoes(certame, _csv(linhas))
    assert _mensagens(exc) == [
        (2, "nota", "Certifique-se de que não tenha mais de 5 dígitos antes do ponto decimal."),
        (3, "desempate_1", "número “1e400” com mais de 20 dígitos"),
        (104, "nome", "caractere de controle não permitido"),
        (105, "nome", "caractere de controle não permitido"),
    ]
    assert _contagens() == (0, 0, 0, 0)


def test_desempate_em_notacao_cientifica_e_gravado_por_extenso(certame):
    importar_inscricoes(certame, _csv([LINHAS_BOAS[0].replace(";40", ";1e3"),
                                       LINHAS_BOAS[1].replace(";35", ";0,00001")]))
    assert dict(Inscricao.objects.values_list("numero", "desempate")) == {
        "000001": ["1000"], "000002": ["0.00001"]}
    assert recalcular(certame.cargos.get(codigo="ENF").pk).numero == 1


def test_mesmo_cpf_com_dados_diferentes_no_arquivo(certame):
    linhas = [LINHAS_BOAS[0] + ";a@example.com",
              "000012;529.982.247-25;Maria da Conceição;ADM;parda;não;não;;;50;1;b@example.com"]
    with pytest.raises(ArquivoRejeitado) as exc:
        importar_inscricoes(certame, _csv(linhas, cabecalho=CABECALHO + ";email"))
    assert _mensagens(exc) == [(3, "email", "o CPF já aparece com outro valor na linha 2")]


def test_campo_maior_que_o_limite_do_leitor_csv(certame):
    linha = "000001;529.982.247-25;" + "M" * 200_000 + ";ENF;parda;não;não;;PP;87,5;40"
    with pytest.raises(ArquivoRejeitado) as exc:
        importar_inscricoes(certame, _csv([linha]))
    assert [str(e) for e in exc.value.erros] == [
        "Linha 2: um campo tem mais de 131072 caracteres; o CSV não pôde ser lido a partir "
        "desta linha"]


@pytest.fixture
def falha_ao_gravar_inscricoes(monkeypatch):
    """The candidates are written, then the inscrições' bulk insert fails (the ORM's on
    SQLite, the COPY of the staging table on PostgreSQL)."""
    original = gravacao_orm.bulk_create_with_history

    def falha_nas_inscricoes(objs, model, **kwargs):
        if model is Inscricao:
            raise RuntimeError("disco cheio")
        return original(objs, model, **kwargs)

    def falha_na_copia(cursor, linhas):
        raise RuntimeError("disco cheio")

    monkeypatch.setattr(gravacao_orm, "bulk_create_with_history", falha_nas_inscricoes)
    monkeypatch.setattr(gravacao_copia, "_inserir_inscricoes_copia", falha_na_copia)


def test_excecao_no_meio_da_gravacao_nao_deixa_nada(certame, falha_ao_gravar_inscricoes):
    with pytest.raises(RuntimeError):
        importar_inscricoes(certame, _csv(LINHAS_BOAS))
    assert _contagens() == (0, 0, 0, 0)


# --- the import task and page: the status RH sees is what the database holds -----


def _importacao(certame, conteudo, nome="notas.csv"):
    return Importacao.objects.create(certame=certame, nome_arquivo=nome,
                                     arquivo=ContentFile(conteudo, name=nome))


def _enviar(client, certame, conteudo):
    arquivo = SimpleUploadedFile("notas.csv", conteudo, content_type="text/csv")
    return client.post(reverse("painel:importar", args=[certame.pk]),
                       {"arquivo": arquivo, "confirmacao": "on"}, follow=True)


def _certame_com_cargos():
    certame = CertameFactory(regime="pirangi-lei3056-2025", parametros={"base_reserva": "cargo"})
    CargoFactory(certame=certame, codigo="ENF", vagas=17)
    CargoFactory(certame=certame, codigo="ADM", vagas=10)
    return certame


def test_excecao_no_meio_da_gravacao_deixa_zero_linhas_e_situacao_falhou(
        certame, falha_ao_gravar_inscricoes):
    imp = _importacao(certame, _csv(LINHAS_BOAS))
    assert processar_importacao(imp.pk) == "falhou"
    imp.refresh_from_db()
    assert (imp.status, imp.resumo, imp.erros) == ("falhou", {}, [])
    assert _contagens() == (0, 0, 0, 0)


@pytest.mark.django_db(transaction=True)
def test_excecao_no_meio_da_gravacao_pela_pagina_responde_200_e_diz_falhou(
        client, rh, falha_ao_gravar_inscricoes):
    certame = _certame_com_cargos()
    client.force_login(rh)
    resposta = _enviar(client, certame, _csv(LINHAS_BOAS))
    assert resposta.status_code == 200
    assert "A importação falhou por um erro interno; nada foi gravado." in \
        resposta.content.decode()
    assert Importacao.objects.get().status == "falhou"
    assert _contagens() == (0, 0, 0, 0)


@pytest.mark.django_db(transaction=True)
def test_pagina_de_importacao_com_desempates_diferentes_mostra_o_erro_sem_500(client, rh):
    """In-process (eager Celery, real commits): the second file is refused, nothing is
    written, the page answers 200 with the error, and the recompute still works."""
    certame = _certame_com_cargos()
    enf = certame.cargos.get(codigo="ENF")
    client.force_login(rh)
    assert _enviar(client, certame, _csv(LINHAS_BOAS)).status_code == 200
    assert enf.versoes_classificacao.count() == 1  # recomputed on commit
    antes = _contagens()
    novo = ["000004;390.533.447-05;Rui;ENF;branca;não;não;;;80;10;20"]
    resposta = _enviar(client, certame, _csv(novo, cabecalho=CABECALHO + ";desempate_2"))
    assert resposta.status_code == 200
    html = resposta.content.decode()
    assert "Arquivo rejeitado com 1 erro; nada foi gravado." in html
    assert "o cargo ENF já tem inscrições com nota e 1 critério de desempate" in html
    imp = Importacao.objects.latest("pk")
    assert (imp.status, imp.erros[0]["linha"], imp.erros[0]["coluna"]) == (
        "rejeitada", 2, "desempate_1, desempate_2")
    assert _contagens() == antes
    assert not Inscricao.objects.filter(numero="000004").exists()
    # The recompute still works after the refused file.
    assert recalcular(enf.pk) is None
    assert enf.versoes_classificacao.count() == 1


@pytest.mark.django_db(transaction=True)
def test_falha_posterior_ao_commit_nao_faz_a_importacao_mentir(client, rh, monkeypatch):
    """The rows and the 'concluída' status commit together; a follow-up that fails after the
    commit (an on_commit callback) does not turn a written import into 'falhou'."""
    def seguimento_quebrado(cargos, causa):
        def falha():
            raise RuntimeError("tarefa posterior quebrada")

        transaction.on_commit(falha)

    monkeypatch.setattr(importar, "solicitar_recalculo", seguimento_quebrado)
    certame = _certame_com_cargos()
    client.force_login(rh)
    resposta = _enviar(client, certame, _csv(LINHAS_BOAS))
    assert resposta.status_code == 200
    imp = Importacao.objects.get()
    assert (imp.status, imp.resumo["inscricoes_criadas"]) == ("concluida", 3)
    assert Inscricao.objects.count() == 3
    assert "3 linhas: 3 inscrições criadas" in resposta.content.decode()


@pytest.mark.django_db(transaction=True)
def test_pagina_de_importacao_com_campos_invalidos_responde_200(client, rh):
    certame = _certame_com_cargos()
    client.force_login(rh)
    linhas = [LINHAS_BOAS[0].replace("Maria da Conceição", "M" * 100_000) + ";not-an-email"]
    resposta = _enviar(client, certame, _csv(linhas, cabecalho=CABECALHO + ";email"))
    assert resposta.status_code == 200
    html = resposta.content.decode()
    assert "Arquivo rejeitado com 2 erros; nada foi gravado." in html
    assert "Informe um endereço de email válido." in html
    assert "no máximo 200 caracteres (ele possui 100000)" in html
    assert Importacao.objects.get().status == "rejeitada"
    assert _contagens() == (0, 0, 0, 0)


def test_fila_indisponivel_marca_a_importacao_como_falhou_sem_500(
        client, rh, certame, monkeypatch, django_capture_on_commit_callbacks):
    def broker_fora(*args, **kwargs):
        raise ConnectionError("redis fora do ar")

    monkeypatch.setattr(tasks.importar_inscricoes_task, "delay", broker_fora)
    client.force_login(rh)
    arquivo = SimpleUploadedFile("notas.csv", _csv(LINHAS_BOAS), content_type="text/csv")
    with django_capture_on_commit_callbacks(execute=True):
        resposta = client.post(reverse("painel:importar", args=[certame.pk]),
                               {"arquivo": arquivo, "confirmacao": "on"})
    assert resposta.status_code == 302
    assert Importacao.objects.get().status == "falhou"
    html = client.get(resposta["Location"]).content.decode()
    assert "Não foi possível colocar a importação na fila (ConnectionError); nada foi " \
           "gravado." in html
    assert _contagens() == (0, 0, 0, 0)

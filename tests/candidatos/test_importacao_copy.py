"""The import through PostgreSQL COPY against the ORM path it replaces.

On PostgreSQL the same files are imported both ways (the ORM path by `via="orm"`), each in a
savepoint rolled back afterwards, and every row they leave (candidates, inscrições, their
simple-history rows, the column history, the act) is compared by natural keys. Run as the
application role when TEST_DATABASE_APP_ROLE is set (tests/banco.py), as CI does.
"""

import datetime as dt
import io
import random
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.db import connection, transaction
from localflavor.br.validators import BRCPFValidator

from candidatos import importacao
from candidatos.importacao import (
    ArquivoRejeitado,
    gravacao_copia,
    importar,
    importar_inscricoes,
    valores,
)
from candidatos.models import Candidato, Inscricao
from certames.models import AlteracaoColuna, Ato
from classificacao.management.commands.bench_classificacao import digitos_cpf
from tests.factories import CandidatoFactory, CargoFactory, CertameFactory

pytestmark = pytest.mark.django_db

CABECALHO = ("inscricao;cpf;nome;nome_social;data_nascimento;email;telefone;cargo;cor_raca;"
             "quilombola;deficiencia;tipo_deficiencia;listas;nota;desempate_1")
PRIMEIRO = [
    "000001;529.982.247-25;Maria da Conceição;;05/03/1990;maria@exemplo.org;;ENF;parda;"
    "não;não;;PP;87,5;40",
    "000002;11144477735;João Pereira;Joana Pereira;1985-12-01;;(16) 99999-0000;ENF;branca;"
    "não;sim;visual;PCD;91,25;35",
    # One person in two cargos: one candidate, two inscrições.
    "000003;123.456.789-09;Ana Guarani;;;;;ADM;indigena;não;não;;I;70;51",
    "000004;123.456.789-09;Ana Guarani;;;;;ENF;indigena;não;não;;I;;",
    # Already stored (another certame): the e-mail changes, the rest stays.
    "000005;390.533.447-05;Pedro Já Cadastrado;;;novo@exemplo.org;;ADM;preta;sim;não;;PP|Q;"
    "65;12",
]
# The re-import: a corrected score, a new phone, a new inscrição, one unchanged line gone.
SEGUNDO = [
    PRIMEIRO[0].replace("87,5", "88"),
    PRIMEIRO[1].replace("(16) 99999-0000", "(16) 98888-1111"),
    PRIMEIRO[2],
    PRIMEIRO[4],
    "000006;86288366757;Nova Inscrita;;;;;ADM;amarela;não;não;;;55,5;3",
]


def _csv(linhas, cabecalho=CABECALHO) -> bytes:
    return ("\n".join([cabecalho, *linhas]) + "\n").encode()


@pytest.fixture
def certame():
    certame = CertameFactory(regime="pirangi-lei3056-2025", parametros={"base_reserva": "cargo"})
    CargoFactory(certame=certame, codigo="ENF", vagas=17)
    CargoFactory(certame=certame, codigo="ADM", vagas=10)
    CandidatoFactory(cpf="39053344705", nome="Pedro Já Cadastrado", email="antigo@exemplo.org")
    return certame


CAMPOS_CANDIDATO = ("cpf", "nome", "nome_social", "data_nascimento", "email", "telefone",
                    "usuario_id")
CAMPOS_INSCRICAO = ("numero", "candidato__cpf", "cargo__codigo", "certame_id", "cor_raca",
                    "quilombola", "deficiencia", "tipo_deficiencia", "listas", "nota",
                    "desempate", "situacao", "situacao_taxa", "convocada_em", "comprovante")
HISTORICO = ("history_type", "history_change_reason", "history_user_id")


def _linhas(queryset, campos) -> list[tuple]:
    return sorted(queryset.values_list(*campos), key=repr)


def _estado(certame) -> dict:
    """Every row the import may write, without the surrogate keys and timestamps (the
    sequences are not rolled back between the two runs)."""
    return {
        "candidatos": _linhas(Candidato.objects.all(), CAMPOS_CANDIDATO),
        "inscricoes": _linhas(Inscricao.objects.filter(certame=certame), CAMPOS_INSCRICAO),
        "historico_candidatos": _linhas(Candidato.history.all(), (*CAMPOS_CANDIDATO,
                                                                  *HISTORICO)),
        "historico_inscricoes": _linhas(
            Inscricao.history.all(),
            (*(c.replace("candidato__cpf", "candidato_id").replace("cargo__codigo", "cargo_id")
               for c in CAMPOS_INSCRICAO), *HISTORICO)),
        "alteracoes_colunas": _linhas(
            AlteracaoColuna.objects.filter(tabela="candidatos_inscricao"),
            ("coluna", "operacao", "valor_anterior", "valor_novo", "contexto")),
        "atos": _linhas(Ato.objects.filter(tipo="importacao_inscricoes"),
                        ("descricao", "depois", "autor_id")),
        "geracoes": _linhas(certame.cargos.all(), ("codigo", "geracao_classificacao")),
    }


def _importar_e_desfazer(certame, via, arquivos, autor) -> tuple[dict, list]:
    """Import `arquivos` in order through `via`, read the state, roll everything back."""
    with transaction.atomic():
        resumos = [importar_inscricoes(certame, conteudo, autor=autor, nome_arquivo="n.csv",
                                       via=via).como_dict() for conteudo in arquivos]
        estado = _estado(certame)
        # The candidate ids in the history rows differ between the runs: by CPF instead.
        cpf_por_id = dict(Candidato.objects.values_list("pk", "cpf"))
        estado["historico_inscricoes"] = sorted(
            (tuple(cpf_por_id.get(v, v) if i == 1 else v for i, v in enumerate(linha))
             for linha in estado["historico_inscricoes"]), key=repr)
        transaction.set_rollback(True)
    return estado, resumos


@pytest.mark.postgres
@pytest.mark.skipif(connection.vendor != "postgresql", reason="COPY do PostgreSQL")
@pytest.mark.parametrize("arquivos", [[PRIMEIRO], [PRIMEIRO, SEGUNDO], [PRIMEIRO, PRIMEIRO]],
                         ids=["primeira", "reimportacao-com-mudancas", "reimportacao-igual"])
def test_copia_e_orm_deixam_o_mesmo_banco(certame, rh, arquivos):
    conteudos = [_csv(linhas) for linhas in arquivos]
    por_orm, resumos_orm = _importar_e_desfazer(certame, "orm", conteudos, rh)
    por_copia, resumos_copia = _importar_e_desfazer(certame, "copia", conteudos, rh)
    assert resumos_copia == resumos_orm
    for chave in por_orm:
        assert por_copia[chave] == por_orm[chave], chave
    # The comparison compares something: the rows are there.
    assert len(por_copia["inscricoes"]) == (5 if len(arquivos) == 1 or arquivos[1] is PRIMEIRO
                                            else 6)
    assert len(por_copia["historico_inscricoes"]) >= 5


@pytest.mark.parametrize("via", ["orm", "copia"])
def test_historico_de_cada_inscricao_criada_ou_alterada(certame, rh, via):
    if via == "copia" and connection.vendor != "postgresql":
        pytest.skip("COPY do PostgreSQL")
    importar_inscricoes(certame, _csv(PRIMEIRO), autor=rh, via=via)
    criadas = Inscricao.history.filter(certame_id=certame.pk)
    assert sorted(criadas.values_list("numero", "history_type", "history_change_reason",
                                      "history_user_id", "nota")) == [
        ("000001", "+", "importação", rh.pk, Decimal("87.5000")),
        ("000002", "+", "importação", rh.pk, Decimal("91.2500")),
        ("000003", "+", "importação", rh.pk, Decimal("70.0000")),
        ("000004", "+", "importação", rh.pk, None),
        ("000005", "+", "importação", rh.pk, Decimal("65.0000")),
    ]
    # 3 candidates created ("+"), the stored one changed ("~", its e-mail).
    assert sorted(Candidato.history.filter(history_change_reason="importação").values_list(
        "cpf", "history_type", "email", "history_user_id")) == [
        ("11144477735", "+", "", rh.pk),
        ("12345678909", "+", "", rh.pk),
        ("39053344705", "~", "novo@exemplo.org", rh.pk),
        ("52998224725", "+", "maria@exemplo.org", rh.pk),
    ]
    antes = Inscricao.history.count()
    importar_inscricoes(certame, _csv(PRIMEIRO), autor=rh, via=via)  # the same file
    assert Inscricao.history.count() == antes
    importar_inscricoes(certame, _csv([PRIMEIRO[0].replace("87,5", "88")]), autor=rh, via=via)
    assert list(Inscricao.history.filter(history_type="~").values_list(
        "numero", "nota", "situacao", "history_user_id")) == [
        ("000001", Decimal("88.0000"), "habilitado", rh.pk)]


@pytest.mark.postgres
@pytest.mark.skipif(connection.vendor != "postgresql", reason="gatilhos do PostgreSQL")
def test_historico_de_colunas_registra_a_nota_corrigida_na_reimportacao(certame, rh):
    importar_inscricoes(certame, _csv(PRIMEIRO), autor=rh, via="copia")
    maria = Inscricao.objects.get(certame=certame, numero="000001")
    criacao = AlteracaoColuna.objects.filter(tabela="candidatos_inscricao",
                                             registro_id=str(maria.pk))
    assert sorted(criacao.values_list("coluna", "operacao", "valor_novo")) == [
        ("desempate", "INSERT", '["40"]'), ("listas", "INSERT", '["PP"]'),
        ("nota", "INSERT", "87.5000"), ("situacao", "INSERT", "habilitado"),
        ("situacao_taxa", "INSERT", "pendente")]
    importar_inscricoes(certame, _csv([PRIMEIRO[0].replace("87,5", "88")]), autor=rh,
                        via="copia")
    mudancas = AlteracaoColuna.objects.filter(tabela="candidatos_inscricao",
                                              operacao="UPDATE")
    assert list(mudancas.values_list("registro_id", "coluna", "valor_anterior",
                                     "valor_novo", "contexto")) == [
        (str(maria.pk), "nota", "87.5000", "88.0000",
         {"certame_id": certame.pk, "cargo_id": maria.cargo_id, "numero": "000001"})]


@pytest.mark.parametrize("via", ["orm", "copia"])
def test_erro_na_linha_n_rejeita_tudo_e_nomeia_a_linha(certame, rh, via):
    if via == "copia" and connection.vendor != "postgresql":
        pytest.skip("COPY do PostgreSQL")
    # Line 4 of the file (header = line 1): a number taken by another candidate's row in
    # the database is found in the second phase, inside the write transaction.
    importar_inscricoes(certame, _csv([PRIMEIRO[1]]), autor=rh, via=via)
    antes = (Candidato.objects.count(), Inscricao.objects.count(), Inscricao.history.count(),
             Candidato.history.count(), Ato.objects.count())
    outro = "000002;71428793860;Outra Pessoa;;;;;ENF;branca;não;não;;;50;1"
    with pytest.raises(ArquivoRejeitado) as exc:
        importar_inscricoes(certame, _csv([PRIMEIRO[0], PRIMEIRO[2], outro, PRIMEIRO[4]]),
                            autor=rh, via=via)
    assert [str(e) for e in exc.value.erros] == [
        "Linha 4, coluna “inscricao”: a inscrição 000002 já existe para outro candidato ou "
        "cargo"]
    assert (Candidato.objects.count(), Inscricao.objects.count(), Inscricao.history.count(),
            Candidato.history.count(), Ato.objects.count()) == antes


@pytest.mark.postgres
@pytest.mark.skipif(connection.vendor != "postgresql", reason="COPY do PostgreSQL")
def test_falha_depois_dos_candidatos_gravados_nao_deixa_nada_e_a_proxima_funciona(
        certame, rh, monkeypatch):
    original = gravacao_copia._inserir_inscricoes_copia
    chamadas = []

    def falha(cursor, linhas):
        chamadas.append(len(linhas))
        original(cursor, linhas)
        raise RuntimeError("disco cheio")

    monkeypatch.setattr(gravacao_copia, "_inserir_inscricoes_copia", falha)
    antes = (Candidato.objects.count(), Candidato.history.count(), Ato.objects.count(),
             AlteracaoColuna.objects.count())
    with pytest.raises(RuntimeError):
        importar_inscricoes(certame, _csv(PRIMEIRO), autor=rh, via="copia")
    assert chamadas == [5]
    assert (Candidato.objects.count(), Candidato.history.count(), Ato.objects.count(),
            AlteracaoColuna.objects.count()) == antes
    assert Inscricao.objects.count() == 0
    # The staging tables went with the rollback: the next import in this connection works.
    monkeypatch.setattr(gravacao_copia, "_inserir_inscricoes_copia", original)
    resumo = importar_inscricoes(certame, _csv(PRIMEIRO), autor=rh, via="copia")
    assert (resumo.inscricoes_criadas, Inscricao.objects.count()) == (5, 5)


NOMES_DIFICEIS = [
    r"Barra \ Invertida \N e \t",  # COPY's escape character and its NULL marker, as text
    "Aspas \"duplas\" e 'simples' D'Ávila",
    # A cell starting with "=" is a formula, refused by the reader: inside, "=" is
    # text like any other.
    "Cmd =cmd|' /C calc'!A0",
    "+55 Sinal; ponto e vírgula",
    "@SOMA(1+1) Ação Ünïcødé 😀",
]


@pytest.mark.parametrize("via", ["orm", "copia"])
def test_texto_com_barras_aspas_e_formulas_e_gravado_como_veio(certame, rh, via):
    if via == "copia" and connection.vendor != "postgresql":
        pytest.skip("COPY do PostgreSQL")
    cpfs = ["52998224725", "11144477735", "12345678909", "71428793860", "86288366757"]
    linhas = []
    for i, (cpf, nome) in enumerate(zip(cpfs, NOMES_DIFICEIS, strict=True)):
        celula = '"' + nome.replace('"', '""') + '"'
        linhas.append(f"{i + 1:06d};{cpf};{celula};{celula};;;;ENF;branca;não;não;;;50;{i}")
    importar_inscricoes(certame, _csv(linhas), autor=rh, via=via)
    assert dict(Candidato.objects.filter(cpf__in=cpfs).values_list("cpf", "nome")) == dict(
        zip(cpfs, NOMES_DIFICEIS, strict=True))
    assert sorted(Candidato.history.filter(cpf__in=cpfs).values_list("nome_social",
                                                                    flat=True)) == sorted(
        NOMES_DIFICEIS)


def test_tabulacao_no_nome_e_recusada_antes_de_gravar(certame, rh):
    linha = '000001;52998224725;"Tab\taqui";;;;;ENF;branca;não;não;;;50;1'
    with pytest.raises(ArquivoRejeitado) as exc:
        importar_inscricoes(certame, _csv([linha]), autor=rh)
    assert [str(e) for e in exc.value.erros] == [
        "Linha 2, coluna “nome”: caractere de controle não permitido"]
    assert Candidato.objects.filter(cpf="52998224725").count() == 0


def test_via_automatica_usa_copia_so_no_postgresql(certame, monkeypatch):
    usadas = []
    monkeypatch.setattr(importar, "_gravar_copia", lambda *a, **k: usadas.append("copia"))
    monkeypatch.setattr(importar, "_gravar_orm", lambda *a, **k: usadas.append("orm"))
    importar_inscricoes(certame, _csv(PRIMEIRO))
    assert usadas == (["copia"] if connection.vendor == "postgresql" else ["orm"])
    if connection.vendor != "postgresql":
        with pytest.raises(ValueError, match="COPY exige PostgreSQL"):
            importar_inscricoes(certame, _csv(PRIMEIRO), via="copia")


# --- the validation's fast paths give the verdicts of the code they bypass -------------------


def test_cpf_rapido_aceita_exatamente_o_que_o_validador_do_localflavor_aceita():
    validador = BRCPFValidator()
    gerador = random.Random(14)
    bases = [f"{gerador.randrange(10**9):09d}" for _ in range(3000)]
    candidatos = ([b + digitos_cpf(b) for b in bases]  # valid
                  + [b + f"{gerador.randrange(100):02d}" for b in bases]  # mostly invalid
                  + [str(d) * 11 for d in range(10)])  # check digits right for some
    aceitos_rapido = aceitos_validador = 0
    for cpf in candidatos:
        try:
            validador(cpf)
            esperado = True
        except ValidationError:
            esperado = False
        try:
            obtido = valores._cpf(cpf) == cpf
        except importacao.ValorInvalido:
            obtido = False
        assert obtido == esperado, cpf
        aceitos_rapido += obtido
        aceitos_validador += esperado
    assert aceitos_rapido == aceitos_validador >= 3000


@pytest.mark.parametrize("email", [
    "a@b.co", "nome.sobrenome+tag@sub.exemplo.org", "x@localhost", "x@[127.0.0.1]",
    "sem-arroba", "a@b", "a@-b.com", "a@b-.com", "a..b@c.com", ".a@c.com", "a@c..com",
    '"aspas com espaço"@exemplo.org', "ç@exemplo.org", "a@exemplo.çom", "a@xn--bcher-kva.ch",
    "a@" + "b" * 64 + ".com", "a" * 300 + "@b.com"])
def test_email_rapido_so_aceita_o_que_o_validador_do_django_aceita(email):
    campo = Candidato._meta.get_field("email")
    try:
        campo.run_validators(email)
        esperado = []
    except ValidationError as exc:
        esperado = list(exc.messages)
    assert importacao.erros_texto("email", email) == esperado


@pytest.mark.parametrize(("texto", "esperado"), [
    ("040", "40"), ("0", "0"), ("000", "0"), ("12345678901234567890", "12345678901234567890"),
    ("1e3", "1000"), ("2,50", "2.50"), ("0000000000000000000001", "1")])
def test_desempate_rapido_igual_ao_decimal(texto, esperado):
    assert importacao.desempate_br(texto) == esperado


@pytest.mark.parametrize("texto", ["05/03/1990", "31/02/2000", "00/01/2000", "1/2/2000",
                                   "2000-01-31", "29/02/2024", "29/02/2023", "05/03/0000"])
def test_data_rapida_igual_ao_strptime(texto):
    esperado = None
    for formato in ("%d/%m/%Y", "%Y-%m-%d", "%d-%m-%Y"):
        try:
            esperado = dt.datetime.strptime(texto, formato).date()
            break
        except ValueError:
            continue
    if esperado is None:
        with pytest.raises(importacao.ValorInvalido):
            importacao.data_br(texto)
    else:
        assert importacao.data_br(texto) == esperado


def test_bench_importacao_imprime_as_tres_medidas():
    saida = io.StringIO()
    call_command("bench_importacao", linhas=40, cargos=3, seed=5, stdout=saida)
    linhas = saida.getvalue().splitlines()
    assert linhas[1].startswith("planilha: 40 linhas")
    assert [linha.split(":")[0] for linha in linhas[2:]] == [
        "primeira importação", "reimportação idêntica", "reimportação, 1 nota em 10 corrigida"]
    assert "(40 criadas, 0 atualizadas, 0 inalteradas; 40 candidatos criados)" in linhas[2]
    assert "(0 criadas, 0 atualizadas, 40 inalteradas; 0 candidatos criados)" in linhas[3]
    assert Inscricao.objects.count() == 40

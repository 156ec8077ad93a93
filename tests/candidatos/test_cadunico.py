"""CadÚnico: the automatic check with numbers worked from Lei 3.057/2026, art. 2º, and the
import of the extract (all or nothing, the file not kept)."""

import datetime as dt
import io
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from openpyxl import Workbook

from candidatos import isencao
from candidatos.importacao import ArquivoRejeitado, ValorInvalido
from candidatos.isencao import cadunico, importar_extrato
from candidatos.isencao.cadunico import DadosCadUnico, verificar
from candidatos.models import ExtratoCadUnico, PedidoIsencao, RegistroCadUnico, SalarioMinimo
from certames.models import Ato
from tests.candidatos.test_isencao_apoio import (
    DURANTE_PEDIDO,
    NIS_A,
    NIS_B,
    NIS_C,
    NIS_D,
    NIS_E,
    certame_severinia,
    inscricao,
    nis_invalido,
    nis_valido,
)

V = PedidoIsencao.Verificacao
S2026 = Decimal("1621.00")  # salário mínimo from 2026-01-01 (seeded by the migration)
S2025 = Decimal("1518.00")
PEDIDO_2026 = dt.date(2026, 3, 10)


def _registros(renda="500.00", atualizacao=dt.date(2025, 12, 1), situacao="ativo", nis=NIS_A):
    return {nis: DadosCadUnico(nis, Decimal(renda), atualizacao, situacao)}


# --- the pure check --------------------------------------------------------------------------


def test_limite_e_meio_salario_minimo_exato():
    # Art. 2º, caput: R$ 1.621,00 / 2 = R$ 810,50; R$ 1.518,00 / 2 = R$ 759,00.
    assert cadunico.limite_renda(S2026) == Decimal("810.50")
    assert cadunico.limite_renda(S2025) == Decimal("759.00")
    # An odd cent: incomes in cents <= 759,005 are exactly those <= 759,00.
    assert cadunico.limite_renda(Decimal("1518.01")) == Decimal("759.00")


def test_renda_igual_ao_limite_e_apta():
    # "igual ou inferior a meio salário mínimo": R$ 810,50 on 2026-03-10 is eligible.
    assert verificar(NIS_A, PEDIDO_2026, _registros("810.50"), S2026) == \
        cadunico.ResultadoVerificacao(V.APTO, Decimal("810.50"), Decimal("810.50"))


def test_um_centavo_acima_do_limite_e_renda_acima():
    assert verificar(NIS_A, PEDIDO_2026, _registros("810.51"), S2026) == \
        cadunico.ResultadoVerificacao(V.RENDA_ACIMA, Decimal("810.51"), Decimal("810.50"))


def test_pedido_de_2025_usa_o_salario_de_2025():
    salario = S2025
    assert verificar(NIS_A, dt.date(2025, 8, 1), _registros("759.01"), salario).codigo == \
        V.RENDA_ACIMA
    assert verificar(NIS_A, dt.date(2025, 8, 1), _registros("759.00"), salario).codigo == V.APTO
    # The same R$ 759,01 is eligible in 2026 (limit R$ 810,50).
    assert verificar(NIS_A, PEDIDO_2026, _registros("759.01"), S2026).codigo == V.APTO


@pytest.mark.django_db
def test_salario_minimo_em_vigor_na_data_do_pedido_vem_da_tabela():
    assert SalarioMinimo.em_vigor(dt.date(2025, 12, 31)).valor == S2025
    assert SalarioMinimo.em_vigor(dt.date(2026, 1, 1)).valor == S2026
    salario = SalarioMinimo.em_vigor(dt.date(2025, 8, 1)).valor
    assert verificar(NIS_A, dt.date(2025, 8, 1), _registros("759.01"), salario).codigo == \
        V.RENDA_ACIMA


def test_atualizacao_ha_mais_de_24_meses_e_desatualizado():
    # Art. 2º, §3º: updated on the request date. 2024-03-09 is more than 24 months before
    # 2026-03-10; 2024-03-10 is exactly 24 months and still updated.
    assert verificar(NIS_A, PEDIDO_2026, _registros(atualizacao=dt.date(2024, 3, 9)),
                     S2026).codigo == V.DESATUALIZADO
    assert verificar(NIS_A, PEDIDO_2026, _registros(atualizacao=dt.date(2024, 3, 10)),
                     S2026).codigo == V.APTO


def test_prazo_de_atualizacao_e_parametro():
    registros = _registros(atualizacao=dt.date(2025, 3, 9))
    assert verificar(NIS_A, PEDIDO_2026, registros, S2026, meses_atualizacao=12).codigo == \
        V.DESATUALIZADO
    assert verificar(NIS_A, PEDIDO_2026, registros, S2026).codigo == V.APTO


def test_cadastro_inativo():
    assert verificar(NIS_A, PEDIDO_2026, _registros(situacao="inativo"), S2026).codigo == \
        V.INATIVO


def test_nis_desconhecido_e_nao_encontrado():
    assert verificar(NIS_B, PEDIDO_2026, _registros(), S2026) == \
        cadunico.ResultadoVerificacao(V.NAO_ENCONTRADO, None, Decimal("810.50"))


def test_sem_extrato():
    assert verificar(NIS_A, PEDIDO_2026, None, S2026).codigo == V.SEM_EXTRATO


def test_sem_salario_minimo_nao_compara_renda():
    with pytest.raises(cadunico.SalarioMinimoAusente):
        verificar(NIS_A, PEDIDO_2026, _registros(), None)


def test_nis_validado_pelo_digito_verificador():
    assert cadunico.validar_nis(NIS_A) == NIS_A
    assert cadunico.validar_nis(f"{NIS_A[:3]}.{NIS_A[3:8]}.{NIS_A[8:10]}-{NIS_A[10]}") == NIS_A
    sem_zero = nis_valido("0123456789")
    assert cadunico.validar_nis(sem_zero.lstrip("0")) == sem_zero
    for ruim in (nis_invalido("1234567890"), "123", "11111111111", ""):
        with pytest.raises(ValorInvalido):
            cadunico.validar_nis(ruim)


# --- the import ------------------------------------------------------------------------------

CABECALHO = "NIS;Renda per capita;Data da última atualização;Situação do cadastro"
REFERENCIA = dt.date(2026, 9, 30)


def _csv(linhas, cabecalho=CABECALHO, encoding="utf-8") -> bytes:
    return ("\n".join([cabecalho, *linhas]) + "\n").encode(encoding)


def _importar(conteudo, referencia=REFERENCIA, autor=None):
    return importar_extrato(conteudo, data_referencia=referencia, nome_arquivo="extrato.csv",
                            autor=autor, agora=DURANTE_PEDIDO)


def _erros(exc):
    return [(e.linha, e.coluna, e.mensagem) for e in exc.value.erros]


@pytest.mark.django_db
def test_importa_csv_utf8_e_guarda_so_os_quatro_dados(rh):
    conteudo = _csv([f"{NIS_A};810,50;01/12/2025;Ativo",
                     f"{NIS_B[:3]}.{NIS_B[3:8]}.{NIS_B[8:10]}-{NIS_B[10]};R$ 1.234,56;"
                     "15/06/2024;inativo"],
                    cabecalho=CABECALHO + ";Nome do responsável")
    resultado = _importar(conteudo, autor=rh)
    assert (resultado.registros, resultado.colunas_ignoradas) == (2, ["Nome do responsável"])
    ext = ExtratoCadUnico.objects.get()
    assert (ext.total_registros, ext.data_referencia, ext.importado_por) == (2, REFERENCIA, rh)
    assert sorted(RegistroCadUnico.objects.values_list(
        "nis", "renda_per_capita", "data_atualizacao", "situacao")) == sorted([
            (NIS_A, Decimal("810.50"), dt.date(2025, 12, 1), "ativo"),
            (NIS_B, Decimal("1234.56"), dt.date(2024, 6, 15), "inativo")])
    ato = Ato.objects.get(tipo="cadunico_importacao")
    assert (ato.autor, ato.depois) == (rh, {"registros": 2,
                                            "colunas_ignoradas": ["Nome do responsável"]})


@pytest.mark.django_db
def test_importa_csv_latin1_com_cabecalho_cecad():
    conteudo = _csv([f"{NIS_A};759,00;01/12/2025;cadastrado", f"{NIS_C};12,5;2025-11-30;excluído"],
                    cabecalho="p.num_nis_pessoa_atual;d.vlr_renda_media_fam;d.dat_atual_fam;"
                              "situação",
                    encoding="latin-1")
    assert _importar(conteudo).registros == 2
    assert dict(RegistroCadUnico.objects.values_list("nis", "situacao")) == {
        NIS_A: "ativo", NIS_C: "inativo"}
    assert RegistroCadUnico.objects.get(nis=NIS_C).renda_per_capita == Decimal("12.50")


@pytest.mark.django_db
def test_importa_xlsx():
    livro = Workbook()
    folha = livro.active
    folha.append(["nis", "renda_per_capita", "data_atualizacao", "situacao"])
    folha.append([NIS_A, "810,50", dt.datetime(2025, 12, 1), "ativo"])
    buffer = io.BytesIO()
    livro.save(buffer)
    assert _importar(buffer.getvalue()).registros == 1
    assert RegistroCadUnico.objects.get().data_atualizacao == dt.date(2025, 12, 1)


@pytest.mark.django_db
def test_cada_erro_listado_por_linha_e_coluna_e_nada_gravado():
    ruim = nis_invalido("1234567890")
    conteudo = _csv([
        f"{NIS_A};810,50;01/12/2025;ativo",            # 2: fine
        f"{ruim};100,00;01/12/2025;ativo",             # 3: bad check digit
        f"{NIS_B};abc;01/12/2025;ativo",               # 4: not a number
        f"{NIS_C};-1,00;01/12/2025;ativo",             # 5: negative income
        f"{NIS_D};10,005;01/12/2025;ativo",            # 6: more than 2 decimals
        f"{NIS_E};10,00;31/02/2025;ativo",             # 7: impossible date
        f"{nis_valido('5555544444')};10,00;01/12/2025;suspenso",  # 8: unknown status
        f"{NIS_A};10,00;01/12/2025;ativo",             # 9: repeated NIS
        f"{nis_valido('4444433333')};;;",              # 10: blanks
        f"{nis_valido('3333322222')};10,00;01/10/2026;ativo",  # 11: after the reference date
    ])
    with pytest.raises(ArquivoRejeitado) as exc:
        _importar(conteudo)
    assert _erros(exc) == [
        (3, "nis", f"NIS inválido “{ruim}” (11 dígitos com dígito verificador válido)"),
        (4, "renda_per_capita", "número inválido “abc”"),
        (5, "renda_per_capita", "renda negativa “-1,00”"),
        (6, "renda_per_capita", "renda “10,005” com mais de 2 casas decimais"),
        (7, "data_atualizacao", "data inválida “31/02/2025” (use DD/MM/AAAA)"),
        (8, "situacao", "situação “suspenso” inválida (ativo ou inativo)"),
        (9, "nis", f"NIS {NIS_A} repetido (já aparece na linha 2)"),
        (10, "data_atualizacao", "valor obrigatório em branco"),
        (10, "renda_per_capita", "valor obrigatório em branco"),
        (10, "situacao", "valor obrigatório em branco"),
        (11, "data_atualizacao",
         "data de atualização 01/10/2026 posterior à data de referência do extrato (30/09/2026)"),
    ]
    assert (ExtratoCadUnico.objects.count(), RegistroCadUnico.objects.count(),
            Ato.objects.count()) == (0, 0, 0)


@pytest.mark.django_db
def test_cabecalho_sem_coluna_obrigatoria_ou_repetida():
    with pytest.raises(ArquivoRejeitado) as exc:
        _importar(_csv([f"{NIS_A};810,50;ativo;x"],
                       cabecalho="nis;renda;situacao;status"))
    assert _erros(exc) == [(1, "status", "coluna repetida"),
                           (1, "data_atualizacao", "coluna obrigatória ausente")]
    assert ExtratoCadUnico.objects.count() == 0


@pytest.mark.django_db
def test_arquivo_vazio_ou_sem_linhas():
    with pytest.raises(ArquivoRejeitado) as exc:
        _importar(b"")
    assert _erros(exc) == [(0, "", "O arquivo está vazio.")]
    with pytest.raises(ArquivoRejeitado) as exc:
        _importar(_csv([]))
    assert _erros(exc) == [(0, "", "O arquivo não tem nenhuma linha de dados.")]


@pytest.mark.django_db
def test_nova_importacao_reverifica_so_os_pedidos_sem_decisao(rh):
    certame = certame_severinia()
    pedidos = {}
    for nis in (NIS_A, NIS_B, NIS_C):
        pedidos[nis] = isencao.solicitar_isencao(
            inscricao(certame), tipo="cadunico", nis=nis, autor=rh, agora=DURANTE_PEDIDO)
    assert {p.verificacao for p in pedidos.values()} == {V.SEM_EXTRATO}
    # The request on NIS_C is decided before the extract arrives: it is not re-checked.
    isencao.decidir_preliminar(pedidos[NIS_C], autor=rh, resultado="deferido",
                               motivacao="Comprovação documental apresentada ao RH.")
    resultado = _importar(_csv([f"{NIS_A};810,50;01/12/2025;ativo",
                                f"{NIS_C};2000,00;01/12/2025;ativo"]), autor=rh)
    assert resultado.reverificados == {V.APTO: 1, V.NAO_ENCONTRADO: 1}
    atuais = {p.nis: p for p in PedidoIsencao.objects.all()}
    assert (atuais[NIS_A].verificacao, atuais[NIS_A].renda_per_capita,
            atuais[NIS_A].limite_renda) == (V.APTO, Decimal("810.50"), Decimal("810.50"))
    assert atuais[NIS_A].extrato == resultado.extrato
    assert atuais[NIS_B].verificacao == V.NAO_ENCONTRADO
    assert atuais[NIS_C].verificacao == V.SEM_EXTRATO
    # A later extract where the family's income rose: the undecided requests follow it.
    _importar(_csv([f"{NIS_A};810,51;01/12/2025;ativo"]), referencia=dt.date(2026, 10, 3))
    assert PedidoIsencao.objects.get(nis=NIS_A).verificacao == V.RENDA_ACIMA


@pytest.mark.django_db
def test_data_de_referencia_futura_e_recusada():
    with pytest.raises(ValidationError):
        _importar(_csv([f"{NIS_A};810,50;01/12/2025;ativo"]), referencia=dt.date(2026, 10, 6))
    assert ExtratoCadUnico.objects.count() == 0


@pytest.mark.django_db
def test_valores_enormes_ou_fora_do_modelo_dao_linha_e_coluna_e_nada_gravado():
    conteudo = _csv([
        "1" * 100_000 + ";810,50;01/12/2025;ativo",                 # 2: 100,000-digit NIS
        f"{NIS_A};123456789,00;01/12/2025;ativo",                  # 3: over the column
        f"{NIS_B};810,50;01/12/2025;" + "a" * 100_000,             # 4: 100,000-char status
        f"{NIS_C};810,50;01/12/0001;ativo",                        # 5: before CadÚnico
    ])
    with pytest.raises(ArquivoRejeitado) as exc:
        _importar(conteudo)
    assert _erros(exc) == [
        (2, "nis", "NIS inválido “" + "1" * 60 + "…” (11 dígitos com dígito verificador "
                   "válido)"),
        (3, "renda_per_capita", "renda “123456789,00” fora do limite: Certifique-se de que "
                                "não tenha mais de 10 dígitos no total."),
        (4, "situacao", "situação “" + "a" * 60 + "…” inválida (ativo ou inativo)"),
        (5, "data_atualizacao", "data de atualização 01/12/0001 anterior à criação do "
                                "CadÚnico (24/07/2001)"),
    ]
    assert (ExtratoCadUnico.objects.count(), RegistroCadUnico.objects.count()) == (0, 0)


@pytest.mark.django_db
def test_campo_maior_que_o_limite_do_leitor_csv_e_rejeitado_com_a_linha():
    conteudo = _csv([f"{NIS_A};810,50;01/12/2025;ativo",
                     f"{NIS_B};810,50;" + "1" * 200_000 + ";ativo"])
    with pytest.raises(ArquivoRejeitado) as exc:
        _importar(conteudo)
    assert _erros(exc) == [(3, "", "um campo tem mais de 131072 caracteres; o CSV não pôde "
                                   "ser lido a partir desta linha")]
    assert ExtratoCadUnico.objects.count() == 0


@pytest.mark.django_db
def test_pagina_do_extrato_com_campo_enorme_responde_com_a_linha_sem_500(client, rh):
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse

    client.force_login(rh)
    arquivo = SimpleUploadedFile(
        "extrato.csv", _csv([f"{NIS_A};810,50;" + "1" * 200_000 + ";ativo"]),
        content_type="text/csv")
    resposta = client.post(reverse("painel:cadunico"),
                           {"arquivo": arquivo, "data_referencia": "2026-01-31",
                            "confirmacao": "on"})
    assert resposta.status_code == 400
    assert "Linha 2: um campo tem mais de 131072 caracteres" in resposta.content.decode()
    assert ExtratoCadUnico.objects.count() == 0


@pytest.mark.django_db
def test_pagina_do_extrato_com_muitos_erros_mostra_os_primeiros_mil_e_o_total(client, rh):
    """The errors are capped (the first 1,000, by line) and the total is shown."""
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse

    client.force_login(rh)
    linhas = ["1;810,50;01/12/2025;ativo" for _ in range(1005)]
    arquivo = SimpleUploadedFile("extrato.csv", _csv(linhas), content_type="text/csv")
    resposta = client.post(reverse("painel:cadunico"),
                           {"arquivo": arquivo, "data_referencia": "2026-01-31",
                            "confirmacao": "on"})
    assert resposta.status_code == 400
    html = resposta.content.decode()
    assert "1005 erros: abaixo, os primeiros 1000, pela ordem das linhas." in html
    assert html.count("<li>Linha ") == 1000
    assert ExtratoCadUnico.objects.count() == 0

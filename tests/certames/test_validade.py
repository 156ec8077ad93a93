"""The certame's validity: counted from the homologation, for the edital's
period of at most two years, extendable once for the same period while valid (Constituição
Federal, art. 37, III); vacancies registered only while valid; the pages show the end.

Dates worked by hand: homologated 15/03/2026, 24 months -> valid until 15/03/2028 (Código
Civil, art. 132, §3º: the day of equal number); extended -> 15/03/2030.
"""

import datetime as dt
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.urls import reverse

from certames.models import AlteracaoColuna, Ato, Certame
from certames.servicos import registrar_vaga_surgida
from certames.validade import fim_da_validade, somar_meses
from classificacao.homologacao import homologar, prorrogar
from classificacao.listas import publicar, recalcular
from comum.somente_insercao import COLUNAS_AUDITADAS
from tests.factories import CargoFactory, CertameFactory, InscricaoFactory

pytestmark = pytest.mark.django_db

PIRANGI = "pirangi-lei3056-2025"
HOMOLOGACAO = dt.date(2026, 3, 15)
MOTIVO = "Interesse público: há cargos vagos e o cadastro de aprovados ainda é suficiente."


def _certame_com_resultado_final(rh, **extra) -> Certame:
    """A Pirangi certame (edital of 10/02/2026) whose one cargo has its final result published;
    nobody opted for a reserved list, so nothing blocks it."""
    certame = CertameFactory(regime=PIRANGI, **extra)
    cargo = CargoFactory(certame=certame, codigo="AUX", vagas=2)
    for numero, nota in (("101", "90"), ("102", "80"), ("103", "70")):
        InscricaoFactory(cargo=cargo, numero=numero, nota=Decimal(nota), listas=[])
    publicar(recalcular(cargo.pk), "final", rh)
    return certame


def _homologado(rh, **extra) -> Certame:
    certame = _certame_com_resultado_final(rh, **extra)
    return homologar(certame, data=HOMOLOGACAO, ato="Decreto 45/2026, DOM de 15/03/2026",
                     autor=rh, hoje=dt.date(2026, 3, 16))


# --- the arithmetic ---------------------------------------------------------------------------


@pytest.mark.parametrize(("inicio", "meses", "fim"), [
    (dt.date(2026, 3, 15), 24, dt.date(2028, 3, 15)),
    (dt.date(2028, 3, 15), 24, dt.date(2030, 3, 15)),
    # The month of the end lacks the day: the next day (CC, art. 132, §3º).
    (dt.date(2026, 1, 31), 1, dt.date(2026, 3, 1)),
    (dt.date(2024, 2, 29), 24, dt.date(2026, 3, 1)),
    (dt.date(2024, 2, 29), 48, dt.date(2028, 2, 29)),
    (dt.date(2026, 8, 31), 6, dt.date(2027, 3, 1)),
])
def test_somar_meses_pelo_codigo_civil(inicio, meses, fim):
    assert somar_meses(inicio, meses) == fim


def test_fim_da_validade_conta_da_homologacao_e_da_prorrogacao():
    assert fim_da_validade(HOMOLOGACAO, 24) == dt.date(2028, 3, 15)
    assert fim_da_validade(HOMOLOGACAO, 24, 24) == dt.date(2030, 3, 15)
    # 12 months from 29/02/2028's certame: 28/02/2029 does not exist -> 01/03/2029; the
    # extension counts from there: 01/03/2030.
    assert fim_da_validade(dt.date(2028, 2, 29), 12, 12) == dt.date(2030, 3, 1)


def test_valido_ate_nao_conta_mais_da_publicacao_do_edital():
    certame = CertameFactory.build(data_publicacao_edital=dt.date(2025, 10, 1),
                                   validade_meses=24)
    assert (certame.valido_ate, certame.valido_em(dt.date(2026, 1, 1))) == (None, False)
    certame.homologado_em = HOMOLOGACAO
    assert certame.valido_ate == dt.date(2028, 3, 15)
    assert [certame.valido_em(d) for d in (dt.date(2026, 3, 14), HOMOLOGACAO,
                                           dt.date(2028, 3, 15), dt.date(2028, 3, 16))] == [
        False, True, True, False]


# --- the edital's period ----------------------------------------------------------------------


def test_validade_de_mais_de_dois_anos_e_recusada_com_o_fundamento():
    certame = CertameFactory.build(regime=PIRANGI, validade_meses=25)
    with pytest.raises(ValidationError) as exc:
        certame.full_clean(exclude=["orgao"])
    assert exc.value.message_dict["validade_meses"] == [
        "A validade do concurso é de até dois anos (24 meses), prorrogável uma vez por igual "
        "período (Constituição Federal, art. 37, III)."]
    certame.validade_meses = 24
    certame.full_clean(exclude=["orgao"])


def test_banco_recusa_validade_de_mais_de_dois_anos():
    with pytest.raises(IntegrityError), transaction.atomic():
        CertameFactory(validade_meses=25)


def test_admin_recusa_validade_de_mais_de_dois_anos(client, rh):
    certame = CertameFactory(regime=PIRANGI)
    client.force_login(rh)
    dados = {"orgao": certame.orgao_id, "numero_edital": certame.numero_edital,
             "titulo": certame.titulo, "tipo": certame.tipo, "regime": certame.regime,
             "data_publicacao_edital": "2026-02-10", "validade_meses": 30,
             "status": certame.status, "parametros": "{}",
             "cargos-TOTAL_FORMS": 0, "cargos-INITIAL_FORMS": 0,
             "etapas-TOTAL_FORMS": 0, "etapas-INITIAL_FORMS": 0}
    resposta = client.post(reverse("admin:certames_certame_change", args=[certame.pk]), dados)
    assert resposta.status_code == 200
    assert resposta.context["adminform"].form.errors["validade_meses"] == [
        "A validade do concurso é de até dois anos (24 meses), prorrogável uma vez por igual "
        "período (Constituição Federal, art. 37, III)."]
    certame.refresh_from_db()
    assert certame.validade_meses == 24


def test_status_homologado_so_pelo_ato_e_validade_fixa_depois(rh):
    certame = CertameFactory.build(regime=PIRANGI, status=Certame.Status.HOMOLOGADO)
    with pytest.raises(ValidationError) as exc:
        certame.full_clean(exclude=["orgao"])
    assert exc.value.message_dict["status"] == [
        "A homologação é um ato: registre-a na página do certame, na gestão, com a data do ato "
        "(o início da validade, Constituição Federal, art. 37, III)."]
    homologado = _homologado(rh)
    homologado.validade_meses = 12
    with pytest.raises(ValidationError) as exc:
        homologado.full_clean()
    assert exc.value.message_dict["validade_meses"] == [
        "O certame foi homologado em 15/03/2026 com validade de 24 meses: o prazo fixado no "
        "edital não muda depois da homologação; a única extensão é a prorrogação, uma vez, por "
        "igual período (Constituição Federal, art. 37, III)."]
    homologado.validade_meses = 24
    homologado.status = Certame.Status.EM_ANDAMENTO
    with pytest.raises(ValidationError) as exc:
        homologado.full_clean()
    assert exc.value.message_dict["status"] == [
        "O certame foi homologado em 15/03/2026: não volta a uma situação anterior à "
        "homologação."]


# --- the homologation act ---------------------------------------------------------------------


def test_homologacao_e_um_ato_que_inicia_a_validade(rh):
    certame = _homologado(rh)
    certame.refresh_from_db()
    assert (certame.homologado_em, certame.status, certame.valido_ate) == (
        HOMOLOGACAO, Certame.Status.HOMOLOGADO, dt.date(2028, 3, 15))
    ato = Ato.objects.get(tipo="homologacao")
    assert (ato.autor, ato.certame, ato.descricao, ato.motivacao, ato.fundamento_legal) == (
        rh, certame,
        "Homologação do resultado final em 15/03/2026 (Decreto 45/2026, DOM de 15/03/2026); "
        "válido até 15/03/2028.",
        "Decreto 45/2026, DOM de 15/03/2026",
        "Constituição Federal, art. 37, III; Código Civil, art. 132, §3º")
    assert (ato.antes, ato.depois) == (
        {"status": "em_andamento", "homologado_em": None},
        {"status": "homologado", "homologado_em": "2026-03-15", "validade_meses": 24,
         "valido_ate": "2028-03-15"})
    with pytest.raises(ValidationError) as exc:
        homologar(certame, data=HOMOLOGACAO, ato="outra vez", autor=rh,
                  hoje=dt.date(2026, 3, 16))
    assert exc.value.messages == ["O certame já foi homologado em 15/03/2026."]


def test_homologacao_exige_o_resultado_final_de_cada_cargo(rh):
    certame = _certame_com_resultado_final(rh)
    sem_final = CargoFactory(certame=certame, codigo="ENF", vagas=1)
    InscricaoFactory(cargo=sem_final, numero="201", nota=Decimal("50"), listas=[])
    CargoFactory(certame=certame, codigo="VAZ", vagas=1)  # no inscrições: nothing to publish
    with pytest.raises(ValidationError) as exc:
        homologar(certame, data=HOMOLOGACAO, ato="Decreto 45/2026", autor=rh,
                  hoje=dt.date(2026, 3, 16))
    assert exc.value.messages == [
        "A homologação é a do resultado final: publique antes o resultado final (homologado) "
        "de cada cargo. Sem resultado final: ENF."]
    certame.refresh_from_db()
    assert (certame.homologado_em, certame.status) == (None, Certame.Status.EM_ANDAMENTO)
    assert not Ato.objects.filter(tipo="homologacao").exists()


@pytest.mark.parametrize(("data", "campo", "mensagem"), [
    (dt.date(2026, 3, 17), "data", "A homologação não pode ter data futura."),
    (dt.date(2026, 2, 9), "data",
     "A homologação não pode ser anterior à publicação do edital (10/02/2026)."),
])
def test_homologacao_com_data_invalida_e_recusada(rh, data, campo, mensagem):
    certame = _certame_com_resultado_final(rh)
    with pytest.raises(ValidationError) as exc:
        homologar(certame, data=data, ato="Decreto 45/2026", autor=rh,
                  hoje=dt.date(2026, 3, 16))
    assert exc.value.message_dict == {campo: [mensagem]}


# --- the extension ----------------------------------------------------------------------------


def test_prorrogacao_uma_vez_por_igual_periodo_enquanto_valido(rh):
    certame = _homologado(rh)
    certame = prorrogar(certame, data=dt.date(2028, 3, 15), motivacao=MOTIVO, autor=rh,
                        hoje=dt.date(2028, 3, 15))
    certame.refresh_from_db()
    assert (certame.prorrogado_em, certame.prorrogacao_meses, certame.valido_ate) == (
        dt.date(2028, 3, 15), 24, dt.date(2030, 3, 15))
    ato = Ato.objects.get(tipo="prorrogacao_validade")
    assert (ato.descricao, ato.motivacao, ato.fundamento_legal) == (
        "Validade prorrogada por 24 meses em 15/03/2028; válido até 15/03/2030.", MOTIVO,
        "Constituição Federal, art. 37, III; Código Civil, art. 132, §3º")
    assert (ato.antes, ato.depois) == (
        {"prorrogado_em": None, "prorrogacao_meses": 0, "valido_ate": "2028-03-15"},
        {"prorrogado_em": "2028-03-15", "prorrogacao_meses": 24, "valido_ate": "2030-03-15"})
    with pytest.raises(ValidationError) as exc:
        prorrogar(certame, data=dt.date(2029, 1, 10), motivacao=MOTIVO, autor=rh,
                  hoje=dt.date(2029, 1, 10))
    assert exc.value.messages == [
        "A validade já foi prorrogada em 15/03/2028: a prorrogação é uma só, por igual período "
        "(Constituição Federal, art. 37, III)."]


def test_prorrogacao_depois_de_expirada_ou_sem_motivacao_e_recusada(rh):
    certame = _homologado(rh)
    with pytest.raises(ValidationError) as exc:
        prorrogar(certame, data=dt.date(2028, 3, 16), motivacao=MOTIVO, autor=rh,
                  hoje=dt.date(2028, 3, 16))
    assert exc.value.messages == [
        "A prorrogação só pode ser decidida enquanto o certame é válido (de 15/03/2026 a "
        "15/03/2028): depois de expirada, a validade não se prorroga (Constituição Federal, "
        "art. 37, III)."]
    with pytest.raises(ValidationError) as exc:
        prorrogar(certame, data=dt.date(2027, 5, 2), motivacao="   ", autor=rh,
                  hoje=dt.date(2027, 5, 2))
    assert list(exc.value.message_dict) == ["motivacao"]
    certame.refresh_from_db()
    assert (certame.prorrogado_em, certame.valido_ate) == (None, dt.date(2028, 3, 15))
    assert not Ato.objects.filter(tipo="prorrogacao_validade").exists()


def test_prorrogacao_antes_da_homologacao_e_recusada(rh):
    certame = _certame_com_resultado_final(rh)
    with pytest.raises(ValidationError) as exc:
        prorrogar(certame, data=dt.date(2026, 3, 1), motivacao=MOTIVO, autor=rh,
                  hoje=dt.date(2026, 3, 1))
    assert exc.value.messages == [
        "A validade só começa com a homologação; este certame ainda não foi homologado "
        "(Constituição Federal, art. 37, III)."]


# --- vacancies only while valid ---------------------------------------------------------------


def test_vaga_surgida_antes_da_homologacao_e_recusada(rh):
    certame = _certame_com_resultado_final(rh)
    cargo = certame.cargos.get()
    with pytest.raises(ValidationError) as exc:
        registrar_vaga_surgida(cargo, quantidade=1, data=dt.date(2026, 3, 1), ato="Lei 9/2026",
                               autor=rh, hoje=dt.date(2026, 3, 1))
    assert exc.value.messages == [
        "Vagas surgidas só podem ser registradas durante a validade do certame, que começa na "
        "homologação (Constituição Federal, art. 37, III); este certame ainda não foi "
        "homologado. Antes dela, as vagas mudam por retificação do edital."]
    assert cargo.vagas_surgidas.count() == 0


def test_vaga_surgida_ate_o_ultimo_dia_da_validade_e_na_prorrogacao(rh):
    certame = _homologado(rh)
    cargo = certame.cargos.get()
    fora = ("O certame é válido de 15/03/2026 a 15/03/2028 (Constituição Federal, art. 37, "
            "III): vagas surgidas fora desse prazo, ou registradas depois dele, não o alcançam.")
    registrar_vaga_surgida(cargo, quantidade=1, data=dt.date(2028, 3, 15), ato="Lei 1/2028",
                           autor=rh, hoje=dt.date(2028, 3, 15))
    for data, hoje in ((dt.date(2028, 3, 16), dt.date(2028, 3, 16)),  # arose after the end
                       (dt.date(2026, 3, 14), dt.date(2026, 4, 1)),  # before the homologation
                       (dt.date(2028, 3, 10), dt.date(2028, 3, 16))):  # registered too late
        with pytest.raises(ValidationError) as exc:
            registrar_vaga_surgida(cargo, quantidade=1, data=data, ato="Lei 2/2028",
                                   autor=rh, hoje=hoje)
        assert exc.value.messages == [fora]
    prorrogar(certame, data=dt.date(2028, 3, 1), motivacao=MOTIVO, autor=rh,
              hoje=dt.date(2028, 3, 1))
    cargo.refresh_from_db()
    cargo.certame.refresh_from_db()
    registrar_vaga_surgida(cargo, quantidade=2, data=dt.date(2030, 3, 15), ato="Lei 3/2030",
                           autor=rh, hoje=dt.date(2030, 3, 15))
    assert list(cargo.vagas_surgidas.values_list("quantidade", "data")) == [
        (1, dt.date(2028, 3, 15)), (2, dt.date(2030, 3, 15))]
    assert cargo.total_vagas() == 5


# --- the pages --------------------------------------------------------------------------------


def test_rh_homologa_e_prorroga_pela_pagina_do_certame(client, rh):
    certame = _certame_com_resultado_final(rh)
    client.force_login(rh)
    url = reverse("painel:certame", args=[certame.pk])
    html = client.get(url).content.decode()
    assert "ainda não homologado (a validade conta da homologação)" in html
    assert 'data-form="homologacao"' in html
    resposta = client.post(reverse("painel:homologar", args=[certame.pk]), {
        "homologacao-data": "2026-03-15", "homologacao-ato": "Decreto 45/2026",
        "homologacao-confirmacao": "on"})
    assert (resposta.status_code, resposta["Location"]) == (302, url)
    certame.refresh_from_db()
    assert (certame.homologado_em, certame.valido_ate) == (HOMOLOGACAO, dt.date(2028, 3, 15))
    html = client.get(url).content.decode()
    assert 'data-validade="15/03/2028"' in html
    assert "válido até 15/03/2028" in html
    # An extension dated before the homologation: the page again, with the reason (400).
    resposta = client.post(reverse("painel:prorrogar", args=[certame.pk]), {
        "prorrogacao-data": "2026-03-01", "prorrogacao-motivacao": MOTIVO,
        "prorrogacao-confirmacao": "on"})
    assert resposta.status_code == 400
    assert resposta.context["form_prorrogacao"].non_field_errors() == [
        "A prorrogação só pode ser decidida enquanto o certame é válido (de 15/03/2026 a "
        "15/03/2028): depois de expirada, a validade não se prorroga (Constituição Federal, "
        "art. 37, III)."]
    resposta = client.post(reverse("painel:prorrogar", args=[certame.pk]), {
        "prorrogacao-data": "2026-04-01", "prorrogacao-motivacao": MOTIVO,
        "prorrogacao-confirmacao": "on"})
    assert resposta.status_code == 302
    html = client.get(url).content.decode()
    assert "válido até 15/03/2030" in html
    assert 'data-prorrogacao="indisponivel"' in html


def test_rh_homologacao_sem_resultado_final_mostra_o_erro(client, rh):
    certame = CertameFactory(regime=PIRANGI)
    cargo = CargoFactory(certame=certame, codigo="AUX")
    InscricaoFactory(cargo=cargo, numero="101", nota=Decimal("90"), listas=[])
    client.force_login(rh)
    assert 'data-homologacao="bloqueada"' in client.get(
        reverse("painel:certame", args=[certame.pk])).content.decode()
    resposta = client.post(reverse("painel:homologar", args=[certame.pk]), {
        "homologacao-data": "2026-03-15", "homologacao-ato": "Decreto 45/2026",
        "homologacao-confirmacao": "on"})
    assert resposta.status_code == 400
    assert resposta.context["form_homologacao"].non_field_errors() == [
        "A homologação é a do resultado final: publique antes o resultado final (homologado) "
        "de cada cargo. Sem resultado final: AUX."]


def test_pagina_publica_mostra_ate_quando_o_certame_vale(client, rh):
    certame = _certame_com_resultado_final(rh)
    url = reverse("certame_publico", args=[certame.pk])
    texto = client.get(url).content.decode()
    assert "Ainda não homologado. A validade, de 24 meses fixados no edital, começa na " \
           "homologação do resultado final" in texto
    homologar(certame, data=HOMOLOGACAO, ato="Decreto 45/2026", autor=rh,
              hoje=dt.date(2026, 3, 16))
    prorrogar(certame, data=dt.date(2027, 6, 1), motivacao=MOTIVO, autor=rh,
              hoje=dt.date(2027, 6, 1))
    resposta = client.get(url)
    assert (resposta.context["validade"].homologado_em,
            resposta.context["validade"].valido_ate) == ("15/03/2026", "15/03/2030")
    texto = resposta.content.decode()
    assert "Homologado em 15/03/2026. <strong>Válido até 15/03/2030</strong>." in texto
    assert "Validade prorrogada em 01/06/2027, por igual período." in texto


def test_pagina_do_cargo_so_oferece_vagas_surgidas_durante_a_validade(client, rh):
    certame = _certame_com_resultado_final(rh)
    cargo = certame.cargos.get()
    client.force_login(rh)
    url = reverse("painel:cargo", args=[cargo.pk])
    acao = reverse("painel:vaga_surgida", args=[cargo.pk])
    html = client.get(url).content.decode()
    assert acao not in html
    assert "O certame ainda não foi homologado" in html
    homologar(certame, data=HOMOLOGACAO, ato="Decreto 45/2026", autor=rh,
              hoje=dt.date(2026, 3, 16))
    resposta = client.get(url)
    assert resposta.context["validade"].valido_ate == "15/03/2028"


# --- the column history (PostgreSQL) ----------------------------------------------------------


def test_colunas_da_validade_sao_auditadas():
    assert COLUNAS_AUDITADAS["certames_certame"] == ((), (
        "regime", "parametros", "status", "validade_meses", "homologado_em", "prorrogado_em",
        "prorrogacao_meses", "criterios_heteroidentificacao"))


@pytest.mark.skipif(connection.vendor != "postgresql", reason="gatilhos só no PostgreSQL")
def test_update_cru_da_homologacao_deixa_rastro(rh):
    certame = _homologado(rh)
    inicio = AlteracaoColuna.objects.order_by("-id").values_list("id", flat=True).first() or 0
    with connection.cursor() as cursor:
        cursor.execute("UPDATE certames_certame SET homologado_em = '2026-01-01', "
                       "prorrogacao_meses = 24 WHERE id = %s", [certame.pk])
    assert sorted(AlteracaoColuna.objects.filter(id__gt=inicio).values_list(
        "tabela", "registro_id", "coluna", "operacao", "valor_anterior", "valor_novo")) == [
        ("certames_certame", str(certame.pk), "homologado_em", "UPDATE", "2026-03-15",
         "2026-01-01"),
        ("certames_certame", str(certame.pk), "prorrogacao_meses", "UPDATE", "0", "24"),
    ]


CONFIRME = "Marque a caixa de confirmação: o ato não pode ser desfeito e nada foi registrado."


def test_homologar_e_prorrogar_exigem_confirmacao(client, rh):
    """Without the box, 400 with the reason and nothing recorded."""
    certame = _certame_com_resultado_final(rh)
    client.force_login(rh)
    html = client.get(reverse("painel:certame", args=[certame.pk])).content.decode()
    assert "A homologação não pode ser desfeita." in html
    atos = Ato.objects.count()
    resposta = client.post(reverse("painel:homologar", args=[certame.pk]), {
        "homologacao-data": "2026-03-15", "homologacao-ato": "Decreto 45/2026"})
    assert resposta.status_code == 400
    assert CONFIRME in resposta.content.decode()
    certame.refresh_from_db()
    assert (Ato.objects.count(), certame.homologado_em) == (atos, None)
    homologar(certame, data=HOMOLOGACAO, ato="Decreto 45/2026", autor=rh)
    atos = Ato.objects.count()
    resposta = client.post(reverse("painel:prorrogar", args=[certame.pk]), {
        "prorrogacao-data": "2026-04-01", "prorrogacao-motivacao": MOTIVO})
    assert resposta.status_code == 400
    assert CONFIRME in resposta.content.decode()
    certame.refresh_from_db()
    assert (Ato.objects.count(), certame.prorrogado_em, certame.valido_ate) == (
        atos, None, dt.date(2028, 3, 15))

"""The confirmation card (the candidate's page, its PDF, the public verification) and RH's
list per venue and room (CSV, XLSX with formula injection neutralised, PDF)."""

from __future__ import annotations

import csv
import datetime as dt
import io

import pytest
from django.urls import reverse
from django.utils import timezone
from openpyxl import load_workbook

from certames.models import Ato, Etapa
from provas.aplicacao import alocacao
from tests.factories import CertameFactory, EtapaFactory
from tests.provas.apoio_aplicacao import mundo

pytestmark = pytest.mark.django_db


@pytest.fixture
def w():
    return mundo()


def _cartao(client, user, insc):
    client.force_login(user)
    return client.get(reverse("portal:cartao", args=[insc.pk]))


def test_antes_da_publicacao_a_pagina_diz_quando(client, w):
    resp = _cartao(client, w.user_daniel, w.daniel)
    assert resp.status_code == 200
    inicio = timezone.localtime(w.etapa.inicio).strftime("%d/%m/%Y %H:%M")
    assert resp.context["cartoes"][0].motivo == (
        "O cartão de confirmação fica disponível quando o RH publicar os locais de prova, "
        f"antes da prova, prevista para {inicio}.")
    pdf = client.get(reverse("portal:cartao_pdf", args=[w.daniel.pk, w.etapa.pk]))
    assert pdf.status_code == 404


def test_cartao_do_proprio_candidato_com_sala_e_condicoes(client, w):
    alocacao.publicar_alocacao(w.etapa, autor=w.rh)
    resp = _cartao(client, w.user_daniel, w.daniel)
    texto = resp.content.decode()
    c = resp.context["cartoes"][0]
    assert c.disponivel is True
    assert c.dados["sala"] == "Sala 1 (acessível)"
    assert c.dados["endereco"] == "Rua das Flores, 100 — Severínia"
    assert c.condicoes == ["Sala de fácil acesso", "Tempo adicional (60 minutos)"]
    assert "Tempo adicional (60 minutos)" in texto and c.lugar.codigo in texto
    pdf = client.get(reverse("portal:cartao_pdf", args=[w.daniel.pk, w.etapa.pk]))
    assert pdf.status_code == 200
    assert pdf["Content-Type"] == "application/pdf" and pdf.content[:5] == b"%PDF-"


def test_inscricao_de_outra_pessoa_404_e_rh_403(client, w):
    alocacao.publicar_alocacao(w.etapa, autor=w.rh)
    assert _cartao(client, w.user_ana, w.daniel).status_code == 404
    pdf = client.get(reverse("portal:cartao_pdf", args=[w.daniel.pk, w.etapa.pk]))
    assert pdf.status_code == 404
    assert _cartao(client, w.rh, w.daniel).status_code == 403


def test_depois_da_prova_nao_ha_mais_cartao(client, w):
    alocacao.publicar_alocacao(w.etapa, autor=w.rh)
    type(w.etapa).objects.filter(pk=w.etapa.pk).update(
        inicio=timezone.now() - dt.timedelta(hours=5), fim=timezone.now() - dt.timedelta(hours=1))
    resp = _cartao(client, w.user_daniel, w.daniel)
    inicio = timezone.localtime(timezone.now() - dt.timedelta(hours=5))
    motivo = resp.context["cartoes"][0].motivo
    assert motivo.startswith(f"A prova foi aplicada em {inicio:%d/%m/%Y}")
    assert motivo.endswith("o cartão de confirmação não está mais disponível.")
    pdf = client.get(reverse("portal:cartao_pdf", args=[w.daniel.pk, w.etapa.pk]))
    assert pdf.status_code == 404


def test_verificacao_publica_mascara_e_nao_mostra_condicoes(client, w):
    alocacao.publicar_alocacao(w.etapa, autor=w.rh)
    lugar = alocacao.lugar_vigente(w.daniel, w.etapa)
    resp = client.get(reverse("verificar_cartao"), {"codigo": lugar.codigo.upper()})
    texto = resp.content.decode()
    v = resp.context["verificacao"]
    assert v.vigente is True
    assert v.dados["nome"] == "Daniel R."
    assert v.dados["cpf"] == w.daniel.candidato.cpf_mascarado
    assert w.daniel.candidato.cpf not in texto and "Daniel Rocha" not in texto
    assert "Tempo adicional" not in texto and "fácil acesso" not in texto
    assert "Sala 1 (acessível)" in texto and resp["Cache-Control"] == "no-store"
    desconhecido = client.get(reverse("verificar_cartao"), {"codigo": "0" * 64})
    assert desconhecido.context["verificacao"] is None
    assert "Nenhum cartão de confirmação tem este código" in desconhecido.content.decode()


def test_lista_por_sala_csv_xlsx_pdf_escapam(client, w):
    w.ana.candidato.nome_social = '=HYPERLINK("http://x")'
    w.ana.candidato.save()
    alocacao.publicar_alocacao(w.etapa, autor=w.rh)
    client.force_login(w.rh)
    resp = client.get(reverse("painel:aplicacao_lista", args=[w.etapa.pk, "csv"]))
    linhas = list(csv.reader(io.StringIO(resp.content.decode("utf-8-sig")), delimiter=";"))
    cpf_daniel = w.daniel.candidato.cpf_mascarado
    assert linhas[0] == ["local", "endereco", "sala", "acessivel", "cargo", "inscricao", "nome",
                         "cpf", "condicoes"]
    assert [linha[2] + ":" + linha[5] for linha in linhas[1:]] == [
        "Sala 1:100003", "Sala 1:100001", "Sala 1:100002", "Sala 2:100005", "Sala 2:100004"]
    assert linhas[3][5:] == ["100002", "Daniel Rocha", cpf_daniel,
                             "Sala de fácil acesso; Tempo adicional (60 minutos)"]
    assert linhas[4][6] == "'=HYPERLINK(\"http://x\")"
    resp = client.get(reverse("painel:aplicacao_lista", args=[w.etapa.pk, "xlsx"]))
    folha = load_workbook(io.BytesIO(resp.content)).active
    valores = [[c.value for c in linha] for linha in folha.iter_rows()]
    assert valores[0][5:] == ["Inscrição", "Nome", "CPF (mascarado)",
                              "Atendimento especializado concedido"]
    assert valores[4][6] == "'=HYPERLINK(\"http://x\")"
    assert folha.cell(row=5, column=7).data_type == "s"
    resp = client.get(reverse("painel:aplicacao_lista", args=[w.etapa.pk, "pdf"]))
    assert resp.status_code == 200 and resp.content[:5] == b"%PDF-"
    assert Ato.objects.filter(tipo="lista_local_prova_exportada").count() == 3


def test_pagina_do_rh_e_publicacao_com_confirmacao(client, w):
    client.force_login(w.rh)
    pagina = client.get(reverse("painel:aplicacao_prova", args=[w.certame.pk]))
    assert pagina.status_code == 200
    assert pagina.context["capacidade"] == 6
    situacao = pagina.context["etapas"][0]["situacao"]
    assert (situacao.inscritos, len(situacao.plano.lugares), situacao.erro) == (5, 5, None)
    url = reverse("painel:aplicacao_alocar", args=[w.etapa.pk])
    assert client.post(url, {}).status_code == 400
    assert alocacao.alocacao_vigente(w.etapa) is None
    resp = client.post(url, {"confirmacao": "on"})
    assert resp.status_code == 302
    assert alocacao.alocacao_vigente(w.etapa).lugares.count() == 5


def test_pdf_do_proprio_cartao_com_etapa_de_outro_certame_404(client, w):
    """The stage in the URL must be one of the inscrição's own: another certame's exam
    stage gives no card."""
    alocacao.publicar_alocacao(w.etapa, autor=w.rh)
    outra = EtapaFactory(certame=CertameFactory(), tipo=Etapa.Tipo.APLICACAO_PROVA,
                         inicio=w.etapa.inicio, fim=w.etapa.fim)
    client.force_login(w.user_daniel)
    assert client.get(reverse("portal:cartao_pdf", args=[w.daniel.pk, outra.pk])
                      ).status_code == 404
    assert client.get(reverse("portal:cartao_pdf", args=[w.daniel.pk, w.etapa.pk])
                      ).status_code == 200

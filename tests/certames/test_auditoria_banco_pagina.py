"""The audit trail's tab "Alterações registradas pelo banco" on any database (the column
history itself is PostgreSQL's: tests/certames/test_auditoria_banco.py)."""

import pytest
from django.db import connection
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_rh_abre_a_aba_do_banco_a_partir_da_trilha(client, rh):
    client.force_login(rh)
    html = client.get(reverse("painel:auditoria")).content.decode()
    assert reverse("painel:auditoria_banco") in html
    resposta = client.get(reverse("painel:auditoria_banco"), {"tabela": "candidatos_inscricao"})
    assert resposta.status_code == 200
    html = resposta.content.decode()
    assert "Alterações registradas pelo banco" in html
    assert [c for c, _nome in resposta.context["colunas"]] == [
        "nota", "desempate", "situacao", "situacao_taxa", "listas", "convocada_em"]
    aviso = "o histórico de colunas não é registrado aqui"
    assert (aviso in html) == (connection.vendor != "postgresql")


def test_aba_do_banco_so_para_rh(client, estranho):
    client.force_login(estranho)
    assert client.get(reverse("painel:auditoria_banco")).status_code == 403

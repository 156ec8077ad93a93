"""Log lines with the request's id and the account's id (operacao/registros.py), the CSP
reports (operacao/views.py) and the error reporting's scrubbing (operacao/erros.py)."""

from __future__ import annotations

import json
import logging

import pytest
from django.urls import reverse

from operacao import erros
from operacao.registros import ContextoRequisicao

pytestmark = pytest.mark.django_db


class _Coletor(logging.Handler):
    def __init__(self):
        super().__init__()
        self.registros: list[logging.LogRecord] = []
        self.addFilter(ContextoRequisicao())

    def emit(self, record):
        self.registros.append(record)


@pytest.fixture
def coletor():
    handler = _Coletor()
    logger = logging.getLogger("operacao.csp")
    logger.addHandler(handler)
    try:
        yield handler
    finally:
        logger.removeHandler(handler)


def _relatorio(client, corpo, **cabecalhos):
    return client.post(reverse("relatorio_csp"), data=json.dumps(corpo),
                       content_type="application/csp-report", **cabecalhos)


def test_cada_resposta_tem_o_id_da_requisicao(client):
    recebido = client.get(reverse("saude"), HTTP_X_REQUEST_ID="a1b2c3d4e5f60718")
    assert recebido["X-Request-ID"] == "a1b2c3d4e5f60718"
    # An id that is not a plain token is replaced by one of ours (32 hex digits).
    trocado = client.get(reverse("saude"), HTTP_X_REQUEST_ID="<script>")
    assert trocado["X-Request-ID"] != "<script>"
    assert len(trocado["X-Request-ID"]) == 32


def test_o_registro_leva_o_id_da_requisicao_e_da_conta(client, rh, coletor):
    client.force_login(rh)
    resposta = _relatorio(client, {"csp-report": {
        "document-uri": "https://certames.example/candidato/?token=segredo",
        "violated-directive": "script-src", "blocked-uri": "inline",
        "script-sample": "alert(1)"}}, HTTP_X_REQUEST_ID="req-0000000042")
    assert resposta.status_code == 204
    [registro] = coletor.registros
    assert (registro.request_id, registro.levelname) == ("req-0000000042", "WARNING")
    assert registro.getMessage() == (
        'violação da CSP: {"blocked-uri": "inline", "document-uri": '
        '"https://certames.example/candidato/", "violated-directive": "script-src"}')
    # The account's primary key, never its username (a candidate's is a CPF).
    assert registro.user_id == str(rh.pk)


def test_relatorio_da_api_de_relatorios_e_aceito(client, coletor):
    resposta = client.post(reverse("relatorio_csp"), data=json.dumps([
        {"type": "csp-violation", "body": {"documentURL": "https://x.example/rh/",
                                           "effectiveDirective": "style-src"}}]),
        content_type="application/reports+json")
    assert resposta.status_code == 204
    assert [r.user_id for r in coletor.registros] == ["-"]  # anonymous
    assert [r.getMessage() for r in coletor.registros] == [
        'violação da CSP: {"documentURL": "https://x.example/rh/", '
        '"effectiveDirective": "style-src"}']


def test_corpo_que_nao_e_relatorio_e_recusado_sem_registro(client, coletor):
    assert client.post(reverse("relatorio_csp"), data="isto não é json",
                       content_type="application/csp-report").status_code == 400
    assert _relatorio(client, {"outra": "coisa"}).status_code == 400
    assert client.get(reverse("relatorio_csp")).status_code == 405
    assert coletor.registros == []


def test_o_relato_de_erros_mascara_cpfs():
    evento = {"message": "falhou a inscrição de 529.982.247-25",
              "extra": {"linhas": ["cpf 52998224725", "nota 7"]}}
    assert erros.limpar(evento) == {
        "message": "falhou a inscrição de ***.***.***-**",
        "extra": {"linhas": ["cpf ***.***.***-**", "nota 7"]}}
    assert erros.opcoes("https://k@erros.example/1")["send_default_pii"] is False
    assert erros.iniciar() is False  # no SENTRY_DSN: nothing starts

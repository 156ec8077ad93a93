"""One-time links kept out of the logs: the sign-up confirmation's token
leaves the address at the link's first request (into the session, as Django's password reset
does), and every logger that writes request paths hides the token of a sign-up, reset or
invitation link."""

import logging
import re

import pytest
from django.contrib.auth.models import User
from django.contrib.auth.tokens import default_token_generator
from django.core import mail
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from candidatos.models import PedidoCadastro
from comum.seguranca import OCULTO, ocultar_links
from tests.candidatos.apoio_contas import cadastrar, link_do_email, postar
from tests.factories import gerar_cpf, usuario

pytestmark = pytest.mark.django_db


class Guardar(logging.Handler):
    def __init__(self):
        super().__init__()
        self.linhas: list[str] = []

    def emit(self, record):
        self.linhas.append(record.getMessage())


@pytest.fixture
def registros():
    guardar = Guardar()
    nomes = ("django.server", "django.request", "gunicorn.access")
    for nome in nomes:
        logging.getLogger(nome).addHandler(guardar)
    yield guardar
    for nome in nomes:
        logging.getLogger(nome).removeHandler(guardar)


def _caminho_e_token(link: str) -> tuple[str, str]:
    caminho = re.sub(r"^https?://[^/]+", "", link)
    return caminho, caminho.rstrip("/").rsplit("/", 1)[1]


def test_link_de_cadastro_leva_o_token_para_a_sessao_e_sai_do_endereco(client):
    cpf = gerar_cpf()
    cadastrar(client, cpf)
    caminho, token = _caminho_e_token(link_do_email(mail.outbox[0]))
    uidb64 = caminho.rstrip("/").rsplit("/", 2)[1]
    aberto = client.get(caminho)
    sem_token = reverse("portal:confirmar", args=[uidb64, "confirmar"])
    assert (aberto.status_code, aberto.url) == (302, sem_token)
    pagina = client.get(sem_token)
    assert pagina.status_code == 200
    assert token not in pagina.content.decode()
    assert 'action="' not in pagina.content.decode().split("<form", 1)[1].split(">", 1)[0]
    resposta = postar(client, sem_token, {"confirmacao": "on"})
    assert (resposta.status_code, resposta.url) == (302, reverse("login"))
    assert PedidoCadastro.objects.get(cpf=cpf).situacao == "concluido"
    assert User.objects.filter(username=cpf, is_active=True).exists()


def test_pagina_sem_token_na_sessao_e_recusada(client):
    cpf = gerar_cpf()
    cadastrar(client, cpf)
    caminho, _token = _caminho_e_token(link_do_email(mail.outbox[0]))
    uidb64 = caminho.rstrip("/").rsplit("/", 2)[1]
    outro = client.__class__()  # another browser: no session with the token
    resposta = postar(outro, reverse("portal:confirmar", args=[uidb64, "confirmar"]),
                      {"confirmacao": "on"})
    assert resposta.status_code == 400
    assert PedidoCadastro.objects.get(cpf=cpf).situacao == "aguardando"


def test_link_invalido_registrado_pelo_django_sem_o_token(client, registros):
    cpf = gerar_cpf()
    cadastrar(client, cpf)
    caminho, token = _caminho_e_token(link_do_email(mail.outbox[0]))
    falso = caminho.replace(token, "abc-0123456789abcdef")
    assert client.get(falso).status_code == 400
    avisos = [linha for linha in registros.linhas if "Bad Request" in linha]
    uidb64 = caminho.rstrip("/").rsplit("/", 2)[1]
    assert avisos == [f"Bad Request: /candidato/cadastro/confirmar/{OCULTO}/{OCULTO}/"]
    assert not any(uidb64 in linha or "abc-0123456789abcdef" in linha
                   for linha in registros.linhas)


def test_registro_de_acesso_do_runserver_e_do_gunicorn_sem_tokens(registros):
    user = usuario("convidado")
    uidb64 = urlsafe_base64_encode(force_bytes(user.pk))
    token = default_token_generator.make_token(user)
    redefinir = reverse("password_reset_confirm", kwargs={"uidb64": uidb64, "token": token})
    # runserver (django.core.servers.basehttp.WSGIRequestHandler.log_message)
    logging.getLogger("django.server").info('"%s" %s %s', f"GET {redefinir} HTTP/1.1", "302",
                                            "0")
    # gunicorn's access log: its format applied to a dict of atoms
    logging.getLogger("gunicorn.access").info(
        '%(h)s "%(r)s" %(s)s', {"h": "10.0.0.1", "r": f"GET {redefinir}?x=1 HTTP/1.1", "s": "302"})
    assert registros.linhas == [
        f'"GET /contas/reset/{OCULTO}/{OCULTO}/ HTTP/1.1" 302 0',
        f'10.0.0.1 "GET /contas/reset/{OCULTO}/{OCULTO}/?x=1 HTTP/1.1" 302']


def test_etapas_sem_token_e_outros_caminhos_ficam_como_estao():
    assert ocultar_links("GET /contas/reset/MQ/set-password/ HTTP/1.1") == (
        f"GET /contas/reset/{OCULTO}/set-password/ HTTP/1.1")
    assert ocultar_links("GET /candidato/cadastro/confirmar/MQ/confirmar/") == (
        f"GET /candidato/cadastro/confirmar/{OCULTO}/confirmar/")
    assert ocultar_links("GET /candidato/inscricoes/12/ HTTP/1.1") == (
        "GET /candidato/inscricoes/12/ HTTP/1.1")

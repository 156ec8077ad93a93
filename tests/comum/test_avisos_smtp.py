"""The outbox against a real SMTP server on 127.0.0.1 (aiosmtpd): a server that refuses
(550 to RCPT or DATA: permanent, one try; 451: transient, tried `AVISOS_TENTATIVAS` times)
ends the notice "falhou" and RH's procedure page says so with the server's words; a server
that accepts ends it "enviado" with the text it received."""

from __future__ import annotations

import socket
from email import message_from_bytes, policy

import pytest
from aiosmtpd.controller import Controller
from django.urls import reverse

from comum.models import Aviso, TentativaAviso
from tests.candidatos.test_procedimentos_paginas import _abrir, cenario  # noqa: F401

pytestmark = pytest.mark.django_db


class Servidor:
    """An aiosmtpd handler answering `rcpt` to RCPT TO and `data` to DATA (None: accept)."""

    def __init__(self, rcpt: str | None = None, data: str | None = None):
        self.rcpt, self.data, self.recebidas = rcpt, data, []

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if self.rcpt:
            return self.rcpt
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        if self.data:
            return self.data
        self.recebidas.append(message_from_bytes(envelope.content, policy=policy.default))
        return "250 Message accepted for delivery"


def _porta_livre() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def smtp(settings):
    """Start a local server with the handler given; the project's SMTP backend points at it."""
    controladores = []

    def iniciar(handler: Servidor) -> Servidor:
        porta = _porta_livre()
        # A fixed name: no DNS look-up of the machine's own name per connection.
        controlador = Controller(handler, hostname="127.0.0.1", port=porta,
                                 server_hostname="localhost")
        controlador.start()
        controladores.append(controlador)
        settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
        settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", porta
        settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
        settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
        settings.EMAIL_TIMEOUT = 5
        return handler

    yield iniciar
    for controlador in controladores:
        controlador.stop()


def _abrir_procedimento(cenario, rh, capturar):  # noqa: F811
    with capturar(execute=True):
        proc = _abrir(cenario, rh)
    return proc, Aviso.objects.get(nome="procedimento_instaurado")


def _pagina(client, rh, proc) -> str:
    client.force_login(rh)
    return client.get(reverse("painel:procedimentos_detalhe", args=[proc.pk])).content.decode()


@pytest.mark.parametrize("recusa", [{"rcpt": "550 5.1.1 Mailbox unavailable"},
                                    {"data": "550 5.7.1 Message rejected"}])
def test_servidor_que_recusa_com_550_falha_na_primeira_tentativa(
        client, rh, cenario, smtp, recusa, django_capture_on_commit_callbacks):  # noqa: F811
    servidor = smtp(Servidor(**recusa))
    proc, aviso = _abrir_procedimento(cenario, rh, django_capture_on_commit_callbacks)
    aviso.refresh_from_db()
    codigo = (recusa.get("rcpt") or recusa["data"]).split()[1]
    assert (aviso.estado, aviso.tentativas, aviso.ato.tipo, aviso.inscricao) == (
        "falhou", 1, "procedimento_instaurado", cenario)
    assert codigo in aviso.ultimo_erro
    assert list(TentativaAviso.objects.filter(aviso=aviso).values_list("resultado", flat=True)
                ) == ["permanente"]
    assert servidor.recebidas == []
    html = _pagina(client, rh, proc)
    assert "aviso falhou: " in html
    assert codigo in html
    assert "(1 tentativa)" in html
    assert reverse("painel:reenviar_aviso", args=[aviso.pk]) in html


def test_servidor_com_falha_temporaria_e_tentado_ate_o_limite(
        client, rh, cenario, smtp, settings,  # noqa: F811
        django_capture_on_commit_callbacks):
    settings.AVISOS_TENTATIVAS = 3
    smtp(Servidor(rcpt="451 4.3.0 Try again later"))
    proc, aviso = _abrir_procedimento(cenario, rh, django_capture_on_commit_callbacks)
    aviso.refresh_from_db()
    assert (aviso.estado, aviso.tentativas) == ("falhou", 3)
    assert list(TentativaAviso.objects.filter(aviso=aviso).values_list("resultado", flat=True)
                ) == ["transitorio"] * 3
    assert "(3 tentativas)" in _pagina(client, rh, proc)


def test_servidor_que_aceita_enviado(client, rh, cenario, smtp,  # noqa: F811
                                     django_capture_on_commit_callbacks):
    servidor = smtp(Servidor())
    proc, aviso = _abrir_procedimento(cenario, rh, django_capture_on_commit_callbacks)
    aviso.refresh_from_db()
    assert (aviso.estado, aviso.tentativas, aviso.ultimo_erro) == ("enviado", 1, "")
    assert aviso.enviado_em is not None
    assert len(servidor.recebidas) == 1
    recebida = servidor.recebidas[0]
    assert (recebida["subject"].strip(), recebida["to"]) == (aviso.assunto, aviso.para)
    # What the server received is the text the outbox kept (SMTP lines end in CRLF).
    assert recebida.get_content().replace("\r\n", "\n").strip() == aviso.corpo.strip()
    html = _pagina(client, rh, proc)
    assert "aviso enviado em " in html


def test_reenviar_registra_nova_tentativa(client, rh, cenario, smtp,  # noqa: F811
                                          django_capture_on_commit_callbacks):
    recusa = Servidor(rcpt="550 5.1.1 Mailbox unavailable")
    smtp(recusa)
    proc, aviso = _abrir_procedimento(cenario, rh, django_capture_on_commit_callbacks)
    client.force_login(rh)
    url = reverse("painel:reenviar_aviso", args=[aviso.pk])
    # Without the box: refused, nothing queued.
    assert client.post(url).status_code == 400
    assert TentativaAviso.objects.filter(aviso=aviso).count() == 1
    recusa.rcpt = None  # the address was fixed at the server
    with django_capture_on_commit_callbacks(execute=True):
        resposta = client.post(url, {"confirmacao": "on"},
                               HTTP_REFERER="http://testserver" + reverse(
                                   "painel:procedimentos_detalhe", args=[proc.pk]))
    assert resposta.status_code == 302
    aviso.refresh_from_db()
    assert (aviso.estado, aviso.tentativas) == ("enviado", 2)
    assert list(TentativaAviso.objects.filter(aviso=aviso).values_list("resultado", flat=True)
                ) == ["permanente", "enviado"]
    assert len(recusa.recebidas) == 1

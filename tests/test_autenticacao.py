import re

import pytest
from axes.models import AccessAttempt
from django.core import mail
from django.test import override_settings
from django.urls import reverse

from comum import emails
from comum.models import Aviso
from tests import segundo_fator_apoio

pytestmark = pytest.mark.django_db


def test_login_e_logout(client, rh):
    resposta = client.post(reverse("login"), {"username": "rh_teste",
                                              "password": "senha-teste-123"})
    assert resposta.status_code == 302
    # RH passes the second factor after the password (dois_fatores/; tests/dois_fatores/).
    assert client.get(reverse("painel:painel")).status_code == 302
    codigo = segundo_fator_apoio.codigo_atual(rh)
    client.post(reverse("dois_fatores:verificar"), {"codigo": codigo})
    assert client.get(reverse("painel:painel")).status_code == 200
    client.post(reverse("logout"))
    assert client.get(reverse("painel:painel")).status_code == 302


@override_settings(AXES_ENABLED=True, AXES_FAILURE_LIMIT=3)
def test_axes_bloqueia_apos_tentativas_erradas(client, rh):
    for _ in range(3):
        client.post(reverse("login"), {"username": "rh_teste", "password": "errada"})
    resposta = client.post(reverse("login"), {"username": "rh_teste",
                                              "password": "senha-teste-123"})
    assert resposta.status_code == 429
    assert "bloqueado" in resposta.content.decode().lower()


def test_recuperacao_de_senha_envia_email(client, rh):
    rh.email = "rh@prefeitura.example"
    rh.save()
    resposta = client.post(reverse("password_reset"), {"email": "rh@prefeitura.example"})
    assert resposta.status_code == 302
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["rh@prefeitura.example"]
    assert "/contas/reset/" in mail.outbox[0].body


def test_recuperacao_de_senha_fica_na_caixa_de_saida_sem_o_link(client, rh):
    rh.email = "rh@prefeitura.example"
    rh.save()
    client.post(reverse("password_reset"), {"email": "RH@prefeitura.example"})
    enviada = mail.outbox[0]
    link = re.search(r"https?://\S+/contas/reset/\S+", enviada.body).group(0)
    aviso = Aviso.objects.get()
    assert (aviso.nome, aviso.para, aviso.usuario, aviso.sigiloso, aviso.estado) == (
        "redefinicao_senha", "rh@prefeitura.example", rh, True, "enviado")
    assert aviso.assunto == enviada.subject == "Nova senha em testserver"
    # What was said is recorded, the link is not: the body is the sent one with the link
    # replaced, and the outbox cannot send it again.
    assert aviso.corpo == enviada.body.replace(link, str(emails.OMITIDO))
    assert "/contas/reset/" not in aviso.corpo
    assert "Seu usuário: rh_teste" in aviso.corpo
    # The link the account received works (a worker made it: it never went through the broker).
    aberto = client.get(re.sub(r"^https?://[^/]+", "", link))
    assert (aberto.status_code, aberto["Location"].endswith("/set-password/")) == (302, True)


def test_recuperacao_de_senha_sem_conta_nada_registra(client, rh):
    client.post(reverse("password_reset"), {"email": "ninguem@prefeitura.example"})
    assert (mail.outbox, Aviso.objects.count()) == ([], 0)


# --- the lock-out behind a reverse proxy ----------------------------------


def _entrar_de(client, xff, senha):
    return client.post(reverse("login"), {"username": "rh_teste", "password": senha},
                       REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR=xff)


@override_settings(AXES_ENABLED=True, AXES_FAILURE_LIMIT=3, NUM_PROXIES=1)
def test_atras_do_proxy_cada_cliente_e_bloqueado_a_parte(client, rh):
    # Every request comes from the proxy (10.0.0.2); it reports the client in X-Forwarded-For.
    assert [_entrar_de(client, "203.0.113.5", "errada").status_code
            for _ in range(3)] == [200, 200, 429]
    assert _entrar_de(client, "203.0.113.5", "senha-teste-123").status_code == 429
    # RH at another address is not locked out by the first one's errors.
    assert _entrar_de(client, "198.51.100.7", "senha-teste-123").status_code == 302
    assert list(AccessAttempt.objects.values_list("ip_address", flat=True)) == ["203.0.113.5"]


@override_settings(AXES_ENABLED=True, AXES_FAILURE_LIMIT=3)
def test_sem_proxy_configurado_o_cabecalho_nao_muda_nada(client, rh):
    # A client forging a new X-Forwarded-For on each attempt is still the connection's
    # address: it is locked out after three, whatever header it sends next.
    assert [_entrar_de(client, xff, "errada").status_code
            for xff in ("1.1.1.1", "2.2.2.2", "3.3.3.3")] == [200, 200, 429]
    assert _entrar_de(client, "4.4.4.4", "senha-teste-123").status_code == 429
    assert list(AccessAttempt.objects.values_list("ip_address", flat=True)) == ["10.0.0.2"]


@override_settings(AXES_ENABLED=True, AXES_FAILURE_LIMIT=3, NUM_PROXIES=1)
def test_atras_do_proxy_o_cabecalho_forjado_pelo_cliente_nao_o_desbloqueia(client, rh):
    # The client writes its own X-Forwarded-For; the proxy appends the address it saw.
    for forjado in ("1.1.1.1", "2.2.2.2", "3.3.3.3"):
        _entrar_de(client, f"{forjado}, 203.0.113.5", "errada")
    assert _entrar_de(client, "4.4.4.4, 203.0.113.5", "senha-teste-123").status_code == 429

import pytest
from django.core import mail
from django.test import override_settings
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_login_e_logout(client, rh):
    resposta = client.post(reverse("login"), {"username": "rh_teste",
                                              "password": "senha-teste-123"})
    assert resposta.status_code == 302
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

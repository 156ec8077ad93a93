"""RH creates a committee member's account from its own pages; the person sets
the password through the e-mailed link."""

import re

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.core import mail
from django.urls import reverse

from certames.models import Ato
from comissoes.models import MembroComissao
from tests.comissoes.fabricas import ComissaoFactory
from tests.factories import usuario

DADOS = {"nome": "Beatriz Lima Aragão", "email": "Beatriz.Aragao@example.org",
         "papel": "suplente", "genero": "feminino", "cor_raca": "preta",
         "regiao": "nordeste", "confirmacao": "on"}


@pytest.fixture
def comissao():
    return ComissaoFactory(certame__regime="smbv-lc22-2026")


@pytest.mark.django_db(transaction=True)
def test_rh_cria_a_conta_o_convite_chega_e_o_link_define_a_senha(client, comissao):
    rh = usuario("rh_conta", "RH", staff=True)
    client.force_login(rh)
    resposta = client.post(reverse("painel:criar_membro", args=[comissao.pk]), DADOS)
    assert resposta.status_code == 302
    membro = MembroComissao.objects.get(comissao=comissao)
    conta = membro.usuario
    assert (conta.username, conta.email, conta.get_full_name(), membro.papel) == (
        "beatriz.aragao@example.org", "beatriz.aragao@example.org", "Beatriz Lima Aragão",
        "suplente")
    assert list(conta.groups.values_list("name", flat=True)) == ["Comissao"]
    assert conta.has_usable_password() is False
    assert Ato.objects.filter(tipo="conta_membro_criada").count() == 1
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["beatriz.aragao@example.org"]
    link = re.search(r"https?://\S+/contas/reset/\S+/", mail.outbox[0].body).group(0)
    caminho = re.sub(r"^https?://[^/]+", "", link)
    client.logout()
    pagina = client.get(caminho, follow=True)
    assert pagina.status_code == 200
    senha = "Nova-senha-da-comissao-2026"
    final = client.post(pagina.redirect_chain[-1][0],
                        {"new_password1": senha, "new_password2": senha})
    assert final.status_code == 302
    assert authenticate(username="beatriz.aragao@example.org", password=senha) == conta
    login = client.post(reverse("login"), {"username": "beatriz.aragao@example.org",
                                           "password": senha})
    assert login.url == "/comissao/"


@pytest.mark.django_db
def test_email_repetido_e_recusado_sem_gravar_nada(client, comissao):
    usuario("ja_existe", "Comissao")
    get_user_model().objects.filter(username="ja_existe").update(
        email="beatriz.aragao@example.org")
    client.force_login(usuario("rh_conta", "RH", staff=True))
    antes = (get_user_model().objects.count(), Ato.objects.count())
    resposta = client.post(reverse("painel:criar_membro", args=[comissao.pk]), DADOS)
    assert resposta.status_code == 400
    assert "Já existe uma conta com este e-mail" in resposta.content.decode()
    assert (get_user_model().objects.count(), Ato.objects.count()) == antes
    assert MembroComissao.objects.count() == 0
    assert mail.outbox == []


@pytest.mark.django_db
@pytest.mark.parametrize("grupo", ["Comissao", "Candidato"])
def test_quem_nao_e_rh_recebe_403(client, comissao, grupo):
    client.force_login(usuario(f"x_{grupo}", grupo))
    resposta = client.post(reverse("painel:criar_membro", args=[comissao.pk]), DADOS)
    assert resposta.status_code == 403
    assert get_user_model().objects.filter(email__iexact=DADOS["email"]).exists() is False

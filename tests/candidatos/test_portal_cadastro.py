"""Candidate portal: sign-up by CPF, e-mail confirmation and log-in with a masked CPF."""

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import override_settings
from django.urls import reverse

from candidatos.models import Candidato, formatar_cpf
from candidatos.portal import link_confirmacao
from certames.models import Ato
from certames.papeis import e_candidato
from tests.factories import CandidatoFactory, gerar_cpf, usuario

pytestmark = pytest.mark.django_db

SENHA = "Pirangi-2026-senha"


def dados_cadastro(cpf: str, **extra) -> dict:
    return {"cpf": cpf, "nome": "Joana Maria dos Santos", "nome_social": "",
            "data_nascimento": "1994-05-17", "email": "joana@example.com",
            "telefone": "(17) 99123-4567", "password1": SENHA, "password2": SENHA, **extra}


def link_do_email(mensagem) -> str:
    return re.search(r"https?://\S+/candidato/cadastro/confirmar/\S+/", mensagem.body).group(0)


def test_cadastro_valido_cria_conta_inativa_e_envia_link(client):
    cpf = gerar_cpf()
    resposta = client.post(reverse("portal:cadastro"), dados_cadastro(formatar_cpf(cpf)))
    assert resposta.status_code == 302
    assert resposta["Location"] == reverse("portal:cadastro_enviado")
    user = User.objects.get(username=cpf)
    assert (user.is_active, user.email, user.first_name) == (
        False, "joana@example.com", "Joana Maria dos Santos")
    assert user.check_password(SENHA)
    assert list(user.groups.values_list("name", flat=True)) == []
    candidato = Candidato.objects.get(cpf=cpf)
    assert (candidato.usuario, candidato.nome, candidato.telefone,
            str(candidato.data_nascimento)) == (None, "Joana Maria dos Santos",
                                                "(17) 99123-4567", "1994-05-17")
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["joana@example.com"]
    assert mail.outbox[0].subject == "Confirme seu cadastro no portal do candidato"
    assert "/candidato/cadastro/confirmar/" in mail.outbox[0].body
    assert Ato.objects.filter(tipo="cadastro_candidato").count() == 1


def test_cadastro_aceita_cpf_sem_mascara(client):
    cpf = gerar_cpf()
    client.post(reverse("portal:cadastro"), dados_cadastro(cpf))
    assert User.objects.filter(username=cpf, is_active=False).count() == 1


@pytest.mark.parametrize("cpf", ["123.456.789-00", "11111111111", "1234", "529.982.247-2X"])
def test_cadastro_recusa_cpf_invalido(client, cpf):
    resposta = client.post(reverse("portal:cadastro"), dados_cadastro(cpf))
    assert resposta.status_code == 200
    assert "cpf" in resposta.context["form"].errors
    assert User.objects.count() == 0
    assert Candidato.objects.count() == 0
    assert mail.outbox == []


def test_cadastro_recusa_senhas_diferentes_e_senha_fraca(client):
    cpf = gerar_cpf()
    resposta = client.post(reverse("portal:cadastro"),
                           dados_cadastro(cpf, password2="outra-coisa-123"))
    assert resposta.context["form"].errors["password2"] == ["As senhas não conferem."]
    resposta = client.post(reverse("portal:cadastro"),
                           dados_cadastro(cpf, password1="12345678", password2="12345678"))
    assert "password1" in resposta.context["form"].errors
    assert User.objects.count() == 0


def test_cadastro_recusa_cpf_com_conta_existente(client):
    candidato = CandidatoFactory()
    dono = usuario("dona", "Candidato")
    candidato.usuario = dono
    candidato.save()
    resposta = client.post(reverse("portal:cadastro"), dados_cadastro(candidato.cpf))
    erros = resposta.context["form"].errors["cpf"]
    assert erros == ["Já existe uma conta para este CPF. Entre com o CPF e a senha ou use "
                     "“Esqueceu a senha?”; se você não reconhece essa conta, procure a "
                     "organizadora do certame."]
    assert not User.objects.filter(username=candidato.cpf).exists()
    assert mail.outbox == []


def test_cadastro_recusa_cpf_de_conta_ativa(client):
    cpf = gerar_cpf()
    User.objects.create_user(username=cpf, password="x-senha-123")
    resposta = client.post(reverse("portal:cadastro"), dados_cadastro(cpf))
    assert "cpf" in resposta.context["form"].errors
    assert mail.outbox == []


def test_cadastro_vincula_candidato_importado_sem_duplicar(client):
    importado = CandidatoFactory(nome="JOANA MARIA DOS SANTOS", telefone="",
                                 email="antigo@example.com")
    client.post(reverse("portal:cadastro"), dados_cadastro(formatar_cpf(importado.cpf)))
    assert Candidato.objects.filter(cpf=importado.cpf).count() == 1
    importado.refresh_from_db()
    # The banca's data are kept; blanks are filled; not linked before the confirmation.
    assert (importado.nome, importado.telefone, importado.usuario) == (
        "JOANA MARIA DOS SANTOS", "(17) 99123-4567", None)
    resposta = client.get(link_do_email(mail.outbox[0]))
    assert resposta.status_code == 302
    importado.refresh_from_db()
    user = User.objects.get(username=importado.cpf)
    assert importado.usuario == user
    assert importado.email == "joana@example.com"
    assert e_candidato(user)
    assert Candidato.objects.count() == 1


def test_novo_cadastro_sem_confirmar_reenvia_o_link(client):
    cpf = gerar_cpf()
    client.post(reverse("portal:cadastro"), dados_cadastro(cpf))
    client.post(reverse("portal:cadastro"), dados_cadastro(cpf, email="nova@example.com"))
    assert User.objects.filter(username=cpf).count() == 1
    assert User.objects.get(username=cpf).email == "nova@example.com"
    assert [m.to for m in mail.outbox] == [["joana@example.com"], ["nova@example.com"]]
    # Only the latest link works: the first one was bound to the previous password hash.
    assert client.get(link_do_email(mail.outbox[0])).status_code == 400
    assert client.get(link_do_email(mail.outbox[1])).status_code == 302


def test_confirmacao_com_token_valido_ativa_e_vincula(client):
    cpf = gerar_cpf()
    client.post(reverse("portal:cadastro"), dados_cadastro(cpf))
    resposta = client.get(link_do_email(mail.outbox[0]))
    assert resposta.status_code == 302
    assert resposta["Location"] == reverse("login")
    user = User.objects.get(username=cpf)
    assert user.is_active
    assert list(user.groups.values_list("name", flat=True)) == ["Candidato"]
    assert Candidato.objects.get(cpf=cpf).usuario == user
    assert e_candidato(user)
    assert Ato.objects.filter(tipo="confirmacao_cadastro", autor=user).count() == 1
    # Following the link again is harmless.
    resposta = client.get(link_do_email(mail.outbox[0]), follow=True)
    assert "já estava confirmado" in resposta.content.decode()
    assert user.groups.count() == 1


def test_confirmacao_com_token_invalido_nao_ativa(client):
    cpf = gerar_cpf()
    client.post(reverse("portal:cadastro"), dados_cadastro(cpf))
    user = User.objects.get(username=cpf)
    uidb64, _token = link_confirmacao(user)
    resposta = client.get(reverse("portal:confirmar", args=[uidb64, "abc-123456"]))
    assert resposta.status_code == 400
    assert "inválido ou já expirou" in resposta.content.decode()
    resposta = client.get(reverse("portal:confirmar", args=["xx", "abc-123456"]))
    assert resposta.status_code == 400
    user.refresh_from_db()
    assert user.is_active is False
    assert Candidato.objects.get(cpf=cpf).usuario is None


def test_confirmacao_recusada_se_o_candidato_ja_tem_outra_conta(client):
    cpf = gerar_cpf()
    client.post(reverse("portal:cadastro"), dados_cadastro(cpf))
    # Meanwhile RH linked the Candidato to another account.
    outra = usuario("outra_conta", "Candidato")
    Candidato.objects.filter(cpf=cpf).update(usuario=outra)
    resposta = client.get(link_do_email(mail.outbox[0]))
    assert resposta.status_code == 400
    assert "já está vinculado a outra conta" in resposta.content.decode()
    assert User.objects.get(username=cpf).is_active is False


def _conta_confirmada(client, cpf):
    client.post(reverse("portal:cadastro"), dados_cadastro(cpf))
    client.get(link_do_email(mail.outbox[-1]))
    return User.objects.get(username=cpf)


@pytest.mark.parametrize("formato", [formatar_cpf, lambda c: c, lambda c: f" {c[:3]}.{c[3:]} "])
def test_login_com_cpf_mascarado_ou_nao(client, formato):
    cpf = gerar_cpf()
    user = _conta_confirmada(client, cpf)
    resposta = client.post(reverse("login"), {"username": formato(cpf), "password": SENHA})
    assert resposta.status_code == 302
    assert resposta["Location"] == reverse("portal:painel")
    assert int(client.session["_auth_user_id"]) == user.pk
    assert client.get(reverse("portal:painel")).status_code == 200


def test_login_antes_de_confirmar_explica(client):
    cpf = gerar_cpf()
    client.post(reverse("portal:cadastro"), dados_cadastro(cpf))
    resposta = client.post(reverse("login"), {"username": formatar_cpf(cpf), "password": SENHA})
    assert resposta.status_code == 200
    assert "ainda não foi confirmado" in resposta.content.decode()
    resposta = client.post(reverse("login"), {"username": cpf, "password": "errada-123"})
    assert "ainda não foi confirmado" not in resposta.content.decode()
    assert "_auth_user_id" not in client.session


def test_login_de_usuario_comum_continua(client, rh):
    resposta = client.post(reverse("login"), {"username": "rh_teste",
                                              "password": "senha-teste-123"})
    assert resposta.status_code == 302
    assert resposta["Location"] == reverse("inicio")


@override_settings(AXES_ENABLED=True, AXES_FAILURE_LIMIT=3)
def test_axes_conta_falhas_pelo_cpf_normalizado(client):
    cpf = gerar_cpf()
    _conta_confirmada(client, cpf)
    # Mixed formats count for the same username: the form normalises before authenticate.
    for tentativa in (formatar_cpf(cpf), cpf, formatar_cpf(cpf)):
        client.post(reverse("login"), {"username": tentativa, "password": "errada"})
    resposta = client.post(reverse("login"), {"username": cpf, "password": SENHA})
    assert resposta.status_code == 429


def test_pagina_de_login_oferece_cadastro(client):
    html = client.get(reverse("login")).content.decode()
    assert reverse("portal:cadastro") in html
    assert reverse("login") == "/contas/login/"


def test_cadastro_para_quem_ja_esta_conectado_redireciona(client, candidato_user):
    client.force_login(candidato_user)
    resposta = client.get(reverse("portal:cadastro"))
    assert resposta.status_code == 302
    assert resposta["Location"] == reverse("portal:painel")


def test_falha_no_envio_do_email_nao_derruba_a_pagina(client, monkeypatch):
    import smtplib

    from candidatos import views

    def falha(*args, **kwargs):
        raise smtplib.SMTPServerDisconnected("fora do ar")

    monkeypatch.setattr(views, "send_mail", falha)
    cpf = gerar_cpf()
    resposta = client.post(reverse("portal:cadastro"), dados_cadastro(cpf))
    assert resposta.status_code == 200
    assert "Não foi possível enviar o e-mail de confirmação" in resposta.content.decode()
    # The inactive account stays; a new sign-up with the same CPF sends a new link.
    monkeypatch.undo()
    client.post(reverse("portal:cadastro"), dados_cadastro(cpf))
    assert len(mail.outbox) == 1
    assert User.objects.filter(username=cpf, is_active=False).count() == 1

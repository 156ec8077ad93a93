"""Candidate portal: sign-up by CPF, e-mail confirmation and log-in with a masked CPF.

A sign-up is a PedidoCadastro until its link is confirmed (by POST): only then are the account
and the Candidato created (the take-over cases are in test_portal_reivindicacao)."""

import pytest
from django.contrib.auth.hashers import check_password
from django.contrib.auth.models import User
from django.core import mail
from django.test import override_settings
from django.urls import reverse

from candidatos.contas.cadastro import link_confirmacao
from candidatos.models import Candidato, PedidoCadastro, formatar_cpf
from certames.models import Ato
from comum.papeis import e_candidato
from tests.candidatos.apoio_contas import (
    SENHA,
    cadastrar,
    confirmar,
    dados_cadastro,
    link_do_email,
)
from tests.factories import CandidatoFactory, InscricaoFactory, gerar_cpf, usuario

pytestmark = pytest.mark.django_db


def test_cadastro_valido_cria_pedido_e_envia_link(client):
    cpf = gerar_cpf()
    resposta = cadastrar(client, formatar_cpf(cpf))
    assert resposta.status_code == 302
    assert resposta["Location"] == reverse("portal:cadastro_enviado")
    # Nothing but the pedido exists until the link is confirmed.
    assert not User.objects.filter(username=cpf).exists()
    assert not Candidato.objects.filter(cpf=cpf).exists()
    pedido = PedidoCadastro.objects.get(cpf=cpf)
    assert (pedido.via, pedido.situacao, pedido.email, pedido.email_destino, pedido.nome,
            pedido.telefone, str(pedido.data_nascimento)) == (
        "novo", "aguardando", "joana@example.com", "joana@example.com",
        "Joana Maria dos Santos", "(17) 99123-4567", "1994-05-17")
    assert check_password(SENHA, pedido.senha)
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["joana@example.com"]
    assert mail.outbox[0].subject == "Confirme seu cadastro no portal do candidato"
    assert "/candidato/cadastro/confirmar/" in mail.outbox[0].body
    assert Ato.objects.filter(tipo="cadastro_candidato").count() == 1


def test_cadastro_aceita_cpf_sem_mascara(client):
    cpf = gerar_cpf()
    cadastrar(client, cpf)
    assert PedidoCadastro.objects.filter(cpf=cpf, situacao="aguardando").count() == 1


@pytest.mark.parametrize("cpf", ["123.456.789-00", "11111111111", "1234", "529.982.247-2X"])
def test_cadastro_recusa_cpf_invalido(client, cpf):
    resposta = client.post(reverse("portal:cadastro"), dados_cadastro(cpf))
    assert resposta.status_code == 200
    assert "cpf" in resposta.context["form"].errors
    assert User.objects.count() == 0
    assert Candidato.objects.count() == 0
    assert PedidoCadastro.objects.count() == 0
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
    assert PedidoCadastro.objects.count() == 0


def test_cadastro_com_cpf_de_conta_existente_avisa_so_o_dono(client):
    # The page does not say the CPF has an account: the owner is told by e-mail.
    candidato = CandidatoFactory(email="dona@example.com")
    dono = usuario("dona", "Candidato")
    dono.email = "dona-conta@example.com"
    dono.save()
    candidato.usuario = dono
    candidato.save()
    resposta = cadastrar(client, candidato.cpf)
    assert (resposta.status_code, resposta["Location"]) == (
        302, reverse("portal:cadastro_enviado"))
    assert not User.objects.filter(username=candidato.cpf).exists()
    assert PedidoCadastro.objects.count() == 0
    assert [m.to for m in mail.outbox] == [["dona-conta@example.com"]]
    assert mail.outbox[0].subject == "Tentativa de cadastro com o seu CPF no portal do candidato"
    assert "/candidato/cadastro/confirmar/" not in mail.outbox[0].body
    assert "/contas/password_reset/" in mail.outbox[0].body


def test_cadastro_com_cpf_de_conta_ativa_nao_muda_a_conta(client):
    cpf = gerar_cpf()
    conta = User.objects.create_user(username=cpf, password="x-senha-123",
                                     email="conta@example.com")
    resposta = cadastrar(client, cpf)
    assert resposta["Location"] == reverse("portal:cadastro_enviado")
    conta.refresh_from_db()
    assert (conta.email, conta.check_password("x-senha-123")) == ("conta@example.com", True)
    assert [m.to for m in mail.outbox] == [["conta@example.com"]]


def test_cadastro_vincula_candidato_importado_sem_duplicar(client):
    importado = CandidatoFactory(nome="JOANA MARIA DOS SANTOS", telefone="",
                                 email="antigo@example.com")
    InscricaoFactory(candidato=importado)
    cadastrar(client, formatar_cpf(importado.cpf))
    assert Candidato.objects.filter(cpf=importado.cpf).count() == 1
    importado.refresh_from_db()
    # The banca's data are kept, nothing is written before the confirmation, and the link
    # goes to the e-mail of the banca's record, not to the one typed.
    assert (importado.nome, importado.telefone, importado.usuario) == (
        "JOANA MARIA DOS SANTOS", "", None)
    assert [m.to for m in mail.outbox] == [["antigo@example.com"]]
    # Whoever holds that e-mail chooses the password on the confirmation page.
    resposta = confirmar(client, link_do_email(mail.outbox[0]), password1="Nova-senha-2026-ab",
                         password2="Nova-senha-2026-ab")
    assert resposta.status_code == 302
    importado.refresh_from_db()
    user = User.objects.get(username=importado.cpf)
    assert importado.usuario == user
    assert importado.email == "antigo@example.com"
    assert (user.email, user.check_password("Nova-senha-2026-ab"), user.check_password(SENHA)) == (
        "antigo@example.com", True, False)
    assert e_candidato(user)
    assert Candidato.objects.count() == 1


def test_novo_cadastro_sem_confirmar_reenvia_o_link(client):
    cpf = gerar_cpf()
    cadastrar(client, cpf)
    cadastrar(client, cpf, email="nova@example.com")
    # The pending sign-up is never overwritten: the link goes again to ITS address.
    assert PedidoCadastro.objects.filter(cpf=cpf).count() == 1
    assert PedidoCadastro.objects.get(cpf=cpf).email == "joana@example.com"
    assert [m.to for m in mail.outbox] == [["joana@example.com"], ["joana@example.com"]]
    # Both links are the same pedido's: the first confirms, the second finds it done.
    assert confirmar(client, link_do_email(mail.outbox[0])).status_code == 302
    resposta = client.get(link_do_email(mail.outbox[1]), follow=True)
    assert "já estava confirmado" in resposta.content.decode()


def test_confirmacao_com_token_valido_ativa_e_vincula(client):
    cpf = gerar_cpf()
    cadastrar(client, cpf)
    resposta = confirmar(client, link_do_email(mail.outbox[0]))
    assert resposta.status_code == 302
    assert resposta["Location"] == reverse("login")
    user = User.objects.get(username=cpf)
    assert user.is_active
    assert (user.email, user.first_name, user.check_password(SENHA)) == (
        "joana@example.com", "Joana Maria dos Santos", True)
    assert list(user.groups.values_list("name", flat=True)) == ["Candidato"]
    candidato = Candidato.objects.get(cpf=cpf)
    assert (candidato.usuario, candidato.nome, candidato.telefone, candidato.email,
            str(candidato.data_nascimento)) == (user, "Joana Maria dos Santos",
                                                "(17) 99123-4567", "joana@example.com",
                                                "1994-05-17")
    assert e_candidato(user)
    assert Ato.objects.filter(tipo="confirmacao_cadastro", autor=user).count() == 1
    # Following the link again is harmless.
    resposta = client.get(link_do_email(mail.outbox[0]), follow=True)
    assert "já estava confirmado" in resposta.content.decode()
    assert user.groups.count() == 1


def test_confirmacao_com_token_invalido_nao_ativa(client):
    cpf = gerar_cpf()
    cadastrar(client, cpf)
    pedido = PedidoCadastro.objects.get(cpf=cpf)
    uidb64, _token = link_confirmacao(pedido)
    resposta = client.get(reverse("portal:confirmar", args=[uidb64, "abc-123456"]))
    assert resposta.status_code == 400
    assert "inválido ou já expirou" in resposta.content.decode()
    resposta = confirmar(client, reverse("portal:confirmar", args=[uidb64, "abc-123456"]))
    assert resposta.status_code == 400
    resposta = client.get(reverse("portal:confirmar", args=["xx", "abc-123456"]))
    assert resposta.status_code == 400
    pedido.refresh_from_db()
    assert pedido.situacao == "aguardando"
    assert not User.objects.filter(username=cpf).exists()
    assert not Candidato.objects.filter(cpf=cpf).exists()


def test_confirmacao_recusada_se_o_candidato_ja_tem_outra_conta(client):
    cpf = gerar_cpf()
    cadastrar(client, cpf)
    # Meanwhile RH created the Candidato and linked it to another account.
    outra = usuario("outra_conta", "Candidato")
    CandidatoFactory(cpf=cpf, usuario=outra)
    resposta = confirmar(client, link_do_email(mail.outbox[0]))
    assert resposta.status_code == 400
    assert "já está vinculado a outra conta" in resposta.content.decode()
    assert not User.objects.filter(username=cpf).exists()
    assert Candidato.objects.get(cpf=cpf).usuario == outra


def _conta_confirmada(client, cpf):
    cadastrar(client, cpf)
    confirmar(client, link_do_email(mail.outbox[-1]))
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
    cadastrar(client, cpf)
    resposta = client.post(reverse("login"), {"username": formatar_cpf(cpf), "password": SENHA})
    assert resposta.status_code == 200
    assert "ainda não foi confirmado" in resposta.content.decode()
    resposta = client.post(reverse("login"), {"username": cpf, "password": "errada-123"})
    assert "ainda não foi confirmado" not in resposta.content.decode()
    assert "_auth_user_id" not in client.session


def test_login_de_usuario_comum_continua(client, rh):
    # A username login (not a CPF) still works; RH lands on its panel.
    resposta = client.post(reverse("login"), {"username": "rh_teste",
                                              "password": "senha-teste-123"})
    assert resposta.status_code == 302
    assert resposta["Location"] == reverse("painel:painel")


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

    from comum import emails

    def falha(*args, **kwargs):
        raise smtplib.SMTPServerDisconnected("fora do ar")

    monkeypatch.setattr(emails, "enviar", falha)
    cpf = gerar_cpf()
    resposta = cadastrar(client, cpf)
    # The same page as always (it says nothing of what was sent); the failure is logged and,
    # with a worker, retried.
    assert (resposta.status_code, resposta["Location"]) == (
        302, reverse("portal:cadastro_enviado"))
    # The pending sign-up stays; a new sign-up with the same CPF sends its link again.
    monkeypatch.undo()
    cadastrar(client, cpf)
    assert [m.to for m in mail.outbox] == [["joana@example.com"]]
    assert PedidoCadastro.objects.filter(cpf=cpf, situacao="aguardando").count() == 1

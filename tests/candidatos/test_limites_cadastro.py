"""Abuse limits and the "smaller" sign-up bug: the sign-up relayed any text to any address
(30 sign-ups from one client with a phishing "name" and a victim's e-mail sent 30 e-mails
greeting "Olá, Premio Liberado acesse …"); sign-up, password reset and the public search are
limited per client and per typed target; a 255–320 character e-mail answered 500."""

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import TestCase, override_settings
from django.urls import reverse

from candidatos.contas import cadastro as contas
from candidatos.contas import mensagens, reivindicacoes
from candidatos.models import Candidato, PedidoCadastro
from certames.models import Ato
from comum import limites
from tests.candidatos.apoio_contas import cadastrar, dados_cadastro, postar
from tests.factories import CandidatoFactory, CargoFactory, InscricaoFactory, gerar_cpf, usuario

pytestmark = pytest.mark.django_db

PHISHING = "Premio Liberado acesse http://phish.example/premio agora"
VITIMA = "vitima@example.com"
PADRAO = override_settings(LIMITES_ABUSO_ATIVOS=True)
#: 2026-12-02 13:20 UTC (10:20 in São Paulo).
AGORA = dt.datetime(2026, 12, 2, 13, 20, tzinfo=dt.UTC).timestamp()


@pytest.fixture(autouse=True)
def relogio(monkeypatch):
    monkeypatch.setattr(limites, "_relogio", lambda: AGORA)


def _primeira_linha(mensagem) -> str:
    return mensagem.body.splitlines()[0]


def cadastrar_de(client, cpf, cliente: dict, **dados):
    """A sign-up from a given client (REMOTE_ADDR and X-Forwarded-For in `cliente`)."""
    return postar(client, reverse("portal:cadastro"), dados_cadastro(cpf, **dados), **cliente)


# --- the reproduction: 30 sign-ups from one client to one victim --------------------------------


@PADRAO
def test_trinta_cadastros_com_nome_de_phishing_para_a_vitima(client):
    respostas = [cadastrar(client, gerar_cpf(), nome=PHISHING, email=VITIMA).status_code
                 for _ in range(30)]
    # Three per typed e-mail a day (the defaults, settings.LIMITES_ABUSO), then 429.
    assert respostas == [302] * 3 + [429] * 27
    assert len(mail.outbox) == 3
    assert [m.to for m in mail.outbox] == [[VITIMA]] * 3
    assert [_primeira_linha(m) for m in mail.outbox] == ["Olá."] * 3
    assert [("phish" in m.body or "Premio" in m.body or "phish" in m.subject)
            for m in mail.outbox] == [False] * 3
    assert PedidoCadastro.objects.count() == 3


@PADRAO
def test_pagina_429_do_cadastro_diz_quando_tentar(client):
    for _ in range(3):
        cadastrar(client, gerar_cpf(), email=VITIMA)
    resposta = cadastrar(client, gerar_cpf(), email=VITIMA)
    texto = resposta.content.decode()
    assert (resposta.status_code, resposta["Retry-After"]) == (429, str(int(
        dt.datetime(2026, 12, 3, tzinfo=dt.UTC).timestamp() - AGORA)))
    assert '<p id="tente-novamente">Tente novamente a partir das 21:00.</p>' in texto
    assert PedidoCadastro.objects.count() == 3


@override_settings(LIMITES_ABUSO_ATIVOS=True,
                   LIMITES_ABUSO={"cadastro_cliente": (2, 3600), "cadastro_email": (9, 86400),
                                  "cadastro_cpf": (9, 86400)})
def test_cadastro_limitado_por_cliente(client):
    respostas = [cadastrar_de(client, gerar_cpf(), {"REMOTE_ADDR": "203.0.113.5"},
                              email=f"pessoa{i}@example.com").status_code for i in range(3)]
    assert respostas == [302, 302, 429]
    # Another client is not affected.
    assert cadastrar_de(client, gerar_cpf(), {"REMOTE_ADDR": "198.51.100.7"},
                        email="outra@example.com").status_code == 302
    assert len(mail.outbox) == 3


@PADRAO
def test_cadastro_limitado_pelo_cpf_digitado(client):
    # A CPF with an account: each sign-up e-mails its owner (not the typist), so the CPF
    # typed is a target too; the page answers the same whether or not the CPF has one.
    dono = usuario("52998224725", "Candidato")
    dono.email = "dono@example.com"
    dono.save()
    CandidatoFactory(cpf="52998224725", usuario=dono, nome="Dono da Conta")
    respostas = [cadastrar(client, "52998224725", email=f"a{i}@example.com").status_code
                 for i in range(4)]
    assert respostas == [302, 302, 302, 429]
    assert [m.to for m in mail.outbox] == [["dono@example.com"]] * 3


@override_settings(LIMITES_ABUSO_ATIVOS=True, NUM_PROXIES=1,
                   LIMITES_ABUSO={"cadastro_cliente": (1, 3600), "cadastro_email": (9, 86400),
                                  "cadastro_cpf": (9, 86400)})
def test_cadastro_atras_do_proxy_conta_cada_cliente(client):
    def de(xff):
        return {"REMOTE_ADDR": "10.0.0.2", "HTTP_X_FORWARDED_FOR": xff}

    assert cadastrar_de(client, gerar_cpf(), de("203.0.113.5"),
                        email="a@example.com").status_code == 302
    assert cadastrar_de(client, gerar_cpf(), de("198.51.100.7"),
                        email="b@example.com").status_code == 302
    assert cadastrar_de(client, gerar_cpf(), de("203.0.113.5"),
                        email="c@example.com").status_code == 429


# --- no typed text in an e-mail to an address not yet proven ------------------------------------


def test_confirmacao_de_cpf_novo_nao_repete_o_nome_digitado(client):
    cadastrar(client, gerar_cpf(), nome=PHISHING, nome_social=PHISHING, email=VITIMA)
    assert len(mail.outbox) == 1
    assert _primeira_linha(mail.outbox[0]) == "Olá."
    assert "phish" not in mail.outbox[0].body


def test_reenvio_do_pedido_pendente_nao_repete_o_nome(client):
    cpf = gerar_cpf()
    cadastrar(client, cpf, nome=PHISHING, email=VITIMA)
    cadastrar(client, cpf, nome="Outro Nome Qualquer", email="outro@example.com")
    assert [(m.to, _primeira_linha(m)) for m in mail.outbox] == [([VITIMA], "Olá."),
                                                               ([VITIMA], "Olá.")]


def test_confirmacao_por_dados_da_inscricao_nao_repete_o_nome(client):
    # The banca's record has no e-mail: birth date and inscrição number prove the record, not
    # the typed address.
    registro = CandidatoFactory(nome="MARIA DA BANCA", email="",
                                data_nascimento=dt.date(1994, 5, 17))
    InscricaoFactory(candidato=registro, numero="2026000042")
    cadastrar(client, registro.cpf, nome=PHISHING, email=VITIMA, numero_inscricao="2026000042")
    assert PedidoCadastro.objects.get().via == "dados_da_inscricao"
    assert [(m.to, _primeira_linha(m)) for m in mail.outbox] == [([VITIMA], "Olá.")]


def test_link_para_o_email_da_banca_saudado_pelo_nome_do_registro(client):
    registro = CandidatoFactory(nome="MARIA DA BANCA", email="maria.banca@example.com")
    InscricaoFactory(candidato=registro)
    cadastrar(client, registro.cpf, nome=PHISHING, email=VITIMA)
    assert [(m.to, _primeira_linha(m)) for m in mail.outbox] == [
        (["maria.banca@example.com"], "Olá, MARIA DA BANCA.")]


def test_reivindicacao_recusada_e_encerrada_nao_repetem_o_nome(client, rh):
    # A claim (RH's analysis) typed with the phishing name and the victim's address: refused,
    # its e-mail goes to the typed address, which nothing proved.
    registro = CandidatoFactory(nome="MARIA DA BANCA", email="maria.banca@example.com")
    InscricaoFactory(candidato=registro)
    cadastrar(client, registro.cpf, nome=PHISHING, email=VITIMA, pede_analise=True,
              explicacao="Não tenho mais acesso ao e-mail da banca.")
    pedido = PedidoCadastro.objects.get(via="analise_rh")
    mail.outbox.clear()
    with TestCase.captureOnCommitCallbacks(execute=True):
        reivindicacoes.decidir_reivindicacao(
            pedido, aprovar=False, autor=rh,
            motivacao="Documento com foto apresentado não confere com o cadastro da banca.")
    assert [(m.to, _primeira_linha(m)) for m in mail.outbox] == [([VITIMA], "Olá.")]
    assert "phish" not in mail.outbox[0].body
    # The e-mail telling a claim ended goes to its typed address too.
    cadastrar(client, registro.cpf, nome=PHISHING, email="segunda@example.com",
              pede_analise=True, explicacao="Não tenho mais acesso ao e-mail da banca.")
    # The outbox sends it once the task's transaction commits (comum.emails).
    with TestCase.captureOnCommitCallbacks(execute=True):
        assert mensagens.enviar_email_cadastro(
            contas.EMAIL_REIVINDICACAO_ENCERRADA,
            PedidoCadastro.objects.get(email="segunda@example.com").pk) is True
    assert (mail.outbox[-1].to, _primeira_linha(mail.outbox[-1])) == (
        ["segunda@example.com"], "Olá.")


def test_reivindicacao_aprovada_saudada_pelo_nome_do_registro(client, rh):
    # RH checked the claimant's identity: the account joins the banca's record, whose name
    # (not the typed one) greets; the record's old address is told too.
    registro = CandidatoFactory(nome="MARIA DA BANCA", email="maria.banca@example.com")
    InscricaoFactory(candidato=registro)
    cadastrar(client, registro.cpf, nome=PHISHING, email="nova@example.com", pede_analise=True,
              explicacao="Não tenho mais acesso ao e-mail da banca.")
    mail.outbox.clear()
    with TestCase.captureOnCommitCallbacks(execute=True):
        reivindicacoes.decidir_reivindicacao(
            PedidoCadastro.objects.get(via="analise_rh"), aprovar=True, autor=rh,
            motivacao="RG e CPF originais conferidos no balcão da prefeitura em 10/12/2026.")
    assert sorted((m.to[0], _primeira_linha(m)) for m in mail.outbox) == [
        ("maria.banca@example.com", "Olá, MARIA DA BANCA."),
        ("nova@example.com", "Olá, MARIA DA BANCA.")]
    assert [("phish" in m.body) for m in mail.outbox] == [False, False]


# --- password reset -----------------------------------------------------------------------------


def _reset(client, email, **extra):
    return postar(client, reverse("password_reset"), {"email": email}, **extra)


@PADRAO
def test_recuperacao_de_senha_limitada_por_email(client):
    dono = usuario("dono", "Candidato")
    dono.email = VITIMA
    dono.save()
    respostas = [_reset(client, VITIMA).status_code for _ in range(5)]
    assert respostas == [302, 302, 302, 429, 429]
    assert len(mail.outbox) == 3
    # An address no account has counts the same (the answer must not tell them apart).
    assert [_reset(client, "ninguem@example.com").status_code for _ in range(4)] == [
        302, 302, 302, 429]


@override_settings(LIMITES_ABUSO_ATIVOS=True,
                   LIMITES_ABUSO={"senha_cliente": (2, 3600), "senha_email": (9, 86400)})
def test_recuperacao_de_senha_limitada_por_cliente(client):
    respostas = [_reset(client, f"p{i}@example.com", REMOTE_ADDR="203.0.113.5").status_code
                 for i in range(3)]
    assert respostas == [302, 302, 429]
    resposta = _reset(client, "p9@example.com", REMOTE_ADDR="203.0.113.5")
    assert "Tente novamente a partir das 11:00." in resposta.content.decode()
    assert _reset(client, "p9@example.com", REMOTE_ADDR="198.51.100.7").status_code == 302


# --- the public search --------------------------------------------------------------------------


@override_settings(LIMITES_ABUSO_ATIVOS=True, LIMITES_ABUSO={"busca_cliente": (2, 60)})
def test_busca_publica_limitada_por_cliente(client):
    cargo = CargoFactory()
    url = reverse("cargo_publico", args=[cargo.certame_id, cargo.pk])
    respostas = [client.get(url, {"q": termo}, REMOTE_ADDR="203.0.113.5").status_code
                 for termo in ("Maria", "José", "Pedro")]
    assert respostas == [200, 200, 429]
    recusa = client.get(url, {"q": "Ana"}, REMOTE_ADDR="203.0.113.5")
    # Never kept by the public cache nor by a proxy.
    assert (recusa.status_code, recusa["Cache-Control"], recusa["Retry-After"]) == (
        429, "private, no-store", "60")
    # The page itself (no search) and another client are not limited.
    assert client.get(url, REMOTE_ADDR="203.0.113.5").status_code == 200
    assert client.get(url, {"q": "Ana"}, REMOTE_ADDR="198.51.100.7").status_code == 200


def test_limites_desligados_nos_testes(client):
    # config/settings_test.py: the other tests sign up as often as they need.
    assert [cadastrar(client, gerar_cpf(), email=VITIMA).status_code for _ in range(5)] == [
        302] * 5


# --- a 255–320 character e-mail ------------------------------------------------------------------


def email_de(tamanho: int) -> str:
    """A syntactically valid e-mail of `tamanho` characters (64-letter local part, labels of
    at most 60 letters)."""
    resto = tamanho - 65 - len(".com")
    partes = -(-(resto + 1) // 61)
    letras = resto - (partes - 1)
    tamanhos = [letras // partes + (1 if i < letras % partes else 0) for i in range(partes)]
    return "a" * 64 + "@" + ".".join("b" * t for t in tamanhos) + ".com"


@pytest.mark.parametrize("tamanho", [255, 300, 320])
def test_email_longo_demais_e_erro_do_formulario(client, tamanho):
    email = email_de(tamanho)
    assert len(email) == tamanho
    resposta = client.post(reverse("portal:cadastro"), dados_cadastro(gerar_cpf(), email=email))
    assert resposta.status_code == 200
    assert resposta.context["form"].errors["email"] == [
        f"O e-mail pode ter no máximo 254 caracteres (este tem {tamanho})."]
    assert (PedidoCadastro.objects.count(), Candidato.objects.count(), User.objects.count(),
            Ato.objects.count(), len(mail.outbox)) == (0, 0, 0, 0, 0)


def test_email_de_254_caracteres_aceito(client):
    email = email_de(254)
    assert len(email) == 254
    assert cadastrar(client, gerar_cpf(), email=email).status_code == 302
    assert PedidoCadastro.objects.get().email == email

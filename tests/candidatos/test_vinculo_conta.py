"""An inscrição the banca imports joins an existing account only through the
claim flow (the e-mail the banca imported, or RH's decision), never by the CPF alone.

The reported case: someone signs up with a CPF the banca had not imported yet (any CPF, any
e-mail they type); later the banca imports an inscrição for that CPF without e-mail. Before,
the inscrição (with its self-declaration, disability and score) appeared in that account.
Now it stays on the CPF's record without an account until the account holder proves it is
theirs. Both import writers (the ORM and PostgreSQL's COPY) behave the same.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.db import connection
from django.urls import reverse

from candidatos import importacao, inscricao_portal
from candidatos.contas import cadastro as contas
from candidatos.contas import reivindicacoes
from candidatos.importacao import ArquivoRejeitado, importar_inscricoes
from candidatos.models import Candidato, Inscricao, PedidoCadastro
from certames.models import Ato
from tests.candidatos.apoio_contas import SENHA, cadastrar, confirmar, link_do_email, postar
from tests.factories import CargoFactory, CertameFactory, EtapaFactory, usuario

pytestmark = pytest.mark.django_db

CPF = "52998224725"
#: The e-mail the account holder typed (and proved) at sign-up.
EMAIL_CONTA = "joana@example.com"
CABECALHO = ("inscricao;cpf;nome;email;data_nascimento;cargo;cor_raca;deficiencia;"
             "tipo_deficiencia;listas;nota")


def _linha(numero="000001", email="", cargo="ENF") -> str:
    return (f"{numero};529.982.247-25;MARIA APARECIDA DA SILVA;{email};09/03/1988;{cargo};"
            "preta;sim;visual;PP|PCD;88,5")


def _arquivo(*linhas) -> bytes:
    return ("\n".join([CABECALHO, *linhas]) + "\n").encode()


VIAS = [importacao.VIA_ORM, pytest.param(importacao.VIA_COPIA, marks=pytest.mark.skipif(
    connection.vendor != "postgresql", reason="COPY só no PostgreSQL"))]


@pytest.fixture
def certame():
    certame = CertameFactory(regime="pirangi-lei3056-2025", parametros={"base_reserva": "cargo"})
    CargoFactory(certame=certame, codigo="ENF", vagas=10)
    CargoFactory(certame=certame, codigo="ADM", vagas=10)
    return certame


@pytest.fixture
def conta(client):
    """An account opened by the sign-up of a CPF nobody had imported (link to the e-mail
    typed, opened)."""
    cadastrar(client, CPF, email=EMAIL_CONTA)
    confirmar(client, link_do_email(mail.outbox[-1]))
    client.get(reverse("login"))  # where the confirmation's message is read
    mail.outbox.clear()
    user = User.objects.get(username=CPF)
    assert (user.is_active, user.candidato.email) == (True, EMAIL_CONTA)
    return user


def _da_conta(user) -> list[str]:
    return list(Inscricao.objects.filter(candidato__usuario=user).values_list("numero",
                                                                               flat=True))


def _sem_conta() -> Candidato | None:
    return Candidato.objects.filter(cpf=CPF, usuario__isnull=True).first()


# --- the import ---------------------------------------------------------------------------------


@pytest.mark.parametrize("via", VIAS)
@pytest.mark.parametrize("email", ["", "maria.banca@example.com"])
def test_importada_sem_o_email_da_conta_nao_entra_na_conta(client, certame, conta, via, email):
    importar_inscricoes(certame, _arquivo(_linha(email=email)), via=via)
    # Not in the account: on the CPF's record without an account, with the banca's data; the
    # account's own record is untouched (name and e-mail as typed at sign-up).
    assert _da_conta(conta) == []
    registro = _sem_conta()
    assert (registro.nome, registro.email, list(registro.inscricoes.values_list(
        "numero", flat=True))) == ("MARIA APARECIDA DA SILVA", email, ["000001"])
    conta.candidato.refresh_from_db()
    assert (conta.candidato.nome, conta.candidato.email) == ("Joana Maria dos Santos",
                                                              EMAIL_CONTA)
    # The account's pages never show it.
    client.force_login(conta)
    insc = Inscricao.objects.get(numero="000001")
    assert client.get(reverse("portal:inscricao", args=[insc.pk])).status_code == 404
    html = client.get(reverse("portal:painel")).content.decode()
    assert "000001" not in html
    assert reverse("portal:vincular") in html


@pytest.mark.parametrize("via", VIAS)
def test_importada_com_o_email_da_conta_entra_na_conta(certame, conta, via):
    # The e-mail the banca imported is the account's (case aside): the claim flow's proof.
    importar_inscricoes(certame, _arquivo(_linha(email="JOANA@Example.com")), via=via)
    assert _da_conta(conta) == ["000001"]
    assert _sem_conta() is None


@pytest.mark.parametrize("via", VIAS)
def test_reimportar_nao_move_nem_duplica_o_cadastro(certame, conta, via):
    importar_inscricoes(certame, _arquivo(_linha()), via=via)
    registro = _sem_conta()
    # A second file: the same inscrição with a new score, and one more for the other cargo.
    importar_inscricoes(certame, _arquivo(_linha().replace("88,5", "90"),
                                          _linha(numero="000002", cargo="ADM")), via=via)
    assert Candidato.objects.filter(cpf=CPF).count() == 2
    assert sorted(Inscricao.objects.filter(candidato=registro).values_list("numero", "nota")) \
        == [("000001", 90), ("000002", 88.5)]
    assert _da_conta(conta) == []


def test_um_cpf_uma_inscricao_por_cargo_somando_os_dois_cadastros(client, certame, conta):
    EtapaFactory(certame=certame, tipo="inscricoes")
    insc = inscricao_portal.inscrever(conta.candidato, certame.cargos.get(codigo="ENF"),
                                      cor_raca="parda", quilombola=False, deficiencia=False,
                                      tipo_deficiencia="", listas=[], autor=conta)
    with pytest.raises(ArquivoRejeitado) as exc:
        importar_inscricoes(certame, _arquivo(_linha(numero="000009")))
    assert [(e.linha, e.coluna, e.mensagem) for e in exc.value.erros] == [
        (2, "cpf", f"o candidato já está inscrito neste cargo com o número {insc.numero}")]
    # And the other way round: the portal refuses a cargo the unclaimed record holds.
    importar_inscricoes(certame, _arquivo(_linha(numero="000009", cargo="ADM")))
    with pytest.raises(Exception) as exc:
        inscricao_portal.inscrever(conta.candidato, certame.cargos.get(codigo="ADM"),
                                   cor_raca="parda", quilombola=False, deficiencia=False,
                                   tipo_deficiencia="", listas=[], autor=conta)
    assert exc.value.message_dict == {
        "cargo": [str(inscricao_portal.MENSAGEM_JA_INSCRITO_SEM_VINCULO)]}


# --- the claim: the link to the e-mail the banca imported ------------------------------------


def _pedir(client, user, follow=False, **extra):
    client.force_login(user)
    dados = {"data_nascimento": "1988-03-09", "telefone": "(17) 99123-4567", **extra}
    return postar(client, reverse("portal:vincular"), dados, follow=follow)


def test_o_link_ao_email_da_banca_vincula_a_inscricao(client, certame, conta):
    importar_inscricoes(certame, _arquivo(_linha(email="maria.banca@example.com")))
    resposta = _pedir(client, conta)
    assert resposta["Location"] == reverse("portal:painel")
    # The link goes to the e-mail the banca imported, never the account's.
    assert [m.to for m in mail.outbox] == [["maria.banca@example.com"]]
    assert _da_conta(conta) == []
    client.logout()
    link = link_do_email(mail.outbox[0])
    html = client.get(link, follow=True).content.decode()
    assert "Confirmar o vínculo" in html and 'name="password1"' not in html
    registro_pk = _sem_conta().pk
    assert confirmar(client, link)["Location"] == reverse("login")
    assert _da_conta(conta) == ["000001"]
    assert _sem_conta() is None
    ato = Ato.objects.get(tipo="vinculo_cadastro")
    assert (ato.depois["cadastro_incorporado"], ato.depois["inscricoes"],
            ato.fundamento_legal) == (registro_pk, ["000001"], contas.FUNDAMENTO_IDENTIDADE)
    pedido = PedidoCadastro.objects.get(conta=conta)
    assert (pedido.situacao, pedido.usuario, pedido.candidato) == (
        PedidoCadastro.Situacao.CONCLUIDO, conta, conta.candidato)
    # The account keeps its proved e-mail and its password; blanks filled from the record.
    conta.candidato.refresh_from_db()
    assert conta.candidato.email == EMAIL_CONTA
    assert client.login is not None and User.objects.get(pk=conta.pk).check_password(SENHA)


def test_a_pagina_responde_igual_com_ou_sem_cadastro_a_vincular(client, certame, conta):
    respostas = [_pedir(client, conta, follow=True)]
    importar_inscricoes(certame, _arquivo(_linha(email="maria.banca@example.com")))
    respostas.append(_pedir(client, conta, follow=True))
    sem_nada, com_cadastro = ((r.redirect_chain, [str(m) for m in r.context["messages"]])
                              for r in respostas)
    assert sem_nada == com_cadastro
    assert sem_nada[0] == [(reverse("portal:painel"), 302)]
    assert len(sem_nada[1]) == 1 and sem_nada[1][0].startswith("Pedido recebido.")


def test_o_email_da_banca_igual_ao_da_conta_vincula_na_hora(client, certame, conta):
    importar_inscricoes(certame, _arquivo(_linha()))
    Candidato.objects.filter(pk=_sem_conta().pk).update(email="Joana@example.com")
    _pedir(client, conta)
    assert (_da_conta(conta), mail.outbox) == (["000001"], [])


# --- the claim decided by RH --------------------------------------------------------------------


def test_sem_email_na_inscricao_so_o_rh_vincula(client, certame, conta, rh):
    importar_inscricoes(certame, _arquivo(_linha()))
    _pedir(client, conta, numero_inscricao="000001")
    pedido = PedidoCadastro.objects.get(conta=conta)
    assert (pedido.via, pedido.situacao, pedido.candidato) == (
        PedidoCadastro.Via.ANALISE_RH, PedidoCadastro.Situacao.EM_ANALISE, _sem_conta())
    assert (_da_conta(conta), mail.outbox) == ([], [])
    client.force_login(rh)
    url = reverse("painel:reivindicacoes_detalhe", args=[pedido.pk])
    html = client.get(url).content.decode()
    assert 'id="conta-existente"' in html
    assert "Aprovar: vincular este cadastro à conta que o pediu" in html
    resposta = postar(client, url, {
        "decisao": "aprovar", "identidade_conferida": "on",
        "motivacao": "RG e CPF conferidos presencialmente na sede em 01/12/2026.",
        "confirmacao": "on"})
    assert resposta["Location"] == reverse("painel:reivindicacoes_lista")
    assert _da_conta(conta) == ["000001"]
    assert [m.to for m in mail.outbox] == [[EMAIL_CONTA]]
    ato = Ato.objects.get(tipo="vinculo_cadastro")
    assert (ato.autor, ato.fundamento_legal, ato.objeto_id) == (
        rh, contas.FUNDAMENTO_DECISAO, str(pedido.pk))
    # RH's page of the claim lists the decision among its acts.
    assert ("Cadastro importado vinculado à conta existente do CPF: 1 inscrição(ões) passam "
            "à conta.") in client.get(url).content.decode()
    assert not User.objects.filter(username=CPF).exclude(pk=conta.pk).exists()


def test_recusado_pelo_rh_o_cadastro_fica_fora_da_conta(client, certame, conta, rh):
    importar_inscricoes(certame, _arquivo(_linha()))
    _pedir(client, conta)
    pedido = PedidoCadastro.objects.get(conta=conta)
    reivindicacoes.decidir_reivindicacao(pedido, aprovar=False, autor=rh,
                                         motivacao="O documento apresentado é de outra pessoa.")
    assert _da_conta(conta) == []
    assert _sem_conta().inscricoes.count() == 1


def test_o_admin_nao_vincula_conta_ao_cadastro(client, rh, certame, conta):
    importar_inscricoes(certame, _arquivo(_linha()))
    registro = _sem_conta()
    outro = usuario("outra_conta", "Candidato")
    client.force_login(User.objects.create_superuser("admin_vinc", password="x-senha-forte-9"))
    url = reverse("admin:candidatos_candidato_change", args=[registro.pk])
    html = client.get(url).content.decode()
    assert 'name="usuario"' not in html
    client.post(url, {"usuario": outro.pk, "cpf": CPF, "nome": registro.nome,
                      "inscricoes-TOTAL_FORMS": 0, "inscricoes-INITIAL_FORMS": 0})
    registro.refresh_from_db()
    assert registro.usuario is None

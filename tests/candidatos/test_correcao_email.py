"""RH takes over an imported record through /admin/: changing an imported
candidate's e-mail there left no act, and a sign-up with that CPF then sent the claim link to
the new address, the original one never told. Now the admin shows the CPF, the e-mail and the
account read-only (no add, no history restore), and the e-mail changes only by RH's motivated
act in its workspace, told to the old and the new address."""

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import TestCase
from django.urls import reverse

from candidatos import correcao_email
from candidatos.models import Candidato
from certames.models import Ato
from nucleo.rotulos_atos import ROTULOS
from tests.candidatos.apoio_contas import cadastrar
from tests.factories import CandidatoFactory, InscricaoFactory, gerar_cpf, usuario

pytestmark = pytest.mark.django_db

ANTIGO = "maria.original@example.com"
NOVO = "maria.nova@example.com"
MOTIVACAO = ("A candidata apresentou documento de identidade em pessoa no RH em 01/12 e "
             "informou que o endereço importado da banca foi digitado com erro.")


@pytest.fixture
def registro():
    insc = InscricaoFactory(candidato=CandidatoFactory(cpf=gerar_cpf(), email=ANTIGO,
                                                       usuario=None))
    return insc.candidato


def _admin(client):
    client.force_login(User.objects.create_superuser("admin_email", password="x-senha-forte-9"))


def test_admin_nao_altera_email_nem_cpf_do_cadastro(client, registro):
    _admin(client)
    url = reverse("admin:candidatos_candidato_change", args=[registro.pk])
    html = client.get(url).content.decode()
    assert ('name="email"' in html, 'name="cpf"' in html, 'name="usuario"' in html) == (
        False, False, False)
    assert reverse("painel:corrigir_email_cadastro", args=[registro.pk]) in html
    client.post(url, {"email": NOVO, "cpf": gerar_cpf(), "nome": registro.nome,
                      "inscricoes-TOTAL_FORMS": 0, "inscricoes-INITIAL_FORMS": 0})
    registro.refresh_from_db()
    assert registro.email == ANTIGO
    assert client.get(reverse("admin:candidatos_candidato_add")).status_code == 403


def test_admin_nao_restaura_versao_antiga_do_cadastro(client, registro):
    Candidato.objects.filter(pk=registro.pk).update(email=NOVO)
    versao = registro.history.order_by("history_id").first()  # email ANTIGO
    _admin(client)
    url = reverse("admin:candidatos_candidato_simple_history",
                  args=[registro.pk, versao.history_id])
    resposta = client.post(url, {"nome": registro.nome, "inscricoes-TOTAL_FORMS": 0,
                                 "inscricoes-INITIAL_FORMS": 0})
    assert resposta.status_code == 403
    registro.refresh_from_db()
    assert registro.email == NOVO


def _corrigir(client, registro, **dados):
    with TestCase.captureOnCommitCallbacks(execute=True):
        return client.post(reverse("painel:corrigir_email_cadastro", args=[registro.pk]),
                           {"novo_email": NOVO, "motivacao": MOTIVACAO, "confirmacao": "on",
                            **dados})


def test_correcao_pelo_rh_e_ato_motivado_avisado_aos_dois_enderecos(client, rh, registro):
    client.force_login(rh)
    assert client.get(reverse("painel:corrigir_email_cadastro",
                              args=[registro.pk])).status_code == 200
    resposta = _corrigir(client, registro)
    assert resposta.status_code == 302
    registro.refresh_from_db()
    assert registro.email == NOVO
    ato = Ato.objects.get(tipo=correcao_email.TIPO_ATO)
    assert (ato.autor, ato.motivacao, ato.antes, ato.depois, ato.objeto_id) == (
        rh, MOTIVACAO, {"email": ANTIGO}, {"email": NOVO}, str(registro.pk))
    assert str(ROTULOS[correcao_email.TIPO_ATO]) == "Correção do e-mail de cadastro importado"
    assert [m.to for m in mail.outbox] == [[ANTIGO], [NOVO]]
    assert mail.outbox[0].subject == "O e-mail do seu cadastro foi alterado"
    assert NOVO in mail.outbox[0].body and MOTIVACAO in mail.outbox[0].body
    # The claim link of a sign-up with the CPF now goes to the new address, by an act.
    mail.outbox.clear()
    client.logout()
    cadastrar(client, registro.cpf, email="qualquer@example.com")
    assert [m.to for m in mail.outbox] == [[NOVO]]


@pytest.mark.parametrize("dados, campo", [
    ({"motivacao": "Pedido da candidata."}, "motivacao"),  # not specific
    ({"novo_email": "nao-e-email"}, "novo_email"),
    ({"novo_email": ANTIGO.upper()}, "novo_email"),
])
def test_correcao_recusada_nao_grava_nada(client, rh, registro, dados, campo):
    client.force_login(rh)
    resposta = _corrigir(client, registro, **dados)
    assert resposta.status_code == 400
    assert list(resposta.context["form"].errors) == [campo]
    registro.refresh_from_db()
    assert (registro.email, Ato.objects.filter(tipo=correcao_email.TIPO_ATO).count(),
            len(mail.outbox)) == (ANTIGO, 0, 0)


def test_cadastro_com_conta_nao_tem_o_email_corrigido_pelo_rh(client, rh):
    conta = CandidatoFactory(usuario=usuario("dona_da_conta", "Candidato"), email=ANTIGO)
    client.force_login(rh)
    resposta = _corrigir(client, conta)
    assert resposta.status_code == 400
    assert resposta.context["form"].non_field_errors() == [
        "Este cadastro já pertence a uma conta do portal: o e-mail é o da conta, e só o(a) "
        "próprio(a) candidato(a) o altera."]
    conta.refresh_from_db()
    assert (conta.email, len(mail.outbox)) == (ANTIGO, 0)


def test_sem_confirmacao_nada_e_gravado(client, rh, registro):
    client.force_login(rh)
    resposta = _corrigir(client, registro, confirmacao="")
    assert resposta.status_code == 400
    registro.refresh_from_db()
    assert registro.email == ANTIGO


def test_pagina_da_correcao_nomeia_o_certame_de_cada_inscricao(client, rh, registro):
    """Two certames may share an edital number and a cargo code: each inscrição is named with
    its certame's title."""
    InscricaoFactory(candidato=registro, numero="777")
    client.force_login(rh)
    html = client.get(reverse("painel:corrigir_email_cadastro",
                              args=[registro.pk])).content.decode()
    inscricoes = list(registro.inscricoes.select_related("cargo__certame"))
    assert len(inscricoes) == 2
    for insc in inscricoes:
        certame = insc.cargo.certame
        assert (f'{insc.numero}</a> ({certame.titulo}, edital {certame.numero_edital}, '
                f'cargo {insc.cargo.codigo})') in html

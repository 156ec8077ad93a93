"""The permission baseline: each audience reaches only its own pages."""

import pytest
from django.urls import reverse

from tests.factories import CertameFactory

pytestmark = pytest.mark.django_db

PAGINAS = {
    "rh": ["painel:painel", "painel:auditoria"],
    "comissao": ["comissao:painel"],
    "candidato": ["portal:painel"],
}


def _status(client, user, nome):
    if user is not None:
        client.force_login(user)
    return client.get(reverse(nome)).status_code


@pytest.mark.parametrize("nome", [n for nomes in PAGINAS.values() for n in nomes])
def test_anonimo_e_levado_ao_login(client, nome):
    resposta = client.get(reverse(nome))
    assert resposta.status_code == 302
    assert resposta["Location"].startswith(reverse("login"))


@pytest.mark.parametrize(
    ("fixture", "permitidas"),
    [
        ("rh", {"rh"}),
        ("membro_comissao", {"comissao"}),
        ("candidato_user", {"candidato"}),
        ("estranho", set()),
    ],
)
def test_matriz_de_acesso(client, request, fixture, permitidas):
    user = request.getfixturevalue(fixture)
    for papel, nomes in PAGINAS.items():
        for nome in nomes:
            esperado = 200 if papel in permitidas else 403
            assert (nome, _status(client, user, nome)) == (nome, esperado)


def test_paginas_do_rh_por_certame_recusam_quem_nao_e_rh(client, membro_comissao):
    certame = CertameFactory()
    client.force_login(membro_comissao)
    for nome in ("painel:certame", "painel:importar"):
        assert client.get(reverse(nome, args=[certame.pk])).status_code == 403


def test_admin_so_para_a_equipe(client, rh, candidato_user):
    client.force_login(candidato_user)
    assert client.get(reverse("admin:index")).status_code == 302
    client.force_login(rh)
    assert client.get(reverse("admin:index")).status_code == 200
    assert client.get(reverse("admin:candidatos_inscricao_changelist")).status_code == 200


def test_paginas_publicas_para_todos(client):
    certame = CertameFactory()
    rascunho = CertameFactory(status="rascunho")
    assert client.get(reverse("inicio")).status_code == 200
    assert client.get(reverse("certame_publico", args=[certame.pk])).status_code == 200
    assert client.get(reverse("certame_publico", args=[rascunho.pk])).status_code == 404


def test_navegacao_mostra_so_as_areas_do_usuario(client, rh, candidato_user):
    client.force_login(rh)
    html = client.get(reverse("inicio")).content.decode()
    assert reverse("painel:painel") in html
    assert reverse("portal:painel") not in html
    client.force_login(candidato_user)
    html = client.get(reverse("inicio")).content.decode()
    assert reverse("portal:painel") in html
    assert reverse("painel:painel") not in html


def test_candidato_ve_so_as_proprias_inscricoes(client, candidato_user):
    from tests.factories import InscricaoFactory

    minha = InscricaoFactory(candidato=candidato_user.candidato, numero="111111")
    alheia = InscricaoFactory(numero="222222")
    client.force_login(candidato_user)
    html = client.get(reverse("portal:painel")).content.decode()
    assert minha.numero in html
    assert alheia.numero not in html

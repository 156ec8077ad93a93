"""Permission matrix of the committee pages: RH, the committee's member, a member of another
committee (same certame and another certame), a member with an impedimento, a candidate, a
stranger and an anonymous visitor each get what they should."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from certames.models import Etapa
from comissoes.dominio.composicao import registrar_impedimento
from comissoes.models import Sessao
from comissoes.rules import (
    assinou_termo_da_sessao,
    e_membro_da_sessao,
    e_presidente_da_sessao,
    ve_a_avaliacao,
)
from tests.comissoes.fabricas import comissao_completa, convocado, membro, sessao
from tests.factories import CertameFactory, EtapaFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def mundo(rh, candidato_user, estranho):
    certame = CertameFactory()
    comissao, presidente, outros = comissao_completa(certame)
    s = sessao(comissao, inicio=timezone.now() - dt.timedelta(hours=1))
    _conv, av = convocado(s)
    impedido = outros[3]
    registrar_impedimento(impedido, av.inscricao, motivo="Irmão da candidata.", autor=rh)
    mesma_certame, _, _ = comissao_completa(certame)
    outro_certame, _, _ = comissao_completa(CertameFactory())
    etapa = EtapaFactory(certame=certame, tipo=Etapa.Tipo.HETEROIDENTIFICACAO)
    Sessao.objects.filter(pk=s.pk).update(encerrada_em=timezone.now())
    return {
        "certame": certame, "comissao": comissao, "sessao": s, "avaliacao": av,
        "etapa": etapa,
        "usuarios": {
            "rh": rh, "membro": outros[0].usuario, "presidente": presidente.usuario,
            "impedido": impedido.usuario,
            "outra_comissao": mesma_certame.membros.first().usuario,
            "outro_certame": outro_certame.membros.first().usuario,
            "candidato": candidato_user, "estranho": estranho, "anonimo": None,
        },
    }


def _get(client, user, url):
    client.logout()
    if user is not None:
        client.force_login(user)
    return client.get(url).status_code


AREA = {"rh": 403, "membro": 200, "presidente": 200, "outra_comissao": 404,
        "outro_certame": 404, "candidato": 403, "estranho": 403, "anonimo": 302}
GESTAO = {"rh": 200, "membro": 403, "presidente": 403, "impedido": 403,
          "outra_comissao": 403, "outro_certame": 403, "candidato": 403, "estranho": 403,
          "anonimo": 302}


@pytest.mark.parametrize("quem", list(AREA) + ["impedido"])
def test_sessao_e_avaliacao_da_area_da_comissao(client, mundo, quem):
    user = mundo["usuarios"][quem]
    sessao_url = reverse("comissao:sessao", args=[mundo["sessao"].pk])
    avaliacao_url = reverse("comissao:avaliacao", args=[mundo["avaliacao"].pk])
    esperado_sessao = 200 if quem == "impedido" else AREA[quem]
    # The member with an impedimento sees the session, but not that candidate.
    esperado_avaliacao = 404 if quem == "impedido" else AREA[quem]
    assert (quem, _get(client, user, sessao_url)) == (quem, esperado_sessao)
    assert (quem, _get(client, user, avaliacao_url)) == (quem, esperado_avaliacao)


@pytest.mark.parametrize("quem", list(GESTAO))
def test_paginas_do_rh(client, mundo, quem):
    user = mundo["usuarios"][quem]
    for url in (reverse("painel:indice"),
                reverse("painel:comissoes_certame", args=[mundo["certame"].pk]),
                reverse("painel:comissao", args=[mundo["comissao"].pk]),
                reverse("painel:sessao", args=[mundo["sessao"].pk]),
                reverse("painel:convocacao", args=[mundo["etapa"].pk])):
        assert (url, _get(client, user, url)) == (url, GESTAO[quem])


# The ata holds every candidate: a member with an impedimento about one of them gets 404.
ATA = {"rh": 200, "membro": 200, "presidente": 200, "impedido": 404, "outra_comissao": 404,
       "outro_certame": 404, "candidato": 403, "estranho": 403, "anonimo": 302}


@pytest.mark.parametrize("quem", list(ATA))
def test_ata_so_para_o_rh_e_os_membros_da_sessao(client, mundo, quem):
    user = mundo["usuarios"][quem]
    for url in (reverse("comissao:ata", args=[mundo["sessao"].pk]),
                reverse("painel:ata", args=[mundo["sessao"].pk])):
        assert (quem, _get(client, user, url)) == (quem, ATA[quem])


def test_membro_sem_termo_nao_baixa_a_ata(client, mundo):
    novo = membro(mundo["comissao"], assinado=False)
    client.force_login(novo.usuario)
    assert client.get(reverse("comissao:ata", args=[mundo["sessao"].pk])).status_code == 404


@pytest.mark.parametrize("quem", ["outra_comissao", "outro_certame", "impedido"])
def test_quem_nao_ve_tambem_nao_vota_nem_age(client, mundo, quem):
    from comissoes.models import Voto

    client.force_login(mundo["usuarios"][quem])
    av = mundo["avaliacao"]
    # With the confirmation box: what refuses them is who they are.
    for nome, dados in (("comissao:avaliacao", {"sentido": "confirma",
                                                "motivacao": "Fenótipo compatível.",
                                                "confirmacao": "on"}),
                        ("comissao:impedimento", {"motivo": "Tentativa de ver o candidato.",
                                                  "confirmacao": "on"}),
                        ("comissao:gravacao", {"gravacao": "x.mp4", "confirmacao": "on"}),
                        ("comissao:encerrar_avaliacao", {"confirmacao": "on"})):
        assert client.post(reverse(nome, args=[av.pk]), dados).status_code == 404
    assert client.post(reverse("comissao:comparecimento", args=[av.convocacao_id]),
                       {"comparecimento": "ausente", "confirmacao": "on"}).status_code == 404
    assert not Voto.objects.exists()


def test_predicados(mundo):
    u = mundo["usuarios"]
    s, av = mundo["sessao"], mundo["avaliacao"]
    assert e_membro_da_sessao(u["membro"], s) and not e_membro_da_sessao(u["outra_comissao"], s)
    assert not e_membro_da_sessao(u["rh"], s) and not e_membro_da_sessao(u["candidato"], s)
    assert e_presidente_da_sessao(u["presidente"], s)
    assert not e_presidente_da_sessao(u["membro"], s)
    assert assinou_termo_da_sessao(u["membro"], s)
    assert ve_a_avaliacao(u["membro"], av) and not ve_a_avaliacao(u["impedido"], av)
    assert not ve_a_avaliacao(u["outro_certame"], av)
    assert u["rh"].has_perm("comissoes.baixar_ata", s)
    assert not u["candidato"].has_perm("comissoes.baixar_ata", s)
    assert u["presidente"].has_perm("comissoes.presidir_sessao", s)
    assert not u["membro"].has_perm("comissoes.presidir_sessao", s)


def test_convocacao_e_nomes_nao_aparecem_para_candidato_sem_divulgacao(mundo):
    from comissoes.dominio.convocacao import convocacoes_do_candidato

    [c] = convocacoes_do_candidato(mundo["avaliacao"].inscricao)
    assert c.membros == []


# --- the admin ------------------------------------------------------------------------------

MODELOS = ["comissao", "membrocomissao", "impedimento", "sessao", "convocacao", "avaliacao",
           "voto"]
#: The procedure kernel's acts (publications, batches, appeals): RH reads them in the admin.
MODELOS_NUCLEO = ["publicacaoresultado", "itempublicado", "recurso", "anexorecurso"]


def test_rh_ve_todos_os_modelos_no_admin_e_os_atos_sao_so_leitura(client, mundo):
    from comissoes.models import Voto

    client.force_login(mundo["usuarios"]["rh"])
    indice = client.get(reverse("admin:index")).content.decode()
    for modelo in MODELOS:
        assert client.get(reverse(f"admin:comissoes_{modelo}_changelist")).status_code == 200
        assert f"/admin/comissoes/{modelo}/" in indice
    for modelo in MODELOS_NUCLEO:
        assert client.get(reverse(f"admin:nucleo_{modelo}_changelist")).status_code == 200
        assert client.get(reverse(f"admin:nucleo_{modelo}_add")).status_code == 403
    for modelo in ("comissao", "membrocomissao", "impedimento", "sessao"):
        assert client.get(reverse(f"admin:comissoes_{modelo}_add")).status_code == 200
    for modelo in ("convocacao", "avaliacao", "voto"):
        assert client.get(reverse(f"admin:comissoes_{modelo}_add")).status_code == 403
    av = mundo["avaliacao"]
    pagina = client.get(reverse("admin:comissoes_avaliacao_change", args=[av.pk]))
    assert pagina.status_code == 200 and 'name="_save"' not in pagina.content.decode()
    assert client.post(reverse("admin:comissoes_avaliacao_delete", args=[av.pk]),
                       {"post": "yes"}).status_code == 403
    assert not Voto.objects.exists()
    # Nobody else reaches the admin of the committees.
    client.force_login(mundo["usuarios"]["membro"])
    assert client.get(reverse("admin:comissoes_comissao_changelist")).status_code == 302


def test_admin_cria_pelo_dominio(client, mundo):
    from certames.models import Ato
    from comissoes.models import Comissao, MembroComissao
    from tests.factories import usuario

    rh = mundo["usuarios"]["rh"]
    certame = CertameFactory(regime="smbv-lc22-2026")
    client.force_login(rh)
    resposta = client.post(reverse("admin:comissoes_comissao_add"), {
        "certame": certame.pk, "tipo": "heteroidentificacao", "nome": "Comissão do admin",
        "tamanho": 5, "membros-TOTAL_FORMS": 0, "membros-INITIAL_FORMS": 0})
    assert resposta.status_code == 302, resposta.content.decode()[:2000]
    comissao = Comissao.objects.get(nome="Comissão do admin")
    assert Ato.objects.filter(tipo="comissao_designada", objeto_id=str(comissao.pk)).exists()
    pessoa = usuario("pessoa_admin")
    resposta = client.post(reverse("admin:comissoes_membrocomissao_add"), {
        "comissao": comissao.pk, "usuario": pessoa.pk, "papel": "titular", "presidente": "on",
        "genero": "feminino", "cor_raca": "preta", "regiao": "nordeste"})
    assert resposta.status_code == 302
    assert MembroComissao.objects.get(usuario=pessoa).presidente
    assert pessoa.groups.filter(name="Comissao").exists()
    # LC 22/2026 art. 3º §1º through the admin as well.
    inicio = timezone.localtime(timezone.now() + dt.timedelta(days=5))
    resposta = client.post(reverse("admin:comissoes_sessao_add"), {
        "comissao": comissao.pk, "inicio_0": inicio.strftime("%d/%m/%Y"),
        "inicio_1": inicio.strftime("%H:%M:%S"), "local": "https://sala.example",
        "modalidade": "remota", "gravacao_exigida": "on"})
    assert resposta.status_code == 200
    assert "obrigatoriamente presencial" in resposta.content.decode()
    assert not Sessao.objects.filter(comissao=comissao).exists()

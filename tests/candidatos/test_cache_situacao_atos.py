"""The candidate's status page served from the cache (candidatos/cache_situacao.py) shows each
act as soon as it is recorded: for every real act that changes what the page shows, the page
is first stored (the second GET is a hit), the act is recorded through the domain function
the application uses, and the next GET renders the new content. Also: the account's changes
(name, group, password, deactivation), another candidate's request, messages waiting and the
CSRF token of a stored page."""

import datetime as dt
import re
from decimal import Decimal

import pytest
from django.contrib.auth.models import Group
from django.contrib.messages import constants
from django.contrib.messages.storage.cookie import CookieStorage
from django.http import HttpRequest, HttpResponse
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from candidatos import chamadas, isencao, procedimentos
from candidatos.models import ProcedimentoAdministrativo
from certames.models import Etapa
from classificacao.homologacao import homologar
from classificacao.listas import publicar, recalcular
from comissoes.dominio.resultados import publicar_resultado_preliminar
from tests.candidatos.test_isencao_apoio import (
    APOS_PEDIDO,
    DURANTE_PEDIDO,
    NIS_B,
    certame_severinia,
    extrato,
)
from tests.comissoes.fabricas import (
    candidato_com_conta,
    cenario,
    comissao_votante,
    convocado,
    sessao,
)
from tests.factories import (
    CargoFactory,
    CertameFactory,
    EtapaFactory,
    InscricaoFactory,
    dia_util_desde,
)

pytestmark = pytest.mark.django_db

PIR, SEV = "pirangi-lei3056-2025", "severinia-lei3057-2026"
FATOS = ("Denúncia com fotografias e documentos indicando que o candidato se declarou branco "
         "em outro certame e em seus registros funcionais.")


# --- helpers ---------------------------------------------------------------------------------


def _url(inscricao) -> str:
    return reverse("portal:inscricao", args=[inscricao.pk])


def _guardada(client, url) -> str:
    """GET twice: the first renders and stores the page, the second is served from the cache
    (no template rendered). Returns the stored page's HTML."""
    primeira = client.get(url)
    assert (primeira.status_code, primeira.context is None) == (200, False)
    segunda = client.get(url)
    assert (segunda.status_code, segunda.context) == (200, None)
    return segunda.content.decode()


def _renderizada(client, url) -> str:
    """GET once: the page must be rendered now (a miss), not served from the cache."""
    resposta = client.get(url)
    assert (resposta.status_code, resposta.context is None) == (200, False)
    return resposta.content.decode()


def _conta_com_inscricao(certame=None, *, listas=("PP",), **extra):
    """A candidate with a login and one inscrição in a Pirangi certame."""
    certame = certame or CertameFactory(regime=PIR)
    candidato = candidato_com_conta(f"cand_atos_{certame.pk}_{len(listas)}")
    insc = InscricaoFactory(cargo=CargoFactory(certame=certame), candidato=candidato,
                            listas=list(listas), **extra)
    return candidato.usuario, insc


@pytest.fixture
def dono():
    """A logged-in-able candidate with an inscrição (PP) in a Pirangi certame."""
    return _conta_com_inscricao()


# --- acts about the inscrição and its certame ------------------------------------------------


def test_publicacao_do_resultado_preliminar_da_isencao(client, rh):
    certame = certame_severinia()
    extrato([(NIS_B, "810.51", dt.date(2025, 12, 1), "ativo")])  # income above the limit
    candidato = candidato_com_conta("cand_isencao")
    insc = InscricaoFactory(cargo=certame.cargos.first(), candidato=candidato)
    pedido = isencao.solicitar_isencao(insc, tipo="cadunico", nis=NIS_B, autor=candidato.usuario,
                                       agora=DURANTE_PEDIDO)
    isencao.decidir_preliminar(pedido, autor=rh, confirmar=True)
    pedido.refresh_from_db()
    client.force_login(candidato.usuario)
    url = _url(insc)
    motivo = escape(pedido.motivo_preliminar)
    antes = _guardada(client, url)
    assert motivo not in antes
    assert antes.count("ainda não publicado") == 2

    isencao.publicar_resultado(certame, "preliminar", autor=rh, agora=APOS_PEDIDO)
    depois = _renderizada(client, url)
    assert motivo in depois
    assert depois.count("ainda não publicado") == 1


def test_publicacao_do_parecer_da_comissao(client):
    c = cenario(publicar=False)
    client.force_login(c.user)
    url = _url(c.inscricao)
    antes = _guardada(client, url)
    assert "O resultado ainda não foi publicado." in antes
    assert "(lote 1" not in antes

    publicar_resultado_preliminar(c.certame, autor=c.rh)
    depois = _renderizada(client, url)
    assert "O resultado ainda não foi publicado." not in depois
    assert "(lote 1" in depois


def test_convocacao_para_sessao_da_comissao(client, dono):
    user, insc = dono
    comissao, _membros = comissao_votante(insc.certame)
    s = sessao(comissao, local="Ginásio Poliesportivo Central")
    client.force_login(user)
    url = _url(insc)
    assert "Ginásio Poliesportivo Central" not in _guardada(client, url)

    convocado(s, inscricao=insc)
    depois = _renderizada(client, url)
    assert "Ginásio Poliesportivo Central" in depois
    assert 'id="convocacoes-individuais"' in depois


def test_mudanca_do_local_da_sessao_convocada(client, dono):
    user, insc = dono
    comissao, _membros = comissao_votante(insc.certame)
    s = sessao(comissao, local="Ginásio Poliesportivo Central")
    convocado(s, inscricao=insc)
    client.force_login(user)
    url = _url(insc)
    antes = _guardada(client, url)
    assert ("Ginásio Poliesportivo Central" in antes, "Escola Estadual Rui Barbosa" in antes) == (
        True, False)

    s.local = "Escola Estadual Rui Barbosa"
    s.save()
    depois = _renderizada(client, url)
    assert ("Ginásio Poliesportivo Central" in depois,
            "Escola Estadual Rui Barbosa" in depois) == (False, True)


def test_nome_do_membro_divulgado_na_convocacao(client, dono):
    user, insc = dono
    comissao, membros = comissao_votante(insc.certame)
    comissao.divulgar_nomes = True
    comissao.save()
    convocado(sessao(comissao), inscricao=insc)
    client.force_login(user)
    url = _url(insc)
    antes = _guardada(client, url)
    membro = membros[0].usuario
    assert (membro.username in antes, "Heloísa Brandão Teixeira" in antes) == (True, False)

    # The member's name corrected (the account's admin page saves the User).
    membro.first_name, membro.last_name = "Heloísa", "Brandão Teixeira"
    membro.save()
    assert "Heloísa Brandão Teixeira" in _renderizada(client, url)


def test_abertura_de_procedimento_administrativo(client, rh, dono):
    user, insc = dono
    prazo = timezone.now() + dt.timedelta(days=10)
    client.force_login(user)
    url = _url(insc)
    antes = _guardada(client, url)
    assert "Procedimentos administrativos" not in antes

    procedimentos.abrir_procedimento(
        insc, tipo=ProcedimentoAdministrativo.Tipo.FRAUDE_AUTODECLARACAO, lista="PP",
        fatos=FATOS, prazo_defesa=prazo, autor=rh)
    depois = _renderizada(client, url)
    assert "Procedimentos administrativos" in depois
    assert f"em andamento; defesa até {timezone.localtime(prazo):%d/%m/%Y %H:%M}" in depois


def _cargo_classificado(conta: str):
    """A Severínia cargo of 2 vacancies, the candidate with a login first (classified, not
    published). Returns (user, inscrição)."""
    certame = CertameFactory(regime=SEV)
    cargo = CargoFactory(certame=certame, vagas=2, codigo="ADM")
    candidato = candidato_com_conta(conta)
    insc = InscricaoFactory(cargo=cargo, numero="001", nota=Decimal(90), listas=[],
                            candidato=candidato)
    InscricaoFactory(cargo=cargo, numero="002", nota=Decimal(80), listas=[])
    return candidato.usuario, insc


def test_publicacao_da_classificacao(client, rh):
    user, insc = _cargo_classificado("cand_classif")
    versao = recalcular(insc.cargo_id)
    client.force_login(user)
    url = _url(insc)
    antes = _guardada(client, url)
    assert "Nenhuma classificação publicada para este cargo." in antes
    assert "<td>1º</td>" not in antes

    publicar(versao, "preliminar", rh)
    depois = _renderizada(client, url)
    assert "Nenhuma classificação publicada para este cargo." not in depois
    assert "<td>1º</td>" in depois


def test_convocacao_para_nomeacao(client, rh):
    user, insc = _cargo_classificado("cand_chamada")
    publicar(recalcular(insc.cargo_id), "final", rh)
    hoje = timezone.localdate()
    homologar(insc.certame, data=hoje - dt.timedelta(days=5), ato="Decreto 2/2026", autor=rh)
    client.force_login(user)
    url = _url(insc)
    antes = _guardada(client, url)
    assert "Convocação para nomeação" not in antes

    prazo = dia_util_desde(hoje + dt.timedelta(days=15))
    chamadas.convocar(insc.cargo, 1, prazo=prazo, autor=rh)
    depois = _renderizada(client, url)
    assert "Convocação para nomeação" in depois
    assert f"Prazo para apresentar os documentos: até {prazo:%d/%m/%Y}." in depois


def test_alteracao_de_etapa_do_cronograma(client, dono):
    user, insc = dono
    inicio = timezone.now() + dt.timedelta(days=60)
    etapa = EtapaFactory(certame=insc.certame, tipo=Etapa.Tipo.HETEROIDENTIFICACAO,
                         inicio=inicio, fim=inicio + dt.timedelta(days=2))
    client.force_login(user)
    url = _url(insc)
    antes = _guardada(client, url)
    assert 'id="cronograma-convocacoes"' in antes
    assert "Procedimento no Centro Cultural" not in antes

    etapa.descricao = "Procedimento no Centro Cultural"
    etapa.save()
    assert "Procedimento no Centro Cultural" in _renderizada(client, url)


# --- the account -------------------------------------------------------------------------------


def test_nome_do_usuario_no_menu(client, dono):
    user, insc = dono
    client.force_login(user)
    url = _url(insc)
    assert "Josefina Araújo Prado" not in _guardada(client, url)

    user.first_name, user.last_name = "Josefina", "Araújo Prado"
    user.save()
    assert "Josefina Araújo Prado" in _renderizada(client, url)


def test_fora_do_grupo_de_candidatos_e_403(client, dono):
    user, insc = dono
    client.force_login(user)
    url = _url(insc)
    _guardada(client, url)

    user.groups.remove(Group.objects.get(name="Candidato"))
    assert client.get(url).status_code == 403


def test_senha_trocada_encerra_a_sessao(client, dono):
    user, insc = dono
    client.force_login(user)
    url = _url(insc)
    _guardada(client, url)

    user.set_password("outra-senha-forte-456")
    user.save()
    resposta = client.get(url)
    assert (resposta.status_code, resposta.url) == (302, f"{reverse('login')}?next={url}")


def test_conta_desativada_volta_ao_login(client, dono):
    user, insc = dono
    client.force_login(user)
    url = _url(insc)
    _guardada(client, url)

    user.is_active = False
    user.save()
    resposta = client.get(url)
    assert (resposta.status_code, resposta.url) == (302, f"{reverse('login')}?next={url}")


def test_outro_candidato_nao_recebe_a_pagina_guardada(client, dono):
    user, insc = dono
    outro, _sua = _conta_com_inscricao(listas=())
    client.force_login(user)
    url = _url(insc)
    _guardada(client, url)

    intruso = Client()
    intruso.force_login(outro)
    assert intruso.get(url).status_code == 404
    # The 404 is not stored either, and the owner still gets their stored page.
    assert intruso.get(url).status_code == 404
    dono_de_novo = client.get(url)
    assert (dono_de_novo.status_code, dono_de_novo.context) == (200, None)


# --- messages and CSRF -----------------------------------------------------------------------


def _mensagem_pendente(client, texto: str) -> None:
    """Queue a message as an action redirecting with `messages.success` does: in the
    messages cookie (the default FallbackStorage writes the cookie first)."""
    resposta = HttpResponse()
    armazenamento = CookieStorage(HttpRequest())
    armazenamento.add(constants.SUCCESS, texto)
    armazenamento.update(resposta)
    client.cookies[armazenamento.cookie_name] = resposta.cookies[
        armazenamento.cookie_name].value


def _apagar_cookies_expirados(client) -> None:
    """Do as a browser does with a cookie the response deleted (max-age 0): drop it (the
    test client keeps it, empty, and would send it again)."""
    for nome, morsel in list(client.cookies.items()):
        if str(morsel["max-age"]) == "0":
            del client.cookies[nome]


def test_mensagem_pendente_e_renderizada_e_nao_guardada(client, dono):
    user, insc = dono
    client.force_login(user)
    url = _url(insc)
    assert "Pedido registrado com sucesso." not in _guardada(client, url)

    _mensagem_pendente(client, "Pedido registrado com sucesso.")
    com_mensagem = client.get(url)
    assert com_mensagem.context is not None
    assert "Pedido registrado com sucesso." in com_mensagem.content.decode()
    # Shown once (the cookie is deleted): the stored page comes back, without it.
    assert com_mensagem.cookies["messages"]["max-age"] == 0
    _apagar_cookies_expirados(client)
    seguinte = client.get(url)
    assert seguinte.context is None
    assert "Pedido registrado com sucesso." not in seguinte.content.decode()


def test_pagina_com_mensagem_nao_e_guardada(client, dono):
    user, insc = dono
    client.force_login(user)
    url = _url(insc)
    _mensagem_pendente(client, "Pedido registrado com sucesso.")
    assert "Pedido registrado com sucesso." in _renderizada(client, url)
    _apagar_cookies_expirados(client)
    # Nothing was stored: the next GET renders too (and stores), then the page is a hit.
    assert "Pedido registrado com sucesso." not in _renderizada(client, url)
    assert client.get(url).context is None


def test_token_csrf_da_pagina_guardada_e_aceito(dono):
    user, insc = dono
    navegador = Client(enforce_csrf_checks=True)
    navegador.force_login(user)
    url = _url(insc)
    html = _guardada(navegador, url)
    marcador = 'name="csrfmiddlewaretoken" value="'
    token = html.split(marcador, 1)[1].split('"', 1)[0]
    # A masked token in place of the stored marker ("csrf" + 32 hex digits).
    assert re.fullmatch(r"[A-Za-z0-9]{64}", token) is not None
    # The checks are enforced: a forged token is refused...
    assert navegador.post(reverse("logout"), {"csrfmiddlewaretoken": "a" * 64}).status_code == 403
    # ...and the cached page's token is accepted (the logout form of base.html).
    resposta = navegador.post(reverse("logout"), {"csrfmiddlewaretoken": token})
    assert resposta.status_code == 302
    # Logged out indeed: the status page now asks to log in.
    assert navegador.get(url).status_code == 302

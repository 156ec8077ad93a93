"""The way in on a public certame page while its inscrições are open (the portal's own answer,
`inscricao_portal.inscricoes_abertas`): an anonymous visitor gets the sign-up and log-in links
(the log-in returns to the inscrição), a signed-in candidate the inscrição page, anyone else
nothing. The anonymous page is cached and names no one; it is kept only until the inscrições
open or close (`cache_publico.valida_ate`), never until midnight."""

import datetime as dt
from urllib.parse import quote

import pytest
from django.urls import reverse
from django.utils import timezone

from candidatos import inscricao_portal
from certames.models import Certame, Etapa
from comum import cache_publico
from tests.factories import CertameFactory, EtapaFactory, usuario

pytestmark = pytest.mark.django_db

SEV = "severinia-lei3057-2026"
HORA = dt.timedelta(hours=1)


def _certame(inicio, fim, **extra):
    certame = CertameFactory(regime=SEV, **extra)
    EtapaFactory(certame=certame, tipo=Etapa.Tipo.INSCRICOES, inicio=inicio, fim=fim)
    return certame


def _secao(html: str) -> str:
    """The section of the open inscrições ('' when the page has none)."""
    inicio = html.find('id="inscricoes-abertas"')
    return "" if inicio < 0 else html[inicio:html.index("</section>", inicio)]


def _links(html: str) -> list[str]:
    secao = _secao(html)
    return [parte.split('"', 1)[0] for parte in secao.split('data-link="')[1:]]


def _pagina(client, certame) -> str:
    return client.get(reverse("certame_publico", args=[certame.pk])).content.decode()


def test_anonimo_ve_criar_conta_e_entrar_que_volta_a_inscricao(client):
    agora = timezone.now()
    certame = _certame(agora - HORA, agora + 5 * HORA)
    html = _pagina(client, certame)
    assert _links(html) == ["cadastro", "entrar"]
    inscrever = reverse("portal:inscrever", args=[certame.pk])
    assert f'href="{reverse("login")}?next={quote(inscrever)}"' in _secao(html)
    assert f'href="{reverse("portal:cadastro")}"' in _secao(html)
    fim = timezone.localtime(agora + 5 * HORA).strftime("%d/%m/%Y %H:%M")
    assert f"As inscrições estão abertas até {fim}." in _secao(html)


def test_candidato_ve_inscrever_e_outros_nada(client, candidato_user, rh, membro_comissao):
    agora = timezone.now()
    certame = _certame(agora - HORA, agora + HORA)
    client.force_login(candidato_user)
    html = _pagina(client, certame)
    assert _links(html) == ["inscrever"]
    assert f'href="{reverse("portal:inscrever", args=[certame.pk])}"' in _secao(html)
    for outro in (rh, membro_comissao):
        client.force_login(outro)
        assert _secao(_pagina(client, certame)) == ""


@pytest.mark.parametrize(("de", "ate", "status"), [
    (-3, -1, Certame.Status.EM_ANDAMENTO),  # closed
    (1, 3, Certame.Status.EM_ANDAMENTO),    # not yet open
    (-1, 1, Certame.Status.CANCELADO),      # open stage, but the certame takes none
])
def test_fora_das_inscricoes_nenhum_link(client, de, ate, status):
    agora = timezone.now()
    certame = _certame(agora + de * HORA, agora + ate * HORA, status=status)
    assert inscricao_portal.inscricoes_abertas(certame) is False
    assert _secao(_pagina(client, certame)) == ""


def test_proxima_mudanca_das_inscricoes():
    agora = timezone.now()
    fim = agora + 2 * HORA
    certame = _certame(agora - HORA, fim)
    EtapaFactory(certame=certame, tipo=Etapa.Tipo.INSCRICOES, inicio=agora + 30 * HORA,
                 fim=agora + 40 * HORA)
    assert inscricao_portal.proxima_mudanca_inscricoes(certame, agora) == (
        fim + dt.timedelta(microseconds=1))
    assert inscricao_portal.proxima_mudanca_inscricoes(certame, fim + HORA) == agora + 30 * HORA
    assert inscricao_portal.proxima_mudanca_inscricoes(certame, agora + 41 * HORA) is None


# --- the cache --------------------------------------------------------------------------------


def _mover_relogio(monkeypatch, instante):
    monkeypatch.setattr(timezone, "now", lambda: instante)
    monkeypatch.setattr(cache_publico, "_agora_parede", instante.timestamp)


def test_pagina_anonima_em_cache_ate_as_inscricoes_fecharem(client, monkeypatch,
                                                             django_assert_num_queries):
    agora = timezone.now()
    fim = agora + 20 * dt.timedelta(minutes=1)
    certame = _certame(agora - HORA, fim)
    url = reverse("certame_publico", args=[certame.pk])
    primeira = client.get(url)
    with django_assert_num_queries(1):  # a hit: only the generations are read
        segunda = client.get(url)
    assert segunda.content == primeira.content and _links(segunda.content.decode()) == [
        "cadastro", "entrar"]
    # Browsers and proxies may keep it no longer than the inscrições stay open.
    idade = int(segunda["Cache-Control"].split("max-age=")[1].split(",")[0])
    assert 0 < idade <= 60
    # The stage ends before midnight: the next request after it renders the page again.
    _mover_relogio(monkeypatch, fim + dt.timedelta(seconds=1))
    assert _secao(client.get(url).content.decode()) == ""


def test_pagina_anonima_em_cache_ate_as_inscricoes_abrirem(client, monkeypatch):
    agora = timezone.now()
    inicio = agora + 10 * dt.timedelta(minutes=1)
    certame = _certame(inicio, inicio + 5 * HORA)
    url = reverse("certame_publico", args=[certame.pk])
    assert _secao(client.get(url).content.decode()) == ""
    _mover_relogio(monkeypatch, inicio + dt.timedelta(seconds=1))
    assert _links(client.get(url).content.decode()) == ["cadastro", "entrar"]


def test_pagina_do_candidato_nunca_vai_ao_cache(client, candidato_user):
    agora = timezone.now()
    certame = _certame(agora - HORA, agora + HORA)
    url = reverse("certame_publico", args=[certame.pk])
    client.force_login(candidato_user)
    resposta = client.get(url)
    assert "private" in resposta["Cache-Control"]
    client.logout()
    assert _links(client.get(url).content.decode()) == ["cadastro", "entrar"]


def test_valida_ate_guarda_o_mais_cedo():
    from django.http import HttpResponse

    agora = timezone.now()
    resposta = cache_publico.valida_ate(HttpResponse(), agora + HORA)
    cache_publico.valida_ate(resposta, agora + 2 * HORA)
    cache_publico.valida_ate(resposta, None)
    assert resposta.cache_publico_ate == agora + HORA


def test_rh_nao_precisa_de_conta_de_candidato_para_ver_a_pagina(client):
    agora = timezone.now()
    certame = _certame(agora - HORA, agora + HORA)
    client.force_login(usuario("rh_sem_candidato", "RH", staff=True))
    assert client.get(reverse("certame_publico", args=[certame.pk])).status_code == 200

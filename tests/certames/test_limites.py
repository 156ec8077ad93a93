"""The limiter itself (comum/limites.py), fixed windows in the cache that
fail open, and the one client address every limit and django-axes use."""

import datetime as dt
import logging

import pytest
from django.core.cache import cache
from django.test import RequestFactory, override_settings

from comum import limites

#: 2026-12-02 13:20:00 UTC (10:20 in São Paulo): 20 minutes into an hourly window.
AGORA = dt.datetime(2026, 12, 2, 13, 20, tzinfo=dt.UTC).timestamp()
ATIVOS = override_settings(LIMITES_ABUSO_ATIVOS=True,
                           LIMITES_ABUSO={"teste": (3, 3600), "outro": (1, 24 * 3600)})


@pytest.fixture
def relogio(monkeypatch):
    agora = [AGORA]
    monkeypatch.setattr(limites, "_relogio", lambda: agora[0])
    return agora


def _usos(nome, chave, vezes):
    return [limites.contar(nome, chave).permitido for _ in range(vezes)]


@ATIVOS
def test_permite_ate_o_limite_e_recusa_depois_ate_o_fim_da_janela(relogio):
    assert _usos("teste", "203.0.113.5", 5) == [True, True, True, False, False]
    recusa = limites.contar("teste", "203.0.113.5")
    assert (recusa.permitido, recusa.espera, recusa.ate) == (
        False, 40 * 60, dt.datetime(2026, 12, 2, 14, 0, tzinfo=dt.UTC))


@ATIVOS
def test_nova_janela_recomeca_a_contagem(relogio):
    assert _usos("teste", "203.0.113.5", 4) == [True, True, True, False]
    relogio[0] = AGORA + 40 * 60  # 14:00 UTC: the next window
    assert _usos("teste", "203.0.113.5", 4) == [True, True, True, False]


@ATIVOS
def test_cada_chave_e_cada_limite_contam_a_parte(relogio):
    assert _usos("teste", "203.0.113.5", 4) == [True, True, True, False]
    assert _usos("teste", "198.51.100.7", 1) == [True]
    assert _usos("outro", "203.0.113.5", 2) == [True, False]


@ATIVOS
def test_email_contado_sem_diferenca_de_caixa_e_nao_guardado_no_cache(relogio):
    assert _usos("outro", "Vitima@Example.com", 1) == [True]
    assert _usos("outro", " vitima@example.com", 1) == [False]
    chaves = list(cache._cache)  # local memory: the keys as stored
    assert len(chaves) == 1
    assert "vitima" not in chaves[0].lower()


@ATIVOS
def test_verificar_conta_todos_e_espera_pelo_mais_longo(relogio):
    assert limites.verificar([("teste", "a"), ("outro", "b")]).permitido is True
    resultado = limites.verificar([("teste", "a"), ("outro", "b")])
    # "outro" (a day, ends at 00:00 UTC) refuses; "teste" has one use left.
    assert (resultado.permitido, resultado.ate) == (
        False, dt.datetime(2026, 12, 3, 0, 0, tzinfo=dt.UTC))
    assert limites.contar("teste", "a").permitido is True  # both were counted: 3rd use
    assert limites.contar("teste", "a").permitido is False


@override_settings(LIMITES_ABUSO_ATIVOS=False, LIMITES_ABUSO={"teste": (1, 3600)})
def test_desligados_nada_contam(relogio):
    assert _usos("teste", "203.0.113.5", 3) == [True, True, True]
    assert list(cache._cache) == []


@ATIVOS
def test_cache_que_falha_deixa_passar_com_aviso(relogio, monkeypatch, caplog):
    def falha(*args, **kwargs):
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(cache, "add", falha)
    with caplog.at_level(logging.WARNING, logger="comum.limites"):
        assert _usos("teste", "203.0.113.5", 5) == [True] * 5
    assert [r.getMessage() for r in caplog.records] == [
        "limite teste não verificado: o cache falhou (requisição permitida)"] * 5


@ATIVOS
def test_incr_que_falha_tambem_deixa_passar(relogio, monkeypatch):
    def falha(*args, **kwargs):
        raise TimeoutError("Timeout reading from socket")

    monkeypatch.setattr(cache, "incr", falha)
    assert _usos("teste", "203.0.113.5", 5) == [True] * 5


@ATIVOS
def test_cache_que_engole_a_falha_e_responde_none_tambem_deixa_passar(relogio, monkeypatch,
                                                                      caplog):
    # A fail-soft cache layer (Redis down, the error logged and swallowed) answers None.
    monkeypatch.setattr(cache, "add", lambda *a, **k: False)
    monkeypatch.setattr(cache, "incr", lambda *a, **k: None)
    with caplog.at_level(logging.WARNING, logger="comum.limites"):
        assert _usos("teste", "203.0.113.5", 5) == [True] * 5
    assert len(caplog.records) == 5


@ATIVOS
def test_pagina_429_em_portugues_diz_quando_tentar(relogio, rf):
    for _ in range(3):
        limites.contar("teste", "x")
    resposta = limites.resposta_limite(rf.get("/"), limites.contar("teste", "x"))
    texto = resposta.content.decode()
    assert (resposta.status_code, resposta["Retry-After"], resposta["Cache-Control"]) == (
        429, "2400", "private, no-store")
    assert "Muitas tentativas em pouco tempo" in texto
    assert '<p id="tente-novamente">Tente novamente a partir das 11:00.</p>' in texto


@ATIVOS
def test_pagina_429_de_outro_dia_diz_a_data(relogio, rf):
    limites.contar("outro", "x")
    resposta = limites.resposta_limite(rf.get("/"), limites.contar("outro", "x"))
    # The daily window ends at 00:00 UTC: 21:00 in São Paulo, the same day.
    assert '<p id="tente-novamente">Tente novamente a partir das 21:00.</p>' in (
        resposta.content.decode())
    relogio[0] = dt.datetime(2026, 12, 3, 1, 0, tzinfo=dt.UTC).timestamp()  # 22:00 local
    limites.contar("outro", "y")
    resposta = limites.resposta_limite(rf.get("/"), limites.contar("outro", "y"))
    assert ('<p id="tente-novamente">Tente novamente a partir de 03/12/2026, às 21:00.</p>'
            in resposta.content.decode())


# --- the client's address -----------------------------------------------------------------------


def _pedido(remoto="10.0.0.2", xff=None):
    extra = {"REMOTE_ADDR": remoto}
    if xff is not None:
        extra["HTTP_X_FORWARDED_FOR"] = xff
    return RequestFactory().get("/", **extra)


def test_sem_configuracao_o_cabecalho_e_ignorado():
    assert limites.endereco_cliente(_pedido("198.51.100.7", "203.0.113.5")) == "198.51.100.7"


@override_settings(NUM_PROXIES=1)
def test_um_proxy_vale_a_entrada_que_ele_viu():
    assert limites.endereco_cliente(_pedido("10.0.0.2", "203.0.113.5")) == "203.0.113.5"
    # The client wrote its own header; the proxy appended what it saw.
    assert limites.endereco_cliente(_pedido("10.0.0.2", "1.2.3.4, 203.0.113.5")) == (
        "203.0.113.5")
    assert limites.endereco_cliente(_pedido("10.0.0.2", "203.0.113.5:51234")) == "203.0.113.5"
    assert limites.endereco_cliente(_pedido("10.0.0.2", "2001:db8::1")) == "2001:db8::1"


@override_settings(NUM_PROXIES=2)
def test_dois_proxies():
    assert limites.endereco_cliente(_pedido("10.0.0.2", "1.2.3.4, 203.0.113.5, 10.0.0.9")) == (
        "203.0.113.5")


@override_settings(NUM_PROXIES=1)
def test_sem_cabecalho_ou_cabecalho_invalido_fica_o_endereco_da_conexao():
    assert limites.endereco_cliente(_pedido("10.0.0.2")) == "10.0.0.2"
    assert limites.endereco_cliente(_pedido("10.0.0.2", "não-é-ip")) == "10.0.0.2"


@override_settings(PROXIES_CONFIAVEIS=["10.0.0.0/24"])
def test_proxies_confiaveis_o_cabecalho_so_vale_deles():
    # Through the proxy: the nearest address that is not one of them.
    assert limites.endereco_cliente(_pedido("10.0.0.2", "1.2.3.4, 203.0.113.5, 10.0.0.9")) == (
        "203.0.113.5")
    # Straight to the server, with a forged header: the connection's address.
    assert limites.endereco_cliente(_pedido("198.51.100.7", "203.0.113.5")) == "198.51.100.7"


@override_settings(NUM_PROXIES=1, PROXIES_CONFIAVEIS=["10.0.0.2"])
def test_numero_e_lista_juntos():
    assert limites.endereco_cliente(_pedido("10.0.0.2", "1.2.3.4, 203.0.113.5")) == (
        "203.0.113.5")
    assert limites.endereco_cliente(_pedido("10.0.0.3", "1.2.3.4, 203.0.113.5")) == "10.0.0.3"


def test_axes_usa_o_mesmo_endereco():
    from axes.helpers import get_client_ip_address

    with override_settings(NUM_PROXIES=1):
        assert get_client_ip_address(_pedido("10.0.0.2", "203.0.113.5")) == "203.0.113.5"
    assert get_client_ip_address(_pedido("10.0.0.2", "203.0.113.5")) == "10.0.0.2"

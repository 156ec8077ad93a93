"""RH enters the call order the edital states (spec section 7, `ordem_convocacao`; Lei
3.057/2026, art. 17, parágrafo único and art. 18, VIII), compares it with the regime's rule,
records it as an act, and the public vacancy table shows the order for N and for the next 20
vacancies.

Severínia, N = 10: PPI arred(0.3 x 10) = 3, PcD teto(0.5) = 1 <= 20% of 10. Default order:
PPI at 2, 5, 9 (R_PPI(v) = arred(0.3 v) grows at v = 2, 5, 9), PcD at 6 (due from v = 5,
after PPI). Next vacancies, one at a time: R_PPI(11) = arred(3.3) = 3 (none due), R_PPI(12) =
arred(3.6) = 4 -> 12th; arred(4.5) = 5 -> 15th; arred(5.7) = 6 -> 19th; PcD teto(1.05) = 2 <=
20% of 21 -> 21st.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from certames.models import Ato, Certame, Etapa
from certames.servicos import definir_ordem_convocacao
from classificacao.quadro_vagas import comparar_ordens, quadro_de_vagas
from tests.factories import CargoFactory, CertameFactory, EtapaFactory

pytestmark = pytest.mark.django_db

SEV = "severinia-lei3057-2026"
ORDEM = {"PPI": {"posicoes": [2, 5, 8]}, "PCD": {"posicoes": [10]}}


def _cargo():
    certame = CertameFactory(regime=SEV)
    return CargoFactory(certame=certame, codigo="ADM", vagas=10)


def _posicoes(grupos):
    return {g["lista"]: g["posicoes"] for g in grupos}


def test_comparacao_mostra_o_que_muda_em_relacao_a_regra_do_regime():
    cargo = _cargo()
    [linha], erro = comparar_ordens(cargo.certame, [cargo], ORDEM)
    assert erro == ""
    assert _posicoes(linha["padrao"]) == {"PPI": "2ª, 5ª, 9ª", "PCD": "6ª"}
    assert _posicoes(linha["edital"]) == {"PPI": "2ª, 5ª, 8ª", "PCD": "10ª"}
    assert linha["mudancas"][:4] == ["6ª posição: PCD → AC", "8ª posição: AC → PPI",
                                     "9ª posição: PPI → AC", "10ª posição: AC → PCD"]
    assert _posicoes(linha["proximas_padrao"])["PPI"].startswith("12ª, 15ª, 19ª")
    assert _posicoes(linha["proximas_padrao"])["PCD"].startswith("21ª")


def test_posicoes_alem_da_reserva_sao_avisadas():
    """PPI named at 1..5 in the first 10: the reserve is 3, the order keeps 3 (1st-3rd)."""
    cargo = _cargo()
    [linha], _ = comparar_ordens(cargo.certame, [cargo], {"PPI": {"posicoes": [1, 2, 3, 4, 5]}})
    assert linha["avisos"] == [
        "PPI: o edital indica 5 posição(ões) até a 10ª, e a reserva com 10 vagas é de 3; a "
        "ordem mantém a reserva: PPI nas posições 1ª, 2ª, 3ª (regras de reserva, seção 7)."]


def test_registrar_grava_o_parametro_o_ato_e_o_quadro_publico_segue(client, rh):
    cargo = _cargo()
    definir_ordem_convocacao(cargo.certame, ORDEM, autor=rh)
    certame = Certame.objects.get(pk=cargo.certame_id)
    assert certame.parametros["ordem_convocacao"] == ORDEM
    ato = Ato.objects.get(tipo="ordem_convocacao_edital")
    assert ato.fundamento_legal == certame.regime_legal.fundamento_ordem_nomeacao
    cargo.surgidas = 0
    _, [linha], _ = quadro_de_vagas(certame, [cargo])
    assert _posicoes(linha["posicoes"]) == {"PPI": "2ª, 5ª, 8ª", "PCD": "10ª"}
    assert (linha["proximas_de"], linha["proximas_ate"]) == (11, 30)


def test_ordem_conflitante_recusada_e_nada_gravado(client, rh):
    cargo = _cargo()
    client.force_login(rh)
    url = reverse("painel:ordem_convocacao", args=[cargo.certame_id])
    resposta = client.post(url, {"posicoes_PPI": "2, 5", "posicoes_PCD": "5",
                                 "confirmacao": "on"})
    assert resposta.status_code == 400
    assert "a 5ª posição é reivindicada por PPI e por PCD" in resposta.content.decode()
    assert "ordem_convocacao" not in Certame.objects.get(pk=cargo.certame_id).parametros
    assert not Ato.objects.filter(tipo="ordem_convocacao_edital").exists()


def test_pagina_previa_e_registro(client, rh):
    cargo = _cargo()
    client.force_login(rh)
    url = reverse("painel:ordem_convocacao", args=[cargo.certame_id])
    previa = client.get(url, {"posicoes_PPI": "2, 5, 8", "posicoes_PCD": "10",
                              "previsualizar": "1"}).content.decode()
    assert 'data-mudancas="' in previa and 'id="registrar-ordem"' in previa
    assert "ordem_convocacao" not in Certame.objects.get(pk=cargo.certame_id).parametros
    resposta = client.post(url, {"posicoes_PPI": "2, 5, 8", "periodo_PPI": "",
                                 "posicoes_PCD": "10", "periodo_PCD": "",
                                 "confirmacao": "on"})
    assert resposta.status_code == 302
    assert Certame.objects.get(pk=cargo.certame_id).parametros["ordem_convocacao"] == ORDEM
    publica = client.get(reverse("certame_publico", args=[cargo.certame_id])).content.decode()
    assert "Se surgirem novas vagas, da 11ª à 30ª posição:" in publica


def test_depois_do_inicio_das_inscricoes_so_por_retificacao(rh):
    cargo = _cargo()
    EtapaFactory(certame=cargo.certame, tipo=Etapa.Tipo.INSCRICOES,
                 inicio=timezone.now() - dt.timedelta(days=1))
    with pytest.raises(ValidationError, match="só por retificação do edital"):
        definir_ordem_convocacao(cargo.certame, ORDEM, autor=rh)

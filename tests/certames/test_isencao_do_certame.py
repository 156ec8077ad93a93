"""Whether a certame has a fee exemption has one answer (`Certame.oferece_isencao`): the public
schedule, the candidate's pages and RH's pages agree.

The reported case: a new certame's public schedule showed "Pedido de isenção 01/12–05/12"
while the candidate's page said the law has no exemption. The schedule's check now refuses
such a stage (tests/certames/test_cronograma.py); a stage saved before it (here written
straight to the table, as an old schedule would be) is never announced, and RH is told."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from certames.models import Etapa
from comum.papeis import GRUPO_CANDIDATO
from tests.factories import (
    CandidatoFactory,
    CargoFactory,
    CertameFactory,
    EtapaFactory,
    InscricaoFactory,
    usuario,
)

pytestmark = pytest.mark.django_db

PEDIDO = "Pedido de isenção da taxa"
NAO_PREVE = "A lei deste certame não prevê isenção da taxa de inscrição."


def _certame(regime):
    local = timezone.get_current_timezone()
    certame = CertameFactory(regime=regime, data_publicacao_edital=dt.date(2026, 10, 1))
    EtapaFactory(certame=certame, tipo=Etapa.Tipo.INSCRICOES,
                 inicio=dt.datetime(2026, 12, 1, 8, 0, tzinfo=local),
                 fim=dt.datetime(2026, 12, 20, 18, 0, tzinfo=local))
    EtapaFactory(certame=certame, tipo=Etapa.Tipo.PEDIDO_ISENCAO,
                 inicio=dt.datetime(2026, 12, 1, 8, 0, tzinfo=local),
                 fim=dt.datetime(2026, 12, 5, 18, 0, tzinfo=local))
    return certame


def test_sem_isencao_na_lei_nenhuma_pagina_anuncia_o_pedido(client, admin_client):
    certame = _certame("smbv-lc22-2026")
    publica = client.get(reverse("certame_publico", args=[certame.pk])).content.decode()
    assert "Inscrições: 01/12/2026 08:00" in publica
    assert PEDIDO not in publica

    # The candidate's pages: no exemption to ask for.
    user = usuario("cand_sem_isencao", GRUPO_CANDIDATO)
    insc = InscricaoFactory(cargo=CargoFactory(certame=certame),
                            candidato=CandidatoFactory(usuario=user))
    client.force_login(user)
    status = client.get(reverse("portal:inscricao", args=[insc.pk])).content.decode()
    assert NAO_PREVE in status
    assert reverse("isencao:inscricao", args=[insc.pk]) not in status
    assert NAO_PREVE in client.get(reverse("isencao:inscricao", args=[insc.pk])).content.decode()

    # RH: the stage is flagged on the certame's page, no exemption tab.
    rh = admin_client.get(reverse("painel:certame", args=[certame.pk])).content.decode()
    assert ("A lei deste certame não prevê isenção da taxa de inscrição: a etapa “Pedido de "
            "isenção da taxa” (de 01/12/2026 08:00 a 05/12/2026 18:00) não cabe no "
            "cronograma.") in rh
    assert reverse("painel:pedidos", args=[certame.pk]) not in rh


def test_com_isencao_na_lei_o_cronograma_publico_mostra_o_pedido(client, admin_client):
    certame = _certame("severinia-lei3057-2026")
    publica = client.get(reverse("certame_publico", args=[certame.pk])).content.decode()
    assert f"{PEDIDO}: 01/12/2026 08:00" in publica
    rh = admin_client.get(reverse("painel:certame", args=[certame.pk])).content.decode()
    assert "não cabe no cronograma" not in rh
    assert reverse("painel:pedidos", args=[certame.pk]) in rh

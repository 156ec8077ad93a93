"""The load benchmark's RH session (demo/bench_publicacao.py) opens RH's publication page as
a real RH session does after the second factor (it was sent to the code page, and the run
stopped there)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.conf import settings
from django.urls import reverse

from candidatos.models import Inscricao
from classificacao.listas import recalcular
from demo import bench_publicacao
from demo.carga import _sessao
from tests.factories import CargoFactory, CertameFactory, InscricaoFactory

pytestmark = pytest.mark.django_db


def test_sessao_do_rh_do_bench_passa_pelo_segundo_fator(client):
    certame = CertameFactory(regime="pirangi-lei3056-2025")
    cargo = CargoFactory(certame=certame, vagas=1)
    for numero, nota in (("1", "70"), ("2", "60")):
        InscricaoFactory(cargo=cargo, numero=numero, nota=Decimal(nota),
                         situacao=Inscricao.Situacao.HABILITADO)
    recalcular(cargo.pk)
    dados = bench_publicacao.preparar(cargo, _sessao)
    client.cookies[settings.SESSION_COOKIE_NAME] = dados["cookie"]
    resposta = client.get(dados["confirmar"])
    assert resposta.status_code == 200, resposta.get("Location")
    assert dados["publicar"] == reverse("painel:publicar", args=[cargo.pk])

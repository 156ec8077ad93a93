"""The hour a committee's mails state is the órgão's (certames.calendario.fuso), not the
worker's: an órgão of Amazonas (America/Manaus, UTC-4) reads its own clock in the members'
reminder and in the candidate's convocation."""

from __future__ import annotations

import datetime as dt
import zoneinfo

import pytest
from django.utils import timezone

from certames.models import Orgao
from comissoes.dominio import agenda
from comum.models import Aviso
from tests.comissoes.fabricas import comissao_completa, convocado, sessao

pytestmark = pytest.mark.django_db

MANAUS = zoneinfo.ZoneInfo("America/Manaus")


def test_lembrete_e_convocacao_no_fuso_do_orgao(rh, django_capture_on_commit_callbacks):
    comissao, presidente, _outros = comissao_completa(titulares=2)
    Orgao.objects.filter(pk=comissao.certame.orgao_id).update(uf="AM")
    presidente.usuario.email = "presidente@exemplo.org"
    presidente.usuario.save()
    agora = timezone.now()
    inicio = agora.replace(second=0, microsecond=0) + dt.timedelta(hours=20)
    amanha = sessao(comissao, inicio=inicio)
    hora = f"{timezone.localtime(inicio, MANAUS):%d/%m/%Y %H:%M}"
    with timezone.override(zoneinfo.ZoneInfo("America/Sao_Paulo")):
        with django_capture_on_commit_callbacks(execute=True):
            agenda.lembrar_sessoes(agora)
        with django_capture_on_commit_callbacks(execute=True):
            convocado(amanha, autor=rh, candidato__email="candidata@exemplo.org")
    lembrete = Aviso.objects.get(nome="lembrete_sessao_comissao")
    assert f"tem sessão em {hora} (" in lembrete.corpo
    convocacao = Aviso.objects.get(nome="convocacao_comissao")
    assert f": {hora}" in convocacao.corpo

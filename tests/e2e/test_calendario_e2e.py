"""End to end: RH opens the órgão's calendar from the certame's page, records a municipal
holiday (with its act and the confirmation box), and the schedule's form warns — without
refusing — when a stage ends on it. Screenshots at 1366 and 390 px where CALENDARIO_CAPTURAS
names a folder."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

import pytest
from django.utils import timezone

from certames import calendario
from certames.models import Certame, Etapa, Feriado
from comum.formatos import data_br
from tests.e2e.passos import entrar
from tests.factories import CertameFactory, OrgaoFactory, usuario

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _capturar(pagina, nome: str) -> None:
    pasta = os.environ.get("CALENDARIO_CAPTURAS")
    if pasta:
        Path(pasta).mkdir(parents=True, exist_ok=True)
        for largura in (1366, 390):
            pagina.set_viewport_size({"width": largura, "height": 900})
            pagina.screenshot(path=f"{pasta}/{nome}-{largura}.png", full_page=True)


def _proximo_dia_util_sem_vizinhos(orgao) -> dt.date:
    """A working day whose next day is a working day too, some weeks ahead."""
    dia = timezone.localdate() + dt.timedelta(days=30)
    while not (calendario.dia_util(dia, orgao)
               and calendario.dia_util(dia + dt.timedelta(days=1), orgao)):
        dia += dt.timedelta(days=1)
    return dia


def test_rh_cadastra_feriado_municipal_e_o_cronograma_avisa(live_server, pagina):
    usuario("rh_calendario", "RH", staff=True)
    orgao = OrgaoFactory(nome="Prefeitura Municipal de Pirangi", uf="SP")
    certame = CertameFactory(orgao=orgao, status=Certame.Status.RASCUNHO, cronograma=False)
    dia = _proximo_dia_util_sem_vizinhos(orgao)
    base = live_server.url
    entrar(pagina, base, usuario="rh_calendario", senha="senha-teste-123")
    pagina.wait_for_url(lambda url: "/contas/login/" not in url)
    pagina.goto(f"{base}/rh/certames/{certame.pk}/")
    pagina.locator("[data-link='calendario-orgao']").click()
    pagina.get_by_role("heading", name="Calendário de Prefeitura Municipal de Pirangi").wait_for()
    pagina.fill("#id_data", dia.isoformat())
    pagina.fill("#id_nome", "Aniversário do município")
    pagina.select_option("#id_tipo", "municipal")
    pagina.fill("#id_fundamento", "Lei 100/1950, art. 1º")
    pagina.locator("#id_confirmacao").check()
    pagina.get_by_role("button", name="Incluir no calendário").click()
    pagina.get_by_text("Aniversário do município (").wait_for()
    assert Feriado.objects.get().data == dia
    assert data_br(dia) in pagina.locator("#feriados-do-orgao").inner_text()
    _capturar(pagina, "calendario-orgao")

    pagina.goto(f"{base}/rh/certames/{certame.pk}/cronograma/nova/")
    pagina.select_option("#id_tipo", "inscricoes")
    pagina.fill("#id_inicio", f"{(dia - dt.timedelta(days=10)).isoformat()}T08:00")
    pagina.fill("#id_fim", f"{dia.isoformat()}T18:00")
    pagina.get_by_role("button", name="Salvar no rascunho").click()
    aviso = (f"O fim desta etapa cai em {data_br(dia)}, feriado municipal (Aniversário do "
             f"município): pela Lei 9.784/1999, art. 66, §1º, o prazo se prorroga até "
             f"{data_br(dia + dt.timedelta(days=1))}.")
    pagina.get_by_text(aviso).wait_for()
    assert Etapa.objects.filter(certame=certame).count() == 1  # saved: a warning only
    etapa = Etapa.objects.get(certame=certame)
    pagina.goto(f"{base}/rh/etapas/{etapa.pk}/editar/")
    assert pagina.locator("#aviso-prazo").inner_text() == aviso
    _capturar(pagina, "etapa-aviso")

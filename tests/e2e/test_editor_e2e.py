"""End to end: RH creates a certame from nothing in its own workspace (a new órgão, the edital's
data and regime, a cargo, the inscrições stage), publishes it, and the public page shows it;
then a retificação adds vacancies and shows in the edital's history. No page visited links to
the admin."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

import pytest
from django.utils import timezone

from certames.models import Certame
from editais.models import AtoEdital
from tests.e2e.passos import entrar
from tests.factories import usuario

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _capturar(pagina, nome: str) -> None:
    """Screenshots for the review, where EDITOR_CAPTURAS names a folder."""
    pasta = os.environ.get("EDITOR_CAPTURAS")
    if pasta:
        Path(pasta).mkdir(parents=True, exist_ok=True)
        pagina.screenshot(path=f"{pasta}/{nome}.png", full_page=True)


def _sem_admin(pagina) -> None:
    assert pagina.locator("a[href*='/admin/']").count() == 0, pagina.url


def test_rh_cria_publica_e_retifica_um_certame(live_server, pagina):
    usuario("rh_editor", "RH", staff=True)
    base = live_server.url
    inicio = timezone.localdate() + dt.timedelta(days=5)
    entrar(pagina, base, usuario="rh_editor", senha="senha-teste-123")
    pagina.wait_for_url(lambda url: "/contas/login/" not in url)
    pagina.set_viewport_size({"width": 1366, "height": 900})
    pagina.goto(f"{base}/rh/")
    _sem_admin(pagina)
    pagina.get_by_role("link", name="Novo certame").click()
    pagina.select_option("#id_orgao_escolhido", "novo")
    pagina.fill("#id_orgao_nome", "Prefeitura Municipal de Pirangi")
    pagina.fill("#id_orgao_municipio", "Pirangi")
    pagina.select_option("#id_orgao_uf", "SP")
    pagina.fill("#id_numero_edital", "010/2027")
    pagina.fill("#id_titulo", "Concurso de agentes de trânsito")
    pagina.select_option("#id_regime", "pirangi-lei3056-2025")
    pagina.fill("#id_data_publicacao_edital", timezone.localdate().isoformat())
    _sem_admin(pagina)
    pagina.get_by_role("button", name="Criar o rascunho").click()
    pagina.get_by_text("Rascunho do edital criado").wait_for()
    assert "Cadastre ao menos um cargo" in pagina.locator("#pendencias-publicacao").inner_text()

    pagina.get_by_role("link", name="Adicionar cargo").click()
    pagina.fill("#id_codigo", "AGT")
    pagina.fill("#id_nome", "Agente de Trânsito")
    pagina.fill("#id_vagas", "5")
    pagina.fill("#id_taxa_inscricao", "60,00")
    pagina.get_by_role("button", name="Salvar no rascunho").click()
    pagina.get_by_role("link", name="Adicionar etapa ao cronograma").click()
    pagina.select_option("#id_tipo", "inscricoes")
    pagina.fill("#id_inicio", f"{inicio.isoformat()}T08:00")
    pagina.fill("#id_fim", f"{(inicio + dt.timedelta(days=20)).isoformat()}T23:59")
    pagina.get_by_role("button", name="Salvar no rascunho").click()
    pagina.get_by_text("Rascunho do edital salvo").wait_for()
    assert "item VII" in pagina.locator("#pendencias-publicacao").inner_text()
    for tipo, de, ate in (("resultado_preliminar", 60, 61), ("recurso_resultado", 62, 64)):
        pagina.get_by_role("link", name="Adicionar etapa ao cronograma").click()
        pagina.select_option("#id_tipo", tipo)
        pagina.fill("#id_inicio", f"{(inicio + dt.timedelta(days=de)).isoformat()}T08:00")
        pagina.fill("#id_fim", f"{(inicio + dt.timedelta(days=ate)).isoformat()}T18:00")
        pagina.get_by_role("button", name="Salvar no rascunho").click()
        pagina.get_by_text("Rascunho do edital salvo").wait_for()
    _capturar(pagina, "rascunho-1366")
    formulario = pagina.locator("form[data-form=publicar-edital]")
    formulario.get_by_label("Publicar o edital", exact=False).check()
    formulario.get_by_role("button", name="Publicar o edital").click()
    pagina.get_by_text("Edital publicado: a página pública do certame").wait_for()
    certame = Certame.objects.get(numero_edital="010/2027")
    assert certame.status == Certame.Status.PUBLICADO
    _sem_admin(pagina)

    pagina.locator("tr", has_text="AGT").get_by_role("link", name="retificar").click()
    pagina.fill("#id_vagas", "7")
    pagina.fill("#id_motivacao_retificacao",
                "A lei municipal criou mais duas vagas de agente de trânsito.")
    pagina.get_by_label("Publicar esta retificação", exact=False).check()
    _capturar(pagina, "retificacao-1366")
    pagina.get_by_role("button", name="Publicar a retificação").click()
    pagina.get_by_text("Retificação do edital publicada").wait_for()
    assert AtoEdital.objects.filter(certame=certame).count() == 2

    pagina.goto(f"{base}/certames/{certame.pk}/")
    historico = pagina.locator("#historico-edital").inner_text()
    assert "Retificação do edital nº 1" in historico
    assert "cargo AGT, vagas ofertadas: 5 → 7" in historico
    pagina.set_viewport_size({"width": 390, "height": 844})
    _capturar(pagina, "publico-historico-390")
    pagina.locator("[data-link=anexo]").click()
    pagina.wait_for_url(f"{base}/certames/{certame.pk}/anexo/")
    assert pagina.locator(".item-anexo").count() == 8
    assert "AGT — Agente de Trânsito: 7" in pagina.locator("[data-item=I]").inner_text()
    _capturar(pagina, "anexo-390")

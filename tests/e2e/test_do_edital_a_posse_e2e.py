"""End to end, issue 24's whole journey without `/admin/`: RH creates a certame from nothing
(a new órgão, the edital's settings, a cargo, the schedule), publishes it; a candidate signs up
and inscribes; RH imports the banca's scores, publishes the preliminary and the final lists,
homologates the certame and calls the first placed; the candidate accepts the call and sends
the documents the edital requires; RH checks them, records the nomeação with its act and its
publication, then the posse and the exercício.

The schedule runs on the real clock: where the story needs days to pass, `_passar_dias` moves
every stage of the certame's schedule back by that many days, which is what the clock moving
forward does to every window the product derives from it. No page visited links to the admin.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import os
from decimal import Decimal
from pathlib import Path

import pytest
from django.utils import timezone

from candidatos import posse
from candidatos.models import Inscricao
from certames.models import Certame, Chamada, Etapa, Publicacao
from tests.e2e.passos import cadastrar_confirmar_e_entrar, entrar, inscrever_em_certame
from tests.factories import usuario

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SENHA_RH = "senha-teste-123"


def _capturar(pagina, nome: str) -> None:
    """Screenshots for the review, where JORNADA_CAPTURAS names a folder."""
    pasta = os.environ.get("JORNADA_CAPTURAS")
    if pasta:
        Path(pasta).mkdir(parents=True, exist_ok=True)
        pagina.screenshot(path=f"{pasta}/{nome}.png", full_page=True)


def _sem_admin(pagina) -> None:
    assert pagina.locator("a[href*='/admin/']").count() == 0, pagina.url


def _passar_dias(certame: Certame, dias: int) -> None:
    for etapa in Etapa.objects.filter(certame=certame):
        Etapa.objects.filter(pk=etapa.pk).update(inicio=etapa.inicio - dt.timedelta(days=dias),
                                                 fim=etapa.fim - dt.timedelta(days=dias))


def _etapa(pagina, tipo: str, inicio: dt.datetime, fim: dt.datetime) -> None:
    pagina.get_by_role("link", name="Adicionar etapa ao cronograma").click()
    pagina.select_option("#id_tipo", tipo)
    pagina.fill("#id_inicio", inicio.strftime("%Y-%m-%dT%H:%M"))
    pagina.fill("#id_fim", fim.strftime("%Y-%m-%dT%H:%M"))
    pagina.get_by_role("button", name="Salvar no rascunho").click()
    pagina.get_by_text("Rascunho do edital salvo").wait_for()
    _sem_admin(pagina)


def _criar_e_publicar(pagina, base: str) -> Certame:
    """RH, from nothing: órgão, edital, cargo, schedule; then the publication."""
    pagina.goto(f"{base}/rh/")
    _sem_admin(pagina)
    pagina.get_by_role("link", name="Novo certame").click()
    pagina.select_option("#id_orgao_escolhido", "novo")
    pagina.fill("#id_orgao_nome", "Prefeitura Municipal de Severínia")
    pagina.fill("#id_orgao_municipio", "Severínia")
    pagina.select_option("#id_orgao_uf", "SP")
    pagina.fill("#id_numero_edital", "020/2027")
    pagina.fill("#id_titulo", "Concurso de auxiliares de biblioteca")
    pagina.select_option("#id_regime", "severinia-lei3057-2026")
    pagina.fill("#id_data_publicacao_edital", timezone.localdate().isoformat())
    pagina.get_by_role("button", name="Criar o rascunho").click()
    pagina.get_by_text("Rascunho do edital criado").wait_for()
    _sem_admin(pagina)
    pagina.get_by_role("link", name="Adicionar cargo").click()
    pagina.fill("#id_codigo", "AUX")
    pagina.fill("#id_nome", "Auxiliar de Biblioteca")
    pagina.fill("#id_vagas", "1")
    pagina.fill("#id_taxa_inscricao", "0,00")
    pagina.get_by_role("button", name="Salvar no rascunho").click()
    pagina.get_by_text("Rascunho do edital salvo").wait_for()
    amanha = timezone.localtime().replace(hour=8, minute=0, second=0,
                                          microsecond=0) + dt.timedelta(days=1)
    for tipo, de, ate in (("inscricoes", 0, 10), ("resultado_preliminar", 20, 21),
                          ("recurso_resultado", 22, 24), ("resultado_final", 25, 26)):
        _etapa(pagina, tipo, amanha + dt.timedelta(days=de),
               amanha + dt.timedelta(days=ate, hours=10))
    _capturar(pagina, "01-rascunho-1366")
    formulario = pagina.locator("form[data-form=publicar-edital]")
    formulario.get_by_label("Publicar o edital", exact=False).check()
    formulario.get_by_role("button", name="Publicar o edital").click()
    pagina.get_by_text("Edital publicado: a página pública do certame").wait_for()
    _sem_admin(pagina)
    return Certame.objects.get(numero_edital="020/2027")


def _planilha_de_notas(inscricao: Inscricao, nota: str) -> bytes:
    """The banca's spreadsheet with the inscrição the candidate made on the portal."""
    candidato = inscricao.candidato
    saida = io.StringIO()
    escritor = csv.writer(saida, delimiter=";")
    escritor.writerow(["inscricao", "cpf", "nome", "cargo", "cor_raca", "nota"])
    escritor.writerow([inscricao.numero, candidato.cpf, candidato.nome, inscricao.cargo.codigo,
                       inscricao.cor_raca, nota])
    return saida.getvalue().encode("utf-8")


def _publicar(pagina, base: str, cargo, tipo: str, rotulo: str) -> None:
    pagina.goto(f"{base}/rh/cargos/{cargo.pk}/publicar/{tipo}/")
    pagina.get_by_role("checkbox").check()
    pagina.get_by_role("button", name=f"Publicar: {rotulo}").click()
    pagina.get_by_text("publicad").first.wait_for()
    assert Publicacao.objects.filter(versao__cargo=cargo, tipo=tipo).count() == 1
    _sem_admin(pagina)


def _documentos_da_posse(pagina, base: str, certame: Certame) -> None:
    pagina.goto(f"{base}/rh/certames/{certame.pk}/")
    pagina.get_by_role("link", name="Posse: documentos e prazos").click()
    pagina.get_by_text("Lei 8.112/1990, art. 13, §1º").first.wait_for()
    pagina.get_by_label("Documento *").fill("Documento de identidade (RG)")
    pagina.get_by_role("button", name="Incluir na lista").click()
    pagina.get_by_text("Documento incluído na lista da posse.").wait_for()
    _sem_admin(pagina)
    _capturar(pagina, "04-posse-edital-1366")
    pagina.set_viewport_size({"width": 390, "height": 844})
    _capturar(pagina, "04-posse-edital-390")
    pagina.set_viewport_size({"width": 1366, "height": 900})


def _aceitar_e_enviar(pagina, base: str, tmp_path) -> None:
    pagina.goto(f"{base}/candidato/")
    pagina.get_by_role("link", name="Ver a convocação").click()
    pagina.get_by_role("link", name="Responder à convocação").click()
    _sem_admin(pagina)
    _capturar(pagina, "05-convocacao-390")
    pagina.get_by_role("link", name="Aceitar a convocação").click()
    pagina.get_by_label("Confirmo que aceito a convocação para este cargo.").check()
    pagina.get_by_role("button", name="Aceitar a convocação").click()
    pagina.get_by_text("Aceite registrado.").wait_for()
    pdf = tmp_path / "rg.pdf"
    pdf.write_bytes(b"%PDF-1.4\n%jornada\n%%EOF\n")
    envio = pagina.locator("form[data-form^=enviar-]")
    envio.locator("input[type=file]").set_input_files(str(pdf))
    envio.get_by_role("button", name="Enviar").click()
    pagina.get_by_text("recebido: o RH vai analisá-lo").wait_for()
    pagina.get_by_text("Aguardando análise").wait_for()
    _sem_admin(pagina)
    _capturar(pagina, "06-documento-enviado-390")


def _nomear_posse_e_exercicio(pagina, base: str, chamada: Chamada) -> None:
    pagina.goto(f"{base}/rh/cargos/{chamada.cargo_id}/")
    pagina.locator("#ordem-nomeacao").get_by_role("link", name="Documentos e prazos").click()
    analise = pagina.locator("form[data-form^=analise-]")
    analise.get_by_label("Aceitar", exact=True).check()
    analise.get_by_role("checkbox").check()
    analise.get_by_role("button", name="Registrar a análise").click()
    pagina.get_by_text("Análise do documento registrada.").wait_for()
    _sem_admin(pagina)
    _capturar(pagina, "07-chamada-rh-1366")
    pagina.set_viewport_size({"width": 390, "height": 844})
    _capturar(pagina, "07-chamada-rh-390")
    pagina.set_viewport_size({"width": 1366, "height": 900})
    hoje = timezone.localdate().isoformat()
    pagina.locator("a[data-ato=nomeacao]").click()
    pagina.get_by_label("Número do ato de nomeação").fill("Portaria 45/2027")
    pagina.get_by_label("Data da publicação").fill(hoje)
    pagina.get_by_label("Data do ato").fill(hoje)
    _capturar(pagina, "08-nomeacao-1366")
    pagina.get_by_role("checkbox").check()
    pagina.get_by_role("button", name="Registrar").click()
    pagina.get_by_text("nomeação, com data de").wait_for()
    # 30 days from the publication, the last one moved to a working day (candidatos/posse.py).
    fim = posse.fim_do_prazo(timezone.localdate(), 30, chamada.cargo.certame).strftime("%d/%m/%Y")
    pagina.get_by_text(f"Posse até {fim}").first.wait_for()
    _sem_admin(pagina)
    for tipo, rotulo in (("posse", "posse"), ("exercicio", "exercício")):
        pagina.goto(f"{base}/rh/chamadas/{chamada.pk}/")
        pagina.locator(f"a[data-ato={tipo}]").click()
        pagina.get_by_label("Data do ato").fill(hoje)
        pagina.get_by_role("checkbox").check()
        pagina.get_by_role("button", name="Registrar").click()
        pagina.get_by_text(f"{rotulo}, com data de").wait_for()
        _sem_admin(pagina)


def test_do_edital_a_posse_sem_o_admin(live_server, navegador, pagina, tmp_path):
    usuario("rh_jornada", "RH", staff=True)
    base = live_server.url
    rh = navegador.new_context(viewport={"width": 1366, "height": 900}, locale="pt-BR",
                               timezone_id="America/Sao_Paulo")
    rh.set_default_timeout(15_000)
    try:
        rh_pagina = rh.new_page()
        entrar(rh_pagina, base, usuario="rh_jornada", senha=SENHA_RH)
        rh_pagina.wait_for_url(lambda url: "/contas/login/" not in url)
        certame = _criar_e_publicar(rh_pagina, base)
        assert certame.status == Certame.Status.PUBLICADO
        _passar_dias(certame, 2)

        # The candidate, on a phone, from sign-up to the inscrição.
        cadastrar_confirmar_e_entrar(pagina, base, cpf_mascarado="529.982.247-25",
                                     nome="Helena Prado Lima", email="helena@example.org")
        numero = inscrever_em_certame(pagina, titulo_certame=certame.titulo,
                                      cargo="Auxiliar de Biblioteca", cor_raca="Branca",
                                      listas=[])
        inscricao = Inscricao.objects.select_related("candidato", "cargo").get(numero=numero)
        _capturar(pagina, "02-inscricao-390")

        # The banca's scores, after the inscrições.
        _passar_dias(certame, 20)
        rh_pagina.goto(f"{base}/rh/certames/{certame.pk}/")
        _sem_admin(rh_pagina)
        rh_pagina.get_by_role("link", name="Importar inscrições e notas").click()
        arquivo = tmp_path / "notas.csv"
        arquivo.write_bytes(_planilha_de_notas(inscricao, "88,5"))
        rh_pagina.locator("input[type=file]").set_input_files(str(arquivo))
        rh_pagina.get_by_role("checkbox").check()
        rh_pagina.get_by_role("button", name="Enviar planilha").click()
        rh_pagina.get_by_text("Concluída").first.wait_for()
        inscricao.refresh_from_db()
        assert inscricao.nota == Decimal("88.5")
        _capturar(rh_pagina, "03-importacao-1366")

        # The preliminary list in its stage, the final one after the appeals' window.
        cargo = inscricao.cargo
        _publicar(rh_pagina, base, cargo, "preliminar", "Resultado preliminar")
        _passar_dias(certame, 5)
        _publicar(rh_pagina, base, cargo, "final", "Resultado final (homologado)")
        rh_pagina.goto(f"{base}/rh/certames/{certame.pk}/")
        homologacao = rh_pagina.locator("form[data-form=homologacao]")
        homologacao.get_by_label("Data do ato de homologação").fill(
            timezone.localdate().isoformat())
        homologacao.get_by_label("Ato de homologação e sua publicação").fill(
            "Decreto 12/2027, Diário Oficial do Município")
        homologacao.get_by_role("checkbox").check()
        homologacao.get_by_role("button").click()
        rh_pagina.get_by_text("homologado").first.wait_for()
        certame.refresh_from_db()
        assert certame.status == Certame.Status.HOMOLOGADO

        # The documents the edital requires for the posse, listed before the first call.
        _documentos_da_posse(rh_pagina, base, certame)

        # The call of the first placed.
        rh_pagina.goto(f"{base}/rh/cargos/{cargo.pk}/")
        rh_pagina.get_by_role("link", name="Convocar as próximas posições").click()
        rh_pagina.get_by_label("Quantas posições convocar").fill("1")
        prazo = timezone.localdate() + dt.timedelta(days=15)
        rh_pagina.get_by_label("Prazo para apresentar os documentos").fill(prazo.isoformat())
        rh_pagina.get_by_role("checkbox").check()
        rh_pagina.get_by_role("button", name="Convocar").click()
        rh_pagina.get_by_text("1 convocação registrada, com prazo até").wait_for()
        chamada = Chamada.objects.get(cargo=cargo)
        assert (chamada.posicao, chamada.inscricao_id, chamada.prazo) == (1, inscricao.pk, prazo)
        _sem_admin(rh_pagina)

        # The candidate accepts and sends the required document, as a PDF.
        _aceitar_e_enviar(pagina, base, tmp_path)
        # RH accepts it, records the nomeação with its act, then the posse and the exercício.
        _nomear_posse_e_exercicio(rh_pagina, base, chamada)
        pagina.goto(f"{base}/candidato/inscricoes/{inscricao.pk}/convocacao/")
        pagina.get_by_text("Situação: Exercício").wait_for()
        pagina.get_by_text("Você foi nomeado(a): Portaria 45/2027").wait_for()
        _sem_admin(pagina)
        _capturar(pagina, "09-convocacao-exercicio-390")
        assert list(chamada.eventos.order_by("pk").values_list("tipo", flat=True)) == [
            "aceite", "nomeacao", "posse", "exercicio"]
    except Exception:
        _capturar(rh_pagina, "falha-rh")
        _capturar(pagina, "falha-candidato")
        raise
    finally:
        rh.close()

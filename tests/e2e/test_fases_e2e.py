"""End to end: RH defines a Pirangi cargo's two phases in the browser (the objective one with a
cut-off per list, PP as a multiple of its vacancies), imports the banca's spreadsheets, and
reads who advanced by which route and who still awaits a score (spec section 10)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from candidatos.models import Inscricao
from provas.models import Fase, NotaFase
from tests.e2e.passos import entrar
from tests.factories import CargoFactory, CertameFactory, InscricaoFactory, usuario
from tests.provas.apoio import NOTAS_P1, NOTAS_P2, OPTANTES_PP, planilha

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]



def _capturar(pagina, nome: str) -> None:
    """Screenshots for the review, where FASES_CAPTURAS names a folder."""
    pasta = os.environ.get("FASES_CAPTURAS")
    if pasta:
        Path(pasta).mkdir(parents=True, exist_ok=True)
        pagina.screenshot(path=f"{pasta}/{nome}.png", full_page=True)


def _definir(pagina, codigo, nome, tipo, minima, peso, cortes=()):
    formulario = pagina.locator("form[action$='/fases/nova/']")
    formulario.get_by_label("Código").fill(codigo)
    formulario.get_by_label("Nome", exact=True).fill(nome)
    formulario.get_by_label("Tipo").select_option(label=tipo)
    formulario.get_by_label("Nota mínima").fill(minima)
    formulario.get_by_label("Peso").fill(peso)
    for lista, valor, modo in cortes:
        formulario.locator(f"#id_corte_{lista}").fill(valor)
        formulario.locator(f"#id_modo_{lista}").select_option(value=modo)
    formulario.get_by_label("Confirmo esta fase", exact=False).check()
    formulario.get_by_role("button", name="Registrar fase").click()
    pagina.get_by_text(f"Fase {codigo} registrada").wait_for()


def _importar(pagina, tmp_path, nome, notas):
    arquivo = tmp_path / nome
    arquivo.write_bytes(planilha(notas))
    formulario = pagina.locator("#importar-notas")
    formulario.locator("input[type=file]").set_input_files(str(arquivo))
    formulario.get_by_label("Confirmo que a planilha", exact=False).check()
    formulario.get_by_role("button", name="Importar notas").click()


def test_rh_define_fases_e_importa_a_segunda(live_server, pagina, tmp_path):
    rh = usuario("rh_fases", "RH", staff=True)
    certame = CertameFactory(regime="pirangi-lei3056-2025", titulo="Concurso de Pirangi")
    cargo = CargoFactory(certame=certame, codigo="AGT", nome="Agente de Trânsito", vagas=4)
    for numero in NOTAS_P1:
        InscricaoFactory(cargo=cargo, numero=numero, situacao=Inscricao.Situacao.INSCRITO,
                         situacao_taxa=Inscricao.SituacaoTaxa.PAGA,
                         listas=["PP"] if numero in OPTANTES_PP else [],
                         cor_raca="parda" if numero in OPTANTES_PP else "branca")
    entrar(pagina, live_server.url, usuario=rh.username, senha="senha-teste-123")
    pagina.wait_for_url(lambda url: "/contas/login/" not in url)
    pagina.set_viewport_size({"width": 1366, "height": 900})
    pagina.goto(f"{live_server.url}/rh/cargos/{cargo.pk}/")
    pagina.locator("[data-link=fases]").click()
    assert "Garantia dos optantes" in pagina.locator("[data-garantia=sim]").inner_text()

    _definir(pagina, "P1", "Prova objetiva", "Prova objetiva", "50", "1",
             [("AC", "4", "numero"), ("PP", "1", "multiplo")])
    assert pagina.locator("[data-fases=pendente]").count() == 1  # a cut waits for P2
    _definir(pagina, "P2", "Prova discursiva", "Prova discursiva", "50", "2")
    assert pagina.locator("[data-fases=pendente]").count() == 0
    assert "AC: 4; PP: 1× vagas" in pagina.locator("tr[data-fase=P1]").inner_text()
    _capturar(pagina, "fases-1366")

    pagina.locator("tr[data-fase=P1]").get_by_role("link", name="Notas e resultado").click()
    _importar(pagina, tmp_path, "p1.csv", NOTAS_P1)
    pagina.get_by_text("Notas da fase P1 importadas").wait_for()
    assert pagina.locator("tr[data-inscricao='7']").get_attribute("data-rota") == "garantia"

    pagina.goto(f"{live_server.url}/rh/cargos/{cargo.pk}/fases/")
    pagina.locator("tr[data-fase=P2]").get_by_role("link", name="Notas e resultado").click()
    _importar(pagina, tmp_path, "p2.csv", {**NOTAS_P2, "10": "70"})
    erros = pagina.locator("#erros-notas").inner_text()
    assert "inscrição 10 não foi admitida à fase P2" in erros
    assert NotaFase.objects.filter(fase__codigo="P2").count() == 0
    _importar(pagina, tmp_path, "p2.csv", NOTAS_P2)
    pagina.get_by_text("Notas da fase P2 importadas").wait_for()
    assert pagina.locator("tr[data-inscricao='8']").get_attribute("data-resultado") == (
        "aguardando_nota")
    _capturar(pagina, "resultado-fase-1366")
    pagina.set_viewport_size({"width": 390, "height": 844})
    _capturar(pagina, "resultado-fase-390")
    pagina.goto(f"{live_server.url}/rh/cargos/{cargo.pk}/fases/")
    assert pagina.locator("[data-aguardando='1']").count() == 1
    _capturar(pagina, "fases-390")
    assert Fase.objects.filter(cargo=cargo).count() == 2


def test_candidato_recorre_da_fase_e_o_rh_reconsidera(live_server, pagina, navegador):
    """Inscrição 10 scored 69 in P1, out of AC's cut: the candidate appeals in their area
    (phone width), and the RH user who published the result reconsiders it with 76, which
    puts 10 inside the cut (tests/provas/test_recursos_fase.py works the numbers)."""
    from provas import servicos
    from provas.models import RevisaoNotaFase
    from tests.provas.apoio import cargo_em_fases, encerrar_inscricoes, importar

    rh = usuario("rh_recurso_fase", "RH", staff=True)
    cargo, p1, _p2 = cargo_em_fases(rh)
    importar(p1, NOTAS_P1, rh)
    encerrar_inscricoes(cargo.certame)
    servicos.publicar_resultado(Fase.objects.get(pk=p1.pk), "preliminar", autor=rh)
    dez = Inscricao.objects.select_related("candidato").get(cargo=cargo, numero="10")
    dez.candidato.usuario = usuario("cand_recurso_fase", "Candidato")
    dez.candidato.save()

    entrar(pagina, live_server.url, usuario="cand_recurso_fase", senha="senha-teste-123")
    pagina.wait_for_url(lambda url: "/contas/login/" not in url)
    pagina.goto(f"{live_server.url}/candidato/inscricoes/{dez.pk}/")
    assert "resultado preliminar da fase P1" in pagina.locator("body").inner_text()
    pagina.locator("#fases").get_by_role("link", name="P1 — Prova objetiva").click()
    _capturar(pagina, "candidato-fase-390")
    pagina.get_by_label("Razões do recurso").fill(
        "A questão 12 tem duas alternativas corretas e deve ser anulada.")
    pagina.get_by_label("Ao confirmar, o recurso é registrado", exact=False).check()
    pagina.get_by_role("button", name="Apresentar recurso").click()
    pagina.get_by_text("Recurso apresentado").wait_for()
    assert pagina.locator("#tramite-recurso").get_attribute("data-tramite") == "reconsideracao"
    pagina.set_viewport_size({"width": 1366, "height": 900})
    _capturar(pagina, "candidato-fase-recurso-1366")

    contexto = navegador.new_context(viewport={"width": 1366, "height": 900}, locale="pt-BR",
                                     timezone_id="America/Sao_Paulo")
    try:
        rh_pagina = contexto.new_page()
        entrar(rh_pagina, live_server.url, usuario=rh.username, senha="senha-teste-123")
        rh_pagina.wait_for_url(lambda url: "/contas/login/" not in url)
        rh_pagina.goto(f"{live_server.url}/rh/fases/{p1.pk}/")
        rh_pagina.locator("[data-recurso='10']").get_by_role("link", name="10").click()
        formulario = rh_pagina.locator("form[data-form=reconsideracao]")
        formulario.get_by_label("Reconsiderar a decisão", exact=False).check()
        formulario.get_by_label("Nota revista", exact=False).fill("76")
        formulario.get_by_label("Motivação").fill("A questão 12 foi anulada: ponto a todos.")
        formulario.get_by_label("Ao confirmar", exact=False).check()
        _capturar(rh_pagina, "rh-recurso-fase-form-1366")
        formulario.get_by_role("button", name="Registrar a decisão sobre o recurso").click()
        rh_pagina.get_by_text("Decisão reconsiderada: o recurso foi atendido").wait_for()
        assert rh_pagina.locator("#decisao-recurso").get_attribute("data-provido") == "sim"
        _capturar(rh_pagina, "rh-recurso-fase-1366")
        rh_pagina.set_viewport_size({"width": 390, "height": 844})
        _capturar(rh_pagina, "rh-recurso-fase-390")
    finally:
        contexto.close()
    assert RevisaoNotaFase.objects.get().nota == 76
    pagina.reload()
    assert "sua nota foi revista de 69 para 76" in pagina.locator("#decisao-recurso").inner_text()

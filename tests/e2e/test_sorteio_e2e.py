"""End to end: RH announces the public draw of a Pirangi edital's reserved
vacancies (whole-edital base), records the seed on its date and draws, through the pages; the
lists are computed per cargo with the drawn split; the public page shows everything needed to
re-run the draw."""

import datetime as dt
from decimal import Decimal
from types import SimpleNamespace

import pytest
from django.utils import timezone

from certames import sorteio as servico
from certames.models import Sorteio
from certames.regras import CargoEdital, distribuir_edital
from certames.regras.edital import edital_para_json
from classificacao.listas import recalcular
from tests import instantaneo_apoio
from tests.e2e.passos import entrar
from tests.factories import CargoFactory, CertameFactory, InscricaoFactory, usuario

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: Its second PP seat goes to the one-vacancy cargo C08 (tests/certames/test_sorteio.py).
SEMENTE = "2027-03-12 Loteria Federal 46200"
FONTE = "1º prêmio da Loteria Federal, extração de <sábado>"


def test_rh_anuncia_e_sorteia_e_o_cidadao_confere(live_server, pagina, monkeypatch):
    rh = usuario("rh_sorteio", "RH", staff=True)
    certame = CertameFactory(titulo="Concurso de Pirangi com sorteio",
                             data_publicacao_edital=dt.date(2026, 10, 1))
    for i in range(10):
        CargoFactory(certame=certame, codigo=f"C{i:02d}", vagas=1)
    CargoFactory(certame=certame, codigo="PROF", vagas=10)
    c08 = certame.cargos.get(codigo="C08")
    InscricaoFactory(cargo=c08, numero="000001", nota=Decimal("90"), cor_raca="branca")
    InscricaoFactory(cargo=c08, numero="000002", nota=Decimal("80"), listas=["PP"])
    amanha = timezone.localdate() + dt.timedelta(days=1)

    entrar(pagina, live_server.url, usuario=rh.username, senha="senha-teste-123")
    pagina.wait_for_url(lambda url: "/contas/login/" not in url)
    pagina.goto(f"{live_server.url}/rh/certames/{certame.pk}/")
    pagina.locator("[data-link=sorteio]").click()
    pagina.get_by_label("Fonte da semente", exact=True).fill(FONTE)
    pagina.get_by_label("Data da semente", exact=True).fill(amanha.isoformat())
    pagina.get_by_label("Confirmo o anúncio", exact=False).check()
    pagina.get_by_role("button", name="Anunciar o sorteio").click()
    pagina.get_by_text("Sorteio anunciado").wait_for()
    assert FONTE in pagina.locator("[data-campo=fonte]").inner_text()

    # The seed's date arrives (the draw checks the date on the server).
    monkeypatch.setattr(servico, "timezone", SimpleNamespace(localdate=lambda: amanha))
    pagina.get_by_label("Semente, exatamente como divulgada").fill(SEMENTE)
    pagina.get_by_label("Confirmo o sorteio", exact=False).check()
    pagina.get_by_role("button", name="Realizar o sorteio").click()
    pagina.get_by_text("Sorteio realizado e publicado").wait_for()

    feito = Sorteio.objects.get(certame=certame)
    cargos = [CargoEdital(f"C{i:02d}", 1) for i in range(10)] + [CargoEdital("PROF", 10)]
    assert feito.resultado == edital_para_json(
        distribuir_edital("pirangi-lei3056-2025", SEMENTE, cargos))

    # The lists of C08 use its drawn split: its one vacancy is PP, for the best PP optant.
    versao = c08.versoes_classificacao.order_by("-numero").first() or recalcular(c08.pk)
    assert versao.distribuicao == {"AC": 0, "PP": 1, "I": 0, "Q": 0, "PCD": 0}
    assert [(v.vaga, v.inscricao.numero)
            for v in instantaneo_apoio.vagas(versao)] == [("PP", "000002")]

    # The public page: seed, source (escaped), every code and vacancy, digests and winners.
    pagina.goto(f"{live_server.url}/certames/{certame.pk}/sorteio/")
    assert pagina.locator("#semente").inner_text() == SEMENTE
    assert FONTE in pagina.locator("[data-campo=fonte]").inner_text()
    linhas = pagina.locator("#cargos-anunciados tbody tr").all_inner_texts()
    assert [tuple(linha.split("\t")) for linha in linhas] == [
        (f"C{i:02d}", "1") for i in range(10)] + [("PROF", "10")]
    itens = pagina.locator("#itens-sorteio li").all_inner_texts()
    assert len(itens) == len(feito.resultado["sorteio"]) == 3
    for texto, s in zip(itens, feito.resultado["sorteio"], strict=True):
        assert f"{s['grupo']} {s['ordem']}: cargo {s['codigo']}, vaga {s['vaga']}" in texto
        assert s["sha256"] in texto
    assert pagina.locator("#link-script").get_attribute("href") == (
        f"/certames/{certame.pk}/sorteio/conferir.py")
    assert pagina.locator("#link-json").get_attribute("href") == (
        f"/certames/{certame.pk}/sorteio.json")
    assert "C08: AC 0, PP 1, I 0, Q 0, PCD 0" in pagina.locator("#saida-esperada").inner_text()
    # No horizontal scroll on a phone (390 px): the digests wrap.
    assert pagina.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

"""The confirmation card in the browser: a candidate opens their inscrição, follows the card
link, sees the venue, room and the special condition granted, downloads the PDF and checks
the code on the public verification page (masked, no conditions). At 1366 and 390 px: no
sideways scroll, no serious axe-core violation; RH's page of the venues too, before the
allocation (why it waits, a room corrected) and after. Screenshots go to $CARTAO_CAPTURAS."""

import datetime as dt
import os
from pathlib import Path

import pytest
from django.utils import timezone

from certames.models import Etapa
from provas.aplicacao import alocacao
from provas.models import SalaProva
from tests.e2e.apoio import conferir_largura_e_axe, entrar_como
from tests.provas.apoio_aplicacao import mundo

LARGURAS = (1366, 390)



@pytest.mark.django_db(transaction=True)
def test_candidato_abre_o_cartao_e_confere_o_codigo(live_server, pagina):
    w = mundo()
    alocacao.publicar_alocacao(w.etapa, autor=w.rh)
    codigo = alocacao.lugar_vigente(w.daniel, w.etapa).codigo
    capturas = os.environ.get("CARTAO_CAPTURAS")
    entrar_como(pagina, live_server.url, "daniel")
    pagina.goto(f"{live_server.url}/candidato/inscricoes/{w.daniel.pk}/")
    pagina.locator("[data-link=cartao]").click()
    pagina.locator("#sala-prova").wait_for()
    assert pagina.inner_text("#sala-prova") == "Sala 1 (acessível)"
    assert "Sala de fácil acesso" in pagina.inner_text("#condicoes-prova")
    with pagina.expect_download() as baixado:
        pagina.evaluate("(a) => { a.setAttribute('download', ''); a.click(); }",
                        pagina.locator("[data-link=cartao-pdf]").element_handle())
    assert Path(baixado.value.path()).read_bytes()[:5] == b"%PDF-"
    falhas: list[str] = []
    paginas = [("cartao", f"/candidato/inscricoes/{w.daniel.pk}/cartao/"),
               ("verificacao", f"/verificar/cartao/?codigo={codigo}")]
    for nome, caminho in paginas:
        for largura in LARGURAS:
            pagina.set_viewport_size({"width": largura, "height": 900})
            resposta = pagina.goto(live_server.url + caminho)
            assert resposta is not None and resposta.status == 200, nome
            falhas += conferir_largura_e_axe(pagina, nome, largura, capturas)
    texto = pagina.inner_text("#resultado-verificacao")
    assert "Daniel R." in texto and "Daniel Rocha" not in texto
    assert "fácil acesso" not in texto and "Tempo adicional" not in texto
    # RH's page of the venues, rooms and the allocation in force.
    entrar_como(pagina, live_server.url, "rh_prova")
    for largura in LARGURAS:
        pagina.set_viewport_size({"width": largura, "height": 900})
        resposta = pagina.goto(f"{live_server.url}/rh/certames/{w.certame.pk}/prova/")
        assert resposta is not None and resposta.status == 200
        falhas += conferir_largura_e_axe(pagina, "rh-locais", largura, capturas)
    assert "Sala 1 (acessível)" in pagina.inner_text("#etapas")
    assert falhas == []


@pytest.mark.django_db(transaction=True)
def test_rh_ve_por_que_nao_aloca_e_corrige_uma_sala(live_server, pagina):
    """Before the allocation: the payment deadline still runs (the page says until when and
    offers no publication) and RH corrects Sala 2's capacity through its form."""
    w = mundo()
    Etapa.objects.filter(pk=w.pagamento.pk).update(fim=timezone.now() + dt.timedelta(days=2))
    capturas = os.environ.get("CARTAO_CAPTURAS")
    entrar_como(pagina, live_server.url, "rh_prova")
    url = f"{live_server.url}/rh/certames/{w.certame.pk}/prova/"
    falhas: list[str] = []
    for largura in LARGURAS:
        pagina.set_viewport_size({"width": largura, "height": 900})
        pagina.goto(url)
        pagina.locator(f"#sala-{w.sala2.pk} summary").click()
        falhas += conferir_largura_e_axe(pagina, "rh-antes", largura, capturas)
    assert pagina.inner_text("[data-erro=alocacao]").startswith(
        "A alocação só pode ser publicada depois de")
    assert pagina.locator("form[action$='/alocar/']").count() == 0
    pagina.fill(f"#corrigir-cap-{w.sala2.pk}", "4")
    pagina.check(f"#confirmar-corrigir-{w.sala2.pk}")
    pagina.locator(f"#sala-{w.sala2.pk} button[type=submit]").click()
    pagina.get_by_text("Sala corrigida.").wait_for()
    assert SalaProva.objects.get(pk=w.sala2.pk).capacidade == 4
    assert "Sala 2: 4 lugares" in pagina.inner_text(f"#sala-{w.sala2.pk}")
    assert falhas == []

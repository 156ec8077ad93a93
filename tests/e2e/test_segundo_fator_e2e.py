"""The second factor in the browser (dois_fatores/): an RH account logs in with its password,
enrols its authenticator (reads the secret from the page, types a code), sees its ten recovery
codes, logs out, logs in again and is asked for the code; a committee member with an
authenticator is asked for it too. The enrolment and code pages are captured at 1366 and 390
px wide into /tmp/capturas-h-otp/ and checked with axe-core."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.apoio import violacoes_axe
from tests.e2e.passos import codigo_do_segredo
from tests.factories import usuario
from tests.segundo_fator_apoio import codigo_atual, dispositivo_de_teste

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SENHA = "senha-teste-123"
CAPTURAS = Path("/tmp/capturas-h-otp")
LARGURAS = (1366, 390)


def _capturar(pagina, nome: str) -> list[str]:
    """Screenshots of the page at each width; axe's serious violations and any horizontal
    scroll found on the way."""
    CAPTURAS.mkdir(parents=True, exist_ok=True)
    falhas = []
    for largura in LARGURAS:
        pagina.set_viewport_size({"width": largura, "height": 900})
        rolagem = pagina.evaluate("document.documentElement.scrollWidth")
        if rolagem > largura:
            falhas.append(f"{nome} @ {largura}: {rolagem} px")
        falhas += [f"{nome} @ {largura}: {v}" for v in violacoes_axe(pagina)]
        pagina.screenshot(path=str(CAPTURAS / f"{nome}-{largura}.png"), full_page=True)
    pagina.set_viewport_size({"width": 390, "height": 844})
    return falhas


def _senha(pagina, base: str, username: str) -> None:
    pagina.goto(f"{base}/contas/login/")
    pagina.get_by_label("CPF ou usuário").fill(username)
    pagina.get_by_label("Senha").fill(SENHA)
    pagina.get_by_role("button", name="Entrar").click()


def test_rh_cadastra_o_aplicativo_e_depois_e_perguntado_pelo_codigo(live_server, pagina):
    rh = usuario("rh_otp", "RH", staff=True)
    base = live_server.url
    _senha(pagina, base, "rh_otp")
    pagina.wait_for_url(f"{base}/contas/segundo-fator/cadastrar/?next=%2Frh%2F")
    pagina.get_by_role("heading", name="Cadastrar o segundo fator").wait_for()
    assert pagina.locator("#qr-segundo-fator svg path").count() == 1
    falhas = _capturar(pagina, "cadastro")

    codigo = codigo_do_segredo(pagina.locator("#segredo").inner_text())
    pagina.locator("#id_codigo").fill(codigo)
    pagina.get_by_role("button", name="Confirmar o cadastro").click()
    pagina.get_by_role("heading", name="Códigos de recuperação").wait_for()
    assert pagina.locator("#codigos-recuperacao li").count() == 10
    falhas += _capturar(pagina, "codigos-recuperacao")
    pagina.get_by_role("link", name="Já guardei os códigos: continuar").click()
    pagina.wait_for_url(f"{base}/rh/")

    pagina.get_by_role("button", name="Abrir menu").click()  # the phone's collapsed menu
    # Wait for the log-out's redirect to the home page: a log-in typed before the POST has
    # reached the server would find the session still verified.
    pagina.get_by_role("button", name="Sair").click()
    pagina.wait_for_url(f"{base}/")
    _senha(pagina, base, "rh_otp")
    pagina.wait_for_url(f"{base}/contas/segundo-fator/?next=%2Frh%2F")
    pagina.get_by_role("heading", name="Código de acesso").wait_for()
    falhas += _capturar(pagina, "codigo")
    pagina.locator("#id_codigo").fill("000000" if codigo_atual(rh) != "000000" else "111111")
    pagina.get_by_role("button", name="Confirmar").click()
    pagina.get_by_text("Código incorreto ou já usado").wait_for()
    falhas += _capturar(pagina, "codigo-incorreto")
    pagina.locator("#id_codigo").fill(codigo_atual(rh))
    pagina.get_by_role("button", name="Confirmar").click()
    pagina.wait_for_url(f"{base}/rh/")
    assert falhas == []


def test_membro_da_comissao_e_perguntado_pelo_codigo(live_server, pagina):
    membro = usuario("membro_otp", "Comissao")
    dispositivo_de_teste(membro)
    base = live_server.url
    _senha(pagina, base, "membro_otp")
    pagina.wait_for_url(f"{base}/contas/segundo-fator/?next=%2Fcomissao%2F")
    pagina.locator("#id_codigo").fill(codigo_atual(membro))
    pagina.get_by_role("button", name="Confirmar").click()
    pagina.wait_for_url(f"{base}/comissao/")
    pagina.get_by_role("heading", name="Minhas sessões").wait_for()

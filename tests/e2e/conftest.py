"""Browser tests: Playwright (sync API) driving Debian's chromium against pytest-django's
live_server. Never `playwright install`: the browser is /usr/bin/chromium (apt-get install
chromium; .ci/run installs it). Without it every test here is skipped with the reason.

Playwright's sync API runs an event loop in the test thread, and Django refuses ORM calls
from a thread with a running loop unless DJANGO_ALLOW_ASYNC_UNSAFE is set. It is set only while
the browser runs (not at import): set for the whole process it would leak into other tests'
subprocesses, and `manage.py check --deploy` rightly fails with it (async.E001).
"""

from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARGS_CHROMIUM = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
MOTIVO_SEM_CHROMIUM = (
    "testes de navegador precisam de /usr/bin/chromium (Debian: apt-get install -y chromium; "
    "o .ci/run instala); nunca use `playwright install`")


def pytest_collection_modifyitems(config, items):
    pasta = Path(__file__).parent
    sem_chromium = pytest.mark.skip(reason=MOTIVO_SEM_CHROMIUM)
    for item in items:
        if pasta in item.path.parents:
            item.add_marker(pytest.mark.browser)
            if not CHROMIUM.exists():
                item.add_marker(sem_chromium)


@pytest.fixture(scope="module")
def navegador():
    if not CHROMIUM.exists():
        pytest.skip(MOTIVO_SEM_CHROMIUM)
    from playwright.sync_api import sync_playwright

    with pytest.MonkeyPatch.context() as mp, sync_playwright() as p:
        mp.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS_CHROMIUM,
                                    headless=True)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def pagina(navegador):
    """A fresh context (cookies) per test, phone-sized: the portal must work on a phone."""
    contexto = navegador.new_context(viewport={"width": 390, "height": 844}, locale="pt-BR",
                                     timezone_id="America/Sao_Paulo")
    contexto.set_default_timeout(15_000)
    page = contexto.new_page()
    # The Content-Security-Policy forbids inline scripts and styles: anything it blocks is a
    # broken page, so every browser test fails on a violation.
    bloqueios: list[str] = []
    page.on("console", lambda msg: bloqueios.append(f"{page.url}: {msg.text}")
            if "Content Security Policy" in msg.text else None)
    try:
        yield page
    finally:
        contexto.close()
    assert bloqueios == [], "violações da Content-Security-Policy: " + " | ".join(bloqueios)

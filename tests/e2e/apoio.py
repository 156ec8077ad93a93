"""Shared support of the page-wide browser checks: the demo world,
log-in by session cookie, the pages of each audience, and axe-core.

Each check loads the demo once (`carregar_demo`, ~5 s with 300 inscrições) inside its single
test: `live_server` makes every test transactional, so the database is flushed after each
test and a module-scoped world would not survive the first one.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.contrib.auth import (
    BACKEND_SESSION_KEY,
    HASH_SESSION_KEY,
    SESSION_KEY,
    get_user_model,
)
from django.contrib.sessions.backends.db import SessionStore
from django.core.management import call_command
from django.utils import timezone

from tests import segundo_fator_apoio

#: Vendored from the npm package axe-core (tests/e2e/vendor/README.md).
AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
#: The impacts that fail a page (axe's scale: minor, moderate, serious, critical).
IMPACTOS_GRAVES = ("serious", "critical")


def carregar_demo() -> None:
    call_command("carregar_demo", "--inscricoes", "300", "--hoje",
                 timezone.localdate().isoformat(), stdout=io.StringIO())


def entrar_como(pagina, base_url: str, username: str) -> None:
    """Log `username` in by a session cookie (no log-in form: faster, and axes stays out)."""
    user = get_user_model().objects.get(username=username)
    sessao = SessionStore()
    sessao[SESSION_KEY] = str(user.pk)
    sessao[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    sessao[HASH_SESSION_KEY] = user.get_session_auth_hash()
    if segundo_fator_apoio.exige(user):
        # RH and committee pages require the second factor (tests/segundo_fator_apoio.py).
        segundo_fator_apoio.verificar_sessao(sessao, user)
    sessao.save()
    pagina.context.clear_cookies()
    pagina.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME,
                                 "value": sessao.session_key, "url": base_url}])


@dataclass(frozen=True)
class Pagina:
    publico: str  # audience: "público", "candidato", "comissão", "RH"
    nome: str
    caminho: str


def abrir(pagina, base_url: str, alvo: Pagina) -> str:
    """Open a page; returns an error text when it does not answer 200 (else "")."""
    resposta = pagina.goto(base_url + alvo.caminho)
    if resposta is None or resposta.status != 200:
        codigo = resposta.status if resposta is not None else "sem resposta"
        return f"{alvo.publico} · {alvo.nome} ({alvo.caminho}): HTTP {codigo}"
    return ""


def violacoes_axe(pagina) -> list[str]:
    """Run axe-core in the page and return its serious or critical violations, each as
    "rule-id (impact): target, target...".

    The script is evaluated in the page (DevTools protocol), not added as a <script> tag: the
    Content-Security-Policy refuses inline scripts and the file is not served by the app."""
    pagina.evaluate(AXE.read_text(encoding="utf-8"))
    resultado = pagina.evaluate(
        "async () => JSON.stringify((await axe.run(document, {resultTypes: ['violations']}))"
        ".violations.map(v => ({id: v.id, impact: v.impact, help: v.help,"
        " alvos: v.nodes.map(n => n.target.join(' '))})))")
    return [f"{v['id']} ({v['impact']}: {v['help']}): {', '.join(v['alvos'][:5])}"
            for v in json.loads(resultado) if v["impact"] in IMPACTOS_GRAVES]


def conferir_largura_e_axe(pagina, nome: str, largura: int, capturas: str | None) -> list[str]:
    """What fails on the page as shown at `largura`: sideways scroll, serious axe-core
    violations; a screenshot to `capturas` (a folder outside the repository) when given."""
    falhas = []
    rolagem = pagina.evaluate("document.documentElement.scrollWidth")
    if rolagem > largura:
        falhas.append(f"{nome} @ {largura}: {rolagem} px")
    falhas += [f"{nome} @ {largura}: {v}" for v in violacoes_axe(pagina)]
    if capturas:
        Path(capturas).mkdir(parents=True, exist_ok=True)
        pagina.screenshot(path=f"{capturas}/{nome}-{largura}.png", full_page=True)
    return falhas

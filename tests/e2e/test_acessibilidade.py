"""Issue #13, item 11: axe-core (vendored, tests/e2e/vendor/axe-core) runs on the main page of
each audience with the demo loaded; a serious or critical violation fails, named by rule and
target. Every page is checked before failing, so the message lists them all."""

import pytest

from certames.models import Certame, Publicacao
from tests.e2e.apoio import Pagina, abrir, carregar_demo, entrar_como, violacoes_axe

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_axe_sem_violacoes_graves(live_server, pagina):
    carregar_demo()
    pirangi = Certame.objects.get(regime="pirangi-lei3056-2025")
    cargo = Publicacao.objects.filter(versao__cargo__certame=pirangi).order_by(
        "versao__cargo__codigo").first().versao.cargo
    por_publico = [
        (None, [Pagina("público", "início", "/"),
                Pagina("público", "certame de Pirangi", f"/certames/{pirangi.pk}/"),
                Pagina("público", "listas de um cargo, com busca",
                       f"/certames/{pirangi.pk}/cargos/{cargo.pk}/?q=ana")]),
        ("candidato", [Pagina("candidato", "minha área", "/candidato/")]),
        ("comissao", [Pagina("comissão", "área da comissão", "/comissao/")]),
        ("rh", [Pagina("RH", "painel", "/rh/")]),
    ]
    falhas: list[str] = []
    for usuario, paginas in por_publico:
        if usuario is None:
            pagina.context.clear_cookies()
        else:
            entrar_como(pagina, live_server.url, usuario)
        for alvo in paginas:
            erro = abrir(pagina, live_server.url, alvo)
            if erro:
                falhas.append(erro)
                continue
            falhas += [f"{alvo.publico} · {alvo.nome} ({alvo.caminho}): {v}"
                       for v in violacoes_axe(pagina)]
    assert falhas == [], "violações graves do axe-core:\n" + "\n".join(falhas)

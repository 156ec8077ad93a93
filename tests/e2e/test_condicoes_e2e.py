"""Special conditions at the exam in the browser, on the demo: the candidate's page (status,
decision, appeal form) and RH's list and decision page, at 1366 and 390 px: no sideways
scroll, no serious axe-core violation. Screenshots go to $CONDICOES_CAPTURAS when set."""

import os

from candidatos.models import PedidoAtendimento
from tests.e2e.apoio import carregar_demo, conferir_largura_e_axe, entrar_como

LARGURAS = (1366, 390)


def _paginas():
    pedido = PedidoAtendimento.objects.select_related("inscricao").get()
    return {
        "candidato": [("candidato-pedido", f"/candidato/atendimento/inscricoes/"
                                           f"{pedido.inscricao_id}/")],
        "rh": [("rh-lista", f"/rh/atendimento/certames/{pedido.inscricao.certame_id}/"),
               ("rh-pedido", f"/rh/atendimento/pedidos/{pedido.pk}/")],
    }


def test_paginas_do_atendimento_especializado(live_server, pagina):
    carregar_demo()
    capturas = os.environ.get("CONDICOES_CAPTURAS")
    falhas: list[str] = []
    for usuario, paginas in _paginas().items():
        entrar_como(pagina, live_server.url, usuario)
        for nome, caminho in paginas:
            for largura in LARGURAS:
                pagina.set_viewport_size({"width": largura, "height": 900})
                resposta = pagina.goto(live_server.url + caminho)
                if resposta is None or resposta.status != 200:
                    falhas.append(f"{nome}: HTTP {resposta.status if resposta else '-'}")
                    continue
                falhas += conferir_largura_e_axe(pagina, nome, largura, capturas)
    texto = None
    entrar_como(pagina, live_server.url, "candidato")
    pagina.goto(live_server.url + _paginas()["candidato"][0][1])
    texto = pagina.inner_text("#condicoes-pedido")
    assert "Sala de fácil acesso" in texto and "Indeferido" in texto and "60 minutos" in texto
    assert pagina.locator("#recurso").count() == 1  # the appeal form: the window is open
    assert falhas == []

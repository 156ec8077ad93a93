"""Every page is usable on a 390 px wide phone. With the demo loaded, a
broad set of pages of each audience (public, candidate, comissão, RH) is opened at 390 px and
none may scroll the page sideways: `document.documentElement.scrollWidth <= 390` (wide tables
scroll inside their own `.table-responsive` box). Every failing page is named at once."""

import pytest
from django.contrib.auth import get_user_model

from candidatos.models import Inscricao
from certames.models import Cargo, Certame, ConvocacaoVersao, Publicacao
from comissoes.models import Avaliacao, Comissao, Sessao
from nucleo.models import PublicacaoResultado
from tests.e2e.apoio import Pagina, abrir, carregar_demo, entrar_como

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LARGURA = 390


def paginas_publicas() -> list[Pagina]:
    pirangi = Certame.objects.get(regime="pirangi-lei3056-2025")
    com_lista = Publicacao.objects.filter(versao__cargo__certame=pirangi).order_by(
        "versao__cargo__codigo").first().versao.cargo
    chamado = next(c for c in ConvocacaoVersao.objects.order_by("pk") if c.convocacao
                   ).versao.cargo
    base = f"/certames/{pirangi.pk}/cargos/{com_lista.pk}/"
    # One published result of each procedure (fee exemption, committees), as the public sees it.
    resultados = {}
    for r in PublicacaoResultado.objects.order_by("pk"):
        caminho = (f"/candidato/isencao/certames/{r.certame_id}/resultado/{r.fase}/"
                   if r.procedimento == "isencao"
                   else f"/resultados/certames/{r.certame_id}/{r.procedimento}/")
        resultados.setdefault(r.procedimento, Pagina(
            "público", f"resultado publicado ({r.procedimento})", caminho))
    return [
        Pagina("público", "início", "/"),
        *[Pagina("público", f"certame {c.numero_edital} ({c.regime})", f"/certames/{c.pk}/")
          for c in Certame.objects.order_by("pk")],
        Pagina("público", "cargo com listas publicadas", base),
        Pagina("público", "cargo, lista PP", base + "?lista=PP"),
        Pagina("público", "cargo, ordem de convocação", base + "?lista=convocacao"),
        Pagina("público", "cargo, busca nas listas", base + "?q=ana"),
        Pagina("público", "ordem de nomeação com chamadas",
               f"/certames/{chamado.certame_id}/cargos/{chamado.pk}/ordem-de-nomeacao/"),
        Pagina("público", "sorteio público (Pirangi)", f"/certames/{pirangi.pk}/sorteio/"),
        *resultados.values(),
        Pagina("público", "entrar", "/contas/login/"),
        Pagina("público", "criar conta", "/candidato/cadastro/"),
    ]


def paginas_candidato() -> list[Pagina]:
    inscricoes = Inscricao.objects.filter(candidato__usuario__username="candidato").order_by(
        "pk")
    pirangi = inscricoes.get(certame__regime="pirangi-lei3056-2025")
    paginas = [
        Pagina("candidato", "minha área", "/candidato/"),
        *[Pagina("candidato", f"inscrição {i.numero} ({i.certame.regime})",
                 f"/candidato/inscricoes/{i.pk}/") for i in inscricoes],
        Pagina("candidato", "isenção (painel)", "/candidato/isencao/"),
        Pagina("candidato", "documentos (painel)", "/candidato/documentos/"),
        Pagina("candidato", "documentos da inscrição de Pirangi",
               f"/candidato/documentos/inscricoes/{pirangi.pk}/"),
        Pagina("candidato", "recursos (painel)", "/candidato/recursos/"),
        Pagina("candidato", "recursos da inscrição de Pirangi",
               f"/candidato/recursos/inscricoes/{pirangi.pk}/"),
        Pagina("candidato", "procedimentos", "/candidato/procedimentos/"),
        Pagina("candidato", "meus dados", "/candidato/meus-dados/"),
    ]
    aberta = inscricoes.filter(certame__regime="severinia-lei3057-2026").first()
    if aberta is not None:
        paginas.append(Pagina("candidato", "isenção da inscrição de Severínia",
                              f"/candidato/isencao/inscricoes/{aberta.pk}/"))
    return paginas


def paginas_comissao() -> list[Pagina]:
    membro = get_user_model().objects.get(username="comissao")
    sessao = Sessao.objects.filter(comissao__membros__usuario=membro).order_by("-inicio").first()
    avaliacao = Avaliacao.objects.filter(convocacao__sessao=sessao).order_by("pk").first()
    return [
        Pagina("comissão", "área da comissão", "/comissao/"),
        Pagina("comissão", "sessão", f"/comissao/sessoes/{sessao.pk}/"),
        Pagina("comissão", "avaliação", f"/comissao/avaliacoes/{avaliacao.pk}/"),
    ]


def paginas_recursal() -> list[Pagina]:
    """Pirangi's appeal as the recursal committee's president judges it (term signed here)."""
    from comissoes.dominio.composicao import assinar_termo
    from comissoes.models import MembroComissao

    recurso = Avaliacao.objects.get(comissao__certame__regime="pirangi-lei3056-2025",
                                    instancia="recurso")
    for membro in MembroComissao.objects.filter(comissao=recurso.comissao,
                                                usuario__username="recursal1"):
        assinar_termo(membro, usuario=membro.usuario)
    return [Pagina("comissão recursal", "recurso a julgar",
                   f"/comissao/avaliacoes/{recurso.pk}/")]


def paginas_rh() -> list[Pagina]:
    pirangi = Certame.objects.get(regime="pirangi-lei3056-2025")
    severinia = Certame.objects.get(regime="severinia-lei3057-2026")
    cargo = Cargo.objects.filter(certame=pirangi).order_by("codigo").first()
    chamado = next(c for c in ConvocacaoVersao.objects.order_by("pk") if c.convocacao
                   ).versao.cargo
    comissao = Comissao.objects.filter(certame=pirangi).order_by("pk").first()
    sessao = Sessao.objects.order_by("pk").first()
    inscricao = Inscricao.objects.filter(candidato__usuario__username="candidato").first()
    return [
        Pagina("RH", "painel", "/rh/"),
        Pagina("RH", "certame de Pirangi", f"/rh/certames/{pirangi.pk}/"),
        Pagina("RH", "certame homologado", f"/rh/certames/{chamado.certame_id}/"),
        Pagina("RH", "cargo (classificação)", f"/rh/cargos/{cargo.pk}/"),
        Pagina("RH", "cargo com chamadas", f"/rh/cargos/{chamado.pk}/"),
        Pagina("RH", "inscrição", f"/rh/inscricoes/{inscricao.pk}/"),
        Pagina("RH", "comissões", "/rh/comissoes/"),
        Pagina("RH", "comissão", f"/rh/comissoes/{comissao.pk}/"),
        Pagina("RH", "sessão", f"/rh/comissoes/sessoes/{sessao.pk}/"),
        Pagina("RH", "resultados", "/rh/resultados/"),
        Pagina("RH", "auditoria", "/rh/auditoria/"),
        Pagina("RH", "simulador", "/rh/simular/"),
        Pagina("RH", "busca", "/rh/buscar/?q=ana"),
        Pagina("RH", "isenção (painel)", "/rh/isencao/"),
        Pagina("RH", "isenção (pedidos de Severínia)", f"/rh/isencao/certames/{severinia.pk}/"),
        Pagina("RH", "procedimentos", "/rh/procedimentos/"),
        Pagina("RH", "sorteio (Pirangi)", f"/rh/certames/{pirangi.pk}/sorteio/"),
    ]


def test_paginas_cabem_em_390px(live_server, pagina):
    assert pagina.viewport_size["width"] == LARGURA
    carregar_demo()
    falhas: list[str] = []
    for usuario, paginas in ((None, paginas_publicas()), ("candidato", paginas_candidato()),
                             ("comissao", paginas_comissao()),
                             ("recursal1", paginas_recursal()), ("rh", paginas_rh())):
        if usuario is None:
            pagina.context.clear_cookies()
        else:
            entrar_como(pagina, live_server.url, usuario)
        for alvo in paginas:
            erro = abrir(pagina, live_server.url, alvo)
            if erro:
                falhas.append(erro)
                continue
            largura = pagina.evaluate("document.documentElement.scrollWidth")
            if largura > LARGURA:
                largos = pagina.evaluate(
                    "w => [...document.querySelectorAll('body *')].filter(e => "
                    "e.getBoundingClientRect().right > w && !e.closest('.table-responsive')"
                    ").slice(0, 3).map(e => e.tagName.toLowerCase() + (e.className ? '.' + "
                    "String(e.className).trim().split(/\\s+/).join('.') : ''))", LARGURA)
                falhas.append(f"{alvo.publico} · {alvo.nome} ({alvo.caminho}): "
                              f"{largura} px ({', '.join(largos)})")
    assert falhas == [], "páginas mais largas que 390 px:\n" + "\n".join(falhas)

"""Axe-core (vendored, tests/e2e/vendor/axe-core) runs with the demo loaded
on the main page of each audience and on the pages of each audience's journey
(tests/e2e/test_jornadas_demo.py); a serious or critical violation fails, named by rule and
target. Every page is checked before failing, so the message lists them all."""

import pytest

from candidatos.models import Inscricao
from certames.models import Cargo, Certame, Chamada, Publicacao
from comissoes.dominio.composicao import assinar_termo
from comissoes.models import Avaliacao, MembroComissao, Sessao
from tests.e2e.apoio import Pagina, abrir, carregar_demo, entrar_como, violacoes_axe

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _paginas() -> list[tuple[str | None, list[Pagina]]]:
    pirangi = Certame.objects.get(regime="pirangi-lei3056-2025")
    severinia = Certame.objects.get(regime="severinia-lei3057-2026")
    smbv = Certame.objects.get(regime="smbv-lc22-2026", numero_edital="001/2026")
    cargo = Publicacao.objects.filter(versao__cargo__certame=pirangi).order_by(
        "versao__cargo__codigo").first().versao.cargo
    chamado = Chamada.objects.order_by("pk").first().cargo
    homologado = chamado.certame
    minhas = Inscricao.objects.filter(candidato__usuario__username="candidato")
    em_pirangi = minhas.get(certame=pirangi)
    em_severinia = minhas.get(certame=severinia)
    # Today's heteroidentification session of SMBV (its queue with the attendance forms)
    # and one of its evaluations; the workspace asks for the term first, signed here.
    sessao = Sessao.objects.get(comissao__certame=smbv, comissao__tipo="heteroidentificacao")
    for membro in MembroComissao.objects.filter(comissao=sessao.comissao,
                                                usuario__username="comissao"):
        assinar_termo(membro, usuario=membro.usuario)
    avaliacao = Avaliacao.objects.filter(convocacao__sessao=sessao).order_by("pk").first()
    # Pirangi's appeal, as the recursal committee's president judges it.
    recurso = Avaliacao.objects.get(comissao__certame=pirangi, instancia="recurso")
    for membro in MembroComissao.objects.filter(comissao=recurso.comissao,
                                                usuario__username="recursal1"):
        assinar_termo(membro, usuario=membro.usuario)
    publico_cargo = f"/certames/{pirangi.pk}/cargos/{cargo.pk}/"
    return [
        (None, [
            Pagina("público", "início", "/"),
            Pagina("público", "certame de Pirangi", f"/certames/{pirangi.pk}/"),
            Pagina("público", "listas de um cargo, com busca", publico_cargo + "?q=ana"),
            Pagina("público", "listas de um cargo, aba PP", publico_cargo + "?lista=PP"),
            Pagina("público", "listas de um cargo, ordem de convocação",
                   publico_cargo + "?lista=convocacao"),
            Pagina("público", "ordem de nomeação",
                   f"/certames/{homologado.pk}/cargos/{chamado.pk}/ordem-de-nomeacao/"),
            Pagina("público", "sorteio público (Pirangi)", f"/certames/{pirangi.pk}/sorteio/"),
        ]),
        ("candidato", [
            Pagina("candidato", "minha área", "/candidato/"),
            Pagina("candidato", "nova inscrição (Severínia)",
                   f"/candidato/certames/{severinia.pk}/inscricao/"),
            Pagina("candidato", "inscrição", f"/candidato/inscricoes/{em_pirangi.pk}/"),
            Pagina("candidato", "isenção da inscrição",
                   f"/candidato/isencao/inscricoes/{em_severinia.pk}/"),
            Pagina("candidato", "isenção (painel)", "/candidato/isencao/"),
            Pagina("candidato", "documentos", "/candidato/documentos/"),
            Pagina("candidato", "recurso (Pirangi)",
                   f"/candidato/recursos/inscricoes/{em_pirangi.pk}/"),
        ]),
        ("comissao", [
            Pagina("comissão", "área da comissão", "/comissao/"),
            Pagina("comissão", "sessão de hoje", f"/comissao/sessoes/{sessao.pk}/"),
            Pagina("comissão", "avaliação", f"/comissao/avaliacoes/{avaliacao.pk}/"),
        ]),
        ("recursal1", [
            Pagina("comissão recursal", "recurso a julgar",
                   f"/comissao/avaliacoes/{recurso.pk}/"),
        ]),
        ("rh", [
            Pagina("RH", "painel", "/rh/"),
            Pagina("RH", "certame (painel com gráficos)", f"/rh/certames/{pirangi.pk}/"),
            Pagina("RH", "classificação de um cargo", f"/rh/cargos/{cargo.pk}/"),
            Pagina("RH", "publicar resultado preliminar",
                   f"/rh/cargos/{Cargo.objects.get(certame=smbv, codigo='101').pk}"
                   "/publicar/preliminar/"),
            Pagina("RH", "cargo com chamadas", f"/rh/cargos/{chamado.pk}/"),
            Pagina("RH", "convocar", f"/rh/cargos/{chamado.pk}/convocar/"),
        ]),
    ]


def test_axe_sem_violacoes_graves(live_server, pagina):
    carregar_demo()
    falhas: list[str] = []
    for usuario, paginas in _paginas():
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

"""One answer to "which windows are open for this inscrição":
`candidatos.janelas`, read by the status page, the dashboard's "O que vem a seguir", the
notices and each procedure's own page.

The reported case: RH rejected a special condition on 30/11/2026 at 15:00; the appeal lies for
ten days (Lei 9.784/1999, art. 59), counted from the day after the notice and ending at the
end of the last day (art. 66): until 10/12/2026 23:59:59. The special-conditions page offered
that appeal while the inscrição page and "O que vem a seguir" said no window was open. The
pages are requested with the clock set (`timezone.now` patched), never slept on."""

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from candidatos import condicoes, janelas, procedimentos
from candidatos.models import ProcedimentoAdministrativo
from certames.models import Etapa
from comum.papeis import GRUPO_CANDIDATO, GRUPO_RH
from portal import passos, situacao
from tests.factories import CandidatoFactory, CargoFactory, EtapaFactory, InscricaoFactory, usuario

pytestmark = pytest.mark.django_db

TZ = ZoneInfo("America/Sao_Paulo")
PEDIDO = dt.datetime(2026, 10, 5, 10, 0, tzinfo=TZ)
DECISAO = dt.datetime(2026, 11, 30, 15, 0, tzinfo=TZ)
FIM_RECURSO = dt.datetime(2026, 12, 10, 23, 59, 59, tzinfo=TZ)
DURANTE = dt.datetime(2026, 12, 5, 9, 0, tzinfo=TZ)
DEPOIS = dt.datetime(2026, 12, 11, 0, 0, tzinfo=TZ)
PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
MOTIVO = "O laudo apresentado não descreve deficiência visual que exija a prova em Braille."


@pytest.fixture
def caso():
    """A candidate whose request for Braille and extra time was decided on 30/11: Braille
    rejected (motivated), extra time granted."""
    cargo = CargoFactory()
    EtapaFactory(certame=cargo.certame, tipo=Etapa.Tipo.INSCRICOES,
                 inicio=dt.datetime(2026, 10, 1, tzinfo=TZ),
                 fim=dt.datetime(2026, 10, 10, 23, 59, tzinfo=TZ))
    EtapaFactory(certame=cargo.certame, tipo=Etapa.Tipo.ANALISE_ATENDIMENTO,
                 inicio=dt.datetime(2026, 10, 1, tzinfo=TZ),
                 fim=dt.datetime(2026, 12, 1, 23, 59, tzinfo=TZ))
    user = usuario("cand_janelas", GRUPO_CANDIDATO)
    insc = InscricaoFactory(cargo=cargo, candidato=CandidatoFactory(usuario=user))
    rh = usuario("rh_janelas", GRUPO_RH)
    pedido = condicoes.solicitar(
        insc, autor=user, condicoes={"braille": "", "tempo_adicional": ""},
        justificativa="Baixa visão severa, CID no laudo.",
        laudo=SimpleUploadedFile("laudo.pdf", PDF, content_type="application/pdf"),
        agora=PEDIDO)
    R = condicoes.ResultadoCondicao
    condicoes.decidir(pedido, autor=rh, agora=DECISAO, motivacao="Laudo analisado pelo RH.",
                      resultados={"braille": R("indeferido", MOTIVO),
                                  "tempo_adicional": R("deferido", minutos=30)})
    return user, insc


def _pagina(client, monkeypatch, user, url, instante) -> str:
    monkeypatch.setattr(timezone, "now", lambda: instante)
    cache.clear()  # the status page is cached (candidatos/cache_situacao.py)
    client.force_login(user)
    resposta = client.get(url)
    assert resposta.status_code == 200
    return resposta.content.decode()


def test_o_recurso_do_atendimento_ate_10_12_aparece_em_todas_as_paginas(client, monkeypatch,
                                                                       caso):
    user, insc = caso
    url_condicoes = reverse("condicoes:inscricao", args=[insc.pk])
    assert situacao.janelas_abertas(insc, DURANTE) == [janelas.JanelaAberta(
        "recurso", condicoes.CHAVE, "atendimento especializado na prova", DECISAO,
        FIM_RECURSO, url_condicoes + "#recurso")]

    status = _pagina(client, monkeypatch, user, reverse("portal:inscricao", args=[insc.pk]),
                     DURANTE)
    assert ("Prazo de recurso aberto: atendimento especializado na prova — até 10/12/2026 "
            "23:59") in " ".join(status.split())
    assert f'href="{url_condicoes}#recurso"' in status

    painel = _pagina(client, monkeypatch, user, reverse("portal:painel"), DURANTE)
    assert "Prazo de recurso aberto: atendimento especializado na prova" in painel
    assert [(p.tipo, p.texto, p.data, p.url)
            for p in passos.proximos_passos(user.candidato, DURANTE) if p.prazo] == [
        ("recurso", "Prazo de recurso aberto: atendimento especializado na prova",
         FIM_RECURSO, url_condicoes + "#recurso")]

    avisos = _pagina(client, monkeypatch, user, reverse("portal:avisos"), DURANTE)
    assert "Você pode recorrer até 10/12/2026 23:59." in avisos

    propria = _pagina(client, monkeypatch, user, url_condicoes, DURANTE)
    assert "Prazo de recurso até 10/12/2026 23:59." in propria
    assert reverse("condicoes:recurso", args=[insc.pk]) in propria


def test_depois_de_10_12_nenhuma_pagina_oferece_o_recurso(client, monkeypatch, caso):
    user, insc = caso
    assert situacao.janelas_abertas(insc, DEPOIS) == []
    status = _pagina(client, monkeypatch, user, reverse("portal:inscricao", args=[insc.pk]),
                     DEPOIS)
    assert "Nenhum prazo de recurso ou de defesa aberto agora para esta inscrição." in status
    assert [p for p in passos.proximos_passos(user.candidato, DEPOIS) if p.prazo] == []
    propria = _pagina(client, monkeypatch, user,
                      reverse("condicoes:inscricao", args=[insc.pk]), DEPOIS)
    assert reverse("condicoes:recurso", args=[insc.pk]) not in propria
    assert "O prazo de recurso terminou" in propria


def test_recurso_apresentado_fecha_a_janela_em_todas(monkeypatch, caso):
    user, insc = caso
    condicoes.apresentar_recurso(condicoes.pedido_vigente(insc), autor=user,
                                 texto="O laudo descreve a baixa visão; peço a prova em Braille.",
                                 agora=DURANTE)
    # One appeal per decision (the kernel's rule): no window is left.
    assert situacao.janelas_abertas(insc, DURANTE) == []
    assert [p for p in passos.proximos_passos(user.candidato, DURANTE) if p.prazo] == []


def test_procedimento_administrativo_defesa_e_depois_recurso(monkeypatch):
    """The defence until its deadline, then the appeal for the regime's days from the
    decision (`RegraSancao.prazo_recurso_dias`): both among the inscrição's windows."""
    cargo = CargoFactory(certame__regime="severinia-lei3057-2026")
    user = usuario("cand_proc", GRUPO_CANDIDATO)
    insc = InscricaoFactory(cargo=cargo, candidato=CandidatoFactory(usuario=user),
                            cor_raca="parda", listas=["PPI"])
    rh = usuario("rh_proc", GRUPO_RH)
    aberto = dt.datetime(2026, 11, 2, 10, 0, tzinfo=TZ)
    prazo = dt.datetime(2026, 11, 12, 18, 0, tzinfo=TZ)
    monkeypatch.setattr(timezone, "now", lambda: aberto)
    proc = procedimentos.abrir_procedimento(
        insc, tipo=ProcedimentoAdministrativo.Tipo.FRAUDE_AUTODECLARACAO, lista="PPI",
        fatos="Denúncia com indícios de que a autodeclaração não corresponde à verdade.",
        prazo_defesa=prazo, autor=rh, agora=aberto)
    url = reverse("procedimentos:detalhe", args=[proc.pk])
    durante = dt.datetime(2026, 11, 5, 10, 0, tzinfo=TZ)
    assert [(j.tipo, j.procedimento, j.inicio, j.fim, j.url)
            for j in situacao.janelas_abertas(insc, durante)] == [
        ("defesa", procedimentos.CHAVE, aberto, prazo, url)]
    assert [(p.tipo, p.data, p.url) for p in passos.proximos_passos(user.candidato, durante)
            if p.prazo] == [("defesa", prazo, url)]

    decidido = dt.datetime(2026, 11, 13, 10, 0, tzinfo=TZ)
    proc = procedimentos.decidir_procedimento(
        proc, conclusao="procedente", autor=rh, agora=decidido,
        motivacao="Os registros juntados mostram autodeclaração diversa; sem defesa.")
    dias = procedimentos.fundamentos_de(proc).prazo_recurso_dias
    fim = dt.datetime.combine(dt.date(2026, 11, 13) + dt.timedelta(days=dias),
                              dt.time(23, 59, 59), tzinfo=TZ)
    [janela] = situacao.janelas_abertas(insc, decidido + dt.timedelta(hours=1))
    assert (janela.tipo, janela.fim, janela.url) == (
        "recurso", fim, reverse("procedimentos:recurso", args=[proc.pk]))
    assert situacao.janelas_abertas(insc, fim + dt.timedelta(seconds=1)) == []

"""The candidate's notices: every result, appeal window and call
published about their inscrições, newest first, read from the acts themselves, with what is
new since the last visit to the page."""

import datetime as dt
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from candidatos import condicoes
from candidatos.models import CondicaoEspecial, LeituraAvisos, PedidoIsencao
from certames.models import Etapa, Publicacao, VersaoClassificacao
from comissoes.models import Comissao, Convocacao, Sessao
from nucleo.models import ItemPublicado, PublicacaoResultado
from portal import avisos
from tests.factories import (
    CandidatoFactory,
    CargoFactory,
    CertameFactory,
    EtapaFactory,
    InscricaoFactory,
    usuario,
)

pytestmark = pytest.mark.django_db

SEVERINIA = "severinia-lei3057-2026"
DIA = dt.timedelta(days=1)


def conta(username="cand_avisos"):
    user = usuario(username, "Candidato")
    CandidatoFactory(usuario=user)
    return user


def inscricao_em(user, numero, **kwargs):
    certame = CertameFactory(regime=SEVERINIA)
    cargo = CargoFactory(certame=certame, nome="Agente administrativo",
                         taxa_inscricao=Decimal("50.00"))
    return InscricaoFactory(cargo=cargo, candidato=user.candidato, numero=numero, **kwargs)


def versao(cargo, numero):
    # Append-only: created whole. The candidate is in no list here (the snapshot's
    # exclusions say why): the publication concerns them all the same.
    return VersaoClassificacao.objects.create(
        cargo=cargo, numero=numero, geracao=numero, causa="teste", hash_entrada=f"h{numero}",
        regime=cargo.certame.regime, vagas=cargo.vagas, distribuicao={"AC": cargo.vagas})


def linhas(lista):
    return [(a.tipo, a.titulo, a.data, a.novo) for a in lista]


@pytest.fixture
def mundo(rh):
    agora = timezone.now()
    user = conta()
    insc = inscricao_em(user, "000901", situacao_taxa="pendente")
    cargo, certame = insc.cargo, insc.certame
    antiga = Publicacao.objects.create(versao=versao(cargo, 1), tipo="preliminar",
                                       publicada_em=agora - 40 * DIA)
    final = Publicacao.objects.create(versao=versao(cargo, 2), tipo="final",
                                      publicada_em=agora - 2 * DIA)
    # The exemption request rejected in the preliminary result, its appeal window open.
    pedido = PedidoIsencao.objects.create(
        inscricao=insc, tipo=PedidoIsencao.Tipo.CADUNICO, nis="12345678901",
        solicitado_em=agora - 30 * DIA, resultado_preliminar=PedidoIsencao.Resultado.INDEFERIDO,
        motivo_preliminar="Renda per capita acima de meio salário mínimo.")
    pub_isencao = PublicacaoResultado.objects.create(
        certame=certame, procedimento="isencao", fase="preliminar", lote=1, publicada_por=rh)
    ItemPublicado.objects.create(publicacao=pub_isencao, procedimento="isencao",
                                 objeto_id=pedido.pk, inscricao=insc)
    janela = EtapaFactory(certame=certame, tipo=Etapa.Tipo.RECURSO_ISENCAO,
                          inicio=agora - DIA, fim=agora + 3 * DIA)
    # A convocation to a heteroidentification session, e-mailed 3 days ago.
    comissao = Comissao.objects.create(certame=certame, nome="Comissão 1",
                                       tipo=Comissao.Tipo.HETEROIDENTIFICACAO)
    sessao = Sessao.objects.create(comissao=comissao, local="Sala 3 da Prefeitura",
                                   inicio=agora + 5 * DIA)
    Convocacao.objects.create(sessao=sessao, inscricao=insc, lista="PP", horario=sessao.inicio,
                              notificada_em=agora - 3 * DIA)
    # Another candidate's publication concerns nobody here.
    outro = inscricao_em(conta("outro_cand_avisos"), "000902")
    Publicacao.objects.create(versao=versao(outro.cargo, 1), tipo="final",
                              publicada_em=agora - DIA)
    return {"agora": agora, "user": user, "insc": insc, "antiga": antiga, "final": final,
            "pub_isencao": pub_isencao, "janela": janela}


def test_todos_os_avisos_do_mais_novo_ao_mais_antigo(mundo):
    m = mundo
    agora = m["agora"]
    status = reverse("portal:inscricao", args=[m["insc"].pk])
    lista = avisos.avisos_do_candidato(m["user"].candidato)
    # Never visited: new = published in the last 15 days; the 40-day-old one is history.
    assert linhas(lista) == [
        ("resultado", "Resultado preliminar do pedido de isenção publicado",
         m["pub_isencao"].publicada_em, True),
        ("recurso", "Prazo de recurso aberto: isenção da taxa de inscrição", agora - DIA, True),
        ("resultado", "Resultado final (homologado) da classificação publicado",
         agora - 2 * DIA, True),
        ("convocacao", "Convocação: Heteroidentificação (Pretos e pardos)", agora - 3 * DIA,
         True),
        ("resultado", "Resultado preliminar da classificação publicado", agora - 40 * DIA,
         False),
    ]
    assert [a.url for a in lista] == [
        reverse("isencao:inscricao", args=[m["insc"].pk]),
        reverse("isencao:recurso", args=[m["insc"].pk]),
        status + "#t-classificacao", status + "#t-convocacoes", status + "#t-classificacao"]
    assert {a.inscricao.numero for a in lista} == {"000901"}


def test_a_pagina_marca_como_vistos_e_o_painel_conta_os_novos(client, mundo):
    m = mundo
    client.force_login(m["user"])
    painel = client.get(reverse("portal:painel"))
    assert painel.context["avisos_novos"] == 4
    assert "4 novos" in painel.content.decode()
    resposta = client.get(reverse("portal:avisos"))
    assert resposta.status_code == 200
    html = resposta.content.decode()
    assert html.count('class="aviso ') == 5
    assert html.count(">novo</span>") == 4
    assert "Sala 3 da Prefeitura" in html
    vistos = LeituraAvisos.objects.get(candidato=m["user"].candidato).vistos_em
    assert vistos >= m["agora"]
    # Seen: nothing is new until another act is published about the inscrição.
    assert client.get(reverse("portal:painel")).context["avisos_novos"] == 0
    Publicacao.objects.create(versao=versao(m["insc"].cargo, 3), tipo="final")
    assert client.get(reverse("portal:painel")).context["avisos_novos"] == 1
    html = client.get(reverse("portal:avisos")).content.decode()
    assert html.count(">novo</span>") == 1


def test_janela_de_recurso_sem_nada_a_recorrer_nao_e_aviso(rh):
    agora = timezone.now()
    user = conta()
    insc = inscricao_em(user, "000903", situacao_taxa="paga")
    # An appeal stage of the schedule, but no request and no published position: nothing
    # to appeal, no notice (the dashboard's rule).
    EtapaFactory(certame=insc.certame, tipo=Etapa.Tipo.RECURSO_ISENCAO, inicio=agora - DIA,
                 fim=agora + DIA)
    EtapaFactory(certame=insc.certame, tipo=Etapa.Tipo.RECURSO_RESULTADO,
                 inicio=agora - 9 * DIA, fim=agora - 8 * DIA)
    assert avisos.avisos_do_candidato(user.candidato, agora) == []


def test_sem_avisos(client):
    user = conta()
    inscricao_em(user, "000904", situacao_taxa="paga")
    client.force_login(user)
    html = client.get(reverse("portal:avisos")).content.decode()
    assert 'id="sem-avisos"' in html


def test_decisoes_do_atendimento_especializado_sao_avisos(rh):
    agora = timezone.now()
    user = conta()
    insc = inscricao_em(user, "000905")
    EtapaFactory(certame=insc.certame, tipo=Etapa.Tipo.INSCRICOES, inicio=agora - 5 * DIA,
                 fim=agora + 5 * DIA)
    EtapaFactory(certame=insc.certame, tipo=Etapa.Tipo.ANALISE_ATENDIMENTO,
                 inicio=agora - 5 * DIA, fim=agora + 5 * DIA)
    laudo = SimpleUploadedFile("laudo.pdf", b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n",
                               content_type="application/pdf")
    pedido = condicoes.solicitar(insc, autor=user, condicoes={CondicaoEspecial.BRAILLE: ""},
                                 justificativa="Baixa visão severa, CID no laudo.",
                                 laudo=laudo, agora=agora - 2 * DIA)
    decisao = condicoes.decidir(
        pedido, autor=rh, motivacao="Laudo analisado pelo RH.", agora=agora - DIA,
        resultados={CondicaoEspecial.BRAILLE: condicoes.ResultadoCondicao(
            condicoes.Resultado.DEFERIDO)})
    url = reverse("condicoes:inscricao", args=[insc.pk])
    assert [(a.tipo, a.titulo, a.data, a.url) for a in avisos.avisos_do_candidato(
        user.candidato)] == [("resultado", "Decisão sobre o atendimento especializado na prova",
                              decisao.decidida_em, url)]

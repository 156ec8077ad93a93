"""The status page shows the committee procedures: individual convocation, published parecer
with the appeal link, and administrative procedures — nothing unpublished."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from candidatos.models import ProcedimentoAdministrativo
from comissoes.dominio.resultados import publicar_resultado_preliminar
from comissoes.models import Avaliacao, Comissao, Convocacao, Sessao
from tests.comissoes.fabricas import etapa_procedimento
from tests.factories import CargoFactory, CertameFactory, EtapaFactory, InscricaoFactory

pytestmark = pytest.mark.django_db

PARECER = "A comissão não confirmou a autodeclaração (3 voto(s) pela não confirmação)."


@pytest.fixture
def cenario(candidato_user, rh):
    certame = CertameFactory(regime="pirangi-lei3056-2025")
    insc = InscricaoFactory(cargo=CargoFactory(certame=certame), listas=["PP"],
                            candidato=candidato_user.candidato)
    comissao = Comissao.objects.create(certame=certame, nome="Comissão 1",
                                       tipo=Comissao.Tipo.HETEROIDENTIFICACAO)
    sessao = Sessao.objects.create(comissao=comissao, local="Sala 3 da Prefeitura",
                                   inicio=timezone.now() - dt.timedelta(days=2))
    conv = Convocacao.objects.create(sessao=sessao, inscricao=insc, lista="PP",
                                     horario=sessao.inicio)
    av = Avaliacao.objects.create(comissao=comissao, inscricao=insc, lista="PP",
                                  convocacao=conv, resultado="nao_confirmada", parecer=PARECER,
                                  encerrada_em=timezone.now() - dt.timedelta(days=1))
    return {"certame": certame, "insc": insc, "av": av, "rh": rh}


def _publicar_preliminar(cenario):
    # Through the act: the batch records which closed evaluations it publishes, in the
    # procedure's stage (certames/cronograma.py).
    etapa_procedimento(cenario["certame"])
    publicar_resultado_preliminar(cenario["certame"], autor=cenario["rh"])


def _pagina(client, user, insc):
    client.force_login(user)
    return client.get(reverse("portal:inscricao", args=[insc.pk])).content.decode()


def test_convocacao_individual_e_parecer_so_depois_de_publicado(client, candidato_user, cenario):
    insc = cenario["insc"]
    html = _pagina(client, candidato_user, insc)
    assert "Sala 3 da Prefeitura" in html
    assert PARECER not in html
    _publicar_preliminar(cenario)
    html = _pagina(client, candidato_user, insc)
    assert PARECER in html
    assert reverse("recursos:inscricao", args=[insc.pk]) in html


def test_recurso_aberto_leva_a_pagina_de_recurso(client, candidato_user, cenario):
    insc = cenario["insc"]
    _publicar_preliminar(cenario)
    EtapaFactory(certame=cenario["certame"], tipo="recurso_heteroidentificacao")
    Comissao.objects.create(certame=cenario["certame"], nome="Recursal",
                            tipo=Comissao.Tipo.RECURSAL)
    html = _pagina(client, candidato_user, insc)
    assert html.count(reverse("recursos:inscricao", args=[insc.pk])) == 2  # window + section


def test_procedimento_administrativo_aparece_com_link(client, candidato_user, cenario):
    insc = cenario["insc"]
    proc = ProcedimentoAdministrativo.objects.create(
        inscricao=insc, tipo="fraude_autodeclaracao", lista="PP", fatos="Denúncia recebida",
        aberto_por=cenario["rh"], prazo_defesa=timezone.now() + dt.timedelta(days=10))
    assert reverse("procedimentos:detalhe", args=[proc.pk]) in _pagina(client, candidato_user,
                                                                         insc)


def test_link_de_documentos_so_para_listas_que_exigem_documentos(client, candidato_user):
    certame = CertameFactory(regime="pirangi-lei3056-2025")
    so_pp = InscricaoFactory(cargo=CargoFactory(certame=certame), listas=["PP"],
                             candidato=candidato_user.candidato)
    # Lei 3.056/2025, art. 4º, II: documentary check for indigenous optants.
    indigena = InscricaoFactory(cargo=CargoFactory(certame=certame), listas=["I"],
                                cor_raca="indigena", candidato=candidato_user.candidato)
    assert reverse("documentos:inscricao", args=[so_pp.pk]) not in _pagina(
        client, candidato_user, so_pp)
    assert reverse("documentos:inscricao", args=[indigena.pk]) in _pagina(
        client, candidato_user, indigena)


def test_convocacao_documental_tem_o_nome_do_procedimento(client, candidato_user, rh):
    certame = CertameFactory(regime="pirangi-lei3056-2025")
    insc = InscricaoFactory(cargo=CargoFactory(certame=certame), listas=["I"],
                            cor_raca="indigena", candidato=candidato_user.candidato)
    comissao = Comissao.objects.create(certame=certame, nome="Documental",
                                       tipo=Comissao.Tipo.VERIFICACAO_DOCUMENTAL)
    sessao = Sessao.objects.create(comissao=comissao, local="Sala 1",
                                   inicio=timezone.now() + dt.timedelta(days=2))
    Convocacao.objects.create(sessao=sessao, inscricao=insc, lista="I", horario=sessao.inicio)
    html = _pagina(client, candidato_user, insc)
    assert "Verificação documental (Indígenas)" in html
    assert "Heteroidentificação (Indígenas)" not in html

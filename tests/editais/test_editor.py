"""The edital editor in RH's workspace (`editais.servicos`, `painel/views/editor/`): a certame
born as a draft only RH sees, its settings as labelled fields checked by the regime, its
cargos and schedule, and the publication as an act refused with every pending reason."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from certames.auditoria import Ato
from certames.models import Cargo, Certame, Etapa, Orgao
from editais import servicos
from editais.models import AtoEdital
from tests.factories import CertameFactory

pytestmark = pytest.mark.django_db

SEVERINIA = "severinia-lei3057-2026"
PIRANGI = "pirangi-lei3056-2025"


def _dados(**extra):
    base = {"orgao_escolhido": "novo", "orgao_nome": "Prefeitura Municipal de Severínia",
            "orgao_municipio": "Severínia", "orgao_uf": "SP", "orgao_cnpj": "",
            "numero_edital": "003/2027", "titulo": "Concurso de professores",
            "tipo": "concurso", "regime": SEVERINIA,
            "data_publicacao_edital": "2027-01-10", "validade_meses": "24"}
    return {**base, **extra}


def _local(texto: str) -> dt.datetime:
    return timezone.make_aware(dt.datetime.strptime(texto, "%Y-%m-%d %H:%M"))


def test_rh_cria_o_rascunho_com_um_orgao_novo(client, rh):
    client.force_login(rh)
    resposta = client.post(reverse("painel:novo_certame"),
                           _dados(limiar_arredondamento="0.7"))
    certame = Certame.objects.get(numero_edital="003/2027")
    assert resposta.status_code == 302
    assert resposta["Location"] == reverse("painel:certame", args=[certame.pk])
    assert certame.status == Certame.Status.RASCUNHO
    assert (certame.orgao.nome, certame.orgao.uf) == ("Prefeitura Municipal de Severínia", "SP")
    assert certame.parametros == {"limiar_arredondamento": "0.7"}
    assert Ato.objects.get(tipo="certame_criado").descricao == (
        "Rascunho do edital 003/2027 criado: Concurso de professores.")
    # A draft is RH's only.
    client.logout()
    assert client.get(reverse("certame_publico", args=[certame.pk])).status_code == 404


def test_orgao_novo_sem_municipio_e_recusado_e_nada_e_gravado(client, rh):
    client.force_login(rh)
    resposta = client.post(reverse("painel:novo_certame"), _dados(orgao_municipio=""))
    assert resposta.status_code == 400
    assert "Informe o município do novo órgão." in resposta.content.decode()
    assert not Orgao.objects.exists() and not Certame.objects.exists()


def test_regime_so_para_editais_publicados_depois_da_sua_vigencia(client, rh):
    client.force_login(rh)
    resposta = client.post(reverse("painel:novo_certame"),
                           _dados(data_publicacao_edital="2020-01-10"))
    assert resposta.status_code == 400
    html = resposta.content.decode()
    assert "só se aplica a editais publicados a partir de" in html
    assert not Certame.objects.exists() and not Orgao.objects.exists()


def test_limite_pcd_sem_percentual_e_recusado_no_campo(client, rh):
    client.force_login(rh)
    resposta = client.post(reverse("painel:novo_certame"), _dados(pcd_limite="20"))
    assert resposta.status_code == 400
    assert "Informe o percentual da reserva PcD para usar um limite." in (
        resposta.content.decode())


def test_simulador_preenche_o_editor(client, rh):
    client.force_login(rh)
    html = client.get(reverse("painel:novo_certame"),
                      {"regime": SEVERINIA, "limiar_arredondamento": "0.7"}).content.decode()
    assert re.search(r'<option value="severinia-lei3057-2026" selected>', html)
    assert re.search(r'<option value="0.7" selected>', html)
    simulacao = client.get(reverse("painel:simular"),
                           {"regime": SEVERINIA, "vagas": "10"}).content.decode()
    assert 'data-link="usar-no-certame"' in simulacao


def test_editar_rascunho_guarda_o_que_o_editor_nao_escreve(client, rh):
    certame = CertameFactory(regime=SEVERINIA, status=Certame.Status.RASCUNHO,
                             parametros={"permite_fim_de_fila": True,
                                         "cadunico_meses_atualizacao": 24})
    client.force_login(rh)
    dados = _dados(orgao_escolhido=str(certame.orgao_id), numero_edital=certame.numero_edital,
                   titulo="Título corrigido", data_publicacao_edital="2027-01-10",
                   regime=certame.regime)
    resposta = client.post(reverse("painel:editar_certame", args=[certame.pk]), dados)
    assert resposta.status_code == 302
    certame.refresh_from_db()
    assert certame.titulo == "Título corrigido"
    # permite_fim_de_fila is the editor's (unticked: removed); the CadÚnico's is not.
    assert certame.parametros == {"cadunico_meses_atualizacao": 24}
    ato = Ato.objects.get(tipo="alteracao_edital")
    assert "titulo" in ato.descricao and "parametros" in ato.descricao


def _rascunho(rh, inscricoes_em="2099-02-01 08:00"):
    certame = CertameFactory(regime=PIRANGI, status=Certame.Status.RASCUNHO, cronograma=False)
    return certame


def test_publicacao_diz_todas_as_pendencias(rh):
    certame = _rascunho(rh)
    assert servicos.pendencias_publicacao(certame) == [
        "Cadastre ao menos um cargo, com as suas vagas.",
        "Inclua no cronograma a etapa “Inscrições”."]


def test_cargo_e_etapa_pelas_paginas_e_a_publicacao(client, rh):
    certame = _rascunho(rh)
    client.force_login(rh)
    resposta = client.post(reverse("painel:novo_cargo_rascunho", args=[certame.pk]), {
        "codigo": "PROF", "nome": "Professor", "vagas": "10", "taxa_inscricao": "50,00"})
    assert resposta.status_code == 302
    cargo = Cargo.objects.get(certame=certame)
    assert (cargo.codigo, cargo.vagas) == ("PROF", 10)
    resposta = client.post(reverse("painel:nova_etapa_rascunho", args=[certame.pk]), {
        "tipo": "inscricoes", "inicio": "2099-02-01T08:00", "fim": "2099-02-28T23:59"})
    assert resposta.status_code == 302
    etapa = Etapa.objects.get(certame=certame)
    assert etapa.inicio == _local("2099-02-01 08:00")
    pagina = client.get(reverse("painel:certame", args=[certame.pk])).content.decode()
    assert 'data-form="publicar-edital"' in pagina and "/admin/" not in pagina
    sem_caixa = client.post(reverse("painel:publicar_edital", args=[certame.pk]))
    assert sem_caixa.status_code == 400
    client.post(reverse("painel:publicar_edital", args=[certame.pk]), {"confirmacao": "on"})
    certame.refresh_from_db()
    assert certame.status == Certame.Status.PUBLICADO
    ato = AtoEdital.objects.get(certame=certame)
    assert ato.conteudo["cargos"] == [{"codigo": "PROF", "nome": "Professor", "vagas": 10,
                                       "taxa_inscricao": "50.00"}]
    assert Ato.objects.get(tipo="edital_publicado").descricao == (
        f"Edital {certame.numero_edital} publicado: 1 cargo(s), 10 vaga(s).")
    client.logout()
    assert client.get(reverse("certame_publico", args=[certame.pk])).status_code == 200


def test_depois_da_publicacao_o_rascunho_nao_muda(client, rh):
    certame = CertameFactory(regime=PIRANGI, status=Certame.Status.PUBLICADO)
    cargo = Cargo.objects.create(certame=certame, codigo="A", nome="Agente", vagas=2)
    client.force_login(rh)
    resposta = client.post(reverse("painel:editar_cargo_rascunho", args=[cargo.pk]), {
        "codigo": "A", "nome": "Agente", "vagas": "3", "taxa_inscricao": "0"})
    assert resposta.status_code == 400
    assert "uma alteração agora é uma retificação do edital" in resposta.content.decode()
    cargo.refresh_from_db()
    assert cargo.vagas == 2
    pagina = client.get(reverse("painel:editar_certame", args=[certame.pk])).content.decode()
    assert 'id="edital-publicado"' in pagina


def test_etapa_incoerente_e_recusada_com_a_mensagem_do_cronograma(client, rh):
    certame = CertameFactory(regime=SEVERINIA, status=Certame.Status.RASCUNHO, cronograma=False)
    client.force_login(rh)
    client.post(reverse("painel:nova_etapa_rascunho", args=[certame.pk]), {
        "tipo": "resultado_preliminar_isencao", "inicio": "2099-02-10T08:00",
        "fim": "2099-02-11T18:00"})
    resposta = client.post(reverse("painel:nova_etapa_rascunho", args=[certame.pk]), {
        "tipo": "recurso_isencao", "inicio": "2099-02-05T08:00", "fim": "2099-02-06T18:00"})
    assert resposta.status_code == 400
    assert Etapa.objects.filter(certame=certame).count() == 1


def test_etapas_de_isencao_nao_sao_oferecidas_sem_isencao_na_lei(client, rh):
    certame = CertameFactory(regime=PIRANGI, status=Certame.Status.RASCUNHO, cronograma=False)
    client.force_login(rh)
    html = client.get(reverse("painel:nova_etapa_rascunho", args=[certame.pk])).content.decode()
    assert 'value="inscricoes"' in html and 'value="pedido_isencao"' not in html


def test_nenhuma_pagina_do_rh_leva_ao_admin(client, rh):
    certame = CertameFactory(regime=PIRANGI, status=Certame.Status.RASCUNHO, cronograma=False)
    client.force_login(rh)
    for url in (reverse("painel:painel"), reverse("painel:novo_certame"),
                reverse("painel:certame", args=[certame.pk]),
                reverse("painel:editar_certame", args=[certame.pk])):
        assert "/admin/" not in client.get(url).content.decode(), url

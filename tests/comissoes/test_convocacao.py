"""Who is called to heteroidentification under each seed regime, the distribution into
sessions, the e-mail and what the candidate sees."""

import datetime as dt
from decimal import Decimal

import pytest
from django.core import mail
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from certames.models import Ato, Etapa
from comissoes.dominio.convocacao import (
    candidatos_a_convocar,
    convocacoes_do_candidato,
    convocar,
    distribuir_convocacoes,
    erro_parametro_heteroidentificacao,
    heteroidentificacao_prevista,
)
from comissoes.models import Avaliacao, Comissao, Convocacao
from tests.comissoes.fabricas import ComissaoFactory, comissao_completa, sessao
from tests.factories import CertameFactory, EtapaFactory, InscricaoFactory

pytestmark = pytest.mark.django_db

CONFIRME = "Marque a caixa de confirmação: o ato não pode ser desfeito e nada foi registrado."
SMBV, SEV, PIR, FED = ("smbv-lc22-2026", "severinia-lei3057-2026", "pirangi-lei3056-2025",
                       "federal-lei15142-2025")


def chamados(certame):
    return [(c.inscricao.numero, c.lista) for c in candidatos_a_convocar(certame)]


def insc(certame, numero, cor="parda", listas=("PP",), situacao="habilitado", **extra):
    return InscricaoFactory(cargo__certame=certame, numero=numero, cor_raca=cor,
                            listas=list(listas), situacao=situacao, **extra)


@pytest.mark.parametrize("regime", [PIR, FED])
def test_pirangi_e_federal_chamam_todo_optante_pp_habilitado_mesmo_com_nota_de_ac(regime):
    certame = CertameFactory(regime=regime)
    # Art. 6º §1º: even the best score of the cargo (enough for AC) is called.
    insc(certame, "001", nota=Decimal("98.5"))
    insc(certame, "002", cor="preta", nota=Decimal("61"))
    insc(certame, "003", situacao="inscrito")  # not habilitated
    insc(certame, "004", situacao="eliminado")
    insc(certame, "005", listas=())  # self-declared parda, general list only
    insc(certame, "006", cor="indigena", listas=("I",))  # documentary check (art. 4º, II)
    insc(certame, "007", cor="preta", listas=("Q",), quilombola=True)
    assert chamados(certame) == [("001", "PP"), ("002", "PP")]


def test_smbv_chama_os_optantes_pp_e_nao_os_indigenas():
    certame = CertameFactory(regime=SMBV)
    insc(certame, "101", situacao="inscrito")
    insc(certame, "102", cor="preta")
    insc(certame, "103", situacao="desistente")
    insc(certame, "104", cor="indigena", listas=("I",))  # art. 4º: TADII + documents
    insc(certame, "105", situacao_taxa="nao_confirmada")
    assert chamados(certame) == [("101", "PP"), ("102", "PP")]


def test_severinia_ppi_so_pretos_e_pardos_e_conforme_o_edital():
    certame = CertameFactory(regime=SEV, data_publicacao_edital=dt.date(2026, 10, 1))
    insc(certame, "201", listas=("PPI",))
    insc(certame, "202", cor="preta", listas=("PPI",), situacao="inscrito")
    insc(certame, "203", cor="indigena", listas=("PPI",))  # art. 13: documentary
    assert chamados(certame) == [("201", "PPI"), ("202", "PPI")]
    # Art. 10 §2º: "poderão ser submetidos" — the edital may leave it out.
    certame.parametros = {"heteroidentificacao": False}
    assert chamados(certame) == []


def test_parametro_heteroidentificacao_so_vale_em_severinia():
    assert heteroidentificacao_prevista(SEV, {}) is True
    assert heteroidentificacao_prevista(SEV, {"heteroidentificacao": False}) is False
    assert heteroidentificacao_prevista(PIR, {"heteroidentificacao": False}) is True
    assert erro_parametro_heteroidentificacao(SEV, {"heteroidentificacao": False}) is None
    assert "obrigatória" in erro_parametro_heteroidentificacao(
        PIR, {"heteroidentificacao": False})
    assert "verdadeiro ou falso" in erro_parametro_heteroidentificacao(
        SEV, {"heteroidentificacao": "não"})


def test_quem_ja_foi_convocado_ou_tem_decisao_final_nao_e_chamado_de_novo(rh):
    from candidatos.servicos import registrar_situacao_lista

    certame = CertameFactory(regime=PIR)
    a, b, _c = insc(certame, "301"), insc(certame, "302"), insc(certame, "303")
    comissao, *_ = comissao_completa(certame)
    convocar(sessao(comissao), a, "PP", timezone.now() + dt.timedelta(days=7), autor=rh)
    registrar_situacao_lista(b, "PP", "confirmada", autor=rh,
                             motivacao="Decisão judicial transitada em julgado.")
    assert chamados(certame) == [("303", "PP")]
    with pytest.raises(ValidationError, match="já foi convocada"):
        convocar(sessao(comissao), a, "PP", timezone.now() + dt.timedelta(days=8), autor=rh)


def _etapa(certame):
    agora = timezone.now()
    return EtapaFactory(certame=certame, tipo=Etapa.Tipo.HETEROIDENTIFICACAO,
                        inicio=agora + dt.timedelta(days=1), fim=agora + dt.timedelta(days=20))


def test_distribuicao_em_sessoes_cria_avaliacoes_e_envia_email(
        rh, django_capture_on_commit_callbacks):
    certame = CertameFactory(regime=PIR)
    inscricoes = [insc(certame, f"40{i}") for i in range(1, 6)]
    inscricoes[4].candidato.email = ""
    inscricoes[4].candidato.save()
    etapa = _etapa(certame)
    comissao, *_ = comissao_completa(certame)
    inicio = timezone.now().replace(microsecond=0) + dt.timedelta(days=3)
    s1 = sessao(comissao, etapa=etapa, inicio=inicio)
    s2 = sessao(comissao, etapa=etapa, inicio=inicio + dt.timedelta(days=1), local="Sala 5")
    with django_capture_on_commit_callbacks(execute=True):
        criadas = distribuir_convocacoes(etapa, [s2, s1], autor=rh, intervalo_minutos=20)
    assert [(c.sessao_id, c.inscricao.numero, c.horario - c.sessao.inicio) for c in criadas] == [
        (s1.pk, "401", dt.timedelta(0)), (s1.pk, "402", dt.timedelta(minutes=20)),
        (s1.pk, "403", dt.timedelta(minutes=40)),
        (s2.pk, "404", dt.timedelta(0)), (s2.pk, "405", dt.timedelta(minutes=20))]
    avaliacoes = Avaliacao.objects.filter(comissao=comissao, instancia="primeira")
    assert sorted(a.convocacao_id for a in avaliacoes) == sorted(c.pk for c in criadas)
    assert Ato.objects.filter(tipo="convocacao_heteroidentificacao").count() == 5
    # E-mails to those with an address; the one without stays "not notified".
    assert len(mail.outbox) == 4
    primeiro = mail.outbox[0]
    assert primeiro.to == [inscricoes[0].candidato.email]
    assert "heteroidentificação" in primeiro.subject
    assert timezone.localtime(inicio).strftime("%d/%m/%Y %H:%M") in primeiro.body
    assert "Sala 3 da Prefeitura" in primeiro.body
    assert "Presencial" in primeiro.body
    notificadas = Convocacao.objects.filter(notificada_em__isnull=False).count()
    assert notificadas == 4
    # Nobody is left to call.
    with pytest.raises(ValidationError, match="Não há candidatos"):
        distribuir_convocacoes(etapa, [s1], autor=rh)


def test_capacidade_por_sessao_e_continua_depois_do_ultimo_horario(rh):
    certame = CertameFactory(regime=SMBV)
    for i in range(1, 5):
        insc(certame, f"50{i}")
    etapa = _etapa(certame)
    comissao, *_ = comissao_completa(certame)
    s1 = sessao(comissao, etapa=etapa)
    primeira = distribuir_convocacoes(etapa, [s1], autor=rh, intervalo_minutos=15, por_sessao=2)
    assert len(primeira) == 2
    segunda = distribuir_convocacoes(etapa, [s1], autor=rh, intervalo_minutos=15, por_sessao=2)
    assert [c.horario - s1.inicio for c in segunda] == [dt.timedelta(minutes=30),
                                                        dt.timedelta(minutes=45)]


def test_distribuicao_recusa_sessoes_que_nao_servem(rh):
    certame = CertameFactory(regime=PIR)
    insc(certame, "601")
    etapa = _etapa(certame)
    comissao, *_ = comissao_completa(certame)
    recursal = ComissaoFactory(certame=certame, tipo=Comissao.Tipo.RECURSAL)
    with pytest.raises(ValidationError, match="não pertence"):
        distribuir_convocacoes(etapa, [sessao(comissao)], autor=rh)
    with pytest.raises(ValidationError, match="comissão de heteroidentificação"):
        distribuir_convocacoes(etapa, [sessao(recursal, etapa=etapa)], autor=rh)
    with pytest.raises(ValidationError, match="encerrada"):
        distribuir_convocacoes(etapa, [sessao(comissao, etapa=etapa,
                                              encerrada_em=timezone.now())], autor=rh)
    outra = EtapaFactory(certame=certame, tipo=Etapa.Tipo.INSCRICOES)
    with pytest.raises(ValidationError, match="não é de heteroidentificação"):
        distribuir_convocacoes(outra, [sessao(comissao, etapa=etapa)], autor=rh)


def test_severinia_sem_heteroidentificacao_no_edital_nao_convoca(rh):
    certame = CertameFactory(regime=SEV, data_publicacao_edital=dt.date(2026, 10, 1),
                             parametros={"heteroidentificacao": False})
    candidato = insc(certame, "701", listas=("PPI",))
    comissao, *_ = comissao_completa(certame)
    with pytest.raises(ValidationError, match="art. 10, §2º"):
        convocar(sessao(comissao), candidato, "PPI", timezone.now() + dt.timedelta(days=8),
                 autor=rh)


def test_convocacoes_do_candidato_sem_nomes_dos_membros_salvo_divulgacao(rh):
    certame = CertameFactory(regime=PIR)
    candidato = insc(certame, "801")
    comissao, presidente, _ = comissao_completa(certame)
    presidente.usuario.first_name = "Joana"
    presidente.usuario.save()
    s = sessao(comissao, modalidade="remota", local="https://sala.example/abc")
    convocar(s, candidato, "PP", s.inicio + dt.timedelta(minutes=30), autor=rh)
    [c] = convocacoes_do_candidato(candidato)
    assert (c.lista, c.lista_nome, c.local, c.modalidade, c.modalidade_nome) == (
        "PP", "Pretos e pardos", "https://sala.example/abc", "remota",
        "Remota (telepresencial)")
    assert c.horario == timezone.localtime(s.inicio + dt.timedelta(minutes=30))
    assert (c.comparecimento, c.gravacao_exigida, c.membros) == ("pendente", True, [])
    comissao.divulgar_nomes = True
    comissao.save()
    [c] = convocacoes_do_candidato(candidato)
    assert "Joana" in c.membros and len(c.membros) == 5
    assert convocacoes_do_candidato(insc(certame, "802")) == []


def test_pagina_de_convocacao_do_rh_lista_e_distribui(client, rh):
    certame = CertameFactory(regime=PIR)
    insc(certame, "901", nota=Decimal("90"))
    insc(certame, "902", situacao="inscrito")
    etapa = _etapa(certame)
    comissao, *_ = comissao_completa(certame)
    s1 = sessao(comissao, etapa=etapa)
    client.force_login(rh)
    url = reverse("painel:convocacao", args=[etapa.pk])
    html = client.get(url).content.decode()
    assert "Lei 3.056/2025, art. 6º, §1º" in html
    assert "901" in html and "902" not in html
    # Without the confirmation (the candidates are notified by e-mail): 400, nothing recorded.
    atos = Ato.objects.count()
    resposta = client.post(url, {"sessoes": [s1.pk], "intervalo_minutos": 20})
    assert resposta.status_code == 400
    assert (CONFIRME in resposta.content.decode(), Convocacao.objects.count(),
            Ato.objects.count(), len(mail.outbox)) == (True, 0, atos, 0)
    resposta = client.post(url, {"sessoes": [s1.pk], "intervalo_minutos": 20,
                                 "confirmacao": "on"}, follow=True)
    assert "1 candidato(s) convocado(s)" in resposta.content.decode()
    assert Convocacao.objects.filter(sessao=s1).count() == 1

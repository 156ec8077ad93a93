"""The outbox's pieces: the `.ics` text (RFC 5545 escaping, CRLF, folding), the reminders
before deadlines (sent once however often the beat runs), the act's notice state on RH's
call list and the list of failed notices with its filters."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from candidatos import chamadas, lembretes
from comissoes.dominio import agenda
from comum.avisos import ics
from comum.models import Aviso
from nucleo.avisos import lembrar_recursos
from tests.certames.test_chamadas import _chamada, _homologado
from tests.comissoes.fabricas import cenario, comissao_completa, convocado, sessao
from tests.factories import CertameFactory, nomear

pytestmark = pytest.mark.django_db

UTC = dt.UTC


# --- .ics ---------------------------------------------------------------------------------


def test_ics_escapa_virgula_ponto_e_virgula_quebra_e_barra():
    assert ics.escapar("Sala 3, bloco B; 2º andar\nentrada \\ lateral") == (
        "Sala 3\\, bloco B\\; 2º andar\\nentrada \\\\ lateral")


def test_ics_evento_com_crlf_utc_e_dia_inteiro():
    eventos = [
        ics.Evento("sessao-1@certames", dt.datetime(2026, 12, 10, 12, 0, tzinfo=UTC), None,
                   "Sessão, sala; 3\nmanhã", local="Rua A, 10"),
        ics.Evento("etapa-2@certames", dt.date(2026, 12, 1), dt.date(2026, 12, 3), "Recurso")]
    texto = ics.calendario(eventos, "Edital 1/2026",
                           agora=dt.datetime(2026, 12, 3, 9, 30, tzinfo=UTC))
    assert texto.split("\r\n") == [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Certames//Avisos//PT-BR",
        "CALSCALE:GREGORIAN", "METHOD:PUBLISH", "X-WR-CALNAME:Edital 1/2026",
        "BEGIN:VEVENT", "UID:sessao-1@certames", "DTSTAMP:20261203T093000Z",
        "DTSTART:20261210T120000Z", "SUMMARY:Sessão\\, sala\\; 3\\nmanhã",
        "LOCATION:Rua A\\, 10", "END:VEVENT",
        # A whole-day event ends the day after its last (RFC 5545, section 3.6.1).
        "BEGIN:VEVENT", "UID:etapa-2@certames", "DTSTAMP:20261203T093000Z",
        "DTSTART;VALUE=DATE:20261201", "DTEND;VALUE=DATE:20261204", "SUMMARY:Recurso",
        "END:VEVENT", "END:VCALENDAR", ""]


def test_ics_dobra_linhas_em_75_octetos_sem_partir_caractere():
    linha = "SUMMARY:" + "ã" * 60  # 8 + 120 octets; "ã" is 2 octets in UTF-8
    dobrada = ics.dobrar(linha)
    partes = dobrada.split("\r\n ")
    # 8 + 33 × 2 = 74 (a 34th "ã" would make 76), then the other 27 (54 octets).
    assert [len(p.encode()) for p in partes] == [74, 54]
    assert "".join(partes) == linha


def test_ics_do_cronograma_publico(client):
    certame = CertameFactory(numero_edital="001/2026")
    etapa = certame.etapas.create(tipo="inscricoes",
                                  inicio=dt.datetime(2026, 12, 1, 11, tzinfo=UTC),
                                  fim=dt.datetime(2026, 12, 20, 2, 59, tzinfo=UTC))
    resposta = client.get(reverse("cronograma_ics", args=[certame.pk]))
    assert resposta["Content-Type"] == "text/calendar; charset=utf-8"
    linhas = resposta.content.decode().split("\r\n")
    inicio = linhas.index(f"UID:etapa-{etapa.pk}@certames")
    assert [linha for linha in linhas[inicio:inicio + 4] if linha.startswith("DT")] == [
        "DTSTAMP:" + linhas[inicio + 1][8:], "DTSTART:20261201T110000Z",
        "DTEND:20261220T025900Z"]
    assert linhas.count("BEGIN:VEVENT") == certame.etapas.count()


# --- reminders ------------------------------------------------------------------------------


def test_lembrete_da_chamada_dois_dias_antes_uma_vez(rh, django_capture_on_commit_callbacks):
    cargo = _homologado(rh)
    hoje = timezone.localdate()
    chamadas.convocar(cargo, 2, prazo=hoje + dt.timedelta(days=2), autor=rh)
    nomear(_chamada(cargo, "204"), rh)
    mail.outbox.clear()
    # Three days before: not yet.
    assert lembretes.lembrar_chamadas(hoje - dt.timedelta(days=1)) == 0
    with django_capture_on_commit_callbacks(execute=True):
        assert lembretes.lembrar_chamadas(hoje) == 1
    with django_capture_on_commit_callbacks(execute=True):
        assert lembretes.lembrar_chamadas(hoje) == 0  # the beat ran twice: sent once
    # Only the call without any act on it (204 was nominated).
    assert [(m.to, m.subject) for m in mail.outbox] == [
        (["c201@exemplo.org"], f"Lembrete: prazo da convocação até "
                               f"{(hoje + dt.timedelta(days=2)):%d/%m/%Y} — inscrição 201")]
    aviso = Aviso.objects.get(nome="lembrete_prazo_chamada")
    assert (aviso.chave, aviso.estado) == (f"lembrete:chamada:{_chamada(cargo, '201').pk}",
                                           "enviado")


def test_lembrete_da_sessao_na_vespera_aos_membros_com_ics(
        rh, django_capture_on_commit_callbacks):
    comissao, presidente, outros = comissao_completa(titulares=2)
    for i, m in enumerate([presidente, *outros]):
        m.usuario.email = f"membro{i}@exemplo.org"
        m.usuario.save()
    agora = timezone.now()
    amanha = sessao(comissao, inicio=agora + dt.timedelta(hours=20), local="Sala 3, bloco B")
    sessao(comissao, inicio=agora + dt.timedelta(days=3))  # too early to remind
    with django_capture_on_commit_callbacks(execute=True):
        assert agenda.lembrar_sessoes(agora) == 2
    with django_capture_on_commit_callbacks(execute=True):
        assert agenda.lembrar_sessoes(agora) == 0
    assert sorted(m.to[0] for m in mail.outbox) == ["membro0@exemplo.org",
                                                    "membro1@exemplo.org"]
    nome, conteudo, tipo = mail.outbox[0].attachments[0]
    assert (nome, tipo) == (f"sessao-{amanha.pk}.ics", "text/calendar")
    assert "LOCATION:Sala 3\\, bloco B\r\n" in conteudo


def test_convocacao_da_comissao_leva_o_ics_e_o_ato(rh, django_capture_on_commit_callbacks):
    comissao, _p, _o = comissao_completa(titulares=2)
    s = sessao(comissao, inicio=timezone.now() + dt.timedelta(days=5))
    with django_capture_on_commit_callbacks(execute=True):
        conv, _av = convocado(s, autor=rh)
    aviso = Aviso.objects.get(nome="convocacao_comissao")
    assert (aviso.ato.tipo, aviso.inscricao, aviso.estado) == (
        "convocacao_heteroidentificacao", conv.inscricao, "enviado")
    assert [a["nome"] for a in aviso.anexos] == ["convocacao.ics"]
    assert mail.outbox[0].attachments[0][0] == "convocacao.ics"
    assert f"UID:convocacao-{conv.pk}@certames" in mail.outbox[0].attachments[0][1]


def test_lembrete_do_recurso_ao_desfavorecido_que_nao_recorreu(
        django_capture_on_commit_callbacks):
    # Not confirmed (unfavourable), window closing in 1 day: reminded once.
    caso = cenario(resultado="nao_confirmada", janela=(-1, 1))
    confirmado = cenario(resultado="confirmada", janela=(-1, 1))
    longe = cenario(resultado="nao_confirmada", janela=(-1, 5))  # closes in 5 days
    mail.outbox.clear()
    agora = timezone.now()
    with django_capture_on_commit_callbacks(execute=True):
        assert lembrar_recursos(agora, dt.timedelta(days=2)) == 1
    with django_capture_on_commit_callbacks(execute=True):
        assert lembrar_recursos(agora, dt.timedelta(days=2)) == 0
    assert [m.to for m in mail.outbox] == [[caso.candidato.email]]
    assert mail.outbox[0].subject.startswith("Lembrete: prazo de recurso até ")
    aviso = Aviso.objects.get(nome="lembrete_prazo_recurso")
    assert (aviso.inscricao, aviso.certame) == (caso.inscricao, caso.certame)
    assert {confirmado.candidato.email, longe.candidato.email}.isdisjoint(
        m.to[0] for m in mail.outbox)


# --- RH's pages ---------------------------------------------------------------------------


def test_lista_de_chamadas_mostra_o_aviso_e_a_lista_de_falhas_filtra(
        client, rh, django_capture_on_commit_callbacks, monkeypatch):
    cargo = _homologado(rh)
    with django_capture_on_commit_callbacks(execute=True):
        chamadas.convocar(cargo, 1, prazo=timezone.localdate() + dt.timedelta(days=15),
                          autor=rh)
    enviado = Aviso.objects.get(nome="convocacao_chamada")
    outro = Aviso.objects.create(nome="retificacao_edital", para="x@exemplo.org",
                                 assunto="Outro", estado=Aviso.Estado.FALHOU,
                                 certame=CertameFactory(), ultimo_erro="550 recusado",
                                 tentativas=1)
    falho = Aviso.objects.create(nome="convocacao_chamada", para="y@exemplo.org",
                                 assunto="Convocação falha", estado=Aviso.Estado.FALHOU,
                                 certame=cargo.certame, ultimo_erro="550 sem caixa",
                                 tentativas=2)
    client.force_login(rh)
    html = client.get(reverse("painel:cargo", args=[cargo.pk])).content.decode()
    assert f"aviso enviado em {timezone.localtime(enviado.enviado_em):%d/%m/%Y %H:%M}" in html
    lista = client.get(reverse("painel:avisos"), {"certame": cargo.certame.pk})
    assert [a.pk for a in lista.context["avisos"]] == [falho.pk]
    assert "falhou: 550 sem caixa (2 tentativas)" in lista.content.decode()
    todos = client.get(reverse("painel:avisos"))
    assert [a.pk for a in todos.context["avisos"]] == [falho.pk, outro.pk]
    enviados = client.get(reverse("painel:avisos"), {"estado": "enviado"})
    assert [a.pk for a in enviados.context["avisos"]] == [enviado.pk]
    ruim = client.get(reverse("painel:avisos"), {"certame": "abc"})
    assert "Escolha um certame da lista." in ruim.content.decode()


def test_reenviar_sigiloso_e_recusado_sem_nada_mudar(client, rh):
    aviso = Aviso.objects.create(nome="cadastro_confirmacao", para="z@exemplo.org",
                                 assunto="Confirme", sigiloso=True,
                                 estado=Aviso.Estado.FALHOU, tentativas=1)
    client.force_login(rh)
    resposta = client.post(reverse("painel:reenviar_aviso", args=[aviso.pk]),
                           {"confirmacao": "on"}, follow=True)
    assert "contém um link de uso único" in resposta.content.decode()
    aviso.refresh_from_db()
    assert (aviso.estado, aviso.tentativas) == ("falhou", 1)


def test_ics_tira_os_caracteres_de_controle_do_que_o_usuario_digitou():
    # RFC 5545, section 3.3.11: a TEXT value carries no CONTROL character (the tab may stay).
    assert ics.escapar("Sala\x003\x07,\tbloco\x1b B\x7f\r\nfundos") == (
        "Sala3\\,\tbloco B\\nfundos")
    texto = ics.calendario([ics.Evento("u@certames", dt.date(2026, 12, 1), None,
                                       "Prova\x0b objetiva")], "Edital\x0c 1")
    assert "SUMMARY:Prova objetiva\r\n" in texto and "X-WR-CALNAME:Edital 1\r\n" in texto

"""A notice goes out once and says the órgão's hour: a notifying task delivered twice (at least
once is Celery's promise; the sweep of pending tasks may hand one over again) records and sends
nothing more (`comum.models.Aviso.chave`), a delivery of the sending task that finds its
notice sent or failed for good sends nothing, a resend is queued once; the hours an e-mail
states are the órgão's clock (`certames.calendario.no_fuso`), worked with a Manaus órgão
(America/Manaus, UTC-4 all year, one hour behind São Paulo)."""

from __future__ import annotations

import datetime as dt
import zoneinfo

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from candidatos import chamadas
from certames.models import Ato
from comissoes.dominio import agenda
from comissoes.dominio.convocacao import notificar_convocacao
from comissoes.dominio.recursos import apresentar_recurso
from comissoes.models import Convocacao
from comum import emails
from comum.avisos import estado
from comum.models import Aviso, TentativaAviso
from nucleo.avisos import avisar_publicacao, enviar_protocolo, lembrar_recursos
from nucleo.lotes import janela_do_lote
from tests.certames.test_chamadas import _chamada, _homologado
from tests.comissoes.fabricas import cenario, comissao_completa, convocado, sessao
from tests.factories import CertameFactory, InscricaoFactory, OrgaoFactory

pytestmark = pytest.mark.django_db

MANAUS = zoneinfo.ZoneInfo("America/Manaus")


def _manaus():
    return OrgaoFactory(uf="AM", municipio="Manaus")


def _as_14_utc(dias: int) -> dt.datetime:
    """14:00 UTC `dias` from now: 10:00 in Manaus, 11:00 in São Paulo."""
    return (timezone.now() + dt.timedelta(days=dias)).replace(hour=14, minute=0, second=0,
                                                               microsecond=0)


# --- once -------------------------------------------------------------------------------------


def test_publicacao_avisada_uma_vez_com_a_tarefa_entregue_duas_vezes(
        django_capture_on_commit_callbacks):
    c = cenario()
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        feitos = [avisar_publicacao(c.preliminar.pk), avisar_publicacao(c.preliminar.pk)]
    assert feitos == [1, 0]
    assert [m.to for m in mail.outbox] == [[c.candidato.email]]
    assert list(Aviso.objects.filter(nome="aviso_publicacao_resultado")
                .values_list("chave", flat=True)) == [
        f"publicacao:{c.preliminar.pk}:{c.inscricao.pk}"]


def test_protocolo_do_recurso_uma_vez_na_hora_de_manaus(django_capture_on_commit_callbacks):
    c = cenario(orgao=_manaus())
    recurso = apresentar_recurso(c.avaliacao, autor=c.user, texto="Peço nova avaliação.")
    # Manaus is one hour behind São Paulo all year (neither has daylight saving time).
    em_manaus = timezone.localtime(recurso.apresentado_em, MANAUS)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert [enviar_protocolo(recurso.pk), enviar_protocolo(recurso.pk)] == [True, False]
    assert len(mail.outbox) == 1
    assert f"Apresentado em: {em_manaus:%d/%m/%Y %H:%M}\n" in mail.outbox[0].body
    aviso = Aviso.objects.get(nome="protocolo_recurso")
    assert (aviso.chave, aviso.estado) == (f"protocolo:{recurso.pk}", "enviado")


def test_convocacoes_avisadas_uma_vez_com_a_tarefa_entregue_duas_vezes(
        rh, django_capture_on_commit_callbacks):
    cargo = _homologado(rh)
    with django_capture_on_commit_callbacks(execute=True):
        chamadas.convocar(cargo, 1, prazo=timezone.localdate() + dt.timedelta(days=15),
                          autor=rh)
    chamada = _chamada(cargo, "201")
    comissao, _p, _o = comissao_completa(titulares=2)
    with django_capture_on_commit_callbacks(execute=True):
        conv, _av = convocado(sessao(comissao, inicio=_as_14_utc(5)), autor=rh)
    # A second delivery of each task (the first's "notified" mark not read yet, for the
    # committee's) records and sends nothing.
    Convocacao.objects.filter(pk=conv.pk).update(notificada_em=None)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert chamadas.enviar_email_convocacao(chamada.pk) is True
        assert notificar_convocacao(conv.pk) is True
    assert mail.outbox == []
    assert sorted(Aviso.objects.filter(nome__in=["convocacao_chamada", "convocacao_comissao"])
                  .values_list("chave", flat=True)) == [
        f"chamada:{chamada.pk}", f"convocacao_comissao:{conv.pk}"]


def test_entrega_repetida_da_tarefa_nao_reenvia_o_que_ja_acabou(
        django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False):
        aviso = emails.protocolo_recurso("ana@example.org", {"numero": "1", "protocolo": 1})
    assert emails.enviar_aviso(aviso.pk, ultima=False) == "enviado"
    assert emails.enviar_aviso(aviso.pk, ultima=False) == "enviado"
    # A notice that failed for good (an address refused) is not tried by a stale delivery.
    Aviso.objects.filter(pk=aviso.pk).update(estado=Aviso.Estado.FALHOU)
    assert emails.enviar_aviso(aviso.pk, ultima=False) == "falhou"
    assert len(mail.outbox) == 1
    assert TentativaAviso.objects.filter(aviso=aviso).count() == 1


def test_reenvio_pedido_duas_vezes_entra_na_fila_uma_vez(
        client, rh, django_capture_on_commit_callbacks):
    aviso = Aviso.objects.create(nome="convocacao_chamada", para="y@exemplo.org",
                                 assunto="Convocação", corpo="Texto.", tentativas=1,
                                 estado=Aviso.Estado.FALHOU, ultimo_erro="550 sem caixa")
    client.force_login(rh)
    url = reverse("painel:reenviar_aviso", args=[aviso.pk])
    with django_capture_on_commit_callbacks(execute=False) as fila:
        primeira = client.post(url, {"confirmacao": "on"}, follow=True)
        segunda = client.post(url, {"confirmacao": "on"}, follow=True)
    assert len(fila) == 1
    assert "Aviso colocado na fila de novo" in primeira.content.decode()
    assert "Este aviso já está na fila de envio" in segunda.content.decode()
    aviso.refresh_from_db()
    assert aviso.estado == "na_fila"


def test_reenvio_de_aviso_expurgado_e_recusado(client, rh):
    aviso = Aviso.objects.create(nome="convocacao_chamada", para="[expurgado]", assunto="C",
                                 estado=Aviso.Estado.FALHOU, tentativas=1,
                                 expurgado_em=dt.date(2026, 1, 5))
    client.force_login(rh)
    resposta = client.post(reverse("painel:reenviar_aviso", args=[aviso.pk]),
                           {"confirmacao": "on"}, follow=True)
    assert "foram expurgados pela política de retenção" in resposta.content.decode()
    aviso.refresh_from_db()
    assert aviso.estado == "falhou"


def test_aviso_de_uma_inscricao_e_do_seu_certame(django_capture_on_commit_callbacks):
    # A notice with no act (the special conditions' decision) is still the certame's: RH's
    # filter by certame finds it, and its retention counts from the certame's end.
    inscricao = InscricaoFactory()
    with django_capture_on_commit_callbacks(execute=True):
        aviso = emails.atendimento_decidido("ana@example.org", {"numero": inscricao.numero},
                                            inscricao=inscricao)
    assert (aviso.certame_id, aviso.ato_id) == (inscricao.certame_id, None)


# --- the órgão's hour -------------------------------------------------------------------------


def test_lembrete_do_recurso_diz_o_fim_no_relogio_de_manaus(django_capture_on_commit_callbacks):
    c = cenario(orgao=_manaus(), janela=(-1, 1))
    agora = timezone.now()
    fim = timezone.localtime(janela_do_lote(c.preliminar, agora).fim, MANAUS)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert lembrar_recursos(agora, dt.timedelta(days=2)) == 1
    assert mail.outbox[0].subject == (f"Lembrete: prazo de recurso até {fim:%d/%m/%Y %H:%M} — "
                                      f"inscrição {c.inscricao.numero}")


def test_convocacao_e_lembrete_da_sessao_na_hora_de_manaus(
        rh, django_capture_on_commit_callbacks):
    comissao, presidente, _outros = comissao_completa(CertameFactory(orgao=_manaus()),
                                                      titulares=2)
    presidente.usuario.email = "presidente@exemplo.org"
    presidente.usuario.save()
    inicio = _as_14_utc(5)
    s = sessao(comissao, inicio=inicio)
    with django_capture_on_commit_callbacks(execute=True):
        convocado(s, autor=rh)
    quando = f"{inicio:%d/%m/%Y} 10:00"
    convocacao = Aviso.objects.get(nome="convocacao_comissao")
    assert f"Data e horário: {quando}\n" in convocacao.corpo
    with django_capture_on_commit_callbacks(execute=True):
        assert agenda.lembrar_sessoes(inicio - dt.timedelta(hours=20)) >= 1
    lembrete = Aviso.objects.filter(nome="lembrete_sessao_comissao",
                                    para="presidente@exemplo.org").get()
    assert lembrete.assunto.endswith(f" em {quando}")


# --- what RH's pages read -----------------------------------------------------------------------


def test_estado_dos_avisos_de_uma_pagina_em_duas_consultas(django_assert_num_queries):
    certame = CertameFactory()
    publicacao = Ato.objects.create(certame=certame, tipo="publicacao", descricao="Publicação")
    convocacao = Ato.objects.create(certame=certame, tipo="convocacao", descricao="Convocação")
    Aviso.objects.bulk_create(
        [Aviso(nome="aviso_publicacao_resultado", para=f"c{i}@exemplo.org", assunto="A",
               corpo="Texto longo. " * 200, ato=publicacao,
               estado=Aviso.Estado.FALHOU if i < 3 else Aviso.Estado.ENVIADO)
         for i in range(40)])
    unico = Aviso.objects.create(nome="convocacao_chamada", para="x@exemplo.org",
                                 assunto="C", ato=convocacao, estado=Aviso.Estado.NA_FILA)
    with django_assert_num_queries(2):
        resumos = estado.por_ato([publicacao.pk, convocacao.pk])
    assert (resumos[publicacao.pk].contagem, resumos[publicacao.pk].total,
            resumos[publicacao.pk].falhas, resumos[publicacao.pk].aviso) == (
        {"falhou": 3, "enviado": 37}, 40, 3, None)
    assert (resumos[convocacao.pk].aviso.pk, resumos[convocacao.pk].total) == (unico.pk, 1)
    assert {"corpo", "corpo_html", "anexos"} <= resumos[convocacao.pk].aviso.get_deferred_fields()


def _avisos_falhos(n: int) -> None:
    for _i in range(n):
        certame = CertameFactory()
        ato = Ato.objects.create(certame=certame, tipo="convocacao", descricao="Convocação")
        Aviso.objects.create(nome="convocacao_chamada", para="y@exemplo.org", assunto="C",
                             certame=certame, ato=ato, estado=Aviso.Estado.FALHOU,
                             tentativas=2, ultimo_erro="550")


@pytest.mark.parametrize("linhas", [2, 12])
def test_lista_de_avisos_com_consultas_fixas(client, rh, django_assert_num_queries, linhas):
    _avisos_falhos(linhas)
    client.force_login(rh)
    client.get(reverse("painel:avisos"))  # the session's own first reads
    # The account, its second factor's device and its groups (3); the notices' count and the
    # page's notices with certame, act and inscrição (2); the filter's certames (2), however
    # many rows.
    with django_assert_num_queries(7):
        resposta = client.get(reverse("painel:avisos"))
    assert len(resposta.context["avisos"]) == linhas

"""What RH is told about a cargo's recompute is what happened: computed, queued, failed (with
the reason and the fix) or never queued; a lost recompute is re-queued; an outdated version
cannot be published."""

import datetime as dt
from decimal import Decimal

import pytest
from django.conf import settings
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from kombu.exceptions import OperationalError as ErroBroker

from certames.models import Cargo, VersaoClassificacao
from certames.recalculo import estado_recalculo, reenfileirar_atrasados, solicitar_recalculo
from classificacao import listas as classificacao
from classificacao.listas import PublicacaoInvalida, publicar, recalcular
from classificacao.tasks import recalcular_classificacao
from tests.factories import CargoFactory, CertameFactory, InscricaoFactory

pytestmark = pytest.mark.django_db


def _cargo(desempates=((), ())):
    cargo = CargoFactory(vagas=2, certame=CertameFactory(regime="pirangi-lei3056-2025"))
    for i, desempate in enumerate(desempates):
        InscricaoFactory(cargo=cargo, numero=f"00{i + 1}", nota=Decimal(90 - i),
                         desempate=[str(d) for d in desempate])
    return cargo


def _solicitar(cargo, django_capture_on_commit_callbacks, executar=True):
    with django_capture_on_commit_callbacks(execute=executar):
        with transaction.atomic():
            solicitar_recalculo([cargo], "teste")
    cargo.refresh_from_db()
    return cargo


def test_recalculo_bem_sucedido_deixa_cargo_atualizado(django_capture_on_commit_callbacks):
    cargo = _solicitar(_cargo(), django_capture_on_commit_callbacks)
    assert (cargo.geracao_classificacao, cargo.geracao_calculada,
            cargo.geracao_enfileirada) == (1, 1, 1)
    assert estado_recalculo(cargo).codigo == "atualizada"
    assert cargo.versoes_classificacao.count() == 1


def test_falha_nos_dados_e_registrada_com_motivo_e_correcao(
        client, rh, django_capture_on_commit_callbacks):
    # Two candidates of one cargo with different numbers of tie-break keys (what an import
    # that did not check them used to write): the engine refuses the input.
    cargo = _solicitar(_cargo(desempates=((1,), (1, 2))), django_capture_on_commit_callbacks)
    assert cargo.versoes_classificacao.count() == 0
    assert cargo.geracao_calculada == 0
    assert cargo.recalculo_falha_geracao == cargo.geracao_classificacao == 1
    assert cargo.recalculo_falha.startswith(
        "inscrição 002 (desempate): 2 chave(s), mas inscrição 001 tem 1; todos os candidatos "
        "devem ter o mesmo número de chaves. Corrija o dado indicado")
    assert "Recalcular agora" in cargo.recalculo_falha
    estado = estado_recalculo(cargo)
    assert estado.codigo == "falhou"

    client.force_login(rh)
    resposta = client.get(reverse("painel:cargo", args=[cargo.pk]))
    assert resposta.status_code == 200
    html = resposta.content.decode()
    assert 'data-recalculo="falhou"' in html
    assert "inscrição 002" in html
    assert "está na fila" not in html


def test_erro_interno_e_registrado_sem_erro_500(client, rh, monkeypatch,
                                                django_capture_on_commit_callbacks):
    def quebra(entrada):
        raise KeyError("x")

    monkeypatch.setattr(classificacao.regras, "classificar", quebra)
    cargo = _solicitar(_cargo(), django_capture_on_commit_callbacks)
    assert estado_recalculo(cargo).codigo == "falhou"
    assert cargo.recalculo_falha.startswith("Erro interno (KeyError)")


def test_sucesso_depois_de_falha_limpa_o_motivo(django_capture_on_commit_callbacks):
    cargo = _solicitar(_cargo(desempates=((1,), (1, 2))), django_capture_on_commit_callbacks)
    cargo.inscricoes.filter(numero="002").update(desempate=["2"])
    cargo = _solicitar(cargo, django_capture_on_commit_callbacks)
    assert (cargo.recalculo_falha, cargo.recalculo_falha_geracao) == ("", None)
    assert estado_recalculo(cargo).codigo == "atualizada"


def test_broker_indisponivel_nao_diz_na_fila(monkeypatch, django_capture_on_commit_callbacks):
    def recusa(*args, **kwargs):
        raise ErroBroker("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(recalcular_classificacao, "delay", recusa)
    cargo = _solicitar(_cargo(), django_capture_on_commit_callbacks)
    # The act committed (generation bumped), but nothing holds the job.
    assert (cargo.geracao_classificacao, cargo.geracao_enfileirada) == (1, 0)
    estado = estado_recalculo(cargo)
    assert estado.codigo == "nao_enfileirada"
    assert "Não foi possível colocar o recálculo na fila (OperationalError)" in estado.mensagem


def test_na_fila_somente_com_tarefa_enfileirada(django_capture_on_commit_callbacks):
    cargo = _cargo()
    Cargo.objects.filter(pk=cargo.pk).update(geracao_classificacao=4, geracao_calculada=3,
                                             geracao_enfileirada=4)
    cargo.refresh_from_db()
    assert estado_recalculo(cargo).codigo == "na_fila"
    Cargo.objects.filter(pk=cargo.pk).update(geracao_enfileirada=3)
    cargo.refresh_from_db()
    assert estado_recalculo(cargo).codigo == "nao_enfileirada"


def test_varredura_reenfileira_so_os_atrasados():
    agora = timezone.now()
    atrasado, recente, falhou, em_dia = _cargo(), _cargo(), _cargo(), _cargo()
    Cargo.objects.filter(pk=atrasado.pk).update(
        geracao_classificacao=2, geracao_calculada=1, geracao_enfileirada=2,
        recalculo_enfileirado_em=agora - dt.timedelta(minutes=6))
    Cargo.objects.filter(pk=recente.pk).update(
        geracao_classificacao=2, geracao_calculada=1, geracao_enfileirada=2,
        recalculo_enfileirado_em=agora - dt.timedelta(minutes=4))
    Cargo.objects.filter(pk=falhou.pk).update(
        geracao_classificacao=2, geracao_calculada=1, recalculo_falha="dados",
        recalculo_falha_geracao=2, recalculo_enfileirado_em=agora - dt.timedelta(hours=1))
    Cargo.objects.filter(pk=em_dia.pk).update(
        geracao_classificacao=2, geracao_calculada=2,
        recalculo_enfileirado_em=agora - dt.timedelta(hours=1))

    assert reenfileirar_atrasados(agora=agora) == [atrasado.pk]

    atrasado.refresh_from_db()
    # Eager here: the re-queued job ran and computed the pending generation.
    assert (atrasado.geracao_calculada, atrasado.recalculo_enfileirado_em) == (2, agora)
    assert atrasado.versoes_classificacao.get().geracao == 2
    recente.refresh_from_db()
    assert recente.geracao_calculada == 1


def test_publicacao_recusa_versao_anterior_a_atos_nao_calculados(rh):
    cargo = _cargo()
    versao = recalcular(cargo.pk)
    # An act after the version; its recompute is queued on commit, which never comes here.
    with transaction.atomic():
        solicitar_recalculo([cargo], "ato posterior")
    with pytest.raises(PublicacaoInvalida, match="ainda não foram calculados"):
        publicar(versao, "preliminar", rh)
    assert not versao.publicacoes.exists()

    # The recompute runs; the input did not change, so the same version is current again.
    assert recalcular(cargo.pk) is None
    assert VersaoClassificacao.objects.filter(cargo=cargo).count() == 1
    publicar(versao, "preliminar", rh)
    assert versao.publicacoes.get().tipo == "preliminar"


def test_tarefa_de_recalculo_sobrevive_a_perda_do_worker():
    assert recalcular_classificacao.acks_late is True
    assert recalcular_classificacao.reject_on_worker_lost is True
    assert settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"] == 900
    agenda = settings.CELERY_BEAT_SCHEDULE["reenfileirar-recalculos-atrasados"]
    assert (agenda["task"], agenda["schedule"]) == (
        "certames.reenfileirar_recalculos_atrasados", 120.0)


def test_botoes_de_publicar_somem_enquanto_ha_atos_nao_calculados(client, rh):
    cargo = _cargo()
    recalcular(cargo.pk)
    client.force_login(rh)
    url = reverse("painel:cargo", args=[cargo.pk])
    assert reverse("painel:publicar", args=[cargo.pk]) in client.get(url).content.decode()
    with transaction.atomic():
        solicitar_recalculo([cargo], "ato posterior")
    html = client.get(url).content.decode()
    assert reverse("painel:publicar", args=[cargo.pk]) not in html
    assert 'data-publicacao="bloqueada"' in html


@pytest.mark.django_db(transaction=True)
def test_recalcular_agora_diz_o_que_aconteceu(client, rh):
    # Transactional: the job runs on the view's commit (eager), before the redirect.
    ok, ruim = _cargo(), _cargo(desempates=((1,), (1, 2)))
    client.force_login(rh)
    resposta = client.post(reverse("painel:recalcular", args=[ok.pk]), follow=True)
    # What the database holds: the version calculated, its vacancies per list (Pirangi N=2:
    # PP arred(0,3) = 0, I and Q 0, PcD teto(0,1) = 1 > 20% of 2, so floor = 0; AC 2).
    assert ok.versoes_classificacao.get().distribuicao == {
        "AC": 2, "PP": 0, "I": 0, "Q": 0, "PCD": 0}
    assert [str(m) for m in resposta.context["messages"]] == [
        "A classificação foi recalculada: versão 1, com 2 vagas (AC 2, PP 0, I 0, Q 0, "
        "PCD 0)."]
    # Nothing changed since: the version in force is named.
    resposta = client.post(reverse("painel:recalcular", args=[ok.pk]), follow=True)
    assert [str(m) for m in resposta.context["messages"]] == [
        "A classificação foi recalculada e nada mudou: a versão 1 continua valendo."]
    resposta = client.post(reverse("painel:recalcular", args=[ruim.pk]), follow=True)
    assert [str(m) for m in resposta.context["messages"]] == []
    assert 'data-recalculo="falhou"' in resposta.content.decode()

"""An import whose worker process dies said "Processando — gravando 100%"
forever. Now the task's heartbeat stops, the periodic check (and the import's own page) marks
it failed with "nada foi gravado" (true: the write is one transaction), and RH tries it again.

The death is simulated by an exception no handler of the task catches (BaseException, as the
process vanishing): raised inside the write transaction, after the rows were written."""

import datetime as dt

import pytest
from django.conf import settings
from django.core.files.base import ContentFile
from django.urls import reverse
from django.utils import timezone

from candidatos import tasks
from candidatos.importacao import importar
from candidatos.importacao.vigilancia import marcar_paradas, mensagem_parada
from candidatos.models import Candidato, Importacao, Inscricao
from candidatos.tasks import processar_importacao
from certames.models import Ato
from tests.factories import CargoFactory, CertameFactory

pytestmark = pytest.mark.django_db

CABECALHO = "inscricao;cpf;nome;cargo;cor_raca;quilombola;deficiencia;tipo_deficiencia;listas;" \
            "nota;desempate_1"
LINHAS = ["000001;529.982.247-25;Maria da Conceição;ENF;parda;não;não;;PP;87,5;40",
          "000002;11144477735;João Pereira;ENF;branca;não;sim;visual;PCD;91,25;35"]
CONTEUDO = ("\n".join([CABECALHO, *LINHAS]) + "\n").encode()
MENSAGEM = ("O processamento parou: o processo que executava a importação foi interrompido "
            "(nenhum sinal dele há mais de 10 minutos). Nada foi gravado. Use “Tentar de "
            "novo” para processar o mesmo arquivo outra vez.")


class MorteDoProcesso(BaseException):
    """kill -9: nothing in the process runs after it (no except Exception, no status)."""


@pytest.fixture
def certame():
    certame = CertameFactory(regime="pirangi-lei3056-2025", parametros={"base_reserva": "cargo"})
    CargoFactory(certame=certame, codigo="ENF", vagas=17)
    return certame


@pytest.fixture
def morre_ao_gravar(monkeypatch):
    """The process dies after writing the rows, before the commit."""
    original = importar._gravar_orm

    def grava_e_morre(*args, **kwargs):
        original(*args, **kwargs)
        assert Inscricao.objects.count() == 2  # written, inside the transaction
        raise MorteDoProcesso

    monkeypatch.setattr(importar, "_gravar_orm", grava_e_morre)
    monkeypatch.setattr(importar, "copia_disponivel", lambda conexao=None: False)


def _importacao(certame, rh):
    return Importacao.objects.create(certame=certame, nome_arquivo="notas.csv", criado_por=rh,
                                     arquivo=ContentFile(CONTEUDO, name="notas.csv"))


def _contagens():
    return (Candidato.objects.count(), Inscricao.objects.count(),
            Ato.objects.filter(tipo="importacao_inscricoes").count())


def _morta(certame, rh):
    imp = _importacao(certame, rh)
    with pytest.raises(MorteDoProcesso):
        processar_importacao(imp.pk)
    imp.refresh_from_db()
    return imp


def test_processo_morto_deixa_nada_gravado_e_a_importacao_processando_com_batimento(
        certame, rh, morre_ao_gravar):
    antes = timezone.now()
    imp = _morta(certame, rh)
    assert (imp.status, imp.resumo, imp.linhas_processadas) == ("processando",
                                                                {"fase": "gravando"}, 2)
    assert imp.batimento_em >= antes
    assert _contagens() == (0, 0, 0)  # one transaction: nothing of the dead write stays


def test_sem_batimento_pelo_limite_a_importacao_e_marcada_como_falha(certame, rh,
                                                                     morre_ao_gravar):
    imp = _morta(certame, rh)
    assert marcar_paradas(imp.batimento_em + dt.timedelta(minutes=9)) == 0
    assert Importacao.objects.get(pk=imp.pk).status == "processando"
    assert marcar_paradas(imp.batimento_em + dt.timedelta(minutes=10, seconds=1)) == 1
    imp.refresh_from_db()
    assert (imp.status, imp.erros, imp.resumo) == (
        "falhou", [{"linha": 0, "coluna": "", "mensagem": MENSAGEM}], {})
    assert mensagem_parada() == MENSAGEM
    assert _contagens() == (0, 0, 0)


def test_a_pagina_da_importacao_parada_diz_que_falhou_e_oferece_tentar_de_novo(
        client, rh, certame, morre_ao_gravar):
    imp = _morta(certame, rh)
    client.force_login(rh)
    html = client.get(reverse("painel:importacao", args=[imp.pk])).content.decode()
    assert "<strong>Processando</strong>" in html  # the heartbeat is fresh
    Importacao.objects.filter(pk=imp.pk).update(
        batimento_em=timezone.now() - dt.timedelta(minutes=11))
    html = client.get(reverse("painel:importacao", args=[imp.pk])).content.decode()
    assert Importacao.objects.get(pk=imp.pk).status == "falhou"  # by reading the page
    assert "<strong>Falhou</strong>" in html
    assert MENSAGEM in html
    assert ">Tentar de novo</button>" in html


def test_tentar_de_novo_processa_o_mesmo_arquivo_como_nova_importacao(
        client, rh, certame, morre_ao_gravar, monkeypatch, django_capture_on_commit_callbacks):
    imp = _morta(certame, rh)
    marcar_paradas(imp.batimento_em + dt.timedelta(minutes=11))
    monkeypatch.undo()  # the next process does not die
    client.force_login(rh)
    url = reverse("painel:repetir_importacao", args=[imp.pk])
    assert client.post(url).status_code == 400  # the box is required
    assert Importacao.objects.count() == 1
    with django_capture_on_commit_callbacks(execute=True):
        resposta = client.post(url, {"confirmacao": "on"})
    nova = Importacao.objects.latest("pk")
    assert resposta["Location"] == reverse("painel:importacao", args=[nova.pk])
    assert (nova.status, nova.repeticao_de, nova.arquivo.name, nova.criado_por) == (
        "concluida", imp, imp.arquivo.name, rh)
    assert _contagens() == (2, 2, 1)
    assert Importacao.objects.get(pk=imp.pk).status == "falhou"  # kept as it was
    html = client.get(resposta["Location"]).content.decode()
    assert "2 linhas: 2 inscrições criadas, 0 atualizadas, 0 inalteradas." in html


def test_so_a_importacao_que_falhou_pode_ser_tentada_de_novo(client, rh, certame):
    imp = _importacao(certame, rh)
    Importacao.objects.filter(pk=imp.pk).update(status="concluida")
    client.force_login(rh)
    resposta = client.post(reverse("painel:repetir_importacao", args=[imp.pk]),
                           {"confirmacao": "on"}, follow=True)
    assert "Só uma importação que falhou pode ser tentada de novo." in resposta.content.decode()
    assert Importacao.objects.count() == 1


def test_sem_o_arquivo_guardado_nao_ha_nova_tentativa(client, rh, certame):
    imp = _importacao(certame, rh)
    imp.arquivo.delete(save=False)
    Importacao.objects.filter(pk=imp.pk).update(status="falhou", arquivo="importacoes/sumiu.csv")
    client.force_login(rh)
    resposta = client.post(reverse("painel:repetir_importacao", args=[imp.pk]),
                           {"confirmacao": "on"}, follow=True)
    assert ("O arquivo desta importação não está mais guardado: envie a planilha novamente."
            in resposta.content.decode())
    assert Importacao.objects.count() == 1


def test_importacao_marcada_como_falha_durante_a_gravacao_desfaz_as_linhas(
        certame, rh, monkeypatch):
    """A process slower than the limit (not dead) finds its import marked failed when it
    reaches the commit: its rows roll back, so the page's "nada foi gravado" stays true."""
    imp = _importacao(certame, rh)
    validar = importar._validar_linhas
    escritas = []

    def varredura_no_meio(*args, **kwargs):
        # What the periodic check commits (outside the import's write transaction) before
        # the rows are written.
        resultado = validar(*args, **kwargs)
        Importacao.objects.filter(pk=imp.pk).update(status="falhou",
                                                    erros=[{"mensagem": "parada"}])
        return resultado

    def conta_escritas(*args, **kwargs):
        escritas.append(Inscricao.objects.count())

    monkeypatch.setattr(importar, "_validar_linhas", varredura_no_meio)
    monkeypatch.setattr(importar, "solicitar_recalculo", conta_escritas)
    assert processar_importacao(imp.pk) == "falhou"
    assert escritas == [2]  # the rows were written inside the transaction...
    imp.refresh_from_db()
    assert (imp.status, imp.erros) == ("falhou", [{"mensagem": "parada"}])
    assert _contagens() == (0, 0, 0)  # ...and rolled back with it


def test_mensagem_entregue_de_novo_nao_comeca_uma_segunda_execucao(certame, rh):
    imp = _importacao(certame, rh)
    Importacao.objects.filter(pk=imp.pk).update(status="processando",
                                                batimento_em=timezone.now())
    assert processar_importacao(imp.pk) == "processando"  # alive: left alone
    Importacao.objects.filter(pk=imp.pk).update(
        batimento_em=timezone.now() - dt.timedelta(minutes=11))
    assert processar_importacao(imp.pk) == "falhou"  # dead: marked, not rerun
    assert _contagens() == (0, 0, 0)


def test_a_verificacao_periodica_esta_na_agenda_do_beat(certame, rh):
    assert settings.CELERY_BEAT_SCHEDULE["marcar-importacoes-paradas"] == {
        "task": "candidatos.marcar_importacoes_paradas", "schedule": 60.0}
    parada, viva = _importacao(certame, rh), _importacao(certame, rh)
    Importacao.objects.filter(pk=parada.pk).update(
        status="processando", batimento_em=timezone.now() - dt.timedelta(minutes=30))
    Importacao.objects.filter(pk=viva.pk).update(status="processando",
                                                 batimento_em=timezone.now())
    assert tasks.marcar_importacoes_paradas_task() == 1
    assert dict(Importacao.objects.values_list("pk", "status")) == {
        parada.pk: "falhou", viva.pk: "processando"}

"""Batches: every set of evaluations closed after a publication goes into
the next preliminary publication, with its own appeal window and final publication; a batch
still pending never holds back another's final result (spec section 9; Lei 3.057/2026,
art. 11, §2º). Runs on SQLite and, in CI's second pass, on PostgreSQL."""

import datetime as dt

import pytest
from django.core import mail
from django.core.exceptions import ValidationError
from django.urls import reverse

from candidatos.models import SituacaoLista
from certames import calendario
from certames.models import Ato
from classificacao.listas import recalcular
from comissoes.dominio.recursos import apresentar_recurso, motivo_para_nao_recorrer
from comissoes.dominio.resultados import (
    avaliacao_do_recurso,
    pendencias_final,
    preliminar_da_avaliacao,
    publicar_resultado_final,
    publicar_resultado_preliminar,
    resultados_do_candidato,
)
from comissoes.models import Comissao
from nucleo.lotes import janela_do_lote, lotes
from nucleo.models import PublicacaoResultado
from tests import instantaneo_apoio
from tests.comissoes.fabricas import (
    avaliacao,
    candidato_com_conta,
    cenario,
    comissao_votante,
    etapa_procedimento,
    etapa_recurso,
    julgar,
)
from tests.factories import CargoFactory, CertameFactory, InscricaoFactory, usuario

pytestmark = pytest.mark.django_db

RAZOES = "A comissão desconsiderou meus traços fenotípicos; junto fotografias e laudo."
DIA = dt.timedelta(days=1)


def _fim_do_lote(lote, certame):
    """The schedule's stage (`etapa_recurso`: from a day ago to a day from now) is two days
    long: a late batch gets two days from its publication, counted as every period (Lei
    9.784/1999, art. 66: its last day moved to the next working day)."""
    return calendario.fim_do_prazo(lote.publicada_em, 2, certame)


def _tardia(c, nao_confirmam=5):
    """A candidate evaluated after batch 1 was published."""
    insc = InscricaoFactory(cargo=c.cargo, listas=["PP"],
                            candidato=candidato_com_conta(f"tardia{c.certame.pk}"))
    return julgar(avaliacao(c.comissao, inscricao=insc, lista="PP"), c.membros, nao_confirmam)


# --- assignment -----------------------------------------------------------------------------


def test_cada_avaliacao_vai_para_um_unico_lote_numerado():
    c = cenario()
    tardia = _tardia(c)
    lote2 = publicar_resultado_preliminar(c.certame, autor=c.rh)
    assert [(pub.lote, pub.fase) for pub in PublicacaoResultado.objects.order_by("lote")] == [
        (1, "preliminar"), (2, "preliminar")]
    assert preliminar_da_avaliacao(c.avaliacao) == c.preliminar
    assert preliminar_da_avaliacao(tardia) == lote2
    assert [(lt.numero, [av.pk for av in lt.avaliacoes])
            for lt in lotes(c.certame, "heteroidentificacao")] == [
        (1, [c.avaliacao.pk]), (2, [tardia.pk])]
    ato = Ato.objects.filter(tipo="resultado_preliminar_heteroidentificacao").latest("pk")
    assert (ato.depois["lote"], ato.depois["avaliacoes"]) == (2, [tardia.pk])
    assert "(lote 2)" in ato.descricao


def test_lote_tardio_tem_prazo_proprio_contado_da_publicacao():
    c = cenario()  # the schedule's appeal stage: from a day ago to a day from now
    assert janela_do_lote(c.preliminar).etapas == [c.etapa]
    _tardia(c)
    lote2 = publicar_resultado_preliminar(c.certame, autor=c.rh)
    janela = janela_do_lote(lote2)
    assert (janela.lote, janela.inicio, janela.fim) == (
        2, lote2.publicada_em, _fim_do_lote(lote2, c.certame))


def test_lote_publicado_antes_do_prazo_do_cronograma_usa_o_cronograma():
    c = cenario(janela=(2, 4))
    _tardia(c)
    lote2 = publicar_resultado_preliminar(c.certame, autor=c.rh)
    assert janela_do_lote(lote2).etapas == [c.etapa]


def test_pagina_do_candidato_mostra_o_prazo_do_seu_lote():
    from portal.situacao import situacao_da_inscricao

    c = cenario()
    tardia = _tardia(c)
    lote2 = publicar_resultado_preliminar(c.certame, autor=c.rh)
    depois_do_cronograma = c.etapa.fim + DIA / 2
    abertos = situacao_da_inscricao(tardia.inscricao, em=depois_do_cronograma).janelas
    # The schedule's stage is over, the candidate's batch window is open: that one is shown,
    # with its own dates and the link to appeal.
    assert [(j.inicio, j.fim, j.url) for j in abertos] == [
        (lote2.publicada_em, _fim_do_lote(lote2, c.certame),
         reverse("recursos:inscricao", args=[tardia.inscricao.pk]))]
    # Batch 1's candidate: nothing left to appeal once the schedule's stage is over.
    assert situacao_da_inscricao(c.avaliacao.inscricao,
                                 em=depois_do_cronograma).janelas == []


# --- guards ---------------------------------------------------------------------------------


def test_recurso_do_lote_tardio_no_seu_prazo_depois_do_prazo_do_cronograma():
    c = cenario()
    tardia = _tardia(c)
    publicar_resultado_preliminar(c.certame, autor=c.rh)
    depois_do_cronograma = c.etapa.fim + DIA / 2
    # Batch 1's window is over; batch 2's is open.
    assert "terminou" in motivo_para_nao_recorrer(c.avaliacao, agora=depois_do_cronograma)
    recurso = apresentar_recurso(tardia, autor=tardia.inscricao.candidato.usuario,
                                 texto=RAZOES, agora=depois_do_cronograma)
    assert recurso.objeto_id == tardia.pk


def test_definitivo_de_um_lote_nao_espera_o_outro_e_cada_um_exige_o_seu_prazo():
    c = cenario()
    tardia = _tardia(c)
    publicar_resultado_preliminar(c.certame, autor=c.rh)
    agora = c.etapa.fim + DIA / 24
    assert pendencias_final(c.certame, agora, lote=1) == []
    [pendencia] = pendencias_final(c.certame, agora, lote=2)
    assert pendencia.startswith("O prazo de recurso ainda não terminou")
    with pytest.raises(ValidationError, match="ainda não terminou"):
        publicar_resultado_final(c.certame, autor=c.rh, agora=agora, lote=2)
    final1 = publicar_resultado_final(c.certame, autor=c.rh, agora=agora)
    assert (final1.lote, final1.fase) == (1, "final")
    assert list(SituacaoLista.objects.values_list("inscricao", flat=True)) == [c.inscricao.pk]
    with pytest.raises(ValidationError, match="lote 1 da heteroidentificação já foi publicado"):
        publicar_resultado_final(c.certame, autor=c.rh, agora=agora, lote=1)
    assert not SituacaoLista.objects.filter(inscricao=tardia.inscricao).exists()


def test_definitivo_do_lote_exige_os_seus_recursos_julgados():
    c = cenario()
    tardia = _tardia(c)
    lote2 = publicar_resultado_preliminar(c.certame, autor=c.rh)
    apresentar_recurso(tardia, autor=tardia.inscricao.candidato.usuario, texto=RAZOES)
    depois = _fim_do_lote(lote2, c.certame) + DIA
    # Batch 2's unjudged appeal holds back batch 2 only.
    assert pendencias_final(c.certame, depois, lote=1) == []
    assert pendencias_final(c.certame, depois, lote=2) == [
        f"Recursos ainda não julgados: {tardia.inscricao.numero} (PP)."]


def test_lote_inexistente():
    c = cenario()
    assert pendencias_final(c.certame, lote=5) == [
        "Publique antes o resultado preliminar do lote 5 da heteroidentificação."]


# --- end to end: two batches of heteroidentification under Severínia ------------------------


def _posicoes(cargo):
    versao = cargo.versoes_classificacao.order_by("-numero").first()
    return instantaneo_apoio.por_lista(versao)


def test_dois_lotes_de_heteroidentificacao_ate_o_definitivo(
        client, django_capture_on_commit_callbacks):
    certame = CertameFactory(regime="severinia-lei3057-2026",
                             data_publicacao_edital=dt.date(2026, 10, 1))
    cargo = CargoFactory(certame=certame, vagas=10)
    rh = usuario("rh_lotes", "RH", staff=True)
    comissao, membros = comissao_votante(certame)
    _recursal, membros_recursal = comissao_votante(certame, Comissao.Tipo.RECURSAL)
    etapa_procedimento(certame)
    etapa = etapa_recurso(certame)  # from a day ago to a day from now
    ins = {nome: InscricaoFactory(cargo=cargo, listas=["PPI"], nota=nota,
                                  candidato=candidato_com_conta(f"l_{nome}"))
           for nome, nota in (("confirmada", "95"), ("recusada", "90"), ("tardia", "85"))}
    for i in range(6):
        InscricaoFactory(cargo=cargo, nota=str(70 - i))
    av = {"confirmada": julgar(avaliacao(comissao, inscricao=ins["confirmada"], lista="PPI"),
                               membros, 0),
          "recusada": julgar(avaliacao(comissao, inscricao=ins["recusada"], lista="PPI"),
                             membros, 4)}
    # The third candidate's evaluation is still open: it does not hold back batch 1.
    av["tardia"] = avaliacao(comissao, inscricao=ins["tardia"], lista="PPI")

    with django_capture_on_commit_callbacks(execute=True):
        lote1 = publicar_resultado_preliminar(certame, autor=rh)
    assert lote1.lote == 1
    assert sorted(mail.outbox[i].to[0] for i in range(len(mail.outbox))) == sorted(
        [ins["confirmada"].candidato.email, ins["recusada"].candidato.email])
    apresentar_recurso(av["recusada"], autor=ins["recusada"].candidato.usuario, texto=RAZOES)

    # Meanwhile the late evaluation closes and goes into batch 2, with its own window.
    julgar(av["tardia"], membros, 5)
    lote2 = publicar_resultado_preliminar(certame, autor=rh)
    assert lote2.lote == 2
    r = resultados_do_candidato(ins["tardia"])
    [item] = r.itens
    assert (item.lote, item.preliminar, item.janela.fim) == (2, lote2, _fim_do_lote(lote2, certame))

    # Batch 1: appeal judged (not upheld), window over; batch 2 still open and undecided.
    julgar(avaliacao_do_recurso(av["recusada"]), membros_recursal, 5)
    fim_lote1 = etapa.fim + dt.timedelta(hours=1)
    with django_capture_on_commit_callbacks(execute=True):
        final1 = publicar_resultado_final(certame, autor=rh, agora=fim_lote1)
    assert final1.lote == 1
    recalcular(cargo.pk)
    listas = _posicoes(cargo)
    estados = dict(SituacaoLista.objects.values_list("inscricao__numero", "estado"))
    assert estados == {ins["confirmada"].numero: "confirmada",
                       ins["recusada"].numero: "nao_confirmada"}
    # Severínia art. 11 §1º: out of the PPI list, stays in AC; only after the appeal (§2º).
    assert ins["recusada"].numero not in listas["PPI"]
    assert ins["recusada"].numero in listas["AC"]
    assert listas["PPI"][ins["confirmada"].numero] is False
    # Batch 2's candidate is still pending (sub judice) in the reserved list.
    assert listas["PPI"][ins["tardia"].numero] is True

    # Batch 2: appeal filed in its own window (after the schedule's stage), upheld, final.
    no_prazo_do_lote2 = etapa.fim + dt.timedelta(hours=2)
    apresentar_recurso(av["tardia"], autor=ins["tardia"].candidato.usuario, texto=RAZOES,
                       agora=no_prazo_do_lote2)
    julgar(avaliacao_do_recurso(av["tardia"]), membros_recursal, 0)
    with pytest.raises(ValidationError, match="ainda não terminou"):
        publicar_resultado_final(certame, autor=rh, agora=no_prazo_do_lote2)
    final2 = publicar_resultado_final(certame, autor=rh,
                                      agora=_fim_do_lote(lote2, certame) + DIA)
    assert final2.lote == 2
    recalcular(cargo.pk)
    listas = _posicoes(cargo)
    assert listas["PPI"][ins["tardia"].numero] is False
    assert SituacaoLista.objects.get(inscricao=ins["tardia"]).estado == "confirmada"
    assert SituacaoLista.objects.get(inscricao=ins["recusada"]).estado == "nao_confirmada"
    assert [a.depois["lote"] for a in Ato.objects.filter(
        tipo="resultado_definitivo_heteroidentificacao").order_by("pk")] == [1, 2]

    # The public page shows every batch; the candidate's page shows their batch.
    html = client.get(reverse("resultados:procedimento",
                              args=[certame.pk, "heteroidentificacao"])).content.decode()
    lote1_html, lote2_html = html.split('id="lote-2"')
    assert ins["recusada"].numero in lote1_html and ins["tardia"].numero not in lote1_html
    assert ins["tardia"].numero in lote2_html and ins["recusada"].numero not in lote2_html
    client.force_login(ins["tardia"].candidato.usuario)
    html = client.get(reverse("recursos:inscricao", args=[ins["tardia"].pk])).content.decode()
    assert "Lote 2" in html

"""Every publication waits for its stage: one guard,
`certames.cronograma.motivo_publicacao`, used by the classification lists and by every
procedure's preliminary and final results, refuses a publication before its stage in the
schedule (or without it) with the stage and the date it opens; the RH pages say it ahead of
time and record nothing when asked anyway."""

import datetime as dt
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from certames import cronograma
from certames.models import Ato, Etapa, Publicacao
from classificacao.listas import PublicacaoInvalida, publicar, recalcular
from comissoes.dominio.procedimentos import PROCEDIMENTOS
from comissoes.dominio.resultados import publicar_resultado_preliminar
from comum.formatos import data_hora_br
from nucleo.models import PublicacaoResultado
from nucleo.registro import registrados
from tests.comissoes.fabricas import cenario, etapa_procedimento
from tests.factories import CargoFactory, CertameFactory, EtapaFactory, InscricaoFactory

TZ = ZoneInfo("America/Sao_Paulo")
DIA = dt.timedelta(days=1)

# The reported schedule: inscrições until 20/12/2026, preliminary result on 01/02/2027.
INSCRICOES = (dt.datetime(2026, 11, 1, 8, 0, tzinfo=TZ), dt.datetime(2026, 12, 20, 23, 59,
                                                                    tzinfo=TZ))
PRELIMINAR = (dt.datetime(2027, 2, 1, 8, 0, tzinfo=TZ), dt.datetime(2027, 2, 1, 23, 59,
                                                                   tzinfo=TZ))
FINAL = (dt.datetime(2027, 3, 1, 8, 0, tzinfo=TZ), dt.datetime(2027, 3, 1, 23, 59, tzinfo=TZ))
EM_01_12 = dt.datetime(2026, 12, 1, 10, 0, tzinfo=TZ)


def _e(tipo, inicio, fim):
    return Etapa(tipo=tipo, inicio=inicio, fim=fim)


# --- the guard (pure) ------------------------------------------------------------------------


def test_antes_da_etapa_recusa_com_a_data_e_a_partir_dela_admite():
    etapas = [_e("inscricoes", *INSCRICOES), _e("resultado_preliminar", *PRELIMINAR)]
    assert cronograma.motivo_publicacao(etapas, "classificacao", "preliminar", EM_01_12) == (
        "O resultado preliminar da classificação só pode ser publicado a partir de 01/02/2027 "
        "08:00 (etapa “Resultado preliminar” do cronograma).")
    um_minuto_antes = PRELIMINAR[0] - dt.timedelta(minutes=1)
    assert cronograma.motivo_publicacao(etapas, "classificacao", "preliminar",
                                        um_minuto_antes) is not None
    # From the start of the stage, and after it (a later correction is a new publication).
    for agora in (PRELIMINAR[0], PRELIMINAR[1], PRELIMINAR[1] + 30 * DIA):
        assert cronograma.motivo_publicacao(etapas, "classificacao", "preliminar",
                                            agora) is None


def test_sem_a_etapa_no_cronograma_recusa():
    etapas = [_e("inscricoes", *INSCRICOES)]
    assert cronograma.motivo_publicacao(etapas, "classificacao", "final", EM_01_12) == (
        "O resultado final (homologado) da classificação só pode ser publicado a partir do "
        "início da etapa “Resultado final / homologação”, que o cronograma deste certame não "
        "prevê: inclua-a no cronograma.")


def test_definitivo_de_comissao_abre_depois_do_fim_do_recurso():
    recurso = (dt.datetime(2027, 1, 10, 8, 0, tzinfo=TZ),
               dt.datetime(2027, 1, 12, 23, 59, tzinfo=TZ))
    etapas = [_e("heteroidentificacao", recurso[0] - 5 * DIA, recurso[0] - 3 * DIA),
              _e("recurso_heteroidentificacao", *recurso)]
    assert cronograma.motivo_publicacao(etapas, "heteroidentificacao", "final", recurso[1]) == (
        "O resultado definitivo da heteroidentificação só pode ser publicado depois de "
        "12/01/2027 23:59 (fim da etapa “Recurso da heteroidentificação” do cronograma).")
    assert cronograma.motivo_publicacao(etapas, "heteroidentificacao", "final",
                                        recurso[1] + dt.timedelta(minutes=1)) is None
    assert cronograma.motivo_publicacao(etapas, "heteroidentificacao", "preliminar",
                                        recurso[0] - 5 * DIA) is None


def test_cada_procedimento_publicado_em_lotes_tem_as_duas_etapas():
    com_lotes = {p.chave for p in registrados() if p.publica_em_lotes}
    assert com_lotes == {"isencao", "heteroidentificacao", "verificacao_documental",
                         "equipe_multiprofissional"}
    # The phases' results are provas' own publications (their appeal is a plug-in that
    # publishes no batch: `provas.plugin`).
    assert set(cronograma.PUBLICACOES) == {
        (k, f) for k in com_lotes | {"classificacao", "resultado_fase"}
        for f in ("preliminar", "final")}
    # The committees' stages are those of their procedure (comissoes.dominio.procedimentos).
    for tipo, dados in PROCEDIMENTOS.items():
        assert cronograma.PUBLICACOES[(tipo, "preliminar")].abertura == cronograma.Abertura(
            dados.etapa, cronograma.INICIO)
        assert cronograma.PUBLICACOES[(tipo, "final")].abertura == cronograma.Abertura(
            dados.etapa_recurso, cronograma.FIM)
    # Every stage named is a stage kind of the schedule.
    assert {p.abertura.etapa for p in cronograma.PUBLICACOES.values()} <= set(Etapa.Tipo.values)
    with pytest.raises(LookupError):
        cronograma.motivo_publicacao([], "fraude_ou_falsidade", "preliminar", EM_01_12)


# --- the classification lists ----------------------------------------------------------------


def _cargo_do_issue():
    certame = CertameFactory(regime="pirangi-lei3056-2025", cronograma=False,
                             data_publicacao_edital=dt.date(2026, 10, 20))
    for tipo, (inicio, fim) in ((Etapa.Tipo.INSCRICOES, INSCRICOES),
                                (Etapa.Tipo.RESULTADO_PRELIMINAR, PRELIMINAR),
                                (Etapa.Tipo.RESULTADO_FINAL, FINAL)):
        EtapaFactory(certame=certame, tipo=tipo, inicio=inicio, fim=fim)
    cargo = CargoFactory(certame=certame, vagas=2)
    for numero, nota in (("1", "90"), ("2", "80"), ("3", "70")):
        InscricaoFactory(cargo=cargo, numero=numero, nota=Decimal(nota), listas=[])
    return cargo


def test_lista_preliminar_de_01_12_recusada_e_publicada_na_sua_etapa(rh):
    cargo = _cargo_do_issue()
    versao = recalcular(cargo.pk)
    atos = Ato.objects.count()
    with pytest.raises(PublicacaoInvalida) as exc:
        publicar(versao, "preliminar", rh, agora=EM_01_12)
    assert str(exc.value) == (
        "O resultado preliminar da classificação só pode ser publicado a partir de 01/02/2027 "
        "08:00 (etapa “Resultado preliminar” do cronograma).")
    assert (Publicacao.objects.count(), Ato.objects.count()) == (0, atos)
    pub = publicar(versao, "preliminar", rh, agora=PRELIMINAR[0])
    assert (pub.tipo, pub.publicada_em) == ("preliminar", PRELIMINAR[0])
    # The final result waits for its own stage (01/03/2027).
    with pytest.raises(PublicacaoInvalida, match="a partir de 01/03/2027 08:00"):
        publicar(versao, "final", rh, agora=PRELIMINAR[1])
    assert Publicacao.objects.count() == 1


def test_cronograma_sem_a_etapa_recusa_a_publicacao(rh):
    cargo = CargoFactory(certame=CertameFactory(cronograma=False), vagas=1)
    InscricaoFactory(cargo=cargo, nota=Decimal("50"), listas=[])
    with pytest.raises(PublicacaoInvalida, match="que o cronograma deste certame não prevê"):
        publicar(recalcular(cargo.pk), "preliminar", rh)
    assert not Publicacao.objects.exists()


def _cargo_com_etapa_futura():
    """The preliminary result's stage opens in ten days (the pages use the clock)."""
    certame = CertameFactory(cronograma=False)
    inicio = timezone.now() + 10 * DIA
    EtapaFactory(certame=certame, tipo=Etapa.Tipo.RESULTADO_PRELIMINAR, inicio=inicio,
                 fim=inicio + DIA)
    cargo = CargoFactory(certame=certame, vagas=1)
    InscricaoFactory(cargo=cargo, nota=Decimal("50"), listas=[])
    return cargo, recalcular(cargo.pk), inicio


def test_pagina_do_cargo_diz_quando_abre_e_post_antecipado_nada_grava(client, rh):
    cargo, versao, inicio = _cargo_com_etapa_futura()
    client.force_login(rh)
    motivo = (f"O resultado preliminar da classificação só pode ser publicado a partir de "
              f"{data_hora_br(inicio)} (etapa “Resultado preliminar” do cronograma).")
    html = client.get(reverse("painel:cargo", args=[cargo.pk])).content.decode()
    assert 'disabled aria-describedby="cronograma-preliminar"' in html
    assert motivo in html
    assert reverse("painel:confirmar_publicacao", args=[cargo.pk, "preliminar"]) not in html
    confirmar = client.get(reverse("painel:confirmar_publicacao", args=[cargo.pk, "preliminar"]))
    assert motivo in confirmar.content.decode()
    assert 'action="{}"'.format(reverse("painel:publicar", args=[cargo.pk])) not in (
        confirmar.content.decode())
    atos = Ato.objects.count()
    resposta = client.post(reverse("painel:publicar", args=[cargo.pk]),
                           {"versao": versao.numero, "tipo": "preliminar", "confirmacao": "on"},
                           follow=True)
    assert resposta.redirect_chain == [(reverse("painel:cargo", args=[cargo.pk]), 302)]
    assert motivo in [str(m) for m in resposta.context["messages"]]
    assert (Publicacao.objects.count(), Ato.objects.count()) == (0, atos)


# --- the procedures (the kernel) ------------------------------------------------------------


@pytest.mark.django_db
def test_preliminar_da_heteroidentificacao_antes_da_etapa_recusado():
    c = cenario(publicar=False)
    etapa = Etapa.objects.get(certame=c.certame, tipo=Etapa.Tipo.HETEROIDENTIFICACAO)
    agora = etapa.inicio - dt.timedelta(hours=1)
    with pytest.raises(ValidationError) as exc:
        publicar_resultado_preliminar(c.certame, autor=c.rh, agora=agora)
    assert exc.value.messages == [
        f"O resultado preliminar da heteroidentificação só pode ser publicado a partir de "
        f"{data_hora_br(etapa.inicio)} (etapa “Heteroidentificação” do cronograma)."]
    assert not PublicacaoResultado.objects.exists()
    pub = publicar_resultado_preliminar(c.certame, autor=c.rh, agora=etapa.inicio)
    assert (pub.procedimento, pub.lote) == ("heteroidentificacao", 1)


@pytest.mark.django_db
def test_pagina_de_resultados_diz_quando_abre_e_post_antecipado_nada_grava(client):
    c = cenario(publicar=False)
    Etapa.objects.filter(certame=c.certame, tipo=Etapa.Tipo.HETEROIDENTIFICACAO).delete()
    etapa = etapa_procedimento(c.certame, de_dias=3, ate_dias=5)
    # The appeal stage cannot precede the stage it appeals against: move it after.
    Etapa.objects.filter(certame=c.certame, tipo=Etapa.Tipo.RECURSO_HETEROIDENTIFICACAO).update(
        inicio=etapa.fim + DIA, fim=etapa.fim + 3 * DIA)
    motivo = (f"O resultado preliminar da heteroidentificação só pode ser publicado a partir "
              f"de {data_hora_br(etapa.inicio)} (etapa “Heteroidentificação” do cronograma).")
    client.force_login(c.rh)
    url = reverse("painel:resultados_certame", args=[c.certame.pk])
    html = client.get(url).content.decode()
    assert 'data-publicacao-cronograma="preliminar"' in html and motivo in html
    assert 'data-form="publicar-preliminar"' not in html
    atos = Ato.objects.count()
    resposta = client.post(reverse("painel:publicar_preliminar", args=[c.certame.pk]),
                           {"confirmacao": "on"}, follow=True)
    assert motivo in [str(m) for m in resposta.context["messages"]]
    assert (PublicacaoResultado.objects.count(), Ato.objects.count()) == (0, atos)


def test_definitivo_da_isencao_espera_a_sua_etapa_depois_do_recurso(rh):
    from candidatos import isencao
    from tests.candidatos.test_isencao_apoio import (
        APOS_PEDIDO,
        NIS_A,
        RESULTADO_DEFINITIVO,
        certame_severinia,
        extrato,
        inscricao,
    )

    certame = certame_severinia()
    extrato([(NIS_A, "100.00", dt.date(2026, 9, 1), "ativo")])
    pedido = isencao.solicitar_isencao(inscricao(certame), tipo="cadunico", nis=NIS_A,
                                       autor=rh, agora=dt.datetime(2026, 10, 5, tzinfo=TZ))
    isencao.decidir_preliminar(pedido, autor=rh, confirmar=True)
    isencao.publicar_resultado(certame, "preliminar", autor=rh, agora=APOS_PEDIDO)
    # The appeal window ended on 22/10 23:59; the final result's stage opens on 23/10.
    depois_do_recurso = dt.datetime(2026, 10, 22, 23, 59, 30, tzinfo=TZ)
    with pytest.raises(ValidationError) as exc:
        isencao.publicar_resultado(certame, "final", autor=rh, agora=depois_do_recurso)
    assert exc.value.messages == [
        "O resultado definitivo da isenção da taxa só pode ser publicado a partir de "
        "23/10/2026 00:00 (etapa “Resultado definitivo da isenção” do cronograma)."]
    assert not PublicacaoResultado.objects.filter(fase="final").exists()
    pub = isencao.publicar_resultado(certame, "final", autor=rh,
                                     agora=RESULTADO_DEFINITIVO[0])
    assert (pub.fase, pub.lote) == ("final", 1)

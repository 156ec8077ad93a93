"""Sessions: the SMBV in-person rule, attendance and its consequence, recording, closing and
the minutes (ata) in PDF."""

import datetime as dt

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from certames.models import Ato, Etapa
from comissoes.dominio.sessoes import (
    agendar_sessao,
    anexar_gravacao,
    encerrar,
    encerrar_sessao,
    motivo_recusa_modalidade,
    registrar_comparecimento,
    votar,
)
from comissoes.dominio.votacao import registrar_voto
from comissoes.models import Avaliacao, Sessao
from tests.comissoes.fabricas import abrir_sessao, comissao_completa, convocado, sessao
from tests.factories import CertameFactory, EtapaFactory

pytestmark = pytest.mark.django_db

SMBV, PIR = "smbv-lc22-2026", "pirangi-lei3056-2025"
MOTIVO_SIM = "Fenótipo compatível com pessoa parda."
MOTIVO_NAO = ("Traços fenotípicos observados (cor da pele clara, textura do cabelo lisa) "
              "não caracterizam pessoa negra.")


def test_smbv_exige_presenca_salvo_impedimento_legal():
    assert "LC 22/2026, art. 3º, §1º" in motivo_recusa_modalidade(SMBV, "remota", "")
    assert motivo_recusa_modalidade(SMBV, "remota", "  ") is not None
    assert motivo_recusa_modalidade(
        SMBV, "remota", "Decreto municipal 45/2026: calamidade pública, vedadas "
                        "aglomerações") is None
    assert motivo_recusa_modalidade(SMBV, "presencial", "") is None
    # The other laws are silent on the mode: the edital decides.
    assert motivo_recusa_modalidade(PIR, "remota", "") is None


def test_agendar_sessao_remota_em_smbv(rh):
    comissao, *_ = comissao_completa(CertameFactory(regime=SMBV))
    inicio = timezone.now() + dt.timedelta(days=10)
    with pytest.raises(ValidationError) as exc:
        agendar_sessao(comissao, inicio=inicio, local="https://sala.example/x",
                       modalidade="remota", autor=rh)
    assert "obrigatoriamente presencial" in exc.value.message_dict["modalidade"][0]
    s = agendar_sessao(comissao, inicio=inicio, local="https://sala.example/x",
                       modalidade="remota", autor=rh,
                       impedimento_legal="Decreto municipal 45/2026 (calamidade pública).")
    ato = Ato.objects.get(tipo="sessao_agendada", objeto_id=str(s.pk))
    assert ato.motivacao == "Decreto municipal 45/2026 (calamidade pública)."
    assert "LC 22/2026, art. 3º, §1º" in ato.fundamento_legal
    # Pirangi: remote is the edital's choice.
    outra, *_ = comissao_completa(CertameFactory(regime=PIR))
    assert agendar_sessao(outra, inicio=inicio, local="https://sala.example/y",
                          modalidade="remota", autor=rh).pk


def test_agendar_sessao_no_futuro_e_dentro_da_etapa(rh):
    certame = CertameFactory(regime=PIR)
    comissao, *_ = comissao_completa(certame)
    agora = timezone.now()
    etapa = EtapaFactory(certame=certame, tipo=Etapa.Tipo.HETEROIDENTIFICACAO,
                         inicio=agora + dt.timedelta(days=5), fim=agora + dt.timedelta(days=6))
    with pytest.raises(ValidationError) as exc:
        agendar_sessao(comissao, inicio=agora - dt.timedelta(hours=1), local="Sala",
                       modalidade="presencial", autor=rh)
    assert "futura" in exc.value.message_dict["inicio"][0]
    with pytest.raises(ValidationError) as exc:
        agendar_sessao(comissao, inicio=agora + dt.timedelta(days=9), local="Sala",
                       modalidade="presencial", etapa=etapa, autor=rh)
    assert "dentro da etapa" in exc.value.message_dict["inicio"][0]
    recurso = EtapaFactory(certame=certame, tipo=Etapa.Tipo.RECURSO_HETEROIDENTIFICACAO)
    with pytest.raises(ValidationError) as exc:
        agendar_sessao(comissao, inicio=agora + dt.timedelta(days=5, hours=2), local="Sala",
                       modalidade="presencial", etapa=recurso, autor=rh)
    assert "tipo da comissão" in exc.value.message_dict["etapa"][0]
    s = agendar_sessao(comissao, inicio=agora + dt.timedelta(days=5, hours=2), local="Sala",
                       modalidade="presencial", etapa=etapa, autor=rh)
    assert (s.etapa, s.gravacao_exigida) == (etapa, True)


def _sessao_em_andamento(regime=SMBV, **extra):
    comissao, presidente, outros = comissao_completa(CertameFactory(regime=regime))
    s = sessao(comissao, inicio=timezone.now() - dt.timedelta(hours=1), **extra)
    abrir_sessao(s)  # the five present
    return s, presidente, outros


@pytest.mark.parametrize(
    ("regime", "fundamento"),
    [(SMBV, "LC 22/2026, art. 3º, §1º"), (PIR, "Lei 3.056/2025, art. 6º, §2º")])
def test_ausencia_encerra_sem_votos_fora_da_lista_reservada_e_na_ac(regime, fundamento):
    s, presidente, _ = _sessao_em_andamento(regime)
    conv, av = convocado(s)
    registrar_comparecimento(conv, "ausente", presidente=presidente)
    av.refresh_from_db()
    assert av.resultado == Avaliacao.Resultado.NAO_CONFIRMADA
    assert av.votos.count() == 0
    assert av.encerrada_por == presidente
    assert av.parecer.startswith("O(A) candidato(a) não compareceu ao procedimento")
    assert ("exclusão da lista reservada (Pretos e pardos), permanecendo na ampla "
            "concorrência, desde que possua pontuação suficiente") in av.parecer
    assert "Não se trata de declaração falsa" in av.parecer
    assert fundamento in av.fundamento
    # The consolidation must not read it as the SMBV non-confirmation that eliminates.
    assert av.detalhes == {"encerramento": "ausencia", "efeito": "permanece_ac", "votos": 0}
    assert list(Ato.objects.filter(objeto_id__in=[str(conv.pk), str(av.pk)])
                .exclude(tipo__in=["convocacao_heteroidentificacao", "presenca_sessao"])
                .order_by("id").values_list("tipo", flat=True)) == ["comparecimento", "parecer"]
    with pytest.raises(ValidationError, match="encerrada"):
        registrar_comparecimento(conv, "presente", presidente=presidente)


def test_ausencia_so_depois_do_horario_e_pela_presidencia():
    s, presidente, outros = _sessao_em_andamento()
    conv, _av = convocado(s, horario=timezone.now() + dt.timedelta(hours=2))
    with pytest.raises(ValidationError, match="a partir do horário"):
        registrar_comparecimento(conv, "ausente", presidente=presidente)
    with pytest.raises(PermissionDenied, match="presidente"):
        registrar_comparecimento(conv, "presente", presidente=outros[0])
    registrar_comparecimento(conv, "ausente", presidente=presidente,
                             agora=conv.horario + dt.timedelta(minutes=1))


def test_recusa_de_gravacao_so_quando_o_edital_exige():
    s, presidente, outros = _sessao_em_andamento()
    conv, av = convocado(s)
    registrar_comparecimento(conv, "presente", presidente=presidente)
    registrar_voto(av, outros[0], "confirma", MOTIVO_SIM)
    # Present, then refuses to be filmed: closed without counting votes.
    registrar_comparecimento(conv, "recusou_gravacao", presidente=presidente)
    av.refresh_from_db()
    assert av.resultado == "nao_confirmada"
    assert "recusou-se a ser filmado(a)" in av.parecer
    assert av.detalhes["encerramento"] == "recusa_gravacao"
    sem_gravacao, presidente2, _ = _sessao_em_andamento(gravacao_exigida=False)
    conv2, _ = convocado(sem_gravacao)
    with pytest.raises(ValidationError, match="não exige gravação"):
        registrar_comparecimento(conv2, "recusou_gravacao", presidente=presidente2)


def test_voto_so_depois_do_comparecimento_e_encerramento_com_gravacao():
    s, presidente, outros = _sessao_em_andamento()
    conv, av = convocado(s)
    with pytest.raises(ValidationError, match="Aguardando o registro do comparecimento"):
        votar(av, outros[0], "confirma", MOTIVO_SIM)
    registrar_comparecimento(conv, "presente", presidente=presidente)
    votar(av, presidente, "nao_confirma", MOTIVO_NAO)
    votar(av, outros[0], "nao_confirma", MOTIVO_NAO)
    votar(av, outros[1], "confirma", MOTIVO_SIM)
    # 2 "não confirma" of a 5-member committee are not its absolute majority.
    votar(av, outros[2], "nao_confirma", MOTIVO_NAO)
    with pytest.raises(ValidationError, match="exige a gravação"):
        encerrar(av, presidente)
    with pytest.raises(PermissionDenied):
        anexar_gravacao(av, presidente=outros[0], referencia="sessao-1/000123.mp4")
    anexar_gravacao(av, presidente=presidente, referencia="sessao-1/000123.mp4")
    fechada = encerrar(av, presidente)
    assert fechada.resultado == "nao_confirmada"
    assert fechada.gravacao == "sessao-1/000123.mp4"
    assert fechada.parecer.startswith("A comissão não confirmou a autodeclaração (3 voto(s)")
    assert "LC 22/2026, art. 3º" in fechada.fundamento


def test_encerrar_sessao_e_ata_em_pdf(django_capture_on_commit_callbacks):
    s, presidente, outros = _sessao_em_andamento()
    conv1, av1 = convocado(s)
    conv2, av2 = convocado(s, horario=s.inicio + dt.timedelta(minutes=20))
    registrar_comparecimento(conv1, "presente", presidente=presidente)
    for m in [presidente, *outros[:2]]:
        votar(av1, m, "confirma", MOTIVO_SIM)
    with pytest.raises(ValidationError, match="2 avaliação"):
        encerrar_sessao(s, presidente=presidente)
    encerrar(av1, presidente, gravacao="gravacao-av1.mp4")
    registrar_comparecimento(conv2, "ausente", presidente=presidente)
    with pytest.raises(PermissionDenied):
        encerrar_sessao(s, presidente=outros[0])
    with django_capture_on_commit_callbacks(execute=True):
        encerrar_sessao(s, presidente=presidente)
    s = Sessao.objects.get(pk=s.pk)
    assert s.encerrada_em is not None
    assert s.ata.name.endswith(".pdf")
    with s.ata.open("rb") as f:
        assert f.read(5) == b"%PDF-"
    assert Ato.objects.filter(tipo="sessao_encerrada", objeto_id=str(s.pk)).exists()
    with pytest.raises(ValidationError, match="já foi encerrada"):
        encerrar_sessao(s, presidente=presidente)


def test_dados_da_ata_trazem_pareceres_e_votos():
    from comissoes.ata import dados_ata, renderizar_ata

    s, presidente, outros = _sessao_em_andamento(regime=PIR)
    conv, av = convocado(s)
    registrar_comparecimento(conv, "presente", presidente=presidente)
    for m in [presidente, *outros[:2]]:
        votar(av, m, "confirma", MOTIVO_SIM)
    encerrar(av, presidente, gravacao="g.mp4")
    dados = dados_ata(s)
    [item] = dados["itens"]
    assert item["avaliacao"].parecer.startswith("A comissão confirmou a autodeclaração")
    assert [v["motivacao"] for v in item["votos"]] == [MOTIVO_SIM] * 3
    assert [m["nome"] for m in dados["presenca"]["presentes"]] == [
        m.usuario.get_full_name() or m.usuario.username for m in [presidente, *outros]]
    assert renderizar_ata(s).startswith(b"%PDF")

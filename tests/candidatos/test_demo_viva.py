"""A living demo. Loaded as of any date (`--hoje`), each phase is live somewhere;
every documented account logs in and lands on its workspace."""

import base64
import datetime as dt
import io
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse
from django_otp.oath import totp

from candidatos.chamadas import chamadas_da_inscricao
from candidatos.inscricao_portal import certames_com_inscricoes_abertas
from certames import cronograma
from certames.models import Certame, Chamada, Etapa, Publicacao
from comissoes.dominio.recursos import comissao_recursal
from comissoes.dominio.votacao import quorum
from comissoes.models import Avaliacao, Comissao, MembroComissao, Sessao
from demo.cenarios.contas import SEMENTE_TOTP_DEMO
from demo.management.commands.carregar_demo import MEMBROS, SENHA_MEMBROS, USUARIOS
from nucleo.lotes import janela_do_cronograma
from nucleo.models import PublicacaoResultado, Recurso

FUSO = ZoneInfo("America/Sao_Paulo")
DATAS = ["2026-12-01", "2027-06-15", "2029-02-28"]
#: Where each documented account lands after logging in.
DESTINOS = {"rh": "/rh/", "autoridade": "/rh/", "admin": "/rh/", "comissao": "/comissao/",
            "candidato": "/candidato/"}


def _carregar(hoje: str) -> str:
    saida = io.StringIO()
    call_command("carregar_demo", "--inscricoes", "300", "--hoje", hoje, stdout=saida,
                 stderr=io.StringIO())
    return saida.getvalue()


def _meio_dia(hoje: dt.date) -> dt.datetime:
    return dt.datetime.combine(hoje, dt.time(12), tzinfo=FUSO)


@pytest.mark.django_db
@pytest.mark.parametrize("data", DATAS)
def test_cada_fase_existe_em_qualquer_data(data):
    hoje = dt.date.fromisoformat(data)
    agora = _meio_dia(hoje)
    _carregar(data)
    # Inscrições and exemption requests open (Severínia, day 4 of its edital).
    abertos = list(certames_com_inscricoes_abertas(agora))
    assert [c.regime for c in abertos] == ["severinia-lei3057-2026"]
    isencao = Etapa.objects.get(certame=abertos[0], tipo=Etapa.Tipo.PEDIDO_ISENCAO)
    assert isencao.aberta(agora) is True
    # Heteroidentification, documentary and PcD sessions today (SMBV).
    sessoes_hoje = Sessao.objects.filter(inicio__date=hoje, comissao__certame__regime=(
        "smbv-lc22-2026"), comissao__certame__numero_edital="001/2026")
    assert sorted(s.comissao.tipo for s in sessoes_hoje) == [
        "equipe_multiprofissional", "heteroidentificacao", "verificacao_documental"]
    hetero = sessoes_hoje.get(comissao__tipo="heteroidentificacao")
    assert hetero.convocacoes.count() == 8
    # Quorum: five titulares with a password, three votes close an evaluation.
    comissao = hetero.comissao
    titulares = comissao.membros.filter(ativo=True, papel=MembroComissao.Papel.TITULAR)
    assert (comissao.tamanho, quorum(comissao), titulares.count()) == (5, 3, 5)
    assert comissao.membros.filter(papel=MembroComissao.Papel.SUPLENTE).count() == 2
    assert all(m.usuario.has_usable_password() for m in comissao.membros.all())
    # An appeal window open (Pirangi), a published non-confirmation of the persona she can
    # appeal, and an appeal already filed, held by the recursal committee.
    pirangi = Certame.objects.get(regime="pirangi-lei3056-2025")
    assert janela_do_cronograma(pirangi, agora, "heteroidentificacao").aberta is True
    persona = Avaliacao.objects.get(inscricao__certame=pirangi,
                                    inscricao__candidato__usuario__username="candidato")
    assert persona.resultado == Avaliacao.Resultado.NAO_CONFIRMADA
    from comissoes.dominio.recursos import motivo_para_nao_recorrer
    assert motivo_para_nao_recorrer(persona, agora=agora) is None
    recursal = comissao_recursal(pirangi)
    assert recursal.membros.filter(ativo=True).count() == 5
    assert Recurso.objects.count() == 1
    assert Avaliacao.objects.filter(comissao=recursal,
                                    instancia=Avaliacao.Instancia.RECURSO).count() == 1
    # A homologated certame, valid, with calls made.
    homologado = Certame.objects.get(status=Certame.Status.HOMOLOGADO)
    assert homologado.homologado_em == hoje - dt.timedelta(days=60)
    assert homologado.valido_ate >= hoje
    assert Chamada.objects.filter(cargo__certame=homologado).count() == 6
    chamada = Chamada.objects.filter(cargo__certame=homologado).first()
    assert chamada.prazo == hoje + dt.timedelta(days=15)
    assert len(chamadas_da_inscricao(chamada.inscricao)) == 1


@pytest.mark.django_db
def test_contas_documentadas_entram_e_chegam_ao_seu_espaco():
    saida = _carregar("2026-12-01")
    User = get_user_model()
    for username, senha, *_ in USUARIOS:
        assert authenticate(username=username, password=senha) is not None, username
        cliente = Client()
        resposta = cliente.post(reverse("login"), {"username": username, "password": senha})
        assert (resposta.status_code, resposta.url) == (302, DESTINOS[username])
        assert _chegar(cliente, resposta.url).status_code == 200
        assert senha in saida
    assert User.objects.get(username="admin").is_superuser is True
    for username, *_ in MEMBROS:
        usuario = authenticate(username=username, password=SENHA_MEMBROS)
        assert usuario is not None, username
        cliente = Client()
        resposta = cliente.post(reverse("login"),
                                {"username": username, "password": SENHA_MEMBROS})
        assert resposta.url == "/comissao/"
        assert _chegar(cliente, "/comissao/").status_code == 200


def _chegar(cliente: Client, destino: str):
    """The workspace after the password: RH and committee accounts first type the code of
    the demo's documented authenticator seed (README, "Segundo fator"; dois_fatores/)."""
    resposta = cliente.get(destino)
    if resposta.status_code == 302 and resposta.url.startswith("/contas/segundo-fator/"):
        codigo = totp(base64.b32decode(SEMENTE_TOTP_DEMO))
        resposta = cliente.post(resposta.url, {"codigo": f"{codigo:06d}"})
        assert (resposta.status_code, resposta.url) == (302, destino)
        resposta = cliente.get(destino)
    return resposta


@pytest.mark.django_db
def test_rodar_de_novo_no_mesmo_dia_e_em_outro_dia_nao_quebra():
    _carregar("2026-12-01")
    contagem = (Certame.objects.count(), Chamada.objects.count(), Recurso.objects.count(),
                MembroComissao.objects.count(), Comissao.objects.count())
    _carregar("2026-12-01")  # after the homologation and the calls
    assert Certame.objects.get(status=Certame.Status.HOMOLOGADO).numero_edital == "001/2025"
    saida_erro = io.StringIO()
    call_command("carregar_demo", "--inscricoes", "300", "--hoje", "2027-01-05",
                 stdout=io.StringIO(), stderr=saida_erro)
    assert "data de referência 01/12/2026" in saida_erro.getvalue()
    assert (Certame.objects.count(), Chamada.objects.count(), Recurso.objects.count(),
            MembroComissao.objects.count(), Comissao.objects.count()) == contagem


@pytest.mark.django_db
@pytest.mark.parametrize("data", DATAS)
def test_editais_e_publicacoes_da_demo_respeitam_regime_e_cronograma(data):
    """Every demo edital is published on or after its regime's
    start (SMBV: 10/06/2026), and every publication of the demo happens in its stage."""
    hoje = dt.date.fromisoformat(data)
    _carregar(data)
    for certame in Certame.objects.all():
        certame.full_clean()  # Certame.clean: the regime's start date
        assert certame.data_publicacao_edital >= certame.regime_legal.vigencia_desde
    smbv = dict(Certame.objects.filter(regime="smbv-lc22-2026")
                .values_list("numero_edital", "data_publicacao_edital"))
    assert smbv == {"001/2026": hoje - dt.timedelta(days=76),
                    "001/2025": hoje - dt.timedelta(days=170)}
    # The classification lists: Pirangi's preliminary today in its stage (day 75), the
    # homologated SMBV certame's final on the homologation day (day 110), in its stage.
    publicadas = Publicacao.objects.select_related("versao__cargo__certame")
    assert publicadas.count() > 0
    for pub in publicadas:
        certame = pub.versao.cargo.certame
        tipo = {"preliminar": "resultado_preliminar", "final": "resultado_final"}[pub.tipo]
        etapa = certame.etapas.get(tipo=tipo)
        assert etapa.inicio <= pub.publicada_em <= etapa.fim, (certame, pub.tipo)
    assert {(p.versao.cargo.certame.regime, p.tipo, p.publicada_em.astimezone(FUSO).date())
            for p in publicadas} == {
        ("pirangi-lei3056-2025", "preliminar", hoje),
        ("smbv-lc22-2026", "final", hoje - dt.timedelta(days=60))}
    # Pirangi's heteroidentification batch 1, published by the demo today at 08:00: its
    # stage (days 70 to 72) had begun.
    (lote,) = PublicacaoResultado.objects.all()
    assert (lote.certame.regime, lote.procedimento, lote.fase) == (
        "pirangi-lei3056-2025", "heteroidentificacao", "preliminar")
    assert cronograma.motivo_publicacao(
        lote.certame.etapas.all(), lote.procedimento, lote.fase,
        dt.datetime.combine(hoje, dt.time(8), tzinfo=FUSO)) is None


@pytest.mark.django_db
def test_demo_recusa_data_em_que_um_edital_precederia_a_lei_do_regime():
    # SMBV 001/2025 is published 170 days before the reference date: on 26/11/2026 that
    # would be 09/06/2026, the day before LC 22/2026 was published.
    with pytest.raises(CommandError) as exc:
        _carregar("2026-11-26")
    assert str(exc.value).startswith(
        "A demonstração só pode ser carregada com data de referência a partir de 27/11/2026")
    assert not Certame.objects.exists()

"""Retention of the outbox (`comum.models.Aviso`: rules "avisos" and "avisos_conta",
certames/declaracoes.py) and of the second factor's addresses (rule
"segundo_fator_enderecos", dois_fatores/declaracoes.py), with the dates worked out:

- a certame whose final stage ends on 10/03/2010 ends on 10/03/2012 (24 months of validity):
  its notices keep their text until 10/03/2017 (5 years, the prescription of Decreto
  20.910/1932, art. 1º) and are shredded from 11/03/2017;
- a notice of an act without a certame recorded on 15/01/2020 is kept until 15/01/2025;
- an account's mail recorded on 31/08/2024 is kept 90 days, until 29/11/2024;
- a use of the second factor on 31/08/2025 keeps its address 6 months (Lei 12.965/2014,
  art. 15, by analogy): 31/08 + 6 months is 28/02/2026 (February has no 31st), shredded from
  01/03/2026.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from certames import retencao
from certames.declaracoes import AVISOS, AVISOS_CONTA
from certames.models import Ato
from comum import emails
from comum.models import Aviso, TentativaAviso
from dois_fatores.declaracoes import ENDERECOS
from dois_fatores.models import EventoSegundoFator
from privacidade import expurgo
from privacidade.models import Expurgo
from tests.factories import InscricaoFactory
from tests.privacidade.cenario import certame_encerrado

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("dono")]

UM_DIA = dt.timedelta(days=1)


def _momento(data: dt.date, hora: int = 12) -> dt.datetime:
    return timezone.make_aware(dt.datetime.combine(data, dt.time(hora)))


def _aviso(**campos) -> Aviso:
    dados = {"nome": "convocacao_chamada", "para": "ana@example.org",
             "responder_a": "rh@prefeitura.example", "assunto": "Convocação — inscrição 7",
             "corpo": "Olá, Ana Maria. Compareça à Rua A, 10.", "estado": Aviso.Estado.ENVIADO,
             "anexos": [{"nome": "convocacao.ics", "tipo": "text/calendar", "conteudo": "X"}],
             "tentativas": 2, "ultimo_erro": "", **campos}
    return Aviso.objects.create(**dados)


def _contagem(regra, em) -> int:
    return next(r.registros for r in expurgo.simular(em) if r.regra == regra)


@pytest.fixture
def avisos(rh):
    certame = certame_encerrado(dt.date(2010, 3, 10))
    assert retencao.fim_do_certame(certame) == dt.date(2012, 3, 10)
    inscricao = InscricaoFactory(certame=certame, cargo__certame=certame)
    ato = Ato.objects.create(certame=certame, tipo="convocacao", descricao="Convocação")
    sem_certame = Ato.objects.create(tipo="reivindicacao_decidida", descricao="Decisão")
    a = {
        "do_certame": _aviso(certame=certame, ato=ato, inscricao=inscricao,
                             enviado_em=_momento(dt.date(2011, 5, 2))),
        # An older row: its inscrição names the certame.
        "da_inscricao": _aviso(inscricao=inscricao, nome="atendimento_decidido"),
        "do_ato": _aviso(ato=sem_certame, nome="cadastro_reivindicacao_aprovada",
                         criado_em=_momento(dt.date(2020, 1, 15))),
        "da_conta": _aviso(nome="cadastro_conta_existente", usuario=rh,
                           criado_em=_momento(dt.date(2024, 8, 31))),
        "na_fila": _aviso(nome="cadastro_conta_existente", estado=Aviso.Estado.NA_FILA,
                          criado_em=_momento(dt.date(2024, 8, 31))),
    }
    TentativaAviso.objects.create(aviso=a["do_certame"], resultado="transitorio",
                                  erro="451 caixa de ana@example.org cheia")
    TentativaAviso.objects.create(aviso=a["do_certame"], resultado="enviado")
    return a


def test_avisos_do_certame_ficam_5_anos_apos_o_fim_e_o_que_prova_o_aviso_fica(avisos):
    assert _contagem(AVISOS, dt.date(2017, 3, 10)) == 0
    assert _contagem(AVISOS, dt.date(2017, 3, 11)) == 2  # the certame's and its inscrição's
    resultado = expurgo.executar_regra(AVISOS, dt.date(2017, 3, 11))
    assert (resultado.registros, resultado.historico) == (2, 1)
    aviso = Aviso.objects.get(pk=avisos["do_certame"].pk)
    texto = retencao.marca(AVISOS, expurgo.hoje())
    assert (aviso.para, aviso.responder_a, aviso.corpo, aviso.corpo_html, aviso.anexos,
            aviso.expurgado_em) == (texto, "", texto, "", [], expurgo.hoje())
    # What proves the notice stays.
    assert (aviso.nome, aviso.assunto, aviso.ato, aviso.inscricao, aviso.estado,
            aviso.enviado_em, aviso.tentativas) == (
        "convocacao_chamada", "Convocação — inscrição 7", avisos["do_certame"].ato,
        avisos["do_certame"].inscricao, "enviado", _momento(dt.date(2011, 5, 2)), 2)
    assert list(TentativaAviso.objects.filter(aviso=aviso).values_list("resultado", "erro")) == [
        ("transitorio", texto), ("enviado", "")]
    marca = Expurgo.objects.get(regra="avisos", objeto_id=str(aviso.pk))
    assert (marca.referencia, marca.retido_ate, marca.campos) == (
        dt.date(2012, 3, 10), dt.date(2017, 3, 10),
        {"campos": ["para", "responder_a", "corpo", "corpo_html", "anexos", "ultimo_erro"],
         "tentativas": 1})
    # The others are untouched; a second run takes nothing; a shredded notice is not resent.
    for nome in ("do_ato", "da_conta", "na_fila"):
        assert Aviso.objects.get(pk=avisos[nome].pk).corpo.startswith("Olá, Ana Maria.")
    assert expurgo.executar_regra(AVISOS, dt.date(2017, 3, 11)).registros == 0
    with pytest.raises(ValidationError, match="expurgados pela política de retenção"):
        emails.reenviar(aviso)


def test_aviso_de_ato_sem_certame_fica_5_anos_do_registro(avisos):
    assert _contagem(AVISOS, dt.date(2025, 1, 15)) == 2  # the certame's two only
    assert _contagem(AVISOS, dt.date(2025, 1, 16)) == 3
    expurgo.executar_regra(AVISOS, dt.date(2025, 1, 16))
    assert Aviso.objects.get(pk=avisos["do_ato"].pk).expurgado_em == expurgo.hoje()
    assert Expurgo.objects.get(objeto_id=str(avisos["do_ato"].pk)).retido_ate == dt.date(
        2025, 1, 15)


def test_aviso_da_conta_fica_90_dias_e_o_da_fila_nunca_sai(avisos):
    assert _contagem(AVISOS_CONTA, dt.date(2024, 11, 29)) == 0
    assert _contagem(AVISOS_CONTA, dt.date(2024, 11, 30)) == 1
    expurgo.executar_regra(AVISOS_CONTA, dt.date(2024, 11, 30))
    conta = Aviso.objects.get(pk=avisos["da_conta"].pk)
    assert (conta.corpo, conta.usuario, conta.expurgado_em) == (
        retencao.marca(AVISOS_CONTA, expurgo.hoje()), avisos["da_conta"].usuario,
        expurgo.hoje())
    assert Aviso.objects.get(pk=avisos["na_fila"].pk).expurgado_em is None
    assert _contagem(AVISOS_CONTA, dt.date(2026, 11, 30)) == 0


def test_endereco_do_segundo_fator_fica_6_meses(rh):
    evento = EventoSegundoFator.objects.create(
        usuario=rh, tipo=EventoSegundoFator.Tipo.ACEITO, dispositivo="totp",
        endereco="203.0.113.9", criado_em=_momento(dt.date(2025, 8, 31), 23))
    recente = EventoSegundoFator.objects.create(
        usuario=rh, tipo=EventoSegundoFator.Tipo.RECUSADO, dispositivo="totp",
        endereco="198.51.100.7", criado_em=_momento(dt.date(2025, 9, 1), 0))
    assert _contagem(ENDERECOS, dt.date(2026, 2, 28)) == 0
    assert _contagem(ENDERECOS, dt.date(2026, 3, 1)) == 1
    resultado = expurgo.executar_regra(ENDERECOS, dt.date(2026, 3, 1))
    assert resultado.registros == 1
    assert list(EventoSegundoFator.objects.order_by("pk").values_list(
        "usuario", "tipo", "dispositivo", "endereco", "criado_em")) == [
        (rh.pk, "aceito", "totp", None, evento.criado_em),
        (rh.pk, "recusado", "totp", "198.51.100.7", recente.criado_em)]
    assert Expurgo.objects.get(regra="segundo_fator_enderecos").retido_ate == dt.date(
        2026, 2, 28)
    assert expurgo.executar_regra(ENDERECOS, dt.date(2026, 3, 1)).registros == 0
    # 01/09/2025 + 6 months = 01/03/2026: shredded from the 2nd.
    assert _contagem(ENDERECOS, dt.date(2026, 3, 2)) == 1


def test_a_politica_mostra_as_novas_regras_com_o_seu_fundamento():
    regras = {r.codigo: r for r in retencao.REGRAS}
    assert "Lei 9.784/1999, art. 26" in regras["avisos"].fundamento
    assert "Decreto 20.910/1932" in regras["avisos"].fundamento
    assert "Lei 12.965/2014), art. 15" in regras["segundo_fator_enderecos"].fundamento
    assert [r.codigo for r in retencao.EXPURGAVEIS][-3:] == [
        "avisos", "avisos_conta", "segundo_fator_enderecos"]

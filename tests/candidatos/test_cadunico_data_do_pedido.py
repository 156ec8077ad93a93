"""CadÚnico eligibility uses the extract of the request date (spec section
8; Lei 3.057/2026 de Severínia, art. 2º, §3º: registration active and updated "na data do
requerimento"): the extract with the latest reference date on or before the request date. An
extract of a later date never changes a request's check nor its motivation; RH sees what it
says, and may open the falsity procedure (art. 5º)."""

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse

from candidatos import isencao
from candidatos.declaracoes.privacidade import EXTRATO_CADUNICO
from candidatos.isencao import cadunico
from candidatos.models import ExtratoCadUnico, PedidoIsencao, RegistroCadUnico
from certames.models import Etapa
from privacidade import expurgo
from tests.candidatos.test_isencao_apoio import NIS_A, certame_severinia, inscricao

pytestmark = pytest.mark.django_db

TZ = ZoneInfo("America/Sao_Paulo")
V = PedidoIsencao.Verificacao
CABECALHO = "NIS;Renda per capita;Data da última atualização;Situação do cadastro"
EM_29_11 = dt.datetime(2026, 11, 29, 10, 0, tzinfo=TZ)
EM_02_12 = dt.datetime(2026, 12, 2, 10, 0, tzinfo=TZ)


def _certame():
    """Requests from 20/11 to 05/12/2026."""
    return certame_severinia(etapas={
        Etapa.Tipo.PEDIDO_ISENCAO: (dt.datetime(2026, 11, 20, 0, 0, tzinfo=TZ),
                                    dt.datetime(2026, 12, 5, 23, 59, tzinfo=TZ))})


def _importar(referencia: dt.date, situacao: str, rh, renda="500,00"):
    conteudo = f"{CABECALHO}\n{NIS_A};{renda};01/10/2026;{situacao}\n".encode()
    agora = dt.datetime.combine(referencia + dt.timedelta(days=1), dt.time(9), tzinfo=TZ)
    return isencao.importar_extrato(conteudo, data_referencia=referencia,
                                    nome_arquivo=f"cadunico-{referencia}.csv", autor=rh,
                                    agora=agora)


def _pedir(certame, rh, agora):
    return isencao.solicitar_isencao(inscricao(certame), tipo="cadunico", nis=NIS_A,
                                     autor=rh, agora=agora)


def test_extrato_posterior_nao_muda_o_pedido_e_o_pedido_seguinte_usa_o_novo(rh):
    certame = _certame()
    de_15_11 = _importar(dt.date(2026, 11, 15), "ativo", rh).extrato
    pedido = _pedir(certame, rh, EM_29_11)
    assert (pedido.verificacao, pedido.extrato) == (V.APTO, de_15_11)
    motivacao = isencao.motivacao_automatica(pedido)
    assert motivacao.startswith(
        "Verificação no CadÚnico (extrato de referência 15/11/2026, o mais recente até a data "
        "do pedido, 29/11/2026): cadastro ativo e atualizado em 01/10/2026;")
    # The extract of 01/12 marks the family inactive: the request of 29/11 is unchanged.
    resultado = _importar(dt.date(2026, 12, 1), "inativo", rh)
    assert resultado.reverificados == {V.APTO: 1}
    pedido.refresh_from_db()
    assert (pedido.verificacao, pedido.extrato) == (V.APTO, de_15_11)
    assert isencao.motivacao_automatica(pedido) == motivacao
    assert pedido.history.count() == 1  # no new version of the request was written
    # A request of 02/12 is checked against the extract of 01/12.
    seguinte = _pedir(certame, rh, EM_02_12)
    assert (seguinte.verificacao, seguinte.extrato) == (V.INATIVO, resultado.extrato)
    assert isencao.motivacao_automatica(seguinte) == (
        "Cadastro no CadÚnico inativo no extrato de referência 01/12/2026, o mais recente até "
        "a data do pedido (02/12/2026): a inscrição deve estar ativa na data do requerimento. "
        "Lei 3.057/2026 de Severínia, art. 2º, §3º.")
    # Confirmed, the motivation recorded is the one of the request's own extract.
    decisao = isencao.decidir_preliminar(pedido, autor=rh, confirmar=True)
    assert (decisao.resultado, decisao.motivacao) == ("deferido", motivacao)


def test_extrato_tardio_da_data_do_pedido_passa_a_ser_o_do_pedido(rh):
    certame = _certame()
    _importar(dt.date(2026, 11, 15), "ativo", rh)
    pedido = _pedir(certame, rh, EM_29_11)
    # An extract of 25/11 (on or before the request date) imported after the request: the
    # undecided request is checked against it.
    de_25_11 = _importar(dt.date(2026, 11, 25), "inativo", rh).extrato
    pedido.refresh_from_db()
    assert (pedido.verificacao, pedido.extrato) == (V.INATIVO, de_25_11)
    # The same date imported again (a corrected file): the latest import of that date.
    corrigido = _importar(dt.date(2026, 11, 25), "ativo", rh).extrato
    pedido.refresh_from_db()
    assert (pedido.verificacao, pedido.extrato) == (V.APTO, corrigido)


def test_pedido_sem_extrato_da_sua_data_nao_usa_um_posterior(rh):
    certame = _certame()
    pedido = _pedir(certame, rh, EM_29_11)
    assert pedido.verificacao == V.SEM_EXTRATO
    _importar(dt.date(2026, 12, 1), "ativo", rh)
    pedido.refresh_from_db()
    assert (pedido.verificacao, pedido.extrato) == (V.SEM_EXTRATO, None)
    assert isencao.aviso_extrato_posterior(pedido) == (
        "Só há extrato do CadÚnico posterior ao pedido (referência 01/12/2026; pedido de "
        "29/11/2026): ele não serve à verificação, que usa o extrato da data do requerimento "
        "(Lei 3.057/2026 de Severínia, art. 2º, §3º). Importe o extrato daquela data ou decida "
        "com motivação.")


def test_extrato_posterior_divergente_e_so_um_aviso_ao_rh(client, rh):
    certame = _certame()
    _importar(dt.date(2026, 11, 15), "ativo", rh)
    pedido = _pedir(certame, rh, EM_29_11)
    assert isencao.aviso_extrato_posterior(pedido) is None
    _importar(dt.date(2026, 12, 1), "inativo", rh)
    pedido.refresh_from_db()
    aviso = (
        "O extrato do CadÚnico de referência 01/12/2026, posterior ao pedido (29/11/2026), traz "
        "o cadastro inativo. Ele não altera a verificação, feita com o extrato da data do "
        "requerimento (Lei 3.057/2026 de Severínia, art. 2º, §3º); se houver indício de "
        "informação falsa, cabe instaurar o procedimento de falsidade (Lei 3.057/2026, "
        "art. 5º).")
    assert isencao.aviso_extrato_posterior(pedido) == aviso
    client.force_login(rh)
    html = client.get(reverse("painel:pedido", args=[pedido.pk])).content.decode()
    assert aviso in html
    # Nothing was decided, nothing opened.
    pedido.refresh_from_db()
    assert (pedido.resultado_preliminar, pedido.verificacao) == ("", V.APTO)
    assert not pedido.inscricao.procedimentos.exists()
    # An income above the limit in the later extract is said with the numbers.
    _importar(dt.date(2026, 12, 3), "ativo", rh, renda="900,00")
    assert "traz renda familiar per capita de R$ 900,00, acima do limite de R$ 810,50" in (
        isencao.aviso_extrato_posterior(pedido))


def test_extrato_do_pedido_sem_decisao_fica_retido_depois_do_posterior(rh):
    """Privacy (`extrato_cadunico`): the extract an undecided request was checked against
    stays what it points to, and its lines are kept while it is undecided."""
    certame = _certame()
    de_15_11 = _importar(dt.date(2026, 11, 15), "ativo", rh).extrato
    pedido = _pedir(certame, rh, EM_29_11)
    _importar(dt.date(2026, 12, 1), "inativo", rh)
    pedido.refresh_from_db()
    assert pedido.extrato == de_15_11
    # More than 90 days after being superseded (on 02/12/2026) its lines would go, but the
    # undecided request points to it; once decided, it is past retention.
    executor = expurgo.EXECUTORES[EXTRATO_CADUNICO.codigo]
    depois = dt.date(2027, 3, 15)
    assert de_15_11 not in [a.objeto for a in executor.alvos(depois)]
    isencao.decidir_preliminar(pedido, autor=rh, confirmar=True)
    assert de_15_11 in [a.objeto for a in executor.alvos(depois)]
    assert RegistroCadUnico.objects.filter(extrato=de_15_11).count() == 1


def test_extrato_aplicavel_puro():
    def e(ref, n):
        return ExtratoCadUnico(pk=n, data_referencia=ref, nome_arquivo="x", total_registros=0)

    extratos = [e(dt.date(2026, 11, 15), 1), e(dt.date(2026, 11, 29), 2),
                e(dt.date(2026, 11, 29), 3), e(dt.date(2026, 12, 1), 4)]
    assert cadunico.extrato_aplicavel(extratos, dt.date(2026, 11, 14)) is None
    assert cadunico.extrato_aplicavel(extratos, dt.date(2026, 11, 28)).pk == 1
    # On the request date itself, and the latest import of that date.
    assert cadunico.extrato_aplicavel(extratos, dt.date(2026, 11, 29)).pk == 3
    assert cadunico.extrato_aplicavel(extratos, dt.date(2026, 12, 2)).pk == 4

"""The retention policy's shredding: dry run, execution, idempotence, files after commit."""

from __future__ import annotations

import datetime as dt
import io
import json

import pytest
from django.core.exceptions import ValidationError
from django.core.files.storage import default_storage
from django.core.management import CommandError, call_command
from django.db import connection

from candidatos.declaracoes.privacidade import AUTODECLARACAO, CADUNICO, EXTRATO_CADUNICO
from candidatos.models import Inscricao, PedidoIsencao, RegistroCadUnico, SituacaoLista
from certames import retencao
from certames.models import Ato, Certame
from comissoes.declaracoes import DOCUMENTOS, LAUDOS
from comissoes.models import Avaliacao, DocumentoEnviado
from nucleo.models import AnexoRecurso, Recurso
from privacidade import expurgo
from privacidade.models import Expurgo
from tests.privacidade.cenario import MOTIVACAO, candidato_completo, certame_encerrado, extrato

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("dono")]

# Certame A ends on 10/03/2012 and B one day later: the sensitive inputs (5 years) are kept
# until 10/03/2017 (A) and 11/03/2017 (B); the CadÚnico data and the import until the end.
A_FIM, B_FIM = dt.date(2012, 3, 10), dt.date(2012, 3, 11)
EM_5_ANOS = dt.date(2017, 3, 11)


@pytest.fixture
def a():
    return candidato_completo(certame_encerrado(dt.date(2010, 3, 10)))


@pytest.fixture
def b():
    return candidato_completo(certame_encerrado(dt.date(2010, 3, 11)))


def _existe(campo) -> bool:
    return bool(campo.name) and default_storage.exists(campo.name)


def _arquivos(d) -> list[str]:
    d.inscricao.refresh_from_db()
    return [d.inscricao.comprovante.name, d.laudo.arquivo.name, d.documento.arquivo.name,
            d.anexo.arquivo.name, d.doador.comprovante_doacao.name,
            d.anexo_isencao.arquivo.name, d.importacao.arquivo.name]


def _por_regra(resultados) -> dict[str, tuple[int, int, int, int]]:
    return {r.regra.codigo: (r.registros, r.arquivos, r.historico, r.atos) for r in resultados}


# --- the reference date ------------------------------------------------------------------------


def test_fim_do_certame_e_a_validade_contada_da_homologacao(a, b):
    certame = a.inscricao.certame
    assert retencao.fim_do_certame(certame) == A_FIM
    assert retencao.fim_do_certame(b.inscricao.certame) == B_FIM
    assert retencao.retido_ate(AUTODECLARACAO, A_FIM) == dt.date(2017, 3, 10)
    assert retencao.retido_ate(CADUNICO, A_FIM) == A_FIM
    # The extension counts too (CF art. 37, III).
    Certame.objects.filter(pk=certame.pk).update(prorrogacao_meses=24)
    certame.refresh_from_db()
    assert retencao.fim_do_certame(certame) == dt.date(2014, 3, 10)


def test_certame_em_andamento_nao_tem_fim_e_nada_dele_vence(a):
    Certame.objects.filter(pk=a.inscricao.certame_id).update(
        status=Certame.Status.EM_ANDAMENTO)
    assert retencao.fim_do_certame(Certame.objects.get(pk=a.inscricao.certame_id)) is None
    assert _por_regra(expurgo.simular(dt.date(2099, 1, 1)))["autodeclaracao"] == (0, 0, 0, 0)


def test_cada_regra_expurgavel_tem_executor_e_fundamento():
    assert [r.codigo for r in retencao.EXPURGAVEIS] == [
        "autodeclaracao", "laudos", "documentos", "cadunico", "extrato_cadunico",
        "importacoes", "pedidos_cadastro", "reivindicacoes", "avisos", "avisos_conta",
        "segundo_fator_enderecos"]
    for regra in retencao.REGRAS:
        assert "LGPD" in regra.fundamento or "Lei 3.057/2026" in regra.fundamento


# --- dry run ------------------------------------------------------------------------------------


def test_simulacao_conta_e_nao_altera_nada(a, b):
    arquivos = _arquivos(a) + _arquivos(b)
    atos = Ato.objects.count()
    historico_a = Inscricao.history.filter(
        id__in=[a.inscricao.pk, a.doador.inscricao_id]).count()
    historico_pedido = PedidoIsencao.history.filter(id=a.pedido.pk).count()

    resultados = expurgo.simular(EM_5_ANOS)

    assert _por_regra(resultados) == {
        # A's two inscrições (the main one and the blood donor's), 1 receipt, 1 act.
        "autodeclaracao": (2, 1, historico_a, 1),
        "laudos": (1, 1, 0, 0),
        # RANI, appeal attachment, donation proof, exemption appeal attachment.
        "documentos": (4, 4, 0, 0),
        # CadÚnico data and the import end with the certame: A's and B's are both past.
        "cadunico": (2, 0, historico_pedido * 2, 0),
        "extrato_cadunico": (0, 0, 0, 0),
        "importacoes": (2, 2, 0, 0),
        "pedidos_cadastro": (0, 0, 0, 0),
        "reivindicacoes": (0, 0, 0, 0),
        # No notice of the certames, no use of the second factor.
        "avisos": (0, 0, 0, 0),
        "avisos_conta": (0, 0, 0, 0),
        "segundo_fator_enderecos": (0, 0, 0, 0),
    }
    assert {r.regra.codigo: r.por_certame for r in resultados}["autodeclaracao"] == {
        str(a.inscricao.certame_id): 2}
    a.inscricao.refresh_from_db()
    assert (a.inscricao.cor_raca, a.inscricao.deficiencia) == ("preta", True)
    assert all(default_storage.exists(n) for n in arquivos)
    assert Ato.objects.count() == atos
    assert Expurgo.objects.count() == 0


def test_comando_sem_executar_imprime_as_contas_e_nao_altera(a):
    saida = io.StringIO()
    call_command("expurgar_dados", "--em", "2017-03-11", stdout=saida)
    linhas = saida.getvalue().splitlines()
    assert linhas[0] == ("Expurgo LGPD em 11/03/2017 — simulação: nada foi alterado (use "
                         "--executar)")
    laudos = next(linha for linha in linhas if linha.startswith("laudos "))
    assert laudos.split()[1:5] == ["1", "registro(s)", "1", "arquivo(s)"]
    a.laudo.refresh_from_db()
    assert _existe(a.laudo.arquivo)
    assert not Ato.objects.filter(tipo=expurgo.TIPO_ATO).exists()


def test_data_invalida_ou_futura_com_executar_e_recusada():
    with pytest.raises(CommandError, match="Data inválida em --em"):
        call_command("expurgar_dados", "--em", "11/03/2017", stdout=io.StringIO())
    futura = (expurgo.hoje() + dt.timedelta(days=1)).isoformat()
    with pytest.raises(CommandError, match="Não se expurga com data futura"):
        call_command("expurgar_dados", "--executar", "--em", futura, stdout=io.StringIO())
    with pytest.raises(ValidationError):
        expurgo.executar_regra(AUTODECLARACAO, expurgo.hoje() + dt.timedelta(days=1))
    # A future date is fine for a dry run ("what expires next month").
    call_command("expurgar_dados", "--em", futura, stdout=io.StringIO())


# --- execution ----------------------------------------------------------------------------------


def test_executar_anonimiza_so_o_que_passou_do_prazo(a, b, django_capture_on_commit_callbacks):
    arquivos_a, arquivos_b = _arquivos(a), _arquivos(b)
    with django_capture_on_commit_callbacks(execute=True):
        resultados = expurgo.executar(EM_5_ANOS)
    assert [r.erro for r in resultados] == [""] * len(retencao.EXPURGAVEIS)

    # A, one day past: the self-declaration is anonymised everywhere, the options stay.
    insc = Inscricao.objects.get(pk=a.inscricao.pk)
    assert (insc.cor_raca, insc.quilombola, insc.deficiencia, insc.tipo_deficiencia,
            insc.comprovante.name) == ("", False, False, "", "")
    assert (insc.listas, str(insc.nota)) == (["PP", "PCD"], "81.5000")
    assert set(Inscricao.history.filter(id=insc.pk).values_list(
        "cor_raca", "quilombola", "deficiencia", "tipo_deficiencia")) == {("", False, False, "")}
    ato_inscricao = Ato.objects.get(tipo="inscricao", objeto_id=str(insc.pk))
    marca = retencao.marca(AUTODECLARACAO, expurgo.hoje())
    assert ato_inscricao.depois == {
        "numero": insc.numero, "cor_raca": marca, "quilombola": marca, "deficiencia": marca,
        "tipo_deficiencia": marca, "listas": ["PP", "PCD"]}
    # Files: every file of A deleted after the commit, their fields cleared, metadata kept.
    assert [default_storage.exists(n) for n in arquivos_a] == [False] * 7
    laudo = DocumentoEnviado.objects.get(pk=a.laudo.pk)
    assert (laudo.arquivo.name, laudo.nome_original, laudo.sha256) == (
        "", retencao.marca(LAUDOS, expurgo.hoje()), "a" * 64)
    anexo = AnexoRecurso.objects.get(pk=a.anexo.pk)
    assert (anexo.arquivo.name, anexo.nome_original) == (
        "", retencao.marca(DOCUMENTOS, expurgo.hoje()))
    pedido = PedidoIsencao.objects.get(pk=a.pedido.pk)
    assert (pedido.nis, pedido.renda_per_capita, str(pedido.limite_renda)) == (
        "expurgado", None, "759.00")
    assert set(PedidoIsencao.history.filter(id=pedido.pk).values_list(
        "nis", "renda_per_capita")) == {("expurgado", None)}

    # B, on its last day: the self-declaration, the laudo and the documents stay.
    insc_b = Inscricao.objects.get(pk=b.inscricao.pk)
    assert (insc_b.cor_raca, insc_b.deficiencia, insc_b.tipo_deficiencia) == (
        "preta", True, "fisica")
    assert set(Inscricao.history.filter(id=insc_b.pk).values_list("cor_raca", flat=True)) == {
        "preta"}
    assert [default_storage.exists(n) for n in arquivos_b[:6]] == [True] * 6
    # ...but its CadÚnico data and its import ended with the certame (11/03/2012).
    assert PedidoIsencao.objects.get(pk=b.pedido.pk).nis == "expurgado"
    assert not default_storage.exists(arquivos_b[6])

    # The decisions, their motivations and the appeals stay.
    assert SituacaoLista.objects.get(pk=a.situacao.pk).motivacao == MOTIVACAO
    assert Avaliacao.objects.get(pk=a.avaliacao.pk).parecer == MOTIVACAO
    assert Recurso.objects.get(procedimento="heteroidentificacao",
                               objeto_id=a.avaliacao.pk).texto == "Razões do recurso."
    assert Recurso.objects.get(pk=a.recurso_isencao.pk).texto == "Recurso da isenção."


def test_executar_registra_um_ato_por_tipo_com_contas_e_sem_dados(
        a, django_capture_on_commit_callbacks):
    historico = Inscricao.history.filter(
        id__in=[a.inscricao.pk, a.doador.inscricao_id]).count()
    with django_capture_on_commit_callbacks(execute=True):
        resultados = expurgo.executar(EM_5_ANOS)
    atos = list(Ato.objects.filter(tipo=expurgo.TIPO_ATO).order_by("pk"))
    assert [a_.depois["regra"] for a_ in atos] == [
        "autodeclaracao", "laudos", "documentos", "cadunico", "importacoes"]
    assert atos[0].depois == {
        "regra": "autodeclaracao", "registros": 2, "arquivos": 1, "historico": historico,
        "atos": 1, "por_certame": {str(a.inscricao.certame_id): 2}, "em": "2017-03-11"}
    assert [r.ato_id for r in resultados] == [atos[0].pk, atos[1].pk, atos[2].pk, atos[3].pk,
                                              None, atos[4].pk, None, None, None, None, None]
    assert resultados[0].arquivos_apagados == 1
    texto = json.dumps([(x.descricao, x.motivacao, x.antes, x.depois) for x in atos])
    for dado in ("preta", "fisica", "12345678919", "400.00", "laudo-CID.pdf"):
        assert dado not in texto
    # One marker per object, saying when, under which rule and up to when it was kept.
    marca = Expurgo.objects.get(regra="autodeclaracao", objeto_id=str(a.inscricao.pk))
    assert (marca.referencia, marca.retido_ate, marca.ato_id, marca.campos) == (
        A_FIM, dt.date(2017, 3, 10), atos[0].pk,
        {"campos": ["cor_raca", "deficiencia", "quilombola", "tipo_deficiencia"],
         "arquivos": ["comprovante"], "historico": True, "atos": 1})
    assert Expurgo.objects.filter(regra="documentos").count() == 4


def test_executar_de_novo_nao_muda_nada(a, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        expurgo.executar(EM_5_ANOS)
    atos, marcas = Ato.objects.count(), Expurgo.objects.count()
    historico = list(Inscricao.history.order_by("pk").values_list("pk", "cor_raca"))
    with django_capture_on_commit_callbacks(execute=True):
        segunda = expurgo.executar(EM_5_ANOS)
    assert [(r.registros, r.arquivos, r.historico, r.atos, r.ato_id) for r in segunda] == [
        (0, 0, 0, 0, None)] * len(retencao.EXPURGAVEIS)
    assert (Ato.objects.count(), Expurgo.objects.count()) == (atos, marcas)
    assert list(Inscricao.history.order_by("pk").values_list("pk", "cor_raca")) == historico
    assert _por_regra(expurgo.simular(EM_5_ANOS)) == {
        r.codigo: (0, 0, 0, 0) for r in retencao.EXPURGAVEIS}


def test_cadunico_e_planilha_vencem_no_fim_do_certame(a, b, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        expurgo.executar(dt.date(2012, 3, 11))
    assert PedidoIsencao.objects.get(pk=a.pedido.pk).nis == "expurgado"
    assert PedidoIsencao.objects.get(pk=b.pedido.pk).nis == "12345678919"
    a.importacao.refresh_from_db()
    b.importacao.refresh_from_db()
    assert (a.importacao.arquivo.name, _existe(b.importacao.arquivo)) == ("", True)
    # The self-declaration of A is still within its five years.
    assert Inscricao.objects.get(pk=a.inscricao.pk).cor_raca == "preta"


def test_falha_na_transacao_nao_apaga_nenhum_arquivo(a, monkeypatch,
                                                     django_capture_on_commit_callbacks):
    def falha(**kwargs):
        raise RuntimeError("falha simulada ao registrar o ato")

    monkeypatch.setattr(expurgo, "registrar_ato", falha)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        with pytest.raises(RuntimeError):
            expurgo.executar_regra(LAUDOS, EM_5_ANOS)
    assert callbacks == []
    laudo = DocumentoEnviado.objects.get(pk=a.laudo.pk)
    assert (laudo.nome_original, _existe(laudo.arquivo)) == ("laudo-CID.pdf", True)
    assert not Expurgo.objects.exists()


def test_comando_executar_imprime_o_ato(a):
    saida = io.StringIO()
    call_command("expurgar_dados", "--executar", "--em", "2017-03-11", stdout=saida)
    ato = Ato.objects.get(tipo=expurgo.TIPO_ATO, depois__regra="laudos")
    texto = saida.getvalue()
    assert texto.splitlines()[0] == "Expurgo LGPD em 11/03/2017 — execução"
    assert f"ato nº {ato.pk}" in texto
    assert DocumentoEnviado.objects.get(pk=a.laudo.pk).arquivo.name == ""


# --- the CadÚnico extract ---------------------------------------------------------------------


def _momento(data: dt.date):
    from django.utils import timezone

    return timezone.make_aware(dt.datetime.combine(data, dt.time(10)))


def test_extrato_substituido_vai_90_dias_depois_e_o_atual_12_meses_apos_a_referencia():
    antigo = extrato(dt.date(2020, 1, 1), _momento(dt.date(2020, 1, 5)))
    atual = extrato(dt.date(2020, 6, 1), _momento(dt.date(2020, 6, 10)), nis=("1", "2"))
    # Superseded on 10/06/2020: kept until 08/09/2020.
    assert _por_regra(expurgo.simular(dt.date(2020, 9, 8)))["extrato_cadunico"] == (0, 0, 0, 0)
    resultado = expurgo.executar_regra(EXTRATO_CADUNICO, dt.date(2020, 9, 9))
    assert resultado.registros == 1
    assert list(RegistroCadUnico.objects.values_list("extrato_id", flat=True)) == [
        atual.pk, atual.pk]
    antigo.refresh_from_db()
    assert antigo.total_registros == 1  # the import's record stays
    # The latest one: 12 months after its reference date (01/06/2021).
    assert expurgo.executar_regra(EXTRATO_CADUNICO, dt.date(2021, 6, 1)).registros == 0
    assert expurgo.executar_regra(EXTRATO_CADUNICO, dt.date(2021, 6, 2)).registros == 2
    assert not RegistroCadUnico.objects.exists()


def test_extrato_com_pedido_sem_decisao_fica(a):
    antigo = extrato(dt.date(2020, 1, 1), _momento(dt.date(2020, 1, 5)))
    extrato(dt.date(2020, 6, 1), _momento(dt.date(2020, 6, 10)))
    PedidoIsencao.objects.filter(pk=a.pedido.pk).update(extrato=antigo, resultado_preliminar="")
    assert expurgo.executar_regra(EXTRATO_CADUNICO, dt.date(2020, 9, 9)).registros == 0
    assert RegistroCadUnico.objects.filter(extrato=antigo).count() == 1


# --- PostgreSQL: the append-only history and act tables -----------------------------------------


@pytest.mark.postgres
@pytest.mark.skipif(connection.vendor != "postgresql", reason="gatilhos só no PostgreSQL")
def test_postgresql_anonimiza_o_historico_e_os_atos(a, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        resultados = expurgo.executar(EM_5_ANOS)
    assert [r.erro for r in resultados] == [""] * len(retencao.EXPURGAVEIS)
    assert set(Inscricao.history.filter(id=a.inscricao.pk).values_list("cor_raca", flat=True)) \
        == {""}
    assert set(PedidoIsencao.history.filter(id=a.pedido.pk).values_list("nis", flat=True)) == {
        "expurgado"}
    assert Ato.objects.get(tipo="inscricao", objeto_id=str(a.inscricao.pk)).depois[
        "cor_raca"] == retencao.marca(AUTODECLARACAO, expurgo.hoje())
    assert AnexoRecurso.objects.get(pk=a.anexo.pk).arquivo.name == ""


@pytest.mark.postgres
@pytest.mark.skipif(connection.vendor != "postgresql", reason="gatilhos só no PostgreSQL")
def test_postgresql_sem_a_liberacao_o_historico_continua_protegido(a, monkeypatch):
    from django.db import DatabaseError

    monkeypatch.setattr(expurgo, "_liberar_anonimizacao", lambda: None)
    resultado = expurgo.executar(EM_5_ANOS)[0]
    assert "aceita apenas inclusões" in resultado.erro
    with pytest.raises(DatabaseError):
        expurgo.executar_regra(AUTODECLARACAO, EM_5_ANOS)

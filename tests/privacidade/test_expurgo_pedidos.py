"""Retention of the portal's sign-up requests (`candidatos.PedidoCadastro`): rules
"pedidos_cadastro" (90 days after a request ended without an RH decision) and
"reivindicacoes" (5 years after RH decided a claim). The requests are made through the
portal's own functions, then dated in the past."""

from __future__ import annotations

import datetime as dt
import io
import json

import pytest
from django.core.management import call_command
from django.db import connection
from django.utils import timezone

from candidatos.contas import cadastro as contas
from candidatos.contas import reivindicacoes
from candidatos.declaracoes.privacidade import PEDIDOS_CADASTRO, REIVINDICACOES, fim_do_pedido
from candidatos.models import Candidato, PedidoCadastro
from certames import retencao
from certames.auditoria import registrar_ato
from certames.models import Ato
from privacidade import expurgo
from privacidade.models import Expurgo
from tests.factories import CandidatoFactory, InscricaoFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("dono")]

Situacao = PedidoCadastro.Situacao
Via = PedidoCadastro.Via
SENHA = "Senha-do-portal-2026"
MOTIVO_RECUSA = "Documento com foto apresentado não confere com o cadastro da banca."
MOTIVO_APROVACAO = "RG e CPF originais conferidos no balcão da prefeitura em 10/01/2020."
# Every request below ends on 10/01/2020 (the expired link three days later).
FIM = dt.date(2020, 1, 10)
ULTIMO_DIA_90 = dt.date(2020, 4, 9)          # FIM + 90 days
ULTIMO_DIA_EXPIRADO = dt.date(2020, 4, 12)   # 13/01/2020 + 90 days
ULTIMO_DIA_5_ANOS = dt.date(2025, 1, 10)
UM_DIA = dt.timedelta(days=1)
#: What the approval changed on the record (its previous values: the banca's e-mail, blanks).
ANTES_DA_APROVACAO = {"email": "banca.antigo@example.com", "telefone": "",
                      "data_nascimento": None}


def _momento(data: dt.date, hora: int = 12) -> dt.datetime:
    return timezone.make_aware(dt.datetime.combine(data, dt.time(hora)))


def _dados(cpf: str, **extra) -> contas.DadosCadastro:
    campos = {"cpf": cpf, "nome": "Joana Maria dos Santos",
              "data_nascimento": dt.date(1994, 5, 17), "email": "joana.digitou@example.com",
              "telefone": "(17) 99123-4567", "senha": SENHA, **extra}
    return contas.DadosCadastro(**campos)


def _datar(pedido: PedidoCadastro, *, criado: dt.date, concluido: dt.date | None = None):
    PedidoCadastro.objects.filter(pk=pedido.pk).update(
        criado_em=_momento(criado, 9), concluido_em=_momento(concluido) if concluido else None)
    pedido.refresh_from_db()
    return pedido


def _importado(**campos) -> Candidato:
    candidato = CandidatoFactory(**campos)
    InscricaoFactory(candidato=candidato, numero="2019000042")
    return candidato


@pytest.fixture
def pedidos(rh, settings):
    settings.PASSWORD_RESET_TIMEOUT = 3 * 24 * 3600
    p = {}
    # A new CPF, confirmed through the link: the account and the Candidato hold the data now.
    contas.solicitar_cadastro(_dados("52998224725"), base_url="")
    confirmado = PedidoCadastro.objects.get(cpf="52998224725")
    contas.confirmar_pedido(confirmado)
    p["confirmado"] = _datar(confirmado, criado=FIM, concluido=FIM)
    # A new CPF whose link was never used: linked to nothing.
    contas.solicitar_cadastro(_dados("11144477735", email="outra@example.com"), base_url="")
    p["expirado"] = _datar(PedidoCadastro.objects.get(cpf="11144477735"), criado=FIM)
    # An imported record without e-mail: birth date and inscrição number did not match.
    sem_email = _importado(email="", data_nascimento=dt.date(1980, 1, 1))
    contas.solicitar_cadastro(_dados(sem_email.cpf, numero_inscricao="2019000042"),
                              base_url="")
    p["nao_confere"] = _datar(PedidoCadastro.objects.get(cpf=sem_email.cpf), criado=FIM)
    # Claims RH decided: one refused, one approved (the record's e-mail is replaced).
    recusada = _importado(email="", data_nascimento=None)
    contas.solicitar_cadastro(_dados(recusada.cpf, pede_analise=True,
                                     explicacao="Perdi o acesso ao e-mail antigo."),
                              base_url="")
    pedido = PedidoCadastro.objects.get(cpf=recusada.cpf)
    reivindicacoes.decidir_reivindicacao(pedido, aprovar=False, motivacao=MOTIVO_RECUSA, autor=rh)
    p["recusada"] = _datar(pedido, criado=FIM, concluido=FIM)
    aprovada = _importado(email="banca.antigo@example.com")
    contas.solicitar_cadastro(_dados(aprovada.cpf, pede_analise=True,
                                     explicacao="O e-mail da banca é de outra pessoa."),
                              base_url="")
    pedido = PedidoCadastro.objects.get(cpf=aprovada.cpf)
    reivindicacoes.decidir_reivindicacao(pedido, aprovar=True, motivacao=MOTIVO_APROVACAO, autor=rh)
    p["aprovada"] = _datar(pedido, criado=FIM, concluido=FIM)
    # Pending: a claim RH has not decided for years, and a link sent today.
    pendente = _importado(email="", data_nascimento=None)
    contas.solicitar_cadastro(_dados(pendente.cpf, pede_analise=True,
                                     explicacao="Cadastro sem dados."), base_url="")
    p["em_analise"] = _datar(PedidoCadastro.objects.get(cpf=pendente.cpf),
                             criado=dt.date(2015, 1, 1))
    contas.solicitar_cadastro(_dados("39053344705"), base_url="")
    p["aguardando"] = PedidoCadastro.objects.get(cpf="39053344705")
    assert {k: (v.via, v.situacao) for k, v in p.items()} == {
        "confirmado": (Via.NOVO, Situacao.CONCLUIDO),
        "expirado": (Via.NOVO, Situacao.AGUARDANDO),
        "nao_confere": (Via.DADOS_DA_INSCRICAO, Situacao.NAO_CONFERE),
        "recusada": (Via.ANALISE_RH, Situacao.RECUSADO),
        "aprovada": (Via.ANALISE_RH, Situacao.CONCLUIDO),
        "em_analise": (Via.ANALISE_RH, Situacao.EM_ANALISE),
        "aguardando": (Via.NOVO, Situacao.AGUARDANDO),
    }
    return p


def _digitado(pedido: PedidoCadastro) -> tuple:
    pedido.refresh_from_db()
    return (pedido.nome, pedido.nome_social, pedido.data_nascimento, pedido.email,
            pedido.telefone, pedido.numero_inscricao, pedido.explicacao, pedido.email_destino,
            pedido.senha)


def _anonimizado(regra, quando: dt.date) -> tuple:
    return (retencao.marca(regra, quando), "", dt.date(1900, 1, 1), "", "", "", "", "", "")


def _contas(em: dt.date) -> dict[str, tuple[int, int]]:
    return {r.regra.codigo: (r.registros, r.atos, r.apagados) for r in expurgo.simular(em)
            if r.regra.codigo in ("pedidos_cadastro", "reivindicacoes")}


# --- the policy ---------------------------------------------------------------------------


def test_fim_do_pedido_e_o_dia_em_que_terminou(pedidos):
    fins = {k: fim_do_pedido(v) for k, v in pedidos.items()}
    hoje = timezone.localdate()
    assert fins == {
        "confirmado": FIM, "nao_confere": FIM, "recusada": FIM, "aprovada": FIM,
        # A link ends when it expires (PASSWORD_RESET_TIMEOUT, 3 days here).
        "expirado": dt.date(2020, 1, 13),
        "aguardando": timezone.localdate(pedidos["aguardando"].criado_em
                                         + dt.timedelta(days=3)),
        # A claim waiting for RH has no end.
        "em_analise": None,
    }
    assert fins["aguardando"] >= hoje
    assert retencao.retido_ate(PEDIDOS_CADASTRO, FIM) == ULTIMO_DIA_90
    assert retencao.retido_ate(REIVINDICACOES, FIM) == ULTIMO_DIA_5_ANOS
    assert [r.codigo for r in retencao.REGRAS].index("pedidos_cadastro") < [
        r.codigo for r in retencao.REGRAS].index("identificacao")


# --- dry run ------------------------------------------------------------------------------


def test_simulacao_conta_e_nao_altera_nada(pedidos):
    antes = {k: _digitado(v) for k, v in pedidos.items()}
    atos = list(Ato.objects.order_by("pk").values_list("pk", "objeto_repr", "antes", "depois"))

    # On their last day nothing is past; the day after, the confirmed and the failed one.
    assert _contas(ULTIMO_DIA_90) == {"pedidos_cadastro": (0, 0, None),
                                      "reivindicacoes": (0, 0, None)}
    assert _contas(ULTIMO_DIA_90 + UM_DIA) == {"pedidos_cadastro": (2, 0, 0),
                                               "reivindicacoes": (0, 0, None)}
    # The expired link three days later: deleted, and its act's masked CPF replaced.
    assert _contas(ULTIMO_DIA_EXPIRADO + UM_DIA) == {"pedidos_cadastro": (3, 1, 1),
                                                     "reivindicacoes": (0, 0, None)}
    assert _contas(ULTIMO_DIA_5_ANOS + UM_DIA) == {"pedidos_cadastro": (3, 1, 1),
                                                   "reivindicacoes": (2, 0, None)}

    assert {k: _digitado(v) for k, v in pedidos.items()} == antes
    assert list(Ato.objects.order_by("pk").values_list(
        "pk", "objeto_repr", "antes", "depois")) == atos
    assert not Expurgo.objects.exists()


def test_comando_sem_executar_mostra_as_regras_dos_pedidos(pedidos):
    saida = io.StringIO()
    call_command("expurgar_dados", "--em", "2020-04-13", stdout=saida)
    linhas = saida.getvalue().splitlines()
    i = next(n for n, linha in enumerate(linhas) if linha.startswith("pedidos_cadastro "))
    assert linhas[i].split()[1:8] == ["3", "registro(s)", "0", "arquivo(s)", "0", "linha(s)",
                                      "de"]
    assert linhas[i + 1] == "    dos quais 1 registro(s) apagado(s) em vez de anonimizado(s)"
    assert PedidoCadastro.objects.filter(pk=pedidos["expirado"].pk).exists()


# --- execution ----------------------------------------------------------------------------


def test_um_dia_dentro_do_prazo_fica_e_um_dia_depois_e_anonimizado(pedidos):
    confirmado, nao_confere = pedidos["confirmado"], pedidos["nao_confere"]
    digitado = _digitado(nao_confere)
    assert expurgo.executar_regra(PEDIDOS_CADASTRO, ULTIMO_DIA_90).registros == 0
    assert _digitado(nao_confere) == digitado

    resultado = expurgo.executar_regra(PEDIDOS_CADASTRO, ULTIMO_DIA_90 + UM_DIA)

    assert (resultado.registros, resultado.apagados, resultado.atos) == (2, 0, 0)
    hoje = expurgo.hoje()
    for pedido in (confirmado, nao_confere):
        assert _digitado(pedido) == _anonimizado(PEDIDOS_CADASTRO, hoje)
    # The fact stays: CPF (the record's or the account's), how, outcome, dates, links.
    assert (nao_confere.cpf, nao_confere.via, nao_confere.situacao, nao_confere.criado_em,
            nao_confere.candidato_id) == (
        pedidos["nao_confere"].candidato.cpf, Via.DADOS_DA_INSCRICAO, Situacao.NAO_CONFERE,
        _momento(FIM, 9), pedidos["nao_confere"].candidato_id)
    assert (confirmado.cpf, confirmado.concluido_em, confirmado.usuario.username) == (
        "52998224725", _momento(FIM), "52998224725")
    # ...and the account's data, which live in the Candidato, are not touched.
    assert Candidato.objects.filter(cpf="52998224725").values_list("nome", "email").get() == (
        "Joana Maria dos Santos", "joana.digitou@example.com")
    # The expired link (its end three days later) is still within its period.
    assert PedidoCadastro.objects.get(pk=pedidos["expirado"].pk).nome == "Joana Maria dos Santos"
    marca = Expurgo.objects.get(regra="pedidos_cadastro", objeto_id=str(nao_confere.pk))
    assert (marca.referencia, marca.retido_ate, marca.campos) == (
        FIM, ULTIMO_DIA_90,
        {"campos": ["data_nascimento", "email", "email_destino", "explicacao", "nome",
                    "nome_social", "numero_inscricao", "senha", "telefone"], "atos": 0})
    ato = Ato.objects.get(pk=resultado.ato_id)
    assert ato.depois == {"regra": "pedidos_cadastro", "registros": 2, "arquivos": 0,
                          "historico": 0, "atos": 0, "por_certame": {}, "apagados": 0,
                          "em": "2020-04-10"}


def test_pedido_sem_cadastro_nem_conta_e_apagado_e_o_ato_fica(pedidos):
    expirado = pedidos["expirado"]
    ato_pedido = Ato.objects.get(tipo="cadastro_candidato", objeto_id=str(expirado.pk))
    assert ato_pedido.objeto_repr == f"Pedido de cadastro nº {expirado.pk} (CPF ***.444.777-**)"
    # Its last day: the two requests that ended three days before it go, it stays.
    primeira = expurgo.executar_regra(PEDIDOS_CADASTRO, ULTIMO_DIA_EXPIRADO)
    assert (primeira.registros, primeira.apagados) == (2, 0)
    assert PedidoCadastro.objects.filter(pk=expirado.pk).exists()

    resultado = expurgo.executar_regra(PEDIDOS_CADASTRO,
                                       ULTIMO_DIA_EXPIRADO + UM_DIA)

    assert (resultado.registros, resultado.apagados, resultado.atos) == (1, 1, 1)
    assert not PedidoCadastro.objects.filter(cpf="11144477735").exists()
    ato_pedido.refresh_from_db()
    marca = retencao.marca(PEDIDOS_CADASTRO, expurgo.hoje())
    # The act still says a sign-up was made (ids, how), without the CPF.
    assert ato_pedido.objeto_repr == f"Pedido de cadastro nº {expirado.pk} {marca}"
    assert ato_pedido.depois == {"pedido": expirado.pk, "via": "novo", "candidato": None,
                                 "encerrado": None}
    assert Expurgo.objects.get(regra="pedidos_cadastro", objeto_id=str(expirado.pk)).campos == {
        "registro_apagado": True, "atos": 1}
    assert "Dos registros, 1 apagado(s)" in Ato.objects.get(pk=resultado.ato_id).descricao
    texto = json.dumps(list(Ato.objects.values_list("descricao", "objeto_repr", "antes",
                                                    "depois")), ensure_ascii=False)
    assert "outra@example.com" not in texto and "***.444.777-**" not in texto


def test_pendentes_nunca_sao_tocados(pedidos):
    pendentes = (pedidos["em_analise"], pedidos["aguardando"])
    antes = [_digitado(p) for p in pendentes]
    # Both still hold the password hash the account will be created with.
    assert all(d[8] for d in antes)
    resultados = expurgo.executar(timezone.localdate())
    assert [r.erro for r in resultados] == [""] * len(retencao.EXPURGAVEIS)
    assert [_digitado(p) for p in pendentes] == antes
    assert not Expurgo.objects.filter(
        objeto_id__in=[str(p.pk) for p in pendentes]).exists()
    # Everything that ended is past: 3 requests and the 2 decided claims.
    assert Expurgo.objects.filter(regra__in=["pedidos_cadastro", "reivindicacoes"]).count() == 5


def test_decisao_da_organizadora_fica_5_anos_e_a_motivacao_para_sempre(pedidos, rh):
    recusada, aprovada = pedidos["recusada"], pedidos["aprovada"]
    digitado = _digitado(recusada)
    assert digitado[6] == "Perdi o acesso ao e-mail antigo."
    ato_aprovacao = Ato.objects.get(tipo="reivindicacao_cadastro_aprovada")
    assert ato_aprovacao.antes == ANTES_DA_APROVACAO
    # 90 days, and the last of the 5 years: untouched.
    expurgo.executar(ULTIMO_DIA_90 + UM_DIA)
    assert expurgo.executar_regra(REIVINDICACOES, ULTIMO_DIA_5_ANOS).registros == 0
    assert _digitado(recusada) == digitado

    resultado = expurgo.executar_regra(REIVINDICACOES, ULTIMO_DIA_5_ANOS + UM_DIA)

    assert (resultado.registros, resultado.apagados) == (2, None)
    hoje = expurgo.hoje()
    assert _digitado(recusada) == _anonimizado(REIVINDICACOES, hoje)
    assert _digitado(aprovada) == _anonimizado(REIVINDICACOES, hoje)
    # The decision stays: who, the motivation, the dates, the record and the account.
    assert (recusada.situacao, recusada.decidido_por, recusada.motivacao,
            recusada.concluido_em, recusada.cpf) == (
        Situacao.RECUSADO, rh, MOTIVO_RECUSA, _momento(FIM), pedidos["recusada"].candidato.cpf)
    assert (aprovada.motivacao, aprovada.usuario.username, aprovada.candidato.usuario_id) == (
        MOTIVO_APROVACAO, aprovada.cpf, aprovada.usuario_id)
    assert list(Ato.objects.filter(tipo__startswith="reivindicacao_cadastro_")
                .order_by("pk").values_list("tipo", "motivacao")) == [
        ("reivindicacao_cadastro_recusada", MOTIVO_RECUSA),
        ("reivindicacao_cadastro_aprovada", MOTIVO_APROVACAO)]
    # The approval's act keeps the record's former e-mail: the record's data, not a copy
    # of what was typed (rule "identificacao").
    ato_aprovacao.refresh_from_db()
    assert ato_aprovacao.antes == ANTES_DA_APROVACAO
    assert Expurgo.objects.get(regra="reivindicacoes",
                               objeto_id=str(recusada.pk)).retido_ate == ULTIMO_DIA_5_ANOS


def test_copias_do_que_foi_digitado_nos_atos_do_pedido_sao_trocadas_pela_marca(pedidos):
    pedido = pedidos["nao_confere"]
    copia = registrar_ato(
        tipo="teste_copia", objeto=pedido, descricao="Ato que copiou o que foi digitado.",
        antes={"email": "", "telefone": None},
        depois={"email": "JOANA.digitou@example.com", "data_nascimento": "1994-05-17",
                "nome": "Outro nome", "pedido": pedido.pk})

    resultado = expurgo.executar_regra(PEDIDOS_CADASTRO, ULTIMO_DIA_90 + UM_DIA)

    assert resultado.atos == 1
    marca = retencao.marca(PEDIDOS_CADASTRO, expurgo.hoje())
    copia.refresh_from_db()
    # Same field and same value: a copy. Blank values, another value, other keys: stay.
    assert (copia.antes, copia.depois) == (
        {"email": "", "telefone": None},
        {"email": marca, "data_nascimento": marca, "nome": "Outro nome", "pedido": pedido.pk})
    assert copia.objeto_repr.startswith(f"Pedido de cadastro nº {pedido.pk} (CPF ")
    assert Expurgo.objects.get(regra="pedidos_cadastro",
                               objeto_id=str(pedido.pk)).campos["atos"] == 1


def test_executar_de_novo_nao_muda_nada(pedidos):
    em = ULTIMO_DIA_5_ANOS + UM_DIA
    primeira = {r.regra.codigo: r.registros for r in expurgo.executar(em)}
    assert (primeira["pedidos_cadastro"], primeira["reivindicacoes"]) == (3, 2)
    atos, marcas = Ato.objects.count(), Expurgo.objects.count()
    linhas = list(PedidoCadastro.objects.order_by("pk").values_list())

    segunda = expurgo.executar(em)

    assert [(r.registros, r.atos, r.ato_id) for r in segunda] == [(0, 0, None)] * len(segunda)
    assert (Ato.objects.count(), Expurgo.objects.count()) == (atos, marcas)
    assert list(PedidoCadastro.objects.order_by("pk").values_list()) == linhas
    assert _contas(em) == {"pedidos_cadastro": (0, 0, None), "reivindicacoes": (0, 0, None)}


# --- PostgreSQL: the append-only act table --------------------------------------------------


@pytest.mark.postgres
@pytest.mark.skipif(connection.vendor != "postgresql", reason="gatilhos só no PostgreSQL")
def test_postgresql_troca_o_cpf_mascarado_do_ato_do_pedido_apagado(pedidos):
    resultado = expurgo.executar_regra(PEDIDOS_CADASTRO, ULTIMO_DIA_EXPIRADO + UM_DIA)
    assert (resultado.registros, resultado.apagados, resultado.erro) == (3, 1, "")
    ato = Ato.objects.get(tipo="cadastro_candidato", objeto_id=str(pedidos["expirado"].pk))
    assert "***.444.777-**" not in ato.objeto_repr

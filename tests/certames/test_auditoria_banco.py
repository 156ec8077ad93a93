"""The audit trail cannot be erased at the database.

PostgreSQL only. The tests that act "as the application role" use the suite's role when it
runs under TEST_DATABASE_APP_ROLE (.ci/run), and otherwise a role created inside the test's
transaction (rolled back with it) with the same grants (comum/privilegios_banco.py).
"""

from __future__ import annotations

import io
import os
from decimal import Decimal

import pytest
from django.apps import apps
from django.core.management import CommandError, call_command
from django.db import DatabaseError, connection, transaction
from django.urls import reverse

from candidatos.models import EstadoLista, Inscricao, SituacaoLista
from certames.auditoria import registrar_ato
from certames.models import AlteracaoColuna, Ato
from comum.privilegios_banco import aplicar_privilegios
from comum.somente_insercao import (
    COLUNAS_AUDITADAS,
    TABELAS_PROTEGIDAS,
    tabelas_protegidas_no_banco,
)
from tests.banco import PAPEL_APP, como_dono
from tests.factories import InscricaoFactory

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="gatilhos e papéis do PostgreSQL"),
]

RECUSADO = "permission denied|must be owner|permissão negada|deve ser o dono"


def _sql(sql: str, params=None):
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall() if cursor.description else None


def _papel_atual() -> str:
    return _sql("SELECT current_user")[0][0]


@pytest.fixture
def como_aplicacao(db):
    """The test runs as the application role; returns its name."""
    papel = _sql("SELECT current_setting('role')")[0][0]
    if papel != "none":  # the suite already runs under TEST_DATABASE_APP_ROLE
        return papel
    if not _sql("SELECT rolsuper FROM pg_roles WHERE rolname = session_user")[0][0]:
        pytest.skip("criar um papel de teste exige um superusuário em DATABASE_URL")
    papel = f"certames_app_teste_{os.getpid()}"
    _sql(f'CREATE ROLE "{papel}" NOLOGIN')  # inside the test's transaction: rolled back
    aplicar_privilegios(connection, papel)
    _sql("SELECT set_config('role', %s, true)", [papel])
    return papel


def _recusado(sql: str, padrao: str = RECUSADO):
    with pytest.raises(DatabaseError, match=padrao):
        with transaction.atomic():
            _sql(sql)


# --- the registry and the catalog --------------------------------------------------------------


def test_toda_tabela_protegida_tem_gatilhos_de_update_delete_e_truncate(db):
    with connection.cursor() as cursor:
        no_banco = tabelas_protegidas_no_banco(cursor)
    existentes = set(connection.introspection.table_names())
    assert no_banco == set(TABELAS_PROTEGIDAS) & existentes
    linhas = _sql(
        "SELECT c.relname, t.tgname, t.tgtype FROM pg_trigger t JOIN pg_class c "
        "ON c.oid = t.tgrelid WHERE t.tgfoid = 'auditoria_recusa_alteracao'::regproc")
    tipos: dict[str, set[int]] = {}
    for tabela, _nome, tgtype in linhas:
        tipos.setdefault(tabela, set()).add(tgtype)
    # 27 = ROW | BEFORE | DELETE | UPDATE; 34 = STATEMENT | BEFORE | TRUNCATE (pg_trigger.h)
    assert {t: tipos[t] for t in no_banco} == {t: {27, 34} for t in no_banco}


def test_toda_tabela_de_historico_simple_history_esta_no_registro():
    historicas = {m._meta.db_table for m in apps.get_models()
                  if m.__name__.startswith("Historical") and m.__module__ != "__fake__"}
    assert historicas - set(TABELAS_PROTEGIDAS) == set()


def test_colunas_auditadas_tem_gatilhos_de_insert_update_delete(db):
    linhas = _sql(
        "SELECT c.relname, count(*) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid "
        "WHERE t.tgfoid = 'auditoria_registra_colunas'::regproc GROUP BY c.relname")
    assert dict(linhas) == {t: 3 for t in COLUNAS_AUDITADAS}


# --- the application role ----------------------------------------------------------------------


@pytest.mark.parametrize("tabela", ["certames_ato", "candidatos_historicalinscricao",
                                    "certames_versaoclassificacao", "certames_alteracaocoluna"])
def test_aplicacao_nao_altera_apaga_nem_trunca_tabelas_protegidas(como_aplicacao, tabela):
    InscricaoFactory()
    registrar_ato(tipo="teste", descricao="original")
    _recusado(f"UPDATE {tabela} SET id = id")
    _recusado(f"DELETE FROM {tabela}")
    _recusado(f"TRUNCATE {tabela}")
    _recusado(f"TRUNCATE {tabela} CASCADE")
    assert Ato.objects.get().descricao == "original"
    assert Inscricao.history.count() == 1


def test_aplicacao_nao_desliga_nem_remove_gatilhos(como_aplicacao):
    _recusado("ALTER TABLE certames_ato DISABLE TRIGGER ALL")
    _recusado("ALTER TABLE certames_ato DISABLE TRIGGER certames_ato_somente_insercao")
    _recusado("DROP TRIGGER certames_ato_somente_insercao ON certames_ato")
    _recusado("DROP TRIGGER candidatos_inscricao_colunas_upd ON candidatos_inscricao")
    _recusado("SET session_replication_role = replica",
              "permission denied|permissão negada")
    _recusado("ALTER TABLE certames_ato OWNER TO CURRENT_USER")


def test_aplicacao_nao_forja_o_historico_de_colunas(como_aplicacao):
    _recusado("INSERT INTO certames_alteracaocoluna (tabela, registro_id, coluna, operacao, "
              "contexto, usuario_banco, papel_banco, registrada_em, transacao) VALUES "
              "('x', '1', 'nota', 'UPDATE', '{}', 'x', 'x', now(), 1)")


def test_aplicacao_registra_atos_e_altera_a_nota(como_aplicacao):
    insc = InscricaoFactory(nota=Decimal("70"))
    ato = registrar_ato(tipo="correcao_nota", descricao="Nota corrigida", objeto=insc)
    insc.nota = Decimal("71.5")
    insc.save()
    assert _papel_atual() == como_aplicacao
    insc.refresh_from_db()
    assert (insc.nota, Ato.objects.get().pk) == (Decimal("71.5"), ato.pk)


# --- the column history ------------------------------------------------------------------------


def test_update_cru_da_nota_e_do_estado_na_lista_deixa_rastro(como_aplicacao):
    insc = InscricaoFactory(nota=Decimal("70"), listas=["PP"])
    situacao = SituacaoLista.objects.create(inscricao=insc, lista="PP",
                                            estado=EstadoLista.NAO_CONFIRMADA)
    inicio = AlteracaoColuna.objects.order_by("-id").values_list("id", flat=True).first() or 0
    _sql("UPDATE candidatos_inscricao SET nota = 95.25 WHERE id = %s", [insc.pk])
    _sql("UPDATE candidatos_situacaolista SET estado = 'confirmada' WHERE id = %s",
         [situacao.pk])
    novas = list(AlteracaoColuna.objects.filter(id__gt=inicio).order_by("id").values_list(
        "tabela", "registro_id", "coluna", "operacao", "valor_anterior", "valor_novo",
        "usuario_banco", "papel_banco", "contexto"))
    usuario = _sql("SELECT session_user")[0][0]
    assert novas == [
        ("candidatos_inscricao", str(insc.pk), "nota", "UPDATE", "70.0000", "95.2500",
         usuario, como_aplicacao,
         {"certame_id": insc.certame_id, "cargo_id": insc.cargo_id, "numero": insc.numero}),
        ("candidatos_situacaolista", str(situacao.pk), "estado", "UPDATE", "nao_confirmada",
         "confirmada", usuario, como_aplicacao, {"inscricao_id": insc.pk, "lista": "PP"}),
    ]


def test_historico_de_colunas_so_registra_mudancas_reais(como_aplicacao):
    insc = InscricaoFactory(nota=Decimal("70"))
    criadas = set(AlteracaoColuna.objects.filter(
        tabela="candidatos_inscricao", registro_id=str(insc.pk)).values_list(
        "coluna", "operacao", "valor_anterior", "valor_novo"))
    # Empty values (the default [] of listas and desempate, a NULL convocada_em) are not logged.
    assert criadas == {("nota", "INSERT", None, "70.0000"),
                       ("situacao", "INSERT", None, "habilitado"),
                       ("situacao_taxa", "INSERT", None, "pendente")}
    antes = AlteracaoColuna.objects.count()
    _sql("UPDATE candidatos_inscricao SET nota = 70.00, situacao = situacao WHERE id = %s",
         [insc.pk])
    insc.save()  # the ORM rewrites every column: nothing changed
    assert AlteracaoColuna.objects.count() == antes
    situacao = SituacaoLista.objects.create(inscricao=insc, lista="PP",
                                            estado=EstadoLista.CONFIRMADA)
    SituacaoLista.objects.filter(pk=situacao.pk).delete()
    assert list(AlteracaoColuna.objects.filter(
        tabela="candidatos_situacaolista", registro_id=str(situacao.pk)).order_by("id")
        .values_list("operacao", "valor_anterior", "valor_novo")) == [
        ("INSERT", None, "confirmada"), ("DELETE", "confirmada", None)]


# --- the owner ---------------------------------------------------------------------------------


def test_nem_o_dono_trunca_a_tabela_de_atos(db):
    registrar_ato(tipo="teste", descricao="original")
    _sql("SET CONSTRAINTS ALL IMMEDIATE")  # TRUNCATE refuses pending deferred FK checks
    with como_dono():
        _recusado("TRUNCATE certames_ato CASCADE",
                  r"certames_ato aceita apenas inclusões \(TRUNCATE recusado\)")
        _recusado("TRUNCATE candidatos_historicalinscricao",
                  r"aceita apenas inclusões \(TRUNCATE recusado\)")
    assert Ato.objects.get().descricao == "original"


@pytest.mark.django_db(transaction=True)
def test_expurgo_lgpd_permite_somente_update():
    registrar_ato(tipo="teste", descricao="Maria da Silva")
    with como_dono():
        with transaction.atomic():  # a real transaction: SET LOCAL ends with it
            _sql("SET LOCAL certames.expurgo_lgpd = 'on'")
            _sql("UPDATE certames_ato SET descricao = 'expurgado'")
            _recusado("DELETE FROM certames_ato", r"aceita apenas inclusões \(DELETE recusado\)")
            _recusado("TRUNCATE certames_ato CASCADE",
                      r"aceita apenas inclusões \(TRUNCATE recusado\)")
        # SET LOCAL ended with its transaction: UPDATE is refused again.
        _recusado("UPDATE certames_ato SET descricao = 'de novo'",
                  r"aceita apenas inclusões \(UPDATE recusado\)")
    assert Ato.objects.get().descricao == "expurgado"


def test_aplicacao_nao_usa_a_liberacao_do_expurgo(como_aplicacao):
    registrar_ato(tipo="teste", descricao="original")
    with transaction.atomic():
        _sql("SET LOCAL certames.expurgo_lgpd = 'on'")
        _recusado("UPDATE certames_ato SET descricao = 'expurgado'")
    assert Ato.objects.get().descricao == "original"


# --- the command that creates the roles --------------------------------------------------------


def test_papeis_banco_cria_dono_e_aplicacao_com_as_permissoes(db):
    with como_dono():
        if not _sql("SELECT rolsuper FROM pg_roles WHERE rolname = current_user")[0][0]:
            pytest.skip("o comando exige um superusuário em DATABASE_URL")
        dono, app = f"certames_dono_t{os.getpid()}", f"certames_app_t{os.getpid()}"
        # Everything (roles, ownership, grants) happens in the test's transaction.
        call_command("papeis_banco", dono=dono, aplicacao=app, senha_app="s3nha",
                     stdout=io.StringIO())
        saida = io.StringIO()
        call_command("papeis_banco", dono=dono, aplicacao=app, stdout=saida)  # idempotent
        assert f"Papel {app}: atualizado." in saida.getvalue()
        assert _sql("SELECT rolcanlogin, rolsuper FROM pg_roles WHERE rolname IN (%s, %s) "
                    "ORDER BY rolname", [app, dono]) == [(True, False), (True, False)]
        assert _sql("SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = "
                    "current_schema()") == [(dono,)]
        assert _sql("SELECT pg_get_userbyid(datdba) FROM pg_database "
                    "WHERE datname = current_database()") == [(dono,)]
        privilegios = dict(_sql(
            "SELECT table_name, string_agg(privilege_type, ',' ORDER BY privilege_type) "
            "FROM information_schema.role_table_grants WHERE grantee = %s "
            "AND table_name IN ('certames_ato', 'candidatos_inscricao', "
            "'certames_alteracaocoluna') GROUP BY table_name", [app]))
        assert privilegios == {"certames_ato": "INSERT,SELECT",
                               "candidatos_inscricao": "DELETE,INSERT,SELECT,UPDATE",
                               "certames_alteracaocoluna": "SELECT"}
        with pytest.raises(CommandError, match="superusuário"):
            call_command("papeis_banco", dono=dono, aplicacao=_sql("SELECT current_user")[0][0],
                         stdout=io.StringIO())
        _sql("SELECT set_config('role', %s, true)", [app])
        _recusado("UPDATE certames_ato SET descricao = 'x'")
        _sql("SELECT set_config('role', %s, true)", [dono])
        _recusado("TRUNCATE candidatos_historicalinscricao",
                  r"aceita apenas inclusões \(TRUNCATE recusado\)")


# --- flush (transactional tests) ---------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_flush_esvazia_as_tabelas_protegidas_e_restaura_o_papel():
    if not _sql("SELECT rolsuper FROM pg_roles WHERE rolname = session_user")[0][0]:
        pytest.skip("o flush dos testes exige um superusuário em DATABASE_URL")
    registrar_ato(tipo="teste", descricao="a apagar")
    InscricaoFactory()
    papel = _sql("SELECT current_setting('role'), current_setting('session_replication_role')")
    call_command("flush", interactive=False, verbosity=0)
    assert (Ato.objects.count(), Inscricao.history.count(), AlteracaoColuna.objects.count()) == (
        0, 0, 0)
    assert _sql("SELECT current_setting('role'), "
                "current_setting('session_replication_role')") == papel


# --- the audit page ----------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_rh_ve_as_alteracoes_do_banco_e_as_sem_ato(client, rh):
    # A transactional test: every statement outside an atomic block is its own transaction.
    insc = InscricaoFactory(nota=Decimal("70"), numero="000777")
    with transaction.atomic():
        Inscricao.objects.filter(pk=insc.pk).update(nota=Decimal("80"))
        registrar_ato(tipo="correcao_nota", descricao="Nota corrigida", objeto=insc)
    _sql("UPDATE candidatos_inscricao SET nota = 90 WHERE id = %s", [insc.pk])
    client.force_login(rh)
    url = reverse("painel:auditoria_banco")
    resposta = client.get(url, {"tabela": "candidatos_inscricao", "coluna": "nota"})
    assert resposta.status_code == 200
    html = resposta.content.decode()
    assert "Alterações registradas pelo banco" in html
    assert "numero=000777" in html and "sem ato" in html
    assert [(a.operacao, a.valor_anterior, a.valor_novo, a.com_ato)
            for a in resposta.context["alteracoes"]] == [
        ("UPDATE", "80.0000", "90.0000", False),
        ("UPDATE", "70.0000", "80.0000", True),
        ("INSERT", None, "70.0000", False),
    ]
    resposta = client.get(url, {"tabela": "candidatos_inscricao", "coluna": "nota",
                                "sem_ato": "1"})
    assert [a.valor_novo for a in resposta.context["alteracoes"]] == ["90.0000", "70.0000"]


def test_admin_mostra_o_historico_de_colunas_somente_para_leitura(client, django_user_model):
    InscricaoFactory(nota=Decimal("70"))
    admin = django_user_model.objects.create_superuser("admin_banco", "a@example.com", "x")
    client.force_login(admin)
    alteracao = AlteracaoColuna.objects.filter(coluna="nota").get()
    assert client.get(reverse("admin:certames_alteracaocoluna_changelist")).status_code == 200
    assert client.get(reverse("admin:certames_alteracaocoluna_change",
                              args=[alteracao.pk])).status_code == 200
    assert client.post(reverse("admin:certames_alteracaocoluna_delete",
                               args=[alteracao.pk]), {"post": "yes"}).status_code == 403
    assert AlteracaoColuna.objects.filter(pk=alteracao.pk).exists()


def test_conexoes_de_outras_threads_tambem_usam_o_papel_da_aplicacao(db):
    """The live server's and the tests' threads open their own connections."""
    from threading import Thread

    from django.db import connections

    if not PAPEL_APP:
        pytest.skip("a suíte não roda sob TEST_DATABASE_APP_ROLE")
    papeis = []

    def consultar():
        try:
            with connections["default"].cursor() as cursor:
                cursor.execute("SELECT current_user, session_user")
                papeis.append(cursor.fetchone())
        finally:
            connections.close_all()

    thread = Thread(target=consultar)
    thread.start()
    thread.join()
    assert papeis == [(PAPEL_APP, _sql("SELECT session_user")[0][0])]

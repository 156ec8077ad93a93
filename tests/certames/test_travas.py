"""The one lock helper (`certames.travas`): what it returns, what it reads, in which order it
locks, and (on PostgreSQL) that the row, and only the row, is locked."""

import pytest
from django.db import connection, connections, transaction
from django.db.utils import OperationalError
from django.test.utils import CaptureQueriesContext

from candidatos.models import Candidato, Inscricao
from certames.models import Cargo, Certame
from certames.travas import (
    travar,
    travar_certame,
    travar_por,
    travar_primeiro,
    travar_sem_ler,
    travar_varios,
)
from tests.factories import CandidatoFactory, CargoFactory, InscricaoFactory

POSTGRES = connection.vendor == "postgresql"


def _sql(ctx: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in ctx.captured_queries]


@pytest.mark.django_db
def test_travar_devolve_a_linha_pela_instancia_ou_pela_chave():
    insc = InscricaoFactory(numero="000123")
    with transaction.atomic():
        pela_instancia = travar(Inscricao, insc)
        pela_chave = travar(Inscricao, insc.pk)
    assert (pela_instancia.pk, pela_instancia.numero) == (insc.pk, "000123")
    assert (pela_chave.pk, pela_chave.numero) == (insc.pk, "000123")


@pytest.mark.django_db
def test_travar_le_os_relacionados_na_mesma_consulta(django_assert_num_queries):
    insc = InscricaoFactory()
    with transaction.atomic():
        with django_assert_num_queries(1):
            travada = travar(Inscricao, insc, "cargo__certame", "candidato")
            nomes = (travada.cargo.certame.numero_edital, travada.candidato.nome)
    assert nomes == (insc.cargo.certame.numero_edital, insc.candidato.nome)


@pytest.mark.django_db
def test_travar_respeita_os_filtros_de_uma_consulta():
    insc = InscricaoFactory(situacao=Inscricao.Situacao.HABILITADO)
    with transaction.atomic(), pytest.raises(Inscricao.DoesNotExist):
        travar(Inscricao.objects.filter(situacao=Inscricao.Situacao.ELIMINADO), insc)


@pytest.mark.django_db
def test_travar_recusa_instancia_de_outro_modelo():
    insc = InscricaoFactory()
    with transaction.atomic(), pytest.raises(TypeError, match="Cargo is not a Certame"):
        travar(Certame, insc.cargo)


@pytest.mark.django_db
def test_travar_por_filtros_tem_a_semantica_de_get():
    insc = InscricaoFactory(numero="000777")
    with transaction.atomic():
        achada = travar_por(Inscricao, "cargo", certame=insc.certame, numero="000777")
        assert (achada.pk, achada.cargo.codigo) == (insc.pk, insc.cargo.codigo)
        with pytest.raises(Inscricao.DoesNotExist):
            travar_por(Inscricao, certame=insc.certame, numero="999999")


@pytest.mark.django_db
def test_travar_primeiro_devolve_none_ou_o_primeiro():
    cand = CandidatoFactory(cpf="52998224725")
    with transaction.atomic():
        assert travar_primeiro(Candidato, cpf="11144477735") is None
        assert travar_primeiro(Candidato, cpf="52998224725").pk == cand.pk


@pytest.mark.django_db
def test_travar_varios_ordena_pela_chave_e_pelo_campo_pedido():
    cargo = CargoFactory()
    # Created in the order 3, 1, 2 of their numbers: pk order differs from numero order.
    criadas = [InscricaoFactory(cargo=cargo, numero=n) for n in ("000003", "000001", "000002")]
    consulta = Inscricao.objects.filter(cargo=cargo)
    with transaction.atomic():
        with CaptureQueriesContext(connection) as ctx:
            por_chave = travar_varios(consulta)
            por_numero = travar_varios(consulta, "numero")
            por_id_desc = travar_varios(consulta, "-id")
    assert [i.pk for i in por_chave] == sorted(i.pk for i in criadas)
    assert [i.numero for i in por_numero] == ["000001", "000002", "000003"]
    assert [i.pk for i in por_id_desc] == sorted((i.pk for i in criadas), reverse=True)
    tabela = '"candidatos_inscricao"'
    # The locking statement itself is ordered (the rows are locked in that order); the primary
    # key breaks ties and is not repeated when the order already has it.
    assert [sql.split(" ORDER BY ")[1].split(" FOR UPDATE")[0] for sql in _sql(ctx)] == [
        f'{tabela}."id" ASC',
        f'{tabela}."numero" ASC, {tabela}."id" ASC',
        f'{tabela}."id" DESC',
    ]


@pytest.mark.django_db
def test_travar_sem_ler_le_so_a_chave():
    cargo = CargoFactory()
    with transaction.atomic():
        with CaptureQueriesContext(connection) as ctx:
            existe = travar_sem_ler(Certame, cargo.certame)
        assert travar_sem_ler(Certame, cargo.certame_id + 1000) is False
    assert existe is True
    assert _sql(ctx)[0].split(" FOR UPDATE")[0] == (
        'SELECT "certames_certame"."id" AS "pk" FROM "certames_certame" '
        f'WHERE "certames_certame"."id" = {cargo.certame_id}')


@pytest.mark.django_db
def test_travar_certame_pela_instancia_ou_pela_chave():
    cargo = CargoFactory()
    with transaction.atomic():
        assert travar_certame(cargo.certame).pk == cargo.certame_id
        assert travar_certame(cargo.certame_id).numero_edital == cargo.certame.numero_edital


@pytest.mark.django_db
def test_na_sql_o_lock_e_so_da_tabela_da_linha():
    if not POSTGRES:
        pytest.skip("SQLite ignora FOR UPDATE")
    insc = InscricaoFactory()
    with transaction.atomic(), CaptureQueriesContext(connection) as ctx:
        travar(Inscricao, insc, "cargo__certame")
    assert _sql(ctx)[0].endswith(' FOR UPDATE OF "candidatos_inscricao"')


# --- PostgreSQL: a second connection sees the locks ----------------------------------------


def _outra_conexao_trava(tabela: str, pk: int) -> bool:
    """True if another connection can lock the row at once (FOR UPDATE NOWAIT), False if it
    is locked by someone else."""
    outra = connections.create_connection("default")
    try:
        with outra.cursor() as cursor:
            cursor.execute(f'SELECT id FROM "{tabela}" WHERE id = %s FOR UPDATE NOWAIT', [pk])
        return True
    except OperationalError as exc:
        assert getattr(exc.__cause__, "sqlstate", None) == "55P03"  # lock_not_available
        return False
    finally:
        outra.close()


@pytest.mark.postgres
@pytest.mark.skipif(not POSTGRES, reason="travas de linha só no PostgreSQL")
@pytest.mark.django_db(transaction=True)
def test_a_linha_travada_recusa_outra_transacao_e_os_relacionados_nao():
    insc = InscricaoFactory()
    with transaction.atomic():
        travar(Inscricao, insc, "cargo__certame", "candidato")
        assert [_outra_conexao_trava("candidatos_inscricao", insc.pk),
                _outra_conexao_trava("certames_cargo", insc.cargo_id),
                _outra_conexao_trava("certames_certame", insc.certame_id),
                _outra_conexao_trava("candidatos_candidato", insc.candidato_id)] == [
            False, True, True, True]
    # Released with the transaction.
    assert _outra_conexao_trava("candidatos_inscricao", insc.pk) is True


@pytest.mark.postgres
@pytest.mark.skipif(not POSTGRES, reason="travas de linha só no PostgreSQL")
@pytest.mark.django_db(transaction=True)
def test_travar_varios_e_travar_sem_ler_travam_todas_as_linhas():
    cargo = CargoFactory()
    inscricoes = [InscricaoFactory(cargo=cargo) for _ in range(3)]
    outro_cargo = CargoFactory(certame=cargo.certame)
    with transaction.atomic():
        travar_varios(Inscricao.objects.filter(cargo=cargo))
        travar_sem_ler(Cargo, cargo)
        assert [_outra_conexao_trava("candidatos_inscricao", i.pk) for i in inscricoes] == [
            False, False, False]
        assert [_outra_conexao_trava("certames_cargo", cargo.pk),
                _outra_conexao_trava("certames_cargo", outro_cargo.pk),
                _outra_conexao_trava("certames_certame", cargo.certame_id)] == [
            False, True, True]

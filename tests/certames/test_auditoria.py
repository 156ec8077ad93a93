import pytest
from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.db.utils import DatabaseError
from django.urls import reverse

from candidatos.models import Inscricao
from certames.auditoria import registrar_ato
from certames.models import Ato
from tests.banco import como_dono
from tests.factories import CertameFactory, InscricaoFactory

pytestmark = pytest.mark.django_db


def test_registrar_ato_guarda_quem_quando_o_que_e_por_que(rh):
    insc = InscricaoFactory()
    ato = registrar_ato(tipo="teste", descricao="Nota corrigida", autor=rh,
                        certame=insc.certame, objeto=insc, motivacao="Erro de digitação",
                        fundamento_legal="Edital, item 12", antes={"nota": "70"},
                        depois={"nota": "71"})
    ato.refresh_from_db()
    assert (ato.autor, ato.certame, ato.objeto_tipo.model, ato.objeto_id) == (
        rh, insc.certame, "inscricao", str(insc.pk))
    assert (ato.antes, ato.depois) == ({"nota": "70"}, {"nota": "71"})
    assert ato.criado_em is not None


def test_ato_nao_pode_ser_alterado_nem_apagado_pelo_orm():
    ato = registrar_ato(tipo="teste", descricao="x")
    ato.descricao = "y"
    with pytest.raises(ValidationError):
        ato.save()
    with pytest.raises(ValidationError):
        ato.delete()
    with pytest.raises(ValidationError):
        Ato.objects.filter(pk=ato.pk).update(descricao="y")
    with pytest.raises(ValidationError):
        Ato.objects.all().delete()
    assert Ato.objects.get(pk=ato.pk).descricao == "x"


@pytest.mark.skipif(connection.vendor != "postgresql", reason="gatilho só no PostgreSQL")
@pytest.mark.parametrize(
    ("tabela", "sql"),
    [
        ("certames_ato", "UPDATE certames_ato SET descricao = 'adulterado'"),
        ("certames_ato", "DELETE FROM certames_ato"),
        ("candidatos_historicalinscricao",
         "UPDATE candidatos_historicalinscricao SET nota = 100"),
        ("candidatos_historicalinscricao", "DELETE FROM candidatos_historicalinscricao"),
        ("certames_historicalcertame", "DELETE FROM certames_historicalcertame"),
    ],
)
def test_postgresql_recusa_update_e_delete_nas_tabelas_de_auditoria(tabela, sql):
    insc = InscricaoFactory()
    registrar_ato(tipo="teste", descricao="original", certame=insc.certame)
    # As the owner: the application role is refused earlier, by privilege
    # (tests/certames/test_auditoria_banco.py).
    with como_dono(), pytest.raises(DatabaseError, match="aceita apenas inclusões"):
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql)
    assert Ato.objects.get().descricao == "original"
    assert Inscricao.history.count() == 1


def test_historico_registra_mudanca_de_situacao():
    insc = InscricaoFactory()
    insc.situacao = Inscricao.Situacao.DESISTENTE
    insc.save()
    assert list(insc.history.values_list("situacao", flat=True)) == ["desistente", "habilitado"]


def test_rh_le_a_trilha_filtrada_por_certame_e_objeto(client, rh):
    a, b = CertameFactory(), CertameFactory()
    insc = InscricaoFactory(cargo__certame=a)
    registrar_ato(tipo="parecer", descricao="Ato do certame A", certame=a, objeto=insc)
    registrar_ato(tipo="parecer", descricao="Outro ato de A", certame=a, objeto=a)
    registrar_ato(tipo="parecer", descricao="Ato do certame B", certame=b)
    client.force_login(rh)
    html = client.get(reverse("painel:auditoria"), {"certame": a.pk}).content.decode()
    assert "Ato do certame A" in html and "Outro ato de A" in html
    assert "Ato do certame B" not in html
    ato = Ato.objects.get(descricao="Ato do certame A")
    html = client.get(reverse("painel:auditoria"), {"objeto_tipo": ato.objeto_tipo_id,
                                                "objeto_id": insc.pk}).content.decode()
    assert "Ato do certame A" in html
    assert "Outro ato de A" not in html

"""Absence or refusal to be recorded: out of the reserved list, still in AC — even under SMBV,
where a final PP non-confirmation eliminates (LC 22/2026, art. 3º, §3º)."""

from decimal import Decimal

import pytest

from candidatos.models import EstadoLista, SituacaoLista
from classificacao.listas import recalcular
from comissoes.dominio.resultados import estado_da_avaliacao
from comissoes.models import Avaliacao
from tests import instantaneo_apoio
from tests.comissoes.fabricas import avaliacao
from tests.factories import CargoFactory, CertameFactory, InscricaoFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("resultado", "detalhes", "estado"),
    [
        ("confirmada", {}, EstadoLista.CONFIRMADA),
        ("nao_confirmada", {}, EstadoLista.NAO_CONFIRMADA),
        ("nao_confirmada", {"encerramento": "ausencia", "efeito": "permanece_ac"},
         EstadoLista.EXCLUIDA),
        ("incompativel", {}, EstadoLista.NAO_CONFIRMADA),
    ],
)
def test_estado_da_avaliacao(resultado, detalhes, estado):
    av = avaliacao()
    av.resultado, av.detalhes = resultado, detalhes
    assert estado_da_avaliacao(av) == estado


def test_excluida_da_lista_fica_na_ampla_concorrencia_mesmo_na_smbv():
    # Even under an edital that eliminates on a final non-confirmation (spec section 3), the
    # absent candidate excluded from the list stays in AC.
    cargo = CargoFactory(vagas=3, certame=CertameFactory(
        regime="smbv-lc22-2026", parametros={"efeito_nao_confirmacao": {"PP": "elimina"}}))
    ausente = InscricaoFactory(cargo=cargo, numero="1", nota=Decimal("80"), listas=["PP"])
    nao_confirmado = InscricaoFactory(cargo=cargo, numero="2", nota=Decimal("70"),
                                      listas=["PP"])
    SituacaoLista.objects.create(inscricao=ausente, lista="PP", estado=EstadoLista.EXCLUIDA)
    SituacaoLista.objects.create(inscricao=nao_confirmado, lista="PP",
                                 estado=EstadoLista.NAO_CONFIRMADA)
    versao = recalcular(cargo.pk)
    listas = {lista: instantaneo_apoio.numeros(versao, lista) for lista in ("AC", "PP")}
    assert listas == {"AC": ["1"], "PP": []}
    assert Avaliacao.Resultado.INCOMPATIVEL == "incompativel"

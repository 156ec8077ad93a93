"""The whole heteroidentification flow, from the convocation to the final result and the
recomputed lists, under each seed regime."""

import datetime as dt
from decimal import Decimal

import pytest
from django.utils import timezone

from classificacao.listas import recalcular
from comissoes.dominio.recursos import apresentar_recurso
from comissoes.dominio.resultados import (
    avaliacao_do_recurso,
    publicar_resultado_final,
    publicar_resultado_preliminar,
)
from comissoes.dominio.sessoes import encerrar, registrar_comparecimento, votar
from comissoes.models import Comissao
from tests import instantaneo_apoio
from tests.comissoes.fabricas import (
    MOTIVO_NAO,
    MOTIVO_SIM,
    abrir_sessao,
    candidato_com_conta,
    comissao_completa,
    comissao_votante,
    convocado,
    etapa_procedimento,
    etapa_recurso,
    julgar,
    sessao,
)
from tests.factories import CargoFactory, CertameFactory, InscricaoFactory, usuario

pytestmark = pytest.mark.django_db

RAZOES = "A comissão desconsiderou meus traços fenotípicos; junto fotografias recentes."


@pytest.mark.parametrize(
    ("regime", "lista", "data_edital", "fica_na_ac"),
    [
        # LC 22/2026, art. 3º, §3º eliminates only a false declaration proven in the fraud
        # procedure: by default a final PP non-confirmation leaves PP and stays in AC.
        ("smbv-lc22-2026", "PP", dt.date(2026, 7, 1), True),
        # Lei 3.057/2026, art. 11, §§1º-2º: out of the reserved list, stays in AC.
        ("severinia-lei3057-2026", "PPI", dt.date(2026, 10, 1), True),
        # Lei 3.056/2025, art. 6º, §2º: continues in AC.
        ("pirangi-lei3056-2025", "PP", dt.date(2026, 2, 10), True),
    ],
)
def test_da_convocacao_ao_resultado_final_e_recalculo(regime, lista, data_edital, fica_na_ac,
                                                      django_capture_on_commit_callbacks):
    certame = CertameFactory(regime=regime, data_publicacao_edital=data_edital)
    etapa_procedimento(certame)
    cargo = CargoFactory(certame=certame, vagas=10)
    rh = usuario("rh_fluxo", "RH", staff=True)
    nao = InscricaoFactory(cargo=cargo, numero="1", nota=Decimal("90"), cor_raca="parda",
                           listas=[lista], candidato=candidato_com_conta("cand_nao"))
    sim = InscricaoFactory(cargo=cargo, numero="2", nota=Decimal("85"), cor_raca="preta",
                           listas=[lista])
    comissao, presidente, outros = comissao_completa(certame)
    sess = sessao(comissao, inicio=timezone.now() - dt.timedelta(hours=2))
    abrir_sessao(sess)
    membros = [presidente, *outros]
    for inscricao, sentido, motivo in ((nao, "nao_confirma", MOTIVO_NAO),
                                       (sim, "confirma", MOTIVO_SIM)):
        conv, av = convocado(sess, inscricao=inscricao, lista=lista, autor=rh)
        registrar_comparecimento(conv, "presente", presidente=presidente)
        for m in membros:
            votar(av, m, sentido, motivo)
        encerrar(av, presidente, gravacao="gravacao-sessao-1.mp4")

    # Before the final result both optants are in the reserved list, sub judice.
    versao = recalcular(cargo.pk)
    assert instantaneo_apoio.numeros_sub_judice(versao, lista) == [("1", True), ("2", True)]

    etapa = etapa_recurso(certame, de_dias=-1, ate_dias=1)
    publicar_resultado_preliminar(certame, autor=rh)
    recursal, membros_recursal = comissao_votante(certame, Comissao.Tipo.RECURSAL)
    av_nao = nao.avaliacoes.get(instancia="primeira")
    apresentar_recurso(av_nao, autor=nao.candidato.usuario, texto=RAZOES)
    julgar(avaliacao_do_recurso(av_nao), membros_recursal, nao_confirmam=4)  # denied, 4 x 1
    etapa.fim = timezone.now() - dt.timedelta(minutes=1)
    etapa.save()
    with django_capture_on_commit_callbacks(execute=True):
        publicar_resultado_final(certame, autor=rh)

    final = cargo.versoes_classificacao.order_by("-numero").first()
    listas = {nome: instantaneo_apoio.numeros_sub_judice(final, nome) for nome in ("AC", lista)}
    assert listas[lista] == [("2", False)]
    assert listas["AC"] == ([("1", False), ("2", False)] if fica_na_ac else [("2", False)])
    assert dict(nao.situacoes_listas.values_list("lista", "estado")) == {
        lista: "nao_confirmada"}

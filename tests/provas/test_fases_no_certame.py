"""A cargo in phases through the database: RH's phases, the banca's spreadsheets per phase,
the recompute and the guards (spec section 10), with the worked Pirangi case of
tests/provas/apoio.py."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from candidatos.chamadas import versao_para_chamar
from candidatos.models import EstadoLista, Inscricao, SituacaoLista
from certames import instantaneo
from certames.models import Etapa
from classificacao.listas import PublicacaoInvalida, publicar, recalcular
from comissoes.dominio.convocacao import candidatos_a_convocar
from comum.planilhas import ArquivoRejeitado
from provas import leitura, servicos
from provas.models import Fase, NotaFase
from tests.factories import CertameFactory, EtapaFactory
from tests.provas.apoio import NOTAS_P1, NOTAS_P2, cargo_em_fases, importar, planilha

pytestmark = pytest.mark.django_db


def _numeros(ids):
    return list(Inscricao.objects.filter(pk__in=ids).values_list("numero", flat=True))


def _lista(versao, lista):
    ids = dict(instantaneo.listas(versao)).get(lista, [])
    por_id = dict(Inscricao.objects.filter(pk__in=ids).values_list("pk", "numero"))
    return [por_id[i] for i in ids]


def _fase(versao, codigo):
    por_id = dict(Inscricao.objects.values_list("pk", "numero"))
    return {por_id[r.inscricao_id]: (r.resultado, r.rota)
            for r in leitura.resultados_da_fase(versao, codigo)}


def test_primeira_fase_rotas_com_multiplo_das_vagas_da_lista():
    """P1's PP cut is 1 x the PP vacancies (1): 6 advances by PP; 7 and 8 by the guarantee
    (Lei 3.056/2025, art. 9º); AC's 4 take 1-5 (tie at 75); 10 is cut; 9 below 50."""
    cargo, p1, p2 = cargo_em_fases()
    importar(p1, NOTAS_P1)
    versao = cargo.versoes_classificacao.order_by("-numero").first()
    assert _fase(versao, "P1") == {
        "1": ("aprovado", "AC"), "2": ("aprovado", "AC"), "3": ("aprovado", "AC"),
        "4": ("aprovado", "AC"), "5": ("aprovado", "AC"), "6": ("aprovado", "PP"),
        "7": ("aprovado", "garantia"), "8": ("aprovado", "garantia"),
        "9": ("eliminado_nota_minima", None), "10": ("nao_admitido_corte", None)}
    assert leitura.corte_da_fase(versao, "P1") == {"AC": 4, "PP": 1}
    # Everyone admitted to P2 awaits the banca's score: no list yet.
    assert sorted(_numeros(versao.aguardando_nota), key=int) == ["1", "2", "3", "4", "5", "6",
                                                                  "7", "8"]


def test_segunda_fase_listas_finais_e_quem_aguarda_nota():
    """Final score P1 + 2 x P2: 6 = 268; 5 = 255 and 7 = 255 (inscrição order); 1 = 250;
    2 = 225; 3 = 200; 4 absent; 8 not scored yet: awaiting."""
    cargo, p1, p2 = cargo_em_fases()
    importar(p1, NOTAS_P1)
    importar(p2, NOTAS_P2)
    versao = cargo.versoes_classificacao.order_by("-numero").first()
    assert _lista(versao, "AC") == ["6", "5", "7", "1", "2", "3"]
    assert _lista(versao, "PP") == ["6", "7"]
    assert _numeros(versao.aguardando_nota) == ["8"]
    notas = dict(Inscricao.objects.filter(cargo=cargo).values_list("numero", "nota"))
    assert notas["6"] == Decimal("268") and notas["4"] is None and notas["10"] is None


def test_nao_confirmado_que_so_avancou_pela_garantia_sai_de_todas_as_listas():
    """7 went to P2 only by the guarantee; with the PP self-declaration not confirmed they go
    on by AC only with sufficient score in each previous phase (Lei 3.056/2025, art. 6º,
    §2º): 65 is below the AC cut, so 7 leaves every list."""
    cargo, p1, p2 = cargo_em_fases()
    importar(p1, NOTAS_P1)
    importar(p2, {**NOTAS_P2, "8": "55"})
    sete = Inscricao.objects.get(cargo=cargo, numero="7")
    SituacaoLista.objects.create(inscricao=sete, lista="PP", estado=EstadoLista.NAO_CONFIRMADA)
    recalcular(cargo.pk)
    versao = cargo.versoes_classificacao.order_by("-numero").first()
    assert _fase(versao, "P1")["7"] == ("nao_admitido_corte", None)
    fundamento = next(r.fundamento for r in leitura.resultados_da_fase(versao, "P1")
                      if r.inscricao_id == sete.pk)
    assert fundamento.endswith("Lei 3.056/2025, art. 6º, §2º")
    assert "7" not in _lista(versao, "AC") and "7" not in _lista(versao, "PP")
    assert _lista(versao, "PP") == ["6", "8"]


def test_publicacao_final_e_convocacao_recusadas_enquanto_alguem_aguarda_nota():
    cargo, p1, p2 = cargo_em_fases()
    importar(p1, NOTAS_P1)
    importar(p2, NOTAS_P2)
    versao = cargo.versoes_classificacao.order_by("-numero").first()
    with pytest.raises(PublicacaoInvalida, match="1 inscrição\\(ões\\) admitida\\(s\\) a uma "
                                                 "fase aguardam a nota da banca"):
        publicar(versao, "final", None)
    with pytest.raises(ValidationError, match="nenhuma posição é convocada"):
        versao_para_chamar(cargo)
    for numero in ("6", "7", "8"):
        SituacaoLista.objects.create(inscricao=Inscricao.objects.get(cargo=cargo, numero=numero),
                                     lista="PP", estado=EstadoLista.CONFIRMADA)
    importar(p2, {"8": "51"})
    versao = cargo.versoes_classificacao.order_by("-numero").first()
    assert versao.aguardando_nota == []
    assert publicar(versao, "final", None).tipo == "final"


def test_importacao_tudo_ou_nada_com_erros_por_linha_e_coluna():
    cargo, p1, p2 = cargo_em_fases()
    conteudo = planilha({"1": "90", "99": "50", "2": "101", "3": "7,12345", "1 ": "80"})
    with pytest.raises(ArquivoRejeitado) as exc:
        servicos.importar_notas(p1, conteudo + b"4;abc\n", nome_arquivo="x.csv", autor=None)
    assert [str(e) for e in exc.value.erros] == [
        "Linha 3, coluna “inscricao”: inscrição 99 não existe no cargo AGT",
        "Linha 4, coluna “nota”: nota 101 fora do intervalo de 0 a 100",
        "Linha 5, coluna “nota”: nota 7,12345 com mais de 4 casas decimais",
        "Linha 6, coluna “inscricao”: inscrição 1 repetida (já na linha 2)",
        "Linha 7, coluna “nota”: número inválido “abc”",
    ]
    assert NotaFase.objects.count() == 0


def test_segunda_fase_so_aceita_os_admitidos():
    cargo, p1, p2 = cargo_em_fases()
    importar(p1, NOTAS_P1)
    with pytest.raises(ArquivoRejeitado) as exc:
        servicos.importar_notas(p2, planilha({"10": "80"}), nome_arquivo="x.csv", autor=None)
    assert [str(e) for e in exc.value.erros] == [
        "Linha 2, coluna “inscricao”: inscrição 10 não foi admitida à fase P2 pelo resultado "
        "da fase anterior"]


def test_reimportacao_substitui_a_nota_e_guarda_a_anterior():
    cargo, p1, p2 = cargo_em_fases()
    importar(p1, NOTAS_P1)
    importar(p1, {"10": "71"})  # after an appeal against the answer key
    nota = NotaFase.objects.get(fase=p1, inscricao__numero="10")
    assert nota.nota == Decimal("71")
    assert [h.nota for h in nota.history.order_by("history_date")] == [Decimal("69"),
                                                                        Decimal("71")]


def test_fases_so_antes_das_inscricoes():
    certame = CertameFactory(regime="pirangi-lei3056-2025")
    EtapaFactory(certame=certame, tipo=Etapa.Tipo.INSCRICOES,
                 inicio=timezone.now() - dt.timedelta(hours=1))
    with pytest.raises(ValidationError, match="fixadas pelo edital antes das inscrições"):
        cargo_em_fases(certame=certame)


@pytest.mark.parametrize(("corte", "mensagem"), [
    ({"PP": {"modo": "numero", "valor": 2}}, "corte.AC: obrigatório"),
    ({"AC": {"modo": "numero", "valor": 0}}, "esperado inteiro maior ou igual a 1"),
    ({"AC": {"modo": "numero", "valor": 3}, "PCD": {"modo": "numero", "valor": 1},
      "X": {"modo": "numero", "valor": 1}}, "a lista “X” não existe"),
])
def test_corte_invalido_recusado_com_a_regra(corte, mensagem):
    cargo, p1, p2 = cargo_em_fases()
    p1.corte = corte
    with pytest.raises(ValidationError, match=mensagem):
        servicos.definir_fase(cargo, p1, autor=None)
    assert Fase.objects.get(pk=p1.pk).corte["AC"] == {"modo": "numero", "valor": 4}


def test_corte_na_ultima_fase_pendente_e_recusado_pelo_motor():
    """RH defines phases one at a time: a cut on the last one waits for the next phase; the
    page says so and the recompute refuses it (spec section 10)."""
    cargo, p1, p2 = cargo_em_fases()
    p2.corte = {"AC": {"modo": "numero", "valor": 3}}
    servicos.definir_fase(cargo, p2, autor=None)
    assert servicos.pendencias(list(cargo.fases.order_by("ordem"))) == [
        "A última fase (P2) tem cláusula de barreira, mas não há fase seguinte: defina a "
        "próxima fase ou retire o corte (na última fase, todos os que alcançam a nota mínima "
        "vão às listas finais)."]
    importar_sem_recalculo = servicos.importar_notas
    importar_sem_recalculo(p1, planilha(NOTAS_P1), nome_arquivo="b.csv", autor=None)
    from certames import regras

    with pytest.raises(regras.ErroEntrada, match="a última fase não tem nota de corte"):
        recalcular(cargo.pk)


def test_cargo_sem_fases_continua_com_a_nota_unica():
    from tests.factories import CargoFactory, InscricaoFactory

    cargo = CargoFactory(vagas=2)
    InscricaoFactory(cargo=cargo, numero="A1", nota=Decimal("80"))
    InscricaoFactory(cargo=cargo, numero="A2", nota=Decimal("90"))
    versao = recalcular(cargo.pk)
    assert _lista(versao, "AC") == ["A2", "A1"]
    assert versao.fases == [] and versao.aguardando_nota == []


def test_heteroidentificacao_convoca_os_habilitados_da_fase_que_o_edital_nomeia():
    """Lei 3.056/2025, art. 6º, §1º: every habilitated optant goes to the committee; in
    phases, habilitated is the result of the phase the edital names (P1 here): 6, 7 and 8
    passed P1 (6 by the PP cut, 7 and 8 by the guarantee); 9 was below the minimum."""
    cargo, p1, p2 = cargo_em_fases()
    p1.habilita_heteroidentificacao = True
    servicos.definir_fase(cargo, p1, autor=None)
    assert candidatos_a_convocar(cargo.certame) == []  # nobody scored yet
    importar(p1, NOTAS_P1)
    assert [c.inscricao.numero for c in candidatos_a_convocar(cargo.certame)] == ["6", "7", "8"]


def test_sem_fase_nomeada_a_heteroidentificacao_segue_a_ultima_fase():
    """Product default: with no phase named by the edital, the last one habilitates: 6 and 7
    passed P2; 8 still awaits its score."""
    cargo, p1, p2 = cargo_em_fases()
    importar(p1, NOTAS_P1)
    assert candidatos_a_convocar(cargo.certame) == []
    importar(p2, NOTAS_P2)
    assert [c.inscricao.numero for c in candidatos_a_convocar(cargo.certame)] == ["6", "7"]

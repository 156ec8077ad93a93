"""End to end on PostgreSQL with a real Celery worker: a Pirangi cargo in two phases (spec
section 10), RH acting through its pages, every recompute run by the worker.

Pirangi (Lei 3.056/2025), N = 5: PP arred(0.75) = 1, I arred(0.15) = 0, Q arred(0.10) = 0,
PcD teto(0.25) = 1 <= 20% of 5 (the federal rule, the edital's default), AC 3. P1 (objective,
minimum 50) cuts at 3 x the AC vacancies = 9, 1 x the PP vacancies = 1 and 1 x the PcD
vacancies = 1; P2 (discursive, minimum 50) is the last. Optants of the racial reserve who reach
a phase's minimum take the next one whatever the cut (art. 9º).

Candidates: 001..012 (no list) with P1 = 96 - 2i (94 .. 72) and P2 = 80 - i (79 .. 68); 101 PP
(P1 70, P2 90), 102 PP (P1 66, P2 88), 201 PcD (P1 69, P2 85), 202 PcD (P1 64).

P1: AC's 9 are 001..009 (the 9th has 78); the PP cut takes 101, the PcD cut 201; 102, below the
AC cut, goes on by the guarantee; 010..012 and 202 are cut. Final scores P1 + P2: 001 173 ...
005 161, 101 160, 006 158, 007 155, 102 154, 201 154 (tie: inscrição order), 008 152, 009 149.
Call order (spec section 7): AC, AC, AC, PP, PCD -> 001, 002, 003, 101, 201.

Then 102's PP self-declaration and 201's PcD condition are not confirmed, finally. Neither
advanced by AC in P1: 102 leaves every list (art. 6º, §2º: in AC only with sufficient score in
each previous phase), and so does 201 (PcD by analogy, the product's default); the PcD cut now
admits 202, whom the banca has not scored in P2: `aguardando_nota`, and the final publication is
refused. Once the banca scores 202 (84: 148), PCD = [202] and the 5th call is 202's.
"""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import Client
from django.urls import reverse

from candidatos.models import EstadoLista, Inscricao, SituacaoLista
from certames.models import Publicacao
from certames.recalculo import TAREFA_RECALCULO, solicitar_recalculo
from provas import leitura
from provas.models import DesempenhoPublicado, Fase
from tests import instantaneo_apoio
from tests.factories import CargoFactory, CertameFactory, InscricaoFactory, usuario
from tests.provas.apoio import encerrar_inscricoes, planilha
from tests.test_worker import worker_real  # noqa: F401 (the fixture, shared)
from tests.test_worker_chamadas import concluir, publicadas  # noqa: F401 (fixture, helper)

pytestmark = [
    pytest.mark.worker,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("worker_real"),
]

AC = {f"{i:03d}": (str(96 - 2 * i), str(80 - i)) for i in range(1, 13)}
OPTANTES = {"101": ("PP", "70", "90"), "102": ("PP", "66", "88"), "201": ("PCD", "69", "85"),
            "202": ("PCD", "64", None)}


def _cargo():
    cargo = CargoFactory(certame=CertameFactory(regime="pirangi-lei3056-2025"), vagas=5,
                         codigo="AGT")
    for numero in AC:
        InscricaoFactory(cargo=cargo, numero=numero, situacao=Inscricao.Situacao.INSCRITO,
                         situacao_taxa=Inscricao.SituacaoTaxa.PAGA, cor_raca="branca")
    for numero, (lista, _p1, _p2) in OPTANTES.items():
        InscricaoFactory(cargo=cargo, numero=numero, situacao=Inscricao.Situacao.INSCRITO,
                         situacao_taxa=Inscricao.SituacaoTaxa.PAGA, listas=[lista],
                         cor_raca="parda", deficiencia=lista == "PCD")
    return cargo


def _fase(rh_client, cargo, dados):
    resposta = rh_client.post(reverse("painel:nova_fase", args=[cargo.pk]),
                              {"nota_maxima": "100", "peso": "1", "confirmacao": "on", **dados})
    assert resposta.status_code == 302, resposta.content.decode()[:1500]


def _importar(rh_client, fase, notas):
    resposta = rh_client.post(reverse("painel:importar_notas_fase", args=[fase.pk]), {
        "arquivo": _arquivo(notas), "confirmacao": "on"})
    assert resposta.status_code == 302, resposta.content.decode()[:1500]


def _arquivo(notas):
    return SimpleUploadedFile("banca.csv", planilha(notas))


def _ultima(cargo):
    return cargo.versoes_classificacao.order_by("-numero").first()


def _rotas(versao, codigo):
    numeros = dict(Inscricao.objects.values_list("pk", "numero"))
    return {numeros[r.inscricao_id]: (r.resultado, r.rota)
            for r in leitura.resultados_da_fase(versao, codigo)}


def _definir_estado(numero, lista, estado):
    """The procedure's final decision as its row (the committees' own flow is tested apart),
    with the recompute it asks for."""
    with transaction.atomic():
        inscricao = Inscricao.objects.get(numero=numero)
        SituacaoLista.objects.update_or_create(inscricao=inscricao, lista=lista,
                                               defaults={"estado": estado})
        solicitar_recalculo([inscricao.cargo_id], "decisão final")


def test_fases_garantia_nao_confirmacao_e_quem_aguarda_nota(publicadas):  # noqa: F811
    rh = usuario("rh_fases_worker", "RH", staff=True)
    rh_client = Client()
    rh_client.force_login(rh)
    cargo = _cargo()
    _fase(rh_client, cargo, {"codigo": "P1", "nome": "Prova objetiva", "tipo": "objetiva",
                             "nota_minima": "50", "corte_AC": "3", "modo_AC": "multiplo",
                             "corte_PP": "1", "modo_PP": "multiplo", "corte_PCD": "1",
                             "modo_PCD": "multiplo"})
    _fase(rh_client, cargo, {"codigo": "P2", "nome": "Prova discursiva", "tipo": "discursiva",
                             "nota_minima": "50"})
    p1, p2 = Fase.objects.filter(cargo=cargo).order_by("ordem")
    encerrar_inscricoes(cargo.certame)
    concluir(publicadas, TAREFA_RECALCULO)

    _importar(rh_client, p1, {**{n: p for n, (p, _) in AC.items()},
                              **{n: p for n, (_l, p, _p2) in OPTANTES.items()}})
    concluir(publicadas, TAREFA_RECALCULO)
    versao = _ultima(cargo)
    assert leitura.corte_da_fase(versao, "P1") == {"AC": 9, "PP": 1, "PCD": 1}
    rotas = _rotas(versao, "P1")
    assert [rotas[n] for n in ("009", "010", "101", "102", "201", "202")] == [
        ("aprovado", "AC"), ("nao_admitido_corte", None), ("aprovado", "PP"),
        ("aprovado", "garantia"), ("aprovado", "PCD"), ("nao_admitido_corte", None)]
    resposta = rh_client.post(reverse("painel:publicar_resultado_fase", args=[p1.pk,
                                                                              "preliminar"]),
                              {"confirmacao": "on"})
    assert resposta.status_code == 302
    assert DesempenhoPublicado.objects.get(inscricao__numero="102").rota == "garantia"

    _importar(rh_client, p2, {**{f"{i:03d}": AC[f"{i:03d}"][1] for i in range(1, 10)},
                              "101": "90", "102": "88", "201": "85"})
    concluir(publicadas, TAREFA_RECALCULO)
    versao = _ultima(cargo)
    listas = {lista: instantaneo_apoio.numeros(versao, lista) for lista in ("AC", "PP", "PCD")}
    assert listas["AC"] == ["001", "002", "003", "004", "005", "101", "006", "007", "102",
                            "201", "008", "009"]
    assert listas["PP"] == ["101", "102"] and listas["PCD"] == ["201"]
    assert [v for _p, v, _n in instantaneo_apoio.ordem(versao)] == ["AC", "AC", "AC", "PP",
                                                                    "PCD"]

    _definir_estado("102", "PP", EstadoLista.NAO_CONFIRMADA)
    concluir(publicadas, TAREFA_RECALCULO)
    _definir_estado("201", "PCD", EstadoLista.NAO_CONFIRMADA)
    concluir(publicadas, TAREFA_RECALCULO)
    versao = _ultima(cargo)
    rotas = _rotas(versao, "P1")
    assert (rotas["102"], rotas["201"], rotas["202"]) == (
        ("nao_admitido_corte", None), ("nao_admitido_corte", None), ("aprovado", "PCD"))
    listas = {lista: instantaneo_apoio.numeros(versao, lista) for lista in ("AC", "PP", "PCD")}
    assert "102" not in listas["AC"] and "201" not in listas["AC"] and listas["PCD"] == []
    assert list(Inscricao.objects.filter(pk__in=versao.aguardando_nota)
                .values_list("numero", flat=True)) == ["202"]
    _definir_estado("101", "PP", EstadoLista.CONFIRMADA)
    concluir(publicadas, TAREFA_RECALCULO)
    versao = _ultima(cargo)
    resposta = rh_client.post(reverse("painel:publicar", args=[cargo.pk]),
                              {"versao": versao.numero, "tipo": "final", "confirmacao": "on"},
                              follow=True)
    assert "aguardam a nota da banca" in resposta.content.decode()
    assert not Publicacao.objects.filter(versao__cargo=cargo).exists()

    _importar(rh_client, p2, {"202": "84"})
    concluir(publicadas, TAREFA_RECALCULO)
    _definir_estado("202", "PCD", EstadoLista.CONFIRMADA)
    concluir(publicadas, TAREFA_RECALCULO)
    versao = _ultima(cargo)
    assert versao.aguardando_nota == []
    assert instantaneo_apoio.numeros(versao, "PCD") == ["202"]
    assert instantaneo_apoio.ordem(versao) == [(1, "AC", "001"), (2, "AC", "002"),
                                               (3, "AC", "003"), (4, "PP", "101"),
                                               (5, "PCD", "202")]
    resposta = rh_client.post(reverse("painel:publicar", args=[cargo.pk]),
                              {"versao": versao.numero, "tipo": "final", "confirmacao": "on"})
    assert resposta.status_code == 302
    assert Publicacao.objects.get(versao=versao).tipo == "final"

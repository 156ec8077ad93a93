"""The call order without preterição on the Django side (spec v3, section 7
step 5): the snapshot, the acts of convocação, the public and RH order pages, RH's call page,
the simulator, and the recompute of versions computed by the former rule.

Severínia (Lei 3.057/2026), 10 vacancies (PPI 30% de 10 = 3; PcD teto(0,5) = 1; AC 6), 12
inscrições 301..312 by score, none an optant. The order's types are AC, PPI, AC, AC, PPI, PCD,
AC, AC, PPI, AC; every reserved slot reverts to AC (art. 16), so every position is filled
from the general list and positions 1..10 call 301..310 in order. The report: the
first two calls were 301 and 307 (the 1st and the 7th of the general list).
"""

from __future__ import annotations

import datetime as dt
import html
import importlib
from decimal import Decimal

import pytest
from django.apps import apps
from django.urls import reverse
from django.utils import timezone

from candidatos import chamadas
from certames import instantaneo
from certames.models import Ato, Certame
from certames.recalculo import estado_recalculo, reenfileirar_atrasados
from classificacao import listas as classificacao
from classificacao.homologacao import homologar
from classificacao.listas import publicar, recalcular
from tests import instantaneo_apoio
from tests.factories import CandidatoFactory, CargoFactory, CertameFactory, InscricaoFactory

pytestmark = pytest.mark.django_db

SEV = "severinia-lei3057-2026"
HOJE = timezone.localdate()
PRAZO = HOJE + dt.timedelta(days=15)
NUMEROS = [str(n) for n in range(301, 313)]


def _texto(resposta):
    return html.unescape(resposta.content.decode())


def _cargo():
    certame = CertameFactory(regime=SEV, status=Certame.Status.EM_ANDAMENTO)
    cargo = CargoFactory(certame=certame, vagas=10, codigo="AUX")
    for i, numero in enumerate(NUMEROS):
        InscricaoFactory(cargo=cargo, numero=numero, nota=Decimal(95 - i), listas=[],
                         candidato=CandidatoFactory(nome=f"Pessoa {numero}"))
    return cargo


@pytest.fixture
def homologado(rh):
    cargo = _cargo()
    publicar(recalcular(cargo.pk), "final", rh)
    homologar(cargo.certame, data=HOJE - dt.timedelta(days=10), ato="Decreto 1/2026",
              autor=rh)
    cargo.refresh_from_db()
    return cargo


def test_duas_convocacoes_chamam_o_primeiro_e_o_segundo(homologado, rh):
    """Publish, homologate, call 2: the acts call the general list's 1st (301) and 2nd
    (302), the second at the PPI position 2 reverted to AC (art. 16); each act records where
    its occupant came from and why."""
    versao = homologado.versoes_classificacao.get()
    assert instantaneo_apoio.ordem(versao) == [
        (p, v, n) for p, v, n in zip(
            range(1, 11), ["AC", "PPI", "AC", "AC", "PPI", "PCD", "AC", "AC", "PPI", "AC"],
            NUMEROS, strict=False)]
    novas = chamadas.convocar(homologado, 2, prazo=PRAZO, autor=rh)
    assert [(c.posicao, c.vaga, c.lista, c.inscricao.numero) for c in novas] == [
        (1, "AC", "AC", "301"), (2, "PPI", "AC", "302")]
    atos = Ato.objects.filter(tipo="convocacao").order_by("pk")
    assert [a.depois["fundamento_posicao"] for a in atos] == [
        "vaga de ampla concorrência: 1º da lista AC, na ordem de classificação geral",
        "vaga reservada PPI não preenchida pela lista PPI: revertida à ampla concorrência, "
        "2º da lista AC, observada a ordem de classificação — Lei 3.057/2026, art. 16",
    ]
    # The recompute with the two calls as history continues with 303..310.
    versao2 = recalcular(homologado.pk)
    assert [n for _p, _v, n in instantaneo_apoio.ordem(versao2)] == NUMEROS[:10]
    explicadas = instantaneo.convocacao(versao2)
    assert explicadas[1].fundamento.startswith("chamada já realizada (vaga PPI, lista AC")
    assert (explicadas[2].posicao_lista, explicadas[2].lista) == (3, "AC")


def test_pagina_publica_explica_cada_posicao(client, homologado):
    resposta = client.get(reverse("cargo_publico", args=[homologado.certame_id,
                                                         homologado.pk]) + "?lista=convocacao")
    assert resposta.status_code == 200
    assert [(c.posicao, c.inscricao.numero) for c in resposta.context["page_obj"]] == list(
        zip(range(1, 11), NUMEROS, strict=False))
    texto = _texto(resposta)
    assert "De onde vem e por quê" in texto
    assert ("Vaga reservada PPI não preenchida pela lista PPI: revertida à ampla concorrência, "
            "2º da lista AC, observada a ordem de classificação — Lei 3.057/2026, art. 16"
            ) in texto
    assert "é chamada de novo uma vez só" in texto
    assert "ninguém é chamado antes de um candidato mais bem classificado da mesma lista" in texto


def test_paginas_do_rh_explicam_cada_posicao(client, rh, homologado):
    client.force_login(rh)
    texto = _texto(client.get(reverse("painel:cargo", args=[homologado.pk])))
    assert ("Vaga reservada PCD não preenchida pela lista PCD: revertida à ampla concorrência, "
            "6º da lista AC, observada a ordem de classificação") in texto
    assert "é chamada de novo uma vez só" in texto
    convocar = client.get(reverse("painel:convocar", args=[homologado.pk]))
    assert [(p.posicao, p.inscricao.numero) for p in convocar.context["previstas"]][:2] == [
        (1, "301"), (2, "302")]
    assert "2º da lista AC, observada a ordem de classificação" in _texto(convocar)


def test_simulador_explica_de_onde_vem_cada_posicao(client, rh):
    """SMBV N=10: PP at 3 and 7, PcD at 10. A PP position is filled from the PP list, then
    the I list ("negro ou indígena", LC 22/2026, art. 1º, §6º), then AC observing the
    classification order (art. 1º, §7º)."""
    client.force_login(rh)
    resposta = client.get("/rh/simular/", {"regime": "smbv-lc22-2026", "vagas": 10})
    fontes = {f["vaga"]: [(p["lista"], p["fundamento"]) for p in f["passos"]]
              for f in resposta.context["resultado"]["fontes"]}
    assert fontes["PP"] == [
        ("PP", "LC 22/2026, art. 1º, I"),
        ("I", 'LC 22/2026, art. 1º, §6º ("candidato negro ou indígena")'),
        ("AC", "observada a ordem de classificação — LC 22/2026, art. 1º, §7º"),
    ]
    assert fontes["PCD"][-1] == ("AC", "observada a ordem de classificação — LC 22/2026, "
                                       "art. 6º, §6º")
    assert "I" not in fontes  # no I position for N=10 (5% de 10 = 0,5 -> 0 with 0,7)
    ordem = resposta.context["resultado"]["ordem"]
    assert (ordem[2]["vaga"], ordem[2]["origem"]) == ("PP", "PP → I → AC")
    texto = _texto(resposta)
    assert "Como cada posição é preenchida" in texto
    assert "é chamada de novo uma vez só" in texto


def test_versao_da_regra_antiga_e_recalculada(monkeypatch):
    """A version computed by the former rule is not taken as current: the input hash carries
    the order's rule (VERSAO_ORDEM), migration 0015 requests a recompute of every cargo
    with a version, the periodic sweep queues it at once, and the recompute writes a new
    version (the hash differs) whose order is spec v3's. Until then the cargo is not
    "atualizada", so nothing is published or called from the old version."""
    cargo = _cargo()
    with monkeypatch.context() as m:
        m.setattr(classificacao, "VERSAO_ORDEM", "regra anterior")
        antiga = recalcular(cargo.pk)
    assert recalcular(cargo.pk).hash_entrada != antiga.hash_entrada  # the rule is in the hash
    cargo = _cargo()
    with monkeypatch.context() as m:
        m.setattr(classificacao, "VERSAO_ORDEM", "regra anterior")
        antiga = recalcular(cargo.pk)
    migracao = importlib.import_module("certames.migrations.0016_i21_ordem")
    migracao.pedir_recalculo(apps, None)
    cargo.refresh_from_db()
    assert estado_recalculo(cargo).codigo != "atualizada"
    assert cargo.pk in reenfileirar_atrasados()
    cargo.refresh_from_db()
    assert estado_recalculo(cargo).codigo == "atualizada"
    nova = cargo.versoes_classificacao.order_by("-numero").first()
    assert nova.numero == antiga.numero + 1
    assert [n for _p, _v, n in instantaneo_apoio.ordem(nova)][:2] == ["301", "302"]

"""End to end on PostgreSQL with a real Celery worker: publish, call 5, one
declines, the next of the same group is called, a vacancy arises, the order extends with
positions 1-5 unchanged, posse recorded, export of the career order.

Every recompute and every call's e-mail is run by the `celery worker` subprocess of
`tests.test_worker.worker_real`; RH acts through its pages (force_login), the candidate declines
on the portal. The test waits on the tasks the app queued (their ids, taken from Celery's
`after_task_publish` signal) with `AsyncResult.get(timeout=...)`, never by sleeping.

Severínia (Lei 3.057/2026), edital without settings: PPI 30% rounded with 0.5 (the regime's
default), PcD by the federal default (5%, ceiling, not above 20% of N), AC the rest (spec
section 4 and its appendix): N = 5 -> AC 2, PPI 2, PCD 1; N = 6 -> AC 3, PPI 2, PCD 1.

Candidates (every option confirmed, `SituacaoLista` confirmada), by score:

    401 95 -     402 92 PPI    403 90 -     404 88 -     405 86 PPI    406 84 -
    407 82 PCD   408 80 PPI    409 78 -     410 76 PCD   411 74 PPI    412 72 -

Call order with no history (spec section 7, step 3; R_g(v) from the appendix):
    v=1: PPI min(R(1)=0, 2) = 0, PCD 0: AC.           v=2: PPI min(1, 2) = 1 > 0: PPI.
    v=3: PPI 1 = c 1, PCD R(3) = 0: AC.                v=4: PPI 1 = 1, PCD R(4) = 0: AC.
    v=5: PPI min(2, 2) = 2 > 1: PPI.
  Step 4: shortfalls PPI 2-2 = 0, PCD 1-0 = 1: the last AC position of step 3 (4) becomes PCD.
  Types AC, PPI, AC, PCD, PPI. Occupants (section 6, slots AC 2, PPI 2, PCD 1): AC 401, 402
  (an optant within the AC places is approved in AC, Lei 3.057/2026, art. 15, §§1º-2º); PPI
  the best PPI not placed, 405 and 408; PCD 407. Each type's occupants in rank order:
    1 AC 401, 2 PPI 405, 3 AC 402, 4 PCD 407, 5 PPI 408.

405 (PPI, position 2) declines. History H = 5 calls, occupied A = {401, 402, 407, 408}, so
N - |A| = 1 new position. Step 2: the freed PPI call is called again at position 6, type PPI
(Lei 3.057/2026, art. 15, §2º); its occupant is the best of the PPI list not occupying a call:
402 and 408 occupy calls, 405 is desistente, so 411 (403, 404, 406, 409 and 410 rank above it
but are not of the group):
    6 PPI 411.

One vacancy arises (Lei 3.057/2026, art. 8º, §2º), N = 6 (AC 3, PPI 2, PCD 1). H = 6 calls,
A = {401, 402, 407, 408, 411}: c AC 2, PPI 2, PCD 1; 6 - 5 = 1 new position. Step 2: the freed
call at 2 was already re-called at 6. Step 3 at v = 6: PPI min(2, 2) = 2 = c, PCD min(1, 1) =
1 = c: AC. Occupant: the best of the AC list not occupying a call, 403:
    7 AC 403.
Positions 1-6 never move (Lei 3.057/2026, art. 17, parágrafo único; Lei 3.056/2025, art. 12,
§2º).

The calls' e-mails are sent by the worker process; its locmem outbox cannot be read from here,
so the test asserts the e-mail tasks' results (True: a message was handed to the backend for
the candidate's address) and the convocation acts recorded in the database.
"""

from __future__ import annotations

import csv
import datetime as dt
import random
from decimal import Decimal

import pytest
from celery.result import AsyncResult, allow_join_result
from celery.signals import after_task_publish
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from candidatos.chamadas import TAREFA_EMAIL_CONVOCACAO, aceitar_pelo_candidato
from candidatos.models import EstadoLista, Inscricao, SituacaoLista
from certames.models import Ato, Chamada, EventoChamada, Publicacao
from certames.recalculo import TAREFA_RECALCULO
from config.celery import app
from tests import instantaneo_apoio
from tests.factories import (
    CandidatoFactory,
    CargoFactory,
    CertameFactory,
    InscricaoFactory,
    gerar_cpf,
    usuario,
)
from tests.test_worker import worker_real  # noqa: F401 (the fixture, shared)

pytestmark = [
    pytest.mark.worker,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("worker_real"),
]

SEV = "severinia-lei3057-2026"
#: (inscrição, score, reserved lists).
CANDIDATOS = [
    ("401", "95", []),
    ("402", "92", ["PPI"]),
    ("403", "90", []),
    ("404", "88", []),
    ("405", "86", ["PPI"]),
    ("406", "84", []),
    ("407", "82", ["PCD"]),
    ("408", "80", ["PPI"]),
    ("409", "78", []),
    ("410", "76", ["PCD"]),
    ("411", "74", ["PPI"]),
    ("412", "72", []),
]
PUBLICADA = [
    (1, "AC", "401"),
    (2, "PPI", "405"),
    (3, "AC", "402"),
    (4, "PCD", "407"),
    (5, "PPI", "408"),
]
APOS_DESISTENCIA = [*PUBLICADA, (6, "PPI", "411")]
APOS_VAGA = [*APOS_DESISTENCIA, (7, "AC", "403")]
#: How long one task may take on a loaded CI machine.
ESPERA = 60


@pytest.fixture
def publicadas():
    """(task name, task id) of every task this process hands to the broker."""
    tarefas: list[tuple[str, str]] = []

    def anotar(sender=None, headers=None, **kwargs):
        tarefas.append((sender, headers["id"]))

    after_task_publish.connect(anotar, weak=False)
    try:
        yield tarefas
    finally:
        after_task_publish.disconnect(anotar)


def concluir(publicadas: list[tuple[str, str]], nome: str) -> list:
    """Wait for the worker to finish every queued task named `nome` (in queueing order) and
    return their results; forgets them."""
    ids = [i for n, i in publicadas if n == nome]
    publicadas[:] = [(n, i) for n, i in publicadas if n != nome]
    assert ids, f"nenhuma tarefa {nome} foi enfileirada"
    # Eager tasks of other tests can leave Celery's "inside a task" flag set (test_worker.py).
    with allow_join_result():
        return [AsyncResult(i, app=app).get(timeout=ESPERA) for i in ids]


def _ordem(cargo, numero):
    versao = cargo.versoes_classificacao.get(numero=numero)
    return instantaneo_apoio.ordem(versao)


def _publicar_final(rh_client, cargo, numero):
    resposta = rh_client.post(
        reverse("painel:publicar", args=[cargo.pk]),
        {"versao": numero, "tipo": "final", "confirmacao": "on"},
    )
    assert resposta.status_code == 302
    assert (
        Publicacao.objects.filter(versao__cargo=cargo, versao__numero=numero, tipo="final").count()
        == 1
    )


def _convocar(rh_client, cargo, quantidade, prazo):
    resposta = rh_client.post(
        reverse("painel:convocar", args=[cargo.pk]),
        {"quantidade": quantidade, "prazo": prazo.isoformat(), "confirmacao": "on"},
    )
    assert resposta.status_code == 302, resposta.content.decode()[:2000]


def _csv(resposta) -> list[list[str]]:
    assert resposta.status_code == 200
    assert resposta["Content-Type"] == "text/csv; charset=utf-8"
    return list(csv.reader(resposta.content.decode("utf-8-sig").splitlines(), delimiter=";"))


def test_convoca_desiste_rechama_vaga_surge_posse_e_exporta(publicadas):
    hoje = timezone.localdate()
    prazo = hoje + dt.timedelta(days=15)
    rh = usuario("rh_worker", "RH", staff=True)
    rh_client = Client()
    rh_client.force_login(rh)
    certame = CertameFactory(regime=SEV)
    cargo = CargoFactory(certame=certame, vagas=5, codigo="ADM", nome="Agente Administrativo")
    rnd = random.Random(11)
    candidatos = {}
    for numero, nota, listas in CANDIDATOS:
        candidato = CandidatoFactory(
            nome=f"Candidata {numero}", email=f"c{numero}@exemplo.org", cpf=gerar_cpf(rnd)
        )
        insc = InscricaoFactory(
            cargo=cargo, numero=numero, nota=Decimal(nota), listas=listas, candidato=candidato
        )
        for lista in listas:
            SituacaoLista.objects.create(inscricao=insc, lista=lista, estado=EstadoLista.CONFIRMADA)
        candidatos[numero] = candidato

    # RH asks for the recompute; the app queues it by name on commit, the worker runs it.
    assert rh_client.post(reverse("painel:recalcular", args=[cargo.pk])).status_code == 302
    assert concluir(publicadas, TAREFA_RECALCULO) == [1]
    assert _ordem(cargo, 1) == PUBLICADA
    assert cargo.versoes_classificacao.get(numero=1).distribuicao == {"AC": 2, "PPI": 2, "PCD": 1}

    # Final result published, certame homologated (the validity starts: CF, art. 37, III).
    _publicar_final(rh_client, cargo, 1)
    resposta = rh_client.post(
        reverse("painel:homologar", args=[certame.pk]),
        {
            "homologacao-data": (hoje - dt.timedelta(days=3)).isoformat(),
            "homologacao-ato": "Decreto 12/2026, Diário Oficial de hoje",
            "homologacao-confirmacao": "on",
        },
    )
    assert resposta.status_code == 302
    certame.refresh_from_db()
    assert certame.homologado_em == hoje - dt.timedelta(days=3)

    # RH calls the first five: one act and one e-mail (sent by the worker) each.
    _convocar(rh_client, cargo, 5, prazo)
    assert (
        list(
            Chamada.objects.filter(cargo=cargo)
            .order_by("posicao")
            .values_list("posicao", "vaga", "inscricao__numero")
        )
        == PUBLICADA
    )
    assert concluir(publicadas, TAREFA_EMAIL_CONVOCACAO) == [True] * 5
    assert Ato.objects.filter(tipo="convocacao").count() == 5

    # 405 (PPI, position 2) declines on the portal; the app queues the recompute.
    conta = usuario("cand_405", "Candidato")
    type(candidatos["405"]).objects.filter(pk=candidatos["405"].pk).update(usuario=conta)
    candidato_client = Client()
    candidato_client.force_login(conta)
    insc405 = Inscricao.objects.get(numero="405")
    resposta = candidato_client.post(
        reverse("portal:desistir", args=[insc405.pk]), {"confirmacao": "on"}
    )
    assert resposta.status_code == 302
    insc405.refresh_from_db()
    assert insc405.situacao == Inscricao.Situacao.DESISTENTE
    assert concluir(publicadas, TAREFA_RECALCULO) == [2]
    # Step 2 of section 7: the freed PPI call goes to the next PPI candidate, at position 6.
    assert _ordem(cargo, 2) == APOS_DESISTENCIA

    # The app calls only from the newest version published as the final result: calling now
    # is refused and records nothing; RH publishes version 2, then calls position 6.
    resposta = rh_client.post(
        reverse("painel:convocar", args=[cargo.pk]),
        {"quantidade": 1, "prazo": prazo.isoformat(), "confirmacao": "on"},
    )
    assert resposta.status_code == 400
    assert "publique como resultado final a versão mais recente da classificação (2)" in (
        resposta.content.decode()
    )
    assert Chamada.objects.filter(cargo=cargo).count() == 5
    _publicar_final(rh_client, cargo, 2)
    _convocar(rh_client, cargo, 1, prazo)
    assert concluir(publicadas, TAREFA_EMAIL_CONVOCACAO) == [True]

    # A vacancy arises (N = 6): the worker recomputes; the order extends by one AC position.
    resposta = rh_client.post(
        reverse("painel:vaga_surgida", args=[cargo.pk]),
        {"quantidade": 1, "data": hoje.isoformat(), "ato": "Lei Municipal 99/2026",
         "confirmacao": "on"},
    )
    assert resposta.status_code == 302
    assert cargo.total_vagas() == 6
    assert concluir(publicadas, TAREFA_RECALCULO) == [3]
    versao3 = cargo.versoes_classificacao.get(numero=3)
    assert (versao3.vagas, versao3.distribuicao) == (6, {"AC": 3, "PPI": 2, "PCD": 1})
    assert _ordem(cargo, 3) == APOS_VAGA
    assert _ordem(cargo, 3)[:5] == _ordem(cargo, 1)  # positions 1-5 unchanged
    _publicar_final(rh_client, cargo, 3)
    _convocar(rh_client, cargo, 1, prazo)
    assert concluir(publicadas, TAREFA_EMAIL_CONVOCACAO) == [True]
    assert (
        list(
            Chamada.objects.filter(cargo=cargo)
            .order_by("posicao")
            .values_list("posicao", "vaga", "inscricao__numero")
        )
        == APOS_VAGA
    )

    # Nomeação, then posse of the first called.
    chamada401 = Chamada.objects.get(cargo=cargo, inscricao__numero="401")
    # The candidate accepts the call first (the edital lists no document for the posse).
    aceitar_pelo_candidato(chamada401.inscricao, autor=None)
    ato = {"numero_ato": "Portaria 1/2026", "veiculo_publicacao": "Diário Oficial",
           "publicado_em": hoje.isoformat()}
    for tipo in ("nomeacao", "posse"):
        resposta = rh_client.post(
            reverse("painel:evento_chamada", args=[chamada401.pk, tipo]),
            {"data": hoje.isoformat(), "confirmacao": "on", **(ato if tipo == "nomeacao" else {})},
        )
        assert resposta.status_code == 302
    assert list(
        EventoChamada.objects.filter(chamada__cargo=cargo)
        .order_by("id")
        .values_list("chamada__inscricao__numero", "tipo", "data", "pelo_candidato")
    ) == [
        ("405", "desistencia", hoje, True),
        ("401", "aceite", hoje, True),
        ("401", "nomeacao", hoje, False),
        ("401", "posse", hoje, False),
    ]
    # Acts that free no call queue no recompute.
    assert [n for n, _i in publicadas if n == TAREFA_RECALCULO] == []

    # The career order, exported by RH (masked CPF) and publicly (no CPF).
    d, p = hoje.strftime("%d/%m/%Y"), prazo.strftime("%d/%m/%Y")

    def cpf(numero):
        digitos = candidatos[numero].cpf
        return f"***.{digitos[3:6]}.{digitos[6:9]}-**"

    # (posição, vaga, lista de origem, inscrição, nomeação, posse, situação, encerramento)
    esperado = [
        ("1", "AC", "AC", "401", d, d, "Posse", ""),
        ("2", "PPI", "PPI", "405", "", "", "Desistência", d),
        ("3", "AC", "AC", "402", "", "", "Convocada", ""),
        ("4", "PCD", "PCD", "407", "", "", "Convocada", ""),
        ("5", "PPI", "PPI", "408", "", "", "Convocada", ""),
        ("6", "PPI", "PPI", "411", "", "", "Convocada", ""),
        ("7", "AC", "AC", "403", "", "", "Convocada", ""),
    ]
    linhas = _csv(rh_client.get(reverse("painel:exportar_ordem_nomeacao", args=[cargo.pk, "csv"])))
    assert [linha[:-1] for linha in linhas] == [
        [
            "posicao",
            "vaga",
            "lista_de_origem",
            "inscricao",
            "nome",
            "cpf",
            "convocada_em",
            "prazo",
            "nomeacao",
            "posse",
            "exercicio",
            "situacao",
            "encerramento_em",
        ],
        *(
            [pos, vaga, lista, n, f"Candidata {n}", cpf(n), d, p, nom, posse, "", sit, fim]
            for pos, vaga, lista, n, nom, posse, sit, fim in esperado
        ),
    ]
    publica = _csv(
        Client().get(reverse("ordem_nomeacao_publica_exportar", args=[certame.pk, cargo.pk, "csv"]))
    )
    assert [linha[:-1] for linha in publica] == [
        [
            "posicao",
            "vaga",
            "lista_de_origem",
            "inscricao",
            "nome",
            "convocada_em",
            "prazo",
            "nomeacao",
            "posse",
            "exercicio",
            "situacao",
            "encerramento_em",
        ],
        *(
            [pos, vaga, lista, n, f"Candidata {n}", d, p, nom, posse, "", sit, fim]
            for pos, vaga, lista, n, nom, posse, sit, fim in esperado
        ),
    ]
    # The last column cites where the law fixes the order, the same on every row: the
    # Severínia law (art. 17, parágrafo único) is in it whatever else the text names.
    for exportada in (linhas, publica):
        assert exportada[0][-1] == "fundamento"
        (fundamento,) = {linha[-1] for linha in exportada[1:]}
        assert "Lei 3.057/2026" in fundamento
        assert "art. 17, parágrafo único" in fundamento
    assert Ato.objects.filter(tipo="convocacao").count() == 7

"""The calls as acts and the career order (spec sections 7 and 9).

Severínia (Lei 3.057/2026), federal PcD default, 5 vacancies: split AC 2, PPI 2, PCD 1 (spec
section 7's worked example). Candidates, by score:

    201  95  -            202  90  PPI        203  88  -          204  85  PPI
    205  80  PCD          206  78  -          207  75  PPI        208  72  -
    209  70  PCD          210  68  PPI

Published order (no history): 1 AC 201, 2 PPI 204, 3 AC 202 (an optant within the AC places is
approved in AC: Lei 3.057/2026, art. 15, §§1º-2º), 4 PCD 205, 5 PPI 207.

- RH calls the five. 204 (PPI, 2nd) declines: step 2 of section 7 calls the freed PPI vacancy
  again from its own group, at position 6: the next PPI candidate not occupying a call is 210
  (202 occupies an AC call, 207 the other PPI call).
- One vacancy arises (N = 6, split AC 3, PPI 2, PCD 1): occupied calls 201, 202, 205, 207, 210
  (c: AC 2, PPI 2, PCD 1); step 3 at v = 6 finds no group due (PPI min(2, 2) = 2 = c, PCD
  1 = c), so position 7 is AC, the best candidate not occupying a call: 203. Positions 1-6
  do not move.
"""

from __future__ import annotations

import datetime as dt
import smtplib
from decimal import Decimal

import pytest
from django.core import mail
from django.core.exceptions import ValidationError
from django.db import connection
from django.urls import reverse
from django.utils import timezone

from candidatos import chamadas, procedimentos, servicos
from candidatos.models import EstadoLista, Inscricao, SituacaoLista
from certames import carreira
from certames.models import Ato, Chamada, EventoChamada
from certames.servicos import registrar_vaga_surgida
from classificacao.homologacao import homologar
from classificacao.listas import PublicacaoInvalida, montar_entrada, publicar, recalcular
from comum import exportacao
from comum.confirmacao import ERRO
from tests import instantaneo_apoio
from tests.factories import (
    CandidatoFactory,
    CargoFactory,
    CertameFactory,
    InscricaoFactory,
    dia_util_desde,
    nomear,
    usuario,
)

pytestmark = pytest.mark.django_db

SEV = "severinia-lei3057-2026"
CANDIDATOS = [("201", "95", []), ("202", "90", ["PPI"]), ("203", "88", []),
              ("204", "85", ["PPI"]), ("205", "80", ["PCD"]), ("206", "78", []),
              ("207", "75", ["PPI"]), ("208", "72", []), ("209", "70", ["PCD"]),
              ("210", "68", ["PPI"])]
HOJE = timezone.localdate()
#: A working day: the calendar does not extend it (`carreira.ultimo_dia_da_chamada`).
PRAZO = dia_util_desde(HOJE + dt.timedelta(days=15))


def _cargo(parametros=None):
    certame = CertameFactory(regime=SEV, parametros=parametros or {})
    cargo = CargoFactory(certame=certame, vagas=5, codigo="ADM")
    for numero, nota, listas in CANDIDATOS:
        insc = InscricaoFactory(cargo=cargo, numero=numero, nota=Decimal(nota), listas=listas,
                                candidato=CandidatoFactory(email=f"c{numero}@exemplo.org"))
        for lista in listas:
            SituacaoLista.objects.create(inscricao=insc, lista=lista,
                                         estado=EstadoLista.CONFIRMADA)
    return cargo


def _homologado(rh, parametros=None):
    cargo = _cargo(parametros)
    publicar(recalcular(cargo.pk), "final", rh)
    homologar(cargo.certame, data=HOJE - dt.timedelta(days=10), ato="Decreto 1/2026",
              autor=rh)
    cargo.refresh_from_db()
    return cargo


def _republicar(cargo, rh):
    versao = recalcular(cargo.pk)
    publicar(versao, "final", rh)
    return versao


def _ordem(versao):
    return instantaneo_apoio.ordem(versao)


def _historia(cargo):
    return [(s.chamada.posicao, s.chamada.vaga, s.chamada.inscricao.numero, s.codigo)
            for s in carreira.historico(cargo)]


def _chamada(cargo, numero):
    return Chamada.objects.get(cargo=cargo, inscricao__numero=numero)


PUBLICADA = [(1, "AC", "201"), (2, "PPI", "204"), (3, "AC", "202"), (4, "PCD", "205"),
             (5, "PPI", "207")]


def test_ciclo_completo_convoca_desiste_rechama_vaga_surge_e_posse(rh):
    cargo = _homologado(rh)
    assert _ordem(cargo.versoes_classificacao.get()) == PUBLICADA

    novas = chamadas.convocar(cargo, 5, prazo=PRAZO, autor=rh)
    assert [(c.posicao, c.vaga, c.inscricao.numero, c.prazo) for c in novas] == [
        (p, v, n, PRAZO) for p, v, n in PUBLICADA]
    assert Inscricao.objects.filter(convocada_em__isnull=False).count() == 5
    assert Ato.objects.filter(tipo="convocacao").count() == 5

    # 204 declines: a recompute calls the next PPI at position 6 (section 7, step 2).
    chamadas.registrar_evento(_chamada(cargo, "204"), "desistencia", autor=rh,
                              motivacao="Declarou por escrito que não assume.")
    assert Inscricao.objects.get(numero="204").situacao == "desistente"
    versao2 = _republicar(cargo, rh)
    assert _ordem(versao2) == [*PUBLICADA, (6, "PPI", "210")]
    assert [c.inscricao.numero for c in chamadas.convocar(cargo, 1, prazo=PRAZO,
                                                            autor=rh)] == ["210"]

    # A vacancy arises: the order extends with an AC position; 1-6 unchanged.
    registrar_vaga_surgida(cargo, quantidade=1, data=HOJE, ato="Lei 99/2026", autor=rh)
    versao3 = _republicar(cargo, rh)
    assert _ordem(versao3) == [*PUBLICADA, (6, "PPI", "210"), (7, "AC", "203")]
    assert dict(versao3.distribuicao) == {"AC": 3, "PPI": 2, "PCD": 1}

    # Posse of the first: nomeação, then posse.
    primeira = _chamada(cargo, "201")
    nomear(primeira, rh)
    chamadas.registrar_evento(primeira, "posse", autor=rh)
    assert _historia(cargo) == [
        (1, "AC", "201", "posse"), (2, "PPI", "204", "desistencia"),
        (3, "AC", "202", "convocada"), (4, "PCD", "205", "convocada"),
        (5, "PPI", "207", "convocada"), (6, "PPI", "210", "convocada")]
    assert list(Ato.objects.filter(tipo__startswith="chamada_").order_by("id")
                .values_list("tipo", flat=True)) == [
        "chamada_desistencia", "chamada_aceite", "chamada_nomeacao", "chamada_posse"]


def test_convocacao_envia_email_com_prazo(rh, django_capture_on_commit_callbacks):
    cargo = _homologado(rh)
    with django_capture_on_commit_callbacks(execute=True):
        chamadas.convocar(cargo, 2, prazo=PRAZO, autor=rh)
    assert sorted(m.to[0] for m in mail.outbox) == ["c201@exemplo.org", "c204@exemplo.org"]
    assert PRAZO.strftime("%d/%m/%Y") in mail.outbox[0].body


def test_convocacao_fica_quando_o_servidor_de_email_falha(rh, django_capture_on_commit_callbacks,
                                                         monkeypatch):
    """The call is an act: a mail server that refuses its notice neither undoes it nor answers
    500 (in-process the failure is logged; a worker retries it)."""
    cargo = _homologado(rh)

    def recusa(self, mensagens):
        raise smtplib.SMTPServerDisconnected("caiu")

    monkeypatch.setattr("django.core.mail.backends.locmem.EmailBackend.send_messages", recusa)
    monkeypatch.setattr("comum.emails.time.sleep", lambda s: None)
    with django_capture_on_commit_callbacks(execute=True):
        chamadas.convocar(cargo, 2, prazo=PRAZO, autor=rh)
    assert Chamada.objects.filter(cargo=cargo).count() == 2
    assert mail.outbox == []


def test_convocar_exige_versao_mais_recente_publicada_como_final(rh):
    cargo = _homologado(rh)
    chamadas.convocar(cargo, 5, prazo=PRAZO, autor=rh)
    chamadas.registrar_evento(_chamada(cargo, "204"), "desistencia", autor=rh,
                              motivacao="Perdeu o prazo.")
    recalcular(cargo.pk)  # computed, not published
    with pytest.raises(ValidationError) as erro:
        chamadas.convocar(cargo, 1, prazo=PRAZO, autor=rh)
    assert "publique como resultado final a versão mais recente da classificação (2)" in \
        erro.value.messages[0]


def test_convocar_antes_da_homologacao_e_recusado(rh):
    cargo = _cargo()
    publicar(recalcular(cargo.pk), "final", rh)
    with pytest.raises(ValidationError) as erro:
        chamadas.convocar(cargo, 1, prazo=PRAZO, autor=rh)
    assert erro.value.messages == ["Só se convoca depois da homologação do resultado final."]


def test_atos_em_ordem_e_uma_vez(rh):
    cargo = _homologado(rh)
    chamadas.convocar(cargo, 1, prazo=PRAZO, autor=rh)
    chamada = _chamada(cargo, "201")
    with pytest.raises(ValidationError) as erro:
        chamadas.registrar_evento(chamada, "posse", autor=rh)
    assert erro.value.messages == ["Registre antes a nomeação."]
    nomear(chamada, rh)
    with pytest.raises(ValidationError) as erro:
        nomear(chamada, rh)
    assert erro.value.messages == ["Nomeação já registrada para esta convocação."]
    with pytest.raises(ValidationError) as erro:
        chamadas.registrar_evento(chamada, "fim_de_fila", autor=rh)
    assert erro.value.messages == [
        "Não é possível registrar fim de fila: a convocação já tem nomeação."]


def test_atos_sao_imutaveis(rh):
    cargo = _homologado(rh)
    chamadas.convocar(cargo, 1, prazo=PRAZO, autor=rh)
    chamada = _chamada(cargo, "201")
    chamada.prazo = HOJE
    with pytest.raises(ValidationError):
        chamada.save()
    with pytest.raises(ValidationError):
        Chamada.objects.filter(pk=chamada.pk).update(prazo=HOJE)
    with pytest.raises(ValidationError):
        EventoChamada.objects.all().delete()


@pytest.mark.skipif(connection.vendor != "postgresql", reason="triggers only on PostgreSQL")
def test_banco_recusa_alterar_convocacao(rh):
    from django.db import DatabaseError, transaction  # noqa: PLC0415 - test-local

    cargo = _homologado(rh)
    chamadas.convocar(cargo, 1, prazo=PRAZO, autor=rh)
    with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cur:
        cur.execute("UPDATE certames_chamada SET posicao = 9")


def test_sem_efeito_libera_e_tira_de_todas_as_listas(rh):
    cargo = _homologado(rh)
    chamadas.convocar(cargo, 5, prazo=PRAZO, autor=rh)
    chamadas.registrar_evento(_chamada(cargo, "207"), "sem_efeito", autor=rh,
                              motivacao="Nomeação tornada sem efeito: não apresentou documentos.")
    versao = recalcular(cargo.pk)
    assert _ordem(versao) == [*PUBLICADA, (6, "PPI", "210")]
    assert "207" not in {p.inscricao.numero for p in instantaneo_apoio.linhas(versao)}


def test_fim_de_fila_so_onde_o_edital_permite(rh):
    cargo = _homologado(rh)
    chamadas.convocar(cargo, 1, prazo=PRAZO, autor=rh)
    with pytest.raises(ValidationError) as erro:
        chamadas.pedir_fim_de_fila(Inscricao.objects.get(numero="201"), autor=rh)
    assert erro.value.messages == ["O edital deste certame não prevê o fim de fila."]


def test_fim_de_fila_vai_para_o_fim_da_lista(rh):
    cargo = _homologado(rh, {"permite_fim_de_fila": True})
    chamadas.convocar(cargo, 1, prazo=PRAZO, autor=rh)
    chamadas.pedir_fim_de_fila(Inscricao.objects.get(numero="201"), autor=rh)
    entrada = montar_entrada(cargo).entrada
    assert [c.inscricao for c in entrada.candidatos if c.fim_de_fila] == ["201"]
    assert [(c.inscricao, c.vaga, c.situacao) for c in entrada.chamados] == [
        ("201", "AC", "fim_de_fila")]
    versao = recalcular(cargo.pk)
    # Position 1 stays in the history; the freed AC call goes on with 203, the best AC
    # candidate not placed (202 is an AC occupant too, at position 3): 201 ranks last in AC.
    assert instantaneo_apoio.numeros(versao, "AC")[-1] == "201"
    assert _ordem(versao)[0] == (1, "AC", "201")


def test_fase_do_procedimento_vem_dos_atos(rh):
    cargo = _homologado(rh)
    chamadas.convocar(cargo, 2, prazo=PRAZO, autor=rh)
    insc = Inscricao.objects.get(numero="204")
    fraude = "fraude_autodeclaracao"
    # Called, not appointed: a fraud removes from the list (Lei 3.057/2026, art. 12, §único,
    # II); the exemption's falsity annuls the call (art. 5º, IV).
    assert procedimentos.consequencia_por_fase(insc, fraude) == "exclusao_lista"
    assert procedimentos.consequencia_por_fase(insc, "falsidade_isencao") == "anulacao"
    nomear(_chamada(cargo, "204"), rh)
    assert procedimentos.consequencia_por_fase(insc, fraude) == "anulacao"


def test_exportacao_da_ordem_de_nomeacao(rh):
    cargo = _homologado(rh)
    chamadas.convocar(cargo, 2, prazo=PRAZO, autor=rh)
    nomear(_chamada(cargo, "201"), rh)
    colunas, linhas = carreira.COLUNAS_EXPORTACAO, carreira.linhas_exportacao(cargo)
    assert colunas[:5] == ["posicao", "vaga", "lista_de_origem", "inscricao", "nome"]
    assert [linha[:4] for linha in linhas] == [(1, "AC", "AC", "201"), (2, "PPI", "PPI", "204")]
    assert linhas[0][6] == HOJE  # convocada em (a date: a date cell in the XLSX)
    assert linhas[0][8] == HOJE  # nomeação


def test_pagina_rh_convoca_com_confirmacao(client, rh):
    cargo = _homologado(rh)
    client.force_login(rh)
    url = reverse("painel:convocar", args=[cargo.pk])
    # The next positions with who holds them (the snapshot stores ids; the page reads names).
    previstas = client.get(url).context["previstas"]
    assert [(p.posicao, p.vaga, p.inscricao.numero, p.inscricao.candidato.nome_exibicao)
            for p in previstas[:2]] == [
        (1, "AC", "201", Inscricao.objects.get(numero="201").candidato.nome_exibicao),
        (2, "PPI", "204", Inscricao.objects.get(numero="204").candidato.nome_exibicao)]
    resposta = client.post(url, {"quantidade": 2, "prazo": PRAZO.isoformat()})
    # Back to the confirmation step: the positions it would call, the box's error (400).
    assert resposta.status_code == 400
    assert [p.posicao for p in resposta.context["previstas"]] == [1, 2]
    assert resposta.context["form"].errors["confirmacao"] == [str(ERRO)]
    assert Chamada.objects.count() == 0
    resposta = client.post(url, {"quantidade": 2, "prazo": PRAZO.isoformat(),
                                 "confirmacao": "on"})
    assert resposta.status_code == 302
    assert _historia(cargo) == [(1, "AC", "201", "convocada"), (2, "PPI", "204", "convocada")]
    pagina = client.get(reverse("painel:cargo", args=[cargo.pk])).content.decode()
    assert "Ordem de nomeação" in pagina
    assert "Lei 3.057/2026 de Severínia-SP, art. 17, parágrafo único" in pagina


def test_pagina_publica_mostra_historico_sem_cpf(client, rh):
    cargo = _homologado(rh)
    chamadas.convocar(cargo, 2, prazo=PRAZO, autor=rh)
    insc = Inscricao.objects.select_related("candidato").get(numero="201")
    url = reverse("ordem_nomeacao_publica", args=[cargo.certame_id, cargo.pk])
    pagina = client.get(url).content.decode()
    # As the published lists: inscrição number and name, never a CPF (not even masked).
    assert insc.candidato.nome_exibicao in pagina
    assert insc.candidato.cpf_mascarado not in pagina
    assert "Lei 3.057/2026 de Severínia-SP, art. 17, parágrafo único" in pagina
    resposta = client.get(reverse("ordem_nomeacao_publica_exportar",
                                  args=[cargo.certame_id, cargo.pk, "csv"]))
    linhas = resposta.content.decode("utf-8-sig").splitlines()
    assert linhas[0].split(";")[:6] == ["posicao", "vaga", "lista_de_origem", "inscricao",
                                        "nome", "convocada_em"]
    assert [linha.split(";")[:4] for linha in linhas[1:]] == [
        ["1", "AC", "AC", "201"], ["2", "PPI", "PPI", "204"]]
    assert len(linhas) - 1 == len(carreira.linhas_exportacao(cargo))


def test_exportacao_neutraliza_formulas(rh):
    cargo = _homologado(rh)
    chamadas.convocar(cargo, 1, prazo=PRAZO, autor=rh)
    candidato = Inscricao.objects.get(numero="201").candidato
    type(candidato).objects.filter(pk=candidato.pk).update(nome='=HYPERLINK("http://x")')
    csv = exportacao.gerar_csv(carreira.colunas_exportacao(True),
                               carreira.linhas_exportacao(cargo, publica=True)).decode("utf-8-sig")
    assert "'=HYPERLINK" in csv


def test_candidato_ve_a_convocacao_com_prazo_e_desiste(client, rh):
    cargo = _homologado(rh)
    chamadas.convocar(cargo, 5, prazo=PRAZO, autor=rh)
    insc = Inscricao.objects.select_related("candidato").get(numero="204")
    conta = usuario("cand_204", "Candidato")
    type(insc.candidato).objects.filter(pk=insc.candidato_id).update(usuario=conta)
    client.force_login(conta)
    pagina = client.get(reverse("portal:inscricao", args=[insc.pk])).content.decode()
    assert f"Prazo para apresentar os documentos: até {PRAZO.strftime('%d/%m/%Y')}." in pagina
    assert "Pedir fim de fila" not in pagina  # the edital does not allow it
    url = reverse("portal:desistir", args=[insc.pk])
    assert client.get(url).status_code == 200
    assert client.post(url, {}).status_code == 400  # no confirmation: nothing recorded
    assert EventoChamada.objects.count() == 0
    resposta = client.post(url, {"confirmacao": "on"})
    assert resposta.status_code == 302
    evento = EventoChamada.objects.get()
    assert (evento.tipo, evento.pelo_candidato, evento.chamada.posicao) == (
        "desistencia", True, 2)
    insc.refresh_from_db()
    assert insc.situacao == "desistente"
    assert client.get(url).status_code == 404  # no open call any more


def test_nomeacao_recusada_para_desistente_ou_eliminado_pela_inscricao(rh):
    # 204 (PPI, 2nd) declines on RH's inscrição page, not on the call: the engine frees the
    # call all the same (its candidate is desistente) and calls 210 at position 6 (section 7,
    # step 2). Appointing 204 on the old call would fill the PPI vacancy twice.
    cargo = _homologado(rh)
    chamadas.convocar(cargo, 5, prazo=PRAZO, autor=rh)
    servicos.registrar_desistencia(Inscricao.objects.get(numero="204"), autor=rh,
                                   motivacao="Declarou por escrito que não assume a vaga.")
    assert _ordem(_republicar(cargo, rh)) == [*PUBLICADA, (6, "PPI", "210")]
    with pytest.raises(ValidationError) as erro:
        nomear(_chamada(cargo, "204"), rh)
    assert erro.value.messages == [
        "Não é possível registrar nomeação: a situação da inscrição 204 é “Desistente” e ela "
        "não ocupa mais esta convocação (regras de reserva, seção 7: a convocação de candidato "
        "desistente ou eliminado não ocupa a vaga). Registre a desistência ou torne a "
        "convocação sem efeito."]
    # The desistência on the call is still recorded: the career order says so.
    chamadas.registrar_evento(_chamada(cargo, "204"), "desistencia", autor=rh,
                              motivacao="Desistência registrada na inscrição.")
    # 201 is named, then eliminated before the posse: no posse on that call.
    nomear(_chamada(cargo, "201"), rh)
    servicos.eliminar(Inscricao.objects.get(numero="201"), autor=rh,
                      motivacao="Não apresentou os documentos exigidos.",
                      fundamento="Edital, item 12.3")
    with pytest.raises(ValidationError) as erro:
        chamadas.registrar_evento(_chamada(cargo, "201"), "posse", autor=rh)
    assert erro.value.messages[0].startswith(
        "Não é possível registrar posse: a situação da inscrição 201 é “Eliminado”")
    assert [h[3] for h in _historia(cargo)] == [
        "nomeacao", "desistencia", "convocada", "convocada", "convocada"]
    assert EventoChamada.objects.filter(tipo__in=["posse", "exercicio"]).count() == 0


def test_certame_homologado_nao_publica_resultado_preliminar(client, rh):
    """After the homologation a recomputed order is published as final only (spec section 9):
    no new appeal phase of the result; the cargo page offers no preliminary button."""
    cargo = _homologado(rh)
    chamadas.convocar(cargo, 1, prazo=PRAZO, autor=rh)
    chamadas.desistir(Inscricao.objects.get(numero="201"), autor=rh,
                      motivacao="Declinou por escrito.")
    versao = recalcular(cargo.pk)
    with pytest.raises(PublicacaoInvalida) as exc:
        publicar(versao, "preliminar", rh)
    assert str(exc.value).startswith(
        "O certame foi homologado em " + (HOJE - dt.timedelta(days=10)).strftime("%d/%m/%Y"))
    assert not versao.publicacoes.exists()
    client.force_login(rh)
    pagina = client.get(reverse("painel:cargo", args=[cargo.pk])).content.decode()
    assert "Publicar como resultado preliminar" not in pagina
    assert "Publicar como resultado final (homologado)" in pagina
    assert publicar(versao, "final", rh).tipo == "final"

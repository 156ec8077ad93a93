"""From the accepted call to the exercício (candidatos/posse.py, candidatos/chamadas.py).

Worked dates: the nomeação published in the Diário Oficial on 2027-03-01, the posse's deadline
of 30 days (Lei 8.112/1990, art. 13, §1º) ends on 2027-03-31 (the 1st plus 30 days); a posse on
2027-03-10 gives the exercício 15 days (art. 15, §1º), until 2027-03-25. The world of
tests/certames/test_chamadas.py: Severínia, five vacancies, RH calls the first (inscrição 201).
"""

from __future__ import annotations

import datetime as dt
import os

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from candidatos import chamadas, posse
from certames import calendario
from certames.models import (
    AnaliseDocumentoPosse,
    Ato,
    DocumentoPosse,
    EnvioDocumentoPosse,
    EventoChamada,
)
from comum.models import Aviso
from editais import situacao
from tests.certames.test_chamadas import PRAZO, _chamada, _homologado
from tests.factories import CertameFactory, nomear, usuario

pytestmark = pytest.mark.django_db

PDF = b"%PDF-1.4\n%teste\n%%EOF\n"
PNG = b"\x89PNG\r\n\x1a\n" + b"0" * 20
PUBLICACAO = dt.date(2027, 3, 1)


def _pdf(nome="rg.pdf", conteudo=PDF):
    return SimpleUploadedFile(nome, conteudo, content_type="application/pdf")


def _convocado(rh, documentos=(("RG", True),)):
    cargo = _homologado(rh)
    for nome, obrigatorio in documentos:
        DocumentoPosse.objects.create(certame=cargo.certame, nome=nome, obrigatorio=obrigatorio)
    chamadas.convocar(cargo, 1, prazo=PRAZO, autor=rh)
    return cargo, _chamada(cargo, "201")


def _atos(chamada):
    return {e.tipo: e for e in chamada.eventos.all()}


def test_fim_do_prazo_conta_os_dias_da_publicacao():
    certame = CertameFactory()
    assert posse.fim_do_prazo(PUBLICACAO, 30, certame) == dt.date(2027, 3, 31)
    assert posse.fim_do_prazo(dt.date(2027, 3, 10), 15, certame) == dt.date(2027, 3, 25)


def test_fim_do_prazo_em_dia_sem_expediente_passa_ao_dia_util_seguinte():
    """Lei 8.112/1990, art. 238: a deadline ending on a day without office hours ends on the
    next working day. 22/03/2027 + 30 = 21/04/2027, Tiradentes (Wednesday) -> 22/04; 01/03/2027
    + 5 = Saturday 06/03 -> Monday 08/03."""
    certame = CertameFactory()
    assert posse.fim_do_prazo(dt.date(2027, 3, 22), 30, certame) == dt.date(2027, 4, 22)
    assert posse.fim_do_prazo(dt.date(2027, 3, 1), 5, certame) == dt.date(2027, 3, 8)


def test_aceite_so_pelo_candidato_e_dentro_do_prazo(rh):
    cargo, chamada = _convocado(rh)
    with pytest.raises(ValidationError) as erro:
        chamadas.registrar_evento(chamada, "aceite", autor=rh)
    assert erro.value.messages == [
        "O aceite da convocação é registrado pelo próprio candidato, na área do candidato."]
    with pytest.raises(ValidationError) as erro:
        chamadas.registrar_evento(chamada, "aceite", autor=None, pelo_candidato=True,
                                  hoje=PRAZO + dt.timedelta(days=1))
    assert erro.value.messages == [
        f"O prazo para responder à convocação terminou em {PRAZO:%d/%m/%Y}."]
    evento = chamadas.aceitar_pelo_candidato(chamada.inscricao, autor=None)
    assert (evento.tipo, evento.pelo_candidato) == ("aceite", True)
    # The aceite closes the answer: no desistência from the portal afterwards.
    with pytest.raises(ValidationError) as erro:
        chamadas.desistir_pelo_candidato(chamada.inscricao, autor=None)
    assert erro.value.messages == ["Não há convocação em aberto nesta inscrição."]


def test_envio_exige_aceite_pdf_e_o_novo_substitui(rh):
    cargo, chamada = _convocado(rh)
    rg = DocumentoPosse.objects.get(nome="RG")
    with pytest.raises(ValidationError) as erro:
        posse.enviar_documento(chamada, rg, _pdf(), autor=None)
    assert erro.value.messages == ["Aceite a convocação antes de enviar os documentos."]
    chamadas.aceitar_pelo_candidato(chamada.inscricao, autor=None)
    with pytest.raises(ValidationError) as erro:
        posse.enviar_documento(chamada, rg, _pdf("rg.png", PNG), autor=None)
    assert erro.value.messages == ["Envie o documento “RG” em PDF."]
    primeiro = posse.enviar_documento(chamada, rg, _pdf(), autor=None)
    segundo = posse.enviar_documento(chamada, rg, _pdf("rg-2.pdf"), autor=None)
    (item,) = posse.documentos_da_chamada(chamada)
    assert (item.envio, item.anteriores, item.estado) == (segundo, [primeiro], "enviado")
    assert EnvioDocumentoPosse.objects.count() == 2
    with pytest.raises(ValidationError) as erro:
        posse.enviar_documento(chamada, rg, _pdf(), autor=None,
                               hoje=PRAZO + dt.timedelta(days=1))
    assert erro.value.messages == [
        f"O prazo para apresentar os documentos terminou em {PRAZO:%d/%m/%Y}."]


def test_rejeicao_motivada_avisada_e_reenvio(rh, mailoutbox, django_capture_on_commit_callbacks):
    cargo, chamada = _convocado(rh)
    rg = DocumentoPosse.objects.get(nome="RG")
    chamadas.aceitar_pelo_candidato(chamada.inscricao, autor=None)
    envio = posse.enviar_documento(chamada, rg, _pdf(), autor=None)
    with pytest.raises(ValidationError) as erro:
        posse.analisar_documento(envio, aceito=False, motivacao="", autor=rh)
    assert erro.value.message_dict == {"motivacao": [
        "Motive a rejeição do documento (Lei 9.784/1999, art. 50): o candidato precisa saber "
        "o que corrigir."]}
    with django_capture_on_commit_callbacks(execute=True):
        posse.analisar_documento(envio, aceito=False, motivacao="Cópia ilegível.", autor=rh)
    assert [m.to for m in mailoutbox] == [["c201@exemplo.org"]]
    assert mailoutbox[0].subject == "Documento para a posse rejeitado — inscrição 201"
    assert "Cópia ilegível." in mailoutbox[0].body
    assert f"até {PRAZO:%d/%m/%Y}" in mailoutbox[0].body
    assert [i.estado for i in posse.documentos_da_chamada(chamada)] == ["rejeitado"]
    novo = posse.enviar_documento(chamada, rg, _pdf(), autor=None)
    posse.analisar_documento(novo, aceito=True, motivacao="", autor=rh)
    assert [i.estado for i in posse.documentos_da_chamada(chamada)] == ["aceito"]
    with pytest.raises(ValidationError) as erro:
        posse.enviar_documento(chamada, rg, _pdf(), autor=None)
    assert erro.value.messages == ["O documento “RG” já foi aceito: não é preciso enviá-lo de "
                                   "novo."]


def test_nomeacao_so_com_aceite_e_documentos_obrigatorios_aceitos(rh):
    cargo, chamada = _convocado(rh, documentos=(("RG", True), ("Foto", False)))
    ato = chamadas.AtoPublicado("Portaria 123/2027", "Diário Oficial do Município", None)
    with pytest.raises(ValidationError) as erro:
        chamadas.registrar_evento(chamada, "nomeacao", autor=rh, publicacao=ato)
    assert erro.value.messages == [
        "A nomeação ainda não pode ser registrada: o candidato ainda não aceitou a convocação; "
        "documentos obrigatórios ainda não aceitos: RG."]
    chamadas.aceitar_pelo_candidato(chamada.inscricao, autor=None)
    envio = posse.enviar_documento(chamada, DocumentoPosse.objects.get(nome="RG"), _pdf(),
                                   autor=None)
    posse.analisar_documento(envio, aceito=True, motivacao="", autor=rh)
    # The optional photo is not needed; the act's number and publication are.
    with pytest.raises(ValidationError) as erro:
        chamadas.registrar_evento(chamada, "nomeacao", autor=rh, publicacao=ato)
    assert erro.value.messages == [
        "Informe o número do ato de nomeação e a sua publicação (veículo e data)."]
    evento = chamadas.registrar_evento(
        chamada, "nomeacao", autor=rh, data=PUBLICACAO, hoje=PUBLICACAO,
        publicacao=chamadas.AtoPublicado("Portaria 123/2027", "Diário Oficial do Município",
                                         PUBLICACAO))
    assert (evento.numero_ato, evento.veiculo_publicacao, evento.publicado_em) == (
        "Portaria 123/2027", "Diário Oficial do Município", PUBLICACAO)


def test_posse_em_30_dias_da_publicacao_e_exercicio_em_15_da_posse(rh):
    cargo, chamada = _convocado(rh, documentos=())
    nomear(chamada, rh, data=PUBLICACAO, publicado_em=PUBLICACAO)
    prazo = posse.prazo_pendente(cargo.certame, _atos(chamada), dt.date(2027, 3, 26))
    assert (prazo.tipo, prazo.fim, prazo.restantes, prazo.em_aviso) == (
        "posse", dt.date(2027, 3, 31), 5, True)
    assert posse.prazo_pendente(cargo.certame, _atos(chamada),
                                dt.date(2027, 3, 25)).em_aviso is False
    with pytest.raises(ValidationError) as erro:
        chamadas.registrar_evento(chamada, "posse", autor=rh, data=dt.date(2027, 4, 1),
                                  hoje=dt.date(2027, 4, 1))
    assert erro.value.messages == [
        "O prazo da posse terminou em 31/03/2027 (30 dias desde 01/03/2027; Lei 8.112/1990, "
        "art. 13, §1º (aplicada onde o estatuto municipal for omisso)): o ato não pode mais "
        "ser registrado. Registre a nomeação tornada sem efeito (Lei 8.112/1990, art. 13, "
        "§6º)."]
    chamadas.registrar_evento(chamada, "posse", autor=rh, data=dt.date(2027, 3, 10),
                              hoje=dt.date(2027, 4, 1))
    prazo = posse.prazo_pendente(cargo.certame, _atos(chamada), dt.date(2027, 3, 12))
    assert (prazo.tipo, prazo.fim) == ("exercicio", dt.date(2027, 3, 25))
    with pytest.raises(ValidationError) as erro:
        chamadas.registrar_evento(chamada, "exercicio", autor=rh, data=dt.date(2027, 3, 26),
                                  hoje=dt.date(2027, 4, 1))
    assert erro.value.messages == [
        "O prazo do exercício terminou em 25/03/2027 (15 dias desde 10/03/2027; Lei "
        "8.112/1990, art. 15, §1º (aplicada onde o estatuto municipal for omisso)): o ato não "
        "pode mais ser registrado. Quem não entra em exercício no prazo é exonerado (Lei "
        "8.112/1990, art. 15, §2º): registre a convocação tornada sem efeito."]
    chamadas.registrar_evento(chamada, "exercicio", autor=rh, data=dt.date(2027, 3, 25),
                              hoje=dt.date(2027, 4, 1))
    assert posse.prazo_pendente(cargo.certame, _atos(chamada)) is None


def test_prazos_do_edital_mudam_o_calculo_e_travam_com_a_convocacao(rh):
    cargo = _homologado(rh)
    posse.salvar_prazos(cargo.certame, posse=20, exercicio=10, autor=rh)
    cargo.certame.refresh_from_db()
    assert (posse.dias_posse(cargo.certame), posse.dias_exercicio(cargo.certame)) == (20, 10)
    chamadas.convocar(cargo, 1, prazo=PRAZO, autor=rh)
    chamada = _chamada(cargo, "201")
    nomear(chamada, rh, data=PUBLICACAO, publicado_em=PUBLICACAO)
    # 01/03/2027 + 20 = Sunday 21/03: the posse's last day is Monday 22/03 (Lei 8.112/1990,
    # art. 238).
    assert posse.prazo_pendente(cargo.certame, _atos(chamada)).fim == dt.date(2027, 3, 22)
    with pytest.raises(ValidationError) as erro:
        posse.salvar_prazos(cargo.certame, posse=30, exercicio=15, autor=rh)
    assert "os prazos de posse e exercício não podem mais ser alterados" in erro.value.messages[0]


def test_lista_de_documentos_trava_depois_da_primeira_convocacao(rh):
    cargo = _homologado(rh)
    doc = posse.salvar_documento_exigido(
        DocumentoPosse(certame=cargo.certame, nome="RG", obrigatorio=True), autor=rh)
    chamadas.convocar(cargo, 1, prazo=PRAZO, autor=rh)
    doc.nome = "RG e CPF"
    with pytest.raises(ValidationError) as erro:
        posse.salvar_documento_exigido(doc, autor=rh)
    assert erro.value.messages[0].startswith(
        "Já há convocação feita a que esta lista se aplica: os convocados respondem pela lista "
        "com que foram convocados")
    with pytest.raises(ValidationError):
        posse.remover_documento_exigido(DocumentoPosse.objects.get(pk=doc.pk), autor=rh)
    assert list(DocumentoPosse.objects.values_list("nome", flat=True)) == ["RG"]


def test_arquivo_so_para_o_candidato_e_o_rh(client, rh):
    cargo, chamada = _convocado(rh)
    chamadas.aceitar_pelo_candidato(chamada.inscricao, autor=None)
    envio = posse.enviar_documento(chamada, DocumentoPosse.objects.get(nome="RG"), _pdf(),
                                   autor=None)
    url = reverse("portal:arquivo_posse", args=[envio.pk])
    client.force_login(rh)
    resposta = client.get(url)
    assert (resposta.status_code, resposta["Content-Type"],
            resposta["Cache-Control"]) == (200, "application/pdf", "private, no-store")
    outro = _chamada(cargo, "201").inscricao.cargo.inscricoes.exclude(numero="201").first()
    conta = usuario("outro_candidato", "Candidato")
    outro.candidato.usuario = conta
    outro.candidato.save()
    client.force_login(conta)
    assert client.get(url).status_code == 404


def test_pagina_do_candidato_aceita_e_envia(client, rh):
    cargo, chamada = _convocado(rh)
    conta = usuario("c201", "Candidato")
    candidato = chamada.inscricao.candidato
    candidato.usuario = conta
    candidato.save()
    client.force_login(conta)
    insc = chamada.inscricao
    pagina = client.get(reverse("portal:convocacao", args=[insc.pk]))
    assert pagina.status_code == 200
    assert 'data-link="aceitar"' in pagina.content.decode()
    sem = client.post(reverse("portal:aceitar", args=[insc.pk]), {})
    assert sem.status_code == 400
    assert EventoChamada.objects.filter(tipo="aceite").count() == 0
    com = client.post(reverse("portal:aceitar", args=[insc.pk]), {"confirmacao": "on"})
    assert com["Location"] == reverse("portal:convocacao", args=[insc.pk])
    rg = DocumentoPosse.objects.get(nome="RG")
    url = reverse("portal:enviar_documento_posse", args=[insc.pk, rg.pk])
    ruim = client.post(url, {f"doc-{rg.pk}-arquivo": _pdf("rg.pdf", b"nao e pdf")})
    assert ruim.status_code == 400
    assert "não é um PDF, JPEG ou PNG válido" in ruim.content.decode()
    # An image is a valid attachment elsewhere, not here: the domain's one answer.
    imagem = client.post(url, {f"doc-{rg.pk}-arquivo": _pdf("rg.png", PNG)})
    assert imagem.status_code == 400
    assert "Envie o documento “RG” em PDF." in imagem.content.decode()
    bom = client.post(url, {f"doc-{rg.pk}-arquivo": _pdf()})
    assert bom.status_code == 302
    assert EnvioDocumentoPosse.objects.filter(chamada=chamada).count() == 1


def test_aviso_do_prazo_da_posse_nos_ultimos_5_dias_no_painel_e_no_cargo(client, rh):
    cargo, chamada = _convocado(rh, documentos=())
    conta = usuario("c201", "Candidato")
    candidato = chamada.inscricao.candidato
    candidato.usuario = conta
    candidato.save()
    hoje = timezone.localdate()
    # Published 26 days ago: the 30 days end in 4 (written as the rows the acts are).
    publicada = hoje - dt.timedelta(days=26)
    EventoChamada.objects.create(chamada=chamada, tipo="aceite", data=publicada,
                                 pelo_candidato=True)
    EventoChamada.objects.create(chamada=chamada, tipo="nomeacao", data=publicada,
                                 numero_ato="Portaria 9/2026", veiculo_publicacao="DOM",
                                 publicado_em=publicada)
    fim = (publicada + dt.timedelta(days=30)).strftime("%d/%m/%Y")
    client.force_login(conta)
    painel = client.get(reverse("portal:painel")).content.decode()
    assert 'id="prazos-posse"' in painel
    assert f"Posse até {fim} (faltam 4 dia(s);" in painel
    client.force_login(rh)
    pagina = client.get(reverse("painel:cargo", args=[cargo.pk])).content.decode()
    assert "text-danger fw-semibold\" data-prazo=\"posse\"" in pagina
    assert f"Posse até {fim} (30 dias;" in pagina


def test_rh_rejeita_pela_pagina_da_convocacao_com_motivacao(client, rh, mailoutbox,
                                                           django_capture_on_commit_callbacks):
    cargo, chamada = _convocado(rh)
    chamadas.aceitar_pelo_candidato(chamada.inscricao, autor=None)
    envio = posse.enviar_documento(chamada, DocumentoPosse.objects.get(nome="RG"), _pdf(),
                                   autor=None)
    client.force_login(rh)
    url = reverse("painel:analisar_documento_posse", args=[envio.pk])
    campos = {f"envio-{envio.pk}-resultado": "rejeitado", f"envio-{envio.pk}-confirmacao": "on"}
    sem_motivo = client.post(url, campos)
    assert sem_motivo.status_code == 400
    assert "Motive a rejeição do documento (Lei 9.784/1999, art. 50)" in (
        sem_motivo.content.decode())
    with django_capture_on_commit_callbacks(execute=True):
        resposta = client.post(url, {**campos, f"envio-{envio.pk}-motivacao": "Cópia cortada."})
    assert resposta.status_code == 302
    assert [(m.to, "Cópia cortada." in m.body) for m in mailoutbox] == [
        (["c201@exemplo.org"], True)]
    pagina = client.get(reverse("painel:chamada", args=[chamada.pk])).content.decode()
    assert 'data-estado="rejeitado"' in pagina
    assert ("A nomeação aguarda: documentos obrigatórios ainda não aceitos: RG." in pagina)


def _sabado_antes_de_dia_util():
    """The first Saturday after today whose Monday is a working day of the órgão."""
    certame = CertameFactory()
    dia = PRAZO
    while dia.weekday() != 5 or not calendario.dia_util(dia + dt.timedelta(days=2), certame):
        dia += dt.timedelta(days=1)
    return dia


def test_prazo_da_convocacao_num_sabado_vai_a_segunda_para_o_aceite_e_os_documentos(
        client, rh, mailoutbox, django_capture_on_commit_callbacks):
    """RH is told that a deadline on a Saturday extends to Monday (Lei 9.784/1999, art. 66,
    §1º); the aceite, the sending of the documents, the candidate's page and the rejection's
    mail read the same Monday, and Tuesday is late."""
    sabado = _sabado_antes_de_dia_util()
    segunda, terca = sabado + dt.timedelta(days=2), sabado + dt.timedelta(days=3)
    cargo = _homologado(rh)
    DocumentoPosse.objects.create(certame=cargo.certame, nome="RG", obrigatorio=True)
    chamadas.convocar(cargo, 1, prazo=sabado, autor=rh)
    chamada = _chamada(cargo, "201")
    assert f"o prazo se prorroga até {segunda:%d/%m/%Y}" in calendario.aviso_de_vencimento(
        sabado, cargo.certame, sujeito="O prazo")
    with pytest.raises(ValidationError) as erro:
        chamadas.registrar_evento(chamada, "aceite", autor=None, pelo_candidato=True,
                                  hoje=terca)
    assert erro.value.messages == [
        f"O prazo para responder à convocação terminou em {segunda:%d/%m/%Y}."]
    chamadas.registrar_evento(chamada, "aceite", autor=None, pelo_candidato=True,
                              data=timezone.localdate(), hoje=segunda)
    rg = DocumentoPosse.objects.get(nome="RG")
    with pytest.raises(ValidationError) as erro:
        posse.enviar_documento(chamada, rg, _pdf(), autor=None, hoje=terca)
    assert erro.value.messages == [
        f"O prazo para apresentar os documentos terminou em {segunda:%d/%m/%Y}."]
    envio = posse.enviar_documento(chamada, rg, _pdf(), autor=None, hoje=segunda)
    conta = usuario("c201", "Candidato")
    chamada.inscricao.candidato.usuario = conta
    chamada.inscricao.candidato.save()
    client.force_login(conta)
    pagina = client.get(reverse("portal:convocacao", args=[chamada.inscricao.pk]))
    assert f"Envie cada documento em PDF (até 5 MB) até {segunda:%d/%m/%Y}." in (
        pagina.content.decode())
    with django_capture_on_commit_callbacks(execute=True):
        posse.analisar_documento(envio, aceito=False, motivacao="Cópia ilegível.", autor=rh)
    assert f"até {segunda:%d/%m/%Y}" in mailoutbox[-1].body


def test_aviso_da_rejeicao_pertence_ao_seu_ato(rh, django_capture_on_commit_callbacks):
    cargo, chamada = _convocado(rh)
    chamadas.aceitar_pelo_candidato(chamada.inscricao, autor=None)
    envio = posse.enviar_documento(chamada, DocumentoPosse.objects.get(nome="RG"), _pdf(),
                                   autor=None)
    with django_capture_on_commit_callbacks(execute=True):
        posse.analisar_documento(envio, aceito=False, motivacao="Cópia ilegível.", autor=rh)
    aviso = Aviso.objects.get(nome="documento_posse_rejeitado")
    assert (aviso.ato, aviso.inscricao) == (
        Ato.objects.get(tipo="posse_documento_analisado"), chamada.inscricao)


def test_convocacao_liberada_nao_recebe_nem_analisa_documentos(client, rh):
    """After a desistência the call holds no vacancy: a document neither goes nor is checked
    (one answer: `posse.motivo_nao_analisar`), and RH's page offers no check."""
    cargo, chamada = _convocado(rh)
    chamadas.aceitar_pelo_candidato(chamada.inscricao, autor=None)
    rg = DocumentoPosse.objects.get(nome="RG")
    envio = posse.enviar_documento(chamada, rg, _pdf(), autor=None)
    chamadas.registrar_evento(chamada, "desistencia", autor=rh,
                              motivacao="Declarou a desistência por escrito ao RH.")
    liberada = ("A convocação tem desistência registrada: os documentos não são mais enviados "
                "nem analisados.")
    with pytest.raises(ValidationError) as erro:
        posse.analisar_documento(envio, aceito=True, motivacao="", autor=rh)
    assert erro.value.messages == [liberada]
    with pytest.raises(ValidationError) as erro:
        posse.enviar_documento(chamada, rg, _pdf(), autor=None)
    assert erro.value.messages == [liberada]
    assert not AnaliseDocumentoPosse.objects.exists()
    client.force_login(rh)
    pagina = client.get(reverse("painel:chamada", args=[chamada.pk])).content.decode()
    assert liberada in pagina and 'data-form="analise-' not in pagina
    assert 'id="pendencias-nomeacao"' not in pagina


def test_ordem_de_nomeacao_do_cargo_conta_o_prazo_da_posse_uma_vez_por_publicacao(
        client, rh, django_assert_num_queries):
    """RH's cargo page shows each appointed call's posse deadline: three nomeações published
    in one Diário Oficial read the órgão's calendar once, as one does (no query per row)."""
    cargo = _homologado(rh)
    chamadas.convocar(cargo, 3, prazo=PRAZO, autor=rh)
    convocadas = list(cargo.chamadas.order_by("posicao"))
    nomear(convocadas[0], rh)
    client.force_login(rh)
    url = reverse("painel:cargo", args=[cargo.pk])
    client.get(url)
    with CaptureQueriesContext(connection) as uma:
        client.get(url)
    for chamada in convocadas[1:]:
        nomear(chamada, rh)
    with django_assert_num_queries(len(uma)):
        pagina = client.get(url).content.decode()
    assert pagina.count('data-prazo="posse"') == 3


def test_alteracao_de_documento_exigido_registra_antes_e_depois(rh):
    cargo = _homologado(rh)
    doc = posse.salvar_documento_exigido(
        DocumentoPosse(certame=cargo.certame, nome="RG", obrigatorio=True), autor=rh)
    doc.nome, doc.obrigatorio = "RG e CPF", False
    posse.salvar_documento_exigido(doc, autor=rh)
    ato = Ato.objects.filter(tipo="posse_documento_exigido").latest("pk")
    assert (ato.descricao, ato.antes, ato.depois) == (
        "Documento exigido para a posse alterado: RG e CPF.",
        {"nome": "RG", "cargo": None, "obrigatorio": True},
        {"nome": "RG e CPF", "cargo": None, "obrigatorio": False})


def test_certame_anulado_depois_da_homologacao_nada_mais_acontece_nas_chamadas(client, rh):
    """The calls come after the homologation, which no suspension reaches; an annulment does
    (editais.situacao): after it, neither the candidate's aceite nor a document, nor RH's
    check, nomeação or posse is recorded, each refused with the one guard's sentence."""
    cargo, chamada = _convocado(rh)
    outra = chamadas.convocar(cargo, 1, prazo=PRAZO, autor=rh)[0]
    chamadas.aceitar_pelo_candidato(chamada.inscricao, autor=None)
    rg = DocumentoPosse.objects.get(nome="RG")
    envio = posse.enviar_documento(chamada, rg, _pdf(), autor=None)
    motivacao = "Ilegalidade na reserva de vagas do edital apontada pelo Tribunal de Contas."
    situacao.cancelar(cargo.certame, tipo="anulacao", motivacao=motivacao, autor=rh,
                      origem="tribunal_contas", documento="TC-001234/026/26")
    anulado = f"Certame anulado em {timezone.localdate():%d/%m/%Y}: {motivacao}"
    antes = (Ato.objects.count(), EventoChamada.objects.count(),
             EnvioDocumentoPosse.objects.count())
    publicacao = chamadas.AtoPublicado("Portaria 123/2027", "Diário Oficial do Município",
                                       timezone.localdate())
    for acao in (lambda: chamadas.aceitar_pelo_candidato(outra.inscricao, autor=None),
                 lambda: posse.enviar_documento(chamada, rg, _pdf(), autor=None),
                 lambda: posse.analisar_documento(envio, aceito=True, motivacao="", autor=rh),
                 lambda: chamadas.registrar_evento(chamada, "nomeacao", autor=rh,
                                                   publicacao=publicacao),
                 lambda: chamadas.convocar(cargo, 1, prazo=PRAZO, autor=rh)):
        with pytest.raises(ValidationError) as erro:
            acao()
        assert erro.value.messages == [anulado]
    assert (Ato.objects.count(), EventoChamada.objects.count(),
            EnvioDocumentoPosse.objects.count()) == antes


def test_falha_depois_de_gravar_o_pdf_nao_deixa_arquivo_nem_envio(rh, settings, monkeypatch):
    cargo, chamada = _convocado(rh)
    chamadas.aceitar_pelo_candidato(chamada.inscricao, autor=None)

    def arquivos():
        return {os.path.join(d, f) for d, _s, fs in os.walk(settings.MEDIA_ROOT) for f in fs}

    antes = arquivos()

    def falha(**_kwargs):
        raise RuntimeError("o registro do ato falhou")

    monkeypatch.setattr("candidatos.posse.registrar_ato", falha)
    with pytest.raises(RuntimeError):
        posse.enviar_documento(chamada, DocumentoPosse.objects.get(nome="RG"), _pdf(),
                               autor=None)
    assert (EnvioDocumentoPosse.objects.count(), arquivos()) == (0, antes)

"""An annulled appointment leaves office on every order (regras-de-reserva.md,
sections 7 and 9).

Pirangi (Lei 3.056/2025), one cargo of 4 vacancies. Split (section 4; the whole-edital base
with one cargo needs no draw): PP arred(4 x 0.15 = 0.6) = 1; I arred(0.12) = 0; Q
arred(0.08) = 0; PcD (federal default) teto(0.2) = 1 > 20% of 4 = 0.8, so floor(0.2) = 0; AC
3. Order (section 7, step 3): v = 1, 2, 3: R_PP(v) = arred(0.15 v) = 0 (and N >= 2 only from
v = 2), AC; v = 4: arred(0.6) = 1 > 0, PP. Candidates by score: 101 95, 102 90, 103 85,
104 80 PP, 105 75, 106 70 PP, 107 65. Published: 1 AC 101, 2 AC 102, 3 AC 103, 4 PP 104.

104 is called, appointed, takes posse and enters exercício. Fraud in the self-declaration is
proven afterwards: art. 7º, §1º, II annuls the admission ("caso já tenha sido nomeado"). The
decision records the annulment on the 4th call; the call stays in the history, unoccupied
(A = {101, 102, 103}, |A| = 3, one new position); step 2 calls the freed PP seat again at
position 5, with the next of the PP list: 106. Every order shows position 4 as annulled. Art.
7º, §2º sends the result to the Ministério Público and to the Procuradoria Municipal: the
procedure stays open until both forwardings are recorded (and the ten-day appeal window is
over), then RH closes it.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import re
import shutil
import subprocess
from decimal import Decimal

import openpyxl
import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from candidatos import chamadas, procedimentos
from candidatos.models import EstadoLista, Inscricao, SituacaoLista
from candidatos.procedimentos.recurso import janela_recurso
from certames import carreira
from certames.models import Ato, Chamada, DocumentoPdf, EventoChamada
from classificacao import impressos
from classificacao.homologacao import homologar
from classificacao.listas import montar_entrada, publicar, recalcular
from comum.formatos import data_br
from tests import instantaneo_apoio
from tests.autoridade_apoio import designar, manter
from tests.factories import (
    CandidatoFactory,
    CargoFactory,
    CertameFactory,
    InscricaoFactory,
    nomear,
    usuario,
)

pytestmark = pytest.mark.django_db

PIR = "pirangi-lei3056-2025"
ANULACAO = "Lei 3.056/2025, art. 7º, §1º, II"
CANDIDATOS = [("101", "95", []), ("102", "90", []), ("103", "85", []), ("104", "80", ["PP"]),
              ("105", "75", []), ("106", "70", ["PP"]), ("107", "65", [])]
PUBLICADA = [(1, "AC", "101"), (2, "AC", "102"), (3, "AC", "103"), (4, "PP", "104")]
FATOS = ("Denúncia com documentos indicando que o candidato se declarou branco em outro "
         "certame e nos seus registros funcionais.")
MOTIVACAO = ("A documentação juntada comprova a má-fé na autodeclaração; a defesa não "
             "contestou os registros apresentados.")
HOJE = timezone.localdate()


@pytest.fixture
def rh2(db):
    return usuario("rh_julga", "RH", staff=True)


def _cargo(rh):
    certame = CertameFactory(regime=PIR)
    cargo = CargoFactory(certame=certame, vagas=4, codigo="ADM")
    for numero, nota, listas in CANDIDATOS:
        insc = InscricaoFactory(cargo=cargo, numero=numero, nota=Decimal(nota), listas=listas,
                                cor_raca="parda" if listas else "branca",
                                candidato=CandidatoFactory(nome=f"Pessoa {numero}",
                                                           nome_social=""))
        for lista in listas:
            SituacaoLista.objects.create(inscricao=insc, lista=lista,
                                         estado=EstadoLista.CONFIRMADA)
    publicar(recalcular(cargo.pk), "final", rh)
    homologar(certame, data=HOJE - dt.timedelta(days=10), ato="Decreto 1/2027", autor=rh)
    cargo.refresh_from_db()
    return cargo


def _em_exercicio(rh):
    """The four positions called; 104 appointed, in posse and in exercício."""
    cargo = _cargo(rh)
    assert instantaneo_apoio.ordem(cargo.versoes_classificacao.get()) == PUBLICADA
    chamadas.convocar(cargo, 4, prazo=HOJE + dt.timedelta(days=15), autor=rh)
    chamada = Chamada.objects.get(cargo=cargo, posicao=4)
    nomear(chamada, rh)
    for tipo in ("posse", "exercicio"):
        chamadas.registrar_evento(chamada, tipo, autor=rh)
    return cargo, chamada


def _anular(cargo, rh):
    """The fraud procedure on 104 (PP), proven after the defence deadline."""
    insc = Inscricao.objects.get(cargo=cargo, numero="104")
    agora = timezone.now()
    proc = procedimentos.abrir_procedimento(
        insc, tipo="fraude_autodeclaracao", lista="PP", fatos=FATOS,
        prazo_defesa=agora + dt.timedelta(minutes=1), autor=rh, agora=agora)
    decidido = agora + dt.timedelta(minutes=2)
    proc = procedimentos.decidir_procedimento(proc, conclusao="procedente",
                                              motivacao=MOTIVACAO, autor=rh, agora=decidido)
    return insc, proc, decidido


def _estados(cargo):
    return [(s.chamada.posicao, s.chamada.inscricao.numero, s.codigo)
            for s in carreira.historico(cargo)]


def _republicar(cargo, rh):
    versao = recalcular(cargo.pk)
    publicar(versao, "final", rh)
    return versao


def test_anulacao_e_ato_na_chamada_e_a_vaga_pp_e_rechamada(rh):
    cargo, chamada = _em_exercicio(rh)
    assert _estados(cargo)[3] == (4, "104", "exercicio")
    insc, proc, decidido = _anular(cargo, rh)

    assert (proc.consequencia, proc.fundamento) == ("anulacao", ANULACAO)
    evento = EventoChamada.objects.get(chamada=chamada, tipo="anulada")
    assert (evento.data, evento.fundamento, evento.motivacao, evento.autor) == (
        timezone.localdate(decidido), ANULACAO, MOTIVACAO, rh)
    ato = Ato.objects.get(tipo="chamada_anulada")
    assert (ato.fundamento_legal, ato.depois["procedimento"], ato.depois["posicao"]) == (
        ANULACAO, proc.pk, 4)
    assert ato.descricao == (
        f"Nomeação da inscrição 104 (4ª convocação do cargo ADM) anulada em "
        f"{data_br(decidido)} pela decisão do procedimento administrativo nº {proc.pk}; a "
        "convocação fica na ordem de nomeação, sem ocupar a vaga.")
    assert proc.efeitos["chamadas_anuladas"] == [chamada.pk]
    insc.refresh_from_db()
    assert insc.situacao == "eliminado"
    assert _estados(cargo) == [(1, "101", "convocada"), (2, "102", "convocada"),
                               (3, "103", "convocada"), (4, "104", "anulada")]

    # The engine reads the annulment as history; the PP seat is called again at 5.
    chamados = montar_entrada(cargo).entrada.chamados
    assert [(c.inscricao, c.vaga, c.situacao) for c in chamados] == [
        ("101", "AC", "ocupada"), ("102", "AC", "ocupada"), ("103", "AC", "ocupada"),
        ("104", "PP", "anulada")]
    versao = _republicar(cargo, rh)
    assert instantaneo_apoio.ordem(versao) == [*PUBLICADA, (5, "PP", "106")]
    assert "104" not in instantaneo_apoio.numeros(versao, "AC")
    (nova,) = chamadas.convocar(cargo, 1, prazo=HOJE + dt.timedelta(days=15), autor=rh)
    assert (nova.posicao, nova.vaga, nova.lista, nova.inscricao.numero) == (5, "PP", "PP", "106")

    # Nothing more on the annulled call; the annulment is the procedure's, never RH's page.
    with pytest.raises(ValidationError) as erro:
        chamadas.registrar_evento(chamada, "desistencia", autor=rh, motivacao="Teste.")
    assert erro.value.messages == [
        "Não é possível registrar desistência: a convocação já tem anulada."]
    outra = Chamada.objects.get(cargo=cargo, posicao=1)
    with pytest.raises(ValidationError) as erro:
        chamadas.registrar_evento(outra, "anulada", autor=rh, motivacao="Fraude.")
    assert erro.value.messages == [
        "A anulação da nomeação é registrada pela decisão do procedimento administrativo que "
        "apurou a fraude ou a falsidade (contraditório e ampla defesa), não nesta página."]
    assert not EventoChamada.objects.filter(chamada=outra).exists()


def _situacao_da_linha(html, posicao):
    """The "Situação" cell of the row of `posicao` (`<td>4º</td>` opens it)."""
    linha = html.split(f"<td>{posicao}º</td>", 1)[1].split("</tr>", 1)[0]
    return linha


def test_toda_ordem_mostra_a_posicao_anulada(client, rh, django_capture_on_commit_callbacks):
    cargo, chamada = _em_exercicio(rh)
    insc, _proc, decidido = _anular(cargo, rh)
    esperado = f"Anulada ({data_br(decidido)}; {ANULACAO})"

    # Public order of nomeação.
    publica = reverse("ordem_nomeacao_publica", args=[cargo.certame_id, cargo.pk])
    linha = _situacao_da_linha(client.get(publica).content.decode(), 4)
    assert esperado in linha and "Exercício" not in linha
    # Public exports: CSV and JSON.
    exportar = "ordem_nomeacao_publica_exportar"
    resposta = client.get(reverse(exportar, args=[cargo.certame_id, cargo.pk, "csv"]))
    linhas = list(csv.DictReader(io.StringIO(resposta.content.decode("utf-8-sig")),
                                 delimiter=";"))
    assert [(linha["posicao"], linha["situacao"], linha["encerramento_em"])
            for linha in linhas] == [
        ("1", "Convocada", ""), ("2", "Convocada", ""), ("3", "Convocada", ""),
        ("4", "Anulada", data_br(decidido))]
    dados = json.loads(client.get(reverse(exportar, args=[cargo.certame_id, cargo.pk,
                                                          "json"])).content)
    assert [c["situacao"] for c in dados["chamadas"]] == ["Convocada"] * 3 + ["Anulada"]

    # RH: the cargo page's order (no act offered on the annulled call), CSV and XLSX.
    client.force_login(rh)
    html = client.get(reverse("painel:cargo", args=[cargo.pk])).content.decode()
    linha = _situacao_da_linha(html, 4)
    assert esperado in linha and "Exercício" not in linha
    assert reverse("painel:evento_chamada", args=[chamada.pk, "desistencia"]) not in html
    assert reverse("painel:evento_chamada", args=[chamada.pk, "anulada"]) not in html
    assert client.get(reverse("painel:evento_chamada",
                              args=[chamada.pk, "anulada"])).status_code == 404
    resposta = client.get(reverse("painel:exportar_ordem_nomeacao", args=[cargo.pk, "csv"]))
    linhas = list(csv.DictReader(io.StringIO(resposta.content.decode("utf-8-sig")),
                                 delimiter=";"))
    assert (linhas[3]["inscricao"], linhas[3]["exercicio"], linhas[3]["situacao"]) == (
        "104", data_br(HOJE), "Anulada")
    resposta = client.get(reverse("painel:exportar_ordem_nomeacao", args=[cargo.pk, "xlsx"]))
    planilha = openpyxl.load_workbook(io.BytesIO(resposta.content)).active
    cabecalho = [c.value for c in planilha[1]]
    assert planilha.cell(row=5, column=cabecalho.index("Situação") + 1).value == "Anulada"

    # The PDFs (RH and public) lay out the same state.
    for tipo in ("ordem_nomeacao", "ordem_nomeacao_publica"):
        _alvo, _chave, conteudo = impressos.estado(tipo, cargo)
        assert [(linha["posicao"], linha["situacao"]) for linha in conteudo["linhas"]] == [
            (1, "Convocada"), (2, "Convocada"), (3, "Convocada"), (4, esperado)]

    # The candidate's own page.
    conta = usuario("cand_104", "Candidato")
    type(insc.candidato).objects.filter(pk=insc.candidato_id).update(usuario=conta)
    client.force_login(conta)
    pagina = client.get(reverse("portal:inscricao", args=[insc.pk])).content.decode()
    assert f"Situação: {esperado}." in pagina


@pytest.mark.skipif(shutil.which("pdftotext") is None,
                    reason="pdftotext (poppler-utils) não instalado: o texto do PDF não é lido")
def test_texto_do_pdf_mostra_anulada(rh):
    cargo, _chamada = _em_exercicio(rh)
    _insc, _proc, decidido = _anular(cargo, rh)
    for tipo in ("ordem_nomeacao", "ordem_nomeacao_publica"):
        documento = DocumentoPdf.objects.get(pk=impressos.gerar(tipo, cargo.pk))
        with documento.arquivo.open("rb") as arquivo:
            saida = subprocess.run(["pdftotext", "-layout", "-", "-"], input=arquivo.read(),
                                   capture_output=True, check=True)
        texto = " ".join(saida.stdout.decode().split())
        # A cell's text may wrap inside it (the name, the basis): read it by pieces.
        assert "4º 104 Pessoa" in texto
        assert f"Anulada ({data_br(decidido)}; Lei 3.056/2025," in texto
        assert "§1º, II)" in texto
        assert len(re.findall(r"\d{2}/\d{2}/\d{4} Convocada", texto)) == 3  # the 3 others
        assert "Exercício" not in texto


def test_procedimento_fica_aberto_ate_os_dois_encaminhamentos(client, rh):
    cargo, _chamada = _em_exercicio(rh)
    _insc, proc, decidido = _anular(cargo, rh)
    # The second after the appeal window's end (Lei 9.784/1999, art. 66: its last day moves to
    # the next working day when it has no office hours, so it is read, not assumed).
    depois_do_recurso = janela_recurso(proc).etapas[0].fim + dt.timedelta(seconds=1)
    dia = timezone.localdate(depois_do_recurso)
    assert procedimentos.motivo_para_nao_encerrar(proc, decidido).startswith(
        "O prazo de recurso vai até ")
    assert procedimentos.motivo_para_nao_encerrar(proc, depois_do_recurso).startswith(
        "Faltam os encaminhamentos que a lei exige: ao Ministério Público (")

    client.force_login(rh)
    url = reverse("painel:procedimentos_detalhe", args=[proc.pk])
    html = client.get(url).content.decode()
    assert "em aberto</span>" in html
    assert f"4ª convocação (vaga PP)</a>: <strong>Anulada ({data_br(decidido)}; {ANULACAO})" \
        in html
    assert "chamada_anulada" not in html  # the act is listed by its description
    assert "anulada em" in html and "pela decisão do procedimento administrativo" in html

    for destino, referencia in (("ministerio_publico", "Ofício 31/2027"),
                                ("procuradoria_municipal", "Protocolo PGM 77/2027")):
        with pytest.raises(ValidationError):
            procedimentos.encerrar_procedimento(proc, autor=rh, agora=depois_do_recurso)
        proc = procedimentos.registrar_encaminhamento(
            proc, destino=destino, data=dia, referencia=referencia, autor=rh,
            agora=depois_do_recurso)
    assert procedimentos.motivo_para_nao_encerrar(proc, depois_do_recurso) is None
    procedimentos.encerrar_procedimento(proc, autor=rh, agora=depois_do_recurso)
    proc.refresh_from_db()
    assert proc.encerrado_em == depois_do_recurso
    assert list(Ato.objects.filter(objeto_id=str(proc.pk), tipo__startswith="procedimento_")
                .order_by("criado_em", "id").values_list("tipo", flat=True)) == [
        "procedimento_instaurado", "procedimento_decidido", "procedimento_encaminhamento",
        "procedimento_encaminhamento", "procedimento_encerrado"]
    html = client.get(url).content.decode()
    assert "Encerrado em" in html and 'value="encaminhar"' not in html


def test_recurso_provido_revoga_a_anulacao(rh, rh2):
    """A granted appeal reforms the decision: the annulment is revoked by a later act (never
    rewritten) and the call holds its vacancy again (the seat had not been called again)."""
    cargo, chamada = _em_exercicio(rh)
    insc, proc, decidido = _anular(cargo, rh)
    conta = usuario("cand_104r", "Candidato")
    type(insc.candidato).objects.filter(pk=insc.candidato_id).update(usuario=conta)
    insc.refresh_from_db()
    procedimentos.apresentar_recurso(
        proc, autor=conta, agora=decidido + dt.timedelta(days=1),
        texto="Os registros citados são de um homônimo; junto a certidão.")
    # The decider keeps the decision; the certame's superior authority judges (Lei 9.784/1999,
    # art. 56, §1º: nucleo.autoridade).
    designar(cargo.certame, rh2)
    manter(procedimentos.recurso_de(proc), rh, agora=decidido + dt.timedelta(days=1, hours=1))
    julgado = decidido + dt.timedelta(days=2)
    proc = procedimentos.julgar_recurso(
        proc, provido=True, autor=rh2, agora=julgado,
        motivacao="A certidão juntada prova que os registros são de homônimo; não há má-fé.")
    assert list(EventoChamada.objects.filter(chamada=chamada).order_by("id")
                .values_list("tipo", flat=True)) == [
        "aceite", "nomeacao", "posse", "exercicio", "anulada", "revogacao"]
    revogacao = EventoChamada.objects.get(chamada=chamada, tipo="revogacao")
    assert (revogacao.data, revogacao.autor) == (timezone.localdate(julgado), rh2)
    assert _estados(cargo)[3] == (4, "104", "exercicio")
    insc.refresh_from_db()
    assert insc.situacao == "habilitado"
    assert [c.situacao for c in montar_entrada(cargo).entrada.chamados] == ["ocupada"] * 4
    assert instantaneo_apoio.ordem(_republicar(cargo, rh)) == PUBLICADA

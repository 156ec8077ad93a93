"""The order of nomeação as a PDF and the generated-document mechanism
(classificacao.impressos); the order pages' pagination and legal basis.

The cargo is the one of tests/certames/test_chamadas.py (Severínia, 5 vacancies): calling two
positions gives 1 AC (inscrição 201) and 2 PPI (204). The order of nomeação is fixed by the
certame's own law: Lei 3.057/2026, art. 17, parágrafo único (Pirangi's art. 12, §2º is not
Severínia's law and is not cited).
"""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from django.urls import reverse

from candidatos import chamadas
from candidatos.models import Inscricao
from certames import carreira
from certames.models import Chamada, DocumentoPdf
from certames.regras.regimes import REGIMES, obter_regime
from classificacao import impressos
from tests.certames.test_chamadas import PRAZO, _homologado
from tests.factories import (
    CandidatoFactory,
    CargoFactory,
    CertameFactory,
    InscricaoFactory,
    usuario,
)

pytestmark = pytest.mark.django_db

FUNDAMENTO_SEV = "Lei 3.057/2026 de Severínia-SP, art. 17, parágrafo único"


@pytest.fixture
def rh(db):
    return usuario("rh_pdf", "RH", staff=True)


def _url_rh(cargo):
    return reverse("painel:exportar_ordem_nomeacao", args=[cargo.pk, "pdf"])


def _url_publica(cargo, certame_pk=None):
    return reverse("ordem_nomeacao_publica_exportar",
                   args=[certame_pk or cargo.certame_id, cargo.pk, "pdf"])


def _baixar(client, url, capturar):
    """First request: the document is queued (it runs on commit: the test's transaction
    never commits, so the callbacks run here), the waiting page answers. Second: the file."""
    with capturar(execute=True):
        espera = client.get(url)
    assert espera.status_code == 200
    pagina = espera.content.decode()
    assert "O PDF está sendo gerado" in pagina
    assert '<meta http-equiv="refresh" content="3">' in pagina
    resposta = client.get(url)
    assert resposta.status_code == 200
    return resposta, b"".join(resposta.streaming_content)


def test_pdf_do_rh_gerado_pela_tarefa_e_servido(client, rh, django_capture_on_commit_callbacks):
    cargo = _homologado(rh)
    chamadas.convocar(cargo, 2, prazo=PRAZO, autor=rh)
    client.force_login(rh)
    resposta, pdf = _baixar(client, _url_rh(cargo), django_capture_on_commit_callbacks)
    assert pdf.startswith(b"%PDF-")
    assert resposta["Content-Type"] == "application/pdf"
    assert resposta["Content-Disposition"] == (
        "attachment; filename=\"ordem-nomeacao-ADM.pdf\"; "
        "filename*=UTF-8''ordem-nomeacao-ADM.pdf")
    documento = DocumentoPdf.objects.get()
    assert (documento.tipo, documento.cargo_id, documento.certame_id) == (
        "ordem_nomeacao", cargo.pk, cargo.certame_id)
    # What was laid out: both positions, the full name and the masked CPF (RH version).
    _cargo, _chave, conteudo = impressos.estado(documento.tipo, cargo)
    insc = Inscricao.objects.select_related("candidato").get(numero="201")
    assert [(linha["posicao"], linha["vaga"], linha["inscricao"], linha["nome"], linha["cpf"])
            for linha in conteudo["linhas"]] == [
        (1, "AC", "201", insc.candidato.nome_exibicao, insc.candidato.cpf_mascarado),
        (2, "PPI", "204", conteudo["linhas"][1]["nome"], conteudo["linhas"][1]["cpf"])]
    assert conteudo["linhas"][1]["fundamento"] == obter_regime(
        cargo.certame.regime).grupos[0].fundamento
    html = impressos.html_de(documento.tipo, conteudo)
    assert insc.candidato.cpf_mascarado in html
    assert f"<td>{insc.candidato.nome_exibicao}</td>" in html
    assert FUNDAMENTO_SEV in html


def test_mesmo_estado_serve_o_arquivo_guardado(client, rh, django_capture_on_commit_callbacks):
    cargo = _homologado(rh)
    chamadas.convocar(cargo, 2, prazo=PRAZO, autor=rh)
    client.force_login(rh)
    _resposta, primeiro = _baixar(client, _url_rh(cargo), django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True) as filas:
        segunda = client.get(_url_rh(cargo))
    assert filas == []  # nothing queued: the stored file is served
    assert b"".join(segunda.streaming_content) == primeiro
    assert DocumentoPdf.objects.count() == 1


def test_nova_convocacao_muda_a_chave_e_gera_outro_pdf(client, rh,
                                                       django_capture_on_commit_callbacks):
    cargo = _homologado(rh)
    chamadas.convocar(cargo, 2, prazo=PRAZO, autor=rh)
    client.force_login(rh)
    _baixar(client, _url_rh(cargo), django_capture_on_commit_callbacks)
    antes = DocumentoPdf.objects.get()
    chamadas.convocar(cargo, 1, prazo=PRAZO, autor=rh)
    _resposta, pdf = _baixar(client, _url_rh(cargo), django_capture_on_commit_callbacks)
    assert pdf.startswith(b"%PDF-")
    depois = DocumentoPdf.objects.exclude(pk=antes.pk).get()
    assert depois.chave != antes.chave
    _cargo, _chave, conteudo = impressos.estado(depois.tipo, cargo)
    assert [linha["posicao"] for linha in conteudo["linhas"]] == [1, 2, 3]
    assert DocumentoPdf.objects.count() == 2


def test_pdf_publico_sem_cpf_e_com_o_nome(client, rh, django_capture_on_commit_callbacks):
    cargo = _homologado(rh)
    chamadas.convocar(cargo, 2, prazo=PRAZO, autor=rh)
    resposta, pdf = _baixar(client, _url_publica(cargo), django_capture_on_commit_callbacks)
    assert pdf.startswith(b"%PDF-")
    documento = DocumentoPdf.objects.get()
    assert documento.tipo == "ordem_nomeacao_publica"
    _cargo, _chave, conteudo = impressos.estado(documento.tipo, cargo)
    html = impressos.html_de(documento.tipo, conteudo)
    # As the published lists (and the public CSV): inscrição number and name, no CPF at all.
    for numero in ("201", "204"):
        candidato = Inscricao.objects.select_related("candidato").get(numero=numero).candidato
        assert f"<td>{candidato.nome_exibicao}</td>" in html
        assert candidato.cpf_mascarado not in html
        assert candidato.cpf not in html
    assert [linha["cpf"] for linha in conteudo["linhas"]] == ["", ""]
    assert "<th>CPF</th>" not in html


def test_pdf_publico_de_cargo_de_outro_certame_404(client, rh):
    cargo = _homologado(rh)
    chamadas.convocar(cargo, 1, prazo=PRAZO, autor=rh)
    outro = CertameFactory(regime=cargo.certame.regime)
    assert client.get(_url_publica(cargo, certame_pk=outro.pk)).status_code == 404
    assert client.get(reverse("ordem_nomeacao_publica_exportar",
                              args=[cargo.certame_id, cargo.pk, "doc"])).status_code == 404
    assert DocumentoPdf.objects.count() == 0


def test_nome_com_marcacao_e_escapado(rh):
    cargo = _homologado(rh)
    chamadas.convocar(cargo, 1, prazo=PRAZO, autor=rh)
    candidato = Inscricao.objects.get(numero="201").candidato
    type(candidato).objects.filter(pk=candidato.pk).update(
        nome_social='<script>alert("x")</script><img src=x onerror=alert(1)>')
    # The order's two versions (the publication's PDFs: tests/certames/
    # test_documentos_publicacao.py).
    for tipo in (impressos.Tipo.ORDEM_NOMEACAO, impressos.Tipo.ORDEM_NOMEACAO_PUBLICA):
        _cargo, _chave, conteudo = impressos.estado(tipo, cargo)
        html = impressos.html_de(tipo, conteudo)
        assert "<script" not in html
        assert "<img" not in html
        assert ("<td>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"
                "&lt;img src=x onerror=alert(1)&gt;</td>") in html
        assert impressos.renderizar(tipo, conteudo).startswith(b"%PDF-")


def test_tarefa_nao_renderiza_de_novo_o_mesmo_estado(rh):
    cargo = _homologado(rh)
    chamadas.convocar(cargo, 1, prazo=PRAZO, autor=rh)
    primeiro = impressos.gerar("ordem_nomeacao", cargo.pk)
    assert impressos.gerar("ordem_nomeacao", cargo.pk) == primeiro
    assert impressos.documento_atual("ordem_nomeacao", cargo).pk == primeiro
    assert impressos.documento_atual("ordem_nomeacao_publica", cargo) is None


# --- the pages: PDF link, pagination, legal basis ---------------------------------------------


def _chamadas_diretas(cargo, quantidade):
    """`quantidade` calls recorded directly (the acts' table), positions 1..quantidade."""
    versao = cargo.versoes_classificacao.order_by("-numero").first()
    for posicao in range(1, quantidade + 1):
        insc = InscricaoFactory(cargo=cargo, numero=f"9{posicao:04d}", listas=[],
                                candidato=CandidatoFactory(nome=f"Pessoa Convocada {posicao:04d}"))
        Chamada.objects.create(cargo=cargo, posicao=posicao, inscricao=insc, vaga="AC",
                               lista="AC", versao=versao, prazo=PRAZO)


def test_historico_do_rh_paginado(client, rh):
    cargo = _homologado(rh)
    _chamadas_diretas(cargo, carreira.POR_PAGINA_ORDEM + 1)  # 51 calls: 50 + 1
    client.force_login(rh)
    url = reverse("painel:cargo", args=[cargo.pk])
    primeira = client.get(url).content.decode()
    assert "Pessoa Convocada 0050" in primeira
    assert "Pessoa Convocada 0051" not in primeira
    assert "?pagina_ordem=2#ordem-nomeacao" in primeira
    assert f'href="{_url_rh(cargo)}"' in primeira
    resposta = client.get(url, {"pagina_ordem": 2, "lista": "AC"})
    segunda = resposta.content.decode()
    assert [s.chamada.posicao for s in resposta.context["historico"]] == [51]
    assert "Pessoa Convocada 0051" in segunda
    assert "Pessoa Convocada 0001" not in segunda
    # The other parameters stay in the links.
    assert "?pagina_ordem=1&amp;lista=AC#ordem-nomeacao" in segunda


def test_ordem_publica_paginada(client, rh):
    cargo = _homologado(rh)
    _chamadas_diretas(cargo, carreira.POR_PAGINA_ORDEM + 1)
    url = reverse("ordem_nomeacao_publica", args=[cargo.certame_id, cargo.pk])
    primeira = client.get(url)
    assert [s.chamada.posicao for s in primeira.context["historico"]] == list(range(1, 51))
    assert f'href="{_url_publica(cargo)}"' in primeira.content.decode()
    segunda = client.get(url, {"page": 2})
    assert [s.chamada.posicao for s in segunda.context["historico"]] == [51]
    assert "Pessoa Convocada 0051" in segunda.content.decode()


def test_pagina_publica_cita_so_a_lei_do_regime(client, rh):
    cargo = _homologado(rh)
    chamadas.convocar(cargo, 1, prazo=PRAZO, autor=rh)
    resposta = client.get(reverse("ordem_nomeacao_publica", args=[cargo.certame_id, cargo.pk]))
    assert resposta.context["fundamento"] == FUNDAMENTO_SEV
    pagina = resposta.content.decode()
    [paragrafo] = re.findall(r'<p class="small">(.*?)</p>', pagina, re.S)
    assert paragrafo == (
        "As convocações já feitas, na ordem em que foram feitas. A posição de cada convocação "
        "não muda: a ordem de nomeação é a ordem do servidor na carreira (Lei 3.057/2026 de "
        "Severínia-SP, art. 17, parágrafo único). Vagas que surgirem continuam a ordem.")
    assert "3.056" not in pagina  # Pirangi's law is not this certame's
    # The export rows cite the same.
    assert {linha[-1] for linha in carreira.linhas_exportacao(cargo, publica=True)} == {
        FUNDAMENTO_SEV}


def test_fundamento_da_ordem_por_regime():
    assert {r: REGIMES[r].fundamento_ordem_nomeacao for r in REGIMES} == {
        "smbv-lc22-2026": (
            "LC 22/2026 de Santa Maria da Boa Vista-PE: ordem de nomeação não disciplinada; "
            "cada convocação mantém sua posição (padrão do produto, regras de reserva, "
            "seção 7)"),
        "severinia-lei3057-2026": FUNDAMENTO_SEV,
        "pirangi-lei3056-2025": "Lei 3.056/2025 de Pirangi-SP, art. 12, §2º",
        "federal-lei15142-2025": (
            "Lei 15.142/2025 (federal): alternância e proporcionalidade na nomeação; cada "
            "convocação mantém sua posição (padrão do produto, regras de reserva, seção 7)"),
    }


def test_pagina_publica_de_pirangi_cita_pirangi(client, rh):
    certame = CertameFactory(regime="pirangi-lei3056-2025")
    cargo = CargoFactory(certame=certame, codigo="PIR1")
    resposta = client.get(reverse("ordem_nomeacao_publica", args=[certame.pk, cargo.pk]))
    assert resposta.context["fundamento"] == "Lei 3.056/2025 de Pirangi-SP, art. 12, §2º"
    assert "Severínia" not in resposta.content.decode()


@pytest.mark.skipif(shutil.which("pdftotext") is None,
                    reason="pdftotext (poppler-utils) não instalado: o texto do PDF não é lido")
def test_texto_dos_pdfs_publico_e_do_rh(rh):
    """The PDFs' own text (pdftotext): the positions, the names; the masked CPF only in RH's."""
    cargo = _homologado(rh)
    chamadas.convocar(cargo, 2, prazo=PRAZO, autor=rh)
    # Short names: a long one may wrap inside its cell and split the line of text.
    for numero, nome in (("201", "Ana Lima"), ("204", "Bruno Reis")):
        candidato = Inscricao.objects.get(numero=numero).candidato
        type(candidato).objects.filter(pk=candidato.pk).update(nome=nome, nome_social="")
    a = Inscricao.objects.select_related("candidato").get(numero="201").candidato
    b = Inscricao.objects.select_related("candidato").get(numero="204").candidato
    textos = {}
    for tipo in ("ordem_nomeacao", "ordem_nomeacao_publica"):
        documento = DocumentoPdf.objects.get(pk=impressos.gerar(tipo, cargo.pk))
        with documento.arquivo.open("rb") as arquivo:
            saida = subprocess.run(["pdftotext", "-layout", "-", "-"], input=arquivo.read(),
                                   capture_output=True, check=True)
        textos[tipo] = " ".join(saida.stdout.decode().split())
    for texto in textos.values():
        assert "Ordem de nomeação" in texto
        assert f"1º 201 {a.nome_exibicao}" in texto
        assert f"2º 204 {b.nome_exibicao}" in texto
        assert FUNDAMENTO_SEV in texto
    assert f"{a.nome_exibicao} {a.cpf_mascarado} AC AC" in textos["ordem_nomeacao"]
    assert a.cpf_mascarado not in textos["ordem_nomeacao_publica"]
    assert f"{a.nome_exibicao} AC AC" in textos["ordem_nomeacao_publica"]

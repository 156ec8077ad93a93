"""The one way a stored private file is served (`comum.arquivos.servir_arquivo`)."""

import pytest
from django.core.files.base import ContentFile
from django.core.files.storage import FileSystemStorage
from django.db import models
from django.db.models.fields.files import FieldFile
from django.http import Http404

from comum.arquivos import arquivo_existe, content_disposition, servir_arquivo
from tests.comissoes.fabricas import PDF, PNG


@pytest.fixture
def guardado(tmp_path):
    """A FieldFile over a storage in a temporary folder: guardado(name, content)."""
    armazenamento = FileSystemStorage(location=tmp_path)
    campo = models.FileField(storage=armazenamento)

    def criar(nome: str, conteudo: bytes | None = None) -> FieldFile:
        if conteudo is not None:
            nome = armazenamento.save(nome, ContentFile(conteudo))
        return FieldFile(None, campo, nome)

    return criar


def _corpo(resposta) -> bytes:
    corpo = b"".join(resposta.streaming_content)
    resposta.file_to_stream.close()  # not close(): that signals request_finished
    return corpo


def test_cabecalhos_e_nome_com_aspas_acentos_e_quebra_de_linha(guardado):
    arquivo = guardado("recursos/2026/abc123.pdf", PDF + b"resto")
    resposta = servir_arquivo(arquivo, nome='C:\\Users\\ana\\Laudo "médico"\nfinal.pdf')
    assert resposta.status_code == 200
    assert resposta["Content-Type"] == "application/pdf"  # read from the content
    # No path, no quotes, no control characters; ASCII fallback plus the exact UTF-8 name.
    assert resposta["Content-Disposition"] == (
        "inline; filename=\"Laudo medicofinal.pdf\"; "
        "filename*=UTF-8''Laudo%20m%C3%A9dicofinal.pdf")
    assert resposta["X-Content-Type-Options"] == "nosniff"
    assert resposta["Cache-Control"] == "private, no-store"
    assert _corpo(resposta) == PDF + b"resto"


def test_tipo_declarado_download_e_nome_padrao(guardado):
    arquivo = guardado("atas/ata.bin", PNG)
    resposta = servir_arquivo(arquivo, tipo="application/pdf", anexo=True)
    # The declared type wins (it was read from the content when the file was received).
    assert resposta["Content-Type"] == "application/pdf"
    assert resposta["Content-Disposition"] == (
        "attachment; filename=\"ata.bin\"; filename*=UTF-8''ata.bin")
    _corpo(resposta)


def test_conteudo_de_tipo_desconhecido(guardado):
    resposta = servir_arquivo(guardado("x/sem-tipo.txt", b"texto puro"))
    assert resposta["Content-Type"] == "application/octet-stream"
    _corpo(resposta)


def test_nome_sem_nenhum_caractere_ascii():
    assert content_disposition("认证.pdf") == (
        "inline; filename=\"__.pdf\"; filename*=UTF-8''%E8%AE%A4%E8%AF%81.pdf")
    assert content_disposition('"\n') == (
        "inline; filename=\"arquivo\"; filename*=UTF-8''arquivo")


def test_arquivo_ausente_e_404(guardado):
    perdido = guardado("recursos/2026/sumiu.pdf")  # a name the storage does not have
    assert arquivo_existe(perdido) is False
    with pytest.raises(Http404):
        servir_arquivo(perdido)
    vazio = guardado("")
    assert arquivo_existe(vazio) is False
    with pytest.raises(Http404):
        servir_arquivo(vazio)
    assert arquivo_existe(guardado("ok.pdf", PDF)) is True

"""Checks of the appeal's attachments: by content, size and number."""

import pytest
from django.core.exceptions import ValidationError

from comum import arquivos as anexos
from tests.comissoes.fabricas import JPEG, PDF, PNG, arquivo


@pytest.mark.parametrize(
    ("nome", "conteudo", "tipo", "extensao"),
    [
        ("laudo.pdf", PDF, "application/pdf", ".pdf"),
        ("foto.jpg", JPEG, "image/jpeg", ".jpg"),
        ("foto.png", PNG, "image/png", ".png"),
        # The content decides, not the name: a PNG called ".pdf" is a PNG.
        ("foto.pdf", PNG, "image/png", ".png"),
        ("SEM_EXTENSAO", PDF, "application/pdf", ".pdf"),
    ],
)
def test_tipo_decidido_pelo_conteudo(nome, conteudo, tipo, extensao):
    aceito = anexos.validar_anexo(arquivo(nome, conteudo))
    assert (aceito.tipo_conteudo, aceito.extensao) == (tipo, extensao)
    assert anexos.nome_armazenado(aceito).endswith(extensao)


@pytest.mark.parametrize(
    ("nome", "conteudo", "content_type"),
    [
        # A text file disguised as a PDF, even with the browser saying application/pdf.
        ("recurso.pdf", b"isto nao e um pdf, e texto puro", "application/pdf"),
        ("foto.jpg", b"GIF89a\x01\x00\x01\x00", "image/jpeg"),
        ("pagina.png", b"<html><script>alert(1)</script></html>", "image/png"),
        ("planilha.pdf", b"PK\x03\x04 zip disfarcado", "application/pdf"),
        # Almost a signature is not a signature.
        ("quase.pdf", b"%PDF", "application/pdf"),
    ],
)
def test_conteudo_de_outro_tipo_e_recusado_qualquer_que_seja_o_nome(nome, conteudo,
                                                                     content_type):
    with pytest.raises(ValidationError) as exc:
        anexos.validar_anexo(arquivo(nome, conteudo, content_type))
    mensagem = exc.value.messages[0]
    assert nome in mensagem
    assert "não é um PDF, JPEG ou PNG válido" in mensagem


def test_arquivo_vazio_e_recusado():
    with pytest.raises(ValidationError, match="está vazio"):
        anexos.validar_anexo(arquivo("vazio.pdf", b""))


def test_tamanho_maximo():
    no_limite = PDF + b"0" * (anexos.TAMANHO_MAXIMO - len(PDF))
    assert anexos.validar_anexo(arquivo("grande.pdf", no_limite)).extensao == ".pdf"
    with pytest.raises(ValidationError) as exc:
        anexos.validar_anexo(arquivo("enorme.pdf", no_limite + b"0"))
    assert exc.value.messages == ["O arquivo “enorme.pdf” tem 5,0 MB; o limite é 5 MB por "
                                  "arquivo."]


def test_no_maximo_tres_arquivos_e_todos_os_erros_de_uma_vez():
    tres = [arquivo(f"a{i}.pdf", PDF) for i in range(3)]
    assert len(anexos.validar_anexos(tres)) == 3
    quatro = [*tres, arquivo("a3.pdf", PDF)]
    with pytest.raises(ValidationError) as exc:
        anexos.validar_anexos(quatro)
    assert exc.value.messages == ["Envie no máximo 3 arquivos (foram enviados 4)."]
    with pytest.raises(ValidationError) as exc:
        anexos.validar_anexos([arquivo("ok.pdf", PDF), arquivo("x.pdf", b"texto"),
                               arquivo("y.png", b"")])
    assert len(exc.value.messages) == 2


def test_validacao_nao_move_o_arquivo():
    f = arquivo("laudo.pdf", PDF)
    anexos.validar_anexo(f)
    assert f.read() == PDF


def test_nome_original_sem_caminho_nem_caracteres_de_controle():
    assert anexos.nome_seguro("../../etc/passwd") == "passwd"
    assert anexos.nome_seguro("C:\\Users\\x\\laudo.pdf") == "laudo.pdf"
    assert anexos.nome_seguro('a"b<c>\x00d.pdf') == "abcd.pdf"
    assert anexos.nome_seguro("") == "arquivo"

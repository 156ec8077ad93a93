"""Checks of the files a candidate uploads: appeal attachments, documents, proofs.

The type is decided by the file's CONTENT (its first bytes), never by its name or by the
content type the browser sends: a file called "laudo.pdf" that is not a PDF is refused. Only
PDF, JPEG and PNG are accepted, each up to `TAMANHO_MAXIMO`, at most `MAXIMO_ANEXOS` per
appeal. The limits are product defaults (the laws leave the form of the appeal to the edital:
LC 22/2026, art. 3º, §5º; Lei 3.057/2026, art. 10, §3º, V).
"""

from __future__ import annotations

import os
import unicodedata
import uuid
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import gettext as _

#: Largest accepted file, in bytes (5 MB).
TAMANHO_MAXIMO = 5 * 1024 * 1024
#: Most files per appeal.
MAXIMO_ANEXOS = 3


@dataclass(frozen=True)
class TipoAceito:
    assinatura: bytes
    tipo_conteudo: str
    extensao: str
    nome: str


#: Accepted types by their signature ("magic bytes").
TIPOS_ACEITOS: tuple[TipoAceito, ...] = (
    TipoAceito(b"%PDF-", "application/pdf", ".pdf", "PDF"),
    TipoAceito(b"\xff\xd8\xff", "image/jpeg", ".jpg", "JPEG"),
    TipoAceito(b"\x89PNG\r\n\x1a\n", "image/png", ".png", "PNG"),
)
_MAIOR_ASSINATURA = max(len(t.assinatura) for t in TIPOS_ACEITOS)


def _mb(tamanho: int) -> str:
    return f"{tamanho / (1024 * 1024):.1f}".replace(".", ",")


def limites_texto() -> str:
    """The limits, for the form's help text."""
    return _("PDF, JPEG ou PNG; até %(n)d arquivos de até %(mb)s MB cada.") % {
        "n": MAXIMO_ANEXOS, "mb": TAMANHO_MAXIMO // (1024 * 1024)}


def ler_inicio(arquivo) -> bytes:
    """The first bytes of a file (uploaded or stored), leaving its position at the start."""
    arquivo.seek(0)
    inicio = arquivo.read(_MAIOR_ASSINATURA)
    arquivo.seek(0)
    return inicio or b""


def tipo_por_conteudo(arquivo) -> TipoAceito | None:
    """The accepted type whose signature the file starts with, or None."""
    inicio = ler_inicio(arquivo)
    for tipo in TIPOS_ACEITOS:
        if inicio.startswith(tipo.assinatura):
            return tipo
    return None


def nome_seguro(nome: str) -> str:
    """The original name reduced to a harmless label (no path, no control characters)."""
    nome = os.path.basename((nome or "").replace("\\", "/")).strip()
    nome = "".join(ch for ch in nome if unicodedata.category(ch)[0] != "C" and ch not in '"<>')
    return nome[:250] or _("arquivo")


def validar_anexo(arquivo: UploadedFile, tamanho_maximo: int = TAMANHO_MAXIMO) -> TipoAceito:
    """The type of one attachment; ValidationError (Portuguese, names the file) if refused.
    Also used for the candidates' documents (`documental`, with its own size limit)."""
    nome = nome_seguro(getattr(arquivo, "name", ""))
    tamanho = arquivo.size or 0
    if tamanho == 0:
        raise ValidationError(_("O arquivo “%(nome)s” está vazio.") % {"nome": nome},
                              code="vazio")
    if tamanho > tamanho_maximo:
        raise ValidationError(
            _("O arquivo “%(nome)s” tem %(tam)s MB; o limite é %(max)s MB por arquivo.") % {
                "nome": nome, "tam": _mb(tamanho), "max": tamanho_maximo // (1024 * 1024)},
            code="tamanho")
    tipo = tipo_por_conteudo(arquivo)
    if tipo is None:
        raise ValidationError(
            _("O arquivo “%(nome)s” não é um PDF, JPEG ou PNG válido: o conteúdo do arquivo "
              "não corresponde a nenhum desses formatos, qualquer que seja a extensão do nome. "
              "Envie o documento em PDF ou a imagem em JPEG ou PNG.") % {"nome": nome},
            code="tipo")
    return tipo


def validar_anexos(arquivos) -> list[tuple[UploadedFile, TipoAceito]]:
    """Every attachment with its type; ValidationError listing every problem."""
    arquivos = [a for a in (arquivos or []) if a]
    erros: list[ValidationError] = []
    if len(arquivos) > MAXIMO_ANEXOS:
        erros.append(ValidationError(
            _("Envie no máximo %(max)d arquivos (foram enviados %(n)d).") % {
                "max": MAXIMO_ANEXOS, "n": len(arquivos)}, code="quantidade"))
    validos = []
    for arquivo in arquivos:
        try:
            validos.append((arquivo, validar_anexo(arquivo)))
        except ValidationError as exc:
            erros.append(exc)
    if erros:
        raise ValidationError(erros)
    return validos


def nome_armazenado(tipo: TipoAceito) -> str:
    """A random stored name with the extension of the detected type (never the sender's)."""
    return f"{uuid.uuid4().hex}{tipo.extensao}"


def sha256_de(arquivo) -> str:
    """The SHA-256 of a file's content (leaves its position at the start)."""
    import hashlib

    resumo = hashlib.sha256()
    arquivo.seek(0)
    for bloco in arquivo.chunks() if hasattr(arquivo, "chunks") else iter(
            lambda: arquivo.read(65536), b""):
        resumo.update(bloco)
    arquivo.seek(0)
    return resumo.hexdigest()

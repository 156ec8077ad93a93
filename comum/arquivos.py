"""The private files: the checks of what a candidate uploads (appeal attachments, documents,
proofs) and the one way any stored private file is served (`servir_arquivo`).

The type is decided by the file's CONTENT (its first bytes), never by its name or by the
content type the browser sends: a file called "laudo.pdf" that is not a PDF is refused. Only
PDF, JPEG and PNG are accepted, each up to `TAMANHO_MAXIMO`, at most `MAXIMO_ANEXOS` per
appeal. The limits are product defaults (the laws leave the form of the appeal to the edital:
LC 22/2026, art. 3º, §5º; Lei 3.057/2026, art. 10, §3º, V).

Serving: every view that hands out a stored file (receipts, minutes, appeal attachments,
documents, exemption proofs) checks its own permission and then returns `servir_arquivo`, so
every such response has the same headers (type, disposition with a safe name, no sniffing, no
caching) and a missing file is a 404, never a 500.
"""

from __future__ import annotations

import hashlib
import os
import unicodedata
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from urllib.parse import quote

from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.http import FileResponse, Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

#: Largest accepted file, in bytes (5 MB).
TAMANHO_MAXIMO = 5 * 1024 * 1024
#: Most files per appeal.
MAXIMO_ANEXOS = 3
#: Longest accepted file name, in characters (Django cuts longer names to 255 silently; a
#: part header above comum.seguranca.LIMITE_CABECALHOS_PARTE bytes is still a 400).
MAXIMO_NOME = 200


def limite_do_nome() -> dict:
    """The keyword arguments that bound a forms.FileField's file name, with the message in
    Portuguese (every upload field of the project: tests/test_limites_texto.py)."""
    return {"max_length": MAXIMO_NOME, "error_messages": {"max_length": gettext_lazy(
        "O nome do arquivo passa de %(max)d caracteres. Renomeie o arquivo com um nome mais "
        "curto e envie de novo.")}}


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


@contextmanager
def apagados_se_falhar() -> Iterator[list]:
    """`with apagados_se_falhar() as salvos:` around a transaction that stores files: each
    file field appended to `salvos` once saved is removed from the storage if the block
    raises (the rolled-back rows leave no file behind)."""
    salvos: list = []
    try:
        yield salvos
    except BaseException:
        for campo in salvos:
            campo.delete(save=False)
        raise


def sha256_de(arquivo) -> str:
    """The SHA-256 of a file's content (leaves its position at the start)."""
    resumo = hashlib.sha256()
    arquivo.seek(0)
    for bloco in arquivo.chunks() if hasattr(arquivo, "chunks") else iter(
            lambda: arquivo.read(65536), b""):
        resumo.update(bloco)
    arquivo.seek(0)
    return resumo.hexdigest()


# --- serving ---------------------------------------------------------------------------------

#: The content type of a stored file whose first bytes are none of the accepted types.
TIPO_DESCONHECIDO = "application/octet-stream"


def _nome_ascii(nome: str) -> str:
    """The ASCII fallback of a download name: accents dropped ("ç" -> "c"), any other
    non-ASCII character, quote or backslash as "_"."""
    decomposto = unicodedata.normalize("NFKD", nome)
    sem_acentos = "".join(ch for ch in decomposto if not unicodedata.combining(ch))
    return "".join(ch if " " <= ch <= "~" and ch not in '"\\' else "_" for ch in sem_acentos)


def content_disposition(nome: str, *, anexo: bool = False) -> str:
    """The Content-Disposition of a download called `nome`: "inline" (the browser shows it)
    or "attachment", the name reduced by `nome_seguro` (no path, no control characters, no
    quotes), an ASCII `filename` for old clients and the exact name as `filename*` (UTF-8,
    RFC 5987/6266)."""
    nome = nome_seguro(nome)
    tipo = "attachment" if anexo else "inline"
    return f"{tipo}; filename=\"{_nome_ascii(nome)}\"; filename*=UTF-8''{quote(nome, safe='')}"


def arquivo_existe(campo) -> bool:
    """The file field holds a name and the storage has that file."""
    return bool(campo) and campo.storage.exists(campo.name)


def servir_arquivo(campo, *, nome: str | None = None, tipo: str | None = None,
                   anexo: bool = False) -> FileResponse:
    """Stream the stored file of a FileField. The caller has checked the permission.

    `nome`: the download name (default: the stored file's own name); `tipo`: the content type
    (default: read from the first bytes, PDF, JPEG or PNG, else application/octet-stream);
    `anexo`: download instead of showing it. Always `X-Content-Type-Options: nosniff` (the
    browser keeps the declared type) and `Cache-Control: private, no-store` (personal data
    stays out of shared and disk caches). Http404 when the field is empty or the file is
    missing from the storage."""
    if not campo:
        raise Http404
    try:
        arquivo = campo.open("rb")
    except (FileNotFoundError, ValueError):
        raise Http404 from None
    if tipo is None:
        detectado = tipo_por_conteudo(arquivo)
        tipo = detectado.tipo_conteudo if detectado else TIPO_DESCONHECIDO
    resposta = FileResponse(arquivo, content_type=tipo)
    resposta["Content-Disposition"] = content_disposition(
        nome or os.path.basename(campo.name), anexo=anexo)
    resposta["X-Content-Type-Options"] = "nosniff"
    resposta["Cache-Control"] = "private, no-store"
    return resposta

"""What a publication leaves to the worker: the candidates' summaries and the documents.

RH's request records the publication (`classificacao.listas.publicar`: the `Publicacao` row,
its act and, through them, the pages' generation) and `iniciar` here adds the job's status
rows: one `PreparoPublicacao` (the summaries) and one `ArquivoPublicacao` per document. After
the commit it queues:

- `gravar_resumos` (queue `recalculo`, TAREFA_RESUMOS): each inscrição's summary of the
  published version (`ResumoClassificacao`), in batches of LOTE_RESUMOS, each batch in a
  transaction of its own under the cargo's lock (a later publication of the cargo stops it:
  `superado`), counting what was written (RH's progress bar) and renewing the certame's
  generation (`cache_publico.invalidar_certame`: the status pages read the summaries).
  Until a candidate's row is written the status page reads the snapshot itself
  (`portal.situacao`: no summary of the published version, the snapshot), so no page shows a
  half-written state;
- `gerar_arquivo` (queue `documentos`, TAREFA_ARQUIVO), once per document: the PDFs
  (the lists, public and RH's, through `classificacao.impressos`; the certame's vacancy table
  and the cargo's order of nomeação, stored for their current state) and the open-data files
  (CSV, JSON), each rendered once and stored in its row. The public pages link a ready one
  and say "em preparação" until then; a ready one is served from storage.

A failure is recorded on the row (the reason, the attempts) and retried by Celery with
backoff (`espera`); after the last attempt the row says so (`desistiu`), and RH's page shows
it. Without a broker (development, the tests: tasks run in-process) the summaries are written
in the publication's own transaction, as before, and the documents are rendered at their first
request (`classificacao.impressos.resposta_pdf`); no document row is made.
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass, field

from celery import current_app
from django.conf import settings
from django.core.files.base import ContentFile
from django.db import transaction
from django.db.models import F
from django.http import FileResponse, HttpResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _

from candidatos.models import Inscricao
from certames.models import ArquivoPublicacao, Cargo, DocumentoPdf, PreparoPublicacao, Publicacao
from certames.travas import travar
from classificacao import documentos, impressos, leitura
from comum import cache_publico
from comum.filas import enfileirar

logger = logging.getLogger(__name__)

#: Tasks of classificacao/tasks.py, queued by name (comum/filas.py).
TAREFA_RESUMOS = "certames.gravar_resumos_publicacao"
TAREFA_ARQUIVO = "certames.gerar_arquivo_publicacao"
#: Summaries written per transaction (and per step of RH's progress bar).
LOTE_RESUMOS = 5000
#: Attempts of a failed step before the row says "falhou" for good.
TENTATIVAS = 5
#: The URL of a publication's JSON is the request's: stored with this mark in its place.
MARCA_URL = "__URL_DESTA_PUBLICACAO__"

Tipo = ArquivoPublicacao.Tipo
Estado = ArquivoPublicacao.Estado
#: The documents of a published list, in the order RH's page lists them.
TIPOS = [Tipo.LISTA_PDF, Tipo.LISTA_CSV, Tipo.LISTA_JSON, Tipo.CONVOCACAO_CSV,
         Tipo.LISTA_RH_PDF, Tipo.QUADRO_PDF, Tipo.ORDEM_PDF]
#: The public page's documents by the format in their URL (publicacoes/<id>.<formato>).
POR_FORMATO = {"pdf": Tipo.LISTA_PDF, "csv": Tipo.LISTA_CSV, "json": Tipo.LISTA_JSON}
#: The PDFs and what `classificacao.impressos` renders for each (its type and subject).
PDFS = {Tipo.LISTA_PDF: DocumentoPdf.Tipo.LISTA_PUBLICADA,
        Tipo.LISTA_RH_PDF: DocumentoPdf.Tipo.LISTA_PUBLICADA_RH,
        Tipo.QUADRO_PDF: DocumentoPdf.Tipo.QUADRO_VAGAS,
        Tipo.ORDEM_PDF: DocumentoPdf.Tipo.ORDEM_NOMEACAO_PUBLICA}
TIPO_CONTEUDO = {"pdf": "application/pdf", "csv": "text/csv; charset=utf-8",
                 "json": documentos.TIPO_JSON}


def em_processo() -> bool:
    """No broker: tasks run in this process (development, tests; `comum.filas`)."""
    return bool(current_app.conf.task_always_eager)


def espera(tentativa: int) -> int:
    """Seconds before the retry after failed attempt number `tentativa` (0, 1...): 10, 20,
    40... at most 300."""
    return min(300, 10 * 2 ** tentativa)


# --- at publication (RH's request) -------------------------------------------------------------


def iniciar(publicacao: Publicacao) -> PreparoPublicacao:
    """The publication's job: its status rows, and (after the commit) its tasks. Called by
    `publicar` inside its transaction, after the `Publicacao` row."""
    versao = publicacao.versao
    total = Inscricao.objects.filter(cargo_id=versao.cargo_id).count()
    preparo = PreparoPublicacao.objects.create(publicacao=publicacao, resumos_total=total)
    if em_processo():
        # No worker: written here, in the publication's transaction (its `Publicacao` row
        # renews the pages that read them).
        agora = timezone.now()
        gravados = leitura.gravar_resumos(versao)
        PreparoPublicacao.objects.filter(pk=preparo.pk).update(
            estado=PreparoPublicacao.Estado.GRAVADO, resumos_total=gravados,
            resumos_gravados=gravados, inicio=agora, fim=timezone.now())
        preparo.refresh_from_db()
        return preparo
    # One row per document (saved one by one: each is a source of the public pages).
    arquivos = [ArquivoPublicacao.objects.create(publicacao=publicacao, tipo=tipo)
                for tipo in TIPOS]
    transaction.on_commit(lambda: enfileirar(TAREFA_RESUMOS, publicacao.pk))
    for arquivo in arquivos:
        transaction.on_commit(lambda pk=arquivo.pk: enfileirar(TAREFA_ARQUIVO, pk))
    return preparo


# --- the summaries (the worker) ----------------------------------------------------------------


def _superada(publicacao: Publicacao) -> bool:
    """A later publication of the cargo shows another version: its own job writes them."""
    ultima = (Publicacao.objects.filter(versao__cargo_id=publicacao.versao.cargo_id)
              .order_by("-publicada_em", "-id").values_list("versao_id", flat=True).first())
    return ultima != publicacao.versao_id


def gravar_resumos(publicacao_id: int) -> str:
    """Write the publication's summaries batch by batch (the task's body); returns the
    state reached. Running it again is harmless (each row is replaced whole)."""
    preparo = PreparoPublicacao.objects.select_related("publicacao__versao").get(
        pk=publicacao_id)
    if preparo.estado in (PreparoPublicacao.Estado.GRAVADO, PreparoPublicacao.Estado.SUPERADO):
        return preparo.estado
    publicacao = preparo.publicacao
    versao = publicacao.versao
    PreparoPublicacao.objects.filter(pk=publicacao_id).update(
        estado=PreparoPublicacao.Estado.GRAVANDO, inicio=timezone.now(), resumos_gravados=0,
        tentativas=F("tentativas") + 1)
    linhas = leitura.linhas_resumo(versao)
    for inicio in range(0, max(len(linhas), 1), LOTE_RESUMOS):
        lote = linhas[inicio:inicio + LOTE_RESUMOS]
        with transaction.atomic():
            # The cargo's lock, as `publicar` takes it: a publication of the cargo is either
            # before this batch (seen here) or after it (its own job rewrites the rows).
            cargo = travar(Cargo, versao.cargo_id)
            if _superada(publicacao):
                PreparoPublicacao.objects.filter(pk=publicacao_id).update(
                    estado=PreparoPublicacao.Estado.SUPERADO, fim=timezone.now())
                return PreparoPublicacao.Estado.SUPERADO
            leitura.gravar_linhas_resumo(lote)
            # The status pages read the summaries: renewed with the batch that changes them.
            cache_publico.invalidar_certame(cargo.certame_id)
            PreparoPublicacao.objects.filter(pk=publicacao_id).update(
                resumos_total=len(linhas), resumos_gravados=inicio + len(lote))
    PreparoPublicacao.objects.filter(pk=publicacao_id).update(
        estado=PreparoPublicacao.Estado.GRAVADO, fim=timezone.now(), falha="")
    return PreparoPublicacao.Estado.GRAVADO


def falha_resumos(publicacao_id: int, erro: BaseException, *, ultima: bool) -> None:
    """Record a failed attempt at the summaries (retried unless `ultima`)."""
    PreparoPublicacao.objects.filter(pk=publicacao_id).update(
        estado=(PreparoPublicacao.Estado.FALHOU if ultima
                else PreparoPublicacao.Estado.NA_FILA),
        falha=f"{type(erro).__name__}: {erro}"[:2000], falha_em=timezone.now(),
        desistiu=ultima)


# --- the documents (the worker) ----------------------------------------------------------------


def _nome(arquivo: ArquivoPublicacao) -> str:
    nome = documentos.nome_publicacao(arquivo.publicacao)
    return {Tipo.CONVOCACAO_CSV: f"{nome}-convocacao.csv", Tipo.LISTA_CSV: f"{nome}.csv",
            Tipo.LISTA_JSON: f"{nome}.json"}.get(arquivo.tipo, f"{nome}.pdf")


def _formato(arquivo: ArquivoPublicacao) -> str:
    """The document's format as its URL and content type name it (pdf, csv, json)."""
    return "pdf" if arquivo.tipo in PDFS else _nome(arquivo).rsplit(".", 1)[1]


def _dados(arquivo: ArquivoPublicacao) -> bytes:
    """The open-data file's bytes, as its URL served them when rendered per request."""
    publicacao = arquivo.publicacao
    conteudo = documentos.conteudo_publicacao(publicacao, publica=True)
    nome = documentos.nome_publicacao(publicacao)
    if arquivo.tipo == Tipo.LISTA_CSV:
        return documentos.resposta_csv(nome, documentos.COLUNAS_LISTAS,
                                       documentos.linhas_listas(conteudo)).content
    if arquivo.tipo == Tipo.CONVOCACAO_CSV:
        return documentos.resposta_csv(f"{nome}-convocacao", documentos.COLUNAS_CONVOCACAO,
                                       documentos.linhas_convocacao(conteudo)).content
    return documentos.resposta_json(documentos.dados_publicacao(conteudo, MARCA_URL),
                                    nome).content


def _pdf(arquivo: ArquivoPublicacao) -> str:
    """Render the PDF (`classificacao.impressos`, stored once per content) and return the
    stored file's name."""
    publicacao = arquivo.publicacao
    cargo = publicacao.versao.cargo
    alvo = {Tipo.QUADRO_PDF: cargo.certame_id, Tipo.ORDEM_PDF: cargo.pk}.get(
        arquivo.tipo, publicacao.pk)
    documento = DocumentoPdf.objects.get(pk=impressos.gerar(PDFS[arquivo.tipo], alvo))
    return documento.arquivo.name


def gerar_arquivo(arquivo_id: int) -> str:
    """Render and store one document of a publication (the task's body); returns its state.
    A ready one is not rendered again."""
    arquivo = ArquivoPublicacao.objects.select_related(
        "publicacao__versao__cargo__certame__orgao").get(pk=arquivo_id)
    if arquivo.estado == Estado.PRONTO:
        return arquivo.estado
    inicio = time.perf_counter()
    if arquivo.tipo in PDFS:
        arquivo.arquivo.name = _pdf(arquivo)
    else:
        arquivo.arquivo.save(_nome(arquivo), ContentFile(_dados(arquivo)), save=False)
    arquivo.estado, arquivo.falha, arquivo.desistiu = Estado.PRONTO, "", False
    arquivo.duracao = time.perf_counter() - inicio
    arquivo.atualizado_em = timezone.now()
    arquivo.tentativas += 1
    # Saved whole: a source of the public pages, whose link replaces "em preparação".
    arquivo.save()
    transaction.on_commit(lambda: _anunciar(arquivo.pk))
    return arquivo.estado


def falha_arquivo(arquivo_id: int, erro: BaseException, *, ultima: bool) -> None:
    """Record a failed rendering (retried unless `ultima`; then the row says "falhou")."""
    arquivo = ArquivoPublicacao.objects.get(pk=arquivo_id)
    arquivo.tentativas += 1
    arquivo.falha = f"{type(erro).__name__}: {erro}"[:2000]
    arquivo.desistiu = ultima
    arquivo.estado = Estado.FALHOU if ultima else Estado.NA_FILA
    arquivo.atualizado_em = timezone.now()
    arquivo.save()


# --- the public cache's file entries ------------------------------------------------------------


#: The public URL (name, and the format in its arguments) of each document served as a file.
URLS_PUBLICAS = {Tipo.LISTA_PDF: ("publicacao_publica", "pdf"),
                 Tipo.LISTA_CSV: ("publicacao_publica", "csv"),
                 Tipo.CONVOCACAO_CSV: ("publicacao_convocacao_publica", None)}


def _arquivo_publico(arquivo: ArquivoPublicacao) -> cache_publico.ArquivoPublico | None:
    """Where a ready document is on this machine's disk (None: a storage without local
    paths, whose files the view streams)."""
    formato = _formato(arquivo)
    try:
        caminho = arquivo.arquivo.path
    except NotImplementedError:
        return None
    return cache_publico.ArquivoPublico(caminho, TIPO_CONTEUDO[formato], _nome(arquivo))


def anunciar(arquivo_id: int) -> bool:
    """Store the public cache's file entry of a ready document (`cache_publico.
    guardar_arquivo`), so its first request is served from disk. False: not a document
    served as a file, or not stored."""
    arquivo = (ArquivoPublicacao.objects.select_related("publicacao__versao__cargo")
               .filter(pk=arquivo_id, estado=Estado.PRONTO, tipo__in=list(URLS_PUBLICAS))
               .first())
    publico = _arquivo_publico(arquivo) if arquivo is not None else None
    if publico is None:
        return False
    cargo = arquivo.publicacao.versao.cargo
    nome, formato = URLS_PUBLICAS[arquivo.tipo]
    args = [cargo.certame_id, cargo.pk, arquivo.publicacao_id] + ([formato] if formato else [])
    return cache_publico.guardar_arquivo(reverse(nome, args=args), publico)


def _anunciar(arquivo_id: int) -> None:
    """`anunciar` after the document's commit: a shortcut of the public cache, so a failure
    is logged and the document stays ready (the view serves it anyway)."""
    try:
        anunciar(arquivo_id)
    except Exception:
        logger.exception("documento %s: entrada do cache público não gravada", arquivo_id)


# --- reading the state ---------------------------------------------------------------------------


@dataclass(frozen=True)
class EstadoPreparo:
    """Where a publication's job stands, as its rows hold it: `codigo` is "publicado" (queued,
    nothing written yet), "resumos" (summaries being written), "documentos" (summaries
    written, documents being rendered), "pronto" or "falhou" (no retry left)."""

    codigo: str
    texto: str
    gravados: int
    total: int
    prontos: int
    documentos: int
    arquivos: list[ArquivoPublicacao] = field(default_factory=list)
    #: Failures waiting for a retry, and failures for good, in words.
    tentando: list[str] = field(default_factory=list)
    falhas: list[str] = field(default_factory=list)

    @property
    def terminado(self) -> bool:
        return self.codigo in ("pronto", "falhou")

    @property
    def percentual(self) -> int:
        """The bar: the summaries are half of it, the documents the other half."""
        resumos = 1 if not self.total else min(self.gravados, self.total) / self.total
        docs = 1 if not self.documentos else self.prontos / self.documentos
        return int(100 * (resumos + docs) / 2)


def estado(publicacao: Publicacao) -> EstadoPreparo | None:
    """The one answer of "how far is this publication's background work?" (None: a
    publication recorded before there was any)."""
    return estados([publicacao.pk]).get(publicacao.pk)


def estados(publicacoes: list[int]) -> dict[int, EstadoPreparo]:
    """`estado` of several publications (by id) in two queries; one without background work
    is left out."""
    por_publicacao: dict[int, list[ArquivoPublicacao]] = {}
    for a in ArquivoPublicacao.objects.filter(publicacao_id__in=publicacoes):
        por_publicacao.setdefault(a.publicacao_id, []).append(a)
    return {preparo.pk: _estado(preparo, por_publicacao.get(preparo.pk, []))
            for preparo in PreparoPublicacao.objects.filter(pk__in=publicacoes)}


def do_certame(certame_id: int) -> list[tuple[Publicacao, EstadoPreparo]]:
    """Each cargo's latest publication with background work, by cargo code, with its state:
    what RH's certame page shows after "Publicar todos" (`publicar_todos`)."""
    ultimas: dict[int, Publicacao] = {}
    for p in (Publicacao.objects.filter(versao__cargo__certame_id=certame_id,
                                        preparo__isnull=False)
              .select_related("versao__cargo").order_by("-publicada_em", "-pk")):
        ultimas.setdefault(p.versao.cargo_id, p)
    por_id = estados([p.pk for p in ultimas.values()])
    return sorted(((p, por_id[p.pk]) for p in ultimas.values() if p.pk in por_id),
                  key=lambda par: par[0].versao.cargo.codigo)


def _estado(preparo: PreparoPublicacao, arquivos: list[ArquivoPublicacao]) -> EstadoPreparo:
    arquivos.sort(key=lambda a: TIPOS.index(a.tipo))
    prontos = sum(a.estado == Estado.PRONTO for a in arquivos)
    resumos_ok = preparo.estado in (PreparoPublicacao.Estado.GRAVADO,
                                    PreparoPublicacao.Estado.SUPERADO)
    gravados = preparo.resumos_total if resumos_ok else preparo.resumos_gravados
    falhas = [_("Resumos dos candidatos: %(f)s") % {"f": preparo.falha}] if preparo.desistiu else []
    falhas += [f"{a.get_tipo_display()}: {a.falha}" for a in arquivos if a.desistiu]
    tentando = ([_("Resumos dos candidatos: %(f)s") % {"f": preparo.falha}]
                if preparo.falha and not preparo.desistiu and not resumos_ok else [])
    tentando += [f"{a.get_tipo_display()}: {a.falha}" for a in arquivos
                 if a.falha and not a.desistiu and a.estado != Estado.PRONTO]
    numeros = {"n": gravados, "t": preparo.resumos_total, "k": prontos, "m": len(arquivos)}
    if falhas:
        codigo, texto = "falhou", _(
            "Publicado, mas a preparação falhou depois de %(x)d tentativas; a publicação vale, "
            "e a equipe técnica deve ver o erro abaixo.") % {"x": TENTATIVAS}
    elif not resumos_ok and preparo.estado == PreparoPublicacao.Estado.NA_FILA and not gravados:
        codigo, texto = "publicado", _(
            "Publicado. Resumos dos candidatos e documentos na fila.")
    elif not resumos_ok:
        codigo, texto = "resumos", _(
            "Publicado. Resumos dos candidatos sendo gravados (%(n)d de %(t)d); documentos "
            "prontos: %(k)d de %(m)d.") % numeros
    elif prontos < len(arquivos):
        codigo, texto = "documentos", _(
            "Publicado. Resumos dos candidatos gravados (%(t)d); documentos sendo gerados "
            "(%(k)d de %(m)d prontos).") % numeros
    else:
        codigo, texto = "pronto", _(
            "Publicado. Resumos dos candidatos gravados e documentos prontos.")
    return EstadoPreparo(codigo, texto, gravados, preparo.resumos_total, prontos,
                         len(arquivos), arquivos, tentando, falhas)


def arquivos_publicos(publicacao: Publicacao) -> dict[str, ArquivoPublicacao]:
    """The documents the public page links (by format: pdf, csv, json, convocacao), for a
    publication whose documents the worker renders (empty: rendered per request)."""
    nomes = {Tipo.LISTA_PDF: "pdf", Tipo.LISTA_CSV: "csv", Tipo.LISTA_JSON: "json",
             Tipo.CONVOCACAO_CSV: "convocacao"}
    return {nomes[a.tipo]: a for a in ArquivoPublicacao.objects.filter(
        publicacao_id=publicacao.pk, tipo__in=list(nomes))}


def arquivo(publicacao: Publicacao, tipo: str) -> ArquivoPublicacao | None:
    """The publication's document `tipo` as the worker left it (None: rendered per
    request)."""
    # With what its download name is made of (`_nome`): one query for the whole answer.
    return (ArquivoPublicacao.objects.select_related("publicacao__versao__cargo")
            .filter(publicacao_id=publicacao.pk, tipo=tipo).first())


def servir(request, arquivo: ArquivoPublicacao) -> HttpResponse | FileResponse:
    """A ready document from storage, as a download. The PDF and the CSV are streamed from
    the file (gunicorn hands it to the kernel, `sendfile`, as WhiteNoise does a static file:
    a 4 MB list in a few milliseconds, never copied into the page cache), public for a shared
    cache for the pages' time; the JSON, whose own URL is put in at serve time, is a plain
    answer the page cache keeps."""
    formato = _formato(arquivo)
    if formato != "json":
        resposta: HttpResponse | FileResponse = FileResponse(
            arquivo.arquivo.open("rb"), content_type=TIPO_CONTEUDO[formato])
        resposta["Cache-Control"] = f"public, max-age={settings.CACHE_PUBLICO_MAX_AGE}"
        publico = _arquivo_publico(arquivo)
        if publico is not None:
            # The public cache keeps where the file is: the next request opens it directly.
            cache_publico.marcar_arquivo(resposta, publico)
    else:
        with arquivo.arquivo.open("rb") as aberto:
            corpo = aberto.read()
        url = json.dumps(request.build_absolute_uri(request.path), ensure_ascii=False)[1:-1]
        resposta = HttpResponse(corpo.replace(MARCA_URL.encode(), url.encode()),
                                content_type=TIPO_CONTEUDO[formato])
    resposta["Content-Disposition"] = content_disposition_header(True, _nome(arquivo)) or ""
    resposta["X-Content-Type-Options"] = "nosniff"
    return resposta

"""Public documents and open data: the vacancy table of a certame
and each published list of a cargo, as PDF (laid out for the Diário Oficial, rendered by a
Celery task), CSV and JSON; the order of nomeação as JSON.

A publication's URL carries its id and never changes; the publication must belong to the
cargo and the cargo to the certame in the URL (otherwise 404). Public files hold no CPF
(classificacao.documentos)."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.views import View
from django.views.generic import TemplateView

from certames.models import Certame, DocumentoPdf, Publicacao
from classificacao import anexo_edital, documentos, documentos_fases, impressos, preparo
from provas.models import PublicacaoFase
from publico.views.certames import (
    STATUS_PUBLICOS,
    ExportarOrdemPublicaView,
    documentos_da_publicacao,
)

FORMATOS_QUADRO = ("pdf", "csv", "json")
FORMATOS_PUBLICACAO = ("pdf", "csv", "json")


def publicacao_publica(certame_pk: int, cargo_pk: int, pk: int) -> Publicacao:
    """The publication of this cargo of this public certame, or 404."""
    return get_object_or_404(
        Publicacao.objects.select_related("versao__cargo__certame__orgao"),
        pk=pk, versao__cargo_id=cargo_pk, versao__cargo__certame_id=certame_pk,
        versao__cargo__certame__status__in=STATUS_PUBLICOS)


def _do_worker(request, publicacao: Publicacao, tipo: str, voltar: str):
    """A document the worker renders for the publication (`classificacao.preparo`): served
    from storage when ready, the waiting page while it is being prepared; None (rendered per
    request) for a publication without worker documents or one the worker gave up on."""
    arquivo = preparo.arquivo(publicacao, tipo)
    if arquivo is None or arquivo.estado == arquivo.Estado.FALHOU:
        # Rendered per request: never, or the worker gave up on it (RH's page says why);
        # the public still gets the document, never a page waiting for nothing.
        return None
    if arquivo.estado == arquivo.Estado.PRONTO:
        return preparo.servir(request, arquivo)
    return impressos.resposta_espera(request, arquivo.get_tipo_display(),
                                     documentos.nome_publicacao(publicacao), voltar,
                                     pdf=tipo in preparo.PDFS)


class DocumentosPublicacaoView(TemplateView):
    """The documents of a publication, each linked when ready or "em preparação" (the
    fragment the cargo's public page polls with htmx while one is being prepared)."""

    template_name = "certames/publico/_documentos_publicacao.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        publicacao = publicacao_publica(kwargs["certame_pk"], kwargs["cargo_pk"], kwargs["pk"])
        cargo = publicacao.versao.cargo
        documentos = documentos_da_publicacao(publicacao, cargo)
        ctx.update(publicacao=publicacao, cargo=cargo, certame=cargo.certame,
                   documentos=documentos,
                   documentos_em_preparacao=any(d.em_preparacao for d in documentos))
        return ctx


class QuadroVagasView(View):
    """The vacancy table of a certame: `vagas.pdf`, `vagas.csv`, `vagas.json`."""

    def get(self, request, pk, formato):
        if formato not in FORMATOS_QUADRO:
            raise Http404
        certame = get_object_or_404(
            Certame.objects.select_related("orgao").filter(status__in=STATUS_PUBLICOS), pk=pk)
        if formato == "pdf":
            return impressos.resposta_pdf(request, impressos.Tipo.QUADRO_VAGAS, certame,
                                          voltar=reverse("certame_publico", args=[pk]))
        conteudo = documentos.conteudo_quadro(certame)
        nome = documentos.nome_quadro(certame)
        if formato == "csv":
            return documentos.resposta_csv(nome, documentos.colunas_quadro(conteudo),
                                           documentos.linhas_quadro(conteudo))
        url = request.build_absolute_uri(request.path)
        return documentos.resposta_json(documentos.dados_quadro(conteudo, url), nome)


class AnexoEditalView(TemplateView):
    """The edital's annex (`classificacao.anexo_edital`): the page (`anexo/`) and its PDF
    (`anexo.pdf`)."""

    template_name = "certames/publico/anexo.html"

    def get(self, request, pk, formato=None):
        certame = get_object_or_404(
            Certame.objects.select_related("orgao").filter(status__in=STATUS_PUBLICOS), pk=pk)
        if formato is not None:
            if formato != "pdf":
                raise Http404
            return impressos.resposta_pdf(request, DocumentoPdf.Tipo.ANEXO_EDITAL, certame,
                                          voltar=reverse("anexo_edital_publico", args=[pk]))
        return self.render_to_response({"certame": certame,
                                        "conteudo": anexo_edital.conteudo_anexo(certame)})


class PublicacaoView(View):
    """One published list (its stable URL): `publicacoes/<id>.pdf|csv|json`."""

    def get(self, request, certame_pk, cargo_pk, pk, formato):
        if formato not in FORMATOS_PUBLICACAO:
            raise Http404
        publicacao = publicacao_publica(certame_pk, cargo_pk, pk)
        pronto = _do_worker(request, publicacao, preparo.POR_FORMATO[formato],
                            reverse("cargo_publico", args=[certame_pk, cargo_pk]))
        if pronto is not None:
            return pronto
        if formato == "pdf":
            return impressos.resposta_pdf(
                request, impressos.Tipo.LISTA_PUBLICADA, publicacao,
                voltar=reverse("cargo_publico", args=[certame_pk, cargo_pk]))
        conteudo = documentos.conteudo_publicacao(publicacao, publica=True)
        nome = documentos.nome_publicacao(publicacao)
        if formato == "csv":
            return documentos.resposta_csv(nome, documentos.COLUNAS_LISTAS,
                                           documentos.linhas_listas(conteudo))
        url = request.build_absolute_uri(request.path)
        return documentos.resposta_json(documentos.dados_publicacao(conteudo, url), nome)


class PublicacaoConvocacaoView(View):
    """The call order of a published snapshot as CSV (`publicacoes/<id>/convocacao.csv`)."""

    def get(self, request, certame_pk, cargo_pk, pk):
        publicacao = publicacao_publica(certame_pk, cargo_pk, pk)
        pronto = _do_worker(request, publicacao, preparo.Tipo.CONVOCACAO_CSV,
                            reverse("cargo_publico", args=[certame_pk, cargo_pk]))
        if pronto is not None:
            return pronto
        conteudo = documentos.conteudo_publicacao(publicacao, publica=True)
        return documentos.resposta_csv(
            f"{documentos.nome_publicacao(publicacao)}-convocacao",
            documentos.COLUNAS_CONVOCACAO, documentos.linhas_convocacao(conteudo))


class ExportarOrdemDadosView(ExportarOrdemPublicaView):
    """The order of nomeação: CSV, XLSX and PDF as before, and JSON (open data)."""

    def get(self, request, *args, **kwargs):
        if kwargs["formato"] != "json":
            return super().get(request, *args, **kwargs)
        cargo = self.cargo(**kwargs)
        return documentos.resposta_json(
            documentos.dados_ordem(cargo, request.build_absolute_uri(request.path)),
            f"ordem-nomeacao-{cargo.codigo}")


# --- a published phase result (spec section 10) ---------------------------------------------


def publicacao_fase_publica(certame_pk: int, cargo_pk: int, pk: int) -> PublicacaoFase:
    """The phase publication of this cargo of this public certame, or 404."""
    return get_object_or_404(
        PublicacaoFase.objects.select_related("fase__cargo__certame__orgao", "versao"),
        pk=pk, fase__cargo_id=cargo_pk, fase__cargo__certame_id=certame_pk,
        fase__cargo__certame__status__in=STATUS_PUBLICOS)


class ResultadoFaseView(View):
    """A published phase result at its stable URL: `fases/<id>.pdf|csv|json`."""

    def get(self, request, certame_pk, cargo_pk, pk, formato):
        if formato not in FORMATOS_PUBLICACAO:
            raise Http404
        publicacao = publicacao_fase_publica(certame_pk, cargo_pk, pk)
        if formato == "pdf":
            return impressos.resposta_pdf(
                request, DocumentoPdf.Tipo.RESULTADO_FASE, publicacao,
                voltar=reverse("resultado_fase_publico", args=[certame_pk, cargo_pk, pk]))
        conteudo = documentos_fases.conteudo_fase(publicacao)
        nome = documentos_fases.nome_fase(publicacao)
        if formato == "csv":
            return documentos.resposta_csv(nome, documentos_fases.COLUNAS_FASE,
                                           documentos_fases.linhas_fase(conteudo))
        url = request.build_absolute_uri(request.path)
        return documentos.resposta_json(documentos_fases.dados_fase(conteudo, url), nome)


class ResultadoFasePaginaView(TemplateView):
    """The public page of a published phase result, paginated, with its documents."""

    template_name = "certames/publico/resultado_fase.html"
    POR_PAGINA = 100

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        publicacao = publicacao_fase_publica(kwargs["certame_pk"], kwargs["cargo_pk"],
                                             kwargs["pk"])
        conteudo = documentos_fases.conteudo_fase(publicacao)
        ctx.update(publicacao=publicacao, conteudo=conteudo, fase=publicacao.fase,
                   cargo=publicacao.fase.cargo, certame=publicacao.fase.cargo.certame,
                   page_obj=Paginator(conteudo["linhas"], self.POR_PAGINA).get_page(
                       self.request.GET.get("page")))
        return ctx

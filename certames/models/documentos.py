"""The PDFs derived from a certame's acts."""

from __future__ import annotations

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from certames.models.base import Cargo, Certame
from comum.formatos import data_hora_br


class DocumentoPdf(models.Model):
    """A PDF derived from a certame's acts (the order of nomeação, the vacancy table of the
    certame, with `cargo` empty, and each published list), rendered by a Celery task
    (`classificacao.impressos`). Not an act: a rendering of the acts as they stood, identified by
    `chave` (a digest of exactly what was rendered). The same state is served from the stored
    file; a new act gives a new key and a new document. Old documents stay (what was handed
    out can be shown again)."""

    class Tipo(models.TextChoices):
        ORDEM_NOMEACAO = "ordem_nomeacao", _("Ordem de nomeação (RH)")
        ORDEM_NOMEACAO_PUBLICA = "ordem_nomeacao_publica", _("Ordem de nomeação (pública)")
        QUADRO_VAGAS = "quadro_vagas", _("Quadro de vagas do certame")
        LISTA_PUBLICADA = "lista_publicada", _("Listas publicadas (pública)")
        LISTA_PUBLICADA_RH = "lista_publicada_rh", _("Listas publicadas (RH)")
        RESULTADO_FASE = "resultado_fase", _("Resultado de uma fase da avaliação")
        ANEXO_EDITAL = "anexo_edital", _("Anexo do edital (reserva de vagas)")

    tipo = models.CharField(_("tipo"), max_length=40, choices=Tipo.choices)
    certame = models.ForeignKey(Certame, on_delete=models.CASCADE, related_name="documentos_pdf")
    cargo = models.ForeignKey(Cargo, on_delete=models.CASCADE, null=True, blank=True,
                              related_name="documentos_pdf")
    chave = models.CharField(_("estado documentado"), max_length=100)
    arquivo = models.FileField(_("arquivo (PDF)"), upload_to="impressos/%Y/%m/")
    gerado_em = models.DateTimeField(_("gerado em"), default=timezone.now)

    class Meta:
        verbose_name = _("documento PDF gerado")
        verbose_name_plural = _("documentos PDF gerados")
        ordering = ["-gerado_em", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["tipo", "cargo", "chave"],
                                    condition=models.Q(cargo__isnull=False),
                                    name="documento_pdf_cargo_unico"),
            models.UniqueConstraint(fields=["tipo", "certame", "chave"],
                                    condition=models.Q(cargo__isnull=True),
                                    name="documento_pdf_certame_unico"),
        ]

    def __str__(self) -> str:
        alvo = self.cargo.codigo if self.cargo is not None else self.certame.numero_edital
        return f"{self.get_tipo_display()} — {alvo} ({data_hora_br(self.gerado_em)})"


class PreparoPublicacao(models.Model):
    """What a publication leaves to the worker (`classificacao.preparo`): each inscrição's
    summary of the published version (`ResumoClassificacao`), written batch by batch, and the
    documents (`ArquivoPublicacao`). Not an act: the status row of a background job, updated
    as the job goes (the publication itself, its `Ato` and its `Publicacao` row, is recorded
    in RH's request)."""

    class Estado(models.TextChoices):
        NA_FILA = "na_fila", _("na fila")
        GRAVANDO = "gravando", _("resumos sendo gravados")
        GRAVADO = "gravado", _("resumos gravados")
        SUPERADO = "superado", _("superado por uma publicação posterior")
        FALHOU = "falhou", _("falhou")

    publicacao = models.OneToOneField("certames.Publicacao", on_delete=models.CASCADE,
                                      primary_key=True, related_name="preparo")
    estado = models.CharField(_("estado"), max_length=10, choices=Estado.choices,
                              default=Estado.NA_FILA)
    resumos_total = models.PositiveIntegerField(_("resumos a gravar"), default=0)
    resumos_gravados = models.PositiveIntegerField(_("resumos gravados"), default=0)
    inicio = models.DateTimeField(_("início da gravação"), null=True, blank=True)
    fim = models.DateTimeField(_("fim da gravação"), null=True, blank=True)
    tentativas = models.PositiveSmallIntegerField(_("tentativas"), default=0)
    #: The last failure ("" when none), kept while a retry is pending.
    falha = models.TextField(_("última falha"), blank=True)
    falha_em = models.DateTimeField(_("falhou em"), null=True, blank=True)
    #: No retry left: RH must act (the page says so).
    desistiu = models.BooleanField(_("sem novas tentativas"), default=False)

    class Meta:
        verbose_name = _("preparo de uma publicação")
        verbose_name_plural = _("preparos das publicações")

    def __str__(self) -> str:
        return f"{self.publicacao_id} — {self.get_estado_display()}"


class ArquivoPublicacao(models.Model):
    """One document of a publication rendered by the worker and stored once: its PDFs (the
    list, RH's list, the vacancy table, the order of nomeação; `classificacao.impressos`) and
    its open-data files (CSV, JSON). Not an act: the status of a rendering (queued, ready,
    failed), updated as it goes. The public pages link a document when it is ready and say
    "em preparação" until then; a ready one is served from `arquivo`."""

    class Tipo(models.TextChoices):
        LISTA_PDF = "lista_pdf", _("Listas publicadas (PDF)")
        LISTA_RH_PDF = "lista_rh_pdf", _("Listas publicadas, com CPF mascarado (PDF do RH)")
        QUADRO_PDF = "quadro_pdf", _("Quadro de vagas do certame (PDF)")
        ORDEM_PDF = "ordem_pdf", _("Ordem de nomeação (PDF)")
        LISTA_CSV = "lista_csv", _("Listas publicadas (CSV)")
        LISTA_JSON = "lista_json", _("Listas publicadas (JSON)")
        CONVOCACAO_CSV = "convocacao_csv", _("Ordem de convocação (CSV)")

    class Estado(models.TextChoices):
        NA_FILA = "na_fila", _("em preparação")
        PRONTO = "pronto", _("pronto")
        FALHOU = "falhou", _("falhou")

    publicacao = models.ForeignKey("certames.Publicacao", on_delete=models.CASCADE,
                                   related_name="arquivos")
    tipo = models.CharField(_("tipo"), max_length=20, choices=Tipo.choices)
    estado = models.CharField(_("estado"), max_length=10, choices=Estado.choices,
                              default=Estado.NA_FILA)
    arquivo = models.FileField(_("arquivo"), upload_to="publicacoes/%Y/%m/", blank=True)
    tentativas = models.PositiveSmallIntegerField(_("tentativas"), default=0)
    falha = models.TextField(_("última falha"), blank=True)
    #: No retry left: RH must act (the page says so).
    desistiu = models.BooleanField(_("sem novas tentativas"), default=False)
    atualizado_em = models.DateTimeField(_("atualizado em"), default=timezone.now)
    #: How long the rendering took (seconds), for the benchmark and RH's page.
    duracao = models.FloatField(_("duração (s)"), null=True, blank=True)

    class Meta:
        verbose_name = _("documento de uma publicação")
        verbose_name_plural = _("documentos das publicações")
        ordering = ["publicacao", "tipo"]
        constraints = [models.UniqueConstraint(fields=["publicacao", "tipo"],
                                               name="arquivo_publicacao_unico")]

    def __str__(self) -> str:
        return f"{self.publicacao_id} — {self.get_tipo_display()} ({self.get_estado_display()})"

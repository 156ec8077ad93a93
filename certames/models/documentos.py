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

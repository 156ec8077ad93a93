"""The kernel's records, shared by every procedure (`nucleo.registro`): the publications of
a batch's preliminary and final result, the content of each batch, and the candidate's appeal
with its attachments. Each is an act: written once, never updated (PostgreSQL refuses UPDATE
and DELETE on these tables: `comum.somente_insercao`).

What a row is about is named by the procedure's key (`procedimento`, the plug-in's `chave`)
and the decided object's id (`objeto_id`: an `Avaliacao`, a `PedidoIsencao`, a
`ProcedimentoAdministrativo`...). The kernel never imports the plug-ins' models; the
candidate's inscrição is a foreign key, so every record can be scoped to its owner.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class PublicacaoResultado(models.Model):
    """RH publishes the preliminary or final result of one batch (`lote`) of a procedure of a
    certame. Batches are numbered 1, 2, ... per certame and procedure; the objects a batch
    decides are the `ItemPublicado` rows of its preliminary publication."""

    class Fase(models.TextChoices):
        PRELIMINAR = "preliminar", _("Resultado preliminar")
        FINAL = "final", _("Resultado definitivo")

    certame = models.ForeignKey("certames.Certame", on_delete=models.PROTECT, related_name="+")
    procedimento = models.CharField(_("procedimento"), max_length=40)
    fase = models.CharField(_("fase"), max_length=10, choices=Fase.choices)
    lote = models.PositiveIntegerField(_("lote"), default=1)
    publicada_em = models.DateTimeField(_("publicada em"), auto_now_add=True)
    publicada_por = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                      related_name="+")

    class Meta:
        verbose_name = _("publicação de resultado")
        verbose_name_plural = _("publicações de resultados")
        ordering = ["certame", "procedimento", "lote", "fase"]
        constraints = [
            models.UniqueConstraint(fields=["certame", "procedimento", "fase", "lote"],
                                    name="nucleo_publicacao_unica_por_lote"),
        ]

    def __str__(self) -> str:
        return f"{self.get_fase_display()} — {self.procedimento} (lote {self.lote})"


class ItemPublicado(models.Model):
    """A decided object in the preliminary publication of its batch: written once, with the
    publication; an object belongs to one batch only."""

    publicacao = models.ForeignKey(PublicacaoResultado, on_delete=models.PROTECT,
                                   related_name="itens")
    procedimento = models.CharField(_("procedimento"), max_length=40)
    objeto_id = models.PositiveBigIntegerField(_("objeto decidido"))
    inscricao = models.ForeignKey("candidatos.Inscricao", on_delete=models.PROTECT,
                                  related_name="+")

    class Meta:
        verbose_name = _("item publicado em lote")
        verbose_name_plural = _("itens publicados em lote")
        constraints = [
            models.UniqueConstraint(fields=["procedimento", "objeto_id"],
                                    name="nucleo_item_em_um_lote"),
        ]

    def __str__(self) -> str:
        return f"{self.procedimento} #{self.objeto_id} — {self.publicacao}"


class Recurso(models.Model):
    """The candidate's appeal against a decision of a procedure (one per decided object)."""

    procedimento = models.CharField(_("procedimento"), max_length=40)
    objeto_id = models.PositiveBigIntegerField(_("decisão recorrida"))
    inscricao = models.ForeignKey("candidatos.Inscricao", on_delete=models.PROTECT,
                                  related_name="recursos")
    texto = models.TextField(_("razões do recurso"))
    apresentado_em = models.DateTimeField(_("apresentado em"), auto_now_add=True)

    class Meta:
        verbose_name = _("recurso")
        verbose_name_plural = _("recursos")
        constraints = [
            models.UniqueConstraint(fields=["procedimento", "objeto_id"],
                                    name="nucleo_um_recurso_por_decisao"),
        ]

    def __str__(self) -> str:
        return f"Recurso {self.pk} — {self.procedimento} #{self.objeto_id}"


class AnexoRecurso(models.Model):
    recurso = models.ForeignKey(Recurso, on_delete=models.PROTECT, related_name="anexos")
    arquivo = models.FileField(_("arquivo"), upload_to="recursos/%Y/")
    nome_original = models.CharField(_("nome do arquivo"), max_length=250)
    tipo_conteudo = models.CharField(_("tipo"), max_length=50)

    class Meta:
        verbose_name = _("anexo de recurso")
        verbose_name_plural = _("anexos de recurso")

    def __str__(self) -> str:
        return self.nome_original


# --- appeals against RH's decisions (Lei 9.784/1999, art. 56, §1º: `nucleo.autoridade`) ------


class AutoridadeRecursal(models.Model):
    """RH designates, per certame, the superior authority that judges the appeals against
    RH's decisions which the deciding authority did not reconsider (Lei 9.784/1999, art. 56,
    §1º). An act, written once: a new designation supersedes the one in force (the latest)."""

    certame = models.ForeignKey("certames.Certame", on_delete=models.PROTECT,
                                related_name="autoridades_recursais")
    usuario = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                related_name="+", verbose_name=_("autoridade superior"))
    ato = models.CharField(_("ato de designação"), max_length=250)
    motivacao = models.TextField(_("motivação"))
    designada_em = models.DateTimeField(_("designada em"), default=timezone.now)
    designada_por = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                      related_name="+")

    class Meta:
        verbose_name = _("autoridade superior do certame")
        verbose_name_plural = _("autoridades superiores dos certames")
        ordering = ["certame", "designada_em", "pk"]

    def __str__(self) -> str:
        return f"{self.usuario} — {self.certame}"


class TramiteRecurso(models.Model):
    """A step of an appeal against an RH decision, written once: addressed to the authority
    that decided, with the end of its reconsideration period (`DIRIGIDO`, at the filing),
    then that authority's motivated reconsideration (`RECONSIDERADO`: the appeal is granted)
    or its keeping the decision, which forwards the appeal to the certame's superior
    authority (`MANTIDO`). A period ending without either forwards it too (derived from the
    clock, `nucleo.autoridade.tramite`)."""

    class Etapa(models.TextChoices):
        DIRIGIDO = "dirigido", _("Dirigido à autoridade que decidiu")
        RECONSIDERADO = "reconsiderado", _("Decisão reconsiderada por quem decidiu")
        MANTIDO = "mantido", _("Decisão mantida; recurso encaminhado à autoridade superior")

    recurso = models.ForeignKey(Recurso, on_delete=models.PROTECT, related_name="tramites")
    etapa = models.CharField(_("etapa"), max_length=15, choices=Etapa.choices)
    #: DIRIGIDO: the authority that decided (to whom it is addressed); else who acted.
    usuario = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                related_name="+")
    #: DIRIGIDO: the end of the reconsideration period.
    prazo = models.DateTimeField(_("prazo para reconsiderar"), null=True, blank=True)
    motivacao = models.TextField(_("motivação"), blank=True)
    registrado_em = models.DateTimeField(_("registrado em"), default=timezone.now)

    class Meta:
        verbose_name = _("trâmite de recurso")
        verbose_name_plural = _("trâmites de recursos")
        ordering = ["recurso", "registrado_em", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["recurso"], condition=models.Q(etapa="dirigido"),
                                    name="nucleo_tramite_dirigido_unico"),
            models.UniqueConstraint(fields=["recurso"],
                                    condition=~models.Q(etapa="dirigido"),
                                    name="nucleo_tramite_reconsideracao_unica"),
        ]

    def __str__(self) -> str:
        return f"{self.get_etapa_display()} — {self.recurso}"

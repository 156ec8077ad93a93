"""The acts that stop, resume or end a published certame: its suspension (by a court order, a
Tribunal de Contas decision or the Administration's own), its resumption (retomada) and its
cancellation (anulação or revogação: Lei 9.784/1999, arts. 53 and 54; STF, Súmula 473).

Append-only: the certame's situation is its latest act (`certames.situacao`), written with the
certame's `status` in one transaction by `editais.situacao`, never edited in a form."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from certames.models.base import Certame
from comum.models import SomenteInsercao


class AtoSituacaoCertame(SomenteInsercao):
    MENSAGEM_ALTERAR = _("Um ato de suspensão, retomada ou cancelamento do certame é um "
                         "registro publicado e não pode ser alterado; um novo ato o substitui.")
    MENSAGEM_APAGAR = _("Um ato de suspensão, retomada ou cancelamento do certame é um "
                        "registro publicado e não pode ser apagado.")

    class Tipo(models.TextChoices):
        SUSPENSAO = "suspensao", _("Suspensão do certame")
        RETOMADA = "retomada", _("Retomada do certame")
        ANULACAO = "anulacao", _("Anulação do certame")
        REVOGACAO = "revogacao", _("Revogação do certame")

    class Origem(models.TextChoices):
        DECISAO_JUDICIAL = "decisao_judicial", _("Decisão judicial")
        TRIBUNAL_CONTAS = "tribunal_contas", _("Decisão do Tribunal de Contas")
        ADMINISTRACAO = "administracao", _("Decisão da própria Administração")

    certame = models.ForeignKey(Certame, on_delete=models.PROTECT,
                                related_name="atos_situacao")
    tipo = models.CharField(_("tipo"), max_length=20, choices=Tipo.choices)
    origem = models.CharField(_("origem da ordem"), max_length=20, choices=Origem.choices,
                              default=Origem.ADMINISTRACAO)
    #: The order's identification: the judicial decision's number, the TCE process, the
    #: Administration's act and where it was published.
    documento = models.CharField(_("documento da ordem"), max_length=250, blank=True)
    motivacao = models.TextField(_("motivação"))
    fundamento = models.CharField(_("fundamento"), max_length=250, blank=True)
    #: The suspension: the certame's status when suspended, which the retomada restores.
    status_anterior = models.CharField(_("situação anterior"), max_length=20, blank=True)
    #: The retomada: the schedule's stages not ended, before and after
    #: (`[{"etapa": id, "tipo", "rotulo", "antes": {"inicio", "fim"}, "depois": {...}}]`).
    cronograma = models.JSONField(_("cronograma"), default=list, blank=True)
    praticado_em = models.DateTimeField(_("praticado em"), default=timezone.now)
    autor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                              related_name="+")

    class Meta:
        verbose_name = _("ato de situação do certame")
        verbose_name_plural = _("atos de situação do certame")
        ordering = ["certame", "praticado_em", "pk"]

    def __str__(self) -> str:
        return str(self.get_tipo_display())

    @property
    def cancelamento(self) -> bool:
        return self.tipo in (self.Tipo.ANULACAO, self.Tipo.REVOGACAO)

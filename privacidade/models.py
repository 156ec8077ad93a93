"""The marker left where personal data was shredded under the retention policy."""

from __future__ import annotations

from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from certames.models import Ato


class Expurgo(models.Model):
    """One object whose data a rule of the retention policy (`certames.retencao`) shredded:
    when, under which rule, what (field and file names, never values), and the act of the run.
    Append-only (on PostgreSQL a trigger refuses UPDATE and DELETE); one per object and rule,
    which makes the command idempotent."""

    regra = models.CharField(_("regra"), max_length=30)
    objeto_tipo = models.ForeignKey(ContentType, on_delete=models.PROTECT,
                                    verbose_name=_("tipo do objeto"))
    objeto_id = models.CharField(_("id do objeto"), max_length=64)
    #: Field and file names that were anonymised or deleted (never their values), and how many
    #: history rows and acts were touched.
    campos = models.JSONField(_("o que foi expurgado"), default=dict)
    referencia = models.DateField(_("data de referência (início da contagem)"))
    retido_ate = models.DateField(_("retido até"))
    executado_em = models.DateTimeField(_("expurgado em"), default=timezone.now)
    fundamento = models.TextField(_("fundamento"))
    ato = models.ForeignKey(Ato, on_delete=models.PROTECT, related_name="+")

    class Meta:
        verbose_name = _("expurgo de dados (LGPD)")
        verbose_name_plural = _("expurgos de dados (LGPD)")
        ordering = ["-executado_em", "regra", "objeto_id"]
        constraints = [
            models.UniqueConstraint(fields=["regra", "objeto_tipo", "objeto_id"],
                                    name="expurgo_unico_por_regra"),
        ]

    def __str__(self) -> str:
        return f"{self.regra} — {self.objeto_tipo.model} {self.objeto_id}"

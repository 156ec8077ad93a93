"""The órgão's own calendar: its municipal holidays, pontos facultativos and days whose office
hours closed early, which RH keeps (`certames.calendario` reads them with the national and
state holidays to count deadlines: Lei 9.784/1999, art. 66, §1º)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from certames.models.base import Orgao

#: The limits of what RH types (tests/test_limites_texto.py).
MAXIMO_NOME = 120
MAXIMO_FUNDAMENTO = 250


class Feriado(models.Model):
    """A day of the órgão without office hours, or whose office hours closed before the
    normal time: a deadline ending on it is extended to the next working day (Lei
    9.784/1999, art. 66, §1º: "se o vencimento cair em dia em que não houver expediente ou
    este for encerrado antes da hora normal"). One entry per órgão and day. A past entry is
    never removed (it may have moved a deadline already: `certames.calendario.remover`)."""

    class Tipo(models.TextChoices):
        MUNICIPAL = "municipal", _("Feriado municipal")
        PONTO_FACULTATIVO = "ponto_facultativo", _("Ponto facultativo (sem expediente)")
        EXPEDIENTE_REDUZIDO = "expediente_reduzido", _(
            "Expediente encerrado antes da hora normal")

    orgao = models.ForeignKey(Orgao, on_delete=models.PROTECT, related_name="feriados",
                              verbose_name=_("órgão"))
    data = models.DateField(_("data"))
    nome = models.CharField(_("nome"), max_length=MAXIMO_NOME)
    tipo = models.CharField(_("tipo"), max_length=20, choices=Tipo.choices,
                            default=Tipo.MUNICIPAL)
    fundamento = models.CharField(
        _("fundamento legal"), max_length=MAXIMO_FUNDAMENTO,
        help_text=_("A lei municipal, o decreto ou a portaria que declara o dia."))
    registrado_por = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                       null=True, blank=True, related_name="+")
    registrado_em = models.DateTimeField(_("registrado em"), default=timezone.now)

    class Meta:
        verbose_name = _("feriado ou dia sem expediente do órgão")
        verbose_name_plural = _("feriados e dias sem expediente do órgão")
        ordering = ["orgao", "data"]
        constraints = [models.UniqueConstraint(fields=["orgao", "data"],
                                               name="feriado_um_por_dia_do_orgao")]

    def __str__(self) -> str:
        return f"{self.data:%d/%m/%Y} {self.nome}"

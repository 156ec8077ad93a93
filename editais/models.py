"""The edital's life as acts (`editais.servicos`, `editais.retificacao`): its publication and
its retificações. Each is an append-only record: a later act supersedes an
earlier one, none is rewritten."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from certames.models import Certame
from comum.models import SomenteInsercao


class AtoEdital(SomenteInsercao):
    MENSAGEM_ALTERAR = _("Um ato do edital é um registro publicado e não pode ser alterado; "
                         "um novo ato o substitui.")
    MENSAGEM_APAGAR = _("Um ato do edital é um registro publicado e não pode ser apagado.")

    class Tipo(models.TextChoices):
        PUBLICACAO = "publicacao", _("Publicação do edital")
        RETIFICACAO = "retificacao", _("Retificação do edital")

    certame = models.ForeignKey(Certame, on_delete=models.PROTECT, related_name="atos_edital")
    tipo = models.CharField(_("tipo"), max_length=20, choices=Tipo.choices)
    #: A retificação's number in the certame (1, 2, ...); 0 for the publication.
    numero = models.PositiveSmallIntegerField(_("número"), default=0)
    #: What the act fixes or changes, as the pages and the annex read it (the published
    #: cargos and vacancies, the schedule's stages, the settings).
    conteudo = models.JSONField(_("conteúdo"), default=dict)
    motivacao = models.TextField(_("motivação"), blank=True)
    publicado_em = models.DateTimeField(_("publicado em"), default=timezone.now)
    autor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                              related_name="+")

    class Meta:
        verbose_name = _("ato do edital")
        verbose_name_plural = _("atos do edital")
        ordering = ["certame", "publicado_em", "pk"]

    def __str__(self) -> str:
        if self.tipo == self.Tipo.RETIFICACAO:
            return f"{self.get_tipo_display()} nº {self.numero}"
        return str(self.get_tipo_display())

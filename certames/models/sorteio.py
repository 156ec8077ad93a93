"""The public draw of the reserved seats: its announcement, its result, the destination of
each vacancy that arose."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from certames.models.base import Certame, VagaSurgida
from comum.formatos import data_br
from comum.models import SomenteInsercao


class _AtoSorteio(SomenteInsercao):
    """The draw's acts: a correction is a new act, never an edit."""

    MENSAGEM_ALTERAR = _("Atos do sorteio público das vagas não podem ser alterados.")
    MENSAGEM_APAGAR = _("Atos do sorteio público das vagas não podem ser apagados.")

    class Meta:
        abstract = True


class AnuncioSorteio(_AtoSorteio):
    """The announcement of the public draw of the whole-edital reserve (spec section 4.1, item
    3): before the seed is known, RH publishes where it will come from (e.g. the Loteria
    Federal's first prize of a date) and the cargo codes and vacancies it will run on. An
    immutable act; a retificação before the seed's date is a new announcement, and the latest
    one is in force."""

    certame = models.ForeignKey(Certame, on_delete=models.PROTECT,
                                related_name="anuncios_sorteio")
    fonte_semente = models.TextField(_("fonte da semente"))
    data_da_semente = models.DateField(_("data da semente"))
    #: The cargos as announced: [{"codigo": ..., "vagas": ...}], ordered by code.
    cargos = models.JSONField(_("cargos e vagas anunciados"))
    base_reserva = models.CharField(_("base da reserva racial"), max_length=10)
    base_reserva_pcd = models.CharField(_("base da reserva PcD"), max_length=10)
    fundamento = models.CharField(_("fundamento"), max_length=500)
    motivacao = models.TextField(_("motivação (retificação)"), blank=True)
    registrado_em = models.DateTimeField(_("registrado em"), default=timezone.now)
    autor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True,
                              related_name="+", verbose_name=_("autor"))

    class Meta:
        verbose_name = _("anúncio do sorteio das vagas reservadas")
        verbose_name_plural = _("anúncios do sorteio das vagas reservadas")
        ordering = ["certame", "-registrado_em", "-id"]

    def __str__(self) -> str:
        return f"Anúncio do sorteio — {self.certame} ({data_br(self.data_da_semente)})"


class Sorteio(_AtoSorteio):
    """The public draw itself (spec section 4.1, item 3): the seed exactly as typed and the
    engine's result (``certames.regras.edital.edital_para_json``). Once per edital: a second
    draw is refused (the unique certame)."""

    certame = models.OneToOneField(Certame, on_delete=models.PROTECT, related_name="sorteio")
    anuncio = models.OneToOneField(AnuncioSorteio, on_delete=models.PROTECT,
                                   related_name="sorteio")
    semente = models.TextField(_("semente"))
    resultado = models.JSONField(_("resultado"))
    realizado_em = models.DateTimeField(_("realizado em"), default=timezone.now)
    autor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True,
                              related_name="+", verbose_name=_("autor"))

    class Meta:
        verbose_name = _("sorteio das vagas reservadas")
        verbose_name_plural = _("sorteios das vagas reservadas")
        ordering = ["-realizado_em", "-id"]

    def __str__(self) -> str:
        return f"Sorteio das vagas reservadas — {self.certame}"


class DestinoVagaSurgida(_AtoSorteio):
    """Where one vacancy that arose later went, on the whole-edital base (spec section 4.1,
    item 5): recorded with the vacancy act so that the cargo's split is reproducible; earlier
    seats never move and there is no new draw."""

    vaga_surgida = models.ForeignKey(VagaSurgida, on_delete=models.PROTECT,
                                     related_name="destinos")
    ordem = models.PositiveIntegerField(_("ordem"))
    grupo = models.CharField(_("lista"), max_length=3)
    vagas_edital = models.PositiveIntegerField(_("vagas do edital depois desta"))
    fundamento = models.TextField(_("fundamento"))

    class Meta:
        verbose_name = _("destino de vaga surgida")
        verbose_name_plural = _("destinos de vagas surgidas")
        ordering = ["vaga_surgida", "ordem"]
        constraints = [
            models.UniqueConstraint(fields=["vaga_surgida", "ordem"],
                                    name="destino_vaga_surgida_unico"),
        ]

    def __str__(self) -> str:
        return f"{self.grupo} — {self.vaga_surgida}"

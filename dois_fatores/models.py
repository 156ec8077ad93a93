"""The trail of the second factor: every use of it (a code accepted or refused, a recovery
code spent, an enrolment, new recovery codes, a reset) as an append-only record: who, when,
which kind of device, from which address. The devices themselves are django-otp's
(`otp_totp.TOTPDevice`, `otp_static.StaticDevice`): credentials, not acts."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from comum.models import SomenteInsercao


class EventoSegundoFator(SomenteInsercao):
    MENSAGEM_ALTERAR = _("Um registro de uso do segundo fator não pode ser alterado.")
    MENSAGEM_APAGAR = _("Um registro de uso do segundo fator não pode ser apagado.")

    class Tipo(models.TextChoices):
        CADASTRO = "cadastro", _("Cadastro do segundo fator")
        ACEITO = "aceito", _("Código aceito")
        RECUSADO = "recusado", _("Código recusado")
        BLOQUEADO = "bloqueado", _("Tentativa durante o bloqueio")
        RECUPERACAO = "recuperacao", _("Código de recuperação usado")
        NOVOS_CODIGOS = "novos_codigos", _("Novos códigos de recuperação")
        REDEFINIDO = "redefinido", _("Segundo fator redefinido")

    class Dispositivo(models.TextChoices):
        TOTP = "totp", _("Aplicativo autenticador (TOTP)")
        RECUPERACAO = "recuperacao", _("Código de recuperação")

    usuario = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                related_name="+", verbose_name=_("conta"))
    criado_em = models.DateTimeField(_("quando"), default=timezone.now, db_index=True)
    tipo = models.CharField(_("evento"), max_length=20, choices=Tipo.choices)
    dispositivo = models.CharField(_("tipo de dispositivo"), max_length=20, blank=True,
                                   choices=Dispositivo.choices)
    endereco = models.GenericIPAddressField(_("endereço IP"), null=True, blank=True)
    #: Who acted on the account when it was not its holder (a superuser's reset).
    autor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True,
                              blank=True, related_name="+", verbose_name=_("autor"))

    class Meta:
        verbose_name = _("uso do segundo fator")
        verbose_name_plural = _("usos do segundo fator")
        ordering = ["-criado_em", "-id"]
        indexes = [models.Index(fields=["usuario", "criado_em"])]

    def __str__(self) -> str:
        return f"{self.get_tipo_display()} ({self.usuario_id}, {self.criado_em:%d/%m/%Y %H:%M})"

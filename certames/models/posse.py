"""What the edital requires for the posse and what the called candidate sends: the documents
list (RH's, per certame or per cargo) and, per call, each document sent and RH's check of it
(`candidatos.posse`). A sent document and its check are acts: a new sending supersedes the
previous one (both kept, the newest counts), a check is never rewritten."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from certames.models.base import Cargo, Certame
from certames.models.chamadas import Chamada
from comum.models import SomenteInsercao

#: Longest name and description of a required document (product limits).
MAXIMO_NOME_DOCUMENTO = 200
MAXIMO_DESCRICAO_DOCUMENTO = 1000


class DocumentoPosse(models.Model):
    """A document the edital requires for the posse, for every cargo of the certame (`cargo`
    empty) or for one cargo. Edited by RH only while no call it applies to exists
    (`candidatos.posse.motivo_nao_alterar_documentos`): the called candidates answer under the
    list they were called with."""

    certame = models.ForeignKey(Certame, on_delete=models.CASCADE,
                                related_name="documentos_posse")
    cargo = models.ForeignKey(Cargo, on_delete=models.CASCADE, null=True, blank=True,
                              related_name="documentos_posse", verbose_name=_("cargo"))
    nome = models.CharField(_("documento"), max_length=MAXIMO_NOME_DOCUMENTO)
    descricao = models.TextField(_("descrição"), blank=True,
                                 max_length=MAXIMO_DESCRICAO_DOCUMENTO)
    obrigatorio = models.BooleanField(_("obrigatório"), default=True)

    class Meta:
        verbose_name = _("documento exigido para a posse")
        verbose_name_plural = _("documentos exigidos para a posse")
        ordering = ["certame", "cargo", "pk"]

    def __str__(self) -> str:
        return self.nome


class EnvioDocumentoPosse(SomenteInsercao):
    """One sending of a required document by the called candidate (a PDF, checked by its
    content: `comum.arquivos`). A later sending of the same document supersedes it."""

    MENSAGEM_ALTERAR = _("Documentos enviados para a posse não podem ser alterados.")
    MENSAGEM_APAGAR = _("Documentos enviados para a posse não podem ser apagados.")

    chamada = models.ForeignKey(Chamada, on_delete=models.PROTECT,
                                related_name="envios_posse")
    documento = models.ForeignKey(DocumentoPosse, on_delete=models.PROTECT,
                                  related_name="envios")
    arquivo = models.FileField(_("arquivo (PDF)"), upload_to="posse/%Y/%m/")
    nome_original = models.CharField(_("nome do arquivo"), max_length=250)
    sha256 = models.CharField(_("SHA-256"), max_length=64)
    enviado_em = models.DateTimeField(_("enviado em"), default=timezone.now)
    autor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True,
                              related_name="+", verbose_name=_("autor"))

    class Meta:
        verbose_name = _("documento enviado para a posse")
        verbose_name_plural = _("documentos enviados para a posse")
        ordering = ["chamada", "documento", "enviado_em", "pk"]

    def __str__(self) -> str:
        return f"{self.documento} — {self.chamada}"


class AnaliseDocumentoPosse(SomenteInsercao):
    """RH's check of one sending: accepted, or rejected with its motivation (Lei 9.784/1999,
    art. 50). Once per sending."""

    MENSAGEM_ALTERAR = _("A análise de um documento da posse não pode ser alterada.")
    MENSAGEM_APAGAR = _("A análise de um documento da posse não pode ser apagada.")

    envio = models.OneToOneField(EnvioDocumentoPosse, on_delete=models.PROTECT,
                                 related_name="analise")
    aceito = models.BooleanField(_("aceito"))
    motivacao = models.TextField(_("motivação"), blank=True)
    analisado_em = models.DateTimeField(_("analisado em"), default=timezone.now)
    autor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True,
                              related_name="+", verbose_name=_("autor"))

    class Meta:
        verbose_name = _("análise de documento da posse")
        verbose_name_plural = _("análises de documentos da posse")

    def __str__(self) -> str:
        return f"{_('Aceito') if self.aceito else _('Rejeitado')} — {self.envio}"

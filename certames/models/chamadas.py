"""The call acts: each call (convocação) and what happened to it (spec section 9)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from certames.models.base import Cargo
from certames.models.classificacao import VersaoClassificacao
from comum.models import SomenteInsercao


class _AtoDeConvocacao(SomenteInsercao):
    """The call acts (spec section 9): a correction is a new act, never an edit."""

    MENSAGEM_ALTERAR = _("Atos de convocação não podem ser alterados.")
    MENSAGEM_APAGAR = _("Atos de convocação não podem ser apagados.")

    class Meta:
        abstract = True


class Chamada(_AtoDeConvocacao):
    """One call (convocação) of a cargo's call history, at a fixed position: an immutable act
    (spec section 9). The positions never move: the order of nomeação is the servant's order
    for the whole career (Lei 3.056/2025, art. 12, §2º; Lei 3.057/2026, art. 17, parágrafo
    único). What happened next is an `EventoChamada`."""

    cargo = models.ForeignKey(Cargo, on_delete=models.PROTECT, related_name="chamadas")
    posicao = models.PositiveIntegerField(_("posição"))
    inscricao = models.ForeignKey("candidatos.Inscricao", on_delete=models.PROTECT,
                                  related_name="chamadas")
    vaga = models.CharField(_("vaga"), max_length=3)
    lista = models.CharField(_("lista de origem"), max_length=3)
    # The published version whose call order the call followed.
    versao = models.ForeignKey(VersaoClassificacao, on_delete=models.PROTECT, related_name="+")
    chamada_em = models.DateTimeField(_("convocada em"), default=timezone.now)
    prazo = models.DateField(_("prazo para apresentar os documentos"))
    autor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True,
                              related_name="+", verbose_name=_("autor"))

    class Meta:
        verbose_name = _("convocação")
        verbose_name_plural = _("convocações")
        ordering = ["cargo", "posicao"]
        constraints = [
            models.UniqueConstraint(fields=["cargo", "posicao"], name="chamada_posicao_unica"),
        ]

    def __str__(self) -> str:
        return f"{self.posicao}ª convocação ({self.vaga}) — {self.cargo}"


class EventoChamada(_AtoDeConvocacao):
    """What happened to a call: the candidate's aceite, nomeação, posse, exercício,
    desistência, tornar sem efeito or fim de fila; the annulment of the nomeação by a fraud or
    falsity procedure and, where its appeal is granted, the annulment's revocation (spec
    section 9). Each recorded once, never rewritten."""

    class Tipo(models.TextChoices):
        #: The candidate's acceptance of the call, in the portal within its deadline.
        ACEITE = "aceite", _("Aceite da convocação")
        NOMEACAO = "nomeacao", _("Nomeação")
        POSSE = "posse", _("Posse")
        EXERCICIO = "exercicio", _("Exercício")
        DESISTENCIA = "desistencia", _("Desistência")
        SEM_EFEITO = "sem_efeito", _("Tornada sem efeito")
        FIM_DE_FILA = "fim_de_fila", _("Fim de fila")
        #: Recorded only by the decision of a procedure (`candidatos.procedimentos`).
        ANULADA = "anulada", _("Anulada")
        #: The annulment revoked by a granted appeal in that procedure (the call holds its
        #: vacancy again).
        ANULACAO_REVOGADA = "revogacao", _("Anulação revogada (recurso provido)")

    chamada = models.ForeignKey(Chamada, on_delete=models.PROTECT, related_name="eventos")
    tipo = models.CharField(_("tipo"), max_length=12, choices=Tipo.choices)
    data = models.DateField(_("data do ato"))
    registrado_em = models.DateTimeField(_("registrado em"), default=timezone.now)
    autor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True,
                              related_name="+", verbose_name=_("autor"))
    pelo_candidato = models.BooleanField(_("pedido do candidato"), default=False)
    motivacao = models.TextField(_("motivação"), blank=True)
    fundamento = models.CharField(_("fundamento"), max_length=250, blank=True)
    # The nomeação's own act and its publication (the posse's deadline runs from it).
    numero_ato = models.CharField(_("número do ato"), max_length=100, blank=True)
    veiculo_publicacao = models.CharField(_("publicado em (veículo)"), max_length=200,
                                          blank=True)
    publicado_em = models.DateField(_("data da publicação"), null=True, blank=True)

    class Meta:
        verbose_name = _("ato sobre a convocação")
        verbose_name_plural = _("atos sobre convocações")
        ordering = ["chamada", "registrado_em", "id"]
        constraints = [
            models.UniqueConstraint(fields=["chamada", "tipo"], name="evento_chamada_unico"),
        ]

    def __str__(self) -> str:
        return f"{self.get_tipo_display()} — {self.chamada}"

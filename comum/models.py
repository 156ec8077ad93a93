"""Models of the bottom layer: the one append-only base every act of the product uses, and
the bookkeeping of the shared tools (the page cache's generations, the tasks a broker could
not take)."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class SomenteInsercaoQuerySet(models.QuerySet):
    """A queryset that refuses bulk UPDATE and DELETE (the model's messages say why)."""

    def update(self, **kwargs):  # noqa: D401
        raise ValidationError(self.model.MENSAGEM_ALTERAR)

    def delete(self):
        raise ValidationError(self.model.MENSAGEM_APAGAR)


class SomenteInsercao(models.Model):
    """An append-only record (an act: a decision, a call, a publication, a draw): inserted
    once, never updated nor deleted; a correction is a new record that supersedes it. On
    PostgreSQL a trigger and the application role's grants refuse the same
    (comum/somente_insercao.py); this base refuses it in the ORM, with a message in Portuguese.

    A subclass names its records in `MENSAGEM_ALTERAR` and `MENSAGEM_APAGAR`."""

    MENSAGEM_ALTERAR = _("Registros somente de inclusão não podem ser alterados.")
    MENSAGEM_APAGAR = _("Registros somente de inclusão não podem ser apagados.")

    objects = SomenteInsercaoQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise ValidationError(self.MENSAGEM_ALTERAR)
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ValidationError(self.MENSAGEM_APAGAR)


class Invalidacao(models.Model):
    """One renewal of a cached-page scope (comum/cache_publico.py: a certame, the home
    page's list, every page, an inscrição, an account), written in the transaction of the act
    that changed what the pages show, so it commits or rolls back with it and no cache outage
    can lose it. Append-only for the writers (no row is updated by an act: no
    lock is shared between two acts); a scope's generation is the sum of its rows' `peso`,
    which grows with every committed renewal. The sweep `compactar_invalidacoes` folds a
    scope's rows into its newest one (adding their weights), keeping every sum."""

    escopo = models.CharField(max_length=40)
    peso = models.PositiveBigIntegerField(default=1)
    criada_em = models.DateTimeField(default=timezone.now)

    class Meta:
        # The table keeps its first app's name (the rows outlive the move).
        db_table = "certames_invalidacao"
        indexes = [models.Index(fields=["escopo", "peso", "criada_em"],
                                name="invalidacao_escopo")]

    def __str__(self):
        return f"{self.escopo} +{self.peso}"


class TarefaPendente(models.Model):
    """A Celery task the broker could not take (Redis down): kept here, with its arguments,
    until the periodic sweep `certames.reenfileirar_tarefas_pendentes` hands it over
    (comum/filas.py `enfileirar`)."""

    nome = models.CharField(max_length=200)
    args = models.JSONField(default=list)
    kwargs = models.JSONField(default=dict)
    erro = models.TextField(blank=True)
    tentativas = models.PositiveIntegerField(default=1)
    criada_em = models.DateTimeField(default=timezone.now)
    tentada_em = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "certames_tarefapendente"
        ordering = ["id"]

    def __str__(self):
        return self.nome


class Aviso(models.Model):
    """One mail the product sent or tried to send (the outbox, `comum.emails.enviar`): what
    was said, to whom, about which act, and whether it went out. The proof of a notice with
    legal effect (the contraditório of Lei 9.784/1999, art. 26: the interested party is
    notified of the act). Each try is a `TentativaAviso`, append-only.

    A mail carrying a secret (a one-time link: sign-up confirmation, the committee member's
    invitation, the password reset) is recorded with the link replaced by a placeholder
    (`sigiloso`): it is never sent again from the outbox.

    At the end of the retention policy's period (rules "avisos" and "avisos_conta",
    certames/declaracoes.py) the body, the addresses, the attachments and the server's words
    are shredded (`expurgado_em`); what proves the notice stays: which mail, its subject, the
    act, whom it concerned, its state, its dates and its tries."""

    class Estado(models.TextChoices):
        NA_FILA = "na_fila", _("na fila")
        ENVIADO = "enviado", _("enviado")
        FALHOU = "falhou", _("falhou")

    nome = models.CharField(_("e-mail"), max_length=80, db_index=True)
    para = models.CharField(_("destinatário"), max_length=1000)
    responder_a = models.CharField(max_length=254, blank=True)
    usuario = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                null=True, blank=True, related_name="+")
    inscricao = models.ForeignKey("candidatos.Inscricao", on_delete=models.SET_NULL,
                                  null=True, blank=True, related_name="+")
    ato = models.ForeignKey("certames.Ato", on_delete=models.PROTECT, null=True, blank=True,
                            related_name="avisos")
    certame = models.ForeignKey("certames.Certame", on_delete=models.SET_NULL, null=True,
                                blank=True, related_name="+")
    #: The notice's key (`lembrete:<kind>:<id>`, `publicacao:<id>:<inscrição>`...): recorded
    #: and sent once, whatever the beat or a task delivered twice does.
    chave = models.CharField(max_length=120, null=True, blank=True, unique=True)
    assunto = models.CharField(_("assunto"), max_length=300)
    corpo = models.TextField(_("corpo"), blank=True)
    corpo_html = models.TextField(blank=True)
    #: Files sent with the mail: [{"nome", "tipo", "conteudo"}] (text: the `.ics`).
    anexos = models.JSONField(default=list, blank=True)
    sigiloso = models.BooleanField(default=False)
    estado = models.CharField(_("estado"), max_length=10, choices=Estado.choices,
                              default=Estado.NA_FILA, db_index=True)
    tentativas = models.PositiveIntegerField(_("tentativas"), default=0)
    ultimo_erro = models.TextField(_("último erro"), blank=True)
    criado_em = models.DateTimeField(_("criado em"), default=timezone.now, db_index=True)
    enviado_em = models.DateTimeField(_("enviado em"), null=True, blank=True)
    #: The day the retention policy shredded its body and addresses (privacidade.Expurgo
    #: says under which rule); a shredded notice is not sent again.
    expurgado_em = models.DateField(_("expurgado em"), null=True, blank=True)

    class Meta:
        ordering = ["-criado_em", "-id"]
        verbose_name = _("aviso")

    def __str__(self):
        return f"{self.nome} → {self.para} ({self.estado})"


class TentativaAviso(SomenteInsercao):
    """One try to send an `Aviso` (append-only): when, how it ended, the server's words."""

    class Resultado(models.TextChoices):
        ENVIADO = "enviado", _("enviado")
        TRANSITORIO = "transitorio", _("falha transitória")
        PERMANENTE = "permanente", _("falha permanente")

    aviso = models.ForeignKey(Aviso, on_delete=models.PROTECT, related_name="historico")
    em = models.DateTimeField(default=timezone.now)
    resultado = models.CharField(max_length=12, choices=Resultado.choices)
    erro = models.TextField(blank=True)

    MENSAGEM_ALTERAR = _("As tentativas de envio de um aviso não podem ser alteradas.")
    MENSAGEM_APAGAR = _("As tentativas de envio de um aviso não podem ser apagadas.")

    class Meta:
        ordering = ["em", "id"]

    def __str__(self):
        return f"{self.aviso_id} {self.resultado}"

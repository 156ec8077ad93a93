"""Models of the bottom layer: the one append-only base every act of the product uses, and
the bookkeeping of the shared tools (the page cache's generations, the tasks a broker could
not take)."""

from __future__ import annotations

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

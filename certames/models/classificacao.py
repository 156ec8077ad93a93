"""The classification's versions (immutable snapshots), their lists and call order, the
candidates' summaries, the publications and the column history."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from certames.models.base import Cargo
from comum.models import SomenteInsercao


class VersaoClassificacao(models.Model):
    """An immutable snapshot of a cargo's lists, placements and call order.

    Written by the recompute job from consolidated decisions only; never changed. Publishing
    adds a `Publicacao`; the next computation is a new version.
    """

    cargo = models.ForeignKey(Cargo, on_delete=models.PROTECT,
                              related_name="versoes_classificacao")
    numero = models.PositiveIntegerField(_("versão"))
    geracao = models.PositiveIntegerField(_("geração"))
    criada_em = models.DateTimeField(_("calculada em"), default=timezone.now)
    causa = models.CharField(_("causa"), max_length=250)
    hash_entrada = models.CharField(_("hash da entrada"), max_length=64)
    regime = models.CharField(_("regime"), max_length=40)
    vagas = models.PositiveIntegerField(_("vagas"))
    parametros = models.JSONField(_("parâmetros do edital"), default=dict)
    distribuicao = models.JSONField(_("distribuição"))
    explicacao = models.JSONField(_("explicação da distribuição"), default=list)
    # Who is in no list or left a reserved list, with the reason and its legal basis.
    exclusoes = models.JSONField(_("exclusões"), default=list)
    # A cargo in phases (spec section 10): each phase's results (`classificacao.listas`) and
    # the inscrições that await a score (ids): while any does, no final publication, no call.
    fases = models.JSONField(_("resultados das fases"), default=list)
    aguardando_nota = models.JSONField(_("aguardando nota"), default=list)
    total_candidatos = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name = _("versão da classificação")
        verbose_name_plural = _("versões da classificação")
        ordering = ["cargo", "-numero"]
        constraints = [
            models.UniqueConstraint(fields=["cargo", "numero"], name="versao_unica_por_cargo"),
        ]

    def __str__(self) -> str:
        return f"{self.cargo} — versão {self.numero}"


class ListaVersao(models.Model):
    """One list of a snapshot, whole: its inscrições in order, packed, and which positions are
    sub judice (a recompute writes a handful of rows, not one per position).

    ``inscricoes``: the `Inscricao` ids in list order, 8 bytes each, big-endian unsigned (the
    order PostgreSQL's ``int8send`` gives, so the database can look an id up; position ``p``
    is bytes ``8(p-1)`` to ``8p``). ``sub_judice``: a bitmap, bit ``(p-1) % 8`` (least
    significant first) of byte ``(p-1) // 8`` set when position ``p`` is sub judice. A page
    reads only its byte range of both (`certames.instantaneo`). Append-only, never updated.
    """

    versao = models.ForeignKey(VersaoClassificacao, on_delete=models.PROTECT,
                               related_name="listas")
    lista = models.CharField(_("lista"), max_length=3)
    total = models.PositiveIntegerField(_("candidatos"))
    inscricoes = models.BinaryField(_("inscrições em ordem"))
    sub_judice = models.BinaryField(_("posições sub judice"))

    class Meta:
        verbose_name = _("lista de uma versão")
        verbose_name_plural = _("listas das versões")
        ordering = ["versao", "lista"]
        constraints = [
            models.UniqueConstraint(fields=["versao", "lista"], name="lista_unica_por_versao"),
        ]

    def __str__(self) -> str:
        return f"{self.versao} — {self.lista}"


class ConvocacaoVersao(models.Model):
    """The filled slots and the call order of a snapshot, in one row (a hundred entries or so).

    ``vagas_preenchidas``: [{"vaga", "lista", "inscricao", "fundamento"}] in fill order;
    ``convocacao``: [{"posicao", "vaga", "inscricao" (id or null), "lista", "sub_judice"}];
    ``inscricoes``: every id the two name, packed as `ListaVersao.inscricoes` (the database's
    refusal to delete a referenced inscrição reads it). Append-only, never updated."""

    versao = models.OneToOneField(VersaoClassificacao, on_delete=models.PROTECT,
                                  related_name="convocacao_versao")
    vagas_preenchidas = models.JSONField(_("vagas preenchidas"), default=list)
    convocacao = models.JSONField(_("ordem de convocação"), default=list)
    inscricoes = models.BinaryField(_("inscrições citadas"))

    class Meta:
        verbose_name = _("convocação de uma versão")
        verbose_name_plural = _("convocações das versões")

    def __str__(self) -> str:
        return f"{self.versao} — convocação"


class ResumoClassificacao(models.Model):
    """One inscrição's place in the latest published snapshot of its cargo, for its own status
    page: a small row instead of reading the snapshot. Derived data, not
    an act: written whole at each publication (`classificacao.leitura.gravar_resumos`),
    replacing the previous one; the snapshot remains the source.

    ``posicoes``: [{"lista", "posicao", "sub_judice", "frente"}] by list code, ``frente``
    being how many of the list are ahead without a slot; ``vaga``: {"vaga", "lista",
    "fundamento"} or null."""

    inscricao = models.OneToOneField("candidatos.Inscricao", on_delete=models.CASCADE,
                                     primary_key=True, related_name="resumo_classificacao")
    versao = models.ForeignKey(VersaoClassificacao, on_delete=models.CASCADE,
                               related_name="+")
    posicoes = models.JSONField(_("posições"), default=list)
    vaga = models.JSONField(_("vaga"), null=True, blank=True)

    class Meta:
        verbose_name = _("resumo da classificação de uma inscrição")
        verbose_name_plural = _("resumos da classificação das inscrições")

    def __str__(self) -> str:
        return f"{self.inscricao_id} — {self.versao}"


class Publicacao(models.Model):
    """RH publishes a snapshot as preliminary or final (homologado). Append-only."""

    class Tipo(models.TextChoices):
        PRELIMINAR = "preliminar", _("Resultado preliminar")
        FINAL = "final", _("Resultado final (homologado)")

    versao = models.ForeignKey(VersaoClassificacao, on_delete=models.PROTECT,
                               related_name="publicacoes")
    tipo = models.CharField(_("tipo"), max_length=10, choices=Tipo.choices)
    publicada_em = models.DateTimeField(_("publicada em"), default=timezone.now)
    publicada_por = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                      related_name="+", null=True)

    class Meta:
        verbose_name = _("publicação de lista")
        verbose_name_plural = _("publicações de listas")
        ordering = ["-publicada_em", "-id"]

    def __str__(self) -> str:
        return f"{self.get_tipo_display()} — {self.versao}"


class AlteracaoColuna(SomenteInsercao):
    """One change of a decision-bearing column (score, verdict, list state...), written by a
    PostgreSQL trigger — also when the change was raw SQL (comum/somente_insercao.py,
    `COLUNAS_AUDITADAS`). Append-only; the application never writes it (no INSERT privilege).

    On SQLite there are no triggers and the table stays empty.
    """

    class Operacao(models.TextChoices):
        INSERT = "INSERT", _("Inclusão")
        UPDATE = "UPDATE", _("Alteração")
        DELETE = "DELETE", _("Exclusão")

    tabela = models.CharField(_("tabela"), max_length=63)
    registro_id = models.CharField(_("id do registro"), max_length=64)
    coluna = models.CharField(_("coluna"), max_length=63)
    operacao = models.CharField(_("operação"), max_length=6, choices=Operacao.choices)
    # NULL (no value: before an INSERT, after a DELETE) is not the empty string.
    valor_anterior = models.TextField(_("valor anterior"), null=True, blank=True)  # noqa: DJ001
    valor_novo = models.TextField(_("valor novo"), null=True, blank=True)  # noqa: DJ001
    # A few identifying columns of the row (e.g. inscrição and list), kept with the change so a
    # deleted row can still be identified.
    contexto = models.JSONField(_("contexto"), default=dict, blank=True)
    usuario_banco = models.CharField(_("usuário do banco (login)"), max_length=63)
    papel_banco = models.CharField(_("papel do banco em efeito"), max_length=63)
    registrada_em = models.DateTimeField(_("quando (início da transação)"))
    transacao = models.BigIntegerField(_("transação"))

    MENSAGEM_ALTERAR = _("O histórico de colunas não pode ser alterado.")
    MENSAGEM_APAGAR = _("O histórico de colunas não pode ser apagado.")

    class Meta:
        verbose_name = _("alteração registrada pelo banco")
        verbose_name_plural = _("alterações registradas pelo banco")
        # Newest first by id (the sequence's order): an index less for every write.
        ordering = ["-id"]
        indexes = [
            models.Index(fields=["tabela", "registro_id"]),
            models.Index(fields=["transacao"]),
        ]

    def __str__(self) -> str:
        return f"{self.tabela}#{self.registro_id}.{self.coluna} ({self.operacao})"

    def save(self, *args, **kwargs):
        raise ValidationError(_("O histórico de colunas é escrito somente pelo banco de dados."))

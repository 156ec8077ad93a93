"""The exam's phases of a cargo (spec section 10): what the edital defines, the banca's
scores per phase, and the acts that publish each phase's result.

- `Fase`: one phase as the edital defines it (name, kind, minimum, weight, the cut-off per
  list as a number or as a multiple of the list's vacancies). Defined before the inscrições
  open (`provas.servicos`); a later change is a retificação of the edital.
- `NotaFase`: the banca's score of one inscrição in one phase, a decimal or "ausente",
  written by an import (`ImportacaoNotasFase`, an act); a later import of the same phase
  (after the appeals against the answer key, say) supersedes it, and the history keeps
  every former value.
- `PublicacaoFase`: the preliminary or final result of a phase, published from a computed
  classification version (its `fases`), append-only.
- `LocalProva` and `SalaProva`: where the exam is applied (a certame's venues, their rooms
  with capacity and accessibility), entered by RH.
- `AlocacaoProva` and `LugarProva`: the published allocation of the confirmed inscrições of
  one exam stage (`Etapa.Tipo.APLICACAO_PROVA`) to rooms, an act; a re-allocation is a new
  one, with its motivation, that supersedes it (provas/aplicacao/).
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from certames.models import Cargo, Certame, Etapa, VersaoClassificacao
from comum.models import SomenteInsercao


class Fase(models.Model):
    class Tipo(models.TextChoices):
        OBJETIVA = "objetiva", _("Prova objetiva")
        DISCURSIVA = "discursiva", _("Prova discursiva")
        REDACAO = "redacao", _("Redação")
        TITULOS = "titulos", _("Avaliação de títulos")
        PRATICA = "pratica", _("Prova prática")
        APTIDAO_FISICA = "aptidao_fisica", _("Teste de aptidão física")
        OUTRA = "outra", _("Outra")

    #: How a list's cut-off is given: a number of candidates, or a multiple of the list's
    #: vacancies in the edital's split.
    NUMERO = "numero"
    MULTIPLO = "multiplo"

    cargo = models.ForeignKey(Cargo, on_delete=models.PROTECT, related_name="fases")
    ordem = models.PositiveSmallIntegerField(_("ordem"))
    codigo = models.CharField(_("código"), max_length=10,
                              help_text=_("Como a banca identifica a fase, ex.: P1, P2."))
    nome = models.CharField(_("nome"), max_length=120)
    tipo = models.CharField(_("tipo"), max_length=15, choices=Tipo.choices,
                            default=Tipo.OBJETIVA)
    nota_minima = models.DecimalField(
        _("nota mínima"), max_digits=9, decimal_places=4, null=True, blank=True,
        help_text=_("A nota da própria fase (antes do peso) abaixo da qual o candidato é "
                    "eliminado. Em branco: a fase não elimina por nota."))
    nota_maxima = models.DecimalField(
        _("nota máxima"), max_digits=9, decimal_places=4, default=100,
        help_text=_("A maior nota da fase; a importação recusa uma nota acima dela."))
    peso = models.DecimalField(
        _("peso"), max_digits=9, decimal_places=4, default=1,
        help_text=_("A nota final é a soma de peso × nota de cada fase; 0 para uma fase que "
                    "só elimina."))
    #: List code -> {"modo": "numero" | "multiplo", "valor": int}. Empty: every survivor
    #: advances (and always on the last phase).
    corte = models.JSONField(_("cláusula de barreira"), default=dict, blank=True)
    habilita_heteroidentificacao = models.BooleanField(
        _("convoca para a heteroidentificação"), default=False,
        help_text=_("Os optantes habilitados nesta fase são os convocados para o procedimento "
                    "de heteroidentificação, como o edital estabelece."))
    #: The edital's period to appeal against the phase's preliminary result, in days counted
    #: from its publication (the day excluded, the end moved to the next working day:
    #: `certames.calendario.fim_do_prazo`). Ten by default: Lei 9.784/1999, art. 59, applied
    #: subsidiarily where the edital is silent.
    prazo_recurso_dias = models.PositiveSmallIntegerField(
        _("prazo de recurso (dias)"), default=10, validators=[MinValueValidator(1)],
        help_text=_("Dias para recorrer do resultado preliminar da fase, contados da "
                    "publicação (excluído o dia da publicação). Sem regra no edital, dez dias "
                    "(Lei 9.784/1999, art. 59)."))
    criada_em = models.DateTimeField(auto_now_add=True)

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("fase da avaliação")
        verbose_name_plural = _("fases da avaliação")
        ordering = ["cargo", "ordem"]
        constraints = [
            models.UniqueConstraint(fields=["cargo", "codigo"], name="fase_codigo_unico"),
            models.UniqueConstraint(fields=["cargo", "ordem"], name="fase_ordem_unica"),
        ]

    def __str__(self) -> str:
        return f"{self.codigo} — {self.nome}"


class ImportacaoNotasFase(SomenteInsercao):
    """The import of the banca's spreadsheet of one phase: an act (who, when, which file,
    how many scores). Its rows are the `NotaFase` it wrote."""

    MENSAGEM_ALTERAR = _("A importação de notas é um ato registrado e não pode ser alterada; "
                         "importe a planilha de novo.")
    MENSAGEM_APAGAR = _("A importação de notas é um ato registrado e não pode ser apagada.")

    fase = models.ForeignKey(Fase, on_delete=models.PROTECT, related_name="importacoes")
    arquivo = models.CharField(_("arquivo"), max_length=255)
    sha256 = models.CharField(max_length=64)
    notas = models.PositiveIntegerField(_("notas"))
    ausentes = models.PositiveIntegerField(_("ausentes"))
    importada_em = models.DateTimeField(_("importada em"), default=timezone.now)
    autor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                              related_name="+", null=True)

    class Meta:
        verbose_name = _("importação de notas da fase")
        verbose_name_plural = _("importações de notas das fases")
        ordering = ["-importada_em", "-id"]


class NotaFase(models.Model):
    """The banca's score of one inscrição in one phase: `nota`, or `ausente` (then no nota)."""

    inscricao = models.ForeignKey("candidatos.Inscricao", on_delete=models.PROTECT,
                                  related_name="notas_fases")
    fase = models.ForeignKey(Fase, on_delete=models.PROTECT, related_name="notas")
    nota = models.DecimalField(_("nota"), max_digits=9, decimal_places=4, null=True,
                               blank=True)
    ausente = models.BooleanField(_("ausente"), default=False)
    importacao = models.ForeignKey(ImportacaoNotasFase, on_delete=models.PROTECT,
                                   related_name="+")
    #: The granted appeal that set the current score (None: the import's score stands).
    revisao = models.ForeignKey("RevisaoNotaFase", on_delete=models.PROTECT, null=True,
                                blank=True, related_name="+")

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("nota da fase")
        verbose_name_plural = _("notas das fases")
        constraints = [
            models.UniqueConstraint(fields=["inscricao", "fase"], name="nota_fase_unica"),
            models.CheckConstraint(
                condition=(models.Q(ausente=True, nota__isnull=True)
                           | models.Q(ausente=False, nota__isnull=False)),
                name="nota_fase_nota_ou_ausente"),
        ]

    def __str__(self) -> str:
        valor = "ausente" if self.ausente else self.nota
        return f"{self.inscricao_id} — {self.fase_id}: {valor}"


class PublicacaoFase(SomenteInsercao):
    """RH publishes a phase's result, preliminary or final, from a computed classification
    version (its `fases`). Append-only: a corrected result is a new publication."""

    MENSAGEM_ALTERAR = _("A publicação do resultado de uma fase é um ato registrado e não "
                         "pode ser alterada; publique de novo.")
    MENSAGEM_APAGAR = _("A publicação do resultado de uma fase é um ato registrado e não "
                        "pode ser apagada.")

    class Tipo(models.TextChoices):
        PRELIMINAR = "preliminar", _("Resultado preliminar da fase")
        FINAL = "final", _("Resultado final da fase")

    fase = models.ForeignKey(Fase, on_delete=models.PROTECT, related_name="publicacoes")
    versao = models.ForeignKey(VersaoClassificacao, on_delete=models.PROTECT,
                               related_name="+")
    tipo = models.CharField(_("tipo"), max_length=10, choices=Tipo.choices)
    publicada_em = models.DateTimeField(_("publicada em"), default=timezone.now)
    publicada_por = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                      related_name="+", null=True)

    class Meta:
        verbose_name = _("publicação do resultado da fase")
        verbose_name_plural = _("publicações dos resultados das fases")
        ordering = ["-publicada_em", "-id"]


class DesempenhoPublicado(SomenteInsercao):
    """One inscrição's result in a published phase result (written with the `PublicacaoFase`,
    in its transaction): what the candidate's status page reads, one indexed row each, never
    the version's whole `fases`."""

    MENSAGEM_ALTERAR = PublicacaoFase.MENSAGEM_ALTERAR
    MENSAGEM_APAGAR = PublicacaoFase.MENSAGEM_APAGAR

    publicacao = models.ForeignKey(PublicacaoFase, on_delete=models.PROTECT,
                                   related_name="desempenhos")
    inscricao = models.ForeignKey("candidatos.Inscricao", on_delete=models.PROTECT,
                                  related_name="desempenhos_publicados")
    nota = models.DecimalField(max_digits=9, decimal_places=4, null=True)
    parcial = models.DecimalField(max_digits=12, decimal_places=4, null=True)
    resultado = models.CharField(max_length=25)
    rota = models.CharField(max_length=10, blank=True)
    fundamento = models.CharField(max_length=500, blank=True)

    class Meta:
        verbose_name = _("resultado publicado na fase")
        verbose_name_plural = _("resultados publicados nas fases")
        constraints = [models.UniqueConstraint(fields=["publicacao", "inscricao"],
                                               name="desempenho_unico_por_publicacao")]

    def __str__(self) -> str:
        return f"{self.publicacao_id} — {self.inscricao_id}: {self.resultado}"


class RevisaoNotaFase(SomenteInsercao):
    """The decision on a candidate's appeal against their result in a phase's preliminary
    publication (`provas.recursos`): the decider's reconsideration (always granting: the
    appeal is atendido) or the certame's superior authority's ruling, granted or not. Granted,
    it records the revised score, which the `NotaFase` then carries (`revisao`). Append-only:
    the one decision on the appeal."""

    MENSAGEM_ALTERAR = _("A decisão sobre um recurso é um ato registrado e não pode ser "
                         "alterada.")
    MENSAGEM_APAGAR = _("A decisão sobre um recurso é um ato registrado e não pode ser "
                        "apagada.")

    class Instancia(models.TextChoices):
        RECONSIDERACAO = "reconsideracao", _("Reconsideração por quem publicou o resultado")
        AUTORIDADE = "autoridade", _("Julgamento pela autoridade superior do certame")

    recurso = models.OneToOneField("nucleo.Recurso", on_delete=models.PROTECT,
                                   related_name="+")
    desempenho = models.ForeignKey(DesempenhoPublicado, on_delete=models.PROTECT,
                                   related_name="revisoes")
    instancia = models.CharField(_("instância"), max_length=15, choices=Instancia.choices)
    provido = models.BooleanField(_("provido"))
    nota_anterior = models.DecimalField(max_digits=9, decimal_places=4, null=True)
    ausente_anterior = models.BooleanField(default=False)
    nota = models.DecimalField(_("nota revista"), max_digits=9, decimal_places=4, null=True)
    motivacao = models.TextField(_("motivação"))
    fundamento = models.CharField(_("fundamento"), max_length=250)
    decidida_em = models.DateTimeField(_("decidida em"), default=timezone.now)
    autor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                              related_name="+")

    class Meta:
        verbose_name = _("decisão sobre recurso contra resultado de fase")
        verbose_name_plural = _("decisões sobre recursos contra resultados de fases")

    def __str__(self) -> str:
        return f"{self.recurso_id}: {'provido' if self.provido else 'não provido'}"

    @property
    def anterior_texto(self) -> str:
        """The score before the decision, as the pages write it."""
        if self.ausente_anterior or self.nota_anterior is None:
            return str(_("ausente"))
        return format(self.nota_anterior.normalize(), "f").replace(".", ",")


# --- the exam's application: venues, rooms and the allocation (provas/aplicacao/) ----------


class LocalProva(models.Model):
    """A venue where the certame's exam is applied (a school, say)."""

    certame = models.ForeignKey(Certame, on_delete=models.PROTECT, related_name="locais_prova")
    nome = models.CharField(_("nome"), max_length=150)
    endereco = models.CharField(_("endereço"), max_length=250)
    cidade = models.CharField(_("cidade"), max_length=120)
    criado_em = models.DateTimeField(auto_now_add=True)

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("local de prova")
        verbose_name_plural = _("locais de prova")
        ordering = ["certame", "nome", "pk"]

    def __str__(self) -> str:
        return self.nome


class SalaProva(models.Model):
    """A room of a venue: how many candidates it seats, and whether it is accessible (the
    granted "sala de fácil acesso": Decreto 9.508/2018, art. 4º)."""

    local = models.ForeignKey(LocalProva, on_delete=models.PROTECT, related_name="salas")
    nome = models.CharField(_("nome"), max_length=80)
    capacidade = models.PositiveIntegerField(_("capacidade"), validators=[MinValueValidator(1)])
    acessivel = models.BooleanField(_("acessível"), default=False,
                                    help_text=_("Sala de fácil acesso (térreo, rampa, sem "
                                                "degraus), para quem teve esse atendimento "
                                                "concedido."))
    criada_em = models.DateTimeField(auto_now_add=True)

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("sala de prova")
        verbose_name_plural = _("salas de prova")
        ordering = ["local", "nome", "pk"]
        constraints = [models.UniqueConstraint(fields=["local", "nome"],
                                               name="sala_prova_nome_unico")]

    def __str__(self) -> str:
        return f"{self.local.nome} — {self.nome}"


class AlocacaoProva(SomenteInsercao):
    """RH publishes the allocation of one exam stage's confirmed inscrições to rooms: an act,
    never rewritten; a re-allocation is a new one (with its motivation) that supersedes it.
    Its rows are the `LugarProva`."""

    MENSAGEM_ALTERAR = _("A alocação dos locais de prova é um ato registrado e não pode ser "
                         "alterada; faça uma nova alocação.")
    MENSAGEM_APAGAR = _("A alocação dos locais de prova é um ato registrado e não pode ser "
                        "apagada.")

    etapa = models.ForeignKey(Etapa, on_delete=models.PROTECT, related_name="alocacoes_prova")
    motivacao = models.CharField(_("motivação"), max_length=2000, blank=True)
    publicada_em = models.DateTimeField(_("publicada em"), default=timezone.now)
    autor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                              related_name="+")

    class Meta:
        verbose_name = _("alocação dos locais de prova")
        verbose_name_plural = _("alocações dos locais de prova")
        ordering = ["-publicada_em", "-id"]


class LugarProva(SomenteInsercao):
    """One inscrição's room in an allocation, with its confirmation card's verification
    code (the SHA-256 of the card's content: provas.aplicacao.cartao)."""

    MENSAGEM_ALTERAR = AlocacaoProva.MENSAGEM_ALTERAR
    MENSAGEM_APAGAR = AlocacaoProva.MENSAGEM_APAGAR

    alocacao = models.ForeignKey(AlocacaoProva, on_delete=models.PROTECT, related_name="lugares")
    inscricao = models.ForeignKey("candidatos.Inscricao", on_delete=models.PROTECT,
                                  related_name="lugares_prova")
    sala = models.ForeignKey(SalaProva, on_delete=models.PROTECT, related_name="lugares")
    codigo = models.CharField(_("código de verificação"), max_length=64, unique=True)

    class Meta:
        verbose_name = _("lugar na prova")
        verbose_name_plural = _("lugares na prova")
        constraints = [models.UniqueConstraint(fields=["alocacao", "inscricao"],
                                               name="lugar_prova_unico_por_alocacao")]

    def __str__(self) -> str:
        return f"{self.alocacao_id} — {self.inscricao_id}: {self.sala_id}"

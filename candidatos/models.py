"""Candidates, their inscrições (with self-declaration and reserved-list options) and imports."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from django.db import models
from django.utils.translation import gettext_lazy as _
from localflavor.br.validators import BRCPFValidator
from simple_history.models import HistoricalRecords

from certames.models import Cargo, Certame

cpf_11_digitos = RegexValidator(r"^\d{11}$", _("Informe o CPF com 11 dígitos."))


def somente_digitos(valor: str) -> str:
    return "".join(ch for ch in str(valor or "") if ch.isdigit())


def formatar_cpf(cpf: str) -> str:
    return f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}" if len(cpf) == 11 else cpf


def mascarar_cpf(cpf: str) -> str:
    """LGPD-style masking used on public pages: ***.456.789-**."""
    return f"***.{cpf[3:6]}.{cpf[6:9]}-**" if len(cpf) == 11 else "***"


class Candidato(models.Model):
    usuario = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                   null=True, blank=True, related_name="candidato",
                                   verbose_name=_("conta de usuário"))
    cpf = models.CharField(_("CPF"), max_length=11, unique=True,
                           validators=[cpf_11_digitos, BRCPFValidator()],
                           help_text=_("Somente os 11 dígitos."))
    nome = models.CharField(_("nome civil"), max_length=200)
    nome_social = models.CharField(_("nome social"), max_length=200, blank=True)
    data_nascimento = models.DateField(_("data de nascimento"), null=True, blank=True)
    email = models.EmailField(_("e-mail"), blank=True)
    telefone = models.CharField(_("telefone"), max_length=20, blank=True)

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("candidato")
        verbose_name_plural = _("candidatos")
        ordering = ["nome"]

    def __str__(self) -> str:
        return self.nome_exibicao

    @property
    def nome_exibicao(self) -> str:
        """The social name, when given, is the one shown (Decreto 8.727/2016)."""
        return self.nome_social or self.nome

    @property
    def cpf_formatado(self) -> str:
        return formatar_cpf(self.cpf)

    @property
    def cpf_mascarado(self) -> str:
        return mascarar_cpf(self.cpf)


class CorRaca(models.TextChoices):
    """IBGE colour/race categories (quesito cor ou raça)."""

    BRANCA = "branca", _("Branca")
    PRETA = "preta", _("Preta")
    PARDA = "parda", _("Parda")
    AMARELA = "amarela", _("Amarela")
    INDIGENA = "indigena", _("Indígena")


class TipoDeficiencia(models.TextChoices):
    FISICA = "fisica", _("Física")
    AUDITIVA = "auditiva", _("Auditiva")
    VISUAL = "visual", _("Visual")
    INTELECTUAL = "intelectual", _("Intelectual")
    MENTAL = "mental", _("Mental / psicossocial")
    TEA = "tea", _("Transtorno do espectro autista")
    MULTIPLA = "multipla", _("Múltipla")


class Lista(models.TextChoices):
    """Reserved lists (modalidades) a candidate may opt into (spec section 2)."""

    PP = "PP", _("Pretos e pardos")
    I = "I", _("Indígenas")  # noqa: E741
    Q = "Q", _("Quilombolas")
    PPI = "PPI", _("Pretos, pardos e indígenas")
    PCD = "PCD", _("Pessoas com deficiência")


def motivo_opcao_invalida(lista: str, *, cor_raca: str, quilombola: bool,
                          deficiencia: bool) -> str | None:
    """Why the self-declaration does not allow this reserved-list option, or None if it does.

    PP: preta or parda (LC 22/2026 art. 2º; Lei 3.056/2025 art. 2º I; Lei 3.057/2026 art. 9º I).
    I: indígena (LC 22/2026 art. 2º; Lei 3.056/2025 art. 2º II).
    Q: quilombola self-attribution (Lei 3.056/2025 art. 2º III).
    PPI: preta, parda or indígena (Lei 3.057/2026 art. 8º and 9º).
    PCD: a declared disability (LC 22/2026 art. 7º).
    """
    if lista == Lista.PP and cor_raca not in (CorRaca.PRETA, CorRaca.PARDA):
        return _("a lista PP exige autodeclaração preta ou parda")
    if lista == Lista.I and cor_raca != CorRaca.INDIGENA:
        return _("a lista I exige autodeclaração indígena")
    if lista == Lista.Q and not quilombola:
        return _("a lista Q exige autoatribuição quilombola")
    if lista == Lista.PPI and cor_raca not in (CorRaca.PRETA, CorRaca.PARDA, CorRaca.INDIGENA):
        return _("a lista PPI exige autodeclaração preta, parda ou indígena")
    if lista == Lista.PCD and not deficiencia:
        return _("a lista PCD exige declaração de deficiência")
    return None


def erros_autodeclaracao(regime, *, cor_raca: str, quilombola: bool, deficiencia: bool,
                         tipo_deficiencia: str, listas) -> dict[str, list[str]]:
    """Field errors of a self-declaration and its reserved-list options under a regime.

    Shared by the model's validation, the forms and the bulk import (which calls it without
    building model instances). `regime` None skips the "does the regime have it" check.
    """
    erros: dict[str, list[str]] = {}
    if deficiencia and not tipo_deficiencia:
        erros.setdefault("tipo_deficiencia", []).append(str(_("Informe o tipo de deficiência.")))
    if not isinstance(listas, list):
        erros.setdefault("listas", []).append(str(_("Formato de listas inválido.")))
        return erros
    if len(set(listas)) != len(listas):
        erros.setdefault("listas", []).append(str(_("Lista reservada repetida.")))
    for lista in listas:
        if lista not in Lista.values:
            erros.setdefault("listas", []).append(
                str(_("Lista reservada desconhecida: %(l)s.") % {"l": lista}))
            continue
        if regime is not None and lista not in regime.listas:
            erros.setdefault("listas", []).append(str(
                _("O regime %(regime)s não tem a lista %(l)s (listas: %(listas)s).") % {
                    "regime": regime.nome, "l": lista, "listas": ", ".join(regime.listas)}))
            continue
        motivo = motivo_opcao_invalida(lista, cor_raca=cor_raca, quilombola=quilombola,
                                       deficiencia=deficiencia)
        if motivo:
            texto = str(motivo)
            erros.setdefault("listas", []).append(texto[:1].upper() + texto[1:] + ".")
    return erros


class Inscricao(models.Model):
    class SituacaoTaxa(models.TextChoices):
        PENDENTE = "pendente", _("Pagamento pendente")
        PAGA = "paga", _("Paga")
        ISENTA = "isenta", _("Isenta")
        NAO_CONFIRMADA = "nao_confirmada", _("Não confirmada (taxa não paga)")

    class Situacao(models.TextChoices):
        INSCRITO = "inscrito", _("Inscrito")
        HABILITADO = "habilitado", _("Habilitado")
        ELIMINADO = "eliminado", _("Eliminado")
        AUSENTE = "ausente", _("Ausente")
        DESISTENTE = "desistente", _("Desistente")

    certame = models.ForeignKey(Certame, on_delete=models.PROTECT, related_name="inscricoes",
                                editable=False)
    cargo = models.ForeignKey(Cargo, on_delete=models.PROTECT, related_name="inscricoes")
    candidato = models.ForeignKey(Candidato, on_delete=models.PROTECT, related_name="inscricoes")
    numero = models.CharField(_("número de inscrição"), max_length=20)
    cor_raca = models.CharField(_("cor ou raça (IBGE)"), max_length=10, choices=CorRaca.choices)
    quilombola = models.BooleanField(_("autoatribuição quilombola"), default=False)
    deficiencia = models.BooleanField(_("pessoa com deficiência"), default=False)
    tipo_deficiencia = models.CharField(_("tipo de deficiência"), max_length=15, blank=True,
                                        choices=TipoDeficiencia.choices)
    listas = models.JSONField(_("listas reservadas escolhidas"), default=list, blank=True,
                              help_text=_("Códigos das listas: PP, I, Q, PPI, PCD."))
    situacao_taxa = models.CharField(_("taxa de inscrição"), max_length=15,
                                     choices=SituacaoTaxa.choices, default=SituacaoTaxa.PENDENTE)
    nota = models.DecimalField(_("nota final"), max_digits=9, decimal_places=4, null=True,
                               blank=True)
    desempate = models.JSONField(_("critérios de desempate"), default=list, blank=True,
                                 help_text=_("Valores dos critérios de desempate do edital, em "
                                             "ordem; maior vence."))
    situacao = models.CharField(_("situação"), max_length=12, choices=Situacao.choices,
                                default=Situacao.INSCRITO)
    criada_em = models.DateTimeField(auto_now_add=True)
    atualizada_em = models.DateTimeField(auto_now=True)

    history = HistoricalRecords(excluded_fields=["atualizada_em"])

    class Meta:
        verbose_name = _("inscrição")
        verbose_name_plural = _("inscrições")
        ordering = ["certame", "numero"]
        constraints = [
            models.UniqueConstraint(fields=["candidato", "cargo"],
                                    name="inscricao_unica_por_cargo"),
            models.UniqueConstraint(fields=["certame", "numero"],
                                    name="inscricao_numero_unico_no_certame"),
        ]
        indexes = [models.Index(fields=["cargo", "situacao"])]

    def __str__(self) -> str:
        return f"{self.numero} — {self.candidato}"

    def save(self, *args, **kwargs):
        # The certame is denormalised from the cargo so the number can be unique per certame.
        if self.cargo_id and not self.certame_id:
            self.certame_id = self.cargo.certame_id
        super().save(*args, **kwargs)

    def erros_validacao(self) -> dict[str, list[str]]:
        """Field errors of the self-declaration, options and disability."""
        regime = self.cargo.certame.regime_legal if self.cargo_id else None
        return erros_autodeclaracao(regime, cor_raca=self.cor_raca, quilombola=self.quilombola,
                                    deficiencia=self.deficiencia,
                                    tipo_deficiencia=self.tipo_deficiencia, listas=self.listas)

    def clean(self) -> None:
        super().clean()
        if self.cargo_id:
            self.certame_id = self.cargo.certame_id
        erros = self.erros_validacao()
        if erros:
            raise ValidationError(erros)


class Importacao(models.Model):
    """One upload of the banca's spreadsheet, processed by a Celery task with progress."""

    class Status(models.TextChoices):
        PENDENTE = "pendente", _("Na fila")
        PROCESSANDO = "processando", _("Processando")
        CONCLUIDA = "concluida", _("Concluída")
        REJEITADA = "rejeitada", _("Rejeitada (nada foi gravado)")
        FALHOU = "falhou", _("Falhou")

    certame = models.ForeignKey(Certame, on_delete=models.PROTECT, related_name="importacoes")
    arquivo = models.FileField(_("arquivo"), upload_to="importacoes/%Y/%m/")
    nome_arquivo = models.CharField(_("nome do arquivo"), max_length=250)
    criado_por = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                   null=True, blank=True, related_name="+")
    criada_em = models.DateTimeField(auto_now_add=True)
    status = models.CharField(_("situação"), max_length=12, choices=Status.choices,
                              default=Status.PENDENTE)
    total_linhas = models.PositiveIntegerField(default=0)
    linhas_processadas = models.PositiveIntegerField(default=0)
    erros = models.JSONField(default=list, blank=True)
    resumo = models.JSONField(default=dict, blank=True)
    concluida_em = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("importação de inscrições")
        verbose_name_plural = _("importações de inscrições")
        ordering = ["-criada_em"]

    def __str__(self) -> str:
        return f"{self.nome_arquivo} ({self.get_status_display()})"

    @property
    def progresso(self) -> int:
        if not self.total_linhas:
            return 100 if self.status in (self.Status.CONCLUIDA, self.Status.REJEITADA) else 0
        return min(100, self.linhas_processadas * 100 // self.total_linhas)

    @property
    def terminada(self) -> bool:
        return self.status in (self.Status.CONCLUIDA, self.Status.REJEITADA, self.Status.FALHOU)


class EstadoLista(models.TextChoices):
    """Consolidated state of an inscrição in one reserved list (spec section 5)."""

    CONFIRMADA = "confirmada", _("Confirmada")
    PENDENTE = "pendente", _("Pendente (sub judice)")
    NAO_CONFIRMADA = "nao_confirmada", _("Não confirmada")
    FRAUDE = "fraude", _("Fraude apurada")


class SituacaoLista(models.Model):
    """The consolidated, current state of one inscrição in one reserved list.

    A projection of the acts (verdicts, appeal rulings, document checks, fraud procedures):
    only domain functions that record the act write it, and the recompute reads it. Without a
    row the state is `pendente`: nothing final has been decided.
    """

    inscricao = models.ForeignKey(Inscricao, on_delete=models.CASCADE,
                                  related_name="situacoes_listas")
    lista = models.CharField(_("lista"), max_length=3, choices=Lista.choices)
    estado = models.CharField(_("estado"), max_length=15, choices=EstadoLista.choices)
    motivacao = models.TextField(_("motivação"), blank=True)
    fundamento = models.CharField(_("fundamento legal"), max_length=250, blank=True)
    atualizada_em = models.DateTimeField(_("atualizada em"), auto_now=True)

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("situação em lista reservada")
        verbose_name_plural = _("situações em listas reservadas")
        constraints = [
            models.UniqueConstraint(fields=["inscricao", "lista"], name="situacao_lista_unica"),
        ]

    def __str__(self) -> str:
        return f"{self.inscricao.numero} {self.lista}: {self.get_estado_display()}"

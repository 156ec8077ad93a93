"""Candidates, their inscrições (with self-declaration and reserved-list options) and imports."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from django.db import models
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from localflavor.br.validators import BRCPFValidator
from simple_history.models import HistoricalRecords

from certames.models import Cargo, Certame
from comum.formatos import data_br
from comum.nomes import NomePessoaField

cpf_11_digitos = RegexValidator(r"^\d{11}$", _("Informe o CPF com 11 dígitos."))


#: A text or a lazy translation (what `gettext_lazy` returns).
StrOrPromise = str | Promise


def somente_digitos(valor: str) -> str:
    return "".join(ch for ch in str(valor or "") if ch.isdigit())


def mesmo_email(a: str | None, b: str | None) -> bool:
    """Two e-mail addresses are the same (both given; case and blanks aside): the proof that
    joins a record the banca imported to an account (`candidatos.importacao`,
    `candidatos.contas.cadastro`)."""
    a, b = (a or "").strip().lower(), (b or "").strip().lower()
    return bool(a) and a == b


def formatar_cpf(cpf: str) -> str:
    return f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}" if len(cpf) == 11 else cpf


def nome_exibido(nome: str, nome_social: str) -> str:
    """The name a person is shown by: the social name, when given (Decreto 8.727/2016,
    art. 2º); `Candidato.nome_exibicao`, for readers of plain rows."""
    return nome_social or nome


def mascarar_cpf(cpf: str) -> str:
    """LGPD-style masking used on public pages: ***.456.789-**."""
    return f"***.{cpf[3:6]}.{cpf[6:9]}-**" if len(cpf) == 11 else "***"


class Candidato(models.Model):
    """A person's record: the banca's (imported) or the one a sign-up created, and the
    account (`usuario`) proved to hold it.

    One CPF has at most one record without an account and at most one with an account. Two
    exist when the banca imports a CPF whose account did not prove the imported record (the
    e-mail the banca imported is not the account's): the inscrições stay on the record without
    an account until the account holder claims it (`contas.reivindicacoes.solicitar_vinculo`:
    the link to the e-mail the banca imported, or RH's decision on the claim), never joined by
    the CPF alone.
    """

    usuario = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                   null=True, blank=True, related_name="candidato",
                                   verbose_name=_("conta de usuário"))
    cpf = models.CharField(_("CPF"), max_length=11, db_index=True,
                           validators=[cpf_11_digitos, BRCPFValidator()],
                           help_text=_("Somente os 11 dígitos."))
    nome = NomePessoaField(_("nome civil"), max_length=200)
    nome_social = NomePessoaField(_("nome social"), max_length=200, blank=True)
    data_nascimento = models.DateField(_("data de nascimento"), null=True, blank=True)
    email = models.EmailField(_("e-mail"), blank=True)
    telefone = models.CharField(_("telefone"), max_length=20, blank=True)

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("candidato")
        verbose_name_plural = _("candidatos")
        ordering = ["nome"]
        constraints = [
            models.UniqueConstraint(fields=["cpf"], condition=models.Q(usuario__isnull=True),
                                    name="candidato_cpf_um_cadastro_sem_conta",
                                    violation_error_message=_(
                                        "Já existe cadastro sem conta com este CPF.")),
            models.UniqueConstraint(fields=["cpf"], condition=models.Q(usuario__isnull=False),
                                    name="candidato_cpf_uma_conta",
                                    violation_error_message=_(
                                        "Já existe conta com este CPF.")),
        ]

    def __str__(self) -> str:
        return self.nome_exibicao

    @property
    def nome_exibicao(self) -> str:
        """The social name, when given, is the one shown (Decreto 8.727/2016)."""
        return nome_exibido(self.nome, self.nome_social)

    @property
    def cpf_formatado(self) -> str:
        return formatar_cpf(self.cpf)

    @property
    def cpf_mascarado(self) -> str:
        return mascarar_cpf(self.cpf)


class LeituraAvisos(models.Model):
    """When the candidate last opened their notices (`portal.avisos`): what was published
    later is "new". Not an act: a reading mark, replaced at each visit."""

    candidato = models.OneToOneField(Candidato, on_delete=models.CASCADE,
                                     related_name="leitura_avisos")
    vistos_em = models.DateTimeField(_("avisos vistos em"))

    class Meta:
        verbose_name = _("leitura dos avisos")
        verbose_name_plural = _("leituras dos avisos")

    def __str__(self) -> str:
        return f"{self.candidato_id}: {self.vistos_em:%Y-%m-%d %H:%M}"


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
                          deficiencia: bool) -> StrOrPromise | None:
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
    # The call (convocação/nomeação) of the candidate, once made: decides the consequence
    # of a false declaration (Lei 3.057/2026 art. 5º IV; art. 12 parágrafo único III).
    convocada_em = models.DateTimeField(_("convocada em"), null=True, blank=True)
    comprovante = models.FileField(_("comprovante de inscrição (PDF)"), blank=True,
                                   upload_to="comprovantes/%Y/")
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
        indexes = [models.Index(fields=["cargo", "situacao"]),
                   # RH's search by number across certames (candidatos/busca.py).
                   models.Index(fields=["numero"], name="inscricao_numero_idx")]

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
    # The first errors only (comum.planilhas.MAX_ERROS); `total_erros` counts them all.
    erros = models.JSONField(default=list, blank=True)
    total_erros = models.PositiveIntegerField(_("total de erros"), default=0)
    resumo = models.JSONField(default=dict, blank=True)
    concluida_em = models.DateTimeField(null=True, blank=True)
    # Written by the task while it works (candidatos.tasks): an import "processando" whose
    # heartbeat is older than settings.IMPORTACAO_SEM_BATIMENTO has lost its worker.
    batimento_em = models.DateTimeField(_("último sinal do processamento"), null=True,
                                        blank=True)
    repeticao_de = models.ForeignKey("self", on_delete=models.PROTECT, null=True, blank=True,
                                     related_name="repeticoes",
                                     verbose_name=_("nova tentativa da importação"))

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

    @property
    def numero_erros(self) -> int:
        """All the errors of the file (only the first are kept in `erros`)."""
        return max(self.total_erros, len(self.erros or []))


class EstadoLista(models.TextChoices):
    """Consolidated state of an inscrição in one reserved list (spec section 5)."""

    CONFIRMADA = "confirmada", _("Confirmada")
    PENDENTE = "pendente", _("Pendente (sub judice)")
    NAO_CONFIRMADA = "nao_confirmada", _("Não confirmada")
    FRAUDE = "fraude", _("Fraude apurada")
    # Out of this reserved list only, whatever the regime's effect of a non-confirmation:
    # absence or refusal to be recorded (the edital's default consequence).
    EXCLUIDA = "excluida", _("Excluída da lista reservada (permanece na ampla concorrência)")


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



# --- fee exemption (Lei 3.057/2026 de Severínia, art. 2º a 7º) -------------------------------


class SalarioMinimo(models.Model):
    """The national minimum wage in force from a date (dated table, editable by RH)."""

    vigencia_inicio = models.DateField(_("em vigor a partir de"), unique=True)
    valor = models.DecimalField(_("valor (R$)"), max_digits=10, decimal_places=2)
    ato = models.CharField(_("ato normativo"), max_length=150, blank=True)

    class Meta:
        verbose_name = _("salário mínimo")
        verbose_name_plural = _("salários mínimos")
        ordering = ["-vigencia_inicio"]

    def __str__(self) -> str:
        return f"R$ {self.valor} ({data_br(self.vigencia_inicio)})"

    @classmethod
    def em_vigor(cls, data) -> SalarioMinimo | None:
        return cls.objects.filter(vigencia_inicio__lte=data).order_by("-vigencia_inicio").first()


class ExtratoCadUnico(models.Model):
    """One import of the CadÚnico extract the municipality obtains. The file itself is not
    kept: only the fields needed to check the requirements (Lei 3.057/2026, art. 4º §único)."""

    nome_arquivo = models.CharField(_("arquivo"), max_length=250)
    data_referencia = models.DateField(_("data de referência do extrato"))
    importado_em = models.DateTimeField(_("importado em"), auto_now_add=True)
    importado_por = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                      null=True, related_name="+")
    total_registros = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name = _("extrato do CadÚnico")
        verbose_name_plural = _("extratos do CadÚnico")
        ordering = ["-data_referencia", "-importado_em"]

    def __str__(self) -> str:
        return f"{self.nome_arquivo} ({data_br(self.data_referencia)})"


class RegistroCadUnico(models.Model):
    class Situacao(models.TextChoices):
        ATIVO = "ativo", _("Ativo")
        INATIVO = "inativo", _("Inativo / excluído")

    extrato = models.ForeignKey(ExtratoCadUnico, on_delete=models.CASCADE,
                                related_name="registros")
    nis = models.CharField(_("NIS"), max_length=11, db_index=True)
    renda_per_capita = models.DecimalField(_("renda familiar per capita (R$)"), max_digits=10,
                                           decimal_places=2)
    data_atualizacao = models.DateField(_("data da última atualização"))
    situacao = models.CharField(_("situação do cadastro"), max_length=8,
                                choices=Situacao.choices)

    class Meta:
        verbose_name = _("registro do CadÚnico")
        verbose_name_plural = _("registros do CadÚnico")
        constraints = [
            models.UniqueConstraint(fields=["extrato", "nis"], name="registro_cadunico_unico"),
        ]

    def __str__(self) -> str:
        return f"NIS {self.nis}"


class PedidoIsencao(models.Model):
    """A candidate's request for fee exemption in one certame (personal, this certame only:
    Lei 3.057/2026, art. 6º). Decisions are `DecisaoIsencao` acts; the fields below are their
    current projection."""

    class Tipo(models.TextChoices):
        CADUNICO = "cadunico", _("CadÚnico (renda per capita até meio salário mínimo)")
        # The law of each kind is the regime's (`RegraIsencao.modalidades`).
        DOADOR_SANGUE = "doador_sangue", _("Doador de sangue")

    class Verificacao(models.TextChoices):
        APTO = "apto", _("Requisitos atendidos segundo o CadÚnico")
        NAO_ENCONTRADO = "nao_encontrado", _("NIS não encontrado no CadÚnico")
        RENDA_ACIMA = "renda_acima", _("Renda per capita acima de meio salário mínimo")
        DESATUALIZADO = "desatualizado", _("Cadastro desatualizado na data do pedido")
        INATIVO = "inativo", _("Cadastro inativo na data do pedido")
        SEM_EXTRATO = "sem_extrato", _("Aguardando extrato do CadÚnico")
        NAO_SE_APLICA = "nao_se_aplica", _("Verificação documental (doador de sangue)")
        # Lei 3.057/2026, art. 2º, §2º: a family registered in CadÚnico in another
        # municipality (not in this municipality's extract) proves it with the documents the
        # edital lists; RH decides with a motivation (candidatos/isencao/).
        DOCUMENTAL = "documental", _("Comprovação documental do CadÚnico (outro município)")

    class Resultado(models.TextChoices):
        DEFERIDO = "deferido", _("Deferido")
        INDEFERIDO = "indeferido", _("Indeferido")

    inscricao = models.OneToOneField(Inscricao, on_delete=models.CASCADE,
                                     related_name="pedido_isencao")
    tipo = models.CharField(_("tipo"), max_length=15, choices=Tipo.choices)
    nis = models.CharField(_("NIS"), max_length=11, blank=True)
    comprovante_doacao = models.FileField(_("comprovante de doação"), blank=True,
                                          upload_to="isencao/%Y/")
    comprovante_cadunico = models.FileField(
        _("comprovante do CadÚnico (família inscrita em outro município)"), blank=True,
        upload_to="isencao/%Y/")
    solicitado_em = models.DateTimeField(_("solicitado em"))
    # Automatic check against the CadÚnico extract (recomputed when a new extract arrives).
    verificacao = models.CharField(_("verificação automática"), max_length=15,
                                   choices=Verificacao.choices, default=Verificacao.SEM_EXTRATO)
    renda_per_capita = models.DecimalField(_("renda per capita no CadÚnico"), max_digits=10,
                                           decimal_places=2, null=True, blank=True)
    limite_renda = models.DecimalField(_("limite (meio salário mínimo)"), max_digits=10,
                                       decimal_places=2, null=True, blank=True)
    extrato = models.ForeignKey(ExtratoCadUnico, on_delete=models.SET_NULL, null=True,
                                blank=True, related_name="+")
    resultado_preliminar = models.CharField(_("resultado preliminar"), max_length=10,
                                            choices=Resultado.choices, blank=True)
    motivo_preliminar = models.TextField(_("motivo (preliminar)"), blank=True)
    resultado_final = models.CharField(_("resultado definitivo"), max_length=10,
                                       choices=Resultado.choices, blank=True)
    motivo_final = models.TextField(_("motivo (definitivo)"), blank=True)

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("pedido de isenção")
        verbose_name_plural = _("pedidos de isenção")
        ordering = ["solicitado_em"]
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(tipo="cadunico") | ~models.Q(nis=""),
                name="pedido_cadunico_exige_nis"),
        ]

    def __str__(self) -> str:
        return f"{self.get_tipo_display()} — {self.inscricao.numero}"


class DecisaoIsencao(models.Model):
    """One decision on an exemption request (act, append-only): the latest of a phase
    supersedes the earlier ones. Rejections are motivated (Lei 3.057/2026, art. 3º §2º)."""

    class Fase(models.TextChoices):
        PRELIMINAR = "preliminar", _("Análise preliminar")
        RECURSO = "recurso", _("Julgamento do recurso")
        # The decider grants the appeal (Lei 9.784/1999, art. 56, §1º: `nucleo.autoridade`).
        RECONSIDERACAO = "reconsideracao", _("Reconsideração por quem decidiu")
        # Its article: `RegraIsencao.fundamento_falsidade_indeferimento`.
        FALSIDADE = "falsidade", _("Indeferimento por falsidade")

    pedido = models.ForeignKey(PedidoIsencao, on_delete=models.PROTECT,
                               related_name="decisoes")
    fase = models.CharField(_("fase"), max_length=15, choices=Fase.choices)
    resultado = models.CharField(_("resultado"), max_length=10,
                                 choices=PedidoIsencao.Resultado.choices)
    motivacao = models.TextField(_("motivação"))
    confirma_verificacao = models.BooleanField(
        _("confirma a verificação automática"), default=False)
    autor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                              related_name="+")
    decidida_em = models.DateTimeField(_("decidida em"), auto_now_add=True)

    class Meta:
        verbose_name = _("decisão sobre isenção")
        verbose_name_plural = _("decisões sobre isenção")
        ordering = ["decidida_em", "id"]

    def __str__(self) -> str:
        return f"{self.get_fase_display()}: {self.get_resultado_display()}"


class ProcedimentoAdministrativo(models.Model):
    """Procedure with notice and defence before a sanction (contraditório e ampla defesa):
    false information to obtain the exemption (Lei 3.057/2026, art. 5º) or fraud in the
    self-declaration (Lei 3.057/2026, art. 12; Lei 3.056/2025, art. 7º; LC 22/2026, art. 3º,
    §3º). Each step is also an act in the audit trail."""

    class Tipo(models.TextChoices):
        FALSIDADE_ISENCAO = "falsidade_isencao", _("Declaração falsa para obter isenção")
        FRAUDE_AUTODECLARACAO = "fraude_autodeclaracao", _("Fraude na autodeclaração")

    class Conclusao(models.TextChoices):
        PROCEDENTE = "procedente", _("Procedente (falsidade ou fraude comprovada)")
        IMPROCEDENTE = "improcedente", _("Improcedente (arquivado)")

    class Consequencia(models.TextChoices):
        NENHUMA = "nenhuma", _("Nenhuma")
        CANCELAMENTO = "cancelamento", _("Cancelamento da inscrição / eliminação")
        EXCLUSAO_LISTA = "exclusao_lista", _("Exclusão da lista de aprovados")
        ANULACAO = "anulacao", _("Anulação da nomeação, contratação ou convocação")

    class ResultadoRecurso(models.TextChoices):
        PROVIDO = "provido", _("Recurso provido (decisão reformada)")
        NAO_PROVIDO = "nao_provido", _("Recurso não provido (decisão mantida)")

    inscricao = models.ForeignKey(Inscricao, on_delete=models.PROTECT,
                                  related_name="procedimentos")
    tipo = models.CharField(_("tipo"), max_length=25, choices=Tipo.choices)
    lista = models.CharField(_("lista (fraude na autodeclaração)"), max_length=3, blank=True,
                             choices=Lista.choices)
    fatos = models.TextField(_("indícios ou denúncia"))
    aberto_em = models.DateTimeField(_("aberto em"), auto_now_add=True)
    aberto_por = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                   related_name="+")
    notificado_em = models.DateTimeField(_("candidato notificado em"), null=True, blank=True)
    prazo_defesa = models.DateTimeField(_("prazo da defesa"), null=True, blank=True)
    defesa = models.TextField(_("defesa"), blank=True)
    defesa_em = models.DateTimeField(_("defesa apresentada em"), null=True, blank=True)
    conclusao = models.CharField(_("conclusão"), max_length=12, choices=Conclusao.choices,
                                 blank=True)
    consequencia = models.CharField(_("consequência"), max_length=15,
                                    choices=Consequencia.choices, blank=True)
    fundamento = models.CharField(_("fundamento"), max_length=250, blank=True)
    motivacao = models.TextField(_("motivação da decisão"), blank=True)
    decidido_em = models.DateTimeField(_("decidido em"), null=True, blank=True)
    decidido_por = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                     null=True, blank=True, related_name="+")
    # Pirangi art. 7º §2º: forwarding to the Ministério Público and the Procuradoria.
    encaminhamentos = models.JSONField(_("encaminhamentos"), default=list, blank=True)
    # What a proven case changed, written once with the decision ({"situacao_anterior": ...,
    # "estado_lista_anterior": ...}): what a granted appeal undoes (`candidatos.procedimentos`).
    efeitos = models.JSONField(_("efeitos da decisão"), default=dict, blank=True)
    # The ruling on the candidate's appeal (`nucleo.Recurso`, procedure
    # "procedimento_administrativo"): written once, never over the decision, which stays as
    # it was; a granted appeal supersedes it.
    recurso_resultado = models.CharField(_("julgamento do recurso"), max_length=12,
                                         choices=ResultadoRecurso.choices, blank=True)
    recurso_motivacao = models.TextField(_("motivação do julgamento do recurso"), blank=True)
    recurso_fundamento = models.CharField(_("fundamento do julgamento do recurso"),
                                          max_length=250, blank=True)
    recurso_julgado_em = models.DateTimeField(_("recurso julgado em"), null=True, blank=True)
    recurso_julgado_por = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                            null=True, blank=True, related_name="+")
    # The closing (encerramento): once decided, the appeal judged or its window over, and every
    # forwarding the regime requires recorded (`candidatos.procedimentos.encerrar`); an
    # improcedente decision archives the procedure at once.
    encerrado_em = models.DateTimeField(_("encerrado em"), null=True, blank=True)
    encerrado_por = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                      null=True, blank=True, related_name="+")

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("procedimento administrativo")
        verbose_name_plural = _("procedimentos administrativos")
        ordering = ["-aberto_em"]

    def __str__(self) -> str:
        return f"{self.get_tipo_display()} — {self.inscricao.numero}"


# --- sign-up on the candidate portal ---------------------------------------------------------


class PedidoCadastro(models.Model):
    """A sign-up on the candidate portal, kept here until it is proved; only then are the
    account (User) and, for a new person, the Candidato created (`candidatos.contas.cadastro`).

    An unconfirmed sign-up writes nothing on a Candidato: the data the banca imported (and
    which prove who the candidate is) are never touched by someone who merely typed a CPF.
    How the sign-up is proved (`via`):

    - a CPF without any record: the link sent to the e-mail typed (`novo`);
    - a record imported without an account and with an e-mail: the link sent to THAT e-mail,
      never to the one typed (`email_do_cadastro`);
    - a record without e-mail: the birth date and one inscrição number of the record
      (`dados_da_inscricao`), then the link to the e-mail typed;
    - otherwise (no e-mail and no birth date, or the candidate says the record is wrong): RH
      decides after checking the identity (`analise_rh`, a "reivindicação"), LGPD
      (Lei 13.709/2018), art. 6º, VII, and art. 46.

    An account that already exists claims a record the banca imported for its CPF (`conta`
    set) by the same proofs, short of the birth date: the link to the e-mail the banca
    imported (`email_do_cadastro`), or RH's decision (`analise_rh`).
    """

    class Via(models.TextChoices):
        NOVO = "novo", _("Novo cadastro (link no e-mail informado)")
        EMAIL_DO_CADASTRO = "email_do_cadastro", _("Link no e-mail da inscrição importada")
        DADOS_DA_INSCRICAO = "dados_da_inscricao", _(
            "Data de nascimento e número de inscrição conferidos")
        ANALISE_RH = "analise_rh", _("Reivindicação analisada pela organizadora (RH)")

    class Situacao(models.TextChoices):
        AGUARDANDO = "aguardando", _("Aguardando confirmação pelo link")
        EM_ANALISE = "em_analise", _("Em análise pela organizadora")
        CONCLUIDO = "concluido", _("Concluído (conta ativa)")
        RECUSADO = "recusado", _("Recusado pela organizadora")
        NAO_CONFERE = "nao_confere", _("Dados não conferem com a inscrição")
        ENCERRADO = "encerrado", _("Encerrado (expirado ou superado)")

    cpf = models.CharField(_("CPF"), max_length=11, db_index=True,
                           validators=[cpf_11_digitos, BRCPFValidator()])
    candidato = models.ForeignKey(Candidato, on_delete=models.PROTECT, null=True, blank=True,
                                  related_name="pedidos_cadastro",
                                  verbose_name=_("cadastro existente reivindicado"))
    via = models.CharField(_("forma de comprovação"), max_length=20, choices=Via.choices)
    situacao = models.CharField(_("situação"), max_length=12, choices=Situacao.choices)
    # What the person typed (a claim's data are compared with the record's by RH).
    nome = NomePessoaField(_("nome civil informado"), max_length=200)
    nome_social = NomePessoaField(_("nome social informado"), max_length=200, blank=True)
    data_nascimento = models.DateField(_("data de nascimento informada"))
    email = models.EmailField(_("e-mail informado"))
    telefone = models.CharField(_("telefone informado"), max_length=20)
    numero_inscricao = models.CharField(_("número de inscrição informado"), max_length=20,
                                        blank=True)
    explicacao = models.TextField(_("explicação do candidato"), blank=True)
    #: Password hash chosen at sign-up (never the password); erased once the pedido ends.
    senha = models.CharField(_("senha (hash)"), max_length=128, blank=True)
    #: Where the confirmation link (or, for a claim, the notice) was sent.
    email_destino = models.EmailField(_("e-mail de destino do link"), blank=True)
    criado_em = models.DateTimeField(_("criado em"), default=timezone.now, db_index=True)
    concluido_em = models.DateTimeField(_("concluído em"), null=True, blank=True)
    usuario = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                                blank=True, related_name="+", verbose_name=_("conta criada"))
    #: A claim by an account that already exists (`contas.reivindicacoes.solicitar_vinculo`):
    #: the record (`candidato`) the banca imported for its CPF joins that account once
    #: proved; no account is created.
    conta = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True,
                              blank=True, related_name="+",
                              verbose_name=_("conta que pede o vínculo"))
    decidido_por = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                     null=True, blank=True, related_name="+",
                                     verbose_name=_("decidido por"))
    motivacao = models.TextField(_("motivação da decisão"), blank=True)

    class Meta:
        verbose_name = _("pedido de cadastro no portal")
        verbose_name_plural = _("pedidos de cadastro no portal")
        ordering = ["-criado_em", "-id"]
        constraints = [
            # A pending sign-up is never overwritten: one waiting for its link per CPF.
            models.UniqueConstraint(fields=["cpf"], condition=models.Q(situacao="aguardando"),
                                    name="pedido_cadastro_um_aguardando_por_cpf"),
        ]

    def __str__(self) -> str:
        return _("Pedido de cadastro nº %(n)s (CPF %(cpf)s)") % {
            "n": self.pk, "cpf": mascarar_cpf(self.cpf)}

    @property
    def cpf_mascarado(self) -> str:
        return mascarar_cpf(self.cpf)

    @property
    def cpf_formatado(self) -> str:
        return formatar_cpf(self.cpf)


# --- special conditions at the exam (atendimento especializado) ----------
# The domain is candidatos/condicoes/. The four tables are acts, written once: PostgreSQL
# refuses UPDATE and DELETE on the conditions, decisions and items (comum/somente_insercao.py);
# the request row is never updated either, but the kernel's appeal locks it (FOR UPDATE), so
# it keeps the grant. A later request of the same inscrição supersedes the earlier one; a later
# decision supersedes an earlier one of the same phase; the appeal's ruling supersedes the
# first-instance decision.


class CondicaoEspecial(models.TextChoices):
    """What a candidate may request. The PcD conditions are the tecnologias assistivas and
    adaptações razoáveis of Decreto 9.508/2018, art. 4º and its Anexo; breastfeeding is
    Lei 13.872/2019."""

    BRAILLE = "braille", _("Prova em Braille")
    AMPLIADA = "ampliada", _("Prova ampliada (fonte maior)")
    LEDOR = "ledor", _("Ledor")
    TRANSCRITOR = "transcritor", _("Transcritor")
    LIBRAS = "libras", _("Intérprete de Libras")
    TEMPO_ADICIONAL = "tempo_adicional", _("Tempo adicional")
    SALA_ACESSO = "sala_acesso", _("Sala de fácil acesso")
    MOBILIARIO = "mobiliario", _("Mobiliário adaptado")
    LACTANTE = "lactante", _("Amamentação (lactante)")
    OUTRA = "outra", _("Outra condição")


class PedidoAtendimento(models.Model):
    """The candidate's request for special conditions at the exam, made in the inscrição
    window (act, written once: a later request of the same inscrição supersedes it)."""

    inscricao = models.ForeignKey(Inscricao, on_delete=models.PROTECT,
                                  related_name="pedidos_atendimento")
    solicitado_em = models.DateTimeField(_("solicitado em"), default=timezone.now)
    autor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                              related_name="+", verbose_name=_("feito por"))
    justificativa = models.TextField(_("justificativa"))
    # Medical report (laudo médico, or the specialist's/multiprofessional team's parecer for
    # extra time: Decreto 9.508/2018, art. 4º). Stored under a random name; never exported.
    laudo = models.FileField(_("laudo médico"), blank=True, upload_to="atendimento/%Y/")
    laudo_tipo_conteudo = models.CharField(_("tipo do laudo"), max_length=50, blank=True)
    # Breastfeeding (Lei 13.872/2019): the child's birth date (art. 2º, declared at the
    # inscrição) and, optionally now, the adult companion who keeps the child (art. 3º).
    nascimento_crianca = models.DateField(_("data de nascimento da criança"), null=True,
                                          blank=True)
    acompanhante_nome = NomePessoaField(_("nome do(a) acompanhante"), max_length=200,
                                        blank=True)
    acompanhante_cpf = models.CharField(_("CPF do(a) acompanhante"), max_length=11, blank=True)

    class Meta:
        verbose_name = _("pedido de atendimento especializado")
        verbose_name_plural = _("pedidos de atendimento especializado")
        ordering = ["solicitado_em", "id"]

    def __str__(self) -> str:
        return _("Atendimento especializado — inscrição %(n)s") % {"n": self.inscricao.numero}


class CondicaoSolicitada(models.Model):
    """One condition of a request, with its detail (the font size, what "outra" is)."""

    pedido = models.ForeignKey(PedidoAtendimento, on_delete=models.PROTECT,
                               related_name="condicoes")
    condicao = models.CharField(_("condição"), max_length=20, choices=CondicaoEspecial.choices)
    detalhe = models.CharField(_("detalhe"), max_length=200, blank=True)

    class Meta:
        verbose_name = _("condição solicitada")
        verbose_name_plural = _("condições solicitadas")
        ordering = ["pedido", "id"]
        constraints = [
            models.UniqueConstraint(fields=["pedido", "condicao"],
                                    name="condicao_uma_vez_por_pedido"),
        ]

    def __str__(self) -> str:
        return self.get_condicao_display()


class DecisaoAtendimento(models.Model):
    """RH's motivated decision on a request (act): one result per requested condition
    (`ItemDecisaoAtendimento`). The latest of a phase supersedes the earlier ones; the
    appeal's ruling supersedes the first instance."""

    class Fase(models.TextChoices):
        PRIMEIRA_INSTANCIA = "primeira", _("Decisão")
        RECURSO = "recurso", _("Julgamento do recurso")
        # The decider grants the appeal (Lei 9.784/1999, art. 56, §1º: `nucleo.autoridade`).
        RECONSIDERACAO = "reconsideracao", _("Reconsideração por quem decidiu")

    pedido = models.ForeignKey(PedidoAtendimento, on_delete=models.PROTECT,
                               related_name="decisoes")
    fase = models.CharField(_("fase"), max_length=15, choices=Fase.choices)
    motivacao = models.TextField(_("motivação"))
    autor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                              related_name="+")
    decidida_em = models.DateTimeField(_("decidida em"), default=timezone.now)

    class Meta:
        verbose_name = _("decisão sobre atendimento especializado")
        verbose_name_plural = _("decisões sobre atendimento especializado")
        ordering = ["decidida_em", "id"]

    def __str__(self) -> str:
        return f"{self.get_fase_display()} — {self.pedido}"


class ItemDecisaoAtendimento(models.Model):
    """The result of one condition in a decision; a rejection carries its own motivation;
    granted extra time, its minutes."""

    class Resultado(models.TextChoices):
        DEFERIDO = "deferido", _("Deferido")
        INDEFERIDO = "indeferido", _("Indeferido")

    decisao = models.ForeignKey(DecisaoAtendimento, on_delete=models.PROTECT,
                                related_name="itens")
    condicao = models.CharField(_("condição"), max_length=20, choices=CondicaoEspecial.choices)
    resultado = models.CharField(_("resultado"), max_length=10, choices=Resultado.choices)
    motivacao = models.TextField(_("motivação"), blank=True)
    minutos_adicionais = models.PositiveSmallIntegerField(_("minutos adicionais"), null=True,
                                                          blank=True)

    class Meta:
        verbose_name = _("resultado de uma condição")
        verbose_name_plural = _("resultados das condições")
        ordering = ["decisao", "id"]
        constraints = [
            models.UniqueConstraint(fields=["decisao", "condicao"],
                                    name="item_decisao_uma_vez_por_condicao"),
        ]

    def __str__(self) -> str:
        return f"{self.get_condicao_display()}: {self.get_resultado_display()}"

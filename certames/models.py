"""Certames, cargos, schedule (etapas), vacancies and the append-only audit trail."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.conf import settings
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Sum
from django.db.models.signals import pre_delete
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from localflavor.br.br_states import STATE_CHOICES
from localflavor.br.validators import BRCNPJValidator
from simple_history.models import HistoricalRecords

from certames import cronograma
from certames.regras import ErroEntrada, ErroParametro, aplicar_parametros
from certames.regras.documentos import regra_documental
from certames.regras.json_io import ler_parametros
from certames.regras.regimes import REGIMES, obter_regime
from certames.validade import VALIDADE_MAXIMA_MESES, fim_da_validade
from comum.formatos import data_br, data_hora_br
from comum.models import SomenteInsercao

#: Keys of Certame.parametros that are edital settings of the engine; the rest (e.g.
#: `nota_maxima`, used by the import) belong to other parts of the system.
PARAMETROS_MOTOR = ("limiar_arredondamento", "arredondamento_conjunto", "regra_pcd",
                    "efeito_nao_confirmacao", "base_reserva", "base_reserva_pcd",
                    "optantes_todas_as_fases", "ordem_convocacao")
OUTROS_PARAMETROS = ("nota_maxima", "cadunico_meses_atualizacao", "heteroidentificacao",
                     "documentos", "equipe_multiprofissional", "tamanho_comissao",
                     "permite_fim_de_fila")


def parametros_motor(parametros: dict | None) -> dict:
    return {k: parametros[k] for k in PARAMETROS_MOTOR if k in (parametros or {})}


def regime_choices() -> list[tuple[str, str]]:
    return [(r.id, r.nome) for r in REGIMES.values()]


class Orgao(models.Model):
    """The public entity that runs the certame (prefeitura, câmara, autarquia)."""

    nome = models.CharField(_("nome"), max_length=200)
    municipio = models.CharField(_("município"), max_length=120)
    uf = models.CharField(_("UF"), max_length=2, choices=STATE_CHOICES)
    cnpj = models.CharField(
        _("CNPJ"),
        max_length=14,
        blank=True,
        validators=[BRCNPJValidator()],
        help_text=_("Somente os 14 dígitos."),
    )

    class Meta:
        verbose_name = _("órgão")
        verbose_name_plural = _("órgãos")
        ordering = ["municipio", "nome"]

    def __str__(self) -> str:
        return f"{self.nome} ({self.municipio}/{self.uf})"


class Certame(models.Model):
    class Tipo(models.TextChoices):
        CONCURSO = "concurso", _("Concurso público")
        PROCESSO_SELETIVO = "processo_seletivo", _("Processo seletivo simplificado")

    class Status(models.TextChoices):
        RASCUNHO = "rascunho", _("Rascunho")
        PUBLICADO = "publicado", _("Edital publicado")
        EM_ANDAMENTO = "em_andamento", _("Em andamento")
        HOMOLOGADO = "homologado", _("Homologado")
        ENCERRADO = "encerrado", _("Encerrado")
        CANCELADO = "cancelado", _("Cancelado")

    orgao = models.ForeignKey(Orgao, on_delete=models.PROTECT, related_name="certames",
                              verbose_name=_("órgão"))
    numero_edital = models.CharField(_("número do edital"), max_length=40)
    titulo = models.CharField(_("título"), max_length=250)
    tipo = models.CharField(_("tipo"), max_length=20, choices=Tipo.choices, default=Tipo.CONCURSO)
    regime = models.CharField(_("regime legal de reserva"), max_length=40, choices=regime_choices)
    data_publicacao_edital = models.DateField(_("data de publicação do edital"))
    validade_meses = models.PositiveSmallIntegerField(
        _("validade (meses)"), default=24,
        validators=[
            MinValueValidator(1, _("A validade do certame é de ao menos um mês.")),
            MaxValueValidator(VALIDADE_MAXIMA_MESES, _(
                "A validade do concurso é de até dois anos (24 meses), prorrogável uma vez por "
                "igual período (Constituição Federal, art. 37, III)."))],
        help_text=_("Fixada no edital, contada da homologação: até 24 meses, prorrogável uma "
                    "vez por igual período (Constituição Federal, art. 37, III)."))
    # The acts of the validity (classificacao/homologacao.py), never edited in a form: the
    # homologation starts the validity; the extension, granted once while valid, adds the
    # same period (CF, art. 37, III). `prorrogacao_meses` is 0 until it is granted.
    homologado_em = models.DateField(_("homologado em"), null=True, blank=True, editable=False)
    prorrogado_em = models.DateField(_("validade prorrogada em"), null=True, blank=True,
                                     editable=False)
    prorrogacao_meses = models.PositiveSmallIntegerField(
        _("prorrogação (meses)"), default=0, editable=False,
        help_text=_("Prorrogação concedida: o mesmo período da validade (Constituição Federal, "
                    "art. 37, III); 0 enquanto não prorrogada."))
    # Published with the edital, before the heteroidentification sessions (Lei 3.057/2026,
    # art. 10, §3º, IV); edited by RH's act while no session is scheduled.
    criterios_heteroidentificacao = models.TextField(
        _("critérios da heteroidentificação"), blank=True, editable=False,
        help_text=_("Critérios de avaliação da comissão de heteroidentificação, publicados com "
                    "o edital, antes das sessões."))
    status = models.CharField(_("situação"), max_length=20, choices=Status.choices,
                              default=Status.RASCUNHO)
    parametros = models.JSONField(
        _("parâmetros do edital"), default=dict, blank=True,
        help_text=_("Configurações do edital que a lei deixa em aberto (ex.: arredondamento)."))
    criado_em = models.DateTimeField(auto_now_add=True)

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("certame")
        verbose_name_plural = _("certames")
        ordering = ["-data_publicacao_edital", "numero_edital"]
        constraints = [
            models.UniqueConstraint(fields=["orgao", "numero_edital"],
                                    name="certame_edital_unico_por_orgao"),
            # CF, art. 37, III: "até dois anos".
            models.CheckConstraint(
                condition=models.Q(validade_meses__gte=1,
                                   validade_meses__lte=VALIDADE_MAXIMA_MESES),
                name="certame_validade_ate_dois_anos"),
            # An extension needs a homologation (the validity it extends).
            models.CheckConstraint(
                condition=models.Q(prorrogado_em__isnull=True)
                | models.Q(homologado_em__isnull=False),
                name="certame_prorrogacao_apos_homologacao"),
        ]

    def __str__(self) -> str:
        return f"Edital {self.numero_edital} — {self.titulo}"

    @property
    def regime_legal(self):
        return obter_regime(self.regime)

    def confirmacao_pela_autodeclaracao(self, lista: str, cor_raca: str) -> str:
        """The basis by which an optant's self-declaration alone confirms them in ``lista``
        under this edital (its regime leaves the procedure to the edital and the edital
        dispensed it), or "": then only a procedure's decision sets the state (spec
        section 5, "Who sets a state"). The one answer for the lists, the homologation
        guard and every page."""
        return self.regime_legal.confirmacao_pela_autodeclaracao(self.parametros, lista,
                                                                 cor_raca)

    @property
    def oferece_isencao(self) -> bool:
        """Whether the certame has a fee exemption: the one answer every page asks (the
        public schedule, the candidate's and RH's pages, the schedule's validation). There
        is one only where the certame's law grants it (`Regime.isencao`: Lei 3.057/2026 de
        Severínia, arts. 2º to 7º; spec section 3, "fee exemption"); the edital cannot
        create one, so a schedule stage of the exemption in a certame without it is refused
        (`certames.cronograma`) and never shown."""
        return bool(self.regime) and self.regime_legal.isencao is not None

    def clean(self) -> None:
        super().clean()
        self._validar_validade_homologada()
        if not self.regime or not self.data_publicacao_edital:
            return
        try:
            regime = obter_regime(self.regime)
        except KeyError:
            raise ValidationError({"regime": _("Regime legal desconhecido.")}) from None
        # A regime applies only to editais published on or after its start date
        # (Lei 3.057/2026 art. 22; Lei 3.056/2025 art. 14; Lei 15.142/2025 art. 11).
        self._validar_parametros(regime)
        if regime.vigencia_desde and self.data_publicacao_edital < regime.vigencia_desde:
            raise ValidationError({
                "regime": _(
                    "O regime “%(regime)s” só se aplica a editais publicados a partir de "
                    "%(data)s (%(fundamento)s); este edital foi publicado em %(publicacao)s."
                ) % {
                    "regime": regime.nome,
                    "data": data_br(regime.vigencia_desde),
                    "fundamento": regime.fundamento_vigencia,
                    "publicacao": data_br(self.data_publicacao_edital),
                }
            })

    def _validar_validade_homologada(self) -> None:
        """Once homologated, the validity the edital fixed runs: its period no longer changes;
        the only extension is the extension act (CF, art. 37, III)."""
        if self.homologado_em is None:
            if self.status == Certame.Status.HOMOLOGADO:
                raise ValidationError({"status": _(
                    "A homologação é um ato: registre-a na página do certame, na gestão, com a "
                    "data do ato (o início da validade, Constituição Federal, art. 37, III).")})
            return
        if self.status in (Certame.Status.RASCUNHO, Certame.Status.PUBLICADO,
                           Certame.Status.EM_ANDAMENTO):
            raise ValidationError({"status": _(
                "O certame foi homologado em %(d)s: não volta a uma situação anterior à "
                "homologação.") % {"d": data_br(self.homologado_em)}})
        if self.pk is None:
            return
        anterior = (Certame.objects.filter(pk=self.pk)
                    .values_list("validade_meses", flat=True).first())
        if anterior is not None and anterior != self.validade_meses:
            raise ValidationError({"validade_meses": _(
                "O certame foi homologado em %(d)s com validade de %(m)d meses: o prazo fixado "
                "no edital não muda depois da homologação; a única extensão é a prorrogação, "
                "uma vez, por igual período (Constituição Federal, art. 37, III).") % {
                "d": data_br(self.homologado_em), "m": anterior}})

    def _validar_parametros(self, regime) -> None:
        """The edital may only set what the law leaves open (the engine says what)."""
        if not isinstance(self.parametros, dict):
            raise ValidationError({"parametros": _("Os parâmetros devem ser um objeto JSON.")})
        desconhecidos = set(self.parametros) - set(PARAMETROS_MOTOR) - set(OUTROS_PARAMETROS)
        if desconhecidos:
            raise ValidationError({"parametros": _("Parâmetro desconhecido: %(p)s.") % {
                "p": ", ".join(sorted(desconhecidos))}})
        try:
            aplicar_parametros(regime, ler_parametros(parametros_motor(self.parametros) or None))
        except ErroEntrada as exc:
            raise ValidationError({"parametros": str(exc)}) from None
        nota_maxima = self.parametros.get("nota_maxima")
        if nota_maxima is not None:
            try:
                valida = Decimal(str(nota_maxima)) > 0
            except ArithmeticError:
                valida = False
            if not valida:
                raise ValidationError({"parametros": _(
                    "nota_maxima deve ser um número maior que zero.")})
        meses = self.parametros.get("cadunico_meses_atualizacao")
        if meses is not None and (type(meses) is not int or meses <= 0):
            raise ValidationError({"parametros": _(
                "cadunico_meses_atualizacao deve ser um número inteiro de meses maior que zero.")})
        tamanho = self.parametros.get("tamanho_comissao")
        minimo = regime.composicao.tamanho_minimo
        if tamanho is not None and (type(tamanho) is not int or tamanho < minimo):
            raise ValidationError({"parametros": _(
                "tamanho_comissao deve ser um número inteiro de ao menos %(n)d membros "
                "(comissão colegiada: %(f)s).") % {
                "n": minimo, "f": regime.composicao.fundamento_minimo}})
        fim_de_fila = self.parametros.get("permite_fim_de_fila")
        if fim_de_fila is not None and type(fim_de_fila) is not bool:
            raise ValidationError({"parametros": _(
                "permite_fim_de_fila deve ser true ou false.")})
        hetero = self.parametros.get("heteroidentificacao")
        if hetero is not None and type(hetero) is not bool:
            raise ValidationError({"parametros": _(
                "heteroidentificacao deve ser true ou false.")})
        self._validar_documentos(regime)
        self._validar_equipe_multiprofissional()

    def _validar_documentos(self, regime) -> None:
        """`documentos`: per reserved list, the edital's extension of the accepted documents
        (certames.regras.documentos; the law's required documents are never removed)."""
        documentos = self.parametros.get("documentos")
        if documentos is None:
            return
        if not isinstance(documentos, dict):
            raise ValidationError({"parametros": _(
                "documentos deve ser um objeto com uma entrada por lista reservada.")})
        for lista in documentos:
            if lista not in regime.listas:
                raise ValidationError({"parametros": _(
                    "documentos: o regime %(r)s não tem a lista %(l)s (listas: %(ls)s).") % {
                    "r": regime.nome, "l": lista, "ls": ", ".join(regime.listas)}})
            try:
                regra_documental(regime.id, lista, self.parametros)
            except ErroParametro as exc:
                raise ValidationError({"parametros": str(exc)}) from None

    def _validar_equipe_multiprofissional(self) -> None:
        """`equipe_multiprofissional`: the composition of the PcD team (Decreto 9.508/2018,
        art. 5º, the federal parameter LC 22/2026 art. 7º §3º points to: three professionals,
        one of them a physician). The edital may enlarge it, never below that."""
        equipe = self.parametros.get("equipe_multiprofissional")
        if equipe is None:
            return
        chaves = {"tamanho", "medicos", "areas_distintas"}
        if not isinstance(equipe, dict) or set(equipe) - chaves:
            raise ValidationError({"parametros": _(
                "equipe_multiprofissional deve ser um objeto com tamanho, medicos e "
                "areas_distintas.")})
        tamanho = equipe.get("tamanho", 3)
        medicos = equipe.get("medicos", 1)
        distintas = equipe.get("areas_distintas", True)
        if type(tamanho) is not int or tamanho < 3 or tamanho > 15:
            raise ValidationError({"parametros": _(
                "equipe_multiprofissional.tamanho deve ser um inteiro de 3 a 15 (Decreto "
                "9.508/2018, art. 5º: ao menos três profissionais).")})
        if type(medicos) is not int or medicos < 1 or medicos > tamanho:
            raise ValidationError({"parametros": _(
                "equipe_multiprofissional.medicos deve ser um inteiro de 1 ao tamanho da "
                "equipe (Decreto 9.508/2018, art. 5º: um deles médico).")})
        if type(distintas) is not bool:
            raise ValidationError({"parametros": _(
                "equipe_multiprofissional.areas_distintas deve ser true ou false.")})

    @property
    def valido_ate(self) -> dt.date | None:
        """Last day of validity: the homologation plus the edital's period, plus the extension
        when granted (CF, art. 37, III; counted as Código Civil, art. 132, §3º); None before
        the homologation, when the validity has not started."""
        if self.homologado_em is None:
            return None
        return fim_da_validade(self.homologado_em, self.validade_meses, self.prorrogacao_meses)

    @property
    def valido_ate_sem_prorrogacao(self) -> dt.date | None:
        """End of the first period (the extension must be granted by then)."""
        if self.homologado_em is None:
            return None
        return fim_da_validade(self.homologado_em, self.validade_meses)

    def valido_em(self, data: dt.date) -> bool:
        """Whether the certame is valid on this date: homologated, from the homologation to
        the last day of validity, extension included."""
        if self.homologado_em is None:
            return False
        fim = fim_da_validade(self.homologado_em, self.validade_meses, self.prorrogacao_meses)
        return self.homologado_em <= data <= fim


class Cargo(models.Model):
    certame = models.ForeignKey(Certame, on_delete=models.CASCADE, related_name="cargos")
    codigo = models.CharField(_("código"), max_length=20)
    nome = models.CharField(_("nome"), max_length=200)
    vagas = models.PositiveIntegerField(
        _("vagas ofertadas"), default=0,
        help_text=_("0 significa cadastro de reserva."))
    requisitos = models.TextField(_("requisitos"), blank=True)
    atribuicoes = models.TextField(_("atribuições"), blank=True)
    remuneracao = models.DecimalField(_("remuneração (R$)"), max_digits=12, decimal_places=2,
                                      null=True, blank=True)
    taxa_inscricao = models.DecimalField(_("taxa de inscrição (R$)"), max_digits=8,
                                         decimal_places=2, default=0,
                                         validators=[MinValueValidator(0)])
    # Bumped (in the act's transaction) by every act that can change the cargo's lists; a
    # recompute job carries the generation it was queued for and does nothing if stale.
    geracao_classificacao = models.PositiveIntegerField(default=0, editable=False)
    # The recompute's own bookkeeping (never a decision, so outside the history): when a job
    # was last requested or re-queued, the highest generation handed to the broker, the
    # highest generation computed (a new version or the same input as the latest), and the
    # last failure with the generation it failed for. The cargo page derives "atualizada",
    # "na fila", "falhou" and "não enfileirada" from them; the periodic sweep re-queues
    # generations that were requested long ago and never computed (a lost worker).
    recalculo_enfileirado_em = models.DateTimeField(null=True, blank=True, editable=False)
    geracao_enfileirada = models.PositiveIntegerField(default=0, editable=False)
    geracao_calculada = models.PositiveIntegerField(default=0, editable=False)
    recalculo_falha = models.TextField(blank=True, editable=False)
    recalculo_falha_geracao = models.PositiveIntegerField(null=True, blank=True, editable=False)
    recalculo_falha_em = models.DateTimeField(null=True, blank=True, editable=False)

    history = HistoricalRecords(excluded_fields=[
        "geracao_classificacao", "recalculo_enfileirado_em", "geracao_enfileirada",
        "geracao_calculada", "recalculo_falha", "recalculo_falha_geracao",
        "recalculo_falha_em"])

    class Meta:
        verbose_name = _("cargo")
        verbose_name_plural = _("cargos")
        ordering = ["certame", "codigo"]
        constraints = [
            models.UniqueConstraint(fields=["certame", "codigo"], name="cargo_codigo_unico"),
        ]

    def __str__(self) -> str:
        return f"{self.codigo} — {self.nome}"

    def clean(self):
        """After the edital's public draw, its codes and vacancies are fixed: the draw was
        computed from them, anyone can re-run it from the published seed, codes and
        vacancies, and a change would need a new draw, a new act naming the one it replaces
        (spec "Regras de reserva", section 4.1, item 3). A vacancy that arises later is a
        `VagaSurgida` (item 5), not an edit of the cargo."""
        super().clean()
        if self.certame_id is None:
            return
        sorteio = Sorteio.objects.filter(certame_id=self.certame_id).first()
        if sorteio is None:
            return
        motivo = _("o sorteio público das vagas reservadas deste edital foi realizado em "
                   "%(d)s com os códigos e as vagas publicados; alterá-los exige um novo "
                   "sorteio, que é um novo ato (regras de reserva, seção 4.1, item 3). Vaga "
                   "que surgir depois é registrada como vaga surgida.") % {
            "d": data_hora_br(sorteio.realizado_em)}
        if self.pk is None:
            if self.vagas:
                raise ValidationError({"vagas": _("Cargo com vagas não pode ser incluído: "
                                                  "%(m)s") % {"m": motivo}})
            return
        antes = Cargo.objects.filter(pk=self.pk).values("codigo", "vagas").first()
        if antes is None:
            return
        erros = {}
        if antes["vagas"] != self.vagas:
            erros["vagas"] = _("As vagas não podem ser alteradas: %(m)s") % {"m": motivo}
        if antes["codigo"] != self.codigo:
            erros["codigo"] = _("O código não pode ser alterado: %(m)s") % {"m": motivo}
        if erros:
            raise ValidationError(erros)

    @property
    def cadastro_reserva(self) -> bool:
        return self.vagas == 0 and not self.vagas_surgidas.exists()

    def total_vagas(self) -> int:
        """Vacancies of the edital plus those that arose while the certame is valid
        (Lei 3.057/2026 art. 8º §2º; Lei 3.056/2025 art. 1º §1º)."""
        surgidas = self.vagas_surgidas.aggregate(t=Sum("quantidade"))["t"] or 0
        return self.vagas + surgidas


class Etapa(models.Model):
    """One entry of the certame's schedule (cronograma). "Open" is derived from the clock."""

    class Tipo(models.TextChoices):
        INSCRICOES = "inscricoes", _("Inscrições")
        PEDIDO_ISENCAO = "pedido_isencao", _("Pedido de isenção da taxa")
        RESULTADO_PRELIMINAR_ISENCAO = "resultado_preliminar_isencao", _(
            "Resultado preliminar da isenção")
        RECURSO_ISENCAO = "recurso_isencao", _("Recurso da isenção")
        RESULTADO_DEFINITIVO_ISENCAO = "resultado_definitivo_isencao", _(
            "Resultado definitivo da isenção")
        PAGAMENTO_TAXA = "pagamento_taxa", _("Pagamento da taxa de inscrição")
        # RH decides the requests for special conditions at the exam inside it
        # (candidatos/condicoes/; Decreto 9.508/2018, art. 4º; Lei 13.872/2019).
        ANALISE_ATENDIMENTO = "analise_atendimento", _(
            "Análise dos pedidos de atendimento especializado")
        HETEROIDENTIFICACAO = "heteroidentificacao", _("Heteroidentificação")
        RECURSO_HETEROIDENTIFICACAO = "recurso_heteroidentificacao", _(
            "Recurso da heteroidentificação")
        VERIFICACAO_DOCUMENTAL = "verificacao_documental", _("Verificação documental")
        RECURSO_VERIFICACAO_DOCUMENTAL = "recurso_verificacao_documental", _(
            "Recurso da verificação documental")
        AVALIACAO_PCD = "avaliacao_pcd", _("Avaliação da equipe multiprofissional (PcD)")
        RECURSO_AVALIACAO_PCD = "recurso_avaliacao_pcd", _("Recurso da avaliação PcD")
        RESULTADO_PRELIMINAR = "resultado_preliminar", _("Resultado preliminar")
        RECURSO_RESULTADO = "recurso_resultado", _("Recurso do resultado")
        RESULTADO_FINAL = "resultado_final", _("Resultado final / homologação")

    certame = models.ForeignKey(Certame, on_delete=models.CASCADE, related_name="etapas")
    tipo = models.CharField(_("tipo"), max_length=40, choices=Tipo.choices)
    inicio = models.DateTimeField(_("início"))
    fim = models.DateTimeField(_("fim"))
    descricao = models.CharField(_("descrição"), max_length=250, blank=True)

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("etapa do cronograma")
        verbose_name_plural = _("etapas do cronograma")
        ordering = ["certame", "inicio"]
        constraints = [
            models.CheckConstraint(condition=models.Q(fim__gte=models.F("inicio")),
                                   name="etapa_fim_apos_inicio"),
        ]

    def __str__(self) -> str:
        return f"{self.get_tipo_display()} ({data_br(self.inicio)} a {data_br(self.fim)})"

    def clean(self) -> None:
        super().clean()
        if self.inicio and self.fim and self.fim < self.inicio:
            raise ValidationError({"fim": _("O fim da etapa não pode ser anterior ao início.")})
        # The exemption's order (Lei 3.057/2026, art. 3º: certames/cronograma.py) against the
        # certame's other stages as saved. The admin's inline checks the whole schedule as
        # submitted instead (`cronograma_no_formulario`, certames/admin.py).
        if (self.inicio and self.fim and self.certame_id
                and not getattr(self, "cronograma_no_formulario", False)):
            etapas = [*Etapa.objects.filter(certame_id=self.certame_id).exclude(pk=self.pk),
                      self]
            erros = cronograma.erros_da_etapa(self, etapas, self.certame.regime_legal.isencao)
            if erros:
                raise ValidationError(erros)

    def aberta(self, em: dt.datetime | None = None) -> bool:
        agora = em or timezone.now()
        return self.inicio <= agora <= self.fim


class VagaSurgida(models.Model):
    """A vacancy that arose while the certame is valid: the split is recomputed with the new N
    (Lei 3.057/2026 art. 8º §2º; Lei 3.056/2025 art. 1º §1º)."""

    cargo = models.ForeignKey(Cargo, on_delete=models.CASCADE, related_name="vagas_surgidas")
    quantidade = models.PositiveIntegerField(_("quantidade"), validators=[MinValueValidator(1)])
    data = models.DateField(_("data"))
    ato = models.CharField(_("ato que criou as vagas"), max_length=250,
                           help_text=_("Ex.: Lei, decreto ou portaria e sua data."))
    registrado_em = models.DateTimeField(auto_now_add=True)

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("vaga surgida")
        verbose_name_plural = _("vagas surgidas")
        ordering = ["cargo", "data"]
        constraints = [
            models.CheckConstraint(condition=models.Q(quantidade__gte=1),
                                   name="vaga_surgida_quantidade_positiva"),
        ]

    def __str__(self) -> str:
        return f"{self.quantidade} vaga(s) em {data_br(self.data)} — {self.cargo}"


class Ato(SomenteInsercao):
    """One act of the administration (append-only): who, when, what, on which object, why.

    Never updated nor deleted; a correction is a new act. On PostgreSQL a trigger refuses
    UPDATE and DELETE on this table and on the history tables (migration 0002).
    """

    criado_em = models.DateTimeField(_("quando"), default=timezone.now, db_index=True)
    autor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True,
                              blank=True, related_name="+", verbose_name=_("autor"))
    tipo = models.CharField(_("tipo de ato"), max_length=60, db_index=True)
    descricao = models.CharField(_("descrição"), max_length=500)
    certame = models.ForeignKey(Certame, on_delete=models.PROTECT, null=True, blank=True,
                                related_name="atos")
    objeto_tipo = models.ForeignKey(ContentType, on_delete=models.PROTECT, null=True, blank=True,
                                    verbose_name=_("tipo do objeto"))
    objeto_id = models.CharField(_("id do objeto"), max_length=64, blank=True, db_index=True)
    objeto_repr = models.CharField(_("objeto"), max_length=250, blank=True)
    motivacao = models.TextField(_("motivação"), blank=True)
    fundamento_legal = models.CharField(_("fundamento legal"), max_length=250, blank=True)
    antes = models.JSONField(_("antes"), null=True, blank=True)
    depois = models.JSONField(_("depois"), null=True, blank=True)

    MENSAGEM_ALTERAR = _("Registros de auditoria não podem ser alterados.")
    MENSAGEM_APAGAR = _("Registros de auditoria não podem ser apagados.")

    class Meta:
        verbose_name = _("ato")
        verbose_name_plural = _("atos (trilha de auditoria)")
        ordering = ["-criado_em", "-id"]
        indexes = [models.Index(fields=["objeto_tipo", "objeto_id"])]

    def __str__(self) -> str:
        return f"{data_hora_br(self.criado_em)} — {self.descricao}"


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
    """What happened to a call: nomeação, posse, exercício, desistência, tornar sem efeito or
    fim de fila; the annulment of the nomeação by a fraud or falsity procedure and, where its
    appeal is granted, the annulment's revocation (spec section 9). Each recorded once, never
    rewritten."""

    class Tipo(models.TextChoices):
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

    class Meta:
        verbose_name = _("ato sobre a convocação")
        verbose_name_plural = _("atos sobre convocações")
        ordering = ["chamada", "registrado_em", "id"]
        constraints = [
            models.UniqueConstraint(fields=["chamada", "tipo"], name="evento_chamada_unico"),
        ]

    def __str__(self) -> str:
        return f"{self.get_tipo_display()} — {self.chamada}"


class DocumentoPdf(models.Model):
    """A PDF derived from a certame's acts (the order of nomeação, the vacancy table of the
    certame, with `cargo` empty, and each published list), rendered by a Celery task
    (`classificacao.impressos`). Not an act: a rendering of the acts as they stood, identified by
    `chave` (a digest of exactly what was rendered). The same state is served from the stored
    file; a new act gives a new key and a new document. Old documents stay (what was handed
    out can be shown again)."""

    class Tipo(models.TextChoices):
        ORDEM_NOMEACAO = "ordem_nomeacao", _("Ordem de nomeação (RH)")
        ORDEM_NOMEACAO_PUBLICA = "ordem_nomeacao_publica", _("Ordem de nomeação (pública)")
        QUADRO_VAGAS = "quadro_vagas", _("Quadro de vagas do certame")
        LISTA_PUBLICADA = "lista_publicada", _("Listas publicadas (pública)")
        LISTA_PUBLICADA_RH = "lista_publicada_rh", _("Listas publicadas (RH)")
        RESULTADO_FASE = "resultado_fase", _("Resultado de uma fase da avaliação")
        ANEXO_EDITAL = "anexo_edital", _("Anexo do edital (reserva de vagas)")

    tipo = models.CharField(_("tipo"), max_length=40, choices=Tipo.choices)
    certame = models.ForeignKey(Certame, on_delete=models.CASCADE, related_name="documentos_pdf")
    cargo = models.ForeignKey(Cargo, on_delete=models.CASCADE, null=True, blank=True,
                              related_name="documentos_pdf")
    chave = models.CharField(_("estado documentado"), max_length=100)
    arquivo = models.FileField(_("arquivo (PDF)"), upload_to="impressos/%Y/%m/")
    gerado_em = models.DateTimeField(_("gerado em"), default=timezone.now)

    class Meta:
        verbose_name = _("documento PDF gerado")
        verbose_name_plural = _("documentos PDF gerados")
        ordering = ["-gerado_em", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["tipo", "cargo", "chave"],
                                    condition=models.Q(cargo__isnull=False),
                                    name="documento_pdf_cargo_unico"),
            models.UniqueConstraint(fields=["tipo", "certame", "chave"],
                                    condition=models.Q(cargo__isnull=True),
                                    name="documento_pdf_certame_unico"),
        ]

    def __str__(self) -> str:
        alvo = self.cargo.codigo if self.cargo_id else self.certame.numero_edital
        return f"{self.get_tipo_display()} — {alvo} ({data_hora_br(self.gerado_em)})"


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



# --- a snapshot's packed ids are not foreign keys (certames/instantaneo.py) --------------------


def indice_no_pacote(dados: bytes, alvo: int) -> int | None:
    """Index (0-based) of an inscrição id in a packed list (8-byte big-endian ids), or None: a
    byte search aligned to 8 bytes (a match across two ids does not count)."""
    agulha = alvo.to_bytes(8, "big")
    k = dados.find(agulha)
    while k != -1:
        if k % 8 == 0:
            return k // 8
        k = dados.find(agulha, k + 1)
    return None


def versoes_que_citam(inscricao_id: int) -> list[int]:
    """Ids of the versions naming the inscrição in a list, a filled slot or the call order."""
    achadas: set[int] = set()
    for modelo in (ListaVersao, ConvocacaoVersao):
        for versao_id, dados in modelo.objects.values_list("versao_id",
                                                           "inscricoes").iterator():
            if versao_id not in achadas and indice_no_pacote(bytes(dados),
                                                            inscricao_id) is not None:
                achadas.add(versao_id)
    return sorted(achadas)


def _recusar_exclusao_inscricao(sender, instance, **kwargs) -> None:
    """``pre_delete`` of `Inscricao`: a snapshot naming it keeps it, as the former PROTECT
    foreign keys did (PostgreSQL also refuses it by a trigger, migration 0013). Raised inside
    the deletion's transaction: nothing of the deletion is kept."""
    if versoes_que_citam(instance.pk):
        raise models.ProtectedError(
            _("A inscrição %(n)s consta de versões da classificação e não pode ser "
              "excluída.") % {"n": instance.numero}, {instance})


pre_delete.connect(_recusar_exclusao_inscricao, sender="candidatos.Inscricao",
                   dispatch_uid="certames_instantaneo_inscricao")

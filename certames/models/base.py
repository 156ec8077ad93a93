"""Órgãos, certames, cargos, the schedule (etapas), the vacancies that arise and the append-only
audit trail (Ato)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.apps import apps
from django.conf import settings
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Sum
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
                     "permite_fim_de_fila", "prazo_posse_dias", "prazo_exercicio_dias")


def parametros_motor(parametros: dict | None) -> dict:
    dados = parametros or {}
    return {k: dados[k] for k in PARAMETROS_MOTOR if k in dados}


#: Brazil's IANA time zones (the canonical names zoneinfo knows), for `Orgao.fuso_horario`.
FUSOS_BRASILEIROS = [(z, z) for z in (
    "America/Noronha", "America/Sao_Paulo", "America/Bahia", "America/Recife",
    "America/Maceio", "America/Fortaleza", "America/Belem", "America/Santarem",
    "America/Araguaina", "America/Cuiaba", "America/Campo_Grande", "America/Manaus",
    "America/Porto_Velho", "America/Boa_Vista", "America/Eirunepe", "America/Rio_Branco")]


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
    #: The órgão's time zone where its UF's is not its own (empty: the UF's,
    #: `certames.calendario.FUSO_POR_UF`): e.g. western Amazonas (America/Eirunepe) or
    #: Fernando de Noronha (America/Noronha).
    fuso_horario = models.CharField(
        _("fuso horário"), max_length=40, blank=True, choices=FUSOS_BRASILEIROS,
        help_text=_("Deixe em branco para usar o fuso horário da UF."))

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
        # Set with the acts of `editais.situacao` (the suspension and the cancellation).
        SUSPENSO = "suspenso", _("Suspenso")
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
        self._validar_situacao_por_ato()
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

    def _validar_situacao_por_ato(self) -> None:
        """Suspended and cancelled are set by their acts (`editais.situacao`), never by hand:
        the status agrees with the latest act of situation (`AtoSituacaoCertame`)."""
        parados = {"suspensao": Certame.Status.SUSPENSO, "anulacao": Certame.Status.CANCELADO,
                   "revogacao": Certame.Status.CANCELADO}
        ultimo = (self.atos_situacao.order_by("-praticado_em", "-pk").first()
                  if self.pk is not None else None)
        esperado = parados.get(ultimo.tipo) if ultimo is not None else None
        if ultimo is not None and esperado is not None and self.status != esperado:
            raise ValidationError({"status": _(
                "O certame está %(s)s por um ato (%(t)s): a situação muda só por outro ato, na "
                "página do certame, na gestão.") % {
                "s": Certame.Status(esperado).label.lower(), "t": ultimo.get_tipo_display()}})
        if esperado is None and self.status in parados.values():
            raise ValidationError({"status": _(
                "A suspensão e o cancelamento são atos: registre-os na página do certame, na "
                "gestão, com a motivação e a origem da ordem.")})

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
        # The draw's model lives in certames/models/sorteio.py, which imports this module:
        # reached through the app registry (app loading), not an import.
        sorteio = apps.get_model("certames", "Sorteio").objects.filter(
            certame_id=self.certame_id).first()
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
        # The exam's application (provas/aplicacao/): its venue, room and the candidate's
        # confirmation card; one per phase of the exam where the cargo has phases.
        APLICACAO_PROVA = "aplicacao_prova", _("Aplicação da prova")
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
    #: The phase of the exam applied in an "aplicação da prova" stage (a cargo in phases);
    #: empty for every other stage, and for the exam of the cargos without phases.
    fase = models.ForeignKey("provas.Fase", on_delete=models.PROTECT, null=True, blank=True,
                             related_name="etapas_aplicacao", verbose_name=_("fase da prova"),
                             help_text=_("Só na aplicação da prova de um cargo em fases: a "
                                         "fase aplicada nesta etapa."))

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
        if self.fase_id and self.tipo != Etapa.Tipo.APLICACAO_PROVA:
            raise ValidationError({"fase": _("Só a etapa “Aplicação da prova” tem fase.")})
        if (self.fase is not None and self.certame_id
                and self.fase.cargo.certame_id != self.certame_id):
            raise ValidationError({"fase": _("A fase é de um cargo de outro certame.")})
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

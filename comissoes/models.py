"""Committees (heteroidentificação, recursal, documentary, multiprofessional), their members,
sessions, convocations, evaluations and votes, and appeals.

Votes, collegiate decisions and appeal rulings are acts: new rows, never edits; a correction
is a new row that supersedes the earlier one, with its reason.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from candidatos.models import CorRaca, Inscricao, Lista
from certames.models import Certame, Etapa
from comum.formatos import data_hora_br
from nucleo.motivacao import MAXIMO as MAXIMO_MOTIVACAO


class Comissao(models.Model):
    class Tipo(models.TextChoices):
        HETEROIDENTIFICACAO = "heteroidentificacao", _("Heteroidentificação")
        RECURSAL = "recursal", _("Recursal (heteroidentificação)")
        VERIFICACAO_DOCUMENTAL = "verificacao_documental", _("Verificação documental")
        EQUIPE_MULTIPROFISSIONAL = "equipe_multiprofissional", _(
            "Equipe multiprofissional (PcD)")

    certame = models.ForeignKey(Certame, on_delete=models.PROTECT, related_name="comissoes")
    tipo = models.CharField(_("tipo"), max_length=25, choices=Tipo.choices)
    nome = models.CharField(_("nome"), max_length=150)
    # Federal practice: 5 members (Portaria Normativa MGI 4/2018 style); the edital may change.
    tamanho = models.PositiveSmallIntegerField(_("número de membros titulares"), default=5)
    # Edital setting: the collegiate rejects only by unanimity (default: simple majority).
    unanimidade_para_rejeitar = models.BooleanField(
        _("não confirmação só por unanimidade"), default=False)
    # Members' names are hidden from candidates unless the edital says otherwise.
    divulgar_nomes = models.BooleanField(_("divulgar os nomes dos membros"), default=False)
    criada_em = models.DateTimeField(auto_now_add=True)

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("comissão")
        verbose_name_plural = _("comissões")
        ordering = ["certame", "tipo", "nome"]

    def __str__(self) -> str:
        return f"{self.nome} ({self.get_tipo_display()})"


class MembroComissao(models.Model):
    class Genero(models.TextChoices):
        FEMININO = "feminino", _("Feminino")
        MASCULINO = "masculino", _("Masculino")
        OUTRO = "outro", _("Outro / não binário")

    class Regiao(models.TextChoices):
        NORTE = "norte", _("Norte")
        NORDESTE = "nordeste", _("Nordeste")
        CENTRO_OESTE = "centro_oeste", _("Centro-Oeste")
        SUDESTE = "sudeste", _("Sudeste")
        SUL = "sul", _("Sul")

    class Papel(models.TextChoices):
        TITULAR = "titular", _("Titular")
        SUPLENTE = "suplente", _("Suplente")

    comissao = models.ForeignKey(Comissao, on_delete=models.PROTECT, related_name="membros")
    usuario = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                related_name="participacoes")
    papel = models.CharField(_("papel"), max_length=10, choices=Papel.choices,
                             default=Papel.TITULAR)
    presidente = models.BooleanField(_("presidente"), default=False)
    # What LC 22/2026 art. 3º §2º uses to judge the composition.
    genero = models.CharField(_("gênero"), max_length=10, choices=Genero.choices)
    cor_raca = models.CharField(_("cor ou raça"), max_length=10, choices=CorRaca.choices)
    regiao = models.CharField(_("região de origem"), max_length=15, choices=Regiao.choices,
                              blank=True)
    # Multiprofessional team (Decreto 9.508/2018, art. 5º): area and whether a physician.
    area_profissional = models.CharField(_("área profissional"), max_length=80, blank=True)
    medico = models.BooleanField(_("médico(a)"), default=False)
    termo_confidencialidade_em = models.DateTimeField(
        _("termo de confidencialidade assinado em"), null=True, blank=True)
    ativo = models.BooleanField(_("ativo"), default=True)

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("membro de comissão")
        verbose_name_plural = _("membros de comissão")
        ordering = ["comissao", "-presidente", "papel", "usuario__first_name"]
        constraints = [
            models.UniqueConstraint(fields=["comissao", "usuario"], name="membro_unico"),
        ]

    def __str__(self) -> str:
        return f"{self.usuario.get_full_name() or self.usuario.get_username()} — {self.comissao}"


class Impedimento(models.Model):
    """A member's conflict with a candidate (relative, etc.): the member neither sees nor
    votes on that candidate."""

    membro = models.ForeignKey(MembroComissao, on_delete=models.PROTECT,
                               related_name="impedimentos")
    inscricao = models.ForeignKey(Inscricao, on_delete=models.PROTECT, related_name="+")
    motivo = models.TextField(_("motivo"), max_length=MAXIMO_MOTIVACAO)
    registrado_por = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                       related_name="+")
    registrado_em = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("impedimento")
        verbose_name_plural = _("impedimentos")
        constraints = [
            models.UniqueConstraint(fields=["membro", "inscricao"], name="impedimento_unico"),
        ]

    def __str__(self) -> str:
        return f"{self.membro} × {self.inscricao.numero}"


class Sessao(models.Model):
    class Modalidade(models.TextChoices):
        PRESENCIAL = "presencial", _("Presencial")
        REMOTA = "remota", _("Remota (telepresencial)")

    comissao = models.ForeignKey(Comissao, on_delete=models.PROTECT, related_name="sessoes")
    etapa = models.ForeignKey(Etapa, on_delete=models.PROTECT, null=True, blank=True,
                              related_name="+")
    inicio = models.DateTimeField(_("data e hora"))
    local = models.CharField(_("local ou endereço da sala virtual"), max_length=250)
    modalidade = models.CharField(_("modalidade"), max_length=10, choices=Modalidade.choices,
                                  default=Modalidade.PRESENCIAL)
    # LC 22/2026 art. 3º §1º: in person, "salvo em caso de impedimento por força de norma
    # legal vigente" — the impediment is recorded here.
    impedimento_legal = models.TextField(_("impedimento legal à presença"), blank=True,
                                         max_length=MAXIMO_MOTIVACAO)
    gravacao_exigida = models.BooleanField(_("o edital exige gravação"), default=True)
    encerrada_em = models.DateTimeField(_("encerrada em"), null=True, blank=True)
    ata = models.FileField(_("ata (PDF)"), blank=True, upload_to="atas/%Y/")

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("sessão")
        verbose_name_plural = _("sessões")
        ordering = ["inicio"]

    def __str__(self) -> str:
        return f"{self.comissao.nome} — {data_hora_br(self.inicio)}"


class PresencaSessao(models.Model):
    """Whether a member sat in a session (act, append-only): recorded by whoever presides when
    the session opens, one row per active member; a correction (a late arrival, a mistake) is
    a new row that supersedes, with its reason, never an edit (`sessoes.registrar_presenca`)."""

    sessao = models.ForeignKey(Sessao, on_delete=models.PROTECT, related_name="presencas")
    membro = models.ForeignKey(MembroComissao, on_delete=models.PROTECT,
                               related_name="presencas")
    presente = models.BooleanField(_("presente"))
    justificativa = models.CharField(_("justificativa da ausência"), max_length=250,
                                     blank=True)
    registrada_por = models.ForeignKey(MembroComissao, on_delete=models.PROTECT,
                                       related_name="+")
    registrada_em = models.DateTimeField(auto_now_add=True)
    substitui = models.OneToOneField("self", on_delete=models.PROTECT, null=True, blank=True,
                                     related_name="substituida_por")
    motivo_correcao = models.TextField(_("motivo da correção"), blank=True)

    class Meta:
        verbose_name = _("presença em sessão")
        verbose_name_plural = _("presenças em sessão")
        ordering = ["sessao", "registrada_em", "id"]

    def __str__(self) -> str:
        return f"{self.membro} — {'presente' if self.presente else 'ausente'}"


class Convocacao(models.Model):
    """A candidate called to a session, and what happened there."""

    class Comparecimento(models.TextChoices):
        PENDENTE = "pendente", _("Aguardando")
        PRESENTE = "presente", _("Compareceu")
        AUSENTE = "ausente", _("Não compareceu")
        RECUSOU_GRAVACAO = "recusou_gravacao", _("Recusou-se a ser filmado(a)")

    sessao = models.ForeignKey(Sessao, on_delete=models.PROTECT, related_name="convocacoes")
    inscricao = models.ForeignKey(Inscricao, on_delete=models.PROTECT,
                                  related_name="convocacoes")
    lista = models.CharField(_("lista"), max_length=3, choices=Lista.choices)
    horario = models.DateTimeField(_("horário"))
    comparecimento = models.CharField(_("comparecimento"), max_length=16,
                                      choices=Comparecimento.choices,
                                      default=Comparecimento.PENDENTE)
    notificada_em = models.DateTimeField(_("notificada em"), null=True, blank=True)

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("convocação")
        verbose_name_plural = _("convocações")
        ordering = ["sessao", "horario"]
        constraints = [
            models.UniqueConstraint(fields=["sessao", "inscricao", "lista"],
                                    name="convocacao_unica"),
        ]

    def __str__(self) -> str:
        return f"{self.inscricao.numero} ({self.lista}) — {self.sessao}"


class Avaliacao(models.Model):
    """The collegiate evaluation of one candidate for one reserved list, in one instance."""

    class Instancia(models.TextChoices):
        PRIMEIRA = "primeira", _("Primeira instância")
        RECURSO = "recurso", _("Recurso")

    class Resultado(models.TextChoices):
        CONFIRMADA = "confirmada", _("Confirmada")
        NAO_CONFIRMADA = "nao_confirmada", _("Não confirmada")
        # PcD (multiprofessional team): "confirmada" reads "enquadrado", "nao_confirmada"
        # reads "não enquadrado"; incompatibility with the cargo's attributions is its own
        # outcome (LC 22/2026, art. 6º caput and art. 7º §1º).
        INCOMPATIVEL = "incompativel", _("Incompatível com as atribuições do cargo")

    comissao = models.ForeignKey(Comissao, on_delete=models.PROTECT, related_name="avaliacoes")
    inscricao = models.ForeignKey(Inscricao, on_delete=models.PROTECT,
                                  related_name="avaliacoes")
    lista = models.CharField(_("lista"), max_length=3, choices=Lista.choices)
    instancia = models.CharField(_("instância"), max_length=10, choices=Instancia.choices,
                                 default=Instancia.PRIMEIRA)
    convocacao = models.ForeignKey(Convocacao, on_delete=models.PROTECT, null=True,
                                   blank=True, related_name="avaliacoes")
    gravacao = models.CharField(_("gravação (arquivo ou link)"), max_length=500, blank=True)
    # Set once, when the president closes it: the collegiate decision and its parecer.
    resultado = models.CharField(_("resultado"), max_length=15, choices=Resultado.choices,
                                 blank=True)
    parecer = models.TextField(_("parecer"), blank=True)
    fundamento = models.CharField(_("fundamento"), max_length=250, blank=True)
    encerrada_em = models.DateTimeField(_("encerrada em"), null=True, blank=True)
    encerrada_por = models.ForeignKey(MembroComissao, on_delete=models.PROTECT, null=True,
                                      blank=True, related_name="+")
    # Details of the kind of evaluation (documents accepted, biopsychosocial dimensions...).
    detalhes = models.JSONField(_("detalhes"), default=dict, blank=True)

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("avaliação")
        verbose_name_plural = _("avaliações")
        ordering = ["inscricao", "lista", "instancia"]
        constraints = [
            models.UniqueConstraint(fields=["comissao", "inscricao", "lista", "instancia"],
                                    name="avaliacao_unica"),
        ]

    def __str__(self) -> str:
        return f"{self.inscricao.numero} {self.lista} ({self.get_instancia_display()})"

    @property
    def encerrada(self) -> bool:
        return self.encerrada_em is not None


class Voto(models.Model):
    """A member's vote (act): never edited; a correction is a new vote that supersedes."""

    class Sentido(models.TextChoices):
        CONFIRMA = "confirma", _("Confirma a autodeclaração")
        NAO_CONFIRMA = "nao_confirma", _("Não confirma a autodeclaração")

    avaliacao = models.ForeignKey(Avaliacao, on_delete=models.PROTECT, related_name="votos")
    membro = models.ForeignKey(MembroComissao, on_delete=models.PROTECT, related_name="votos")
    sentido = models.CharField(_("voto"), max_length=12, choices=Sentido.choices)
    motivacao = models.TextField(_("motivação"), max_length=MAXIMO_MOTIVACAO)
    registrado_em = models.DateTimeField(auto_now_add=True)
    substitui = models.OneToOneField("self", on_delete=models.PROTECT, null=True, blank=True,
                                     related_name="substituido_por")
    motivo_substituicao = models.TextField(_("motivo da substituição"), blank=True,
                                           max_length=MAXIMO_MOTIVACAO)

    class Meta:
        verbose_name = _("voto")
        verbose_name_plural = _("votos")
        ordering = ["avaliacao", "registrado_em", "id"]

    def __str__(self) -> str:
        return f"{self.membro} — {self.get_sentido_display()}"


class DocumentoEnviado(models.Model):
    """A document the candidate uploaded for a reserved list (indigenous or quilombola proof,
    PcD medical report). Never overwritten: a new upload of the same type supersedes."""

    inscricao = models.ForeignKey(Inscricao, on_delete=models.PROTECT,
                                  related_name="documentos")
    lista = models.CharField(_("lista"), max_length=3, choices=Lista.choices)
    tipo = models.CharField(_("tipo de documento"), max_length=20)
    arquivo = models.FileField(_("arquivo"), upload_to="documentos/%Y/")
    nome_original = models.CharField(_("nome do arquivo"), max_length=250)
    tipo_conteudo = models.CharField(_("tipo"), max_length=50)
    tamanho = models.PositiveIntegerField(_("tamanho (bytes)"))
    sha256 = models.CharField(_("SHA-256"), max_length=64)
    enviado_em = models.DateTimeField(_("enviado em"), auto_now_add=True)
    substituido_em = models.DateTimeField(_("substituído em"), null=True, blank=True)

    class Meta:
        verbose_name = _("documento enviado")
        verbose_name_plural = _("documentos enviados")
        ordering = ["inscricao", "lista", "tipo", "-enviado_em"]

    def __str__(self) -> str:
        return f"{self.tipo} — {self.inscricao.numero}"


class AnaliseDocumento(models.Model):
    """The documentary committee's judgement of one document (act, append-only)."""

    avaliacao = models.ForeignKey(Avaliacao, on_delete=models.PROTECT,
                                  related_name="analises_documentos")
    documento = models.ForeignKey(DocumentoEnviado, on_delete=models.PROTECT,
                                  related_name="analises")
    aceito = models.BooleanField(_("aceito"))
    motivo = models.TextField(_("motivo"), blank=True)
    membro = models.ForeignKey(MembroComissao, on_delete=models.PROTECT, related_name="+")
    registrada_em = models.DateTimeField(auto_now_add=True)
    substitui = models.OneToOneField("self", on_delete=models.PROTECT, null=True, blank=True,
                                     related_name="substituida_por")

    class Meta:
        verbose_name = _("análise de documento")
        verbose_name_plural = _("análises de documentos")
        ordering = ["avaliacao", "documento", "registrada_em"]

    def __str__(self) -> str:
        return f"{self.documento}: {'aceito' if self.aceito else 'não aceito'}"

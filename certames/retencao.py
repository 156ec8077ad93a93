"""The retention policy of the personal data the system holds (LGPD, Lei 13.709/2018): the
mechanism, and the registry each app fills with its own data.

One `Regra` per kind of data: what it is (models, fields, files), the event its period counts
from, the period, what happens at its end, and the legal basis. Each app declares the rules of
the data it holds in its `declaracoes.py` (`declarar`), each rule that is not MANTER with its
`Executor` (which objects are past retention, how they are shredded), as pretix's data
shredders are declared by each plug-in; an app whose files fall under another app's rule adds
them to it (`declarar_arquivos`), and each app says which of its objects belong to a candidate
(`declarar_objetos_do_titular`, for the candidate's page). `privacidade.expurgo` and the
command `manage.py expurgar_dados` execute the rules; the candidate's page "Meus dados (LGPD)"
shows every rule. Changing a period is changing the rule's declaration (and the table of
docs/operacao.md).

Principles (what the laws fix and what the product decided):

- The decisions and their motivations (pareceres, votes, exemption decisions, list states,
  procedures), the published lists and the acts of the audit trail are never deleted by the
  system. They are the administration's record (CF art. 37, caput: publicidade) and remain
  needed while a claim against the municipality is possible: five years from the act
  (Decreto 20.910/1932, art. 1º). The elimination of public records needs the authorisation
  of the public archive institution (Lei 8.159/1991, art. 9º): it follows the municipality's
  temporality table, not this command.
- The sensitive inputs of those decisions (LGPD, art. 5º, II: racial or ethnic origin,
  health) are what is shredded at the end of the period: anonymised in place, also in the
  history tables (django-simple-history) and in the copies kept inside the acts, or, for
  files, deleted from storage. A marker (`privacidade.models.Expurgo`) says when and under
  which rule; an act (`expurgo_lgpd`) records the counts, never the data (LGPD, art. 15 and
  16: end of the treatment, conservation only for a legal obligation).
- Every period counts from one reference date, `fim_do_certame` (the end of the certame's
  life), except those of data that belong to no certame (the CadÚnico extract, the portal's
  sign-up requests: their rules say from when). None of the laws the product was built from
  fixes a retention period: every period is a product default (`padrao_do_produto`), chosen
  from the legal deadlines cited beside it.

The marker's model lives in the app that runs the shredding (`privacidade`, above the apps
that declare rules): it is named here (`MARCADOR`) and looked up at run time, never imported.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from dateutil.relativedelta import relativedelta
from django.apps import apps
from django.contrib.contenttypes.models import ContentType
from django.core.checks import Error, register
from django.core.exceptions import ImproperlyConfigured
from django.db import models
from django.db.models import BigIntegerField
from django.db.models.functions import Cast
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from certames.models import Ato, Certame, Etapa
from certames.regras.regimes import fundamentos_dos_regimes
from comum.formatos import data_br

#: What happens at the end of the period.
ANONIMIZAR = "anonimizar"
APAGAR_ARQUIVOS = "apagar_arquivos"
APAGAR_REGISTROS = "apagar_registros"
MANTER = "manter"

ACOES = {
    ANONIMIZAR: gettext_lazy("anonimizar os campos"),
    APAGAR_ARQUIVOS: gettext_lazy("apagar os arquivos"),
    APAGAR_REGISTROS: gettext_lazy("apagar os registros"),
    MANTER: gettext_lazy("manter (não há expurgo automático)"),
}

# Citations used by the rules of more than one app.
LGPD = "LGPD (Lei 13.709/2018)"
F_FIM = (f"{LGPD}, art. 15, I, e art. 16 (término do tratamento; conservação só para "
         "obrigação legal)")
F_PRESCRICAO = "Decreto 20.910/1932, art. 1º (prescrição quinquenal contra a Fazenda Pública)"
# The municipal laws' citations are the regimes' data (`certames.regras.regimes`): the policy
# covers every certame, so it cites each registered regime.
F_ANULACAO = (
    "anulação da nomeação por fraude ou declaração falsa: "
    + fundamentos_dos_regimes(lambda r: r.regra_fraude.anulacao) + "; "
    + fundamentos_dos_regimes(
        lambda r: r.isencao.falsidade.anulacao if r.isencao is not None else "")
    + "; Lei 9.784/1999, art. 54, por analogia onde o Município não tiver lei própria")
F_VALIDADE = "CF, art. 37, III (validade do concurso: até 2 anos, prorrogável uma vez)"
F_DEFESA = f"{LGPD}, art. 11, II, d, e art. 16, I (exercício regular de direitos em processo)"

#: Years the sensitive inputs outlive the certame: the five-year prescription of claims against
#: the municipality (Decreto 20.910/1932, art. 1º), counted conservatively from the end of the
#: certame, which is after every act of it. Product default.
ANOS_APOS_O_CERTAME = 5

#: The shredding's marker (one per object and rule), in the app that runs the shredding.
MARCADOR = "privacidade.Expurgo"
LOTE = 500


@dataclass(frozen=True)
class Regra:
    codigo: str
    titulo: str
    #: What it is, in plain words (shown to the candidate).
    dados: str
    #: Where it lives: models, fields and files (for RH and docs/operacao.md).
    onde: tuple[str, ...]
    #: Why it is held.
    finalidade: str
    #: The event the period counts from.
    evento: str
    #: The period after the event; None: no automatic end (MANTER).
    periodo: relativedelta | None
    prazo: str
    acao: str
    #: What happens at the end, and what stays.
    ao_fim: str
    #: Legal basis of the treatment, of the period and of its end.
    fundamento: str
    #: Where the rule is shown and executed among every app's rules (ascending).
    ordem: int
    #: The period is the product's default (no law fixes it).
    padrao_do_produto: bool = True

    @property
    def acao_texto(self) -> str:
        return str(ACOES[self.acao])

    @property
    def expurgavel(self) -> bool:
        return self.acao != MANTER


# --- the reference date ---------------------------------------------------------------------


def fim_do_certame(certame) -> dt.date | None:
    """The end of the certame's life, from which the retention periods count; None while it
    has not ended (nothing of it expires). THE one place to change when the certame gets a
    homologation date.

    The validity (CF art. 37, III: up to two years, extendable once) counts from the
    homologation, as editais provide. Today there is no homologation date, so its proxy is the
    latest of: the edital's publication, the end of the schedule's "Resultado final /
    homologação" stage, and the first time the certame's history shows it homologated or
    closed. The latest is taken so that the end is never earlier than the real one. A
    cancelled certame ends when it was cancelled (no validity runs).
    """
    status = Certame.Status
    if certame.status in (status.RASCUNHO, status.PUBLICADO, status.EM_ANDAMENTO):
        return None
    historia = certame.history.order_by("history_date")
    if certame.status == status.CANCELADO:
        quando = (historia.filter(status=status.CANCELADO)
                  .values_list("history_date", flat=True).first())
        return timezone.localdate(quando) if quando else timezone.localdate(certame.criado_em)
    datas = [certame.data_publicacao_edital]
    fim_etapa = (Etapa.objects.filter(certame=certame, tipo=Etapa.Tipo.RESULTADO_FINAL)
                 .order_by("-fim").values_list("fim", flat=True).first())
    if fim_etapa is not None:
        datas.append(timezone.localdate(fim_etapa))
    homologado = (historia.filter(status__in=(status.HOMOLOGADO, status.ENCERRADO))
                  .values_list("history_date", flat=True).first())
    if homologado is not None:
        datas.append(timezone.localdate(homologado))
    return max(datas) + relativedelta(months=certame.validade_meses + certame.prorrogacao_meses)


def retido_ate(regra_: Regra, referencia: dt.date) -> dt.date:
    """The last day the data is kept: the reference date plus the period. It is past
    retention from the next day on."""
    assert regra_.periodo is not None
    return referencia + regra_.periodo


def marca(regra: Regra, quando: dt.date) -> str:
    """The text left where a value or a file name was shredded: when and under which rule."""
    return _("[expurgado em %(d)s — regra “%(r)s” da política de retenção, LGPD art. 16]") % {
        "d": data_br(quando), "r": regra.codigo}


def hoje() -> dt.date:
    return timezone.localdate()


# --- what is past retention ------------------------------------------------------------------


@dataclass
class Alvo:
    """One object past retention under a rule."""

    objeto: models.Model
    certame_id: int | None
    referencia: dt.date
    retido_ate: dt.date
    #: File fields of the object to clear: field name -> stored name.
    arquivos: dict[str, str] = field(default_factory=dict)


@dataclass
class Resultado:
    """The figures of one rule (dry run or execution). Never any data."""

    regra: Regra
    registros: int = 0
    arquivos: int = 0
    historico: int = 0
    atos: int = 0
    por_certame: dict[str, int] = field(default_factory=dict)
    executado: bool = False
    ato_id: int | None = None
    #: Records deleted rather than anonymised, for the rules that do both (None: not one).
    apagados: int | None = None
    arquivos_apagados: int = 0
    erro: str = ""

    def como_dict(self) -> dict[str, Any]:
        dados = {"regra": self.regra.codigo, "registros": self.registros,
                 "arquivos": self.arquivos, "historico": self.historico, "atos": self.atos,
                 "por_certame": self.por_certame}
        if self.apagados is not None:
            dados["apagados"] = self.apagados
        return dados


def certames_vencidos(regra: Regra, em: dt.date) -> dict[int, tuple[dt.date, dt.date]]:
    """Certames whose data under this rule is past retention on `em`: id -> (end of the
    certame, last day kept)."""
    vencidos = {}
    abertos = (Certame.Status.RASCUNHO, Certame.Status.PUBLICADO, Certame.Status.EM_ANDAMENTO)
    for certame in Certame.objects.exclude(status__in=abertos).order_by("pk"):
        fim = fim_do_certame(certame)
        if fim is None:
            continue
        ate = retido_ate(regra, fim)
        if em > ate:
            vencidos[certame.pk] = (fim, ate)
    return vencidos


def marcados(modelo: type[models.Model], regra: Regra) -> models.QuerySet:
    """The markers this rule left on objects of `modelo` (the marker model is looked up by
    name: see the module's docstring)."""
    return apps.get_model(MARCADOR).objects.filter(
        regra=regra.codigo, objeto_tipo=ContentType.objects.get_for_model(modelo))


def sem_marca(qs: models.QuerySet, regra: Regra) -> models.QuerySet:
    """Objects of `qs` this rule has not shredded yet."""
    ids = (marcados(qs.model, regra).annotate(oid=Cast("objeto_id", BigIntegerField()))
           .values("oid"))
    return qs.exclude(pk__in=ids)


def alvos_por_certame(qs: models.QuerySet, regra: Regra, em: dt.date, caminho: str,
                      arquivos: tuple[str, ...] = (), carregar: tuple[str, ...] = ()
                      ) -> list[Alvo]:
    """The objects of `qs` (reaching their certame through `caminho`) past retention, those
    with a file in one of `arquivos` only; `carregar`: other fields to load."""
    vencidos = certames_vencidos(regra, em)
    if not vencidos:
        return []
    qs = sem_marca(qs.filter(**{f"{caminho}__in": list(vencidos)}), regra)
    for campo in arquivos:  # only objects that still have a file to delete
        qs = qs.exclude(**{campo: ""})
    qs = qs.only("pk", *arquivos, *carregar)
    alvos = []
    for obj in (qs.annotate(certame_expurgo=models.F(caminho)).order_by("pk")
                .iterator(chunk_size=2000)):
        fim, ate = vencidos[obj.certame_expurgo]
        nomes = {c: getattr(obj, c).name for c in arquivos if getattr(obj, c)}
        alvos.append(Alvo(obj, obj.certame_expurgo, fim, ate, nomes))
    return alvos


def alvos_por_data(qs: models.QuerySet, regra: Regra, em: dt.date, campo: str,
                   periodo: relativedelta | None = None) -> list[Alvo]:
    """The objects of `qs` that belong to no certame whose period (`periodo`, by default the
    rule's) counted from the day of their date-time `campo` has ended on `em`. A loose bound
    in the database (two days cover the months' ends of a period in months or years), the
    exact test on each."""
    periodo = periodo or regra.periodo
    assert periodo is not None
    limite = timezone.make_aware(dt.datetime.combine(em - periodo + dt.timedelta(days=2),
                                                     dt.time.min))
    alvos = []
    for obj in qs.filter(**{f"{campo}__lt": limite}).order_by("pk").iterator(chunk_size=2000):
        referencia = timezone.localdate(getattr(obj, campo))
        if em > referencia + periodo:
            alvos.append(Alvo(obj, None, referencia, referencia + periodo))
    return alvos


def lotes(valores: list, tamanho: int = LOTE) -> Iterable[list]:
    for i in range(0, len(valores), tamanho):
        yield valores[i:i + tamanho]


# --- the acts' copies ----------------------------------------------------------------------------


def atos_com_chaves(modelo, ids: list[int], chaves: Iterable[str]):
    """The acts about these objects whose `antes` or `depois` hold one of the keys."""
    ct = ContentType.objects.get_for_model(modelo)
    chaves = set(chaves)
    for lote in lotes([str(i) for i in ids]):
        for ato in (Ato.objects.filter(objeto_tipo=ct, objeto_id__in=lote)
                    .only("pk", "antes", "depois", "objeto_id").order_by("pk")):
            if any(isinstance(v, dict) and chaves & set(v) for v in (ato.antes, ato.depois)):
                yield ato


def redigir(valor, chaves: set[str], texto: str):
    """`valor` (an act's antes/depois) with `texto` in place of each of `chaves`."""
    if not isinstance(valor, dict):
        return valor
    return {k: (texto if k in chaves else v) for k, v in valor.items()}


def atualizar_ato(ato: Ato, antes, depois, objeto_repr: str | None = None) -> None:
    """Rewrite the copies of shredded values inside an act (and, for a deleted object, its
    description). `Ato` refuses any change through the model and its manager (the trail is
    append-only); this plain QuerySet is the one exception, used only by the shredders,
    inside the shredding transaction (on PostgreSQL the trigger accepts it only with
    `certames.expurgo_lgpd` on)."""
    valores = {"antes": antes, "depois": depois}
    if objeto_repr is not None:
        valores["objeto_repr"] = objeto_repr
    models.QuerySet(model=Ato).filter(pk=ato.pk).update(**valores)


# --- the rules' executors ----------------------------------------------------------------------


class Executor:
    """How one rule finds its objects and shreds them (one subclass per rule, declared by the
    app that holds the data)."""

    regra: Regra

    def alvos(self, em: dt.date) -> list[Alvo]:
        raise NotImplementedError

    def contar_registros(self, alvos: list[Alvo], resultado: Resultado) -> int:
        """How many records the rule takes (default: one per object)."""
        return len(alvos)

    def contar_extras(self, alvos: list[Alvo], resultado: Resultado) -> None:
        """History rows and acts the execution would touch (dry run)."""

    def aplicar(self, alvos: list[Alvo], resultado: Resultado, quando: dt.date) -> None:
        raise NotImplementedError

    def campos(self, alvo: Alvo) -> dict[str, Any]:
        raise NotImplementedError


#: A file source: (queryset, path to the certame, file field, original-name field or "").
FonteArquivo = tuple[Callable[[], models.QuerySet], str, str, str]


class Arquivos(Executor):
    """Rules that delete files and replace the original name by the marker. Its own sources,
    then those other apps added to the rule (`declarar_arquivos`)."""

    fontes: tuple[FonteArquivo, ...] = ()

    def todas_as_fontes(self) -> tuple[FonteArquivo, ...]:
        return (*self.fontes, *ARQUIVOS.get(self.regra.codigo, ()))

    def alvos(self, em):
        alvos = []
        for qs, caminho, campo, _nome in self.todas_as_fontes():
            alvos += alvos_por_certame(qs(), self.regra, em, caminho, (campo,))
        return alvos

    def aplicar(self, alvos, resultado, quando):
        texto = marca(self.regra, quando)[:250]
        por_modelo: dict[type, list[Alvo]] = {}
        for alvo in alvos:
            por_modelo.setdefault(type(alvo.objeto), []).append(alvo)
        for qs, _caminho, campo, nome in self.todas_as_fontes():
            modelo = qs().model
            ids = [a.objeto.pk for a in por_modelo.get(modelo, [])]
            valores = {campo: ""}
            if nome:
                valores[nome] = texto
            for lote in lotes(ids):
                modelo._base_manager.filter(pk__in=lote).update(**valores)

    def campos(self, alvo):
        campos = {f.name for f in type(alvo.objeto)._meta.concrete_fields}
        return {"arquivos": sorted(alvo.arquivos),
                "campos": ["nome_original"] if "nome_original" in campos else []}


# --- the registry ----------------------------------------------------------------------------

#: Every app's rules, in the order they are shown and executed (`Regra.ordem`).
REGRAS: list[Regra] = []
#: The rules that are not MANTER, in the same order.
EXPURGAVEIS: list[Regra] = []
POR_CODIGO: dict[str, Regra] = {}
#: The executor of each rule that is not MANTER.
EXECUTORES: dict[str, Executor] = {}
#: File sources apps added to a rule declared by another app: rule code -> sources.
ARQUIVOS: dict[str, list[FonteArquivo]] = {}
#: Functions (candidato, ids of their inscrições) -> {model: ids} giving an app's objects
#: that belong to the candidate (their markers are shown on the candidate's page).
OBJETOS_DO_TITULAR: list[Callable[[Any, list[int]], dict[type[models.Model], list]]] = []


def regra(codigo: str) -> Regra:
    return POR_CODIGO[codigo]


def declarar(*declaracoes: Regra | Executor) -> None:
    """Register an app's rules (called from its AppConfig.ready): a MANTER rule as itself,
    any other by its executor. A code or a position declared twice, a rule to execute without
    an executor or a MANTER one with it, is an error at start."""
    for item in declaracoes:
        executor = item if isinstance(item, Executor) else None
        nova = executor.regra if executor is not None else item
        assert isinstance(nova, Regra)
        if nova.codigo in POR_CODIGO:
            raise ImproperlyConfigured(f"retencao: regra {nova.codigo!r} declarada duas vezes.")
        if any(r.ordem == nova.ordem for r in REGRAS):
            raise ImproperlyConfigured(f"retencao: a ordem {nova.ordem} da regra "
                                       f"{nova.codigo!r} já é de outra regra.")
        if nova.expurgavel != (executor is not None):
            raise ImproperlyConfigured(
                f"retencao: a regra {nova.codigo!r} se declara pelo seu executor se, e só se, "
                "não for MANTER.")
        POR_CODIGO[nova.codigo] = nova
        REGRAS.append(nova)
        if executor is not None:
            EXECUTORES[nova.codigo] = executor
    REGRAS.sort(key=lambda r: r.ordem)
    EXPURGAVEIS[:] = [r for r in REGRAS if r.expurgavel]


def declarar_arquivos(codigo: str, *fontes: FonteArquivo) -> None:
    """Add an app's files to a file rule another app declares (checked at start:
    `verificar_arquivos`)."""
    ARQUIVOS.setdefault(codigo, []).extend(fontes)


def declarar_objetos_do_titular(
        funcao: Callable[[Any, list[int]], dict[type[models.Model], list]]) -> None:
    """Register an app's function giving the candidate's objects that may carry a marker."""
    OBJETOS_DO_TITULAR.append(funcao)


@register()
def verificar_arquivos(app_configs=None, **kwargs):
    """Every rule an app added files to is declared, and deletes files."""
    return [Error(f"Arquivos acrescentados à regra de retenção {codigo!r}, que não existe ou não "
                  "apaga arquivos.", hint="Declare a regra com um executor `Arquivos`.",
                  id="certames.E010")
            for codigo in ARQUIVOS if not isinstance(EXECUTORES.get(codigo), Arquivos)]

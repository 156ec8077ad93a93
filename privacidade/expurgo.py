"""Shredding what is past retention (`privacidade.politica`): the dry run and the execution.

For each rule that is not MANTER: which objects are past retention on a date (`levantar`),
and, to execute, one transaction per rule that anonymises the fields (also in the
simple-history rows and in the copies inside the acts), clears the file fields, leaves one
`Expurgo` marker per object and records one act (`expurgo_lgpd`) with the counts, never the
data. The files are deleted from storage only after the commit (a rolled-back transaction
leaves every file in place). An object already marked for a rule is never taken again, so a
second run changes nothing. The portal's sign-up requests (`PedidosCadastro`,
`Reivindicacoes`) have no history table; a request linked to no registration and no account is
deleted instead of anonymised (only its CPF would stay), its acts kept.

PostgreSQL: the history, act and appeal-attachment tables are append-only (triggers in
`comum.somente_insercao`); the only UPDATE they accept is one made in a transaction that
ran `SET LOCAL certames.expurgo_lgpd = 'on'`, which `_liberar_anonimizacao` does, by a role
with UPDATE privilege on them (the owner's DATABASE_URL: the application role has none).
Nothing is ever DELETEd from those tables.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.db import DatabaseError, connection, models, transaction
from django.db.models import BigIntegerField, Q
from django.db.models.functions import Cast
from django.utils import timezone
from django.utils.translation import gettext as _

from candidatos.models import (
    ExtratoCadUnico,
    Importacao,
    Inscricao,
    Lista,
    PedidoCadastro,
    PedidoIsencao,
    RegistroCadUnico,
)
from certames.auditoria import registrar_ato
from certames.models import Ato, Certame
from comissoes.models import DocumentoEnviado
from comum import cache_publico
from comum.formatos import data_br
from nucleo.models import AnexoRecurso
from privacidade import politica
from privacidade.models import Expurgo
from privacidade.politica import Regra

TIPO_ATO = "expurgo_lgpd"
#: Fields of the self-declaration, anonymised in the inscrição, its history and its acts.
CAMPOS_AUTODECLARACAO = {"cor_raca": "", "quilombola": False, "deficiencia": False,
                         "tipo_deficiencia": ""}
#: What the NIS becomes (the table requires a NIS on a CadÚnico request).
NIS_EXPURGADO = "expurgado"
#: What a portal sign-up request holds that the person typed (PEDIDOS_CADASTRO,
#: REIVINDICACOES). The table requires a name, a birth date and an e-mail (NOT NULL): the name
#: becomes the marker, the birth date DATA_EXPURGADA (no candidate was born then), the others
#: are blank (an empty address is what the sign-up e-mails already treat as "nobody to send
#: to"). The password hash, already erased when a request ends, is erased from an expired one.
CAMPOS_PEDIDO = ("nome", "nome_social", "data_nascimento", "email", "telefone",
                 "numero_inscricao", "explicacao", "email_destino", "senha")
DATA_EXPURGADA = dt.date(1900, 1, 1)
LOTE = 500


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


def _certames_vencidos(regra: Regra, em: dt.date) -> dict[int, tuple[dt.date, dt.date]]:
    """Certames whose data under this rule is past retention on `em`: id -> (end of the
    certame, last day kept)."""
    vencidos = {}
    abertos = (Certame.Status.RASCUNHO, Certame.Status.PUBLICADO, Certame.Status.EM_ANDAMENTO)
    for certame in Certame.objects.exclude(status__in=abertos).order_by("pk"):
        fim = politica.fim_do_certame(certame)
        if fim is None:
            continue
        ate = politica.retido_ate(regra, fim)
        if em > ate:
            vencidos[certame.pk] = (fim, ate)
    return vencidos


def certames_sem_fim() -> int:
    """How many certames have no end yet (in progress): nothing of them expires."""
    return sum(1 for c in Certame.objects.all() if politica.fim_do_certame(c) is None)


def _sem_marca(qs: models.QuerySet, regra: Regra) -> models.QuerySet:
    """Objects of `qs` this rule has not shredded yet."""
    ct = ContentType.objects.get_for_model(qs.model)
    marcados = (Expurgo.objects.filter(regra=regra.codigo, objeto_tipo=ct)
                .annotate(oid=Cast("objeto_id", BigIntegerField())).values("oid"))
    return qs.exclude(pk__in=marcados)


def _alvos_por_certame(qs: models.QuerySet, regra: Regra, em: dt.date, caminho: str,
                       arquivos: tuple[str, ...] = (), carregar: tuple[str, ...] = ()
                       ) -> list[Alvo]:
    """The objects of `qs` (reaching their certame through `caminho`) past retention, those
    with a file in one of `arquivos` only; `carregar`: other fields to load."""
    vencidos = _certames_vencidos(regra, em)
    if not vencidos:
        return []
    qs = _sem_marca(qs.filter(**{f"{caminho}__in": list(vencidos)}), regra)
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


def _lotes(valores: list, tamanho: int = LOTE) -> Iterable[list]:
    for i in range(0, len(valores), tamanho):
        yield valores[i:i + tamanho]


# --- the rules' executors ----------------------------------------------------------------------


class Executor:
    """How one rule finds its objects and shreds them."""

    regra: Regra

    def alvos(self, em: dt.date) -> list[Alvo]:
        raise NotImplementedError

    def contar_extras(self, alvos: list[Alvo], resultado: Resultado) -> None:
        """History rows and acts the execution would touch (dry run)."""

    def aplicar(self, alvos: list[Alvo], resultado: Resultado, quando: dt.date) -> None:
        raise NotImplementedError

    def campos(self, alvo: Alvo) -> dict[str, Any]:
        raise NotImplementedError


def _atos_com_chaves(modelo, ids: list[int], chaves: Iterable[str]):
    """The acts about these objects whose `antes` or `depois` hold one of the keys."""
    ct = ContentType.objects.get_for_model(modelo)
    chaves = set(chaves)
    for lote in _lotes([str(i) for i in ids]):
        for ato in (Ato.objects.filter(objeto_tipo=ct, objeto_id__in=lote)
                    .only("pk", "antes", "depois", "objeto_id").order_by("pk")):
            if any(isinstance(v, dict) and chaves & set(v) for v in (ato.antes, ato.depois)):
                yield ato


def _redigir(valor, chaves: set[str], texto: str):
    if not isinstance(valor, dict):
        return valor
    return {k: (texto if k in chaves else v) for k, v in valor.items()}


class Autodeclaracao(Executor):
    regra = politica.AUTODECLARACAO

    def alvos(self, em):
        # Every inscrição of the certame (the receipt, when any, is deleted too).
        alvos = _alvos_por_certame(Inscricao.objects.all(), self.regra, em, "certame_id",
                                   carregar=("comprovante",))
        for alvo in alvos:
            if alvo.objeto.comprovante:
                alvo.arquivos["comprovante"] = alvo.objeto.comprovante.name
        return alvos

    def contar_extras(self, alvos, resultado):
        ids = [a.objeto.pk for a in alvos]
        historico = Inscricao.history.model.objects
        resultado.historico = sum(historico.filter(id__in=lote).count() for lote in _lotes(ids))
        resultado.atos = sum(1 for _a in _atos_com_chaves(Inscricao, ids, CAMPOS_AUTODECLARACAO))

    def aplicar(self, alvos, resultado, quando):
        ids = [a.objeto.pk for a in alvos]
        historico = Inscricao.history.model.objects
        for lote in _lotes(ids):
            # QuerySet.update: no new history row (the old ones are anonymised below).
            Inscricao.objects.filter(pk__in=lote).update(comprovante="", **CAMPOS_AUTODECLARACAO)
            resultado.historico += historico.filter(id__in=lote).update(**CAMPOS_AUTODECLARACAO)
        texto = marca(self.regra, quando)
        self.atos_por_objeto = Counter()
        for ato in list(_atos_com_chaves(Inscricao, ids, CAMPOS_AUTODECLARACAO)):
            _atualizar_ato(ato, _redigir(ato.antes, set(CAMPOS_AUTODECLARACAO), texto),
                           _redigir(ato.depois, set(CAMPOS_AUTODECLARACAO), texto))
            self.atos_por_objeto[ato.objeto_id] += 1
            resultado.atos += 1

    def campos(self, alvo):
        return {"campos": sorted(CAMPOS_AUTODECLARACAO), "arquivos": sorted(alvo.arquivos),
                "historico": True, "atos": self.atos_por_objeto.get(str(alvo.objeto.pk), 0)}


def _atualizar_ato(ato: Ato, antes, depois, objeto_repr: str | None = None) -> None:
    """Rewrite the copies of shredded values inside an act (and, for a deleted object, its
    description). `Ato` refuses any change through the model and its manager (the trail is
    append-only); this plain QuerySet is the one exception, used only here, inside the
    shredding transaction (on PostgreSQL the trigger accepts it only with
    `certames.expurgo_lgpd` on)."""
    valores = {"antes": antes, "depois": depois}
    if objeto_repr is not None:
        valores["objeto_repr"] = objeto_repr
    models.QuerySet(model=Ato).filter(pk=ato.pk).update(**valores)


class Arquivos(Executor):
    """Rules that delete files and replace the original name by the marker."""

    #: (queryset, path to the certame, file field, original-name field or "")
    fontes: tuple[tuple[Callable[[], models.QuerySet], str, str, str], ...] = ()

    def alvos(self, em):
        alvos = []
        for qs, caminho, campo, _nome in self.fontes:
            alvos += _alvos_por_certame(qs(), self.regra, em, caminho, (campo,))
        return alvos

    def aplicar(self, alvos, resultado, quando):
        texto = marca(self.regra, quando)[:250]
        por_modelo: dict[type, list[Alvo]] = {}
        for alvo in alvos:
            por_modelo.setdefault(type(alvo.objeto), []).append(alvo)
        for qs, _caminho, campo, nome in self.fontes:
            modelo = qs().model
            ids = [a.objeto.pk for a in por_modelo.get(modelo, [])]
            valores = {campo: ""}
            if nome:
                valores[nome] = texto
            for lote in _lotes(ids):
                modelo._base_manager.filter(pk__in=lote).update(**valores)

    def campos(self, alvo):
        campos = {f.name for f in type(alvo.objeto)._meta.concrete_fields}
        return {"arquivos": sorted(alvo.arquivos),
                "campos": ["nome_original"] if "nome_original" in campos else []}


class Laudos(Arquivos):
    regra = politica.LAUDOS
    fontes = ((lambda: DocumentoEnviado.objects.filter(lista=Lista.PCD),
               "inscricao__certame_id", "arquivo", "nome_original"),)


class Documentos(Arquivos):
    regra = politica.DOCUMENTOS
    fontes = (
        (lambda: DocumentoEnviado.objects.exclude(lista=Lista.PCD),
         "inscricao__certame_id", "arquivo", "nome_original"),
        (lambda: AnexoRecurso.objects.all(),
         "recurso__inscricao__certame_id", "arquivo", "nome_original"),
        (lambda: PedidoIsencao.objects.all(), "inscricao__certame_id", "comprovante_doacao", ""),
        (lambda: PedidoIsencao.objects.all(), "inscricao__certame_id", "comprovante_cadunico",
         ""),
    )


class Importacoes(Arquivos):
    regra = politica.IMPORTACOES
    fontes = ((lambda: Importacao.objects.all(), "certame_id", "arquivo", ""),)


class CadUnico(Executor):
    regra = politica.CADUNICO

    def alvos(self, em):
        qs = PedidoIsencao.objects.filter(tipo=PedidoIsencao.Tipo.CADUNICO)
        return _alvos_por_certame(qs, self.regra, em, "inscricao__certame_id")

    def contar_extras(self, alvos, resultado):
        ids = [a.objeto.pk for a in alvos]
        historico = PedidoIsencao.history.model.objects
        resultado.historico = sum(historico.filter(id__in=lote).count() for lote in _lotes(ids))

    def aplicar(self, alvos, resultado, quando):
        ids = [a.objeto.pk for a in alvos]
        historico = PedidoIsencao.history.model.objects
        for lote in _lotes(ids):
            PedidoIsencao.objects.filter(pk__in=lote).update(nis=NIS_EXPURGADO,
                                                             renda_per_capita=None)
            resultado.historico += historico.filter(id__in=lote).update(
                nis=NIS_EXPURGADO, renda_per_capita=None)

    def campos(self, alvo):
        return {"campos": ["nis", "renda_per_capita"], "historico": True}


class ExtratoCadUnicoExecutor(Executor):
    regra = politica.EXTRATO_CADUNICO

    def alvos(self, em):
        extratos = list(ExtratoCadUnico.objects.order_by("data_referencia", "importado_em", "pk"))
        pendentes = set(PedidoIsencao.objects.filter(
            tipo=PedidoIsencao.Tipo.CADUNICO, resultado_preliminar="", extrato__isnull=False)
            .values_list("extrato_id", flat=True))
        com_linhas = set(RegistroCadUnico.objects.values_list("extrato_id", flat=True)
                         .distinct())
        marcados = set(Expurgo.objects.filter(
            regra=self.regra.codigo,
            objeto_tipo=ContentType.objects.get_for_model(ExtratoCadUnico))
            .values_list("objeto_id", flat=True))
        alvos = []
        for i, extrato in enumerate(extratos):
            if (extrato.pk in pendentes or extrato.pk not in com_linhas
                    or str(extrato.pk) in marcados):
                continue
            # Superseded when a newer extract (the order `cadunico.ultimo_extrato` uses) was
            # imported: from then on the checks use that one.
            mais_novos = [e.importado_em for e in extratos[i + 1:]]
            substituido = (timezone.localdate(max(extrato.importado_em, min(mais_novos)))
                           if mais_novos else None)
            ate = politica.fim_extrato(extrato.data_referencia, substituido)
            if em > ate:
                alvos.append(Alvo(extrato, None, substituido or extrato.data_referencia, ate))
        return alvos

    def contar_extras(self, alvos, resultado):
        self.linhas = Counter(RegistroCadUnico.objects.filter(
            extrato__in=[a.objeto for a in alvos]).values_list("extrato_id", flat=True))
        resultado.historico = 0

    def aplicar(self, alvos, resultado, quando):
        self.contar_extras(alvos, resultado)
        for alvo in alvos:
            RegistroCadUnico.objects.filter(extrato=alvo.objeto).delete()

    def campos(self, alvo):
        return {"registros_apagados": self.linhas.get(alvo.objeto.pk, 0)}


SituacaoPedido = PedidoCadastro.Situacao
#: Claims RH decided, approving or refusing them (Lei 9.784/1999, art. 50): the only way a
#: claim (`analise_rh`) becomes "concluido" or "recusado", and the only requests with an author
#: of the decision.
DECIDIDOS_PELA_ORGANIZADORA = (
    Q(via=PedidoCadastro.Via.ANALISE_RH,
      situacao__in=[SituacaoPedido.CONCLUIDO, SituacaoPedido.RECUSADO])
    | Q(decidido_por__isnull=False))


def _normalizado(valor) -> str:
    return str(valor).strip().lower()


def _digitado(pedido: PedidoCadastro) -> dict[str, str]:
    """What the person typed in the request (non-empty values, normalised to compare)."""
    return {campo: _normalizado(getattr(pedido, campo)) for campo in CAMPOS_PEDIDO
            if campo != "senha" and getattr(pedido, campo) not in (None, "")}


def _redigir_copias(valor, digitado: dict[str, str], texto: str):
    """`valor` (an act's antes/depois) with the marker in place of each key that holds a copy
    of what was typed: the same field and the same value. Other values under those keys (the
    previous values of the registration an approval changed, kept under "identificacao") stay."""
    if not isinstance(valor, dict):
        return valor
    return {k: (texto if k in digitado and v not in (None, "") and _normalizado(v) == digitado[k]
                else v) for k, v in valor.items()}


class PedidosCadastro(Executor):
    """Portal sign-up requests that ended without an RH decision, past retention
    (PEDIDOS_CADASTRO); `Reivindicacoes` takes the claims RH decided. What was typed is
    anonymised in the request and in the copies inside its acts; a request linked to no
    registration and no account (a CPF no record holds, never confirmed) is deleted, its acts'
    description (the masked CPF) replaced by the marker: only that CPF, of someone who is not a
    candidate, would stay."""

    regra = politica.PEDIDOS_CADASTRO
    #: Delete the requests linked to nothing (never a decided claim).
    apagar_soltos = True

    def _pedidos(self) -> models.QuerySet:
        return (PedidoCadastro.objects.exclude(situacao=SituacaoPedido.EM_ANALISE)
                .exclude(DECIDIDOS_PELA_ORGANIZADORA))

    def _solto(self, pedido: PedidoCadastro) -> bool:
        return self.apagar_soltos and pedido.candidato_id is None and pedido.usuario_id is None

    def alvos(self, em):
        # A request ends on or after the day it was made: a loose bound in the database (the
        # two days cover the end of February in a period of years), the exact test below.
        limite = timezone.make_aware(dt.datetime.combine(
            em - self.regra.periodo + dt.timedelta(days=2), dt.time.min))
        qs = _sem_marca(self._pedidos().filter(criado_em__lt=limite), self.regra)
        alvos = []
        for pedido in qs.order_by("pk").iterator(chunk_size=2000):
            fim = politica.fim_do_pedido(pedido)
            if fim is None:
                continue
            ate = politica.retido_ate(self.regra, fim)
            if em > ate:
                alvos.append(Alvo(pedido, None, fim, ate))
        return alvos

    def _atos(self, alvos: list[Alvo], texto: str):
        """(act, antes, depois, description or None) of each act about these requests that
        holds a copy of what was typed or describes a request about to be deleted."""
        pedidos = {str(a.objeto.pk): a.objeto for a in alvos}
        ct = ContentType.objects.get_for_model(PedidoCadastro)
        for lote in _lotes(list(pedidos)):
            for ato in (Ato.objects.filter(objeto_tipo=ct, objeto_id__in=lote)
                        .only("pk", "antes", "depois", "objeto_id", "objeto_repr")
                        .order_by("pk")):
                pedido = pedidos[ato.objeto_id]
                digitado = _digitado(pedido)
                antes = _redigir_copias(ato.antes, digitado, texto)
                depois = _redigir_copias(ato.depois, digitado, texto)
                descricao = None
                if self._solto(pedido):
                    descricao = (_("Pedido de cadastro nº %(n)s") % {"n": pedido.pk}
                                 + " " + texto)[:250]
                if (antes, depois) != (ato.antes, ato.depois) or descricao is not None:
                    yield ato, antes, depois, descricao

    def contar_extras(self, alvos, resultado):
        resultado.atos = sum(1 for _a in self._atos(alvos, marca(self.regra, hoje())))
        if self.apagar_soltos:
            resultado.apagados = sum(1 for a in alvos if self._solto(a.objeto))

    def aplicar(self, alvos, resultado, quando):
        texto = marca(self.regra, quando)
        self.atos_por_objeto = Counter()
        for ato, antes, depois, descricao in list(self._atos(alvos, texto)):
            _atualizar_ato(ato, antes, depois, descricao)
            self.atos_por_objeto[ato.objeto_id] += 1
            resultado.atos += 1
        soltos = [a.objeto.pk for a in alvos if self._solto(a.objeto)]
        ligados = [a.objeto.pk for a in alvos if not self._solto(a.objeto)]
        valores = {campo: "" for campo in CAMPOS_PEDIDO}
        valores.update(nome=texto[:200], data_nascimento=DATA_EXPURGADA)
        for lote in _lotes(ligados):
            PedidoCadastro.objects.filter(pk__in=lote).update(**valores)
        for lote in _lotes(soltos):
            PedidoCadastro.objects.filter(pk__in=lote).delete()
        if self.apagar_soltos:
            resultado.apagados = len(soltos)

    def campos(self, alvo):
        atos = self.atos_por_objeto.get(str(alvo.objeto.pk), 0)
        if self._solto(alvo.objeto):
            return {"registro_apagado": True, "atos": atos}
        return {"campos": sorted(CAMPOS_PEDIDO), "atos": atos}


class Reivindicacoes(PedidosCadastro):
    """Claims RH decided (REIVINDICACOES): the same anonymisation, never a deletion; the
    decision (author, motivation, dates) stays."""

    regra = politica.REIVINDICACOES
    apagar_soltos = False

    def _pedidos(self):
        return (PedidoCadastro.objects.exclude(situacao=SituacaoPedido.EM_ANALISE)
                .filter(DECIDIDOS_PELA_ORGANIZADORA))


EXECUTORES: dict[str, Executor] = {e.regra.codigo: e for e in (
    Autodeclaracao(), Laudos(), Documentos(), CadUnico(), ExtratoCadUnicoExecutor(),
    Importacoes(), PedidosCadastro(), Reivindicacoes())}
assert set(EXECUTORES) == {r.codigo for r in politica.EXPURGAVEIS}


# --- dry run and execution ---------------------------------------------------------------------


def _contar(executor: Executor, alvos: list[Alvo], resultado: Resultado) -> None:
    resultado.arquivos = sum(len(a.arquivos) for a in alvos)
    if isinstance(executor, ExtratoCadUnicoExecutor):
        executor.contar_extras(alvos, resultado)
        resultado.registros = sum(executor.linhas.values())
    else:
        resultado.registros = len(alvos)
    resultado.por_certame = {
        str(k): v for k, v in sorted(Counter(a.certame_id for a in alvos
                                             if a.certame_id is not None).items())}


def simular(em: dt.date | None = None) -> list[Resultado]:
    """Per rule, what is past retention on `em` (default today). Changes nothing."""
    em = em or hoje()
    resultados = []
    for regra in politica.EXPURGAVEIS:
        executor = EXECUTORES[regra.codigo]
        resultado = Resultado(regra)
        alvos = executor.alvos(em)
        _contar(executor, alvos, resultado)
        if alvos and not isinstance(executor, ExtratoCadUnicoExecutor):
            executor.contar_extras(alvos, resultado)
        resultados.append(resultado)
    return resultados


def _liberar_anonimizacao() -> None:
    """PostgreSQL: let this transaction UPDATE the append-only tables (see the module doc)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL certames.expurgo_lgpd = 'on'")


def _apagar_depois(arquivos: list[tuple[Any, str]], resultado: Resultado) -> None:
    def apagar():
        for storage, nome in arquivos:
            if storage.exists(nome):
                storage.delete(nome)
                resultado.arquivos_apagados += 1

    transaction.on_commit(apagar)


def executar_regra(regra: Regra, em: dt.date, autor=None) -> Resultado:
    """Shred what is past retention under one rule, in one transaction; one act with the
    counts. Nothing past retention: nothing written, no act."""
    if em > hoje():
        raise ValidationError(_("Não se expurga com data futura (%(d)s): a retenção ainda não "
                                "terminou.") % {"d": data_br(em)})
    executor = EXECUTORES[regra.codigo]
    resultado = Resultado(regra, executado=True)
    quando = hoje()
    with transaction.atomic():
        _liberar_anonimizacao()
        alvos = executor.alvos(em)
        if not alvos:
            return resultado
        _contar(executor, alvos, resultado)
        executor.aplicar(alvos, resultado, quando)
        descricao = _("Expurgo LGPD — %(t)s: %(n)d registro(s), %(a)d arquivo(s), %(h)d "
                      "linha(s) de histórico e %(c)d ato(s) anonimizados.") % {
            "t": regra.titulo, "n": resultado.registros, "a": resultado.arquivos,
            "h": resultado.historico, "c": resultado.atos}
        if resultado.apagados:
            descricao += " " + _("Dos registros, %(x)d apagado(s) em vez de anonimizado(s).") % {
                "x": resultado.apagados}
        ato = registrar_ato(
            tipo=TIPO_ATO, autor=autor, descricao=descricao,
            motivacao=_("Prazo de retenção (%(p)s) vencido em %(em)s. %(f)s") % {
                "p": regra.prazo, "em": data_br(em), "f": regra.fundamento},
            fundamento_legal=_("LGPD (Lei 13.709/2018), art. 15 e 16; política de retenção, "
                               "regra “%(r)s”") % {"r": regra.codigo},
            depois={**resultado.como_dict(), "em": em.isoformat()})
        resultado.ato_id = ato.pk
        tipos: dict[type, ContentType] = {}
        marcas = []
        for alvo in alvos:
            modelo = type(alvo.objeto)
            ct = tipos.setdefault(modelo, ContentType.objects.get_for_model(modelo))
            marcas.append(Expurgo(
                regra=regra.codigo, objeto_tipo=ct, objeto_id=str(alvo.objeto.pk),
                campos=executor.campos(alvo), referencia=alvo.referencia,
                retido_ate=alvo.retido_ate, fundamento=regra.fundamento, ato=ato))
        Expurgo.objects.bulk_create(marcas, batch_size=LOTE)
        # The updates above send no signal: every cached page may show what was purged
        # (a candidate's status page shows the self-declaration).
        cache_publico.renovar(cache_publico.TODOS)
        _apagar_depois([(getattr(a.objeto, campo).storage, nome) for a in alvos
                        for campo, nome in a.arquivos.items()], resultado)
    return resultado


def executar(em: dt.date | None = None, autor=None) -> list[Resultado]:
    """Every rule, each in its own transaction. A rule that fails (e.g. PostgreSQL refused
    the UPDATE) is reported in its `erro` and the others go on."""
    em = em or hoje()
    resultados = []
    for regra in politica.EXPURGAVEIS:
        try:
            resultados.append(executar_regra(regra, em, autor))
        except DatabaseError as exc:
            resultados.append(Resultado(regra, executado=True, erro=str(exc).strip()))
    return resultados

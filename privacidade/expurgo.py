"""Shredding what is past retention (`certames.retencao`): the dry run and the execution.

For each rule that is not MANTER, as its app declared it with its executor (`<app>/
declaracoes.py`): which objects are past retention on a date (`Executor.alvos`), and, to
execute, one transaction per rule in which the executor anonymises the fields (also in the
simple-history rows and in the copies inside the acts) or clears the file fields, and this
module leaves one `Expurgo` marker per object and records one act (`expurgo_lgpd`) with the
counts, never the data. The files are deleted from storage only after the commit (a
rolled-back transaction leaves every file in place). An object already marked for a rule is
never taken again, so a second run changes nothing.

PostgreSQL: the history, act and appeal-attachment tables are append-only (triggers in
`comum.somente_insercao`); the only UPDATE they accept is one made in a transaction that
ran `SET LOCAL certames.expurgo_lgpd = 'on'`, which `_liberar_anonimizacao` does, by a role
with UPDATE privilege on them (the owner's DATABASE_URL: the application role has none).
Nothing is ever DELETEd from those tables.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.db import DatabaseError, connection, transaction
from django.utils.translation import gettext as _

from certames import retencao
from certames.auditoria import registrar_ato
from certames.models import Certame
from certames.retencao import EXECUTORES, Alvo, Executor, Regra, Resultado, hoje
from comum import cache_publico
from comum.formatos import data_br
from privacidade.models import Expurgo

TIPO_ATO = "expurgo_lgpd"


def certames_sem_fim() -> int:
    """How many certames have no end yet (in progress): nothing of them expires."""
    return sum(1 for c in Certame.objects.all() if retencao.fim_do_certame(c) is None)


# --- dry run and execution ---------------------------------------------------------------------


def _contar(executor: Executor, alvos: list[Alvo], resultado: Resultado) -> None:
    resultado.arquivos = sum(len(a.arquivos) for a in alvos)
    resultado.registros = executor.contar_registros(alvos, resultado)
    resultado.por_certame = {
        str(k): v for k, v in sorted(Counter(a.certame_id for a in alvos
                                             if a.certame_id is not None).items())}


def simular(em: dt.date | None = None) -> list[Resultado]:
    """Per rule, what is past retention on `em` (default today). Changes nothing."""
    em = em or hoje()
    resultados = []
    for regra in retencao.EXPURGAVEIS:
        executor = EXECUTORES[regra.codigo]
        resultado = Resultado(regra)
        alvos = executor.alvos(em)
        _contar(executor, alvos, resultado)
        if alvos:
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
        Expurgo.objects.bulk_create(marcas, batch_size=retencao.LOTE)
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
    for regra in retencao.EXPURGAVEIS:
        try:
            resultados.append(executar_regra(regra, em, autor))
        except DatabaseError as exc:
            resultados.append(Resultado(regra, executado=True, erro=str(exc).strip()))
    return resultados

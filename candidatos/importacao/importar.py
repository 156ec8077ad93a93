"""The import of the banca's spreadsheet, both phases: `importar_inscricoes`.

The whole file is validated first (`candidatos.importacao.linhas`); then one transaction,
holding the certame's row lock, checks it against the database
(`candidatos.importacao.conferencia`), writes what changed (`candidatos.importacao.plano`,
through `gravacao_copia` or `gravacao_orm`), records the act and asks for the recompute.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import contextmanager

from django.db import connection, transaction
from django.utils.translation import gettext as _

from candidatos.importacao.conferencia import _validar_contra_banco
from candidatos.importacao.gravacao_copia import _gravar_copia, copia_disponivel
from candidatos.importacao.gravacao_orm import _gravar_orm
from candidatos.importacao.linhas import (
    COLUNA_DESEMPATE,
    COLUNAS,
    OBRIGATORIAS,
    Progresso,
    _validar_linhas,
)
from candidatos.importacao.plano import Resumo, _planejar
from certames.auditoria import registrar_ato
from certames.models import Certame
from certames.recalculo import solicitar_recalculo
from certames.situacao import motivo_certame_parado
from certames.travas import travar_sem_ler
from comum import cache_publico
from comum.planilhas import ArquivoRejeitado, ErroLinha, ler_planilha

#: How the rows are written: "copia" (PostgreSQL COPY into staging tables and set-based
#: statements), "orm" (bulk operations of the ORM, any database), "auto" (COPY when possible).
VIA_AUTO, VIA_COPIA, VIA_ORM = "auto", "copia", "orm"


def _recusar_parado(certame: Certame) -> None:
    """A stopped certame (`certames.situacao`) takes no import: the file is refused whole."""
    motivo = motivo_certame_parado(certame)
    if motivo:
        raise ArquivoRejeitado([ErroLinha(0, "", motivo)])


def importar_inscricoes(
    certame: Certame,
    conteudo: bytes,
    *,
    autor=None,
    nome_arquivo: str = "",
    progresso: Progresso | None = None,
    ao_gravar: Callable[[Resumo], None] | None = None,
    via: str = VIA_AUTO,
) -> Resumo:
    """Validate the whole file, then check it against the database and write it, in one
    transaction. Raises ArquivoRejeitado (nothing written). `ao_gravar(resumo)` runs inside
    the write transaction, after the rows: whatever it records commits with them or not at
    all. `via` chooses how the rows are written (VIA_AUTO: COPY on PostgreSQL when the role
    may create temporary tables, the ORM otherwise); both write the same rows."""
    if via not in (VIA_AUTO, VIA_COPIA, VIA_ORM):
        raise ValueError(f"via desconhecida: {via!r}")
    progresso = progresso or (lambda feito, total, fase: None)
    _recusar_parado(certame)
    planilha = ler_planilha(conteudo, COLUNAS, OBRIGATORIAS, extras=COLUNA_DESEMPATE)
    # Tie-break columns in the order of their numbers (desempate_1, desempate_2, ...).
    col_desempate = [extra.indice for extra in sorted(
        planilha.extras, key=lambda extra: (int(extra.encontro.group(1)), extra.indice))]
    nomes_desempate = [planilha.cabecalho[i] for i in col_desempate]
    validas, erros, excedentes = _validar_linhas(certame, planilha, col_desempate,
                                                 nomes_desempate, progresso)
    if not erros:
        progresso(planilha.total_linhas, planilha.total_linhas, "gravando")
    with transaction.atomic():
        # The certame's lock serialises imports and portal inscrições of this certame, so the
        # checks below still hold when the rows are written.
        travar_sem_ler(Certame, certame)
        _recusar_parado(Certame.objects.get(pk=certame.pk))
        with _ajustes_postgresql():
            resumo = _conferir_e_gravar(certame, validas, nomes_desempate, erros, excedentes,
                                        autor=autor, nome_arquivo=nome_arquivo, via=via)
        if ao_gravar is not None:
            ao_gravar(resumo)
    return resumo


@contextmanager
def _ajustes_postgresql():
    """On PostgreSQL, for the import's statements only: no JIT (it would spend seconds
    compiling plans of 100,000-row statements that run once; the column-history trigger turns
    it off for itself too) and room to sort and hash 100,000 rows in memory. Transaction-local
    (`set_config(..., true)`) and restored on the way out; a rollback reverts them anyway."""
    if connection.vendor != "postgresql":
        yield
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT current_setting('jit'), current_setting('work_mem'), "
                       "set_config('jit', 'off', true), set_config('work_mem', '64MB', true)")
        jit, work_mem = cursor.fetchone()[:2]
    yield
    with connection.cursor() as cursor:
        cursor.execute("SELECT set_config('jit', %s, true), set_config('work_mem', %s, true)",
                       [jit, work_mem])


def _conferir_e_gravar(certame, validas, nomes_desempate, erros, excedentes, *, autor,
                       nome_arquivo, via) -> Resumo:
    # The valid rows are checked against the database even when others have errors, so
    # one round lists every error of the file (the first MAX_ERROS, and their total).
    existentes_num, candidatos_existentes = _validar_contra_banco(
        certame, validas, nomes_desempate, erros, excedentes)
    if via == VIA_AUTO:
        via = VIA_COPIA if copia_disponivel() else VIA_ORM
    elif via == VIA_COPIA and not copia_disponivel():
        raise ValueError("COPY exige PostgreSQL e o privilégio TEMPORARY no banco")
    return _gravar(certame, validas, existentes_num, candidatos_existentes, autor=autor,
                   nome_arquivo=nome_arquivo, via=via)


def _gravar(certame, validas, existentes_num, candidatos_existentes, *, autor,
            nome_arquivo, via: str) -> Resumo:
    """Write the validated rows (called inside importar_inscricoes' transaction)."""
    resumo = Resumo(linhas=len(validas))
    plano = _planejar(validas, existentes_num, candidatos_existentes, resumo)
    if via == VIA_COPIA:
        _gravar_copia(certame, plano, candidatos_existentes, existentes_num, autor=autor)
    else:
        _gravar_orm(certame, plano, candidatos_existentes, autor=autor)

    if plano.candidatos_novos or plano.candidatos_alterados or plano.inscricoes_novas \
            or plano.inscricoes_alteradas:
        registrar_ato(
            tipo="importacao_inscricoes",
            descricao=_("Importação de inscrições e notas (%(arquivo)s): %(c)d criadas, "
                        "%(a)d atualizadas.") % {"arquivo": nome_arquivo or "arquivo",
                                                 "c": resumo.inscricoes_criadas,
                                                 "a": resumo.inscricoes_atualizadas},
            autor=autor, certame=certame, objeto=certame, depois=resumo.como_dict())
        solicitar_recalculo(resumo.cargos_afetados,
                            causa=_("importação de inscrições e notas (%(arquivo)s)") % {
                                "arquivo": nome_arquivo or "arquivo"})
        _renovar_contas_com_novas(validas, existentes_num, candidatos_existentes)
    return resumo


def _renovar_contas_com_novas(validas, existentes_num, candidatos_existentes) -> None:
    """A new inscrição of a candidate who has an account is on the account's dashboard
    (candidatos/cache_situacao.py); the bulk writes send no signal, so renew those accounts
    here, in the import's transaction."""
    com_novas = {lin.valores["cpf"] for lin in validas
                 if lin.valores["inscricao"] not in existentes_num}
    contas = {c["usuario_id"] for cpf, c in candidatos_existentes.items()
              if cpf in com_novas and c.get("usuario_id")}
    cache_publico.renovar(*(cache_publico.escopo_usuario(u) for u in contas))

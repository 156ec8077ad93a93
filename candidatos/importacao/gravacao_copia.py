"""The import's writer through COPY (PostgreSQL).

The plan is streamed with COPY into temporary staging tables (dropped at the end, and ON
COMMIT DROP in any case), then each target is written by ONE set-based statement whose
data-modifying CTE feeds the simple-history table the same rows the ORM path writes (one
"+" row per created candidate and inscrição, one "~" row per changed one, with the import's
author and the reason "importação"). The column-history triggers of candidatos_inscricao are
statement-level, so they record these statements like any other. Everything runs inside
importar_inscricoes' transaction: a failure leaves nothing written. COPY's escaping of tabs,
line breaks and backslashes in user text is psycopg's (`write_row`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from django.db import connection
from django.utils import timezone

from candidatos.importacao.consultas import CAMPOS_CANDIDATO, CAMPOS_INSCRICAO
from candidatos.importacao.plano import MOTIVO_HISTORICO, _Plano
from candidatos.models import Candidato, Inscricao
from certames.models import Certame

_HISTORICO_META = ("history_id", "history_date", "history_change_reason", "history_type",
                   "history_user")


def copia_disponivel(conexao=None) -> bool:
    """COPY path possible: PostgreSQL and the role may create temporary tables (PUBLIC has
    TEMPORARY on a new database; a hardened one that revoked it gets the ORM path)."""
    conexao = conexao or connection
    if conexao.vendor != "postgresql":
        return False
    with conexao.cursor() as cursor:
        cursor.execute("SELECT has_database_privilege(current_database(), 'TEMPORARY')")
        return bool(cursor.fetchone()[0])


def _colunas_historico(modelo) -> list[str]:
    """The columns of `modelo`'s history table that copy the tracked row."""
    historico = modelo.history.model
    return [f.column for f in historico._meta.concrete_fields
            if f.name not in _HISTORICO_META]


def _q(nome: str) -> str:
    return connection.ops.quote_name(nome)


def _copiar(cursor, tabela: str, colunas: list[str], linhas: Iterable[tuple]) -> None:
    with cursor.copy(f"COPY {tabela} ({', '.join(colunas)}) FROM STDIN") as copia:
        for linha in linhas:
            copia.write_row(linha)


def _com_historico(cursor, modelo, escrita: str, tipo: str, params: list,
                   historico: dict[str, Any], devolver: str = "") -> list[tuple]:
    """Run `escrita` (an INSERT or UPDATE ... RETURNING the whole row) and write one history
    row per returned row, in one statement; `devolver` (columns of the written rows) is
    returned to the caller."""
    tabela = modelo.history.model._meta.db_table
    colunas = _colunas_historico(modelo)
    insercao = (
        f"INSERT INTO {_q(tabela)} ({', '.join(_q(c) for c in colunas)}, history_date, "
        f"history_change_reason, history_type, history_user_id) "
        f"SELECT {', '.join('escritas.' + _q(c) for c in colunas)}, %s, %s, %s, %s "
        f"FROM escritas")
    params = [*params, historico["data"], MOTIVO_HISTORICO, tipo, historico["usuario"]]
    if not devolver:
        cursor.execute(f"WITH escritas AS ({escrita}) {insercao}", params)
        return []
    cursor.execute(f"WITH escritas AS ({escrita}), historico AS ({insercao}) "
                   f"SELECT {devolver} FROM escritas", params)
    return cursor.fetchall()


def _gravar_copia(certame: Certame, plano: _Plano, candidatos_existentes: dict[str, dict],
                  existentes_num: dict[str, dict], *, autor) -> None:
    """Write the plan through COPY and set-based statements, history rows included."""
    if not (plano.candidatos_novos or plano.candidatos_alterados or plano.inscricoes_novas
            or plano.inscricoes_alteradas):
        return
    agora = timezone.now()
    usuario = autor or Candidato.history.model.get_default_history_user(None)
    historico = {"data": agora, "usuario": getattr(usuario, "pk", None)}
    with connection.cursor() as cursor:
        _criar_tabelas_provisorias(cursor)
        pk_candidato = _gravar_candidatos_copia(cursor, plano, candidatos_existentes, historico)
        _gravar_inscricoes_copia(cursor, certame, plano, pk_candidato, existentes_num,
                                 historico, agora)
        # Only on success: after an error the rollback of the transaction (or savepoint) takes
        # the temporary tables away with everything else.
        cursor.execute("DROP TABLE pg_temp.importacao_candidato, pg_temp.importacao_inscricao")


def _criar_tabelas_provisorias(cursor) -> None:
    """The two staging tables the plan is copied into (dropped on commit in any case)."""
    cursor.execute(
        "CREATE TEMPORARY TABLE pg_temp.importacao_candidato (ordem integer, id bigint, "
        "cpf varchar, nome varchar, nome_social varchar, data_nascimento date, "
        "email varchar, telefone varchar) ON COMMIT DROP")
    cursor.execute(
        "CREATE TEMPORARY TABLE pg_temp.importacao_inscricao (ordem integer, id bigint, "
        "candidato_id bigint, cargo_id bigint, numero varchar, cor_raca varchar, "
        "quilombola boolean, deficiencia boolean, tipo_deficiencia varchar, listas jsonb, "
        "situacao_taxa varchar, nota numeric, desempate jsonb, situacao varchar) "
        "ON COMMIT DROP")


def _gravar_candidatos_copia(cursor, plano: _Plano, candidatos_existentes: dict[str, dict],
                             historico: dict[str, Any]) -> dict[str, int]:
    """Write the new and changed candidates with their history; returns cpf -> candidate id
    (the stored ones and those created here)."""
    t_cand = _q(Candidato._meta.db_table)
    campos_cand = list(CAMPOS_CANDIDATO)
    # Candidates: the new ones (id NULL) and the full new state of the changed ones.
    por_pk = {c["pk"]: c for c in candidatos_existentes.values()}
    _copiar(cursor, "pg_temp.importacao_candidato", ["ordem", "id", "cpf", *campos_cand], (
        *((i, None, cpf, *(campos[c] for c in campos_cand))
          for i, (cpf, campos) in enumerate(plano.candidatos_novos.items())),
        *((0, pk, por_pk[pk]["cpf"], *(mudancas.get(c, por_pk[pk][c])
                                       for c in campos_cand))
          for pk, mudancas in plano.candidatos_alterados.items())))
    cursor.execute("ANALYZE pg_temp.importacao_candidato")  # the planner sees its size
    colunas = ", ".join(_q(c) for c in ["cpf", *campos_cand])
    pk_candidato = {cpf: c["pk"] for cpf, c in candidatos_existentes.items()}
    if plano.candidatos_novos:
        pk_candidato.update((cpf, pk) for pk, cpf in _com_historico(cursor, Candidato, (
            f"INSERT INTO {t_cand} ({colunas}, usuario_id) "
            f"SELECT {colunas}, NULL FROM pg_temp.importacao_candidato WHERE id IS NULL "
            f"ORDER BY ordem RETURNING *"), "+", [], historico, devolver="id, cpf"))
    if plano.candidatos_alterados:
        _com_historico(cursor, Candidato, (
            f"UPDATE {t_cand} AS c SET "
            + ", ".join(f"{_q(col)} = s.{_q(col)}" for col in campos_cand)
            + " FROM pg_temp.importacao_candidato AS s WHERE s.id IS NOT NULL AND c.id = s.id "
            "RETURNING c.*"), "~", [], historico)
    return pk_candidato


class _ValoresInscricao:
    """The CAMPOS_INSCRICAO of one staging row, JSON columns as text (the few distinct
    option sets of a file are dumped once each)."""

    def __init__(self) -> None:
        self.campos = list(CAMPOS_INSCRICAO)
        self.i_listas = self.campos.index("listas")
        self.i_desempate = self.campos.index("desempate")
        self.json_listas: dict[tuple, str] = {}

    def __call__(self, campos: dict[str, Any], base: dict[str, Any]) -> tuple:
        linha: list[Any] = [campos.get(c, base.get(c)) for c in self.campos]
        listas = tuple(linha[self.i_listas])
        linha[self.i_listas] = self.json_listas.get(listas) or self.json_listas.setdefault(
            listas, json.dumps(list(listas)))
        linha[self.i_desempate] = json.dumps(linha[self.i_desempate])
        return tuple(linha)


def _gravar_inscricoes_copia(cursor, certame: Certame, plano: _Plano,
                             pk_candidato: dict[str, int], existentes_num: dict[str, dict],
                             historico: dict[str, Any], agora) -> None:
    """Write the new and changed inscrições with their history; new ones get their
    candidate's id (created by `_gravar_candidatos_copia` or stored)."""
    t_insc = _q(Inscricao._meta.db_table)
    padrao_taxa = Inscricao._meta.get_field("situacao_taxa").get_default()
    campos_insc = list(CAMPOS_INSCRICAO)
    por_pk_insc = {i["pk"]: i for i in existentes_num.values()}
    valores = _ValoresInscricao()
    _inserir_inscricoes_copia(cursor, [
        *((i, None, pk_candidato[nova["cpf"]], nova["cargo_id"], nova["numero"],
           *valores(nova, {"situacao_taxa": padrao_taxa}))
          for i, nova in enumerate(plano.inscricoes_novas)),
        *((0, pk, None, None, None, *valores(mudancas, por_pk_insc[pk]))
          for pk, mudancas in plano.inscricoes_alteradas.items())])
    cursor.execute("ANALYZE pg_temp.importacao_inscricao")
    colunas_i = ", ".join(_q(c) for c in campos_insc)
    if plano.inscricoes_novas:
        _com_historico(cursor, Inscricao, (
            f"INSERT INTO {t_insc} (certame_id, cargo_id, candidato_id, numero, "
            f"{colunas_i}, convocada_em, comprovante, criada_em, atualizada_em) "
            f"SELECT %s, s.cargo_id, s.candidato_id, s.numero, "
            + ", ".join(f"s.{_q(c)}" for c in campos_insc)
            + ", NULL, '', %s, %s FROM pg_temp.importacao_inscricao AS s "
            "WHERE s.id IS NULL ORDER BY s.ordem RETURNING *"), "+",
            [certame.pk, agora, agora],
            historico)
    if plano.inscricoes_alteradas:
        # Like bulk_update: only the imported fields (atualizada_em is not touched).
        _com_historico(cursor, Inscricao, (
            f"UPDATE {t_insc} AS i SET "
            + ", ".join(f"{_q(col)} = s.{_q(col)}" for col in campos_insc)
            + " FROM pg_temp.importacao_inscricao AS s WHERE s.id IS NOT NULL AND i.id = s.id "
            "RETURNING i.*"), "~", [], historico)


def _inserir_inscricoes_copia(cursor, linhas: list[tuple]) -> None:
    """COPY the inscrições' plan into its staging table (a function of its own: the tests
    make it fail to check that nothing is left written)."""
    _copiar(cursor, "pg_temp.importacao_inscricao",
            ["ordem", "id", "candidato_id", "cargo_id", "numero", *CAMPOS_INSCRICAO], linhas)

"""The stored rows the import compares the file with: bulk look-ups, never one query per row.

On PostgreSQL a list of numbers or CPFs goes whole as one array (`= ANY(%s)`); on any other
database it goes in batches of `LOTE`. The rows come back as plain dicts (no model instances:
this is the hot path of a 100,000-row file).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from django.db import connection
from django.db.models import F

from candidatos.models import Candidato, Inscricao
from certames.models import Certame

LOTE = 2000  # rows per bulk statement and per progress update
#: The fields the file sets: of the candidate, and of the inscrição.
CAMPOS_CANDIDATO = ("nome", "nome_social", "data_nascimento", "email", "telefone")
CAMPOS_INSCRICAO = ("cor_raca", "quilombola", "deficiencia", "tipo_deficiencia", "listas", "nota",
                    "desempate", "situacao", "situacao_taxa")


def _em_lotes(itens: list, tamanho: int = LOTE) -> Iterator[list]:
    """`itens` in slices of `tamanho` (one bulk statement each)."""
    for i in range(0, len(itens), tamanho):
        yield itens[i : i + tamanho]


def _por_lista(sql: str, params: list, campos: tuple[str, ...]) -> Iterator[dict[str, Any]]:
    """PostgreSQL: rows of `sql` (a list is passed whole as one array, `= ANY(%s)`: one query
    whatever its length) as dicts keyed by `campos`; JSON columns are selected as text and
    decoded here."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        for linha in cursor.fetchall():
            valores = dict(zip(campos, linha, strict=True))
            for coluna in ("listas", "desempate"):
                if coluna in valores:
                    valores[coluna] = json.loads(valores[coluna])
            yield valores


def _inscricoes_existentes(certame: Certame, numeros: Iterable[str]) -> dict[str, dict]:
    """Existing inscrições by number, as plain dicts (no model instances: this is the hot path)."""
    resultado: dict[str, dict] = {}
    numeros = sorted(set(numeros))
    campos = ("pk", "numero", "cargo_id", "candidato__cpf", *CAMPOS_INSCRICAO)
    if connection.vendor == "postgresql":
        colunas = ", ".join(f"i.{c}::text" if c in ("listas", "desempate") else f"i.{c}"
                            for c in CAMPOS_INSCRICAO)
        for linha in _por_lista(
                f"SELECT i.id, i.numero, i.cargo_id, c.cpf, {colunas} "
                "FROM candidatos_inscricao AS i JOIN candidatos_candidato AS c "
                "ON c.id = i.candidato_id WHERE i.certame_id = %s AND i.numero = ANY(%s)",
                [certame.pk, numeros], campos):
            resultado[linha["numero"]] = linha
        return resultado
    for lote in _em_lotes(numeros):
        for linha in Inscricao.objects.filter(certame=certame, numero__in=lote).values(*campos):
            resultado[linha["numero"]] = linha
    return resultado


def _candidatos_existentes(cpfs: Iterable[str]) -> dict[str, list[dict]]:
    """The stored records of these CPFs (cpf -> its rows: at most one with an account, with
    that account's e-mail, and one without), as plain dicts."""
    resultado: dict[str, list[dict]] = {}
    cpfs = sorted(set(cpfs))
    campos = ("pk", "cpf", *CAMPOS_CANDIDATO, "usuario_id", "email_da_conta")
    if connection.vendor == "postgresql":
        linhas = _por_lista(
            "SELECT c.id, c.cpf, " + ", ".join(f"c.{c}" for c in CAMPOS_CANDIDATO)
            + ", c.usuario_id, u.email FROM candidatos_candidato AS c "
            "LEFT JOIN auth_user AS u ON u.id = c.usuario_id WHERE c.cpf = ANY(%s) "
            "ORDER BY c.id", [cpfs], campos)
    else:
        linhas = (linha for lote in _em_lotes(cpfs)
                  for linha in Candidato.objects.filter(cpf__in=lote).order_by("pk").values(
                      *campos[:-1], email_da_conta=F("usuario__email")))
    for linha in linhas:
        resultado.setdefault(linha["cpf"], []).append(linha)
    return resultado


def _inscricoes_por_cpf_cargo(certame: Certame,
                              candidatos: Iterable[int]) -> dict[tuple[str, int], str]:
    resultado: dict[tuple[str, int], str] = {}
    ids = sorted(candidatos)
    if connection.vendor == "postgresql":
        for linha in _por_lista(
                # A join with the list (not `= ANY` as a filter over the certame's rows,
                # which compares each row with the whole list).
                "SELECT c.cpf, i.cargo_id, i.numero FROM unnest(%s::bigint[]) AS u(id) "
                "JOIN candidatos_inscricao AS i ON i.candidato_id = u.id "
                "JOIN candidatos_candidato AS c ON c.id = i.candidato_id "
                "WHERE i.certame_id = %s",
                [ids, certame.pk], ("cpf", "cargo_id", "numero")):
            resultado[(linha["cpf"], linha["cargo_id"])] = linha["numero"]
        return resultado
    for lote in _em_lotes(ids):
        for cpf, cargo_id, numero in Inscricao.objects.filter(
                certame=certame, candidato_id__in=lote).values_list(
                "candidato__cpf", "cargo_id", "numero"):
            resultado[(cpf, cargo_id)] = numero
    return resultado

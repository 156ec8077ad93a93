"""A classification snapshot read with its inscrições: the pages' lists (one query per page)
and the per-candidate summaries written at publication. The snapshot's storage is
`certames.instantaneo`; what needs the inscrições' rows (the candidates' app) is here.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from django.db import connection, transaction

from candidatos.models import Inscricao, mascarar_cpf, nome_exibido
from certames.instantaneo import (
    LOTE_LEITURA,
    bits,
    contagens,
    desempacotar,
    trecho,
    vagas_preenchidas,
)
from certames.models import ListaVersao, ResumoClassificacao, VersaoClassificacao


@dataclass(frozen=True, slots=True)
class InscricaoNaLista:
    """What a published list's documents show of an inscrição (no model instance: a list of
    50,000 positions read as rows is ten times faster)."""

    numero: str
    nota: Decimal | None
    nome: str
    cpf_mascarado: str


def inscricoes_das_listas(ids: Iterable[int]) -> dict[int, InscricaoNaLista]:
    """pk -> `InscricaoNaLista` of the inscrições `ids`, in batches of LOTE_LEITURA."""
    ordenados = sorted(set(ids))
    encontradas: dict[int, InscricaoNaLista] = {}
    for i in range(0, len(ordenados), LOTE_LEITURA):
        for pk, numero, nota, nome, social, cpf in Inscricao.objects.filter(
                pk__in=ordenados[i:i + LOTE_LEITURA]).values_list(
                "pk", "numero", "nota", "candidato__nome", "candidato__nome_social",
                "candidato__cpf"):
            encontradas[pk] = InscricaoNaLista(numero, nota, nome_exibido(nome, social),
                                               mascarar_cpf(cpf))
    return encontradas


def anexar_inscricoes(itens: Iterable, consulta=None) -> list:
    """Set ``inscricao`` on each item from its ``inscricao_id``, with one query (``consulta``:
    an `Inscricao` queryset choosing the columns; default: with the candidate)."""
    itens = list(itens)
    ids = {i.inscricao_id for i in itens if i.inscricao_id is not None}
    if consulta is None:
        consulta = Inscricao.objects.select_related("candidato")
    encontradas: dict = {}
    ordenados = sorted(ids)
    for i in range(0, len(ordenados), LOTE_LEITURA):
        encontradas.update(consulta.in_bulk(ordenados[i:i + LOTE_LEITURA]))
    for item in itens:
        if item.inscricao_id is not None:
            item.inscricao = encontradas.get(item.inscricao_id)
    return itens


class ListaPaginavel:
    """A list of a version as a sequence a `Paginator` slices: each page reads its byte range
    and its inscrições (one query each)."""

    def __init__(self, versao: VersaoClassificacao, codigo: str, total: int | None = None,
                 consulta=None, ao_ler=None):
        self.versao, self.codigo, self.consulta, self.ao_ler = versao, codigo, consulta, ao_ler
        self.total = contagens(versao).get(codigo, 0) if total is None else total

    def __len__(self) -> int:
        return self.total

    def __getitem__(self, indice):
        if isinstance(indice, slice):
            inicio, fim, _passo = indice.indices(self.total)
            itens = anexar_inscricoes(trecho(self.versao, self.codigo, inicio, fim),
                                      self.consulta)
            if self.ao_ler is not None:
                self.ao_ler(itens)
            return itens
        if indice < 0:
            indice += self.total
        itens = self[indice:indice + 1]
        if not itens:
            raise IndexError(indice)
        return itens[0]



# --- the per-candidate summary ---------------------------------------------


def resumos(versao: VersaoClassificacao) -> dict[int, tuple[list[dict], dict | None]]:
    """Each inscrição's positions (with how many of the list are ahead without a slot) and
    slot in a version, as `ResumoClassificacao` stores them."""
    ocupantes = {v.inscricao_id: v for v in vagas_preenchidas(versao)}
    saida: dict[int, tuple[list[dict], dict | None]] = {}
    for codigo, dados, mapa in ListaVersao.objects.filter(versao=versao).order_by(
            "lista").values_list("lista", "inscricoes", "sub_judice"):
        ids = desempacotar(dados)
        marcas = bits(mapa, 0, len(ids))
        frente = 0
        for i, pk in enumerate(ids):
            saida.setdefault(pk, ([], None))[0].append(
                {"lista": codigo, "posicao": i + 1, "sub_judice": marcas[i], "frente": frente})
            if pk not in ocupantes:
                frente += 1
    for pk, v in ocupantes.items():
        saida[pk] = (saida.get(pk, ([], None))[0],
                     {"vaga": v.vaga, "lista": v.lista, "fundamento": v.fundamento})
    return saida


def linhas_resumo(versao: VersaoClassificacao) -> list[ResumoClassificacao]:
    """The summary row of every inscrição of the cargo for `versao`, by inscrição id; an
    inscrição outside the lists gets an empty one."""
    dados = resumos(versao)
    todas = Inscricao.objects.filter(cargo_id=versao.cargo_id).values_list("pk", flat=True)
    return [ResumoClassificacao(inscricao_id=pk, versao=versao,
                                posicoes=dados.get(pk, ([], None))[0],
                                vaga=dados.get(pk, ([], None))[1])
            for pk in sorted(set(todas) | set(dados))]


def gravar_linhas_resumo(linhas: list[ResumoClassificacao]) -> int:
    """Write `linhas` (`linhas_resumo`), replacing each inscrição's previous summary. The
    caller renews the pages that read them (`ResumoClassificacao` is covered by the
    publication: in its transaction, or by the worker's batch, `classificacao.preparo`).

    On PostgreSQL through COPY into a temporary table and one INSERT ... ON CONFLICT (a
    third of `bulk_create`'s time for 50,000 rows here); elsewhere `bulk_create`."""
    if not linhas:
        return 0
    if connection.vendor != "postgresql":
        ResumoClassificacao.objects.bulk_create(
            linhas, batch_size=LOTE_LEITURA // 2, update_conflicts=True,
            unique_fields=["inscricao"], update_fields=["versao", "posicoes", "vaga"])
        return len(linhas)
    tabela = ResumoClassificacao._meta.db_table
    with transaction.atomic(), connection.cursor() as cursor:
        # The session's staging table, emptied at each commit and before each use (two
        # writes in one transaction: the publication written in-process, the tests).
        cursor.execute("CREATE TEMP TABLE IF NOT EXISTS resumo_lote (inscricao_id bigint, "
                       "versao_id bigint, posicoes jsonb, vaga jsonb) ON COMMIT DELETE ROWS")
        cursor.execute("TRUNCATE resumo_lote")
        with cursor.copy("COPY resumo_lote FROM STDIN") as copia:
            for r in linhas:
                copia.write_row((r.inscricao_id, r.versao_id, json.dumps(r.posicoes),
                                 None if r.vaga is None else json.dumps(r.vaga)))
        cursor.execute(
            f"INSERT INTO {tabela} (inscricao_id, versao_id, posicoes, vaga) "  # noqa: S608
            "SELECT inscricao_id, versao_id, posicoes, vaga FROM resumo_lote "
            "ON CONFLICT (inscricao_id) DO UPDATE SET versao_id = EXCLUDED.versao_id, "
            "posicoes = EXCLUDED.posicoes, vaga = EXCLUDED.vaga")
    return len(linhas)


def gravar_resumos(versao: VersaoClassificacao) -> int:
    """Write (replacing the previous ones) the summary of every inscrição of the cargo for a
    version being published, at once. Returns how many rows were written."""
    return gravar_linhas_resumo(linhas_resumo(versao))

"""Compact classification snapshots: how a version's lists, filled slots
and call order are stored, and the one API every reader uses.

A version (`VersaoClassificacao`) holds one `ListaVersao` row per list, whose ``inscricoes``
column packs the list's `Inscricao` ids in order (8 bytes each, big-endian: PostgreSQL's
``int8send`` order) and whose ``sub_judice`` column is a bitmap of the positions pending a
final decision, plus one `ConvocacaoVersao` row with the filled slots and the call order (JSON,
a hundred entries or so). A recompute therefore writes the version, one row per list and one
more, never a row per position; every row is built whole and inserted once (the tables are
append-only: PostgreSQL refuses UPDATE and DELETE, `comum.somente_insercao`).

Positions are 1..total in each list. A page reads only its byte range of both columns
(``SUBSTRING`` on the database) and its inscrições in one query.

Readers get plain objects shaped as the old per-position rows were (`Posicao`,
`VagaOcupada`, `PosicaoConvocacao`: ``lista``, ``posicao``, ``inscricao_id``,
``sub_judice``... and ``inscricao`` once `anexar_inscricoes` fetched them), so templates read
them as before.

Referential integrity: the packed ids are not foreign keys. Deleting an inscrição that a
snapshot names is refused by the ORM (`certames.models._recusar_exclusao_inscricao`, a
``pre_delete`` receiver raising `ProtectedError`, as the former PROTECT foreign keys did) and,
on PostgreSQL, by a trigger (`SQL_PROTEGE_INSCRICAO`, installed by migration 0013) that raises
a foreign-key violation.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models.functions import Substr

from certames import regras
from certames.models import (
    ConvocacaoVersao,
    ListaVersao,
    VersaoClassificacao,
    indice_no_pacote,
)

#: Bytes per packed inscrição id.
TAMANHO_ID = 8
#: Inscrições fetched per query (PostgreSQL's protocol takes at most 65,535 parameters).
LOTE_LEITURA = 10_000
_FORMATO = ">{}Q"


# --- encoding ---------------------------------------------------------------------------------


def empacotar(ids: Sequence[int]) -> bytes:
    """Inscrição ids, in order, as 8-byte big-endian unsigned integers."""
    return struct.pack(_FORMATO.format(len(ids)), *ids)


def desempacotar(dados: bytes | memoryview | None) -> list[int]:
    dados = bytes(dados or b"")
    return list(struct.unpack(_FORMATO.format(len(dados) // TAMANHO_ID), dados))


def mapa_de_bits(marcados: Sequence[bool]) -> bytes:
    """A bitmap of flags: flag i (0-based) is bit i % 8 (least significant first) of byte
    i // 8."""
    saida = bytearray((len(marcados) + 7) // 8)
    for i, marcado in enumerate(marcados):
        if marcado:
            saida[i // 8] |= 1 << (i % 8)
    return bytes(saida)


def bits(mapa: bytes | memoryview | None, inicio: int, quantos: int,
         deslocamento: int = 0) -> list[bool]:
    """Flags ``inicio`` .. ``inicio + quantos - 1`` (0-based) of a bitmap whose first byte is
    byte ``deslocamento`` of the whole map."""
    mapa = bytes(mapa or b"")
    saida = []
    for i in range(inicio, inicio + quantos):
        k = i // 8 - deslocamento
        saida.append(0 <= k < len(mapa) and bool(mapa[k] >> (i % 8) & 1))
    return saida


def contar_bits(mapa: bytes | memoryview | None) -> int:
    return int.from_bytes(bytes(mapa or b""), "little").bit_count()


# --- the readers' objects ---------------------------------------------------------------------


@dataclass(slots=True)
class Posicao:
    """One candidate's position in one list of a snapshot."""

    lista: str
    posicao: int
    inscricao_id: int
    sub_judice: bool
    inscricao: Any = None
    #: The slot the candidate holds (`VagaOcupada`), where a page sets it.
    ocupacao: Any = None


@dataclass(slots=True)
class VagaOcupada:
    """One filled slot: its type, occupant, origin list and legal basis."""

    ordem: int
    vaga: str
    lista: str
    inscricao_id: int
    fundamento: str
    inscricao: Any = None


@dataclass(slots=True)
class PosicaoConvocacao:
    """One position of the call order (alternância e proporcionalidade): its type
    (``vaga``), occupant, the list the occupant came from (``lista``) and their rank there
    (``posicao_lista``), and ``fundamento``, the engine's explanation of the position (where
    its occupant came from and why, spec section 7 step 5; empty in versions computed
    before the call order without preterição)."""

    posicao: int
    vaga: str
    inscricao_id: int | None
    lista: str
    sub_judice: bool
    inscricao: Any = None
    fundamento: str = ""
    posicao_lista: int | None = None


# --- writing ----------------------------------------------------------------------------------


def gravar(versao: VersaoClassificacao, listas: Iterable[tuple[str, Sequence[int],
                                                               Sequence[bool]]],
           vagas: Iterable[VagaOcupada], convocacao: Iterable[PosicaoConvocacao]) -> int:
    """Insert a version's lists (code, ids in order, sub judice flags), filled slots and call
    order: one row per list and one more. Returns how many rows were inserted."""
    linhas = []
    for lista, ids, sub_judice in listas:
        if len(ids) != len(sub_judice):
            raise ValueError("ids e marcas de sub judice com tamanhos diferentes")
        linhas.append(ListaVersao(versao=versao, lista=lista, total=len(ids),
                                  inscricoes=empacotar(ids), sub_judice=mapa_de_bits(sub_judice)))
    ListaVersao.objects.bulk_create(linhas)
    vagas = list(vagas)
    convocacao = list(convocacao)
    citadas = sorted({v.inscricao_id for v in vagas}
                     | {c.inscricao_id for c in convocacao if c.inscricao_id is not None})
    ConvocacaoVersao.objects.create(
        versao=versao,
        vagas_preenchidas=[{"vaga": v.vaga, "lista": v.lista, "inscricao": v.inscricao_id,
                            "fundamento": v.fundamento} for v in vagas],
        convocacao=[{"posicao": c.posicao, "vaga": c.vaga, "inscricao": c.inscricao_id,
                     "lista": c.lista, "sub_judice": c.sub_judice,
                     "posicao_lista": c.posicao_lista, "fundamento": c.fundamento}
                    for c in convocacao],
        inscricoes=empacotar(citadas))
    return len(linhas) + 1


# --- reading ----------------------------------------------------------------------------------


def _ordem_listas(versao: VersaoClassificacao, codigos: Iterable[str]) -> list[str]:
    """The regime's list order (AC, the law's groups, PCD), then any other code by name (as
    `classificacao.quadro_vagas.listas_da_versao`)."""
    try:
        regime = regras.obter_regime(versao.regime).listas_com_ac
    except KeyError:
        regime = (regras.AC,)
    codigos = set(codigos)
    ordem = [lista for lista in regime if lista in codigos]
    return ordem + sorted(codigos - set(ordem))


def contagens(versao: VersaoClassificacao) -> dict[str, int]:
    """Candidates per list."""
    return dict(ListaVersao.objects.filter(versao=versao).values_list("lista", "total"))


def contagens_sub_judice(versao: VersaoClassificacao) -> dict[str, int]:
    """Sub judice positions per list (lists without any are left out)."""
    saida = {}
    for lista, mapa in ListaVersao.objects.filter(versao=versao).values_list("lista",
                                                                             "sub_judice"):
        n = contar_bits(mapa)
        if n:
            saida[lista] = n
    return saida


def _decodificar(lista: str, dados, mapa, primeira: int = 1, deslocamento: int = 0) -> list[
        Posicao]:
    ids = desempacotar(dados)
    marcas = bits(mapa, primeira - 1, len(ids), deslocamento)
    return [Posicao(lista, primeira + i, pk, marcas[i]) for i, pk in enumerate(ids)]


def lista(versao: VersaoClassificacao, codigo: str) -> list[Posicao]:
    """One whole list, in order (empty if the version has no such list)."""
    linha = (ListaVersao.objects.filter(versao=versao, lista=codigo)
             .values_list("inscricoes", "sub_judice").first())
    return _decodificar(codigo, *linha) if linha else []


def trecho(versao: VersaoClassificacao, codigo: str, inicio: int, fim: int) -> list[Posicao]:
    """Positions ``inicio + 1`` .. ``fim`` of a list (a slice ``[inicio:fim]``, 0-based),
    reading only those bytes of the packed columns."""
    inicio = max(0, inicio)
    if fim <= inicio:
        return []
    primeiro_bit = inicio // 8
    linha = (ListaVersao.objects.filter(versao=versao, lista=codigo)
             .annotate(ids=Substr("inscricoes", inicio * TAMANHO_ID + 1,
                                  (fim - inicio) * TAMANHO_ID),
                       marcas=Substr("sub_judice", primeiro_bit + 1,
                                     (fim - 1) // 8 - primeiro_bit + 1))
             .values_list("ids", "marcas").first())
    if linha is None:
        return []
    return _decodificar(codigo, linha[0], linha[1], inicio + 1, primeiro_bit)


def posicoes(versao: VersaoClassificacao) -> Iterator[Posicao]:
    """Every position of every list (the regime's list order, then position): exports."""
    linhas = {codigo: (dados, mapa) for codigo, dados, mapa in ListaVersao.objects.filter(
        versao=versao).values_list("lista", "inscricoes", "sub_judice")}
    for codigo in _ordem_listas(versao, linhas):
        yield from _decodificar(codigo, *linhas[codigo])


def listas(versao: VersaoClassificacao) -> dict[str, list[int]]:
    """Each list's inscrição ids in order."""
    return {codigo: desempacotar(dados) for codigo, dados in ListaVersao.objects.filter(
        versao=versao).values_list("lista", "inscricoes")}


def posicoes_da_inscricao(versao: VersaoClassificacao, inscricao_id: int) -> list[Posicao]:
    """The positions of one inscrição in a version, by list code."""
    saida = []
    for codigo, dados, mapa in ListaVersao.objects.filter(versao=versao).order_by(
            "lista").values_list("lista", "inscricoes", "sub_judice"):
        dados = bytes(dados)
        i = indice_no_pacote(dados, inscricao_id)
        if i is not None:
            saida.append(Posicao(codigo, i + 1, inscricao_id, bits(mapa, i, 1)[0]))
    return saida


def inscricoes(versao: VersaoClassificacao) -> set[int]:
    """Every inscrição id the version names in a list, a filled slot or the call order."""
    ids: set[int] = set()
    for dados in ListaVersao.objects.filter(versao=versao).values_list("inscricoes",
                                                                       flat=True):
        ids.update(desempacotar(dados))
    ids.update(desempacotar(ConvocacaoVersao.objects.filter(versao=versao).values_list(
        "inscricoes", flat=True).first()))
    return ids


def _convocacao_versao(versao: VersaoClassificacao) -> tuple[list, list]:
    linha = ConvocacaoVersao.objects.filter(versao=versao).values_list(
        "vagas_preenchidas", "convocacao").first()
    return linha or ([], [])


def vagas_preenchidas(versao: VersaoClassificacao) -> list[VagaOcupada]:
    """The filled slots in fill order (``ordem`` 1, 2, ...)."""
    return [VagaOcupada(i, v["vaga"], v["lista"], v["inscricao"], v["fundamento"])
            for i, v in enumerate(_convocacao_versao(versao)[0], start=1)]


def vaga_da_inscricao(versao: VersaoClassificacao, inscricao_id: int) -> VagaOcupada | None:
    return next((v for v in vagas_preenchidas(versao) if v.inscricao_id == inscricao_id),
                None)


def convocacao(versao: VersaoClassificacao) -> list[PosicaoConvocacao]:
    """The call order, by position."""
    return sorted((PosicaoConvocacao(c["posicao"], c["vaga"], c["inscricao"], c["lista"],
                                     c["sub_judice"], fundamento=c.get("fundamento", ""),
                                     posicao_lista=c.get("posicao_lista"))
                   for c in _convocacao_versao(versao)[1]), key=lambda c: c.posicao)


def a_frente_sem_vaga(versao: VersaoClassificacao, codigo: str, posicao: int,
                      ocupantes: set[int]) -> int:
    """How many of the list are ahead of ``posicao`` without holding a slot."""
    if posicao <= 1:
        return 0
    dados = (ListaVersao.objects.filter(versao=versao, lista=codigo)
             .annotate(ids=Substr("inscricoes", 1, (posicao - 1) * TAMANHO_ID))
             .values_list("ids", flat=True).first())
    return sum(1 for pk in desempacotar(dados) if pk not in ocupantes)


# --- integrity: a named inscrição cannot be deleted --------------------------------------------


#: PostgreSQL: the same refusal for every client (installed by migration 0013). A packed id is
#: found by a byte search aligned to 8 bytes; deleting inscrições is not something the
#: application does, so a scan of the snapshots on each is acceptable.
SQL_PROTEGE_INSCRICAO = [
    """
CREATE OR REPLACE FUNCTION instantaneo_contem(dados bytea, alvo bigint) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
    agulha bytea := int8send(alvo);
    inicio integer := 1;
    achado integer;
BEGIN
    LOOP
        achado := position(agulha IN substring(dados FROM inicio));
        IF achado = 0 THEN
            RETURN false;
        END IF;
        IF (inicio + achado - 2) %% 8 = 0 THEN
            RETURN true;
        END IF;
        inicio := inicio + achado;
    END LOOP;
END;
$$
""",
    """
CREATE OR REPLACE FUNCTION instantaneo_protege_inscricao() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM certames_listaversao WHERE instantaneo_contem(inscricoes, OLD.id))
       OR EXISTS (SELECT 1 FROM certames_convocacaoversao
                  WHERE instantaneo_contem(inscricoes, OLD.id)) THEN
        RAISE EXCEPTION 'Inscrição %% consta de versões da classificação (não pode ser excluída).',
            OLD.id USING ERRCODE = 'foreign_key_violation';
    END IF;
    RETURN OLD;
END;
$$
""",
    'DROP TRIGGER IF EXISTS "candidatos_inscricao_no_instantaneo" ON "candidatos_inscricao"',
    'CREATE TRIGGER "candidatos_inscricao_no_instantaneo" BEFORE DELETE ON '
    '"candidatos_inscricao" FOR EACH ROW EXECUTE FUNCTION instantaneo_protege_inscricao()',
]

SQL_DESPROTEGE_INSCRICAO = [
    'DROP TRIGGER IF EXISTS "candidatos_inscricao_no_instantaneo" ON "candidatos_inscricao"',
    "DROP FUNCTION IF EXISTS instantaneo_protege_inscricao()",
    "DROP FUNCTION IF EXISTS instantaneo_contem(bytea, bigint)",
]

"""Compact snapshots (`certames.instantaneo`, migration 0013): a version is
one row per list plus one for the slots and the call order; pages read their slice; versions
stay append-only; an inscrição a snapshot names cannot be deleted."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.paginator import Paginator
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.db.models import ProtectedError
from django.db.utils import DatabaseError
from django.test.utils import CaptureQueriesContext

from candidatos.models import EstadoLista, Inscricao, SituacaoLista
from certames import instantaneo
from certames.models import ConvocacaoVersao, ListaVersao, indice_no_pacote
from classificacao import leitura
from classificacao.listas import recalcular
from comum.privilegios_banco import aplicar_privilegios
from tests import instantaneo_apoio
from tests.banco import PAPEL_APP, como_dono, sob_papel_da_aplicacao
from tests.factories import CargoFactory, CertameFactory, InscricaoFactory

SMBV = "smbv-lc22-2026"
PG = pytest.mark.skipif(connection.vendor != "postgresql", reason="gatilhos só no PostgreSQL")


def _cargo(n: int = 23, vagas: int = 5):
    """``n`` candidates with scores 100, 99, ...; every third opts for PP, and of those every
    other one is confirmed (the rest pending: sub judice in PP)."""
    cargo = CargoFactory(vagas=vagas, certame=CertameFactory(regime=SMBV))
    for i in range(n):
        optante = i % 3 == 1
        insc = InscricaoFactory(cargo=cargo, numero=f"{i + 1:04d}", nota=Decimal(100 - i),
                                cor_raca="parda" if optante else "branca",
                                listas=["PP"] if optante else [])
        if optante and i % 2 == 0:
            SituacaoLista.objects.create(inscricao=insc, lista="PP",
                                         estado=EstadoLista.CONFIRMADA)
    return cargo


def test_ida_e_volta_da_codificacao():
    ids = [1, 2 ** 40 + 7, 255, 256, 2 ** 63 - 1]
    dados = instantaneo.empacotar(ids)
    assert len(dados) == 8 * len(ids)
    assert dados[:8] == b"\x00\x00\x00\x00\x00\x00\x00\x01"  # big-endian, as int8send
    assert instantaneo.desempacotar(dados) == ids
    assert instantaneo.desempacotar(b"") == []
    marcas = [True, False, False, True, False, False, False, False, True, True]
    mapa = instantaneo.mapa_de_bits(marcas)
    assert mapa == bytes([0b00001001, 0b00000011])
    assert instantaneo.bits(mapa, 0, 10) == marcas
    assert instantaneo.bits(mapa[1:], 8, 2, deslocamento=1) == [True, True]
    assert instantaneo.contar_bits(mapa) == 4
    assert instantaneo.mapa_de_bits([]) == b""
    # A packed id found only at its own 8-byte boundary, never across two ids.
    pacote = instantaneo.empacotar([2 ** 8, 1])
    assert pacote.find((2 ** 16).to_bytes(8, "big")) == 1
    assert indice_no_pacote(pacote, 2 ** 16) is None
    assert (indice_no_pacote(pacote, 2 ** 8), indice_no_pacote(pacote, 1)) == (0, 1)


@pytest.mark.django_db
def test_recalculo_grava_um_punhado_de_linhas():
    cargo = _cargo()
    with CaptureQueriesContext(connection) as consultas:
        versao = recalcular(cargo.pk)
    insercoes = [q["sql"] for q in consultas.captured_queries
                 if q["sql"].lstrip().upper().startswith("INSERT")]
    # The version, its lists (one statement), its slots and call order.
    assert len(insercoes) == 3
    # SMBV's lists: AC, PP, I, PCD, one row each, and one row of slots and calls.
    assert sorted(ListaVersao.objects.filter(versao=versao).values_list("lista", "total")) == [
        ("AC", 23), ("I", 0), ("PCD", 0), ("PP", 8)]
    assert ConvocacaoVersao.objects.filter(versao=versao).count() == 1
    assert len(instantaneo.vagas_preenchidas(versao)) == 5
    assert [c.posicao for c in instantaneo.convocacao(versao)] == [1, 2, 3, 4, 5]


@pytest.mark.django_db
def test_trechos_e_paginas_sao_a_lista():
    cargo = _cargo()
    versao = recalcular(cargo.pk)
    for codigo in ("AC", "PP"):
        inteira = instantaneo.lista(versao, codigo)
        assert [p.posicao for p in inteira] == list(range(1, len(inteira) + 1))
        for inicio in range(len(inteira) + 1):
            for fim in range(inicio, len(inteira) + 2):
                assert instantaneo.trecho(versao, codigo, inicio, fim) == inteira[inicio:fim]
        paginador = Paginator(leitura.ListaPaginavel(versao, codigo), 3)
        paginas = [p for n in paginador.page_range for p in paginador.page(n).object_list]
        assert [(p.posicao, p.inscricao_id, p.sub_judice) for p in paginas] == [
            (p.posicao, p.inscricao_id, p.sub_judice) for p in inteira]
        assert all(p.inscricao.pk == p.inscricao_id for p in paginas)
    # PP: the optants 0002, 0005, ... by score; the pending ones (odd index) sub judice.
    assert instantaneo_apoio.numeros_sub_judice(versao, "PP") == [
        ("0002", True), ("0005", False), ("0008", True), ("0011", False), ("0014", True),
        ("0017", False), ("0020", True), ("0023", False)]
    assert instantaneo.contagens(versao) == {"AC": 23, "PP": 8, "I": 0, "PCD": 0}
    assert instantaneo.contagens_sub_judice(versao) == {"PP": 4}
    assert instantaneo.trecho(versao, "Q", 0, 5) == [] and instantaneo.lista(versao, "Q") == []


@pytest.mark.django_db
def test_posicoes_de_uma_inscricao_e_quantos_estao_a_frente():
    cargo = _cargo()
    versao = recalcular(cargo.pk)
    insc = Inscricao.objects.get(cargo=cargo, numero="0008")
    assert [(p.lista, p.posicao, p.sub_judice)
            for p in instantaneo.posicoes_da_inscricao(versao, insc.pk)] == [
        ("AC", 8, False), ("PP", 3, True)]
    ocupantes = {v.inscricao_id for v in instantaneo.vagas_preenchidas(versao)}
    ac = instantaneo.lista(versao, "AC")
    assert instantaneo.a_frente_sem_vaga(versao, "AC", 8, ocupantes) == sum(
        1 for p in ac[:7] if p.inscricao_id not in ocupantes)
    assert instantaneo.a_frente_sem_vaga(versao, "AC", 1, ocupantes) == 0
    fora = InscricaoFactory(cargo=cargo, numero="9999")  # no score: in no list
    assert instantaneo.posicoes_da_inscricao(versao, fora.pk) == []
    assert instantaneo.inscricoes(versao) == set(
        Inscricao.objects.filter(cargo=cargo, nota__isnull=False).values_list("pk", flat=True))


@pytest.mark.django_db
def test_o_que_mudou_entre_duas_versoes(rh):
    from candidatos import servicos
    from classificacao.listas import comparar_versoes

    # SMBV, 3 vacancies (AC 2, PP 1): A 90, B 85 (PP), C 80 (PP), D 70 (PP).
    cargo = CargoFactory(vagas=3, certame=CertameFactory(regime=SMBV))
    for numero, nota, listas in (("A", "90", []), ("B", "85", ["PP"]), ("C", "80", ["PP"]),
                                 ("D", "70", ["PP"])):
        InscricaoFactory(cargo=cargo, numero=numero, nota=Decimal(nota),
                         cor_raca="parda" if listas else "branca", listas=listas)
    v1 = recalcular(cargo.pk)
    c = Inscricao.objects.get(cargo=cargo, numero="C")
    servicos.registrar_situacao_lista(c, "PP", "nao_confirmada", autor=rh,
                                      motivacao="Fenótipo não confirmado pela comissão")
    v2 = recalcular(cargo.pk)
    diff = comparar_versoes(v1, v2)
    ids = dict(Inscricao.objects.filter(cargo=cargo).values_list("pk", "numero"))
    # C leaves PP (2nd -> out) and D moves up (3rd -> 2nd); AC is unchanged.
    assert [(m.lista, ids[m.inscricao_id], m.antes, m.depois, m.tipo)
            for m in diff["mudancas"]] == [("PP", "C", 2, None, "saiu"),
                                            ("PP", "D", 3, 2, "subiu")]
    # In the words every page uses (`classificacao.listas_da_inscricao`).
    assert diff["mudancas"][0].motivo.startswith(
        "removido(a) da lista PP, de pessoas negras (pretas e pardas): autodeclaração não "
        "confirmada; permanece na ampla concorrência — ")
    # The PP slot goes from C to D.
    assert [(ids[v["inscricao_id"]], v["antes"], v["depois"]) for v in diff["vagas"]] == sorted(
        [("C", ("PP", "PP"), None), ("D", None, ("PP", "PP"))],
        key=lambda t: Inscricao.objects.get(cargo=cargo, numero=t[0]).pk)


@pytest.mark.django_db
def test_inscricao_citada_por_versao_nao_pode_ser_excluida():
    cargo = _cargo(n=4, vagas=1)
    recalcular(cargo.pk)
    citada = Inscricao.objects.get(cargo=cargo, numero="0003")
    # Refused inside the deletion's transaction (pre_delete): nothing of it is kept.
    with pytest.raises(ProtectedError), transaction.atomic():
        citada.delete()
    with pytest.raises(ProtectedError), transaction.atomic():
        Inscricao.objects.filter(pk=citada.pk).delete()
    assert Inscricao.objects.filter(pk=citada.pk).exists()
    livre = InscricaoFactory(cargo=cargo, numero="0099")  # no score: in no snapshot
    livre.delete()
    assert not Inscricao.objects.filter(pk=livre.pk).exists()


@PG
@pytest.mark.django_db
def test_postgresql_recusa_excluir_inscricao_citada_mesmo_por_sql():
    cargo = _cargo(n=4, vagas=1)
    recalcular(cargo.pk)
    citada = Inscricao.objects.get(cargo=cargo, numero="0003")
    livre = InscricaoFactory(cargo=cargo, numero="0099")
    with como_dono(), connection.cursor() as cursor:
        with pytest.raises(IntegrityError, match="consta de versões da classificação"):
            with transaction.atomic():
                cursor.execute("DELETE FROM candidatos_inscricao WHERE id = %s", [citada.pk])
        # One no snapshot names goes (the trigger looks the id up, it does not refuse all).
        cursor.execute("DELETE FROM candidatos_inscricao WHERE id = %s", [livre.pk])
    assert Inscricao.objects.filter(pk=citada.pk).exists()
    assert not Inscricao.objects.filter(pk=livre.pk).exists()


@PG
@pytest.mark.django_db
def test_postgresql_recusa_alterar_ou_apagar_o_instantaneo():
    cargo = _cargo(n=4, vagas=1)
    recalcular(cargo.pk)
    # As the owner: the application role has no UPDATE or DELETE privilege at all.
    for modelo in (ListaVersao, ConvocacaoVersao):
        with como_dono(), pytest.raises(DatabaseError, match="aceita apenas inclusões"):
            with transaction.atomic():
                modelo.objects.update(inscricoes=b"")
        with como_dono(), pytest.raises(DatabaseError, match="aceita apenas inclusões"):
            with transaction.atomic():
                modelo.objects.all()._raw_delete(connection.alias)
    assert ListaVersao.objects.count() == 4 and ConvocacaoVersao.objects.count() == 1


# --- the migration ------------------------------------------------------------------------------

ANTES = [("certames", "0012_documentos_publicacao")]


def _migrar(alvos):
    with como_dono():
        executor = MigrationExecutor(connection)
        executor.loader.build_graph()
        executor.migrate(alvos)
        if sob_papel_da_aplicacao():
            aplicar_privilegios(connection, PAPEL_APP)
    return executor.loader.project_state(alvos).apps


@pytest.mark.django_db(transaction=True)
def test_migracao_compacta_as_versoes_antigas_e_volta():
    cargo = _cargo(n=11, vagas=3)
    versao = recalcular(cargo.pk)
    esperado = {c: [(p.posicao, p.inscricao_id, p.sub_judice)
                    for p in instantaneo.lista(versao, c)] for c in ("AC", "PP")}
    vagas = [(v.vaga, v.lista, v.inscricao_id, v.fundamento)
             for v in instantaneo.vagas_preenchidas(versao)]
    ordem = [(c.posicao, c.vaga, c.inscricao_id, c.lista, c.sub_judice)
             for c in instantaneo.convocacao(versao)]
    ids = dict(Inscricao.objects.filter(cargo=cargo).values_list("numero", "pk"))
    ultimo = MigrationExecutor(connection).loader.graph.leaf_nodes()
    try:
        antigos = _migrar(ANTES)
        # Going back: the compact version is in the old tables, row by row.
        Posicao = antigos.get_model("certames", "PosicaoLista")
        Vaga = antigos.get_model("certames", "VagaPreenchida")
        Chamada = antigos.get_model("certames", "ChamadaConvocacao")
        for codigo in ("AC", "PP"):
            assert list(Posicao.objects.filter(versao_id=versao.pk, lista=codigo)
                        .order_by("posicao").values_list("posicao", "inscricao_id",
                                                         "sub_judice")) == esperado[codigo]
        assert list(Vaga.objects.filter(versao_id=versao.pk).order_by("ordem").values_list(
            "vaga", "lista", "inscricao_id", "fundamento")) == vagas
        assert list(Chamada.objects.filter(versao_id=versao.pk).order_by("posicao").values_list(
            "posicao", "vaga", "inscricao_id", "lista", "sub_judice")) == ordem
        # A version written under the old model: 3 in AC (the 2nd sub judice), 1 in PP,
        # one slot, two calls (the second without a candidate).
        Versao = antigos.get_model("certames", "VersaoClassificacao")
        antiga = Versao.objects.create(
            cargo_id=cargo.pk, numero=2, geracao=2, causa="antiga", hash_entrada="x",
            regime=SMBV, vagas=2, distribuicao={"AC": 1, "PP": 1, "I": 0, "PCD": 0})
        for posicao, numero, sj in ((1, "0001", False), (2, "0002", True), (3, "0003", False)):
            Posicao.objects.create(versao_id=antiga.pk, lista="AC", posicao=posicao,
                                   inscricao_id=ids[numero], sub_judice=sj)
        Posicao.objects.create(versao_id=antiga.pk, lista="PP", posicao=1,
                               inscricao_id=ids["0002"], sub_judice=True)
        Vaga.objects.create(versao_id=antiga.pk, ordem=1, vaga="AC", lista="AC",
                            inscricao_id=ids["0001"], fundamento="art. 1º")
        Chamada.objects.create(versao_id=antiga.pk, posicao=1, vaga="AC",
                               inscricao_id=ids["0001"], lista="AC", sub_judice=False)
        Chamada.objects.create(versao_id=antiga.pk, posicao=2, vaga="PP", inscricao_id=None,
                               lista="", sub_judice=False)
    finally:
        _migrar(ultimo)
    assert [(p.posicao, p.inscricao_id, p.sub_judice)
            for p in instantaneo.lista(versao, "AC")] == esperado["AC"]
    nova = cargo.versoes_classificacao.get(numero=2)
    assert instantaneo.contagens(nova) == {"AC": 3, "PP": 1, "I": 0, "PCD": 0}
    assert instantaneo_apoio.numeros_sub_judice(nova, "AC") == [
        ("0001", False), ("0002", True), ("0003", False)]
    assert instantaneo_apoio.numeros_sub_judice(nova, "PP") == [("0002", True)]
    assert [(v.ordem, v.vaga, v.lista, v.inscricao_id, v.fundamento)
            for v in instantaneo.vagas_preenchidas(nova)] == [
        (1, "AC", "AC", ids["0001"], "art. 1º")]
    assert instantaneo_apoio.ordem(nova) == [(1, "AC", "0001"), (2, "PP", None)]
    tabelas = connection.introspection.table_names()
    assert [t for t in ("certames_posicaolista", "certames_vagapreenchida",
                        "certames_chamadaconvocacao") if t in tabelas] == []


# --- the per-candidate summary ---------------------------------------------


@pytest.mark.django_db
def test_resumo_de_cada_inscricao_e_o_que_o_instantaneo_diz_depois_de_publicar(rh):
    from certames.models import ResumoClassificacao
    from classificacao.listas import publicar
    from portal import situacao

    cargo = _cargo()
    sem_nota = InscricaoFactory(cargo=cargo, numero="0100")  # in no list
    versao = recalcular(cargo.pk)
    publicar(versao, "preliminar", rh)
    ocupantes = {v.inscricao_id for v in instantaneo.vagas_preenchidas(versao)}
    resumos = {r.inscricao_id: r for r in ResumoClassificacao.objects.all()}
    assert set(resumos) == set(Inscricao.objects.filter(cargo=cargo).values_list("pk",
                                                                                flat=True))
    for pk, r in resumos.items():
        assert r.versao_id == versao.pk
        assert r.posicoes == [
            {"lista": p.lista, "posicao": p.posicao, "sub_judice": p.sub_judice,
             "frente": instantaneo.a_frente_sem_vaga(versao, p.lista, p.posicao, ocupantes)}
            for p in instantaneo.posicoes_da_inscricao(versao, pk)]
        vaga = instantaneo.vaga_da_inscricao(versao, pk)
        assert r.vaga == (None if vaga is None else {
            "vaga": vaga.vaga, "lista": vaga.lista, "fundamento": vaga.fundamento})
    assert resumos[sem_nota.pk].posicoes == [] and resumos[sem_nota.pk].vaga is None
    # A worked case (SMBV, 5 vacancies: PP 25% of 5 = 1,25 -> 1, AC 4; LC 22/2026, art. 1º):
    # the AC slots go to 0001-0004 (0002, a PP optant, by its own score), the PP slot to the
    # best PP optant not placed, 0005. 0008 is 8th in AC with 0006 and 0007 ahead without a
    # slot, and 3rd in PP (0002, 0005 ahead, both holding slots), sub judice (pending).
    assert sorted(Inscricao.objects.filter(pk__in=ocupantes).values_list("numero", flat=True)
                  ) == ["0001", "0002", "0003", "0004", "0005"]
    insc = Inscricao.objects.get(cargo=cargo, numero="0008")
    assert resumos[insc.pk].posicoes == [
        {"lista": "AC", "posicao": 8, "sub_judice": False, "frente": 2},
        {"lista": "PP", "posicao": 3, "sub_judice": True, "frente": 0}]
    # The status page reads the summary, not the snapshot, and says the same.
    with CaptureQueriesContext(connection) as consultas:
        pelo_resumo = situacao.situacao_da_inscricao(insc).classificacao
    assert not [q for q in consultas.captured_queries if "certames_listaversao" in q["sql"]]
    pelo_instantaneo = situacao.explicar_posicoes(
        insc, versao, instantaneo.posicoes_da_inscricao(versao, insc.pk),
        instantaneo.vaga_da_inscricao(versao, insc.pk))
    assert pelo_resumo.explicacoes == pelo_instantaneo
    assert [(p.lista, p.posicao, p.sub_judice) for p in pelo_resumo.posicoes] == [
        ("AC", 8, False), ("PP", 3, True)]

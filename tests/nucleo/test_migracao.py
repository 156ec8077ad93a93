"""The kernel's data migration (`nucleo/migrations/0002_dados_e_protecao.py`): the committee
procedures' and the exemption's publications, batches and appeals, written under the old
parallel models, are in the kernel's tables afterwards, with their dates (the old
parallel models are migrated, data kept, and gone)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from comum.privilegios_banco import aplicar_privilegios
from tests.banco import PAPEL_APP, como_dono, sob_papel_da_aplicacao
from tests.comissoes.fabricas import ComissaoFactory, avaliacao
from tests.factories import CertameFactory, InscricaoFactory, usuario

ANTES = [("nucleo", "0001_initial"), ("comissoes", "0003_lotes_de_resultados"),
         ("candidatos", "0008_pedido_cadastro")]

PUBLICADA_EM = timezone.make_aware(dt.datetime(2026, 5, 4, 10, 30))
RECORRIDA_EM = timezone.make_aware(dt.datetime(2026, 5, 6, 16, 0))


def _migrar(alvos):
    # Migrations run as the tables' owner (the application role cannot CREATE or DROP); the
    # tables they recreate get the application role's grants again, as after `migrate`.
    with como_dono():
        executor = MigrationExecutor(connection)
        executor.loader.build_graph()
        executor.migrate(alvos)
        if sob_papel_da_aplicacao():
            aplicar_privilegios(connection, PAPEL_APP)
    return executor.loader.project_state(alvos).apps


@pytest.mark.django_db(transaction=True)
def test_publicacoes_lotes_e_recursos_antigos_passam_ao_nucleo_com_as_datas():
    certame = CertameFactory(regime="severinia-lei3057-2026")
    rh = usuario("rh_migracao")
    comissao = ComissaoFactory(certame=certame, tipo="heteroidentificacao")
    av = avaliacao(comissao, inscricao=InscricaoFactory(certame=certame))
    isenta = InscricaoFactory(certame=certame)
    negada = InscricaoFactory(certame=certame)
    ultimo = MigrationExecutor(connection).loader.graph.leaf_nodes()
    try:
        antigos = _migrar(ANTES)
        Pub = antigos.get_model("comissoes", "PublicacaoResultado")
        Pub._meta.get_field("publicada_em").auto_now_add = False
        pub = Pub.objects.create(certame_id=certame.pk, procedimento="heteroidentificacao",
                                 fase="preliminar", lote=1, publicada_em=PUBLICADA_EM,
                                 publicada_por_id=rh.pk)
        antigos.get_model("comissoes", "AvaliacaoPublicada").objects.create(
            publicacao_id=pub.pk, avaliacao_id=av.pk)
        Rec = antigos.get_model("comissoes", "Recurso")
        Rec._meta.get_field("apresentado_em").auto_now_add = False
        rec = Rec.objects.create(avaliacao_id=av.pk, texto="Razões do recurso da comissão.",
                                 apresentado_em=RECORRIDA_EM)
        antigos.get_model("comissoes", "AnexoRecurso").objects.create(
            recurso_id=rec.pk, arquivo="recursos/2026/a.pdf", nome_original="laudo.pdf",
            tipo_conteudo="application/pdf")
        Pedido = antigos.get_model("candidatos", "PedidoIsencao")
        p1 = Pedido.objects.create(inscricao_id=isenta.pk, tipo="doador_sangue",
                                   solicitado_em=PUBLICADA_EM, resultado_preliminar="deferido")
        p2 = Pedido.objects.create(inscricao_id=negada.pk, tipo="doador_sangue",
                                   solicitado_em=PUBLICADA_EM, resultado_preliminar="indeferido")
        PubIsencao = antigos.get_model("candidatos", "PublicacaoIsencao")
        PubIsencao._meta.get_field("publicada_em").auto_now_add = False
        PubIsencao.objects.create(certame_id=certame.pk, fase="preliminar",
                                  publicada_em=PUBLICADA_EM, publicada_por_id=rh.pk)
        RecIsencao = antigos.get_model("candidatos", "RecursoIsencao")
        RecIsencao._meta.get_field("apresentado_em").auto_now_add = False
        RecIsencao.objects.create(pedido_id=p2.pk, texto="Sou doador regular.",
                                  anexo="recursos-isencao/2026/d.png",
                                  apresentado_em=RECORRIDA_EM)
    finally:
        novos = _migrar(ultimo)

    Publicacao = novos.get_model("nucleo", "PublicacaoResultado")
    Item = novos.get_model("nucleo", "ItemPublicado")
    Recurso = novos.get_model("nucleo", "Recurso")
    Anexo = novos.get_model("nucleo", "AnexoRecurso")
    assert sorted(Publicacao.objects.values_list("procedimento", "fase", "lote", "publicada_em",
                                                 "publicada_por")) == [
        ("heteroidentificacao", "preliminar", 1, PUBLICADA_EM, rh.pk),
        ("isencao", "preliminar", 1, PUBLICADA_EM, rh.pk)]
    assert sorted(Item.objects.values_list("procedimento", "objeto_id", "inscricao")) == sorted([
        ("heteroidentificacao", av.pk, av.inscricao_id),
        ("isencao", p1.pk, isenta.pk), ("isencao", p2.pk, negada.pk)])
    assert sorted(Recurso.objects.values_list("procedimento", "objeto_id", "inscricao", "texto",
                                              "apresentado_em")) == sorted([
        ("heteroidentificacao", av.pk, av.inscricao_id, "Razões do recurso da comissão.",
         RECORRIDA_EM),
        ("isencao", p2.pk, negada.pk, "Sou doador regular.", RECORRIDA_EM)])
    assert sorted(Anexo.objects.values_list("recurso__procedimento", "arquivo", "nome_original",
                                            "tipo_conteudo")) == [
        ("heteroidentificacao", "recursos/2026/a.pdf", "laudo.pdf", "application/pdf"),
        ("isencao", "recursos-isencao/2026/d.png", "d.png", "image/png")]
    tabelas = connection.introspection.table_names()
    assert [t for t in ("comissoes_recurso", "comissoes_publicacaoresultado",
                        "candidatos_recursoisencao", "candidatos_publicacaoisencao")
            if t in tabelas] == []

"""Compact snapshots: each list of a classification version in one row
(its inscrição ids packed in order, a bitmap of the sub judice positions), the filled slots
and the call order in one more (`certames.instantaneo`), instead of one row per position.

Every existing version is copied from the old rows (INSERT only; versions stay immutable),
then the old tables are dropped (DROP TABLE, not DELETE: the append-only triggers refuse
UPDATE, DELETE and TRUNCATE only). The packed ids are not foreign keys, so deleting an
inscrição that a snapshot names is refused by a trigger on PostgreSQL (and by the ORM,
`certames.models._recusar_exclusao_inscricao`). Reversible: going back copies the compact rows
into the old tables. It also adds the per-candidate summary of the latest published version
(`ResumoClassificacao`, written at each publication; until then the status page reads the
snapshot).

The encoding is frozen here (the app's `certames.instantaneo` may evolve): 8-byte big-endian
unsigned ids; bit (p-1) % 8 of byte (p-1) // 8 set when position p is sub judice.
"""

import struct

import django.db.models.deletion
from django.db import migrations, models

from comum.somente_insercao import instalar_protecao, proteger_tabelas

NOVAS = ("certames_listaversao", "certames_convocacaoversao")
ANTIGAS = ("certames_posicaolista", "certames_vagapreenchida", "certames_chamadaconvocacao")


def _empacotar(ids):
    return struct.pack(f">{len(ids)}Q", *ids)


def _desempacotar(dados):
    dados = bytes(dados or b"")
    return list(struct.unpack(f">{len(dados) // 8}Q", dados))


def _mapa(marcas):
    saida = bytearray((len(marcas) + 7) // 8)
    for i, marcada in enumerate(marcas):
        if marcada:
            saida[i // 8] |= 1 << (i % 8)
    return bytes(saida)


def _imediatas(schema_editor):
    # Deferred foreign-key checks of the rows just inserted run now, before tables are
    # dropped or created in the same transaction.
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")


def compactar(apps, schema_editor):
    Versao = apps.get_model("certames", "VersaoClassificacao")
    Posicao = apps.get_model("certames", "PosicaoLista")
    Vaga = apps.get_model("certames", "VagaPreenchida")
    Chamada = apps.get_model("certames", "ChamadaConvocacao")
    Lista = apps.get_model("certames", "ListaVersao")
    Convocacao = apps.get_model("certames", "ConvocacaoVersao")
    for versao in Versao.objects.order_by("pk").only("pk", "distribuicao").iterator():
        listas: dict[str, tuple[list, list]] = {
            codigo: ([], []) for codigo in (versao.distribuicao or {})}
        for codigo, posicao, inscricao_id, sub_judice in (
                Posicao.objects.filter(versao_id=versao.pk).order_by("lista", "posicao")
                .values_list("lista", "posicao", "inscricao_id", "sub_judice")
                .iterator(chunk_size=5000)):
            ids, marcas = listas.setdefault(codigo, ([], []))
            if posicao != len(ids) + 1:
                raise RuntimeError(
                    f"versão {versao.pk}, lista {codigo}: posição {posicao} fora de sequência")
            ids.append(inscricao_id)
            marcas.append(sub_judice)
        Lista.objects.bulk_create([
            Lista(versao_id=versao.pk, lista=codigo, total=len(ids),
                  inscricoes=_empacotar(ids), sub_judice=_mapa(marcas))
            for codigo, (ids, marcas) in sorted(listas.items())])
        vagas = [{"vaga": v, "lista": lst, "inscricao": i, "fundamento": f}
                 for v, lst, i, f in Vaga.objects.filter(versao_id=versao.pk).order_by(
                     "ordem").values_list("vaga", "lista", "inscricao_id", "fundamento")]
        ordem = [{"posicao": p, "vaga": v, "inscricao": i, "lista": lst, "sub_judice": sj}
                 for p, v, i, lst, sj in Chamada.objects.filter(versao_id=versao.pk).order_by(
                     "posicao").values_list("posicao", "vaga", "inscricao_id", "lista",
                                            "sub_judice")]
        citadas = sorted({v["inscricao"] for v in vagas}
                         | {c["inscricao"] for c in ordem if c["inscricao"] is not None})
        Convocacao.objects.create(versao_id=versao.pk, vagas_preenchidas=vagas,
                                  convocacao=ordem, inscricoes=_empacotar(citadas))
    _imediatas(schema_editor)


def descompactar(apps, schema_editor):
    Posicao = apps.get_model("certames", "PosicaoLista")
    Vaga = apps.get_model("certames", "VagaPreenchida")
    Chamada = apps.get_model("certames", "ChamadaConvocacao")
    Lista = apps.get_model("certames", "ListaVersao")
    Convocacao = apps.get_model("certames", "ConvocacaoVersao")
    for linha in Lista.objects.order_by("pk").iterator():
        mapa = bytes(linha.sub_judice or b"")
        Posicao.objects.bulk_create([
            Posicao(versao_id=linha.versao_id, lista=linha.lista, posicao=i + 1,
                    inscricao_id=pk,
                    sub_judice=i // 8 < len(mapa) and bool(mapa[i // 8] >> (i % 8) & 1))
            for i, pk in enumerate(_desempacotar(linha.inscricoes))], batch_size=5000)
    for linha in Convocacao.objects.order_by("pk").iterator():
        Vaga.objects.bulk_create([
            Vaga(versao_id=linha.versao_id, ordem=i, vaga=v["vaga"], lista=v["lista"],
                 inscricao_id=v["inscricao"], fundamento=v["fundamento"])
            for i, v in enumerate(linha.vagas_preenchidas, start=1)])
        Chamada.objects.bulk_create([
            Chamada(versao_id=linha.versao_id, posicao=c["posicao"], vaga=c["vaga"],
                    inscricao_id=c["inscricao"], lista=c["lista"], sub_judice=c["sub_judice"])
            for c in linha.convocacao])
    _imediatas(schema_editor)


def proteger_inscricoes(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    from certames.instantaneo import SQL_PROTEGE_INSCRICAO

    for sql in SQL_PROTEGE_INSCRICAO:
        schema_editor.execute(sql)


def desproteger_inscricoes(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    from certames.instantaneo import SQL_DESPROTEGE_INSCRICAO

    for sql in SQL_DESPROTEGE_INSCRICAO:
        schema_editor.execute(sql)


def reproteger_antigas(apps, schema_editor):
    # Going back: the old tables, recreated, are append-only again.
    instalar_protecao(schema_editor, ANTIGAS)


class Migration(migrations.Migration):

    dependencies = [
        ('candidatos', '0003_auditoria_somente_insercao'),
        ('certames', '0012_documentos_publicacao'),
    ]

    operations = [
        migrations.CreateModel(
            name='ListaVersao',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('lista', models.CharField(max_length=3, verbose_name='lista')),
                ('total', models.PositiveIntegerField(verbose_name='candidatos')),
                ('inscricoes', models.BinaryField(verbose_name='inscrições em ordem')),
                ('sub_judice', models.BinaryField(verbose_name='posições sub judice')),
                ('versao', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='listas', to='certames.versaoclassificacao')),
            ],
            options={
                'verbose_name': 'lista de uma versão',
                'verbose_name_plural': 'listas das versões',
                'ordering': ['versao', 'lista'],
            },
        ),
        migrations.AddConstraint(
            model_name='listaversao',
            constraint=models.UniqueConstraint(fields=('versao', 'lista'), name='lista_unica_por_versao'),
        ),
        migrations.CreateModel(
            name='ConvocacaoVersao',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('vagas_preenchidas', models.JSONField(default=list, verbose_name='vagas preenchidas')),
                ('convocacao', models.JSONField(default=list, verbose_name='ordem de convocação')),
                ('inscricoes', models.BinaryField(verbose_name='inscrições citadas')),
                ('versao', models.OneToOneField(on_delete=django.db.models.deletion.PROTECT, related_name='convocacao_versao', to='certames.versaoclassificacao')),
            ],
            options={
                'verbose_name': 'convocação de uma versão',
                'verbose_name_plural': 'convocações das versões',
            },
        ),
        # Each inscrição's place in the latest published version, for its status page (derived
        # data, replaced at each publication: not append-only).
        migrations.CreateModel(
            name='ResumoClassificacao',
            fields=[
                ('inscricao', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True, related_name='resumo_classificacao', serialize=False, to='candidatos.inscricao')),
                ('posicoes', models.JSONField(default=list, verbose_name='posições')),
                ('vaga', models.JSONField(blank=True, null=True, verbose_name='vaga')),
                ('versao', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='certames.versaoclassificacao')),
            ],
            options={
                'verbose_name': 'resumo da classificação de uma inscrição',
                'verbose_name_plural': 'resumos da classificação das inscrições',
            },
        ),
        proteger_tabelas(*NOVAS),
        migrations.RunPython(proteger_inscricoes, desproteger_inscricoes),
        migrations.RunPython(compactar, descompactar),
        migrations.RunPython(migrations.RunPython.noop, reproteger_antigas),
        migrations.DeleteModel(name='ChamadaConvocacao'),
        migrations.DeleteModel(name='PosicaoLista'),
        migrations.DeleteModel(name='VagaPreenchida'),
    ]

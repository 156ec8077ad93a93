"""One kernel for the procedures' publications and appeals: the committee
procedures' `comissoes.PublicacaoResultado`, `AvaliacaoPublicada`, `Recurso` and `AnexoRecurso`
and the fee exemption's `candidatos.PublicacaoIsencao` and `RecursoIsencao` are copied into the
kernel's tables (data kept, dates kept), then the kernel's tables become append-only. The old
tables are dropped by the next migration of their apps.

The exemption had one preliminary and one final publication per certame and required every
request decided before the preliminary one: they become batch 1, holding every request of the
certame decided then. An exemption appeal's single attachment becomes its `AnexoRecurso`."""

import mimetypes
import os

from django.db import migrations

from comum.somente_insercao import proteger_tabelas

ISENCAO = "isencao"


def _sem_auto_now(modelo, campo):
    # Keep the original dates: the historical model is this migration's own class.
    modelo._meta.get_field(campo).auto_now_add = False


def copiar(apps, schema_editor):
    Publicacao = apps.get_model("nucleo", "PublicacaoResultado")
    Item = apps.get_model("nucleo", "ItemPublicado")
    Recurso = apps.get_model("nucleo", "Recurso")
    Anexo = apps.get_model("nucleo", "AnexoRecurso")
    _sem_auto_now(Publicacao, "publicada_em")
    _sem_auto_now(Recurso, "apresentado_em")

    # Committee procedures.
    AntigaPub = apps.get_model("comissoes", "PublicacaoResultado")
    AntigoItem = apps.get_model("comissoes", "AvaliacaoPublicada")
    AntigoRecurso = apps.get_model("comissoes", "Recurso")
    AntigoAnexo = apps.get_model("comissoes", "AnexoRecurso")
    novas = {}
    for pub in AntigaPub.objects.order_by("pk"):
        novas[pub.pk] = Publicacao.objects.create(
            certame_id=pub.certame_id, procedimento=pub.procedimento, fase=pub.fase,
            lote=pub.lote, publicada_em=pub.publicada_em, publicada_por_id=pub.publicada_por_id)
    Item.objects.bulk_create([
        Item(publicacao=novas[i.publicacao_id], procedimento=novas[i.publicacao_id].procedimento,
             objeto_id=i.avaliacao_id, inscricao_id=i.avaliacao.inscricao_id)
        for i in AntigoItem.objects.select_related("avaliacao").order_by("pk")])
    for rec in AntigoRecurso.objects.select_related("avaliacao__comissao").order_by("pk"):
        tipo = rec.avaliacao.comissao.tipo
        novo = Recurso.objects.create(
            procedimento="heteroidentificacao" if tipo == "recursal" else tipo,
            objeto_id=rec.avaliacao_id, inscricao_id=rec.avaliacao.inscricao_id,
            texto=rec.texto, apresentado_em=rec.apresentado_em)
        Anexo.objects.bulk_create([
            Anexo(recurso=novo, arquivo=a.arquivo.name, nome_original=a.nome_original,
                  tipo_conteudo=a.tipo_conteudo)
            for a in AntigoAnexo.objects.filter(recurso_id=rec.pk).order_by("pk")])

    # Fee exemption.
    PubIsencao = apps.get_model("candidatos", "PublicacaoIsencao")
    RecursoIsencao = apps.get_model("candidatos", "RecursoIsencao")
    Pedido = apps.get_model("candidatos", "PedidoIsencao")
    for pub in PubIsencao.objects.order_by("pk"):
        nova = Publicacao.objects.create(
            certame_id=pub.certame_id, procedimento=ISENCAO, fase=pub.fase, lote=1,
            publicada_em=pub.publicada_em, publicada_por_id=pub.publicada_por_id)
        if pub.fase == "preliminar":
            Item.objects.bulk_create([
                Item(publicacao=nova, procedimento=ISENCAO, objeto_id=p.pk,
                     inscricao_id=p.inscricao_id)
                for p in Pedido.objects.filter(inscricao__certame_id=pub.certame_id)
                .exclude(resultado_preliminar="").order_by("pk")])
    for rec in RecursoIsencao.objects.select_related("pedido").order_by("pk"):
        novo = Recurso.objects.create(
            procedimento=ISENCAO, objeto_id=rec.pedido_id, inscricao_id=rec.pedido.inscricao_id,
            texto=rec.texto, apresentado_em=rec.apresentado_em)
        if rec.anexo:
            nome = rec.anexo.name
            Anexo.objects.create(
                recurso=novo, arquivo=nome, nome_original=os.path.basename(nome),
                tipo_conteudo=mimetypes.guess_type(nome)[0] or "application/octet-stream")


class Migration(migrations.Migration):

    dependencies = [
        ("nucleo", "0001_initial"),
        ("comissoes", "0003_lotes_de_resultados"),
        ("candidatos", "0008_pedido_cadastro"),
    ]

    operations = [
        migrations.RunPython(copiar, migrations.RunPython.noop),
        proteger_tabelas("nucleo_publicacaoresultado", "nucleo_itempublicado", "nucleo_recurso",
                         "nucleo_anexorecurso"),
    ]

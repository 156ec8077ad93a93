"""Appeals against RH's decisions go first to the authority that decided (Lei 9.784/1999,
art. 56, §1º; `nucleo.autoridade`): the decider's reconsideration is a decision phase of the
exemption and of the special conditions (`reconsideracao`, which needs a longer column).

The appeals already filed against an RH decision (fee exemption, special conditions,
procedimento administrativo) and not yet judged are addressed now to the user who signed the
decision, with five days counted from this migration (the day excluded, to the end of the
fifth day: art. 66): the product did not offer the reconsideration when they were filed, so
the decider gets the whole period the law gives; they may also keep the decision at once,
which forwards the appeal. An appeal already judged (by another RH user, under the old rule)
stays as it was: acts are never rewritten. An appeal whose decision has no recorded author is
left without the step and goes straight to the certame's superior authority."""

import datetime as dt

from django.db import migrations, models
from django.utils import timezone

PRAZO_DIAS = 5  # Lei 9.784/1999, art. 56, §1º


def _decisor(apps, recurso):
    """The decider's id and whether the appeal is already judged."""
    if recurso.procedimento == "isencao":
        decisoes = apps.get_model("candidatos", "DecisaoIsencao").objects.filter(
            pedido_id=recurso.objeto_id)
        julgado = decisoes.filter(fase="recurso").exists()
        autor = (decisoes.filter(fase="preliminar").order_by("-decidida_em", "-pk")
                 .values_list("autor_id", flat=True).first())
        return autor, julgado
    if recurso.procedimento == "atendimento_especializado":
        decisoes = apps.get_model("candidatos", "DecisaoAtendimento").objects.filter(
            pedido_id=recurso.objeto_id)
        julgado = decisoes.filter(fase="recurso").exists()
        autor = (decisoes.filter(fase="primeira").order_by("-decidida_em", "-pk")
                 .values_list("autor_id", flat=True).first())
        return autor, julgado
    proc = apps.get_model("candidatos", "ProcedimentoAdministrativo").objects.filter(
        pk=recurso.objeto_id).first()
    if proc is None:
        return None, False
    return proc.decidido_por_id, bool(proc.recurso_resultado)


def dirigir_pendentes(apps, schema_editor):
    Recurso = apps.get_model("nucleo", "Recurso")
    TramiteRecurso = apps.get_model("nucleo", "TramiteRecurso")
    agora = timezone.now()
    ultimo = timezone.localdate(agora) + dt.timedelta(days=PRAZO_DIAS)
    prazo = timezone.make_aware(dt.datetime.combine(ultimo, dt.time(23, 59, 59)))
    for recurso in Recurso.objects.filter(
            procedimento__in=["isencao", "atendimento_especializado",
                              "procedimento_administrativo"]).order_by("pk"):
        if TramiteRecurso.objects.filter(recurso=recurso).exists():
            continue
        autor, julgado = _decisor(apps, recurso)
        if julgado or autor is None:
            continue
        TramiteRecurso.objects.create(recurso=recurso, etapa="dirigido", usuario_id=autor,
                                      prazo=prazo, registrado_em=agora)


class Migration(migrations.Migration):

    dependencies = [
        ('candidatos', '0017_i21_cadastro_por_conta'),
        ('nucleo', '0003_i21_autoridade'),
    ]

    operations = [
        migrations.AlterField(
            model_name='decisaoatendimento',
            name='fase',
            field=models.CharField(choices=[('primeira', 'Decisão'), ('recurso', 'Julgamento do recurso'), ('reconsideracao', 'Reconsideração por quem decidiu')], max_length=15, verbose_name='fase'),
        ),
        migrations.AlterField(
            model_name='decisaoisencao',
            name='fase',
            field=models.CharField(choices=[('preliminar', 'Análise preliminar'), ('recurso', 'Julgamento do recurso'), ('reconsideracao', 'Reconsideração por quem decidiu'), ('falsidade', 'Indeferimento por falsidade')], max_length=15, verbose_name='fase'),
        ),
        migrations.RunPython(dirigir_pendentes, migrations.RunPython.noop),
    ]

"""The kernel's notices to candidates: always by e-mail through a Celery task queued after the
transaction commits (`nucleo.tasks`), never inside the request, and never with the decision's
text (the candidate reads it in their area). Times are written in the órgão's clock
(`certames.calendario.no_fuso`). Each notice has its key (`comum.models.Aviso.chave`): a task
delivered twice, or run again by the sweep of pending tasks, records and sends nothing more.
"""

from __future__ import annotations

import datetime as dt
import logging

from django.db import transaction

from certames.auditoria import ultimo_ato
from certames.calendario import no_fuso
from comum import emails
from comum.filas import enfileirar
from comum.formatos import data_hora_br
from nucleo.lotes import janela_do_lote, objetos_do_lote
from nucleo.models import ItemPublicado, PublicacaoResultado, Recurso
from nucleo.registro import plugin

logger = logging.getLogger(__name__)

TAREFA_AVISO = "nucleo.avisar_publicacao"
TAREFA_PROTOCOLO = "nucleo.enviar_protocolo_recurso"


def enfileirar_aviso_publicacao(pub: PublicacaoResultado) -> None:
    transaction.on_commit(lambda: enfileirar(TAREFA_AVISO, pub.pk))


def enfileirar_protocolo(recurso: Recurso) -> None:
    transaction.on_commit(lambda: enfileirar(TAREFA_PROTOCOLO, recurso.pk))


def avisar_publicacao(publicacao_id: int) -> int:
    """Tell each candidate of the batch that its result was published, pointing to the
    candidate's area. Returns how many were sent."""
    pub = PublicacaoResultado.objects.select_related("certame__orgao").get(pk=publicacao_id)
    proc = plugin(pub.procedimento)
    itens = (ItemPublicado.objects.filter(
        publicacao__certame_id=pub.certame_id, publicacao__procedimento=pub.procedimento,
        publicacao__lote=pub.lote, publicacao__fase=PublicacaoResultado.Fase.PRELIMINAR)
        .select_related("inscricao__candidato"))
    destinos = sorted({(i.inscricao.numero, i.inscricao.candidato.email)
                       for i in itens if i.inscricao.candidato.email})
    fase = pub.get_fase_display()
    ato = ultimo_ato(pub)
    inscricoes = {i.inscricao.numero: i.inscricao for i in itens}
    enviados = 0
    for numero, email in destinos:
        try:
            aviso = emails.aviso_publicacao_resultado(email, {
                "fase": fase, "fase_minuscula": fase.lower(),
                "procedimento": proc.nome, "lote": pub.lote, "certame": str(pub.certame),
                "numero": numero}, ato=ato, inscricao=inscricoes[numero],
                chave=f"publicacao:{pub.pk}:{inscricoes[numero].pk}")
            enviados += aviso is not None
        except Exception:  # the publication stands; a failed notice must not undo it
            logger.exception("falha ao avisar a inscrição %s da publicação %s", numero,
                             publicacao_id)
    return enviados


def enviar_protocolo(recurso_id: int) -> bool:
    """Receipt of the appeal, by e-mail. The text has no decision nor vote."""
    recurso = Recurso.objects.select_related("inscricao__certame__orgao",
                                             "inscricao__candidato").get(pk=recurso_id)
    insc = recurso.inscricao
    email = insc.candidato.email
    if not email:
        return False
    proc = plugin(recurso.procedimento)
    try:
        with no_fuso(insc.certame):
            aviso = emails.protocolo_recurso(email, {
                # A procedure decided case by case has no preliminary result: the appeal is
                # against the decision.
                "em_lotes": proc.publica_em_lotes, "procedimento": proc.nome,
                "certame": str(insc.certame), "numero": insc.numero, "protocolo": recurso.pk,
                "apresentado_em": data_hora_br(recurso.apresentado_em),
                "anexos": recurso.anexos.count()}, ato=ultimo_ato(recurso), inscricao=insc,
                chave=f"protocolo:{recurso.pk}")
    except Exception:  # the appeal is filed; a failed receipt must not undo it
        logger.exception("falha ao enviar o protocolo do recurso %s", recurso_id)
        return False
    return aviso is not None


#: Preliminary results older than this are not looked at by the appeal reminders (no appeal
#: window of the product's regimes lasts that long after its publication).
HORIZONTE_LEMBRETES = dt.timedelta(days=120)


def lembrar_recursos(agora: dt.datetime, antecedencia: dt.timedelta) -> int:
    """Remind each candidate with an unfavourable decision in a preliminary batch, who has not
    appealed, that the batch's appeal window closes within `antecedencia` (celery beat, via
    `candidatos.lembretes`); once per decision (`comum.models.Aviso.chave`)."""
    feitos = 0
    publicacoes = (PublicacaoResultado.objects
                   .filter(fase=PublicacaoResultado.Fase.PRELIMINAR,
                           publicada_em__gte=agora - HORIZONTE_LEMBRETES)
                   .select_related("certame__orgao"))
    for pub in publicacoes:
        janela = janela_do_lote(pub, agora)
        if not janela.aberta or janela.fim > agora + antecedencia:
            continue
        proc = plugin(pub.procedimento)
        itens = {i.objeto_id: i.inscricao for i in ItemPublicado.objects.filter(
            publicacao=pub).select_related("inscricao__candidato")}
        recorridos = set(Recurso.objects.filter(procedimento=proc.chave,
                                                objeto_id__in=list(itens))
                         .values_list("objeto_id", flat=True))
        for objeto in objetos_do_lote(pub):
            insc = itens.get(objeto.pk)
            if (insc is None or objeto.pk in recorridos or not proc.desfavoravel(objeto)
                    or not insc.candidato.email):
                continue
            with no_fuso(pub.certame):
                aviso = emails.lembrete_prazo_recurso(insc.candidato.email, {
                    "procedimento": proc.nome, "certame": str(pub.certame),
                    "numero": insc.numero, "fim": data_hora_br(janela.fim)},
                    inscricao=insc, certame_id=pub.certame_id,
                    chave=f"lembrete:recurso:{proc.chave}:{objeto.pk}")
            feitos += aviso is not None
    return feitos

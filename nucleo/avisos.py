"""The kernel's notices to candidates: always by e-mail through a Celery task queued after the
transaction commits (`nucleo.tasks`), never inside the request, and never with the decision's
text (the candidate reads it in their area).
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.utils.translation import gettext as _

from comum.filas import enfileirar
from comum.formatos import data_hora_br
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
    pub = PublicacaoResultado.objects.select_related("certame").get(pk=publicacao_id)
    proc = plugin(pub.procedimento)
    itens = (ItemPublicado.objects.filter(
        publicacao__certame_id=pub.certame_id, publicacao__procedimento=pub.procedimento,
        publicacao__lote=pub.lote, publicacao__fase=PublicacaoResultado.Fase.PRELIMINAR)
        .select_related("inscricao__candidato"))
    destinos = sorted({(i.inscricao.numero, i.inscricao.candidato.email)
                       for i in itens if i.inscricao.candidato.email})
    enviados = 0
    for numero, email in destinos:
        corpo = _(
            "Foi publicado o %(fase)s da %(proc)s (lote %(lote)d).\n\n"
            "Certame: %(certame)s\nInscrição: %(n)s\n\n"
            "Veja o resultado e, se for o caso, o prazo de recurso na sua área do "
            "candidato.") % {"fase": pub.get_fase_display().lower(), "proc": proc.nome,
                             "lote": pub.lote, "certame": pub.certame, "n": numero}
        try:
            send_mail(_("%(fase)s da %(proc)s — inscrição %(n)s") % {
                "fase": pub.get_fase_display(), "proc": proc.nome, "n": numero},
                corpo, settings.DEFAULT_FROM_EMAIL, [email])
            enviados += 1
        except Exception:  # the publication stands; a failed notice must not undo it
            logger.exception("falha ao avisar a inscrição %s da publicação %s", numero,
                             publicacao_id)
    return enviados


def enviar_protocolo(recurso_id: int) -> bool:
    """Receipt of the appeal, by e-mail. The text has no decision nor vote."""
    recurso = Recurso.objects.select_related("inscricao__certame", "inscricao__candidato").get(
        pk=recurso_id)
    insc = recurso.inscricao
    email = insc.candidato.email
    if not email:
        return False
    proc = plugin(recurso.procedimento)
    # A procedure decided case by case has no preliminary result: the appeal is against the
    # decision.
    contra = (_("contra o resultado preliminar da %(proc)s") if proc.publica_em_lotes
              else _("contra a decisão da %(proc)s")) % {"proc": proc.nome}
    corpo = _(
        "Recebemos o seu recurso %(contra)s.\n\n"
        "Certame: %(certame)s\nInscrição: %(n)s\nProtocolo: %(p)d\n"
        "Apresentado em: %(d)s\nAnexos: %(a)d\n\n"
        "Acompanhe o julgamento na sua área do candidato.") % {
        "contra": contra, "certame": insc.certame, "n": insc.numero, "p": recurso.pk,
        "a": recurso.anexos.count(), "d": data_hora_br(recurso.apresentado_em)}
    try:
        send_mail(_("Recurso recebido — inscrição %(n)s") % {"n": insc.numero}, corpo,
                  settings.DEFAULT_FROM_EMAIL, [email])
    except Exception:  # the appeal is filed; a failed receipt must not undo it
        logger.exception("falha ao enviar o protocolo do recurso %s", recurso_id)
        return False
    return True

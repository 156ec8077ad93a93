"""Reminders before the candidate's deadlines (celery beat, once a day:
`candidatos.lembrar_prazos`): a call whose deadline for the documents ends within 2 days, and
an appeal window against an unfavourable preliminary result that closes within 2 days
(`nucleo.avisos.lembrar_recursos`). Each reminder is recorded once
(`comum.models.Aviso.chave`): running the beat twice sends nothing more."""

from __future__ import annotations

import datetime as dt

from django.utils import timezone

from certames.models import Chamada
from comum import emails
from comum.formatos import data_br
from nucleo.avisos import lembrar_recursos

#: How many days before a deadline the candidate is reminded.
ANTECEDENCIA_DIAS = 2


def lembrar_chamadas(hoje: dt.date | None = None) -> int:
    """Remind each candidate whose call's deadline ends within `ANTECEDENCIA_DIAS` days (from
    today on) and who has recorded nothing on it yet (no nomeação, desistência...)."""
    hoje = hoje or timezone.localdate()
    chamadas = (Chamada.objects.filter(prazo__gte=hoje,
                                       prazo__lte=hoje + dt.timedelta(days=ANTECEDENCIA_DIAS),
                                       eventos__isnull=True)
                .exclude(inscricao__candidato__email="")
                .select_related("inscricao__candidato", "cargo__certame"))
    feitos = 0
    for chamada in chamadas:
        aviso = emails.lembrete_prazo_chamada(chamada.inscricao.candidato.email, {
            "numero": chamada.inscricao.numero, "cargo": chamada.cargo.nome,
            "certame": chamada.cargo.certame.titulo, "prazo": data_br(chamada.prazo)},
            inscricao=chamada.inscricao, certame_id=chamada.cargo.certame_id,
            chave=f"lembrete:chamada:{chamada.pk}")
        feitos += aviso is not None
    return feitos


def lembrar_prazos(agora: dt.datetime | None = None) -> int:
    """The beat's daily run: the calls' and the appeal windows' reminders."""
    agora = agora or timezone.now()
    return (lembrar_chamadas(timezone.localdate(agora))
            + lembrar_recursos(agora, dt.timedelta(days=ANTECEDENCIA_DIAS)))

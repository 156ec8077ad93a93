"""A committee session in the calendar: its `.ics` for the members and for each convoked
candidate (comum.avisos.ics), attached to the convocation's e-mail, and the members' reminder
the day before (celery beat, `comissoes.lembrar_sessoes`: each member reminded once per
session, `comum.models.Aviso.chave`), its hour in the órgão's clock
(`certames.calendario.no_fuso`)."""

from __future__ import annotations

import datetime as dt

from django.utils import timezone
from django.utils.translation import gettext as _

from certames.calendario import no_fuso
from comissoes.dominio.procedimentos import procedimento
from comissoes.models import Convocacao, MembroComissao, Sessao
from comum import emails
from comum.avisos import ics
from comum.formatos import data_hora_br

#: How long before a session its members are reminded.
ANTECEDENCIA_SESSAO = dt.timedelta(days=1)


def _titulo(sessao: Sessao) -> str:
    certame = sessao.comissao.certame
    return _("Sessão de %(p)s — edital %(e)s") % {
        "p": procedimento(sessao.comissao.tipo).nome, "e": certame.numero_edital}


def calendario_sessao(sessao: Sessao) -> str:
    """The session for its members (no candidate named)."""
    evento = ics.Evento(
        uid=f"sessao-{sessao.pk}@certames", inicio=sessao.inicio, fim=None,
        resumo=_titulo(sessao), local=sessao.local,
        descricao=_("%(c)s, %(m)s.") % {"c": sessao.comissao.nome,
                                        "m": sessao.get_modalidade_display()})
    return ics.calendario([evento], sessao.comissao.nome)


def calendario_convocacao(conv: Convocacao) -> str:
    """The convoked candidate's appointment: their own time, place and inscrição."""
    sessao = conv.sessao
    evento = ics.Evento(
        uid=f"convocacao-{conv.pk}@certames", inicio=conv.horario, fim=None,
        resumo=_titulo(sessao), local=sessao.local,
        descricao=_("Inscrição %(n)s, %(m)s.") % {"n": conv.inscricao.numero,
                                                  "m": sessao.get_modalidade_display()})
    return ics.calendario([evento], _titulo(sessao))


def lembrar_sessoes(agora: dt.datetime | None = None) -> int:
    """E-mail every active member of each session that starts within a day (not closed),
    with its `.ics`; a member already reminded of a session is not reminded again. Returns
    how many reminders were recorded."""
    agora = agora or timezone.now()
    sessoes = (Sessao.objects.filter(inicio__gt=agora, inicio__lte=agora + ANTECEDENCIA_SESSAO,
                                     encerrada_em__isnull=True)
               .select_related("comissao__certame__orgao"))
    feitos = 0
    for sessao in sessoes:
        anexo = ics.anexo(calendario_sessao(sessao), f"sessao-{sessao.pk}.ics")
        membros = (MembroComissao.objects.filter(comissao=sessao.comissao, ativo=True)
                   .exclude(usuario__email="").select_related("usuario"))
        with no_fuso(sessao.comissao.certame):
            horario = data_hora_br(sessao.inicio)
        for membro in membros:
            aviso = emails.lembrete_sessao_comissao(membro.usuario.email, {
                "comissao": sessao.comissao.nome, "titulo": _titulo(sessao),
                "horario": horario, "local": sessao.local,
                "modalidade": sessao.get_modalidade_display()},
                usuario=membro.usuario, certame_id=sessao.comissao.certame_id,
                anexos=[anexo], chave=f"lembrete:sessao:{sessao.pk}:{membro.usuario_id}")
            feitos += aviso is not None
    return feitos

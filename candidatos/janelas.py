"""The windows open for an inscrição: one answer for every page.

"Can this candidate appeal now, against what, until when?" is answered once by `reunir`, from
what each procedure decides about its own window, and every page reads its answer
(`portal.situacao.SituacaoInscricao.janelas`; `portal.situacao.janelas_abertas` for a page
that has not read the status):

- the status page's card "Prazos abertos", the dashboard's "O que vem a seguir" and the
  notices (`portal.avisos`) list exactly these windows;
- each procedure's own page (special conditions, exemption, committee appeals, fraud
  procedure) offers its appeal only when its window is among them (`janela_de`).

Each registered plug-in of the kernel gives its own windows
(`nucleo.registro.Procedimento.janelas_do_candidato`), and this module names none of them. A
window is open when the candidate can act in it now: for an appeal, when the procedure kernel
finds no reason to refuse it (`nucleo.recursos.motivo_para_nao_recorrer`: the decision
published and against the candidate, no appeal filed yet, the final result not out, the window
of the decision's batch, or counted from the decision's notice, open). Which window a
procedure has is the procedure's rule, cited where it is decided: the batch's window
(`nucleo.lotes`), ten days from an RH decision on special conditions (`candidatos.condicoes`;
Lei 9.784/1999, art. 59), the regime's days from a fraud procedure's decision
(`candidatos.procedimentos`), the defence of an administrative procedure until its deadline
(contraditório e ampla defesa, CF art. 5º, LV). The appeal against the classification's
preliminary result is the schedule's stage "Recurso do resultado", open to every candidate of
the published snapshot (in a list, or out of one with the reason the snapshot records): it is
not a plug-in's, and is given here.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from django.utils.translation import gettext as _

from certames.models import Etapa
from certames.situacao import motivo_certame_parado
from nucleo.candidato import DEFESA, RECURSO, JanelaAberta
from nucleo.registro import registrados

__all__ = ["CLASSIFICACAO", "DEFESA", "RECURSO", "JanelaAberta", "janela_de", "reunir"]

#: The "procedure" of the appeal against the classification's preliminary result (not a
#: plug-in of the kernel: the schedule's stage).
CLASSIFICACAO = "classificacao"


def _classificacao(etapas: list[Etapa], no_instantaneo: bool, agora) -> list[JanelaAberta]:
    if not no_instantaneo:
        return []
    return [JanelaAberta(RECURSO, CLASSIFICACAO, _("resultado preliminar da classificação"),
                         e.inicio, e.fim, None)
            for e in etapas if e.tipo == Etapa.Tipo.RECURSO_RESULTADO and e.aberta(agora)]


def reunir(s, agora: dt.datetime) -> list[JanelaAberta]:
    """Every window open for the inscrição at `agora`, soonest end first, from `s`, the status
    the candidate's area read once (`portal.situacao.SituacaoInscricao`): each registered
    plug-in's own, then the appeal against the classification's preliminary result for a
    candidate of the published snapshot. A stopped certame (`certames.situacao`) has none:
    its deadlines wait for the retomada."""
    if motivo_certame_parado(s.inscricao.certame):
        return []
    janelas = [j for p in registrados() for j in p.janelas_do_candidato(s, agora)]
    c = s.classificacao
    janelas += _classificacao(s.etapas, bool(c and (c.posicoes or c.exclusoes)), agora)
    unicas = list(dict.fromkeys(janelas))  # two lists of one batch share its window
    return sorted(unicas, key=lambda j: (j.fim, j.tipo, j.procedimento, j.url or ""))


def janela_de(janelas: Iterable[JanelaAberta], procedimento: str, tipo: str = RECURSO, *,
              url: str | None = None) -> JanelaAberta | None:
    """The open window of one procedure among `janelas` (of the decision acted on at `url`,
    when the procedure has several per inscrição), the latest end, or None."""
    return max((j for j in janelas if j.procedimento == procedimento and j.tipo == tipo
                and (url is None or j.url == url)), key=lambda j: j.fim, default=None)

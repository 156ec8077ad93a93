"""The windows open for an inscrição: one answer for every page.

"Can this candidate appeal now, against what, until when?" was answered page by page: the
status page listed the schedule's appeal stages, the dashboard's "O que vem a seguir"
filtered them again, the special-conditions page counted its own ten days from the decision,
and a fraud procedure's appeal or defence appeared on none of them. Now `reunir` answers it
once, from what each procedure decides about its own window, and every page reads its answer
(`portal.situacao.SituacaoInscricao.janelas`; `portal.situacao.janelas_abertas` for a page
that has not read the status):

- the status page's card "Prazos abertos", the dashboard's "O que vem a seguir" and the
  notices (`portal.avisos`) list exactly these windows;
- each procedure's own page (special conditions, exemption, committee appeals, fraud
  procedure) offers its appeal only when its window is among them (`janela_de`).

A window is open when the candidate can act in it now: for an appeal, when the procedure
kernel finds no reason to refuse it (`nucleo.recursos.motivo_para_nao_recorrer`: the decision
published and against the candidate, no appeal filed yet, the final result not out, the
window of the decision's batch, or counted from the decision's notice, open). Which window a
procedure has is the procedure's rule, cited where it is decided: the batch's window
(`nucleo.lotes`; LC 22/2026, art. 5º, III; Lei 3.056/2025, art. 4º, §1º, IV; Lei 3.057/2026,
art. 3º, V and art. 10, §3º, V), ten days from an RH decision on special conditions
(`candidatos.condicoes`; Lei 9.784/1999, art. 59), the regime's days from a fraud
procedure's decision (`candidatos.procedimentos`). The defence of an administrative procedure
is open until its deadline (`procedimentos.pode_defender`; contraditório e ampla defesa, CF
art. 5º, LV). The appeal against the classification's preliminary result is the schedule's
stage "Recurso do resultado", open to every candidate of the published snapshot (in a list,
or out of one with the reason the snapshot records).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext as _

from candidatos import condicoes, procedimentos
from candidatos.isencao import CHAVE as CHAVE_ISENCAO
from candidatos.models import Inscricao, PedidoIsencao
from certames.models import Etapa
from nucleo import recursos as kernel
from nucleo.lotes import janela_do_lote
from nucleo.registro import plugin

#: Kinds of window.
RECURSO = "recurso"
DEFESA = "defesa"
#: The "procedure" of the appeal against the classification's preliminary result (not a
#: plug-in of the kernel: the schedule's stage).
CLASSIFICACAO = "classificacao"


@dataclass(frozen=True)
class JanelaAberta:
    """One window open for the inscrição: its kind, the procedure (the kernel's key, or
    `CLASSIFICACAO`), what the candidate reads, from and until when, and where to act (None:
    the edital's channel, e.g. the appeal against the classification)."""

    tipo: str
    procedimento: str
    titulo: str
    inicio: dt.datetime
    fim: dt.datetime
    url: str | None

    @property
    def texto(self) -> str:
        if self.tipo == DEFESA:
            return _("Prazo de defesa aberto: %(t)s") % {"t": self.titulo}
        return _("Prazo de recurso aberto: %(t)s") % {"t": self.titulo}


def _titulo(chave: str) -> str:
    titulo = str(plugin(chave).titulo)
    return titulo[:1].lower() + titulo[1:] if titulo[1:2].islower() else titulo


def _de_janela(tipo: str, chave: str, janela, agora: dt.datetime, url: str | None,
               titulo: str | None = None) -> list[JanelaAberta]:
    """The open stages of a `nucleo.lotes.JanelaRecurso`."""
    return [JanelaAberta(tipo, chave, titulo or _titulo(chave), e.inicio, e.fim, url)
            for e in janela.etapas if e.aberta(agora)]


def _comissoes(inscricao: Inscricao, resultados: Iterable, agora) -> list[JanelaAberta]:
    """Committee procedures: each published evaluation the kernel lets the candidate appeal
    (`resultados.ResultadoAvaliacao.pode_recorrer`, computed by the kernel with its batch's
    window)."""
    url = reverse("recursos:inscricao", args=[inscricao.pk])
    saida = []
    for r in resultados:
        for item in r.itens:
            if item.pode_recorrer and item.janela is not None:
                saida += _de_janela(RECURSO, r.procedimento, item.janela, agora, url)
    return saida


def _isencao(inscricao: Inscricao, pedido, preliminar, final, etapas: list[Etapa],
             agora) -> list[JanelaAberta]:
    """The exemption: the kernel's answer for the request, with its batch's window. Without
    a published preliminary result, or with the final one out, or granted, the kernel's
    answer is already known from what the status read (nothing more is queried)."""
    if (pedido is None or preliminar is None or final is not None
            or pedido.resultado_preliminar != PedidoIsencao.Resultado.INDEFERIDO):
        return []
    tipo = plugin(CHAVE_ISENCAO).etapa_recurso
    janela = janela_do_lote(preliminar, agora, [e for e in etapas if e.tipo == tipo])
    if kernel.motivo_para_nao_recorrer(CHAVE_ISENCAO, pedido, agora=agora,
                                       preliminar=preliminar, final=final, janela=janela):
        return []
    return _de_janela(RECURSO, CHAVE_ISENCAO, janela, agora,
                      reverse("isencao:recurso", args=[inscricao.pk]))


def _atendimento(inscricao: Inscricao, agora) -> list[JanelaAberta]:
    """Special conditions at the exam: the request in force, as its page reads it
    (`condicoes.situacao`: the kernel's answer, the window counted from the decision)."""
    sit = condicoes.situacao(condicoes.pedido_vigente(inscricao), agora)
    if not sit.pode_recorrer or sit.janela is None:
        return []
    return _de_janela(RECURSO, condicoes.CHAVE, sit.janela, agora,
                      reverse("condicoes:inscricao", args=[inscricao.pk]) + "#recurso")


def _procedimentos(procs: Iterable, agora) -> list[JanelaAberta]:
    """Administrative procedures: the defence until its deadline; the appeal against a
    decision the kernel lets the candidate appeal (counted from the decision's notice)."""
    saida = []
    for proc in procs:
        url = reverse("procedimentos:detalhe", args=[proc.pk])
        if procedimentos.pode_defender(proc, agora):
            saida.append(JanelaAberta(DEFESA, procedimentos.CHAVE, str(proc.get_tipo_display()),
                                      proc.aberto_em, proc.prazo_defesa, url))
        elif proc.conclusao and procedimentos.motivo_para_nao_recorrer(proc, agora) is None:
            saida += _de_janela(RECURSO, procedimentos.CHAVE,
                                procedimentos.janela_recurso(proc, agora), agora,
                                reverse("procedimentos:recurso", args=[proc.pk]),
                                str(proc.get_tipo_display()))
    return saida


def _classificacao(etapas: list[Etapa], no_instantaneo: bool, agora) -> list[JanelaAberta]:
    if not no_instantaneo:
        return []
    return [JanelaAberta(RECURSO, CLASSIFICACAO, _("resultado preliminar da classificação"),
                         e.inicio, e.fim, None)
            for e in etapas if e.tipo == Etapa.Tipo.RECURSO_RESULTADO and e.aberta(agora)]


def reunir(inscricao: Inscricao, agora: dt.datetime, *, etapas: list[Etapa],
           resultados_comissoes: Iterable = (), pedido_isencao=None,
           publicacoes_isencao: tuple = (None, None), tem_atendimento: bool = True,
           procedimentos_da_inscricao: Iterable = (),
           no_instantaneo: bool = False) -> list[JanelaAberta]:
    """Every window open for the inscrição at `agora`, soonest end first, from what the
    status page already read (`portal.situacao.situacao_da_inscricao` calls this): the certame's
    schedule, the committees' results, the exemption request and its publications, whether
    there is a special-conditions request, the administrative procedures, and whether the
    candidate is in the latest published classification (in a list or out of one)."""
    janelas = [
        *_comissoes(inscricao, resultados_comissoes, agora),
        *_isencao(inscricao, pedido_isencao, *publicacoes_isencao, etapas, agora),
        *(_atendimento(inscricao, agora) if tem_atendimento else []),
        *_procedimentos(procedimentos_da_inscricao, agora),
        *_classificacao(etapas, no_instantaneo, agora),
    ]
    unicas = list(dict.fromkeys(janelas))  # two lists of one batch share its window
    return sorted(unicas, key=lambda j: (j.fim, j.tipo, j.procedimento, j.url or ""))


def janela_de(janelas: Iterable[JanelaAberta], procedimento: str, tipo: str = RECURSO, *,
              url: str | None = None) -> JanelaAberta | None:
    """The open window of one procedure among `janelas` (of the decision acted on at `url`,
    when the procedure has several per inscrição), the latest end, or None."""
    return max((j for j in janelas if j.procedimento == procedimento and j.tipo == tipo
                and (url is None or j.url == url)), key=lambda j: j.fim, default=None)

"""What comes next for the candidate (the dashboard's "O que vem a seguir"), read from the
status of each inscrição (`portal.situacao`): the page and the dashboard say the same.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from candidatos import condicoes, isencao, janelas, servicos
from candidatos.models import Candidato, Inscricao
from certames.models import Etapa
from comissoes.dominio import documental
from portal.situacao import SituacaoInscricao, com_existencias, nome_da_lista, situacao_da_inscricao

# --- what comes next (the dashboard) --------------------------------------------------------

#: A result published in the last days is "new" on the dashboard (the candidate's last visit is
#: not recorded: `last_login` is the current session's).
DIAS_NOVIDADE = 15

PASSO_ISENCAO = "isencao"
PASSO_PAGAMENTO = "pagamento"
PASSO_DOCUMENTOS = "documentos"
PASSO_RECURSO = "recurso"
PASSO_DEFESA = "defesa"
PASSO_CONVOCACAO = "convocacao"
PASSO_RESULTADO = "resultado"


@dataclass(frozen=True)
class Passo:
    """One line of the dashboard's "O que vem a seguir": something to do until `data` (a
    deadline: `prazo`) or something published at `data` (a new result)."""

    tipo: str
    inscricao: Inscricao
    texto: str
    data: dt.datetime
    url: str
    prazo: bool = True


def _fim_aberto(etapas: list[Etapa], tipo: str, agora) -> dt.datetime | None:
    """The end of the open window of this type in the schedule, or None."""
    fins = [e.fim for e in etapas if e.tipo == tipo and e.aberta(agora)]
    return max(fins) if fins else None


def passos_da_inscricao(s: SituacaoInscricao, agora) -> list[Passo]:
    """The steps of one inscrição, read from its status (`situacao_da_inscricao`): the
    dashboard says exactly what the status page says."""
    insc = s.inscricao
    url_status = reverse("portal:inscricao", args=[insc.pk])
    passos: list[Passo] = []
    ativa = insc.situacao not in servicos.FINAIS
    taxa = s.taxa
    if ativa and taxa is not None and taxa.pode_pedir_isencao and s.url_isencao:
        fim = _fim_aberto(s.etapas, Etapa.Tipo.PEDIDO_ISENCAO, agora)
        if fim is not None:
            passos.append(Passo(PASSO_ISENCAO, insc, _(
                "Pedir isenção da taxa de inscrição, se você tiver direito"), fim,
                s.url_isencao))
    if ativa and taxa is not None and taxa.situacao == Inscricao.SituacaoTaxa.PENDENTE and (
            s.pedido_isencao is None or s.isencao_final is not None):
        fim = _fim_aberto(s.etapas, Etapa.Tipo.PAGAMENTO_TAXA, agora)
        if fim is not None:
            passos.append(Passo(PASSO_PAGAMENTO, insc, _("Pagar a taxa de inscrição (%(v)s)")
                                % {"v": isencao.reais(insc.cargo.taxa_inscricao)}, fim,
                                url_status + "#t-taxa"))
    if ativa and s.url_documentos:
        for lista in documental.listas_com_documentos(insc):
            tipo = documental.procedimento_dos_documentos(insc, lista)
            if tipo is None:
                continue
            janela = documental.janela_envio(insc.certame, tipo, agora)
            if documental.motivo_para_nao_enviar(insc, lista, agora=agora,
                                                 janela=janela) is None and janela.fim:
                passos.append(Passo(PASSO_DOCUMENTOS, insc, _(
                    "Enviar os documentos da lista %(l)s e confirmar o envio") % {
                    "l": nome_da_lista(lista)}, janela.fim, s.url_documentos))
    for j in s.janelas:
        # The windows open for this inscrição (`candidatos.janelas`): the status page's own.
        passos.append(Passo(PASSO_DEFESA if j.tipo == janelas.DEFESA else PASSO_RECURSO, insc,
                            j.texto, j.fim, j.url or url_status + "#t-recursos"))
    for c in s.convocacoes_individuais:
        if c.horario >= agora and c.comparecimento == "pendente":
            onde = c.local if c.presencial else _("análise dos documentos, sem comparecimento")
            passos.append(Passo(PASSO_CONVOCACAO, insc, _("%(p)s (%(l)s): %(o)s") % {
                "p": c.procedimento_nome, "l": c.lista_nome, "o": onde}, c.horario,
                url_status + "#t-convocacoes"))
    # New results: published in the last DIAS_NOVIDADE days.
    desde = agora - dt.timedelta(days=DIAS_NOVIDADE)
    publicada: Any = s.classificacao.publicacao if s.classificacao is not None else None
    if publicada is not None and publicada.publicada_em >= desde:
        passos.append(Passo(PASSO_RESULTADO, insc, _("%(t)s da classificação publicado") % {
            "t": publicada.get_tipo_display()}, publicada.publicada_em,
            url_status + "#t-classificacao", prazo=False))
    for pub in s.publicacoes_isencao:
        if pub is not None and pub.publicada_em >= desde:
            passos.append(Passo(PASSO_RESULTADO, insc, _("%(f)s do pedido de isenção publicado")
                                % {"f": pub.get_fase_display()}, pub.publicada_em,
                                s.url_isencao or url_status + "#t-taxa", prazo=False))
    for r in s.resultados_comissoes:
        vistas = set()
        for item in r.itens:
            for pub in (item.preliminar, item.final):
                if pub is not None and pub.publicada_em >= desde and pub.pk not in vistas:
                    vistas.add(pub.pk)
                    passos.append(Passo(PASSO_RESULTADO, insc, _("%(t)s: %(f)s publicado") % {
                        "t": r.titulo, "f": pub.get_fase_display().lower()}, pub.publicada_em,
                        reverse("recursos:inscricao", args=[insc.pk]), prazo=False))
    return passos


def ordenar_passos(passos: list[Passo]) -> list[Passo]:
    """Deadlines first, soonest first; then new results, newest first."""
    prazos = sorted((p for p in passos if p.prazo), key=lambda p: (p.data, p.inscricao.numero))
    novos = sorted((p for p in passos if not p.prazo),
                   key=lambda p: (-p.data.timestamp(), p.inscricao.numero))
    return prazos + novos


def passos_do_candidato(situacoes: list[SituacaoInscricao], agora) -> list[Passo]:
    """The dashboard's "O que vem a seguir" from the statuses of the candidate's inscrições
    (`situacao_da_inscricao`, one truth): each one's steps and windows, and the special
    conditions' new decisions."""
    passos: list[Passo] = []
    for s in situacoes:
        insc = s.inscricao
        passos += passos_da_inscricao(s, agora)
        if getattr(insc, "existe_pedido_atendimento", True):
            # Special conditions at the exam: a new decision (its appeal window is among the
            # inscrição's windows, `candidatos.janelas`).
            passos += [Passo(a.tipo, insc, a.texto, a.data, a.url, prazo=a.prazo)
                       for a in condicoes.avisos(insc, agora, DIAS_NOVIDADE)]
    return ordenar_passos(passos)


def proximos_passos(candidato: Candidato, agora=None) -> list[Passo]:
    """The dashboard's "O que vem a seguir", across the candidate's inscrições: each read
    through `situacao_da_inscricao` (one truth). A candidate holds a few inscrições, so the
    queries grow with them, never with the certame's size."""
    agora = agora or timezone.now()
    return passos_do_candidato(
        [situacao_da_inscricao(insc, agora) for insc in com_existencias(
            candidato.inscricoes.select_related("cargo__certame", "certame", "pedido_isencao")
        ).order_by("numero")], agora)

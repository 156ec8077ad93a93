"""Results of the committee procedures — heteroidentification, documentary verification and
the multiprofessional team's PcD evaluation (`procedimentos`), each published on its own
(`PublicacaoResultado.procedimento`), in batches (`lotes`): each batch has its preliminary
publication, its appeal window and its final publication; what a candidate may see. Every
function takes the procedure (default: heteroidentification) and, for the final result, the
batch (default: the oldest one without a final result).

Rules decided here:
- a parecer reaches the candidate only once RH publishes the preliminary result; before that
  the candidate sees nothing of it (publicidade with due process: LC 22/2026, art. 5º, II and
  IV; Lei 3.056/2025, art. 4º, §1º, II and V; Lei 3.057/2026, art. 10, §3º, I);
- the members' names are never shown to the candidate unless the edital says so
  (`Comissao.divulgar_nomes`);
- a non-confirmation has effect only once final: the batch's appeal window closed and every
  appeal of the batch judged (spec section 3, "effect of a non-confirmation";
  Lei 3.057/2026, art. 11, §2º; LC 22/2026, art. 5º, II; Lei 3.056/2025, art. 4º, §1º, II
  and art. 6º, §2º). Until the final result of their batch is published, the candidate
  stays pending (sub judice) in the lists; batches are independent (`lotes`): a later
  batch never holds back an earlier one;
- the final result of a batch consolidates every evaluation of the batch into
  `SituacaoLista` (final = the appeal ruling if any, else the first-instance result); the
  engine applies the regime's effect of a non-confirmation (SMBV: a PP optant is
  eliminated, LC 22/2026, art. 3º, §3º; Severínia and Pirangi: out of the reserved list,
  stays in AC, Lei 3.057/2026, art. 11, §1º and Lei 3.056/2025, art. 6º, §2º);
- a fraud already concluded in an administrative procedure is never overwritten by the
  final result (fraud is decided by that procedure: Lei 3.057/2026, art. 12; Lei 3.056/2025,
  art. 7º; LC 22/2026, art. 3º, §3º);
- documentary verification and PcD evaluation follow the same steps with their own schedule
  stages ("Recurso da verificação documental", "Recurso da avaliação PcD") and appeal
  committee (another committee of the same kind: `procedimentos`). A final non-confirmation of
  the indigenous/quilombola condition or of the disability ("não enquadrado", "incompatível")
  takes the candidate out of that list only: they stay in AC (the regimes' effect for I, Q,
  PPI and PCD is `permanece_ac`: LC 22/2026, art. 4º and art. 6º; Lei 3.057/2026, art. 11,
  §1º; Lei 3.056/2025, art. 6º, §2º).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.db.models import Prefetch, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from candidatos.models import EstadoLista, Inscricao, Lista, SituacaoLista
from certames.models import Certame, Etapa
from certames.recalculo import ler_parametros
from certames.regras import ErroEntrada, aplicar_parametros
from certames.regras.regimes import Regime
from comissoes.dominio.procedimentos import (
    DOCUMENTAL,
    HETEROIDENTIFICACAO,
    PCD,
    PROCEDIMENTOS,
    fundamento_procedimento,
    fundamento_recurso,
    procedimento,
    rotulo_resultado,
)
from comissoes.dominio.votacao import votos_correntes
from comissoes.models import Avaliacao, Comissao
from comum.formatos import data_hora_br
from nucleo import publicacao as kernel
from nucleo import recursos as kernel_recursos
from nucleo.lotes import (
    FINAL,
    PRELIMINAR,
    JanelaRecurso,
    ids_publicados,
    janela_do_cronograma,
    janela_do_lote,
    objetos_do_lote,
    preliminar_de,
    proximo_numero,
    publicacao,
)
from nucleo.models import AnexoRecurso, ItemPublicado, PublicacaoResultado, Recurso
from nucleo.registro import plugin

__all__ = ["JanelaRecurso", "avaliacoes_primeira_instancia", "janela_recurso", "publicacao"]

PROCEDIMENTO = HETEROIDENTIFICACAO

def fundamento(regime: Regime, chave: str) -> str:
    """Where the regime's law provides the heteroidentification (chave
    "heteroidentificacao") or the appeal against it ("recurso"): the regime's data
    (`Regime.procedimento`)."""
    regra = regime.procedimento(HETEROIDENTIFICACAO)
    return (regra.fundamento_recurso if chave == "recurso" else regra.fundamento) or regime.lei


def fundamento_do_procedimento(regime: Regime, tipo: str, chave: str = "") -> str:
    """The basis of a procedure (chave "recurso": of its appeal)."""
    if tipo == HETEROIDENTIFICACAO:
        return fundamento(regime, chave or "heteroidentificacao")
    if chave == "recurso":
        return fundamento_recurso(regime, tipo) or regime.lei
    return fundamento_procedimento(regime, tipo)


# --- which evaluations (the kernel's batches hold their ids: `nucleo.lotes`) -----------------


def avaliacoes_primeira_instancia(certame: Certame,
                                  tipo: str = HETEROIDENTIFICACAO) -> QuerySet[Avaliacao]:
    """First-instance evaluations of the certame in the procedure."""
    return (Avaliacao.objects.filter(comissao__certame=certame, comissao__tipo=tipo,
                                     instancia=Avaliacao.Instancia.PRIMEIRA)
            .select_related("inscricao__candidato", "inscricao__cargo", "comissao")
            .order_by("inscricao__numero", "lista", "pk"))


def nao_publicadas(certame: Certame, tipo: str = HETEROIDENTIFICACAO) -> QuerySet[Avaliacao]:
    """Closed first-instance evaluations in no batch yet: the next batch's content."""
    return avaliacoes_primeira_instancia(certame, tipo).filter(
        encerrada_em__isnull=False).exclude(pk__in=ids_publicados(tipo))


def abertas(certame: Certame, tipo: str = HETEROIDENTIFICACAO) -> QuerySet[Avaliacao]:
    """First-instance evaluations not closed yet (they will go into a later batch)."""
    return avaliacoes_primeira_instancia(certame, tipo).filter(encerrada_em__isnull=True)


def avaliacoes_do_lote(preliminar: PublicacaoResultado) -> list[Avaliacao]:
    return objetos_do_lote(preliminar)


def chave_da_avaliacao(avaliacao: Avaliacao) -> str:
    """The kernel's key of the evaluation's procedure (a recursal committee's evaluation
    belongs to the heteroidentification)."""
    return procedimento(avaliacao.comissao.tipo).tipo


def preliminar_da_avaliacao(avaliacao: Avaliacao) -> PublicacaoResultado | None:
    """The preliminary publication of the evaluation's batch (None: not published yet)."""
    return preliminar_de(chave_da_avaliacao(avaliacao), avaliacao.pk)


# --- reading --------------------------------------------------------------------------------


def parecer_publicado(avaliacao: Avaliacao,
                      preliminar: PublicacaoResultado | None = None) -> bool:
    """The evaluation is in a batch already published (in `preliminar`'s, if given)."""
    lote = preliminar_da_avaliacao(avaliacao)
    return lote is not None and (preliminar is None or lote.pk == preliminar.pk)


def avaliacao_do_recurso(avaliacao: Avaliacao) -> Avaliacao | None:
    """The appeal's evaluation (instância recurso, in the appeal committee of the procedure)
    for the candidate and list of a first-instance evaluation."""
    tipos = procedimento(avaliacao.comissao.tipo).tipos_recursais
    return (Avaliacao.objects.filter(
        comissao__certame_id=avaliacao.comissao.certame_id, comissao__tipo__in=tipos,
        inscricao_id=avaliacao.inscricao_id, lista=avaliacao.lista,
        instancia=Avaliacao.Instancia.RECURSO).select_related("comissao").first())


def recurso_de(avaliacao: Avaliacao) -> Recurso | None:
    return kernel_recursos.recurso_de(chave_da_avaliacao(avaliacao), avaliacao.pk)


#: The schedule's appeal stage of a procedure (batch 1's window; `lotes.janela_do_lote`).
janela_recurso = janela_do_cronograma


def nomes_dos_membros(avaliacao: Avaliacao) -> list[str]:
    """Who judged (the current votes), by name: only where the edital publishes them."""
    return [v.membro.usuario.get_full_name() or v.membro.usuario.get_username()
            for v in votos_correntes(avaliacao)]


# --- what the candidate sees ----------------------------------------------------------------


@dataclass
class DecisaoRecurso:
    resultado: str
    resultado_texto: str
    provido: bool
    parecer: str
    julgado_em: dt.datetime
    membros: list[str] | None


@dataclass
class ResultadoAvaliacao:
    avaliacao: Avaliacao
    lista: str
    lista_nome: str
    resultado: str
    resultado_texto: str
    parecer: str
    fundamento: str
    encerrada_em: dt.datetime
    membros: list[str] | None  # None: the edital does not publish the names
    recurso: Recurso | None
    anexos: list[AnexoRecurso]
    situacao_recurso: str
    situacao_recurso_texto: str
    decisao_recurso: DecisaoRecurso | None  # shown with the final result
    resultado_definitivo: str | None  # EstadoLista label, once the final result is published
    pode_recorrer: bool
    motivo_nao_pode_recorrer: str | None
    #: The evaluation's batch: its number, publications and appeal window.
    lote: int | None = None
    preliminar: PublicacaoResultado | None = None
    final: PublicacaoResultado | None = None
    janela: JanelaRecurso | None = None


@dataclass
class ResultadosCandidato:
    inscricao: Inscricao
    #: The batch of the candidate's first published evaluation (each item carries its own).
    preliminar: PublicacaoResultado | None
    final: PublicacaoResultado | None
    janela: JanelaRecurso
    itens: list[ResultadoAvaliacao] = field(default_factory=list)
    #: Evaluations of the procedure exist but their result is not published yet.
    aguardando_publicacao: bool = False
    procedimento: str = PROCEDIMENTO

    @property
    def titulo(self) -> str:
        return str(procedimento(self.procedimento).titulo)

    @property
    def pode_recorrer(self) -> bool:
        return any(i.pode_recorrer for i in self.itens)


#: What the candidate reads when there is nothing to appeal, and the appeal's rulings.
_CONFIRMADA = {
    HETEROIDENTIFICACAO: _lazy("Autodeclaração confirmada: não há o que recorrer."),
    DOCUMENTAL: _lazy("Condição confirmada pela verificação documental: não há o que "
                      "recorrer."),
    PCD: _lazy("Enquadramento como pessoa com deficiência confirmado: não há o que "
               "recorrer."),
}
_PROVIDO = {
    HETEROIDENTIFICACAO: _lazy("Recurso provido: a comissão recursal confirmou a "
                               "autodeclaração."),
    DOCUMENTAL: _lazy("Recurso provido: a comissão recursal confirmou a condição declarada."),
    PCD: _lazy("Recurso provido: a equipe multiprofissional recursal enquadrou o(a) "
               "candidato(a) como pessoa com deficiência."),
}
_NAO_PROVIDO = {
    HETEROIDENTIFICACAO: _lazy("Recurso não provido: a comissão recursal manteve a não "
                               "confirmação."),
    DOCUMENTAL: _lazy("Recurso não provido: a comissão recursal manteve a não confirmação."),
    PCD: _lazy("Recurso não provido: a equipe multiprofissional recursal manteve a decisão."),
}


@dataclass
class _Leitura:
    """What the candidate's results read, in one query per kind for all the inscrição's
    first-instance evaluations (instead of a few queries per evaluation): each
    evaluation's batch (preliminary publication), the batches' final publications, the
    appeals with their attachments, the appeals' rulings and the certame's schedule."""

    avaliacoes: dict[str, list[Avaliacao]]
    etapas: list[Etapa]
    situacoes: dict[str, SituacaoLista]
    preliminares: dict[tuple[str, int], PublicacaoResultado]
    finais: dict[tuple[str, int], PublicacaoResultado]
    recursos: dict[tuple[str, int], Recurso]
    julgamentos: list[Avaliacao]

    def etapas_de_recurso(self, chave: str) -> list[Etapa]:
        """`nucleo.lotes.etapas_de_recurso`, from the schedule already read."""
        tipo = plugin(chave).etapa_recurso
        return [e for e in self.etapas if tipo and e.tipo == tipo]

    def julgamento(self, avaliacao: Avaliacao) -> Avaliacao | None:
        """`avaliacao_do_recurso`, from the rulings already read."""
        tipos = procedimento(avaliacao.comissao.tipo).tipos_recursais
        return next((j for j in self.julgamentos
                     if j.lista == avaliacao.lista and j.comissao.tipo in tipos), None)


def _ler(inscricao: Inscricao, tipos, *, etapas: list[Etapa] | None = None,
         situacoes: list[SituacaoLista] | None = None) -> _Leitura:
    certame = inscricao.cargo.certame
    avaliacoes: dict[str, list[Avaliacao]] = {}
    for av in (Avaliacao.objects.filter(comissao__certame=certame, comissao__tipo__in=tipos,
                                        inscricao=inscricao,
                                        instancia=Avaliacao.Instancia.PRIMEIRA)
               .select_related("inscricao__candidato", "inscricao__cargo", "comissao")
               .order_by("inscricao__numero", "lista", "pk")):
        avaliacoes.setdefault(av.comissao.tipo, []).append(av)
    if etapas is None:
        etapas = list(certame.etapas.order_by("inicio", "pk"))
    if situacoes is None:
        situacoes = list(SituacaoLista.objects.filter(inscricao=inscricao))
    chaves = {(chave_da_avaliacao(av), av.pk) for lista in avaliacoes.values() for av in lista}
    preliminares: dict[tuple[str, int], PublicacaoResultado] = {}
    finais: dict[tuple[str, int], PublicacaoResultado] = {}
    recursos: dict[tuple[str, int], Recurso] = {}
    julgamentos: list[Avaliacao] = []
    if chaves:
        procedimentos = {c for c, _ in chaves}
        ids = {i for _, i in chaves}
        for item in (ItemPublicado.objects.filter(procedimento__in=procedimentos,
                                                  objeto_id__in=ids)
                     .select_related("publicacao__certame")):
            if (item.procedimento, item.objeto_id) in chaves:
                preliminares[item.procedimento, item.objeto_id] = item.publicacao
        if preliminares:
            finais = {(p.procedimento, p.lote): p for p in PublicacaoResultado.objects.filter(
                certame=certame, procedimento__in=procedimentos, fase=FINAL)}
            for r in (Recurso.objects.filter(procedimento__in=procedimentos, objeto_id__in=ids)
                      .prefetch_related(Prefetch("anexos",
                                                 queryset=AnexoRecurso.objects.order_by("pk")))
                      .order_by("pk")):
                if (r.procedimento, r.objeto_id) in chaves:
                    recursos.setdefault((r.procedimento, r.objeto_id), r)
        if recursos:
            julgamentos = list(Avaliacao.objects.filter(
                comissao__certame_id=certame.pk, inscricao=inscricao,
                instancia=Avaliacao.Instancia.RECURSO).select_related("comissao")
                .order_by("lista", "pk"))
    return _Leitura(avaliacoes, etapas, {s.lista: s for s in situacoes}, preliminares, finais,
                    recursos, julgamentos)


def resultados_por_procedimento(inscricao: Inscricao, agora: dt.datetime | None = None, *,
                                etapas: list[Etapa] | None = None,
                                situacoes: list[SituacaoLista] | None = None
                                ) -> list[ResultadosCandidato]:
    """The candidate's results in every procedure the inscrição went through (in the order
    heteroidentification, documentary, PcD). ``etapas`` (the certame's schedule, ordered by
    start) and ``situacoes`` (the inscrição's list states) when the caller already read
    them: the status page. The queries do not grow with the certame's batches or
    candidates, only (a little) with this inscrição's appeals."""
    leitura = _ler(inscricao, list(PROCEDIMENTOS), etapas=etapas, situacoes=situacoes)
    return [resultados_do_candidato(inscricao, agora, tipo, leitura=leitura)
            for tipo in PROCEDIMENTOS if tipo in leitura.avaliacoes]


def resultados_do_candidato(inscricao: Inscricao, agora: dt.datetime | None = None,
                            tipo: str = PROCEDIMENTO, *,
                            leitura: _Leitura | None = None) -> ResultadosCandidato:
    """What the candidate may see of one procedure of one inscrição: published
    pareceres (never before the preliminary publication; members' names only if the edital
    publishes them), the appeal's status, its ruling (with the final result), the appeal
    window and whether they can appeal now. The portal's status page calls this."""
    agora = agora or timezone.now()
    if leitura is None:
        leitura = _ler(inscricao, [tipo])
    avaliacoes = leitura.avaliacoes.get(tipo, [])
    saida = ResultadosCandidato(inscricao, None, None,
                                JanelaRecurso(leitura.etapas_de_recurso(tipo), agora, tipo),
                                procedimento=tipo)
    situacoes = leitura.situacoes
    for av in avaliacoes:
        # Each evaluation is read in its own batch (`lotes`).
        chave = chave_da_avaliacao(av)
        preliminar = leitura.preliminares.get((chave, av.pk))
        if preliminar is None:
            saida.aguardando_publicacao = True
            continue
        final = leitura.finais.get((preliminar.procedimento, preliminar.lote))
        janela = janela_do_lote(preliminar, agora,
                                leitura.etapas_de_recurso(preliminar.procedimento))
        if saida.preliminar is None:
            saida.preliminar, saida.final, saida.janela = preliminar, final, janela
        recurso = leitura.recursos.get((chave, av.pk))
        anexos = list(recurso.anexos.all()) if recurso is not None else []
        decisao = None
        if recurso is None:
            if av.resultado == Avaliacao.Resultado.CONFIRMADA:
                situacao = "nao_cabe"
                texto = str(_CONFIRMADA[tipo])
            elif janela.aberta and final is None:
                situacao = "prazo_aberto"
                texto = janela.situacao()
            elif janela.futura or not janela.prevista:
                situacao = "prazo_futuro"
                texto = janela.situacao()
            else:
                situacao = "nao_apresentado"
                texto = _("Nenhum recurso foi apresentado no prazo.")
        else:
            julgamento = leitura.julgamento(av)
            if julgamento is None or not julgamento.encerrada:
                situacao = "em_julgamento"
                texto = _("Recurso apresentado em %(d)s, em julgamento pela comissão "
                          "recursal.") % {"d": _data(recurso.apresentado_em)}
            elif final is None:
                situacao = "julgado"
                texto = _("Recurso julgado; a decisão será divulgada com o resultado "
                          "definitivo.")
            else:
                provido = julgamento.resultado == Avaliacao.Resultado.CONFIRMADA
                situacao = "provido" if provido else "nao_provido"
                texto = str(_PROVIDO[tipo] if provido else _NAO_PROVIDO[tipo])
                decisao = DecisaoRecurso(
                    resultado=julgamento.resultado,
                    resultado_texto=rotulo_resultado(tipo, julgamento.resultado),
                    provido=provido,
                    parecer=julgamento.parecer, julgado_em=julgamento.encerrada_em,
                    membros=(nomes_dos_membros(julgamento)
                             if julgamento.comissao.divulgar_nomes else None))
        motivo = kernel_recursos.motivo_para_nao_recorrer(
            tipo, av, agora=agora, preliminar=preliminar, final=final, janela=janela)
        definitivo = situacoes.get(av.lista) if final is not None else None
        saida.itens.append(ResultadoAvaliacao(
            avaliacao=av, lista=av.lista, lista_nome=Lista(av.lista).label,
            resultado=av.resultado, resultado_texto=rotulo_resultado(tipo, av.resultado),
            parecer=av.parecer, fundamento=av.fundamento, encerrada_em=av.encerrada_em,
            membros=nomes_dos_membros(av) if av.comissao.divulgar_nomes else None,
            recurso=recurso, anexos=anexos, situacao_recurso=situacao,
            situacao_recurso_texto=texto, decisao_recurso=decisao,
            resultado_definitivo=(definitivo.get_estado_display() if definitivo else None),
            pode_recorrer=motivo is None, motivo_nao_pode_recorrer=motivo,
            lote=preliminar.lote, preliminar=preliminar, final=final, janela=janela))
    return saida


def _data(quando: dt.datetime) -> str:
    return data_hora_br(quando)


# --- preliminary result ---------------------------------------------------------------------


def _rotulos(avaliacoes) -> str:
    return ", ".join(f"{av.inscricao.numero} ({av.lista})" for av in avaliacoes)


def pendencias_proprias_preliminar(certame: Certame, tipo: str = PROCEDIMENTO) -> list[str]:
    """The committee's reasons not to publish the next batch now, in its words (the plug-in's
    hook: `plugin.ProcedimentoComissao.pendencias_preliminar`)."""
    nome = procedimento(tipo).nome
    if not avaliacoes_primeira_instancia(certame, tipo).exists():
        return [_("Não há avaliações neste procedimento (%(p)s) do certame.") % {"p": nome}]
    if nao_publicadas(certame, tipo).exists():
        # Evaluations still open do not hold the closed ones back: they go into a later
        # batch (`lotes`; spec section 9).
        return []
    pendentes = list(abertas(certame, tipo))
    if pendentes:
        return [_("Há avaliações ainda não encerradas pela comissão: %(l)s.") % {
            "l": _rotulos(pendentes)}]
    return [_("Todas as avaliações encerradas da %(p)s já foram publicadas (até o lote "
              "%(n)d).") % {"p": nome, "n": proximo_numero(certame, tipo) - 1}]


def pendencias_preliminar(certame: Certame, tipo: str = PROCEDIMENTO) -> list[str]:
    """Why the next batch's preliminary result cannot be published now (empty: it can)."""
    return kernel.pendencias_preliminar(certame, tipo)


def janela_prevista(certame: Certame, agora: dt.datetime | None = None,
                    tipo: str = PROCEDIMENTO) -> JanelaRecurso:
    """The appeal window the next batch would have if published at `agora`."""
    agora = agora or timezone.now()
    provavel = PublicacaoResultado(certame=certame, procedimento=tipo, publicada_em=agora,
                                   fase=PRELIMINAR, lote=proximo_numero(certame, tipo))
    return janela_do_lote(provavel, agora)


def avisos_preliminar(certame: Certame, agora: dt.datetime | None = None,
                      tipo: str = PROCEDIMENTO) -> list[str]:
    """Non-blocking warnings before publishing: what would shorten or prevent the appeal,
    and what stays for a later batch."""
    agora = agora or timezone.now()
    janela = janela_prevista(certame, agora, tipo)
    avisos = []
    if not janela.prevista:
        avisos.append(_("O cronograma não tem a etapa “%(e)s”: sem ela os candidatos não "
                        "poderão recorrer e o resultado definitivo não poderá ser "
                        "publicado.") % {
            "e": Etapa.Tipo(PROCEDIMENTOS[tipo].etapa_recurso).label})
    elif janela.lote is not None:
        avisos.append(_("Este lote terá prazo de recurso próprio, contado da publicação (%(p)s)."
                        ) % {"p": janela.periodos()})
    elif janela.aberta or janela.encerrada:
        avisos.append(_("O prazo de recurso já começou (%(p)s): quem for publicado agora terá "
                        "menos tempo para recorrer. Considere ajustar o cronograma.") % {
            "p": janela.periodos()})
    pendentes = list(abertas(certame, tipo))
    if pendentes:
        avisos.append(_("Avaliações ainda não encerradas ficam para um próximo lote: %(l)s.") % {
            "l": _rotulos(pendentes)})
    if tipo == HETEROIDENTIFICACAO:
        if not Comissao.objects.filter(certame=certame, tipo=Comissao.Tipo.RECURSAL).exists():
            avisos.append(_("Não há comissão recursal designada: os recursos serão recusados "
                            "até que ela exista."))
    elif Comissao.objects.filter(certame=certame, tipo=tipo).count() < 2:
        avisos.append(_("Não há uma segunda %(c)s designada para julgar os recursos (quem "
                        "decidiu a primeira instância não julga o recurso): os recursos serão "
                        "recusados até que ela exista.") % {
            "c": PROCEDIMENTOS[tipo].comissao_nome})
    return avisos


def publicar_resultado_preliminar(certame: Certame, *, autor, tipo: str = PROCEDIMENTO,
                                  agora: dt.datetime | None = None) -> PublicacaoResultado:
    """RH publishes the preliminary result of the next batch (`nucleo.publicacao`): every
    closed first-instance parecer not yet published becomes visible to its candidate, and the
    appeal can be filed in the batch's window. Refused before the procedure's stage in the
    schedule (`nucleo.publicacao.motivo_cronograma`)."""
    return kernel.publicar_preliminar(certame, tipo, autor=autor, agora=agora)


# --- final result ---------------------------------------------------------------------------


def _regime_efetivo(certame: Certame) -> Regime:
    """The regime with the edital's settings (e.g. SMBV's `efeito_nao_confirmacao`)."""
    try:
        return aplicar_parametros(certame.regime_legal, ler_parametros(certame.parametros))
    except ErroEntrada:
        return certame.regime_legal


def fundamento_definitivo(certame: Certame, lista: str, estado: str,
                          tipo: str = PROCEDIMENTO) -> str:
    """The legal basis recorded with a final list state."""
    regime = _regime_efetivo(certame)
    if estado == EstadoLista.EXCLUIDA:
        return _("Consequência prevista no edital para a ausência ou a recusa à gravação: "
                 "exclusão da lista reservada, permanecendo na ampla concorrência")[:250]
    if estado == EstadoLista.NAO_CONFIRMADA:
        try:
            base = regime.regra_nao_confirmacao(lista).fundamento
        except KeyError:
            base = fundamento_do_procedimento(regime, tipo)
    else:
        base = fundamento_do_procedimento(regime, tipo)
    return f"{base}; {regime.fundamento_efeito_definitivo}"[:250]


def pendencias_final(certame: Certame, agora: dt.datetime | None = None,
                     tipo: str = PROCEDIMENTO, lote: int | None = None) -> list[str]:
    """Why the final result of the batch `lote` (default: the oldest one without it) cannot
    be published now (empty: it can): `nucleo.publicacao.pendencias_final`."""
    return kernel.pendencias_final(certame, tipo, agora, lote)


def avaliacoes_repetidas(avaliacoes: list[Avaliacao]) -> list[str]:
    """A batch with two first-instance evaluations of the same candidate and list cannot be
    consolidated (the plug-in's final check)."""
    vistas: set[tuple[int, str]] = set()
    repetidas = []
    for av in avaliacoes:
        chave = (av.inscricao_id, av.lista)
        if chave in vistas:
            repetidas.append(f"{av.inscricao.numero} ({av.lista})")
        vistas.add(chave)
    if repetidas:
        return [_("Mais de uma avaliação de primeira instância para: %(l)s.") % {
            "l": ", ".join(repetidas)}]
    return []


@dataclass
class Consolidacao:
    avaliacao: Avaliacao
    estado: str
    motivacao: str
    recurso: bool


def estado_da_avaliacao(avaliacao: Avaliacao) -> str:
    """The list state a closed evaluation leads to. A not confirmed (or, PcD, incompatible)
    result closed for absence or refusal to be recorded carries the edital's consequence
    "leaves the reserved list, stays in AC" (`detalhes["efeito"]`)."""
    if avaliacao.resultado == Avaliacao.Resultado.CONFIRMADA:
        return EstadoLista.CONFIRMADA
    if (avaliacao.detalhes or {}).get("efeito") == "permanece_ac":
        return EstadoLista.EXCLUIDA
    return EstadoLista.NAO_CONFIRMADA


def consolidar(avaliacao: Avaliacao) -> Consolidacao:
    """The final state of one evaluation: the appeal ruling if any, else the first instance."""
    julgamento = avaliacao_do_recurso(avaliacao) if recurso_de(avaliacao) else None
    if julgamento is not None:
        return Consolidacao(avaliacao, estado_da_avaliacao(julgamento), _(
            "Decisão da comissão recursal (resultado definitivo): %(p)s") % {
            "p": julgamento.parecer}, True)
    return Consolidacao(avaliacao, estado_da_avaliacao(avaliacao), _(
        "Parecer da %(c)s, sem recurso julgado (resultado definitivo): %(p)s") % {
        "p": avaliacao.parecer,
        "c": procedimento(avaliacao.comissao.tipo).comissao_nome}, False)


def publicar_resultado_final(certame: Certame, *, autor, agora: dt.datetime | None = None,
                             tipo: str = PROCEDIMENTO,
                             lote: int | None = None) -> PublicacaoResultado:
    """RH publishes the final result of a batch (default: the oldest one without it) once
    its appeal window has closed and its appeals are judged (Lei 3.057/2026, art. 11, §2º):
    every evaluation of the batch becomes the candidate's final list state
    (`plugin.ProcedimentoComissao.consolidar`) and the lists of the cargos are recomputed."""
    return kernel.publicar_final(certame, tipo, autor=autor, agora=agora, lote=lote)

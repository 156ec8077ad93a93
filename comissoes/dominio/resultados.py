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
import logging
from dataclasses import dataclass, field

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from candidatos.models import EstadoLista, Inscricao, Lista, SituacaoLista
from candidatos.servicos import registrar_situacao_lista
from certames.auditoria import registrar_ato
from certames.models import Certame, Etapa
from certames.regras import ErroEntrada, aplicar_parametros
from certames.regras.regimes import Regime
from certames.travas import travar_certame
from comissoes.dominio.lotes import (
    JanelaRecurso,
    abertas,
    avaliacoes_do_lote,
    avaliacoes_primeira_instancia,
    final_do_lote,
    incluir_no_lote,
    janela_do_cronograma,
    janela_do_lote,
    lote_pendente,
    nao_publicadas,
    preliminar_da_avaliacao,
    proximo_numero,
    publicacao,
)
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
from comissoes.models import (
    AnexoRecurso,
    Avaliacao,
    Comissao,
    PublicacaoResultado,
    Recurso,
)

__all__ = ["JanelaRecurso", "avaliacoes_primeira_instancia", "janela_recurso", "publicacao"]

logger = logging.getLogger(__name__)

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
    try:
        return avaliacao.recurso
    except Recurso.DoesNotExist:
        return None


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


def resultados_por_procedimento(inscricao: Inscricao, agora: dt.datetime | None = None
                                ) -> list[ResultadosCandidato]:
    """The candidate's results in every procedure the inscrição went through (in the order
    heteroidentification, documentary, PcD)."""
    tipos = set(Avaliacao.objects.filter(inscricao=inscricao,
                                         instancia=Avaliacao.Instancia.PRIMEIRA)
                .values_list("comissao__tipo", flat=True))
    return [resultados_do_candidato(inscricao, agora, tipo) for tipo in PROCEDIMENTOS
            if tipo in tipos]


def resultados_do_candidato(inscricao: Inscricao, agora: dt.datetime | None = None,
                            tipo: str = PROCEDIMENTO) -> ResultadosCandidato:
    """What the candidate may see of one procedure of one inscrição: published
    pareceres (never before the preliminary publication; members' names only if the edital
    publishes them), the appeal's status, its ruling (with the final result), the appeal
    window and whether they can appeal now. The portal's status page calls this."""
    from comissoes.dominio.recursos import motivo_para_nao_recorrer

    agora = agora or timezone.now()
    certame = inscricao.cargo.certame
    avaliacoes = list(avaliacoes_primeira_instancia(certame, tipo).filter(inscricao=inscricao))
    saida = ResultadosCandidato(inscricao, None, None, janela_recurso(certame, agora, tipo),
                                procedimento=tipo)
    situacoes = {s.lista: s for s in SituacaoLista.objects.filter(inscricao=inscricao)}
    for av in avaliacoes:
        # Each evaluation is read in its own batch (`lotes`).
        preliminar = preliminar_da_avaliacao(av)
        if preliminar is None:
            saida.aguardando_publicacao = True
            continue
        final = final_do_lote(preliminar)
        janela = janela_do_lote(preliminar, agora)
        if saida.preliminar is None:
            saida.preliminar, saida.final, saida.janela = preliminar, final, janela
        recurso = recurso_de(av)
        anexos = list(recurso.anexos.order_by("pk")) if recurso else []
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
            julgamento = avaliacao_do_recurso(av)
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
        motivo = motivo_para_nao_recorrer(av, agora=agora, preliminar=preliminar, final=final,
                                          janela=janela)
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
    return timezone.localtime(quando).strftime("%d/%m/%Y %H:%M")


# --- preliminary result ---------------------------------------------------------------------


def _rotulos(avaliacoes) -> str:
    return ", ".join(f"{av.inscricao.numero} ({av.lista})" for av in avaliacoes)


def pendencias_preliminar(certame: Certame, tipo: str = PROCEDIMENTO) -> list[str]:
    """Why the next batch's preliminary result cannot be published now (empty: it can)."""
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


def janela_prevista(certame: Certame, agora: dt.datetime | None = None,
                    tipo: str = PROCEDIMENTO) -> JanelaRecurso:
    """The appeal window the next batch would have if published at `agora`."""
    agora = agora or timezone.now()
    provavel = PublicacaoResultado(certame=certame, procedimento=tipo, publicada_em=agora,
                                   fase=PublicacaoResultado.Fase.PRELIMINAR,
                                   lote=proximo_numero(certame, tipo))
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


@transaction.atomic
def publicar_resultado_preliminar(certame: Certame, *, autor,
                                  tipo: str = PROCEDIMENTO) -> PublicacaoResultado:
    """RH publishes the preliminary result of the next batch: every closed first-instance
    parecer not yet published becomes visible to its candidate, and the appeal can be filed
    in the batch's window."""
    certame = travar_certame(certame)
    pendencias = pendencias_preliminar(certame, tipo)
    if pendencias:
        raise ValidationError(pendencias)
    avaliacoes = list(nao_publicadas(certame, tipo))
    numero = proximo_numero(certame, tipo)
    pub = PublicacaoResultado.objects.create(
        certame=certame, procedimento=tipo, fase=PublicacaoResultado.Fase.PRELIMINAR,
        lote=numero, publicada_por=autor)
    incluir_no_lote(pub, avaliacoes)
    # Incompatible (PcD) counts as not confirmed: it takes the candidate out of the list.
    nao = [av for av in avaliacoes if av.resultado != Avaliacao.Resultado.CONFIRMADA]
    proc = procedimento(tipo)
    janela = janela_do_lote(pub)
    registrar_ato(
        tipo=f"resultado_preliminar_{proc.slug}", autor=autor, certame=certame,
        objeto=pub,
        descricao=_("Resultado preliminar da %(p)s publicado (lote %(lote)d): %(n)d "
                    "avaliação(ões), %(c)d confirmada(s), %(x)d não confirmada(s).") % {
            "n": len(avaliacoes), "c": len(avaliacoes) - len(nao), "x": len(nao),
            "p": proc.nome, "lote": numero},
        fundamento_legal=fundamento_do_procedimento(certame.regime_legal, tipo)[:250],
        depois={"lote": numero, "avaliacoes": [av.pk for av in avaliacoes],
                "nao_confirmadas": [av.pk for av in nao],
                "prazo_recurso": ([janela.inicio.isoformat(), janela.fim.isoformat()]
                                  if janela.prevista else None)})
    enfileirar_aviso_publicacao(pub)
    return pub


# --- final result ---------------------------------------------------------------------------


def _regime_efetivo(certame: Certame) -> Regime:
    """The regime with the edital's settings (e.g. SMBV's `efeito_nao_confirmacao`)."""
    from certames.classificacao import ler_parametros

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


def _lote_do_final(certame: Certame, tipo: str, lote: int | None) -> int | None:
    """The batch a final publication is about: the one asked, else the oldest pending."""
    return lote if lote is not None else lote_pendente(certame, tipo)


def pendencias_final(certame: Certame, agora: dt.datetime | None = None,
                     tipo: str = PROCEDIMENTO, lote: int | None = None) -> list[str]:
    """Why the final result of the batch `lote` (default: the oldest one without it) cannot
    be published now (empty: it can). Only the batch's own window and appeals count: another
    batch never holds it back (`lotes`)."""
    agora = agora or timezone.now()
    nome = procedimento(tipo).nome
    numero = _lote_do_final(certame, tipo, lote)
    if numero is None:
        if publicacao(certame, PublicacaoResultado.Fase.PRELIMINAR, tipo) is None:
            return [_("Publique antes o resultado preliminar da %(p)s.") % {"p": nome}]
        return [_("O resultado definitivo da %(p)s já foi publicado.") % {"p": nome}]
    preliminar = publicacao(certame, PublicacaoResultado.Fase.PRELIMINAR, tipo, numero)
    if preliminar is None:
        return [_("Publique antes o resultado preliminar do lote %(n)d da %(p)s.") % {
            "p": nome, "n": numero}]
    if publicacao(certame, PublicacaoResultado.Fase.FINAL, tipo, numero) is not None:
        return [_("O resultado definitivo do lote %(n)d da %(p)s já foi publicado.") % {
            "p": nome, "n": numero}]
    pendencias = []
    janela = janela_do_lote(preliminar, agora)
    if not janela.prevista:
        pendencias.append(_("O cronograma não prevê o prazo de recurso da %(p)s; o recurso é "
                            "garantido em lei (%(f)s).") % {
            "p": nome, "f": fundamento_do_procedimento(certame.regime_legal, tipo, "recurso")})
    elif not janela.encerrada:
        # Lei 3.057/2026, art. 11, §2º: the effect only after the appeal (window) is over.
        pendencias.append(_("O prazo de recurso ainda não terminou (%(p)s).") % {
            "p": janela.periodos()})
    avaliacoes = list(avaliacoes_do_lote(preliminar))
    vistas: dict[tuple[int, str], Avaliacao] = {}
    repetidas = []
    for av in avaliacoes:
        chave = (av.inscricao_id, av.lista)
        if chave in vistas:
            repetidas.append(f"{av.inscricao.numero} ({av.lista})")
        vistas[chave] = av
    if repetidas:
        pendencias.append(_("Mais de uma avaliação de primeira instância para: %(l)s.") % {
            "l": ", ".join(repetidas)})
    sem_julgamento = []
    for recurso in (Recurso.objects.filter(avaliacao__in=[av.pk for av in avaliacoes])
                    .select_related("avaliacao__inscricao", "avaliacao__comissao")
                    .order_by("avaliacao__inscricao__numero", "avaliacao__lista")):
        julgamento = avaliacao_do_recurso(recurso.avaliacao)
        if julgamento is None or not julgamento.encerrada:
            sem_julgamento.append(
                f"{recurso.avaliacao.inscricao.numero} ({recurso.avaliacao.lista})")
    if sem_julgamento:
        pendencias.append(_("Recursos ainda não julgados: %(l)s.") % {
            "l": ", ".join(sem_julgamento)})
    return pendencias


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


@transaction.atomic
def publicar_resultado_final(certame: Certame, *, autor, agora: dt.datetime | None = None,
                             tipo: str = PROCEDIMENTO,
                             lote: int | None = None) -> PublicacaoResultado:
    """RH publishes the final result of a batch (default: the oldest one without it) once
    its appeal window has closed and its appeals are judged (Lei 3.057/2026, art. 11, §2º):
    every evaluation of the batch becomes the candidate's final list state, and the lists of
    the cargos are recomputed (queued on commit by `registrar_situacao_lista`)."""
    certame = travar_certame(certame)
    pendencias = pendencias_final(certame, agora, tipo, lote)
    if pendencias:
        raise ValidationError(pendencias)
    numero = _lote_do_final(certame, tipo, lote)
    preliminar = publicacao(certame, PublicacaoResultado.Fase.PRELIMINAR, tipo, numero)
    pub = PublicacaoResultado.objects.create(
        certame=certame, procedimento=tipo, fase=PublicacaoResultado.Fase.FINAL,
        lote=numero, publicada_por=autor)
    fraudes = set(SituacaoLista.objects.filter(
        inscricao__certame=certame, estado=EstadoLista.FRAUDE).values_list("inscricao_id",
                                                                          "lista"))
    registradas, mantidas = [], []
    for av in avaliacoes_do_lote(preliminar):
        if (av.inscricao_id, av.lista) in fraudes:
            mantidas.append(av.inscricao.numero)
            continue
        c = consolidar(av)
        registrar_situacao_lista(
            av.inscricao, av.lista, c.estado, autor=autor, motivacao=c.motivacao,
            fundamento=fundamento_definitivo(certame, av.lista, c.estado, tipo))
        registradas.append({"inscricao": av.inscricao.numero, "lista": av.lista,
                            "estado": c.estado, "recurso": c.recurso})
    nao = sum(1 for r in registradas if r["estado"] == EstadoLista.NAO_CONFIRMADA)
    proc = procedimento(tipo)
    registrar_ato(
        tipo=f"resultado_definitivo_{proc.slug}", autor=autor, certame=certame,
        objeto=pub,
        descricao=_("Resultado definitivo da %(p)s publicado (lote %(lote)d): %(n)d "
                    "avaliação(ões), %(c)d confirmada(s), %(x)d não confirmada(s), %(r)d "
                    "recurso(s) julgado(s).") % {
            "n": len(registradas), "c": len(registradas) - nao, "x": nao, "p": proc.nome,
            "r": sum(1 for r in registradas if r["recurso"]), "lote": numero},
        fundamento_legal=certame.regime_legal.fundamento_efeito_definitivo[:250],
        depois={"lote": numero, "situacoes": registradas, "fraude_mantida": mantidas})
    enfileirar_aviso_publicacao(pub)
    return pub


# --- notice to the candidates ---------------------------------------------------------------


def enfileirar_aviso_publicacao(pub: PublicacaoResultado) -> None:
    """E-mail the batch's candidates once the publication is committed (Celery task)."""
    from comissoes.tasks import avisar_publicacao_task  # tasks import the domain

    transaction.on_commit(lambda: avisar_publicacao_task.delay(pub.pk))


def avisar_publicacao(publicacao_id: int) -> int:
    """Tell each candidate of the batch that its result was published, pointing to the
    candidate's area (the parecer is never in the e-mail). Returns how many were sent."""
    pub = PublicacaoResultado.objects.select_related("certame").get(pk=publicacao_id)
    preliminar = (pub if pub.fase == PublicacaoResultado.Fase.PRELIMINAR else
                  publicacao(pub.certame, PublicacaoResultado.Fase.PRELIMINAR,
                             pub.procedimento, pub.lote))
    proc = procedimento(pub.procedimento)
    destinos = sorted({(av.inscricao.numero, av.inscricao.candidato.email)
                       for av in avaliacoes_do_lote(preliminar) if av.inscricao.candidato.email})
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

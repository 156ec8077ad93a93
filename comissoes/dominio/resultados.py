"""Results of the committee procedures — heteroidentification, documentary verification and
the multiprofessional team's PcD evaluation (`procedimentos`), each published on its own
(`PublicacaoResultado.procedimento`): preliminary publication, final publication and what a
candidate may see. Every function takes the procedure (default: heteroidentification).

Rules decided here:
- a parecer reaches the candidate only once RH publishes the preliminary result; before that
  the candidate sees nothing of it (publicidade with due process: LC 22/2026, art. 5º, II and
  IV; Lei 3.056/2025, art. 4º, §1º, II and V; Lei 3.057/2026, art. 10, §3º, I);
- the members' names are never shown to the candidate unless the edital says so
  (`Comissao.divulgar_nomes`);
- a non-confirmation has effect only once final: the appeal window closed and every appeal
  judged (spec section 3, "effect of a non-confirmation"; Lei 3.057/2026, art. 11, §2º;
  LC 22/2026, art. 5º, II; Lei 3.056/2025, art. 4º, §1º, II and art. 6º, §2º). Until the
  final result is published, the candidate stays pending (sub judice) in the lists;
- the final result consolidates every evaluation into `SituacaoLista` (final = the appeal
  ruling if any, else the first-instance result); the engine applies the regime's effect of a
  non-confirmation (SMBV: a PP optant is eliminated, LC 22/2026, art. 3º, §3º; Severínia
  and Pirangi: out of the reserved list, stays in AC, Lei 3.057/2026, art. 11, §1º and
  Lei 3.056/2025, art. 6º, §2º);
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

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from candidatos.models import EstadoLista, Inscricao, Lista, SituacaoLista
from candidatos.servicos import registrar_situacao_lista
from certames.auditoria import registrar_ato
from certames.models import Certame, Etapa
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
from comissoes.models import (
    AnexoRecurso,
    Avaliacao,
    Comissao,
    PublicacaoResultado,
    Recurso,
)

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


def publicacao(certame: Certame, fase: str,
               tipo: str = PROCEDIMENTO) -> PublicacaoResultado | None:
    return PublicacaoResultado.objects.filter(certame=certame, procedimento=tipo,
                                              fase=fase).first()


def avaliacoes_primeira_instancia(certame: Certame,
                                  tipo: str = PROCEDIMENTO) -> QuerySet[Avaliacao]:
    """First-instance evaluations of the certame in the procedure."""
    return (Avaliacao.objects.filter(comissao__certame=certame, comissao__tipo=tipo,
                                     instancia=Avaliacao.Instancia.PRIMEIRA)
            .select_related("inscricao__candidato", "inscricao__cargo", "comissao")
            .order_by("inscricao__numero", "lista", "pk"))


def parecer_publicado(avaliacao: Avaliacao, preliminar: PublicacaoResultado | None) -> bool:
    """The evaluation was closed when the preliminary result was published (it is part of it).
    An evaluation closed later is not published: the model holds one preliminary publication
    per certame (see the report of issue #5)."""
    return bool(preliminar is not None and avaliacao.encerrada_em is not None
                and avaliacao.encerrada_em <= preliminar.publicada_em)


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


@dataclass
class JanelaRecurso:
    """The appeal window of a procedure (the schedule's etapas of that kind). "Open" is
    derived from the clock (spec: deadlines are stored dates)."""

    etapas: list[Etapa]
    agora: dt.datetime
    tipo: str = PROCEDIMENTO

    @property
    def prevista(self) -> bool:
        return bool(self.etapas)

    @property
    def aberta(self) -> bool:
        return any(e.aberta(self.agora) for e in self.etapas)

    @property
    def inicio(self) -> dt.datetime | None:
        return min((e.inicio for e in self.etapas), default=None)

    @property
    def fim(self) -> dt.datetime | None:
        return max((e.fim for e in self.etapas), default=None)

    @property
    def encerrada(self) -> bool:
        return self.prevista and not self.aberta and self.agora > self.fim

    @property
    def futura(self) -> bool:
        return self.prevista and not self.aberta and self.agora < self.inicio

    def periodos(self) -> str:
        fmt = "%d/%m/%Y %H:%M"
        return "; ".join(
            _("de %(i)s a %(f)s") % {"i": timezone.localtime(e.inicio).strftime(fmt),
                                     "f": timezone.localtime(e.fim).strftime(fmt)}
            for e in self.etapas)

    def situacao(self) -> str:
        """The window in words, with its dates."""
        if not self.prevista:
            return _("O cronograma deste certame ainda não prevê o prazo de recurso da "
                     "%(p)s.") % {"p": procedimento(self.tipo).nome}
        if self.aberta:
            return _("Prazo de recurso aberto (%(p)s).") % {"p": self.periodos()}
        if self.futura:
            return _("O prazo de recurso ainda não começou (%(p)s).") % {"p": self.periodos()}
        return _("O prazo de recurso terminou (%(p)s).") % {"p": self.periodos()}


def janela_recurso(certame: Certame, agora: dt.datetime | None = None,
                   tipo: str = PROCEDIMENTO) -> JanelaRecurso:
    etapas = list(Etapa.objects.filter(certame=certame, tipo=PROCEDIMENTOS[tipo].etapa_recurso)
                  .order_by("inicio", "pk"))
    return JanelaRecurso(etapas, agora or timezone.now(), tipo)


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


@dataclass
class ResultadosCandidato:
    inscricao: Inscricao
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
    preliminar = publicacao(certame, PublicacaoResultado.Fase.PRELIMINAR, tipo)
    final = publicacao(certame, PublicacaoResultado.Fase.FINAL, tipo)
    janela = janela_recurso(certame, agora, tipo)
    avaliacoes = list(avaliacoes_primeira_instancia(certame, tipo).filter(inscricao=inscricao))
    saida = ResultadosCandidato(inscricao, preliminar, final, janela, procedimento=tipo)
    definitivos = {}
    if final is not None:
        definitivos = {s.lista: s for s in SituacaoLista.objects.filter(inscricao=inscricao)}
    for av in avaliacoes:
        if not parecer_publicado(av, preliminar):
            saida.aguardando_publicacao = True
            continue
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
        definitivo = definitivos.get(av.lista)
        saida.itens.append(ResultadoAvaliacao(
            avaliacao=av, lista=av.lista, lista_nome=Lista(av.lista).label,
            resultado=av.resultado, resultado_texto=rotulo_resultado(tipo, av.resultado),
            parecer=av.parecer, fundamento=av.fundamento, encerrada_em=av.encerrada_em,
            membros=nomes_dos_membros(av) if av.comissao.divulgar_nomes else None,
            recurso=recurso, anexos=anexos, situacao_recurso=situacao,
            situacao_recurso_texto=texto, decisao_recurso=decisao,
            resultado_definitivo=(definitivo.get_estado_display() if definitivo else None),
            pode_recorrer=motivo is None, motivo_nao_pode_recorrer=motivo))
    return saida


def _data(quando: dt.datetime) -> str:
    return timezone.localtime(quando).strftime("%d/%m/%Y %H:%M")


# --- preliminary result ---------------------------------------------------------------------


def pendencias_preliminar(certame: Certame, tipo: str = PROCEDIMENTO) -> list[str]:
    """Why the preliminary result cannot be published now (empty: it can)."""
    nome = procedimento(tipo).nome
    if publicacao(certame, PublicacaoResultado.Fase.PRELIMINAR, tipo) is not None:
        return [_("O resultado preliminar da %(p)s já foi publicado.") % {"p": nome}]
    avaliacoes = list(avaliacoes_primeira_instancia(certame, tipo))
    if not avaliacoes:
        return [_("Não há avaliações neste procedimento (%(p)s) do certame.") % {"p": nome}]
    abertas = [av for av in avaliacoes if not av.encerrada]
    if abertas:
        # Product decision (the laws are silent): one preliminary result for the whole
        # procedure, published once every evaluation is closed, so every candidate gets the
        # same appeal window (LC 22/2026, art. 5º, III; Lei 3.056/2025, art. 4º, §1º, IV).
        return [_("Há avaliações ainda não encerradas pela comissão: %(l)s.") % {
            "l": ", ".join(f"{av.inscricao.numero} ({av.lista})" for av in abertas)}]
    return []


def avisos_preliminar(certame: Certame, agora: dt.datetime | None = None,
                      tipo: str = PROCEDIMENTO) -> list[str]:
    """Non-blocking warnings before publishing: what would shorten or prevent the appeal."""
    janela = janela_recurso(certame, agora, tipo)
    avisos = []
    if not janela.prevista:
        avisos.append(_("O cronograma não tem a etapa “%(e)s”: sem ela os candidatos não "
                        "poderão recorrer e o resultado definitivo não poderá ser "
                        "publicado.") % {
            "e": Etapa.Tipo(PROCEDIMENTOS[tipo].etapa_recurso).label})
    elif janela.aberta or janela.encerrada:
        avisos.append(_("O prazo de recurso já começou (%(p)s): quem for publicado agora terá "
                        "menos tempo para recorrer. Considere ajustar o cronograma.") % {
            "p": janela.periodos()})
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
    """RH publishes the preliminary result: every closed first-instance parecer becomes
    visible to its candidate, and the appeal can be filed in the window."""
    certame = Certame.objects.select_for_update().get(pk=certame.pk)
    pendencias = pendencias_preliminar(certame, tipo)
    if pendencias:
        raise ValidationError(pendencias)
    avaliacoes = list(avaliacoes_primeira_instancia(certame, tipo))
    pub = PublicacaoResultado.objects.create(
        certame=certame, procedimento=tipo, fase=PublicacaoResultado.Fase.PRELIMINAR,
        publicada_por=autor)
    # Incompatible (PcD) counts as not confirmed: it takes the candidate out of the list.
    nao = [av for av in avaliacoes if av.resultado != Avaliacao.Resultado.CONFIRMADA]
    proc = procedimento(tipo)
    registrar_ato(
        tipo=f"resultado_preliminar_{proc.slug}", autor=autor, certame=certame,
        objeto=pub,
        descricao=_("Resultado preliminar da %(p)s publicado: %(n)d "
                    "avaliação(ões), %(c)d confirmada(s), %(x)d não confirmada(s).") % {
            "n": len(avaliacoes), "c": len(avaliacoes) - len(nao), "x": len(nao),
            "p": proc.nome},
        fundamento_legal=fundamento_do_procedimento(certame.regime_legal, tipo)[:250],
        depois={"avaliacoes": [av.pk for av in avaliacoes],
                "nao_confirmadas": [av.pk for av in nao]})
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


def pendencias_final(certame: Certame, agora: dt.datetime | None = None,
                     tipo: str = PROCEDIMENTO) -> list[str]:
    """Why the final result cannot be published now (empty: it can)."""
    agora = agora or timezone.now()
    nome = procedimento(tipo).nome
    if publicacao(certame, PublicacaoResultado.Fase.FINAL, tipo) is not None:
        return [_("O resultado definitivo da %(p)s já foi publicado.") % {"p": nome}]
    preliminar = publicacao(certame, PublicacaoResultado.Fase.PRELIMINAR, tipo)
    if preliminar is None:
        return [_("Publique antes o resultado preliminar da %(p)s.") % {"p": nome}]
    pendencias = []
    janela = janela_recurso(certame, agora, tipo)
    if not janela.prevista:
        pendencias.append(_("O cronograma não prevê o prazo de recurso da %(p)s; o recurso é "
                            "garantido em lei (%(f)s).") % {
            "p": nome, "f": fundamento_do_procedimento(certame.regime_legal, tipo, "recurso")})
    elif not janela.encerrada:
        pendencias.append(_("O prazo de recurso ainda não terminou (%(p)s).") % {
            "p": janela.periodos()})
    avaliacoes = list(avaliacoes_primeira_instancia(certame, tipo))
    fora = [av for av in avaliacoes if not parecer_publicado(av, preliminar)]
    if fora:
        pendencias.append(_("Avaliações fora do resultado preliminar (não encerradas ou "
                            "encerradas depois da publicação): %(l)s.") % {
            "l": ", ".join(f"{av.inscricao.numero} ({av.lista})" for av in fora)})
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
                             tipo: str = PROCEDIMENTO) -> PublicacaoResultado:
    """RH publishes the final result once the appeal window has closed and every appeal is
    judged: every evaluation becomes the candidate's final list state, and the lists of the
    cargos are recomputed (queued on commit by `registrar_situacao_lista`)."""
    certame = Certame.objects.select_for_update().get(pk=certame.pk)
    pendencias = pendencias_final(certame, agora, tipo)
    if pendencias:
        raise ValidationError(pendencias)
    pub = PublicacaoResultado.objects.create(
        certame=certame, procedimento=tipo, fase=PublicacaoResultado.Fase.FINAL,
        publicada_por=autor)
    fraudes = set(SituacaoLista.objects.filter(
        inscricao__certame=certame, estado=EstadoLista.FRAUDE).values_list("inscricao_id",
                                                                          "lista"))
    registradas, mantidas = [], []
    for av in avaliacoes_primeira_instancia(certame, tipo):
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
        descricao=_("Resultado definitivo da %(p)s publicado: %(n)d "
                    "avaliação(ões), %(c)d confirmada(s), %(x)d não confirmada(s), %(r)d "
                    "recurso(s) julgado(s).") % {
            "n": len(registradas), "c": len(registradas) - nao, "x": nao, "p": proc.nome,
            "r": sum(1 for r in registradas if r["recurso"])},
        fundamento_legal=certame.regime_legal.fundamento_efeito_definitivo[:250],
        depois={"situacoes": registradas, "fraude_mantida": mantidas})
    return pub

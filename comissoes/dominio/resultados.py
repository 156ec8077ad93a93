"""Results of the heteroidentification procedure: preliminary publication, final publication
and what a candidate may see.

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
  art. 7º; LC 22/2026, art. 3º, §3º).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from candidatos.models import EstadoLista, Inscricao, Lista, SituacaoLista
from candidatos.servicos import registrar_situacao_lista
from certames.auditoria import registrar_ato
from certames.models import Certame, Etapa
from certames.regras import ErroEntrada, aplicar_parametros
from certames.regras.regimes import Regime
from comissoes.dominio.votacao import votos_correntes
from comissoes.models import (
    AnexoRecurso,
    Avaliacao,
    Comissao,
    PublicacaoResultado,
    Recurso,
)

PROCEDIMENTO = Comissao.Tipo.HETEROIDENTIFICACAO

#: Per regime: where the law provides the heteroidentification and the appeal against it.
#: (The regimes do not carry the appeal's article; see the report of issue #5.)
FUNDAMENTOS: dict[str, dict[str, str]] = {
    "smbv-lc22-2026": {
        "heteroidentificacao": "LC 22/2026, art. 3º",
        "recurso": "LC 22/2026, art. 3º, §5º",
    },
    "severinia-lei3057-2026": {
        "heteroidentificacao": "Lei 3.057/2026, art. 10, §§2º e 3º",
        "recurso": "Lei 3.057/2026, art. 10, §3º, V",
    },
    "pirangi-lei3056-2025": {
        "heteroidentificacao": "Lei 3.056/2025, art. 4º, I, e art. 6º",
        "recurso": "Lei 3.056/2025, art. 4º, §1º, II (contraditório e ampla defesa)",
    },
    "federal-lei15142-2025": {
        "heteroidentificacao": "Lei 15.142/2025, art. 3º, §1º",
        "recurso": "Lei 15.142/2025, art. 3º (contraditório e ampla defesa)",
    },
}


def fundamento(regime: Regime, chave: str) -> str:
    return FUNDAMENTOS.get(regime.id, {}).get(chave) or regime.lei


# --- reading --------------------------------------------------------------------------------


def publicacao(certame: Certame, fase: str) -> PublicacaoResultado | None:
    return PublicacaoResultado.objects.filter(certame=certame, procedimento=PROCEDIMENTO,
                                              fase=fase).first()


def avaliacoes_primeira_instancia(certame: Certame) -> QuerySet[Avaliacao]:
    """First-instance heteroidentification evaluations of the certame."""
    return (Avaliacao.objects.filter(comissao__certame=certame, comissao__tipo=PROCEDIMENTO,
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
    """The appeal's evaluation (instância recurso, in the recursal committee) for the
    candidate and list of a first-instance evaluation."""
    return (Avaliacao.objects.filter(
        comissao__certame_id=avaliacao.comissao.certame_id, comissao__tipo=Comissao.Tipo.RECURSAL,
        inscricao_id=avaliacao.inscricao_id, lista=avaliacao.lista,
        instancia=Avaliacao.Instancia.RECURSO).select_related("comissao").first())


def recurso_de(avaliacao: Avaliacao) -> Recurso | None:
    try:
        return avaliacao.recurso
    except Recurso.DoesNotExist:
        return None


@dataclass
class JanelaRecurso:
    """The appeal window of the heteroidentification (the schedule's etapas of that kind).
    "Open" is derived from the clock (spec: deadlines are stored dates)."""

    etapas: list[Etapa]
    agora: dt.datetime

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
                     "heteroidentificação.")
        if self.aberta:
            return _("Prazo de recurso aberto (%(p)s).") % {"p": self.periodos()}
        if self.futura:
            return _("O prazo de recurso ainda não começou (%(p)s).") % {"p": self.periodos()}
        return _("O prazo de recurso terminou (%(p)s).") % {"p": self.periodos()}


def janela_recurso(certame: Certame, agora: dt.datetime | None = None) -> JanelaRecurso:
    etapas = list(Etapa.objects.filter(certame=certame,
                                       tipo=Etapa.Tipo.RECURSO_HETEROIDENTIFICACAO)
                  .order_by("inicio", "pk"))
    return JanelaRecurso(etapas, agora or timezone.now())


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
    #: Heteroidentification evaluations exist but their result is not published yet.
    aguardando_publicacao: bool = False

    @property
    def pode_recorrer(self) -> bool:
        return any(i.pode_recorrer for i in self.itens)


def resultados_do_candidato(inscricao: Inscricao,
                            agora: dt.datetime | None = None) -> ResultadosCandidato:
    """What the candidate may see of the heteroidentification of one inscrição: published
    pareceres (never before the preliminary publication; members' names only if the edital
    publishes them), the appeal's status, its ruling (with the final result), the appeal
    window and whether they can appeal now. The portal's status page calls this."""
    from comissoes.dominio.recursos import motivo_para_nao_recorrer

    agora = agora or timezone.now()
    certame = inscricao.cargo.certame
    preliminar = publicacao(certame, PublicacaoResultado.Fase.PRELIMINAR)
    final = publicacao(certame, PublicacaoResultado.Fase.FINAL)
    janela = janela_recurso(certame, agora)
    avaliacoes = list(avaliacoes_primeira_instancia(certame).filter(inscricao=inscricao))
    saida = ResultadosCandidato(inscricao, preliminar, final, janela)
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
                texto = _("Autodeclaração confirmada: não há o que recorrer.")
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
                texto = (_("Recurso provido: a comissão recursal confirmou a autodeclaração.")
                         if provido else
                         _("Recurso não provido: a comissão recursal manteve a não "
                           "confirmação."))
                decisao = DecisaoRecurso(
                    resultado=julgamento.resultado,
                    resultado_texto=julgamento.get_resultado_display(), provido=provido,
                    parecer=julgamento.parecer, julgado_em=julgamento.encerrada_em,
                    membros=(nomes_dos_membros(julgamento)
                             if julgamento.comissao.divulgar_nomes else None))
        motivo = motivo_para_nao_recorrer(av, agora=agora, preliminar=preliminar, final=final,
                                          janela=janela)
        definitivo = definitivos.get(av.lista)
        saida.itens.append(ResultadoAvaliacao(
            avaliacao=av, lista=av.lista, lista_nome=Lista(av.lista).label,
            resultado=av.resultado, resultado_texto=av.get_resultado_display(),
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


def pendencias_preliminar(certame: Certame) -> list[str]:
    """Why the preliminary result cannot be published now (empty: it can)."""
    if publicacao(certame, PublicacaoResultado.Fase.PRELIMINAR) is not None:
        return [_("O resultado preliminar da heteroidentificação já foi publicado.")]
    avaliacoes = list(avaliacoes_primeira_instancia(certame))
    if not avaliacoes:
        return [_("Não há avaliações de heteroidentificação neste certame.")]
    abertas = [av for av in avaliacoes if not av.encerrada]
    if abertas:
        # Product decision (the laws are silent): one preliminary result for the whole
        # procedure, published once every evaluation is closed, so every candidate gets the
        # same appeal window (LC 22/2026, art. 5º, III; Lei 3.056/2025, art. 4º, §1º, IV).
        return [_("Há avaliações ainda não encerradas pela comissão: %(l)s.") % {
            "l": ", ".join(f"{av.inscricao.numero} ({av.lista})" for av in abertas)}]
    return []


def avisos_preliminar(certame: Certame, agora: dt.datetime | None = None) -> list[str]:
    """Non-blocking warnings before publishing: what would shorten or prevent the appeal."""
    janela = janela_recurso(certame, agora)
    avisos = []
    if not janela.prevista:
        avisos.append(_("O cronograma não tem a etapa “Recurso da heteroidentificação”: sem "
                        "ela os candidatos não poderão recorrer e o resultado definitivo não "
                        "poderá ser publicado."))
    elif janela.aberta or janela.encerrada:
        avisos.append(_("O prazo de recurso já começou (%(p)s): quem for publicado agora terá "
                        "menos tempo para recorrer. Considere ajustar o cronograma.") % {
            "p": janela.periodos()})
    if not Comissao.objects.filter(certame=certame, tipo=Comissao.Tipo.RECURSAL).exists():
        avisos.append(_("Não há comissão recursal designada: os recursos serão recusados até "
                        "que ela exista."))
    return avisos


@transaction.atomic
def publicar_resultado_preliminar(certame: Certame, *, autor) -> PublicacaoResultado:
    """RH publishes the preliminary result: every closed first-instance parecer becomes
    visible to its candidate, and the appeal can be filed in the window."""
    certame = Certame.objects.select_for_update().get(pk=certame.pk)
    pendencias = pendencias_preliminar(certame)
    if pendencias:
        raise ValidationError(pendencias)
    avaliacoes = list(avaliacoes_primeira_instancia(certame))
    pub = PublicacaoResultado.objects.create(
        certame=certame, procedimento=PROCEDIMENTO, fase=PublicacaoResultado.Fase.PRELIMINAR,
        publicada_por=autor)
    nao = [av for av in avaliacoes if av.resultado == Avaliacao.Resultado.NAO_CONFIRMADA]
    registrar_ato(
        tipo="resultado_preliminar_heteroidentificacao", autor=autor, certame=certame,
        objeto=pub,
        descricao=_("Resultado preliminar da heteroidentificação publicado: %(n)d "
                    "avaliação(ões), %(c)d confirmada(s), %(x)d não confirmada(s).") % {
            "n": len(avaliacoes), "c": len(avaliacoes) - len(nao), "x": len(nao)},
        fundamento_legal=fundamento(certame.regime_legal, "heteroidentificacao"),
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


def fundamento_definitivo(certame: Certame, lista: str, estado: str) -> str:
    """The legal basis recorded with a final list state."""
    regime = _regime_efetivo(certame)
    if estado == EstadoLista.EXCLUIDA:
        return _("Consequência prevista no edital para a ausência ou a recusa à gravação: "
                 "exclusão da lista reservada, permanecendo na ampla concorrência")[:250]
    if estado == EstadoLista.NAO_CONFIRMADA:
        try:
            base = regime.regra_nao_confirmacao(lista).fundamento
        except KeyError:
            base = fundamento(regime, "heteroidentificacao")
    else:
        base = fundamento(regime, "heteroidentificacao")
    return f"{base}; {regime.fundamento_efeito_definitivo}"[:250]


def pendencias_final(certame: Certame, agora: dt.datetime | None = None) -> list[str]:
    """Why the final result cannot be published now (empty: it can)."""
    agora = agora or timezone.now()
    if publicacao(certame, PublicacaoResultado.Fase.FINAL) is not None:
        return [_("O resultado definitivo da heteroidentificação já foi publicado.")]
    preliminar = publicacao(certame, PublicacaoResultado.Fase.PRELIMINAR)
    if preliminar is None:
        return [_("Publique antes o resultado preliminar da heteroidentificação.")]
    pendencias = []
    janela = janela_recurso(certame, agora)
    if not janela.prevista:
        pendencias.append(_("O cronograma não prevê o prazo de recurso da "
                            "heteroidentificação; o recurso é garantido em lei (%(f)s).") % {
            "f": fundamento(certame.regime_legal, "recurso")})
    elif not janela.encerrada:
        pendencias.append(_("O prazo de recurso ainda não terminou (%(p)s).") % {
            "p": janela.periodos()})
    avaliacoes = list(avaliacoes_primeira_instancia(certame))
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
        "Parecer da comissão de heteroidentificação, sem recurso julgado (resultado "
        "definitivo): %(p)s") % {"p": avaliacao.parecer}, False)


@transaction.atomic
def publicar_resultado_final(certame: Certame, *, autor,
                             agora: dt.datetime | None = None) -> PublicacaoResultado:
    """RH publishes the final result once the appeal window has closed and every appeal is
    judged: every evaluation becomes the candidate's final list state, and the lists of the
    cargos are recomputed (queued on commit by `registrar_situacao_lista`)."""
    certame = Certame.objects.select_for_update().get(pk=certame.pk)
    pendencias = pendencias_final(certame, agora)
    if pendencias:
        raise ValidationError(pendencias)
    pub = PublicacaoResultado.objects.create(
        certame=certame, procedimento=PROCEDIMENTO, fase=PublicacaoResultado.Fase.FINAL,
        publicada_por=autor)
    fraudes = set(SituacaoLista.objects.filter(
        inscricao__certame=certame, estado=EstadoLista.FRAUDE).values_list("inscricao_id",
                                                                          "lista"))
    registradas, mantidas = [], []
    for av in avaliacoes_primeira_instancia(certame):
        if (av.inscricao_id, av.lista) in fraudes:
            mantidas.append(av.inscricao.numero)
            continue
        c = consolidar(av)
        registrar_situacao_lista(
            av.inscricao, av.lista, c.estado, autor=autor, motivacao=c.motivacao,
            fundamento=fundamento_definitivo(certame, av.lista, c.estado))
        registradas.append({"inscricao": av.inscricao.numero, "lista": av.lista,
                            "estado": c.estado, "recurso": c.recurso})
    nao = sum(1 for r in registradas if r["estado"] == EstadoLista.NAO_CONFIRMADA)
    registrar_ato(
        tipo="resultado_definitivo_heteroidentificacao", autor=autor, certame=certame,
        objeto=pub,
        descricao=_("Resultado definitivo da heteroidentificação publicado: %(n)d "
                    "avaliação(ões), %(c)d confirmada(s), %(x)d não confirmada(s), %(r)d "
                    "recurso(s) julgado(s).") % {
            "n": len(registradas), "c": len(registradas) - nao, "x": nao,
            "r": sum(1 for r in registradas if r["recurso"])},
        fundamento_legal=certame.regime_legal.fundamento_efeito_definitivo[:250],
        depois={"situacoes": registradas, "fraude_mantida": mantidas})
    return pub

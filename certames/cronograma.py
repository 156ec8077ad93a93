"""Coherence of a certame's schedule (cronograma) around the fee exemption.

A certame whose law grants no exemption (`Certame.oferece_isencao`, the one answer) has no
exemption stage at all (request, results, appeal): the exemption is the law's, never the
edital's (spec section 3, "fee exemption"), and a stage would announce a request no page lets
anyone make.

Rules decided here (Lei 3.057/2026 de Severínia, art. 3º: the edital sets the request period
(I), the preliminary result (IV), the appeal (V), the final result (VI) and the payment
deadline of those finally rejected (VII)):
- the payment stage (`pagamento_taxa`) cannot end before the final exemption result: a
  candidate whose request is finally rejected "poderá efetuar o pagamento da taxa de
  inscrição dentro do prazo previsto no edital, permanecendo regularmente inscrito" (art. 3º,
  VII and §3º), which needs the deadline still open after that result; it must end after the
  end of the final result's stage;
- an exemption result (preliminary or final) cannot start before the request window ends:
  requests are analysed after they are made (art. 3º, I, IV and VI; §1º: the request period
  must allow the participation of those interested and the analysis of the requests);
- the exemption's appeal window (art. 3º, V) cannot open before the preliminary result it
  appeals against (IV), and the final result (VI) cannot start before the appeal window ends.

The analysis of the requests for special conditions at the exam (`analise_atendimento`, RH's
decisions: candidatos/condicoes/) cannot start before the inscrições start: the requests are
made at the inscrição (Decreto 9.508/2018, art. 4º) and decided once made (Lei 9.784/1999,
art. 48).

The exam's application (`aplicacao_prova`, provas/aplicacao/) comes after the inscrições, the
payment deadline and the analysis of the special conditions have ended, and before the
preliminary result starts: only a confirmed inscrição takes the exam (the fee paid or exempt
by the payment deadline, the regime's `fundamento_prazo_pagamento`), the special conditions
granted are provided at the exam itself (Decreto 9.508/2018, art. 4º; Lei 13.872/2019,
art. 1º), so they are decided before it, and the result is the exam's.

Every other appeal stage of the schedule follows the same order: an
appeal window cannot open before the stage whose decision it appeals against starts
(heteroidentificação, verificação documental, avaliação PcD, resultado preliminar), and the
final result cannot start before the appeal against the preliminary result ends. Basis: Lei
9.784/1999, art. 59 (the appeal is counted from the knowledge or official publication of the
decision appealed against) and art. 56 (the appeal is against a decision), applied to the
edital's schedule.

The citations are the regime's (`RegraIsencao.fundamento_prazo_pagamento`,
`fundamento_resultado_preliminar`, `fundamento_resultado_definitivo`); a regime without an
exemption law gets the rule as the edital's own coherence ("cronograma do edital").

Every publication waits for its stage (`motivo_publicacao`, the one guard
that every publication path calls: the classification lists, `classificacao.listas.publicar`,
and every procedure's preliminary and final result, `nucleo.publicacao`). `PUBLICACOES` maps
each publication kind to the stage of the schedule it opens with: the edital fixes the dates
of each result and binds the Administration and the candidates (vinculação ao edital;
publicidade: Lei 9.784/1999, art. 2º; the exemption's results on the edital's dates:
Lei 3.057/2026, art. 3º, IV and VI; the heteroidentification "na forma prevista em edital":
LC 22/2026, art. 3º, §5º, Lei 3.056/2025, art. 4º, §1º, Lei 3.057/2026, art. 10, §3º). A
publication before its stage, or in a schedule without that stage, is refused with the stage
and the date it opens, as the exemption's request window, the special conditions' analysis
and the payment deadline are (`recusar_fora_da_janela`, `recusar_antes_da_abertura`): a
missing stage is never "no constraint".

Pure: the stages are objects with `tipo`, `inicio` and `fim` (Etapa rows or stand-ins); the
stage kinds are `certames.models.Etapa.Tipo` values (tests/certames/test_cronograma.py checks
that they agree).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from certames.regras.procedimentos import RegraIsencao
from comum.formatos import data_hora_br

PEDIDO_ISENCAO = "pedido_isencao"
RESULTADO_PRELIMINAR_ISENCAO = "resultado_preliminar_isencao"
RESULTADO_DEFINITIVO_ISENCAO = "resultado_definitivo_isencao"
PAGAMENTO_TAXA = "pagamento_taxa"
RESULTADOS_ISENCAO = (RESULTADO_PRELIMINAR_ISENCAO, RESULTADO_DEFINITIVO_ISENCAO)
RECURSO_ISENCAO = "recurso_isencao"
#: The exemption's own stages: in a certame without exemption, none of them (the payment
#: stage is the fee's, not the exemption's).
ETAPAS_ISENCAO = (PEDIDO_ISENCAO, *RESULTADOS_ISENCAO, RECURSO_ISENCAO)
INSCRICOES = "inscricoes"
ANALISE_ATENDIMENTO = "analise_atendimento"
FUNDAMENTO_ANALISE_ATENDIMENTO = "Decreto 9.508/2018, art. 4º; Lei 9.784/1999, art. 48"
APLICACAO_PROVA = "aplicacao_prova"
RESULTADO_PRELIMINAR = "resultado_preliminar"
#: The special conditions are provided at the exam (so decided before it).
FUNDAMENTO_PROVA_APOS_ANALISE = "Decreto 9.508/2018, art. 4º; Lei 13.872/2019, art. 1º"

#: Appeal stage -> the stage whose decision it appeals against.
RECORRE_DE = {
    RECURSO_ISENCAO: RESULTADO_PRELIMINAR_ISENCAO,
    "recurso_heteroidentificacao": "heteroidentificacao",
    "recurso_verificacao_documental": "verificacao_documental",
    "recurso_avaliacao_pcd": "avaliacao_pcd",
    "recurso_resultado": "resultado_preliminar",
}
#: Stage -> the appeal stage that must end before it starts.
DEPOIS_DO_RECURSO = {
    RESULTADO_DEFINITIVO_ISENCAO: RECURSO_ISENCAO,
    "resultado_final": "recurso_resultado",
}
#: The stages' names in the messages (Etapa.Tipo's labels; the test checks they agree).
NOMES = {
    RECURSO_ISENCAO: gettext_lazy("Recurso da isenção"),
    RESULTADO_PRELIMINAR_ISENCAO: gettext_lazy("Resultado preliminar da isenção"),
    RESULTADO_DEFINITIVO_ISENCAO: gettext_lazy("Resultado definitivo da isenção"),
    PEDIDO_ISENCAO: gettext_lazy("Pedido de isenção da taxa"),
    "recurso_heteroidentificacao": gettext_lazy("Recurso da heteroidentificação"),
    "heteroidentificacao": gettext_lazy("Heteroidentificação"),
    "recurso_verificacao_documental": gettext_lazy("Recurso da verificação documental"),
    "verificacao_documental": gettext_lazy("Verificação documental"),
    "recurso_avaliacao_pcd": gettext_lazy("Recurso da avaliação PcD"),
    "avaliacao_pcd": gettext_lazy("Avaliação da equipe multiprofissional (PcD)"),
    "recurso_resultado": gettext_lazy("Recurso do resultado"),
    "resultado_preliminar": gettext_lazy("Resultado preliminar"),
    "resultado_final": gettext_lazy("Resultado final / homologação"),
    INSCRICOES: gettext_lazy("Inscrições"),
    PAGAMENTO_TAXA: gettext_lazy("Pagamento da taxa de inscrição"),
    ANALISE_ATENDIMENTO: gettext_lazy("Análise dos pedidos de atendimento especializado"),
    APLICACAO_PROVA: gettext_lazy("Aplicação da prova"),
}
#: Where the schedule's appeals are not the exemption law's.
FUNDAMENTO_RECURSO = "Lei 9.784/1999, art. 59"
FUNDAMENTO_DEPOIS_DO_RECURSO = "Lei 9.784/1999, arts. 56 e 59"

#: Basis where the regime has no exemption law of its own.
SEM_LEI = "cronograma do edital"


@dataclass(frozen=True)
class Incoerencia:
    """Two stages in an order the law does not allow; `etapa` and `outra` are the stages,
    `campo` the field of `etapa` to fix and `campo_outra` that of `outra`."""

    etapa: object
    campo: str
    outra: object
    campo_outra: str
    mensagem: str

    def envolve(self, etapa: object) -> str | None:
        """The field of `etapa` this incoherence is about, or None."""
        if etapa is self.etapa:
            return self.campo
        if etapa is self.outra:
            return self.campo_outra
        return None


def _etapas_sem_lei(etapas: list, isencao: RegraIsencao | None) -> list[Incoerencia]:
    """An exemption stage in a certame whose law grants no exemption."""
    if isencao is not None:
        return []
    # The exemption exists only where the certame's law grants it (`Certame.oferece_isencao`:
    # the edital cannot create one); its stages would announce a request nobody can make.
    return [Incoerencia(etapa, "tipo", None, "", _(
        "A lei deste certame não prevê isenção da taxa de inscrição: a etapa “%(e)s” (de "
        "%(i)s a %(f)s) não cabe no cronograma.") % {
        "e": NOMES[etapa.tipo], "i": data_hora_br(etapa.inicio),
        "f": data_hora_br(etapa.fim)})
        for etapa in etapas if etapa.tipo in ETAPAS_ISENCAO]


def _pagamento_antes_do_definitivo(por_tipo: dict[str, list],
                                   isencao: RegraIsencao | None) -> list[Incoerencia]:
    """The payment deadline ends before the final exemption result (the regime's
    `fundamento_prazo_pagamento`; Lei 3.057/2026, art. 3º, VII and §3º)."""
    achadas = []
    for pagamento in por_tipo.get(PAGAMENTO_TAXA, ()):
        for definitivo in por_tipo.get(RESULTADO_DEFINITIVO_ISENCAO, ()):
            if pagamento.fim <= definitivo.fim:
                fundamento = isencao.fundamento_prazo_pagamento if isencao else SEM_LEI
                achadas.append(Incoerencia(pagamento, "fim", definitivo, "fim", _(
                    "O prazo de pagamento da taxa (até %(p)s) não pode terminar antes do "
                    "resultado definitivo da isenção (até %(r)s): quem tiver o pedido "
                    "definitivamente indeferido deve poder pagar depois dele (%(f)s).") % {
                    "p": data_hora_br(pagamento.fim), "r": data_hora_br(definitivo.fim),
                    "f": fundamento}))
    return achadas


def _resultado_antes_do_pedido(etapas: list, por_tipo: dict[str, list],
                               isencao: RegraIsencao | None) -> list[Incoerencia]:
    """An exemption result starts before the request window ends (the regime's articles;
    Lei 3.057/2026, art. 3º, I, IV and VI)."""
    achadas = []
    for resultado in (e for e in etapas if e.tipo in RESULTADOS_ISENCAO):
        definitivo = resultado.tipo == RESULTADO_DEFINITIVO_ISENCAO
        for pedido in por_tipo.get(PEDIDO_ISENCAO, ()):
            if resultado.inicio < pedido.fim:
                if isencao is None:
                    fundamento = SEM_LEI
                elif definitivo:
                    fundamento = isencao.fundamento_resultado_definitivo
                else:
                    fundamento = isencao.fundamento_resultado_preliminar
                achadas.append(Incoerencia(resultado, "inicio", pedido, "fim", _(
                    "O %(etapa)s (a partir de %(r)s) não pode começar antes do fim do prazo "
                    "de pedido de isenção (%(p)s): os pedidos são analisados depois de "
                    "feitos (%(f)s; %(i)s).") % {
                    "etapa": (_("resultado definitivo da isenção") if definitivo
                              else _("resultado preliminar da isenção")),
                    "r": data_hora_br(resultado.inicio), "p": data_hora_br(pedido.fim),
                    "f": fundamento,
                    "i": isencao.fundamento_requerimento if isencao else SEM_LEI}))
    return achadas


def _analise_antes_das_inscricoes(por_tipo: dict[str, list]) -> list[Incoerencia]:
    """The special conditions' analysis starts before the inscrições (Decreto 9.508/2018,
    art. 4º; Lei 9.784/1999, art. 48)."""
    return [Incoerencia(analise, "inicio", inscricoes, "inicio", _(
        "A etapa “%(a)s” (a partir de %(d)s) não pode começar antes das inscrições (a partir "
        "de %(i)s): o atendimento especializado é pedido na inscrição e decidido depois de "
        "pedido (%(f)s).") % {
        "a": NOMES[ANALISE_ATENDIMENTO], "d": data_hora_br(analise.inicio),
        "i": data_hora_br(inscricoes.inicio), "f": FUNDAMENTO_ANALISE_ATENDIMENTO})
        for analise in por_tipo.get(ANALISE_ATENDIMENTO, ())
        for inscricoes in por_tipo.get(INSCRICOES, ())
        if analise.inicio < inscricoes.inicio]


def _prova_fora_de_ordem(por_tipo: dict[str, list],
                         isencao: RegraIsencao | None) -> list[Incoerencia]:
    """The exam before the end of the inscrições, of the payment deadline (only confirmed
    inscrições take it: the regime's `fundamento_prazo_pagamento`) or of the special
    conditions' analysis (Decreto 9.508/2018, art. 4º; Lei 13.872/2019, art. 1º), or the
    preliminary result before the exam ends (the result is the exam's)."""
    antes = ((INSCRICOES, SEM_LEI), (PAGAMENTO_TAXA, isencao.fundamento_prazo_pagamento
                                     if isencao else SEM_LEI),
             (ANALISE_ATENDIMENTO, FUNDAMENTO_PROVA_APOS_ANALISE))
    achadas = []
    for prova in por_tipo.get(APLICACAO_PROVA, ()):
        for tipo, fundamento in antes:
            achadas += [Incoerencia(prova, "inicio", outra, "fim", _(
                "A etapa “%(p)s” (a partir de %(d)s) não pode começar antes do fim da etapa "
                "“%(o)s” (%(f)s): a prova é aplicada depois dela (%(b)s).") % {
                "p": NOMES[APLICACAO_PROVA], "d": data_hora_br(prova.inicio),
                "o": NOMES[tipo], "f": data_hora_br(outra.fim), "b": fundamento})
                for outra in por_tipo.get(tipo, ()) if prova.inicio < outra.fim]
        achadas += [Incoerencia(resultado, "inicio", prova, "fim", _(
            "A etapa “%(r)s” (a partir de %(d)s) não pode começar antes do fim da etapa "
            "“%(p)s” (%(f)s): o resultado é o da prova (%(b)s).") % {
            "r": NOMES[RESULTADO_PRELIMINAR], "d": data_hora_br(resultado.inicio),
            "p": NOMES[APLICACAO_PROVA], "f": data_hora_br(prova.fim), "b": SEM_LEI})
            for resultado in por_tipo.get(RESULTADO_PRELIMINAR, ()) if resultado.inicio < prova.fim]
    return achadas


def _recurso_antes_da_decisao(por_tipo: dict[str, list],
                              isencao: RegraIsencao | None) -> list[Incoerencia]:
    """An appeal window opens before the decision it appeals against (Lei 9.784/1999,
    art. 59; the exemption's appeal: the regime's `fundamento_recurso`)."""
    achadas = []
    for tipo_recurso, tipo_decisao in RECORRE_DE.items():
        if tipo_recurso == RECURSO_ISENCAO:
            fundamento = isencao.fundamento_recurso if isencao else SEM_LEI
        else:
            fundamento = FUNDAMENTO_RECURSO
        for recurso in por_tipo.get(tipo_recurso, ()):
            for decisao in por_tipo.get(tipo_decisao, ()):
                if recurso.inicio < decisao.inicio:
                    achadas.append(Incoerencia(recurso, "inicio", decisao, "inicio", _(
                        "A etapa “%(recurso)s” (a partir de %(r)s) não pode começar antes "
                        "da etapa “%(decisao)s” (a partir de %(d)s): recorre-se de uma "
                        "decisão já divulgada (%(f)s).") % {
                        "recurso": NOMES[tipo_recurso], "decisao": NOMES[tipo_decisao],
                        "r": data_hora_br(recurso.inicio), "d": data_hora_br(decisao.inicio),
                        "f": fundamento}))
    return achadas


def _resultado_antes_do_recurso(por_tipo: dict[str, list],
                                isencao: RegraIsencao | None) -> list[Incoerencia]:
    """A final result starts before its appeal window ends (Lei 9.784/1999, arts. 56 and
    59; the exemption's final result: the regime's `fundamento_resultado_definitivo`)."""
    achadas = []
    for tipo_resultado, tipo_recurso in DEPOIS_DO_RECURSO.items():
        if tipo_resultado == RESULTADO_DEFINITIVO_ISENCAO:
            fundamento = isencao.fundamento_resultado_definitivo if isencao else SEM_LEI
        else:
            fundamento = FUNDAMENTO_DEPOIS_DO_RECURSO
        for resultado in por_tipo.get(tipo_resultado, ()):
            for recurso in por_tipo.get(tipo_recurso, ()):
                if resultado.inicio < recurso.fim:
                    achadas.append(Incoerencia(resultado, "inicio", recurso, "fim", _(
                        "A etapa “%(resultado)s” (a partir de %(r)s) não pode começar antes "
                        "do fim da etapa “%(recurso)s” (%(p)s): o resultado considera os "
                        "recursos (%(f)s).") % {
                        "resultado": NOMES[tipo_resultado], "recurso": NOMES[tipo_recurso],
                        "r": data_hora_br(resultado.inicio), "p": data_hora_br(recurso.fim),
                        "f": fundamento}))
    return achadas


def incoerencias(etapas: Iterable, isencao: RegraIsencao | None) -> list[Incoerencia]:
    """Every pair of stages the exemption's order does not allow, with a Portuguese message
    citing the article."""
    etapas = [e for e in etapas if e.inicio is not None and e.fim is not None]
    por_tipo: dict[str, list] = {}
    for etapa in etapas:
        por_tipo.setdefault(etapa.tipo, []).append(etapa)
    return [*_etapas_sem_lei(etapas, isencao),
            *_pagamento_antes_do_definitivo(por_tipo, isencao),
            *_resultado_antes_do_pedido(etapas, por_tipo, isencao),
            *_analise_antes_das_inscricoes(por_tipo),
            *_prova_fora_de_ordem(por_tipo, isencao),
            *_recurso_antes_da_decisao(por_tipo, isencao),
            *_resultado_antes_do_recurso(por_tipo, isencao)]


def recusar_fora_da_janela(etapas: list, agora, *, sem_etapa: str, futura: str,
                           encerrada: str, valores: dict | None = None) -> None:
    """Refuse (ValidationError, Portuguese) an act outside every stage of `etapas` (stages of
    one kind, in order), saying when the next opens or when the last closed: `futura` takes
    %(i)s and %(f)s (the next stage), `encerrada` %(f)s (the last end), both also `valores`."""
    valores = valores or {}
    if not etapas:
        raise ValidationError(sem_etapa % valores if valores else sem_etapa)
    if any(e.inicio <= agora <= e.fim for e in etapas):
        return
    futuras = [e for e in etapas if e.inicio > agora]
    if futuras:
        raise ValidationError(futura % {**valores, "i": data_hora_br(futuras[0].inicio),
                                        "f": data_hora_br(futuras[0].fim)})
    raise ValidationError(encerrada % {**valores,
                                       "f": data_hora_br(max(e.fim for e in etapas))})


def erros_da_etapa(etapa: object, etapas: Iterable,
                   isencao: RegraIsencao | None) -> dict[str, list[str]]:
    """The incoherences that involve `etapa` among `etapas` (which include it), by field."""
    erros: dict[str, list[str]] = {}
    for inc in incoerencias(etapas, isencao):
        campo = inc.envolve(etapa)
        if campo is not None:
            erros.setdefault(campo, []).append(inc.mensagem)
    return erros


# --- when an act opens; the one guard of every publication -----------------------------------

#: An act opens at the start of its stage, or once its stage has ended.
INICIO = "inicio"
FIM = "fim"


@dataclass(frozen=True)
class Abertura:
    """When an act opens in the schedule: at the start of the first stage of kind `etapa`
    (`desde` INICIO), or once the last one has ended (FIM)."""

    etapa: str
    desde: str = INICIO

    def momento(self, etapas: Iterable) -> dt.datetime | None:
        """The moment it opens; None when the schedule has no stage of that kind."""
        do_tipo = [e for e in etapas if e.tipo == self.etapa]
        if not do_tipo:
            return None
        if self.desde == INICIO:
            return min(e.inicio for e in do_tipo)
        return max(e.fim for e in do_tipo)

    def aberta(self, etapas: Iterable, agora: dt.datetime) -> bool:
        momento = self.momento(etapas)
        if momento is None:
            return False
        return agora >= momento if self.desde == INICIO else agora > momento


def inscricoes_iniciadas(etapas: Iterable, agora: dt.datetime) -> dt.datetime | None:
    """When the inscrições started, if they have by `agora` (None: not yet, or no stage):
    what the edital fixes before them (its phases, its call order) is fixed from then on,
    changed only by a retificação of the edital."""
    momento = Abertura(INSCRICOES).momento(etapas)
    return momento if momento is not None and agora >= momento else None


def motivo_antes_da_abertura(etapas: Iterable, abertura: Abertura, agora: dt.datetime, *,
                             sem_etapa: str, futura: str,
                             valores: dict | None = None) -> str | None:
    """Why an act that opens at `abertura` cannot be done at `agora` (None: it can). Both
    messages take %(e)s (the stage's name) and `valores`; `futura` also %(d)s (the moment it
    opens). A schedule without the stage refuses (`sem_etapa`)."""
    etapas = list(etapas)
    valores = {**(valores or {}), "e": NOMES.get(abertura.etapa, abertura.etapa)}
    momento = abertura.momento(etapas)
    if momento is None:
        return sem_etapa % valores
    if abertura.aberta(etapas, agora):
        return None
    return futura % {**valores, "d": data_hora_br(momento)}


def recusar_antes_da_abertura(etapas: Iterable, abertura: Abertura, agora: dt.datetime,
                              **mensagens) -> None:
    """`motivo_antes_da_abertura` as a refusal (ValidationError, Portuguese)."""
    motivo = motivo_antes_da_abertura(etapas, abertura, agora, **mensagens)
    if motivo is not None:
        raise ValidationError(motivo)


#: The classification lists' publications (`classificacao.listas.publicar`); the procedures
#: are named by their kernel key (`nucleo.registro.Procedimento.chave`).
CLASSIFICACAO = "classificacao"
#: A phase's result of the exam (`provas`; the key of its appeal's plug-in).
RESULTADO_FASE = "resultado_fase"
PRELIMINAR = "preliminar"
FINAL = "final"


@dataclass(frozen=True)
class EtapaDaPublicacao:
    """The stage a publication opens with, and the publication's name in the messages."""

    abertura: Abertura
    nome: Promise


def _etapa(etapa: str, nome: str, desde: str = INICIO) -> EtapaDaPublicacao:
    return EtapaDaPublicacao(Abertura(etapa, desde), gettext_lazy(nome))


#: (kind, phase) -> the stage it opens with. A procedure's preliminary result opens with its
#: stage (the committee decides in it; the exemption has a stage of its own for each result);
#: a committee's final result once its appeal stage has ended (the appeal is judged before the
#: final result: Lei 3.057/2026, art. 11, §2º; LC 22/2026, art. 3º, §5º; Lei 3.056/2025,
#: art. 4º, §1º). A later batch's own appeal window is the kernel's (`nucleo.lotes`).
#: tests/certames/test_cronograma_publicacoes.py checks that every procedure registered in
#: the kernel that publishes in batches has both phases here.
PUBLICACOES: dict[tuple[str, str], EtapaDaPublicacao] = {
    (CLASSIFICACAO, PRELIMINAR): _etapa(
        "resultado_preliminar", "O resultado preliminar da classificação"),
    (CLASSIFICACAO, FINAL): _etapa(
        "resultado_final", "O resultado final (homologado) da classificação"),
    ("isencao", PRELIMINAR): _etapa(
        RESULTADO_PRELIMINAR_ISENCAO, "O resultado preliminar da isenção da taxa"),
    ("isencao", FINAL): _etapa(
        RESULTADO_DEFINITIVO_ISENCAO, "O resultado definitivo da isenção da taxa"),
    ("heteroidentificacao", PRELIMINAR): _etapa(
        "heteroidentificacao", "O resultado preliminar da heteroidentificação"),
    ("heteroidentificacao", FINAL): _etapa(
        "recurso_heteroidentificacao", "O resultado definitivo da heteroidentificação", FIM),
    ("verificacao_documental", PRELIMINAR): _etapa(
        "verificacao_documental", "O resultado preliminar da verificação documental"),
    ("verificacao_documental", FINAL): _etapa(
        "recurso_verificacao_documental", "O resultado definitivo da verificação documental",
        FIM),
    ("equipe_multiprofissional", PRELIMINAR): _etapa(
        "avaliacao_pcd", "O resultado preliminar da avaliação da equipe multiprofissional"),
    ("equipe_multiprofissional", FINAL): _etapa(
        "recurso_avaliacao_pcd", "O resultado definitivo da avaliação da equipe "
        "multiprofissional", FIM),
    # A phase's result (provas.servicos): the exam comes after the inscrições, so its results
    # are published once they are over; each phase's appeal period is counted from its own
    # preliminary result (`provas.recursos`: the edital's days). Lei 9.784/1999, art. 2º
    # (publicidade) and the edital's schedule.
    (RESULTADO_FASE, PRELIMINAR): _etapa(
        INSCRICOES, "O resultado preliminar de uma fase da avaliação", FIM),
    (RESULTADO_FASE, FINAL): _etapa(
        INSCRICOES, "O resultado final de uma fase da avaliação", FIM),
}


def etapa_da_publicacao(tipo: str, fase: str) -> EtapaDaPublicacao:
    """The stage of a publication kind (`tipo`: CLASSIFICACAO or a kernel key)."""
    try:
        return PUBLICACOES[(tipo, fase)]
    except KeyError:
        raise LookupError(f"No schedule stage for the publication {tipo!r}/{fase!r}: add it "
                          "to certames.cronograma.PUBLICACOES.") from None


def motivo_publicacao(etapas: Iterable, tipo: str, fase: str,
                      agora: dt.datetime) -> str | None:
    """Why the publication `tipo`/`fase` cannot be made at `agora` (None: the schedule admits
    it): before its stage opens, with the date, or without the stage in the schedule. The one
    guard of every publication (see the module's rules)."""
    publicacao = etapa_da_publicacao(tipo, fase)
    if publicacao.abertura.desde == INICIO:
        sem_etapa = _("%(o)s só pode ser publicado a partir do início da etapa “%(e)s”, que o "
                      "cronograma deste certame não prevê: inclua-a no cronograma.")
        futura = _("%(o)s só pode ser publicado a partir de %(d)s (etapa “%(e)s” do "
                   "cronograma).")
    else:
        sem_etapa = _("%(o)s só pode ser publicado depois da etapa “%(e)s”, que o cronograma "
                      "deste certame não prevê: inclua-a no cronograma.")
        futura = _("%(o)s só pode ser publicado depois de %(d)s (fim da etapa “%(e)s” do "
                   "cronograma).")
    return motivo_antes_da_abertura(etapas, publicacao.abertura, agora, sem_etapa=sem_etapa,
                                    futura=futura, valores={"o": publicacao.nome})


def etapas_publicas(certame) -> list:
    """The schedule as published (the certame's page and its `.ics`): an exemption stage only
    where the certame has an exemption (`Certame.oferece_isencao`; a stage saved before the
    schedule's check refused it is RH's to remove, and is never announced)."""
    return [e for e in certame.etapas.all()
            if certame.oferece_isencao or e.tipo not in ETAPAS_ISENCAO]

"""The certame in time: the homologation, the extension of the validity, the heteroidentification
criteria published before the sessions, and the guard of the homologated final classification.

Rules decided here (spec section 9):
- The homologation is an act: it records the date of the homologation act (the start of the
  validity) and sets the certame HOMOLOGADO. It requires every cargo with inscrições to have
  its final classification published (the homologated list).
- The validity runs for the edital's period, at most two years, and may be extended once for
  the same period, while valid, by a motivated act (Constituição Federal, art. 37, III).
- The heteroidentification criteria are published with the edital, before the sessions (Lei
  3.057/2026, art. 10, §3º, IV): RH edits them only while no heteroidentification session has
  been scheduled; each edit is an act.
- The homologated final classification of a cargo cannot be published while an optant within
  the cargo's called range (the call order and the placements of the version) is still pending
  in a reserved list they opted into: the decision on the option has its final effect only
  after the appeal is judged (e.g. Lei 3.057/2026, art. 11, §2º; CF, art. 5º, LV).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.apps import apps
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from candidatos.models import EstadoLista, Inscricao, SituacaoLista
from certames import instantaneo
from certames.auditoria import registrar_ato
from certames.models import Cargo, Certame, Publicacao, VersaoClassificacao
from certames.regras.procedimentos import HETEROIDENTIFICACAO, TIPOS_PROCEDIMENTO
from certames.regras.regimes import regime_ou_none
from certames.situacao import exigir_em_curso
from certames.travas import travar_certame
from certames.validade import FUNDAMENTO_CONTAGEM, FUNDAMENTO_VALIDADE, fim_da_validade
from comum.formatos import data_br

#: Why the homologated list waits for the pending optants (spec section 9): the decision on a
#: self-declaration or a PcD condition is final only after its appeal (contraditório e ampla
#: defesa "com os meios e recursos a ela inerentes"); the regime's own bases follow (e.g. Lei
#: 3.057/2026, art. 11, §2º: "somente será aplicada após o julgamento de eventual recurso").
FUNDAMENTO_GUARDA = "regras de reserva, seção 9; Constituição Federal, art. 5º, LV"

#: Certame statuses from which the homologation may be recorded.
STATUS_HOMOLOGAVEIS = (Certame.Status.PUBLICADO, Certame.Status.EM_ANDAMENTO)


# --- the homologation guard ---------------------------------------------------------------------


@dataclass(frozen=True)
class Bloqueio:
    """An optant within the called range still pending in one reserved list."""

    inscricao_id: int
    numero: str
    lista: str
    #: Position in the version's call order (None: placed but not in the call order).
    posicao: int | None


def bloqueios_homologacao(versao: VersaoClassificacao) -> list[Bloqueio]:
    """The optants within the version's called range (its call order and its placements)
    with no final state in a reserved list they opted into (no `SituacaoLista`, or
    `pendente`: sub judice), in call order, then list."""
    posicoes: dict[int, int | None] = {
        c.inscricao_id: c.posicao for c in instantaneo.convocacao(versao)
        if c.inscricao_id is not None}
    for vaga in instantaneo.vagas_preenchidas(versao):
        posicoes.setdefault(vaga.inscricao_id, None)
    if not posicoes:
        return []
    finais = set(SituacaoLista.objects.filter(inscricao_id__in=posicoes)
                 .exclude(estado=EstadoLista.PENDENTE).values_list("inscricao_id", "lista"))
    certame = versao.cargo.certame
    bloqueios = [
        Bloqueio(pk, numero, lista, posicoes[pk])
        for pk, numero, listas, cor in Inscricao.objects.filter(pk__in=posicoes)
        .values_list("pk", "numero", "listas", "cor_raca")
        for lista in listas
        # Final: a procedure's decision, or the self-declaration where the edital dispensed
        # the procedure (spec section 3, heteroidentification row).
        if (pk, lista) not in finais and not certame.confirmacao_pela_autodeclaracao(lista, cor)
    ]
    sem_posicao = 1 + max((p for p in posicoes.values() if p is not None), default=0)
    return sorted(bloqueios, key=lambda b: (b.posicao or sem_posicao, b.numero, b.lista))


def fundamentos_recurso(regime_id: str, listas) -> list[str]:
    """The regime's bases (its data) of the procedures that decide these lists: where the law
    says the decision takes effect only after the appeal, that article; else the appeal's."""
    regime = regime_ou_none(regime_id)
    if regime is None:
        return []
    fundamentos: list[str] = []
    for tipo in TIPOS_PROCEDIMENTO:
        regra = regime.procedimento(tipo)
        fundamento = regra.fundamento_efeito_apos_recurso or regra.fundamento_recurso
        if set(listas) & set(regra.convocacao.listas) and fundamento not in fundamentos:
            fundamentos.append(fundamento)
    return fundamentos


def fundamento_guarda(versao: VersaoClassificacao, bloqueios: list[Bloqueio]) -> str:
    """The guard's basis for this version: the general rule and the regime's own bases."""
    return "; ".join([FUNDAMENTO_GUARDA,
                      *fundamentos_recurso(versao.regime, {b.lista for b in bloqueios})])


def mensagem_bloqueio(versao: VersaoClassificacao, bloqueios: list[Bloqueio]) -> str:
    """Why the final publication is refused, naming who blocks it."""
    nomes = [_("inscrição %(n)s (%(l)s)") % {"n": b.numero, "l": b.lista}
             for b in bloqueios[:10]]
    if len(bloqueios) > 10:
        nomes.append(_("e mais %(q)d") % {"q": len(bloqueios) - 10})
    return _(
        "O resultado final homologado não pode ser publicado enquanto houver optante pendente "
        "(sub judice) dentro da faixa chamada do cargo: a decisão sobre a opção só tem efeito "
        "definitivo depois do julgamento do recurso (%(f)s). Pendentes: %(p)s.") % {
        "f": fundamento_guarda(versao, bloqueios), "p": ", ".join(nomes)}


# --- the homologation and the extension --------------------------------------------------------


@dataclass(frozen=True)
class ResumoValidade:
    """The certame's validity as the pages write it (dates through comum/formatos.py)."""

    homologado_em: str
    valido_ate: str
    #: End of the first period (before the extension).
    fim_sem_prorrogacao: str
    prorrogado_em: str
    validade_meses: int
    prorrogacao_meses: int
    #: Expired on `hoje`.
    expirado: bool
    fundamento: str = FUNDAMENTO_VALIDADE


def resumo_validade(certame: Certame, hoje: dt.date | None = None) -> ResumoValidade | None:
    """The validity's dates, or None before the homologation (it has not started)."""
    homologado = certame.homologado_em
    if homologado is None:
        return None
    hoje = hoje or timezone.localdate()
    fim = fim_da_validade(homologado, certame.validade_meses, certame.prorrogacao_meses)
    return ResumoValidade(
        homologado_em=data_br(homologado), valido_ate=data_br(fim),
        fim_sem_prorrogacao=data_br(fim_da_validade(homologado, certame.validade_meses)),
        prorrogado_em=data_br(certame.prorrogado_em) if certame.prorrogado_em else "",
        validade_meses=certame.validade_meses, prorrogacao_meses=certame.prorrogacao_meses,
        expirado=hoje > fim)


def cargos_sem_resultado_final(certame: Certame) -> list[Cargo]:
    """Cargos with inscrições whose final classification was never published."""
    return list(certame.cargos.filter(inscricoes__isnull=False).exclude(
        versoes_classificacao__publicacoes__tipo=Publicacao.Tipo.FINAL).distinct()
        .order_by("codigo"))


@transaction.atomic
def homologar(certame: Certame, *, data: dt.date, ato: str, autor,
              hoje: dt.date | None = None) -> Certame:
    """Record the homologation of the certame's final result on `data` (the date of the
    homologation act, the start of the validity: CF, art. 37, III); `ato` names the act and its
    publication. The certame becomes HOMOLOGADO."""
    certame = travar_certame(certame)
    hoje = hoje or timezone.localdate()
    ato = (ato or "").strip()
    if certame.homologado_em is not None:
        raise ValidationError(_("O certame já foi homologado em %(d)s.") % {
            "d": data_br(certame.homologado_em)})
    exigir_em_curso(certame)
    if certame.status not in STATUS_HOMOLOGAVEIS:
        raise ValidationError(_("Um certame na situação “%(s)s” não pode ser homologado.") % {
            "s": certame.get_status_display()})
    erros: dict[str, str] = {}
    if not ato:
        erros["ato"] = _("Informe o ato de homologação e onde foi publicado.")
    if data > hoje:
        erros["data"] = _("A homologação não pode ter data futura.")
    elif data < certame.data_publicacao_edital:
        erros["data"] = _("A homologação não pode ser anterior à publicação do edital "
                          "(%(d)s).") % {"d": data_br(certame.data_publicacao_edital)}
    if erros:
        raise ValidationError(erros)
    pendentes = cargos_sem_resultado_final(certame)
    if pendentes:
        raise ValidationError(_(
            "A homologação é a do resultado final: publique antes o resultado final "
            "(homologado) de cada cargo. Sem resultado final: %(c)s.") % {
            "c": ", ".join(c.codigo for c in pendentes)})
    antes = {"status": certame.status, "homologado_em": None}
    certame.homologado_em = data
    certame.status = Certame.Status.HOMOLOGADO
    certame.save(update_fields=["homologado_em", "status"])
    fim = fim_da_validade(data, certame.validade_meses)
    registrar_ato(
        tipo="homologacao", autor=autor, certame=certame, objeto=certame,
        descricao=_("Homologação do resultado final em %(d)s (%(a)s); válido até %(v)s.") % {
            "d": data_br(data), "a": ato, "v": data_br(fim)},
        motivacao=ato, fundamento_legal=f"{FUNDAMENTO_VALIDADE}; {FUNDAMENTO_CONTAGEM}",
        antes=antes,
        depois={"status": certame.status, "homologado_em": data.isoformat(),
                "validade_meses": certame.validade_meses, "valido_ate": fim.isoformat()})
    return certame


def motivo_recusa_prorrogacao(certame: Certame, data: dt.date | None = None,
                              hoje: dt.date | None = None) -> str | None:
    """Why the validity cannot be extended (on `data`, the extension act's date), or None."""
    homologado = certame.homologado_em
    if homologado is None:
        return _("A validade só começa com a homologação; este certame ainda não foi "
                 "homologado (%(f)s).") % {"f": FUNDAMENTO_VALIDADE}
    if certame.prorrogado_em is not None:
        return _("A validade já foi prorrogada em %(d)s: a prorrogação é uma só, por igual "
                 "período (%(f)s).") % {"d": data_br(certame.prorrogado_em),
                                          "f": FUNDAMENTO_VALIDADE}
    if certame.status != Certame.Status.HOMOLOGADO:
        return _("Um certame na situação “%(s)s” não tem a validade prorrogada.") % {
            "s": certame.get_status_display()}
    fim = fim_da_validade(homologado, certame.validade_meses)
    hoje = hoje or timezone.localdate()
    if data is None:
        data = hoje
    if data > hoje:
        return _("A prorrogação não pode ter data futura.")
    if data < homologado or data > fim:
        return _("A prorrogação só pode ser decidida enquanto o certame é válido (de %(i)s a "
                 "%(f)s): depois de expirada, a validade não se prorroga (%(fund)s).") % {
            "i": data_br(homologado), "f": data_br(fim), "fund": FUNDAMENTO_VALIDADE}
    return None


@transaction.atomic
def prorrogar(certame: Certame, *, data: dt.date, motivacao: str, autor,
              hoje: dt.date | None = None) -> Certame:
    """Extend the validity once, for the same period, by a motivated act dated while valid
    (CF, art. 37, III). The new end counts from the end of the first period."""
    certame = travar_certame(certame)
    motivacao = (motivacao or "").strip()
    motivo = motivo_recusa_prorrogacao(certame, data, hoje)
    if motivo:
        raise ValidationError(motivo)
    if not motivacao:
        raise ValidationError({"motivacao": _(
            "A prorrogação é um ato discricionário: informe a motivação (o interesse público "
            "em manter o cadastro de aprovados).")})
    homologado = certame.homologado_em
    assert homologado is not None  # motivo_recusa_prorrogacao refuses it otherwise
    antes = {"prorrogado_em": None, "prorrogacao_meses": certame.prorrogacao_meses,
             "valido_ate": fim_da_validade(homologado, certame.validade_meses).isoformat()}
    certame.prorrogado_em = data
    certame.prorrogacao_meses = certame.validade_meses
    certame.save(update_fields=["prorrogado_em", "prorrogacao_meses"])
    fim = fim_da_validade(homologado, certame.validade_meses, certame.prorrogacao_meses)
    registrar_ato(
        tipo="prorrogacao_validade", autor=autor, certame=certame, objeto=certame,
        descricao=_("Validade prorrogada por %(m)d meses em %(d)s; válido até %(v)s.") % {
            "m": certame.prorrogacao_meses, "d": data_br(data), "v": data_br(fim)},
        motivacao=motivacao, fundamento_legal=f"{FUNDAMENTO_VALIDADE}; {FUNDAMENTO_CONTAGEM}",
        antes=antes,
        depois={"prorrogado_em": data.isoformat(),
                "prorrogacao_meses": certame.prorrogacao_meses, "valido_ate": fim.isoformat()})
    return certame


# --- the heteroidentification criteria ---------------------------------------------------------


def sessoes_de_heteroidentificacao(certame: Certame) -> bool:
    """Whether a heteroidentification session of the certame has been scheduled (by the app
    registry: certames does not import the committees' app)."""
    sessao = apps.get_model("comissoes", "Sessao")
    return sessao.objects.filter(comissao__certame=certame,
                                 comissao__tipo=HETEROIDENTIFICACAO).exists()


def fundamento_criterios(certame: Certame) -> str:
    """Where the law requires the criteria before the sessions, or the edital's."""
    regime = regime_ou_none(certame.regime)
    regra = regime.procedimento(HETEROIDENTIFICACAO) if regime is not None else None
    return regra.fundamento_criterios if regra is not None and regra.criterios_previos \
        else _("edital")


def criterios_exigidos(certame: Certame) -> bool:
    """Whether the certame's regime requires the criteria published before the sessions."""
    regime = regime_ou_none(certame.regime)
    return regime is not None and regime.procedimento(HETEROIDENTIFICACAO).criterios_previos


@transaction.atomic
def definir_criterios(certame: Certame, *, texto: str, autor) -> Certame:
    """Publish (or correct, before the sessions) the heteroidentification criteria: published
    with the edital, before the sessions (Lei 3.057/2026, art. 10, §3º, IV)."""
    certame = travar_certame(certame)
    texto = (texto or "").strip()
    if sessoes_de_heteroidentificacao(certame):
        raise ValidationError(_(
            "Já há sessão de heteroidentificação agendada: os critérios publicados antes das "
            "sessões não mudam depois delas (%(f)s).") % {"f": fundamento_criterios(certame)})
    if not texto:
        raise ValidationError({"texto": _("Informe os critérios de avaliação.")})
    if texto == certame.criterios_heteroidentificacao:
        raise ValidationError({"texto": _("Os critérios informados são os já publicados.")})
    antes = {"criterios_heteroidentificacao": certame.criterios_heteroidentificacao}
    certame.criterios_heteroidentificacao = texto
    certame.save(update_fields=["criterios_heteroidentificacao"])
    registrar_ato(
        tipo="criterios_heteroidentificacao", autor=autor, certame=certame, objeto=certame,
        descricao=_("Critérios da heteroidentificação publicados."),
        fundamento_legal=fundamento_criterios(certame), antes=antes,
        depois={"criterios_heteroidentificacao": texto})
    return certame

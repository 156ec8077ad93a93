"""Who is called to each committee procedure (heteroidentification, documentary verification,
the multiprofessional team's PcD evaluation), to which session and when.

Rules decided here (one `RegraConvocacao` per legal regime, data with its citation):
- Pirangi: every habilitated PP optant, even one whose score already suffices for the general
  list (Lei 3.056/2025, art. 6º, §1º; art. 4º, I). Indigenous and quilombola optants go to the
  documentary check (art. 4º, II), not here.
- Federal regime: every habilitated PP optant (Lei 15.142/2025, art. 3º, §1º).
- Santa Maria da Boa Vista: the PP optants (LC 22/2026, art. 3º, caput); indigenous people are
  checked by documents (art. 4º).
- Severínia: heteroidentification is an edital choice (Lei 3.057/2026, art. 10, §2º: "poderão
  ser submetidos"), edital parameter `heteroidentificacao` (default true); the list is PPI
  but only pretos and pardos go to the committee — indigenous proof is documentary (art. 13).
- Candidates eliminated, absent, who gave up, or whose fee was not confirmed are not called;
  nor is anyone whose state in the list is already final, or who already has a first-instance
  evaluation for that list in the certame.
- Each convocation creates the first-instance `Avaliacao` of the candidate's list in the
  session's committee, and e-mails the candidate once committed.

Documentary verification (`REGRAS_DOCUMENTAL`; the documents themselves: `documental`):
- Santa Maria da Boa Vista: the indigenous optants (LC 22/2026, art. 4º);
- Severínia: the PPI optants self-declared indígenas only (Lei 3.057/2026, art. 13); pretos
  and pardos go to heteroidentification;
- Pirangi: every habilitated indigenous or quilombola optant (Lei 3.056/2025, art. 4º, II and
  art. 6º, §1º: "todas as pessoas habilitadas ... indígenas e quilombolas");
- federal regime: habilitated I and Q optants (Lei 15.142/2025; Decreto 12.536/2025).
PcD evaluation (`REGRAS_PCD`): every PCD optant still in the certame, under every regime
(LC 22/2026, art. 7º, §1º; elsewhere Decreto 9.508/2018, art. 5º, the federal parameter).
A documentary session is the committee's meeting on the documents: the candidate does not
attend (`procedimentos.Procedimento.exige_presenca`); the PcD team examines the candidate.
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass, field

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _

from candidatos.models import CorRaca, EstadoLista, Inscricao, Lista, SituacaoLista
from certames.auditoria import registrar_ato
from certames.models import Etapa
from comissoes.dominio.composicao import nome_do_membro
from comissoes.dominio.procedimentos import (
    DOCUMENTAL,
    HETEROIDENTIFICACAO,
    PCD,
    PROCEDIMENTO_DA_ETAPA,
    PROCEDIMENTOS,
    procedimento,
)
from comissoes.models import Avaliacao, Convocacao, Sessao

NEGRAS = (CorRaca.PRETA.value, CorRaca.PARDA.value)
INDIGENA = (CorRaca.INDIGENA.value,)
#: Situations of an inscrição that are never called.
FORA_DO_CERTAME = (Inscricao.Situacao.ELIMINADO, Inscricao.Situacao.AUSENTE,
                   Inscricao.Situacao.DESISTENTE)


@dataclass(frozen=True)
class RegraConvocacao:
    """Who a regime sends to a committee procedure (by default, heteroidentification)."""

    listas: tuple[str, ...]
    #: Self-declared colours called (empty: any — e.g. quilombolas, PcD).
    cores: tuple[str, ...]
    somente_habilitados: bool
    #: The edital decides whether there is heteroidentification at all.
    facultativa: bool
    fundamento: str
    procedimento: str = HETEROIDENTIFICACAO


REGRAS: dict[str, RegraConvocacao] = {
    "smbv-lc22-2026": RegraConvocacao(
        ("PP",), NEGRAS, False, False,
        "LC 22/2026, art. 3º, caput e §1º (optantes negros, pretos e pardos, com a presença "
        "do candidato); indígenas: art. 4º (documental)"),
    "severinia-lei3057-2026": RegraConvocacao(
        ("PPI",), NEGRAS, False, True,
        "Lei 3.057/2026, art. 10, §2º (pretos e pardos optantes, conforme o edital); "
        "indígenas: art. 13 (documental)"),
    "pirangi-lei3056-2025": RegraConvocacao(
        ("PP",), NEGRAS, True, False,
        "Lei 3.056/2025, art. 6º, §1º (todos os habilitados optantes, ainda que com pontuação "
        "suficiente para a ampla concorrência); art. 4º, I"),
    "federal-lei15142-2025": RegraConvocacao(
        ("PP",), NEGRAS, True, False,
        "Lei 15.142/2025, art. 3º, §1º (optantes PP habilitados)"),
}


_F_PCD = "Decreto 9.508/2018, art. 5º (parâmetro federal)"

REGRAS_DOCUMENTAL: dict[str, RegraConvocacao] = {
    "smbv-lc22-2026": RegraConvocacao(
        ("I",), INDIGENA, False, False,
        "LC 22/2026, art. 4º (optantes indígenas: TADII acompanhado de documento de "
        "pertencimento)", DOCUMENTAL),
    "severinia-lei3057-2026": RegraConvocacao(
        ("PPI",), INDIGENA, False, False,
        "Lei 3.057/2026, art. 13 (optantes PPI autodeclarados indígenas, na forma do edital); "
        "pretos e pardos: art. 10, §2º (heteroidentificação)", DOCUMENTAL),
    "pirangi-lei3056-2025": RegraConvocacao(
        ("I", "Q"), (), True, False,
        "Lei 3.056/2025, art. 4º, II (verificação documental complementar) e art. 6º, §1º "
        "(todas as pessoas habilitadas optantes)", DOCUMENTAL),
    "federal-lei15142-2025": RegraConvocacao(
        ("I", "Q"), (), True, False,
        "Lei 15.142/2025; Decreto 12.536/2025 (verificação documental de indígenas e "
        "quilombolas)", DOCUMENTAL),
}

REGRAS_PCD: dict[str, RegraConvocacao] = {
    "smbv-lc22-2026": RegraConvocacao(
        ("PCD",), (), False, False,
        "LC 22/2026, art. 7º, §§1º e 3º (avaliação biopsicossocial por comissão "
        f"multiprofissional); {_F_PCD}", PCD),
    "severinia-lei3057-2026": RegraConvocacao(
        ("PCD",), (), False, False,
        f"Lei 3.057/2026, art. 19 (reserva PcD da Lei 2.082/2013); {_F_PCD}", PCD),
    "pirangi-lei3056-2025": RegraConvocacao(
        ("PCD",), (), False, False, f"{_F_PCD}; Lei 13.146/2015, art. 2º, §1º", PCD),
    "federal-lei15142-2025": RegraConvocacao(
        ("PCD",), (), False, False, f"{_F_PCD}; Lei 13.146/2015, art. 2º, §1º", PCD),
}

_REGRAS_POR_PROCEDIMENTO = {HETEROIDENTIFICACAO: REGRAS, DOCUMENTAL: REGRAS_DOCUMENTAL,
                            PCD: REGRAS_PCD}


def regra_convocacao(regime, tipo: str = HETEROIDENTIFICACAO) -> RegraConvocacao:
    """The rule of a regime (a `Regime`) for a procedure; an unknown regime: its PP/PPI
    optants who are habilitated, on the regime's own heteroidentification text (documentary:
    its I and Q optants; PcD: its PCD optants)."""
    regra = _REGRAS_POR_PROCEDIMENTO[tipo].get(regime.id)
    if regra is not None:
        return regra
    if tipo == DOCUMENTAL:
        listas = tuple(lista for lista in regime.listas if lista in ("I", "Q"))
        return RegraConvocacao(listas, (), True, False, regime.comprovacao_indigena or
                               regime.lei, DOCUMENTAL)
    if tipo == PCD:
        return RegraConvocacao(("PCD",), (), False, False, _F_PCD, PCD)
    listas = tuple(lista for lista in regime.listas if lista in ("PP", "PPI"))
    return RegraConvocacao(listas, NEGRAS, True, False, regime.heteroidentificacao)


def heteroidentificacao_prevista(regime_id: str, parametros: dict | None) -> bool:
    """Whether this edital has heteroidentification (pure). Only Severínia leaves it to the
    edital (Lei 3.057/2026, art. 10, §2º), parameter `heteroidentificacao`, default True;
    elsewhere the law makes it mandatory and the parameter is ignored."""
    regra = REGRAS.get(regime_id)
    if regra is None or not regra.facultativa:
        return True
    return bool((parametros or {}).get("heteroidentificacao", True))


def erro_parametro_heteroidentificacao(regime_id: str, parametros: dict | None) -> str | None:
    """Why `parametros["heteroidentificacao"]` is not acceptable for the regime (pure), for
    the certame's validation once the key is an accepted edital parameter."""
    valor = (parametros or {}).get("heteroidentificacao")
    if valor is None:
        return None
    if not isinstance(valor, bool):
        return _("heteroidentificacao deve ser verdadeiro ou falso.")
    regra = REGRAS.get(regime_id)
    if valor is False and (regra is None or not regra.facultativa):
        fundamento = regra.fundamento if regra else ""
        return _("A heteroidentificação é obrigatória neste regime (%(f)s); o edital não pode "
                 "dispensá-la.") % {"f": fundamento}
    return None


@dataclass(frozen=True)
class Chamada:
    """One candidate to call, for one list."""

    inscricao: Inscricao
    lista: str


def motivo_nao_convocavel(inscricao: Inscricao, lista: str, regra: RegraConvocacao) -> str | None:
    """Why this inscrição is not called for this list under the rule (pure), or None."""
    nome = procedimento(regra.procedimento).nome
    if lista not in regra.listas:
        return _("a lista %(l)s não passa por %(p)s neste regime") % {"l": lista, "p": nome}
    if lista not in (inscricao.listas or []):
        return _("não optou pela lista %(l)s") % {"l": lista}
    if regra.cores and inscricao.cor_raca not in regra.cores:
        return _("autodeclaração %(c)s: a comprovação não é por %(p)s") % {
            "c": inscricao.get_cor_raca_display().lower(), "p": nome}
    if inscricao.situacao in FORA_DO_CERTAME:
        return _("inscrição %(s)s") % {"s": inscricao.get_situacao_display().lower()}
    if regra.somente_habilitados and inscricao.situacao != Inscricao.Situacao.HABILITADO:
        return _("ainda não habilitada no certame")
    if inscricao.situacao_taxa == Inscricao.SituacaoTaxa.NAO_CONFIRMADA:
        return _("inscrição não confirmada (taxa não paga)")
    return None


def candidatos_a_convocar(certame, tipo: str = HETEROIDENTIFICACAO) -> list[Chamada]:
    """The candidates of the certame still to be called to the procedure, in
    inscription-number order."""
    regime = certame.regime_legal
    if tipo == HETEROIDENTIFICACAO and not heteroidentificacao_prevista(regime.id,
                                                                        certame.parametros):
        return []
    regra = regra_convocacao(regime, tipo)
    ja_avaliadas = set(Avaliacao.objects.filter(
        comissao__certame=certame, instancia=Avaliacao.Instancia.PRIMEIRA).values_list(
        "inscricao_id", "lista"))
    finais = set(SituacaoLista.objects.filter(inscricao__certame=certame).exclude(
        estado=EstadoLista.PENDENTE).values_list("inscricao_id", "lista"))
    inscricoes = Inscricao.objects.filter(certame=certame)
    if regra.cores:
        inscricoes = inscricoes.filter(cor_raca__in=regra.cores)
    inscricoes = (inscricoes.exclude(situacao__in=FORA_DO_CERTAME)
                  .select_related("candidato", "cargo").order_by("numero"))
    chamadas = []
    for insc in inscricoes:
        for lista in regra.listas:
            chave = (insc.pk, lista)
            if chave in ja_avaliadas or chave in finais:
                continue
            if motivo_nao_convocavel(insc, lista, regra) is None:
                chamadas.append(Chamada(insc, lista))
    return chamadas


# --- acts -----------------------------------------------------------------------------------


def _validar_sessao_de_primeira_instancia(sessao: Sessao, tipo: str | None = None) -> None:
    if sessao.comissao.tipo not in PROCEDIMENTOS or (tipo and sessao.comissao.tipo != tipo):
        if (tipo or HETEROIDENTIFICACAO) == HETEROIDENTIFICACAO:
            raise ValidationError(_("Só sessões da comissão de heteroidentificação recebem "
                                    "convocações de primeira instância."))
        raise ValidationError(_("Só sessões da %(c)s recebem estas convocações.") % {
            "c": PROCEDIMENTOS[tipo].comissao_nome})
    if sessao.encerrada_em is not None:
        raise ValidationError(_("A sessão de %(s)s já foi encerrada.") % {"s": sessao})


@transaction.atomic
def convocar(sessao: Sessao, inscricao: Inscricao, lista: str, horario: dt.datetime, *,
             autor) -> Convocacao:
    """Call one candidate to a session at a time; creates the first-instance evaluation."""
    sessao = Sessao.objects.select_for_update(of=("self",)).select_related("comissao__certame").get(
        pk=sessao.pk)
    _validar_sessao_de_primeira_instancia(sessao)
    certame = sessao.comissao.certame
    tipo = sessao.comissao.tipo
    proc = procedimento(tipo)
    if inscricao.certame_id != certame.pk:
        raise ValidationError(_("A inscrição não é deste certame."))
    regime = certame.regime_legal
    if tipo == HETEROIDENTIFICACAO and not heteroidentificacao_prevista(regime.id,
                                                                        certame.parametros):
        raise ValidationError(_("O edital não prevê heteroidentificação (Lei 3.057/2026, "
                                "art. 10, §2º)."))
    regra = regra_convocacao(regime, tipo)
    motivo = motivo_nao_convocavel(inscricao, lista, regra)
    if motivo:
        raise ValidationError(_("Inscrição %(n)s não é convocada: %(m)s.") % {
            "n": inscricao.numero, "m": motivo})
    if Avaliacao.objects.filter(comissao__certame=certame, inscricao=inscricao, lista=lista,
                                instancia=Avaliacao.Instancia.PRIMEIRA).exists():
        raise ValidationError(_("A inscrição %(n)s já foi convocada para a lista %(l)s.") % {
            "n": inscricao.numero, "l": lista})
    if horario < sessao.inicio:
        raise ValidationError(_("O horário não pode ser anterior ao início da sessão."))
    conv = Convocacao.objects.create(sessao=sessao, inscricao=inscricao, lista=lista,
                                     horario=horario)
    Avaliacao.objects.create(comissao=sessao.comissao, inscricao=inscricao, lista=lista,
                             instancia=Avaliacao.Instancia.PRIMEIRA, convocacao=conv)
    registrar_ato(
        tipo=f"convocacao_{proc.slug}", autor=autor, certame=certame, objeto=conv,
        descricao=_("Inscrição %(n)s convocada à %(p)s (%(l)s) em %(h)s.") % {
            "n": inscricao.numero, "l": lista, "p": proc.nome,
            "h": timezone.localtime(horario).strftime("%d/%m/%Y %H:%M")},
        fundamento_legal=regra.fundamento[:250],
        depois={"sessao": sessao.pk, "lista": lista, "horario": horario.isoformat()})
    from comissoes.tasks import enfileirar_notificacao

    enfileirar_notificacao(conv)
    return conv


def _proximo_horario(sessao: Sessao, intervalo: dt.timedelta) -> dt.datetime:
    ultima = sessao.convocacoes.order_by("-horario").first()
    return ultima.horario + intervalo if ultima else sessao.inicio


@transaction.atomic
def distribuir_convocacoes(etapa: Etapa, sessoes: list[Sessao], *, autor,
                           intervalo_minutos: int = 20,
                           por_sessao: int | None = None) -> list[Convocacao]:
    """Distribute the candidates still to be called among the sessions of a first-instance
    stage (heteroidentification, documentary verification, PcD evaluation), in
    inscription-number order, one every `intervalo_minutos` from the session's start. Without
    `por_sessao`, evenly."""
    tipo = PROCEDIMENTO_DA_ETAPA.get(etapa.tipo)
    if tipo is None:
        raise ValidationError(_("A etapa não é de heteroidentificação, de verificação "
                                "documental nem de avaliação da equipe multiprofissional."))
    if not sessoes:
        raise ValidationError({"sessoes": _("Escolha ao menos uma sessão.")})
    if intervalo_minutos < 1:
        raise ValidationError({"intervalo_minutos": _("Intervalo inválido.")})
    sessoes = sorted(sessoes, key=lambda s: (s.inicio, s.pk))
    for sessao in sessoes:
        if sessao.etapa_id != etapa.pk:
            raise ValidationError(_("A sessão de %(s)s não pertence a esta etapa.") % {
                "s": sessao})
        _validar_sessao_de_primeira_instancia(sessao, tipo)
    chamadas = candidatos_a_convocar(etapa.certame, tipo)
    if not chamadas:
        raise ValidationError(_("Não há candidatos a convocar."))
    capacidade = por_sessao or math.ceil(len(chamadas) / len(sessoes))
    intervalo = dt.timedelta(minutes=intervalo_minutos)
    criadas: list[Convocacao] = []
    fila = iter(chamadas)
    for sessao in sessoes:
        horario = _proximo_horario(sessao, intervalo)
        for _i in range(capacidade):
            chamada = next(fila, None)
            if chamada is None:
                return criadas
            criadas.append(convocar(sessao, chamada.inscricao, chamada.lista, horario,
                                    autor=autor))
            horario += intervalo
    return criadas


def notificar_convocacao(convocacao_id: int) -> bool:
    """E-mail the candidate about the convocation; records when it was sent."""
    conv = (Convocacao.objects.select_related("sessao__comissao__certame__orgao",
                                              "inscricao__candidato", "inscricao__cargo")
            .get(pk=convocacao_id))
    destino = conv.inscricao.candidato.email
    if not destino or conv.notificada_em is not None:
        return False
    proc = procedimento(conv.sessao.comissao.tipo)
    contexto = {"convocacao": conv, "sessao": conv.sessao, "inscricao": conv.inscricao,
                "certame": conv.sessao.comissao.certame, "procedimento": proc,
                "documental": proc.tipo == DOCUMENTAL, "pcd": proc.tipo == PCD,
                "candidato": conv.inscricao.candidato,
                "lista_nome": Lista(conv.lista).label,
                "horario": timezone.localtime(conv.horario)}
    assunto = " ".join(render_to_string("comissoes/email/convocacao_assunto.txt",
                                        contexto).split())
    corpo = render_to_string("comissoes/email/convocacao.txt", contexto)
    send_mail(assunto, corpo, settings.DEFAULT_FROM_EMAIL, [destino])
    # A delivery record, not a decision: only this column.
    Convocacao.objects.filter(pk=conv.pk).update(notificada_em=timezone.now())
    return True


# --- what the candidate sees ------------------------------------------------------------------


@dataclass(frozen=True)
class ConvocacaoDoCandidato:
    """A convocation as the candidate sees it (no committee member's name unless the edital
    publishes them: `Comissao.divulgar_nomes`)."""

    pk: int
    lista: str
    lista_nome: str
    horario: dt.datetime
    local: str
    modalidade: str
    modalidade_nome: str
    comissao: str
    gravacao_exigida: bool
    comparecimento: str
    comparecimento_nome: str
    membros: list[str] = field(default_factory=list)
    #: The procedure (Comissao.Tipo of the first instance) and its name, e.g.
    #: "Verificação documental"; a documentary session is not attended by the candidate.
    procedimento: str = HETEROIDENTIFICACAO
    procedimento_nome: str = ""
    presencial: bool = True


def convocacoes_do_candidato(inscricao: Inscricao) -> list[ConvocacaoDoCandidato]:
    """The candidate's convocations to the committee procedures (for the portal)."""
    convocacoes = (Convocacao.objects.filter(inscricao=inscricao)
                   .select_related("sessao__comissao").order_by("horario", "pk"))
    resultado = []
    for conv in convocacoes:
        comissao = conv.sessao.comissao
        membros = []
        if comissao.divulgar_nomes:
            membros = [nome_do_membro(m) for m in
                       comissao.membros.filter(ativo=True).select_related("usuario")]
        resultado.append(ConvocacaoDoCandidato(
            pk=conv.pk, lista=conv.lista, lista_nome=str(Lista(conv.lista).label),
            horario=timezone.localtime(conv.horario), local=conv.sessao.local,
            modalidade=conv.sessao.modalidade,
            modalidade_nome=str(conv.sessao.get_modalidade_display()),
            comissao=comissao.nome, gravacao_exigida=conv.sessao.gravacao_exigida,
            comparecimento=conv.comparecimento,
            comparecimento_nome=str(conv.get_comparecimento_display()), membros=membros,
            procedimento=procedimento(comissao.tipo).tipo,
            procedimento_nome=str(procedimento(comissao.tipo).titulo),
            presencial=procedimento(comissao.tipo).exige_presenca))
    return resultado

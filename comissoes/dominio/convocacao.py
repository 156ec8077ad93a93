"""Who is called to heteroidentification, to which session and when.

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
from comissoes.models import Avaliacao, Comissao, Convocacao, Sessao

NEGRAS = (CorRaca.PRETA.value, CorRaca.PARDA.value)
#: Situations of an inscrição that are never called.
FORA_DO_CERTAME = (Inscricao.Situacao.ELIMINADO, Inscricao.Situacao.AUSENTE,
                   Inscricao.Situacao.DESISTENTE)


@dataclass(frozen=True)
class RegraConvocacao:
    """Who a regime sends to the heteroidentification committee."""

    listas: tuple[str, ...]
    cores: tuple[str, ...]
    somente_habilitados: bool
    #: The edital decides whether there is heteroidentification at all.
    facultativa: bool
    fundamento: str


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


def regra_convocacao(regime) -> RegraConvocacao:
    """The rule of a regime (a `Regime`); an unknown regime: its PP/PPI optants who are
    habilitated, on the regime's own heteroidentification text."""
    regra = REGRAS.get(regime.id)
    if regra is not None:
        return regra
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
    if lista not in regra.listas:
        return _("a lista %(l)s não passa por heteroidentificação neste regime") % {"l": lista}
    if lista not in (inscricao.listas or []):
        return _("não optou pela lista %(l)s") % {"l": lista}
    if inscricao.cor_raca not in regra.cores:
        return _("autodeclaração %(c)s: a comprovação não é por heteroidentificação") % {
            "c": inscricao.get_cor_raca_display().lower()}
    if inscricao.situacao in FORA_DO_CERTAME:
        return _("inscrição %(s)s") % {"s": inscricao.get_situacao_display().lower()}
    if regra.somente_habilitados and inscricao.situacao != Inscricao.Situacao.HABILITADO:
        return _("ainda não habilitada no certame")
    if inscricao.situacao_taxa == Inscricao.SituacaoTaxa.NAO_CONFIRMADA:
        return _("inscrição não confirmada (taxa não paga)")
    return None


def candidatos_a_convocar(certame) -> list[Chamada]:
    """The candidates of the certame still to be called, in inscription-number order."""
    regime = certame.regime_legal
    if not heteroidentificacao_prevista(regime.id, certame.parametros):
        return []
    regra = regra_convocacao(regime)
    ja_avaliadas = set(Avaliacao.objects.filter(
        comissao__certame=certame, instancia=Avaliacao.Instancia.PRIMEIRA).values_list(
        "inscricao_id", "lista"))
    finais = set(SituacaoLista.objects.filter(inscricao__certame=certame).exclude(
        estado=EstadoLista.PENDENTE).values_list("inscricao_id", "lista"))
    inscricoes = (Inscricao.objects.filter(certame=certame, cor_raca__in=regra.cores)
                  .exclude(situacao__in=FORA_DO_CERTAME)
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


def _validar_sessao_de_primeira_instancia(sessao: Sessao) -> None:
    if sessao.comissao.tipo != Comissao.Tipo.HETEROIDENTIFICACAO:
        raise ValidationError(_("Só sessões da comissão de heteroidentificação recebem "
                                "convocações de primeira instância."))
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
    if inscricao.certame_id != certame.pk:
        raise ValidationError(_("A inscrição não é deste certame."))
    regime = certame.regime_legal
    if not heteroidentificacao_prevista(regime.id, certame.parametros):
        raise ValidationError(_("O edital não prevê heteroidentificação (Lei 3.057/2026, "
                                "art. 10, §2º)."))
    motivo = motivo_nao_convocavel(inscricao, lista, regra_convocacao(regime))
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
        tipo="convocacao_heteroidentificacao", autor=autor, certame=certame, objeto=conv,
        descricao=_("Inscrição %(n)s convocada à heteroidentificação (%(l)s) em %(h)s.") % {
            "n": inscricao.numero, "l": lista,
            "h": timezone.localtime(horario).strftime("%d/%m/%Y %H:%M")},
        fundamento_legal=regra_convocacao(regime).fundamento[:250],
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
    """Distribute the candidates still to be called among the sessions of a
    heteroidentification stage, in inscription-number order, one every `intervalo_minutos`
    from the session's start. Without `por_sessao`, evenly."""
    if etapa.tipo != Etapa.Tipo.HETEROIDENTIFICACAO:
        raise ValidationError(_("A etapa não é de heteroidentificação."))
    if not sessoes:
        raise ValidationError({"sessoes": _("Escolha ao menos uma sessão.")})
    if intervalo_minutos < 1:
        raise ValidationError({"intervalo_minutos": _("Intervalo inválido.")})
    sessoes = sorted(sessoes, key=lambda s: (s.inicio, s.pk))
    for sessao in sessoes:
        if sessao.etapa_id != etapa.pk:
            raise ValidationError(_("A sessão de %(s)s não pertence a esta etapa.") % {
                "s": sessao})
        _validar_sessao_de_primeira_instancia(sessao)
    chamadas = candidatos_a_convocar(etapa.certame)
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
    contexto = {"convocacao": conv, "sessao": conv.sessao, "inscricao": conv.inscricao,
                "certame": conv.sessao.comissao.certame,
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


def convocacoes_do_candidato(inscricao: Inscricao) -> list[ConvocacaoDoCandidato]:
    """The candidate's convocations to heteroidentification (for the portal)."""
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
            comparecimento_nome=str(conv.get_comparecimento_display()), membros=membros))
    return resultado

"""Who is called to each committee procedure (heteroidentification, documentary verification,
the multiprofessional team's PcD evaluation), to which session and when.

Who is called is data of the regime (`Regime.procedimento(tipo).convocacao`, a
`certames.regras.procedimentos.RegraConvocacao` with its citation, in
`certames/regras/regimes.py`); this module applies it. The seed laws say:
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

Documentary verification (the documents themselves: `documental`):
- Santa Maria da Boa Vista: the indigenous optants (LC 22/2026, art. 4º);
- Severínia: the PPI optants self-declared indígenas only (Lei 3.057/2026, art. 13); pretos
  and pardos go to heteroidentification;
- Pirangi: every habilitated indigenous or quilombola optant (Lei 3.056/2025, art. 4º, II and
  art. 6º, §1º: "todas as pessoas habilitadas ... indígenas e quilombolas");
- federal regime: habilitated I and Q optants (Lei 15.142/2025; Decreto 12.536/2025).
PcD evaluation: every PCD optant still in the certame, under every regime
(LC 22/2026, art. 7º, §1º; elsewhere Decreto 9.508/2018, art. 5º, the federal parameter).
A documentary session is the committee's meeting on the documents: the candidate does not
attend (`procedimentos.Procedimento.exige_presenca`); the PcD team examines the candidate.
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass, field

from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from candidatos.models import EstadoLista, Inscricao, Lista, SituacaoLista
from certames.auditoria import registrar_ato, ultimo_ato
from certames.calendario import no_fuso
from certames.models import Ato, Etapa
from certames.regras.procedimentos import RegraConvocacao
from certames.regras.regimes import regime_ou_none
from certames.situacao import exigir_em_curso
from certames.travas import travar, travar_certame
from comissoes.dominio import agenda
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
from comum import emails
from comum.avisos import ics
from comum.filas import enfileirar
from comum.formatos import data_hora_br
from provas.leitura import habilitados_por_cargo

#: Task of comissoes/tasks.py, queued by name (comum/filas.py): tasks imports this module.
TAREFA_NOTIFICACAO = "comissoes.notificar_convocacao"

#: Situations of an inscrição that are never called.
FORA_DO_CERTAME = (Inscricao.Situacao.ELIMINADO, Inscricao.Situacao.AUSENTE,
                   Inscricao.Situacao.DESISTENTE)


def regra_convocacao(regime, tipo: str = HETEROIDENTIFICACAO) -> RegraConvocacao:
    """Who the regime (a `Regime`) sends to a procedure: the regime's data
    (`Regime.procedimento(tipo).convocacao`); a regime that does not describe the procedure
    gets the product default (`certames.regras.procedimentos.procedimento_padrao`: its
    habilitated PP/PPI optants, pretos and pardos; documentary: its I and Q optants; PcD: its
    PCD optants)."""
    return regime.procedimento(tipo).convocacao


def heteroidentificacao_prevista(regime, parametros: dict | None) -> bool:
    """Whether this edital has heteroidentification (pure). Where the law leaves it to the
    edital (`RegraConvocacao.facultativa`: Lei 3.057/2026, art. 10, §2º), parameter
    `heteroidentificacao`, default True; elsewhere the law makes it mandatory and the
    parameter is ignored. `regime`: a `Regime` or its id (unknown: mandatory)."""
    dados = regime_ou_none(regime)
    return dados is None or dados.heteroidentificacao_prevista(parametros)


def erro_parametro_heteroidentificacao(regime, parametros: dict | None) -> str | None:
    """Why `parametros["heteroidentificacao"]` is not acceptable for the regime (pure), for
    the certame's validation once the key is an accepted edital parameter."""
    valor = (parametros or {}).get("heteroidentificacao")
    if valor is None:
        return None
    if not isinstance(valor, bool):
        return _("heteroidentificacao deve ser verdadeiro ou falso.")
    dados = regime_ou_none(regime)
    regra = regra_convocacao(dados) if dados is not None else None
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


def motivo_nao_convocavel(inscricao: Inscricao, lista: str, regra: RegraConvocacao,
                          habilitada: bool | None = None) -> str | None:
    """Why this inscrição is not called for this list under the rule (pure), or None.
    `habilitada`: in a cargo in phases, whether the phases habilitated it
    (`provas.leitura.habilitados_por_cargo`); None: its situação says."""
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
    if habilitada is None:
        habilitada = inscricao.situacao == Inscricao.Situacao.HABILITADO
    if regra.somente_habilitados and not habilitada:
        return _("ainda não habilitada no certame")
    if inscricao.situacao_taxa == Inscricao.SituacaoTaxa.NAO_CONFIRMADA:
        return _("inscrição não confirmada (taxa não paga)")
    return None


def candidatos_a_convocar(certame, tipo: str = HETEROIDENTIFICACAO) -> list[Chamada]:
    """The candidates of the certame still to be called to the procedure, in
    inscription-number order."""
    regime = certame.regime_legal
    if tipo == HETEROIDENTIFICACAO and not heteroidentificacao_prevista(regime,
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
    # A cargo in phases: habilitated is what the phase the edital names gave (spec section 10).
    por_fase = habilitados_por_cargo(certame.cargos.values_list("pk", flat=True))
    chamadas = []
    for insc in inscricoes:
        habilitada = (insc.pk in por_fase[insc.cargo_id] if insc.cargo_id in por_fase
                      else None)
        for lista in regra.listas:
            chave = (insc.pk, lista)
            if chave in ja_avaliadas or chave in finais:
                continue
            if motivo_nao_convocavel(insc, lista, regra, habilitada) is None:
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
    sessao = travar(Sessao, sessao, "comissao__certame")
    _validar_sessao_de_primeira_instancia(sessao)
    certame = sessao.comissao.certame
    exigir_em_curso(certame)
    tipo = sessao.comissao.tipo
    proc = procedimento(tipo)
    if inscricao.certame_id != certame.pk:
        raise ValidationError(_("A inscrição não é deste certame."))
    regime = certame.regime_legal
    regra = regra_convocacao(regime, tipo)
    if tipo == HETEROIDENTIFICACAO and not heteroidentificacao_prevista(regime,
                                                                        certame.parametros):
        raise ValidationError(_("O edital não prevê heteroidentificação (%(f)s).") % {
            "f": regra.fundamento_facultativa})
    por_fase = habilitados_por_cargo([inscricao.cargo_id])
    motivo = motivo_nao_convocavel(
        inscricao, lista, regra,
        inscricao.pk in por_fase[inscricao.cargo_id] if por_fase else None)
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
            "h": data_hora_br(horario)},
        fundamento_legal=regra.fundamento[:250],
        depois={"sessao": sessao.pk, "lista": lista, "horario": horario.isoformat()})
    enfileirar_notificacao(conv)
    return conv


def atos_das_convocacoes(convocacao_ids) -> dict[int, int]:
    """The act of each convocation (`convocacao_<procedure>` on it): its id by the
    convocation's (the notice belongs to it: RH's session page)."""
    ids = [str(i) for i in convocacao_ids]
    atos = Ato.objects.filter(objeto_tipo=ContentType.objects.get_for_model(Convocacao),
                              objeto_id__in=ids, tipo__startswith="convocacao_")
    return {int(objeto_id): pk for pk, objeto_id in atos.order_by("criado_em", "pk")
            .values_list("pk", "objeto_id")}


def enfileirar_notificacao(convocacao: Convocacao) -> None:
    """E-mail the candidate once the convocation is committed."""
    transaction.on_commit(lambda: enfileirar(TAREFA_NOTIFICACAO, convocacao.pk))


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
    exigir_em_curso(travar_certame(etapa.certame_id))  # the certame's lock first
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
    certame, sessao = conv.sessao.comissao.certame, conv.sessao
    with no_fuso(certame):  # the órgão's hour, not the worker's
        horario = data_hora_br(conv.horario)
    emails.convocacao_comissao(destino, {
        "documental": proc.tipo == DOCUMENTAL, "pcd": proc.tipo == PCD,
        "nome": conv.inscricao.candidato.nome_exibicao, "orgao": certame.orgao.nome,
        "edital": certame.numero_edital, "numero": conv.inscricao.numero,
        "lista_nome": Lista(conv.lista).label, "horario": horario,
        "local": sessao.local, "modalidade": sessao.get_modalidade_display(),
        "gravacao_exigida": sessao.gravacao_exigida},
        ato=ultimo_ato(conv, f"convocacao_{proc.slug}"), inscricao=conv.inscricao,
        anexos=[ics.anexo(agenda.calendario_convocacao(conv), "convocacao.ics")],
        # Keyed: a second delivery of the task, past the check above, tells no one twice.
        chave=f"convocacao_comissao:{conv.pk}")
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

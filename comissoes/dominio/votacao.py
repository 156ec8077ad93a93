"""Votes and the collegiate decision: heteroidentification and, with the same mechanics, the
documentary committee and the multiprofessional team (the kind-specific content of the
parecer — documents examined, biopsychosocial dimensions — comes from `documental` and `pcd`,
which register their closing here: `registrar_fechamento`; this module does not import them).

Rules decided here:
- a vote is on phenotype only and motivated; a "não confirma" needs a specific motivation
  (LC 22/2026 art. 3º §1º; Lei 3.057/2026 art. 10 §3º II; contraditório e ampla defesa:
  LC 22/2026 art. 5º II, Lei 3.056/2025 art. 4º §1º II);
- members do not see each other's votes until the evaluation is closed;
- a member with an impedimento neither sees nor votes on that candidate; nobody votes before
  signing the confidentiality term;
- in the appeal, no member of the first committee judges the same candidate;
- in a session, only the members recorded present vote, and only they preside an evaluation
  (`presenca`); an appeal is judged on the record, without a session;
- a "não confirma" decision needs the absolute majority of the committee's members (its
  `tamanho` titulares), not of those who voted: 5 members, 3 vote, 2 "não confirma" -> the
  self-declaration stands (confirmed). No seed law fixes the collegiate's majority (LC 22/2026,
  art. 3º: "com competência deliberativa"; Lei 3.057/2026, art. 10, §3º, III: "composição
  colegiada", §4º leaves it to regulation; Lei 3.056/2025, art. 6º: "regulamento
  específico"): padrão do produto, because a collegiate decision against the candidate
  needs the absolute majority of its members. Closing with fewer "não confirma" votes is
  allowed once the quorum voted (closing could otherwise be blocked forever by an absent or
  impeded member, and the candidate's presence cannot be repeated at will): the proposal
  against the candidate did not reach the required majority, so the self-declaration
  prevails, as in a tie. The edital may require unanimity to reject
  (`Comissao.unanimidade_para_rejeitar`): then every vote cast is "não confirma" and they
  are at least the absolute majority of the members;
- votes and decisions are acts: a vote is never edited, a new vote supersedes it with a reason;
- nothing is decided while the certame is suspended or cancelled: the suspension stops the
  certame's acts (its effect: `editais.situacao`), and an act against it would not be
  "conforme a lei e o Direito" (Lei 9.784/1999, art. 2º, parágrafo único, I). No vote, no
  closing (a first instance's or an appeal's, judged on the record), no attendance closing an
  evaluation, no documentary or biopsychosocial record: each refused with the one guard's
  sentence (`certames.situacao.motivo_certame_parado`, through `exigir_certame_em_curso`);
- a "não confirma" motivation is specific to the procedure: the phenotype observed, the
  documents examined (LC 22/2026, art. 4º; Lei 3.056/2025, art. 4º, II), the biopsychosocial
  evaluation (LC 22/2026, art. 7º, §1º).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from certames.auditoria import registrar_ato
from certames.situacao import exigir_em_curso
from certames.travas import travar, travar_certame
from comissoes.dominio import presenca
from comissoes.dominio.procedimentos import (
    DOCUMENTAL,
    HETEROIDENTIFICACAO,
    fundamento_recurso,
    procedimento,
)
from comissoes.models import (
    Avaliacao,
    Comissao,
    Convocacao,
    Impedimento,
    MembroComissao,
    Sessao,
    Voto,
)
from nucleo import motivacao as kernel_motivacao


def validar_motivacao(sentido: str, motivacao: str, tipo: str = HETEROIDENTIFICACAO) -> str:
    """Every vote is motivated; a "não confirma" vote, against the candidate, needs a specific
    motivation about what the procedure examines: the kernel's one rule
    (`nucleo.motivacao`)."""
    return kernel_motivacao.validar_motivacao(
        motivacao, desfavoravel=sentido == Voto.Sentido.NAO_CONFIRMA,
        especifica=str(procedimento(tipo).motivacao_especifica), campo="motivacao")


# --- who may see and vote -------------------------------------------------------------------


def membros_da_primeira_instancia(avaliacao: Avaliacao) -> set[int]:
    """Users who sat on the first-instance committee that evaluated this candidate's list."""
    primeiras = Avaliacao.objects.filter(inscricao=avaliacao.inscricao, lista=avaliacao.lista,
                                         instancia=Avaliacao.Instancia.PRIMEIRA)
    return set(MembroComissao.objects.filter(comissao__avaliacoes__in=primeiras)
               .values_list("usuario_id", flat=True))


def motivo_de_recusa(membro: MembroComissao, avaliacao: Avaliacao) -> str | None:
    """Why this member may not see or vote on this evaluation, or None."""
    if membro.comissao_id != avaliacao.comissao_id or not membro.ativo:
        return _("Você não integra a comissão desta avaliação.")
    if membro.termo_confidencialidade_em is None:
        return _("Assine o termo de confidencialidade antes de acessar os candidatos.")
    if Impedimento.objects.filter(membro=membro, inscricao_id=avaliacao.inscricao_id).exists():
        return _("Você declarou impedimento em relação a este candidato.")
    if (avaliacao.instancia == Avaliacao.Instancia.RECURSO
            and membro.usuario_id in membros_da_primeira_instancia(avaliacao)):
        return _("Quem integrou a comissão de primeira instância não julga o recurso do mesmo "
                 "candidato.")
    return None


def presidente_da_avaliacao(avaliacao: Avaliacao) -> MembroComissao | None:
    """Who presides this evaluation: the committee's president or, when the president may not
    act on this candidate (impedimento, term not signed), the substitute — the active titular
    designated first who may (substituição eventual, as in any collegiate body). In a session
    whose presence is recorded, only a member present presides."""
    candidatos = avaliacao.comissao.membros.filter(ativo=True).filter(
        Q(presidente=True) | Q(papel=MembroComissao.Papel.TITULAR)).order_by("-presidente",
                                                                            "pk")
    presentes = (presenca.presentes(avaliacao.convocacao.sessao_id)
                 if avaliacao.convocacao_id else None)
    for membro in candidatos.select_related("comissao"):
        if presentes is not None and membro.pk not in presentes:
            continue
        if motivo_de_recusa(membro, avaliacao) is None:
            return membro
    return None


def preside(membro: MembroComissao, avaliacao: Avaliacao) -> bool:
    presidente = presidente_da_avaliacao(avaliacao)
    return presidente is not None and presidente.pk == membro.pk


def exigir_quem_preside(membro: MembroComissao, avaliacao: Avaliacao) -> None:
    if not preside(membro, avaliacao):
        recusa = motivo_de_recusa(membro, avaliacao)
        raise PermissionDenied(recusa or _(
            "Só quem preside a avaliação pode fazer isso: o(a) presidente da comissão ou, se "
            "ele(a) estiver impedido(a) para este candidato, o(a) substituto(a)."))


def avaliacoes_visiveis(membro: MembroComissao) -> QuerySet[Avaliacao]:
    """The evaluations this member may see: own committee, no impedimento, term signed, and
    never the appeal of a candidate's list the member's user judged in first instance (on
    any committee: the appeal of a documentary or PcD evaluation may sit on a committee of
    the same kind that also decides first instances)."""
    if membro.termo_confidencialidade_em is None or not membro.ativo:
        return Avaliacao.objects.none()
    impedidas = Impedimento.objects.filter(membro=membro).values("inscricao_id")
    qs = Avaliacao.objects.filter(comissao_id=membro.comissao_id).exclude(
        inscricao_id__in=impedidas)
    julgou = Avaliacao.objects.filter(
        instancia=Avaliacao.Instancia.PRIMEIRA, inscricao_id=OuterRef("inscricao_id"),
        lista=OuterRef("lista"), comissao__membros__usuario_id=membro.usuario_id)
    return qs.exclude(Q(instancia=Avaliacao.Instancia.RECURSO) & Exists(julgou))


def votos_correntes(avaliacao: Avaliacao) -> list[Voto]:
    """The votes that count: each member's latest, not superseded."""
    return list(avaliacao.votos.filter(substituido_por__isnull=True)
                .select_related("membro__usuario"))


# --- acts -----------------------------------------------------------------------------------


#: Where each committee row finds its certame (`exigir_certame_em_curso`).
_CERTAME_DE = {Avaliacao: "comissao__certame_id", Sessao: "comissao__certame_id",
               Convocacao: "sessao__comissao__certame_id"}


def exigir_certame_em_curso(objeto: Avaliacao | Sessao | Convocacao) -> None:
    """Inside the act's transaction: lock the certame of a committee's evaluation, session or
    convocation (parents first, certames/travas.py: a suspension committed meanwhile is seen)
    and refuse the act while the certame is suspended or cancelled, with the one guard's
    sentence ("Certame suspenso desde dd/mm/aaaa: <motivação>")."""
    modelo = type(objeto)
    certame_id = (modelo._default_manager.values_list(_CERTAME_DE[modelo], flat=True)
                  .get(pk=objeto.pk))
    exigir_em_curso(travar_certame(certame_id))


@transaction.atomic
def registrar_voto(avaliacao: Avaliacao, membro: MembroComissao, sentido: str, motivacao: str,
                   *, motivo_substituicao: str = "") -> Voto:
    exigir_certame_em_curso(avaliacao)
    avaliacao = travar(Avaliacao, avaliacao, "inscricao__certame", "comissao")
    if avaliacao.encerrada:
        raise ValidationError(_("A avaliação já foi encerrada; os votos não podem mudar."))
    recusa = motivo_de_recusa(membro, avaliacao)
    if recusa:
        raise PermissionDenied(recusa)
    ausente = presenca.motivo_sem_presenca(membro, avaliacao)
    if ausente:
        raise ValidationError(ausente)
    if sentido not in Voto.Sentido.values:
        raise ValidationError({"sentido": _("Voto inválido.")})
    motivacao = validar_motivacao(sentido, motivacao, avaliacao.comissao.tipo)
    anterior = avaliacao.votos.filter(membro=membro, substituido_por__isnull=True).first()
    if anterior is not None and not motivo_substituicao.strip():
        raise ValidationError({"motivo_substituicao": _(
            "Você já votou: para substituir o voto, informe o motivo.")})
    voto = Voto.objects.create(avaliacao=avaliacao, membro=membro, sentido=sentido,
                               motivacao=motivacao, substitui=anterior,
                               motivo_substituicao=motivo_substituicao.strip())
    registrar_ato(
        tipo="voto_substituido" if anterior else "voto", autor=membro.usuario,
        certame=avaliacao.inscricao.certame, objeto=avaliacao,
        descricao=_("Voto registrado na avaliação %(a)s.") % {"a": avaliacao},
        motivacao=motivo_substituicao.strip(),
        # The content of the vote stays in the Voto row; the act records that it exists.
        depois={"voto": voto.pk, "substitui": anterior.pk if anterior else None})
    return voto


@dataclass(frozen=True)
class Decisao:
    resultado: str  # Avaliacao.Resultado
    confirmam: int
    nao_confirmam: int
    regra: str  # Portuguese description of the rule applied


def maioria_absoluta(membros: int) -> int:
    """The absolute majority of a committee of `membros` titulares: 3 of 5, 2 of 3, 4 of 6."""
    return membros // 2 + 1


def decidir(sentidos: Iterable[str], unanimidade_para_rejeitar: bool, *,
            membros: int) -> Decisao:
    """The collegiate decision from the current votes (pure). `membros` is the committee's
    size (`Comissao.tamanho`): a non-confirmation needs the absolute majority of the members,
    not of the votes cast; short of it (a tie included) the self-declaration prevails."""
    sentidos = list(sentidos)
    nao = sum(1 for s in sentidos if s == Voto.Sentido.NAO_CONFIRMA)
    sim = len(sentidos) - nao
    maioria = maioria_absoluta(membros)
    if unanimidade_para_rejeitar:
        rejeita = nao >= maioria and sim == 0
        regra = _("não confirmação somente por unanimidade dos votantes, sendo ao menos a "
                  "maioria absoluta dos membros (%(m)d de %(t)d) (regra do edital)") % {
            "m": maioria, "t": membros}
    else:
        rejeita = nao >= maioria
        regra = _("não confirmação somente pela maioria absoluta dos membros (%(m)d de "
                  "%(t)d); sem ela prevalece a autodeclaração (padrão do produto)") % {
            "m": maioria, "t": membros}
    resultado = (Avaliacao.Resultado.NAO_CONFIRMADA if rejeita
                 else Avaliacao.Resultado.CONFIRMADA)
    return Decisao(resultado, sim, nao, regra)


def quorum(comissao: Comissao) -> int:
    """Votes needed to close: the majority of the committee's size."""
    return maioria_absoluta(comissao.tamanho)


@dataclass(frozen=True)
class Fechamento:
    """What closing an evaluation writes: the result, the parecer, the kind's details and the
    legal basis."""

    resultado: str
    parecer: str
    detalhes: dict
    fundamento: str


def motivacoes(votos: list[Voto], sentido: str) -> str:
    """The motivations of the votes in one sense, as the parecer's list."""
    motivos = [v.motivacao for v in votos if v.sentido == sentido]
    if not motivos:
        return ""
    return _("Motivação:") + "\n" + "\n".join(f"- {m}" for m in motivos)


def redigir_parecer(avaliacao: Avaliacao, decisao: Decisao, votos: list[Voto]) -> str:
    if avaliacao.comissao.tipo == DOCUMENTAL:
        if decisao.resultado == Avaliacao.Resultado.CONFIRMADA:
            cabeca = _("A comissão de verificação documental confirmou a condição declarada "
                       "(%(s)d voto(s) a favor, %(n)d contra; %(regra)s).")
        else:
            cabeca = _("A comissão de verificação documental não confirmou a condição "
                       "declarada (%(n)d voto(s) pela não confirmação, %(s)d pela "
                       "confirmação; %(regra)s).")
        texto = cabeca % {"s": decisao.confirmam, "n": decisao.nao_confirmam,
                          "regra": decisao.regra}
        sentido = (Voto.Sentido.CONFIRMA if decisao.resultado == Avaliacao.Resultado.CONFIRMADA
                   else Voto.Sentido.NAO_CONFIRMA)
        motivos = motivacoes(votos, sentido)
        return f"{texto}\n\n{motivos}" if motivos else texto
    if decisao.resultado == Avaliacao.Resultado.CONFIRMADA:
        cabeca = _("A comissão confirmou a autodeclaração (%(s)d voto(s) a favor, %(n)d "
                   "contra; %(regra)s).")
        sentido = Voto.Sentido.CONFIRMA
    else:
        cabeca = _("A comissão não confirmou a autodeclaração (%(n)d voto(s) pela não "
                   "confirmação, %(s)d pela confirmação; %(regra)s).")
        sentido = Voto.Sentido.NAO_CONFIRMA
    motivos = [v.motivacao for v in votos if v.sentido == sentido]
    texto = cabeca % {"s": decisao.confirmam, "n": decisao.nao_confirmam, "regra": decisao.regra}
    if motivos:
        texto += "\n\n" + _("Motivação:") + "\n" + "\n".join(f"- {m}" for m in motivos)
    return texto


@transaction.atomic
def encerrar_avaliacao(avaliacao: Avaliacao, presidente: MembroComissao, *,
                       fundamento: str = "", gravacao: str = "") -> Avaliacao:
    """The president closes the evaluation: the collegiate decision and its parecer (signed
    by the president). Not yet final: it becomes final with the final result (after the
    appeal window or the appeal)."""
    exigir_certame_em_curso(avaliacao)
    avaliacao = travar(Avaliacao, avaliacao, "comissao", "inscricao__certame")
    if avaliacao.encerrada:
        raise ValidationError(_("A avaliação já foi encerrada."))
    exigir_quem_preside(presidente, avaliacao)
    votos = votos_correntes(avaliacao)
    minimo = quorum(avaliacao.comissao)
    if len(votos) < minimo:
        raise ValidationError(_("São necessários ao menos %(q)d votos para encerrar "
                                "(registrados: %(n)d).") % {"q": minimo, "n": len(votos)})
    decisao = decidir([v.sentido for v in votos], avaliacao.comissao.unanimidade_para_rejeitar,
                      membros=avaliacao.comissao.tamanho)
    fechamento = _fechamento(avaliacao, decisao, votos)
    avaliacao.resultado = fechamento.resultado
    avaliacao.parecer = (cabecalho_do_recurso(fechamento.resultado) + fechamento.parecer
                         if avaliacao.instancia == Avaliacao.Instancia.RECURSO
                         else fechamento.parecer)
    avaliacao.detalhes = {**(avaliacao.detalhes or {}), **fechamento.detalhes}
    if not fundamento and avaliacao.instancia == Avaliacao.Instancia.RECURSO:
        # The appeal's basis first, then the procedure's (the regime's data).
        recurso = fundamento_recurso(avaliacao.inscricao.certame.regime_legal,
                                     avaliacao.comissao.tipo)
        fundamento = f"{recurso}; {fechamento.fundamento}" if recurso else ""
    avaliacao.fundamento = (fundamento or fechamento.fundamento)[:250]
    if gravacao:
        avaliacao.gravacao = gravacao
    avaliacao.encerrada_em = timezone.now()
    avaliacao.encerrada_por = presidente
    avaliacao.save()
    registrar_ato(
        tipo="parecer", autor=presidente.usuario, certame=avaliacao.inscricao.certame,
        objeto=avaliacao, descricao=_("Parecer da avaliação %(a)s: %(r)s.") % {
            "a": avaliacao, "r": avaliacao.get_resultado_display()},
        motivacao=avaliacao.parecer, fundamento_legal=avaliacao.fundamento[:250],
        depois={"resultado": avaliacao.resultado, "confirmam": decisao.confirmam,
                "nao_confirmam": decisao.nao_confirmam, **fechamento.detalhes})
    return avaliacao


def cabecalho_do_recurso(resultado: str) -> str:
    """The first line of an appeal's parecer, in the appeal's words: provided when the
    committee that judges it confirms what the first instance did not, not provided otherwise
    (the same reading as the candidate's page, `resultados`)."""
    if resultado == Avaliacao.Resultado.CONFIRMADA:
        return _("Julgamento do recurso: recurso provido, reformada a decisão recorrida.") + "\n\n"
    return _("Julgamento do recurso: recurso não provido, mantida a decisão recorrida.") + "\n\n"


#: The kind-specific closing of an evaluation, per committee kind (`Comissao.Tipo`): what
#: closing writes besides the votes (documentary: the documents examined, `documental`; PcD:
#: the biopsychosocial evaluation, `pcd`). Those modules register themselves when imported;
#: `ComissoesConfig.ready()` imports them, so every process has them. The
#: heteroidentification (and its recursal committee) gets the heteroidentification's parecer.
FECHAMENTOS: dict[str, Callable[[Avaliacao, Decisao, list[Voto]], Fechamento]] = {}


def registrar_fechamento(tipo: str):
    """Decorator: `funcao(avaliacao, decisao, votos) -> Fechamento` closes the evaluations of
    committees of kind `tipo`."""
    def registrar(funcao: Callable[[Avaliacao, Decisao, list[Voto]], Fechamento]):
        FECHAMENTOS[tipo] = funcao
        return funcao
    return registrar


def _fechamento(avaliacao: Avaliacao, decisao: Decisao, votos: list[Voto]) -> Fechamento:
    """The kind-specific closing (`FECHAMENTOS`), or the heteroidentification's parecer."""
    tipo = avaliacao.comissao.tipo
    especifico = FECHAMENTOS.get(tipo)
    if especifico is not None:
        return especifico(avaliacao, decisao, votos)
    if procedimento(tipo).tipo != HETEROIDENTIFICACAO:
        # Never the heteroidentification's parecer for another kind: its module is missing.
        raise RuntimeError(f"No closing registered for committees of kind {tipo!r}.")
    regime = avaliacao.inscricao.certame.regime_legal
    return Fechamento(decisao.resultado, redigir_parecer(avaliacao, decisao, votos), {},
                      regime.heteroidentificacao)

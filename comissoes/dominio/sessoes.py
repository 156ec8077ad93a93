"""Sessions of a committee: scheduling, attendance, recording, voting and closing.

Rules decided here:
- Where the law requires the candidate in person (the regime's data,
  `RegraProcedimento.presencial_obrigatoria`; Santa Maria da Boa Vista: the phenotype is
  checked "obrigatoriamente com a presença do candidato, salvo em caso de impedimento por
  força de norma legal vigente", LC 22/2026, art. 3º, §1º), a remote session is refused unless
  the legal impediment is recorded. The other laws are silent on the mode: the edital decides.
  The bases of attendance and of the effect of an absence are the regime's data too.
- A session is scheduled in the future, inside its stage of the schedule (cronograma), and
  only by a committee composed as the law requires: where the regime requires the members
  distributed by gender and colour (LC 22/2026, art. 3º, §2º), that blocks scheduling and
  closing (`composicao.motivo_composicao_irregular`).
- The president records attendance. Absence, and refusal to be filmed where the edital
  requires the recording, close the evaluation as "não confirmada" without votes, with a
  parecer stating the reason and the basis. The consequence is the product's default edital
  rule: the candidate leaves the reserved list and stays in the general list (as for any
  non-confirmation without fraud: Lei 3.057/2026, art. 11, §1º; Lei 3.056/2025, art. 6º, §2º).
  The evaluation records it in `detalhes` (`efeito = "permanece_ac"`) so that the
  consolidation does not read the absence as the SMBV non-confirmation that eliminates.
- A member votes only on a candidate whose presence was recorded (the phenotype is observed
  in person); the vote itself is `votacao.registrar_voto`.
- Where the edital requires the recording, an evaluation is closed only with the recording's
  reference; the closing itself is `votacao.encerrar_avaliacao`.
- Whoever presides opens the session recording which members are present (an act:
  `registrar_presenca`); only the members present vote (`presenca`). It presides: the
  committee's president if present, else the first titular present in designation order
  (substituição eventual). The record may be corrected, with its reason, while the session is
  open (a late arrival), never to mark absent a member who voted in it; once the session is
  closed it is final. No seed law fixes the collegiate's procedure (LC 22/2026, art. 3º;
  Lei 3.057/2026, art. 10, §3º, III and §4º; Lei 3.056/2025, art. 6º): padrão do produto.
  Fewer members present than the quorum (the absolute majority of the committee's size,
  `votacao.quorum`) is recorded as such: the session then cannot close an evaluation.
- A session is closed, by whoever presides it, when its presence is recorded and all its
  evaluations are closed; then its minutes (ata, PDF) are generated in the background.
- The same sessions serve the documentary committee and the multiprofessional team (their
  schedule stages: `ETAPAS_POR_TIPO`). The in-person rule of LC 22/2026, art. 3º, §1º is the
  heteroidentification's (the phenotype); the team's and the documentary sessions' mode is the
  edital's. The candidate attends the PcD evaluation (the team examines them: LC 22/2026,
  art. 7º, §1º; Decreto 9.508/2018, art. 5º), so absence closes it as for
  heteroidentification ("não enquadrado" without votes, leaving the PCD list, staying in AC);
  the documentary committee examines documents, with no attendance: nobody votes while the
  candidate may still change the set (`documental.motivo_sem_analise`).
"""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from candidatos.models import Lista
from certames.auditoria import registrar_ato
from certames.models import Etapa
from certames.regras.regimes import PERMANECE_AC, regime_ou_none
from certames.situacao import motivo_certame_parado
from certames.travas import travar, travar_por
from comissoes.dominio import presenca, votacao
from comissoes.dominio.composicao import motivo_composicao_irregular, nome_do_membro
from comissoes.dominio.documental import motivo_sem_analise
from comissoes.dominio.procedimentos import (
    DOCUMENTAL,
    HETEROIDENTIFICACAO,
    PCD,
    procedimento,
)
from comissoes.models import (
    Avaliacao,
    Comissao,
    Convocacao,
    MembroComissao,
    PresencaSessao,
    Sessao,
    Voto,
)
from comum.filas import enfileirar
from comum.formatos import data_hora_br, data_hora_extenso_br

#: Task of comissoes/tasks.py, queued by name (comum/filas.py): tasks imports this module.
TAREFA_ATA = "comissoes.gerar_ata"

#: The stages of the schedule a committee's sessions belong to.
ETAPAS_POR_TIPO = {
    Comissao.Tipo.HETEROIDENTIFICACAO: (Etapa.Tipo.HETEROIDENTIFICACAO,),
    Comissao.Tipo.RECURSAL: (Etapa.Tipo.RECURSO_HETEROIDENTIFICACAO,),
    Comissao.Tipo.VERIFICACAO_DOCUMENTAL: (Etapa.Tipo.VERIFICACAO_DOCUMENTAL,
                                           Etapa.Tipo.RECURSO_VERIFICACAO_DOCUMENTAL),
    Comissao.Tipo.EQUIPE_MULTIPROFISSIONAL: (Etapa.Tipo.AVALIACAO_PCD,
                                             Etapa.Tipo.RECURSO_AVALIACAO_PCD),
}

def _regra_presenca(regime, tipo: str):
    """The procedure rule whose attendance rule applies to a committee of this kind (the
    recursal committee: the heteroidentification's), or None for an unknown regime."""
    dados = regime_ou_none(regime)
    return dados.procedimento(procedimento(tipo).tipo) if dados is not None else None


def regra_presenca(comissao: Comissao):
    """The procedure rule whose attendance rule applies to this committee's sessions under its
    certame's regime (`RegraProcedimento.presencial_obrigatoria`), or None."""
    return _regra_presenca(comissao.certame.regime, comissao.tipo)


def motivo_recusa_modalidade(regime, modalidade: str, impedimento_legal: str,
                             tipo: str = HETEROIDENTIFICACAO) -> str | None:
    """Why this mode of session is refused under the regime (a `Regime` or its id; pure), or
    None. A procedure the law requires in person (`RegraProcedimento.presencial_obrigatoria`:
    LC 22/2026, art. 3º, §1º, heteroidentification and its appeal) refuses a remote session
    unless the legal impediment is recorded."""
    regra = _regra_presenca(regime, tipo)
    if (regra is not None and regra.presencial_obrigatoria
            and modalidade == Sessao.Modalidade.REMOTA
            and not (impedimento_legal or "").strip()):
        return _("A verificação é obrigatoriamente presencial, salvo impedimento por força de "
                 "norma legal vigente (%(f)s): informe o impedimento legal para agendar uma "
                 "sessão remota.") % {"f": regra.fundamento_presenca}
    return None


def motivo_sem_criterios(comissao: Comissao) -> str | None:
    """Why no session of this committee may be scheduled yet, or None: where the regime
    requires the evaluation criteria published before the sessions
    (`RegraProcedimento.criterios_previos`; Lei 3.057/2026, art. 10, §3º, IV), the certame
    must have them (`Certame.criterios_heteroidentificacao`, shown on its public page)."""
    regra = _regra_presenca(comissao.certame.regime, comissao.tipo)
    if (regra is not None and regra.criterios_previos
            and not comissao.certame.criterios_heteroidentificacao.strip()):
        return _("Publique antes os critérios de avaliação da heteroidentificação (na página "
                 "do certame, na gestão): a lei exige a publicidade prévia dos critérios, antes "
                 "das sessões (%(f)s).") % {"f": regra.fundamento_criterios}
    return None


def erros_agendamento(comissao: Comissao, *, inicio: dt.datetime, local: str, modalidade: str,
                      etapa: Etapa | None = None, impedimento_legal: str = "",
                      agora: dt.datetime | None = None) -> dict[str, str]:
    """Field errors of a session to schedule (also used by the admin form)."""
    erros: dict[str, str] = {}
    parado = motivo_certame_parado(comissao.certame)
    if parado:
        return {"comissao": parado}
    if modalidade not in Sessao.Modalidade.values:
        erros["modalidade"] = _("Modalidade inválida.")
    if not (local or "").strip():
        erros["local"] = _("Informe o local ou o endereço da sala virtual.")
    if inicio is None or inicio <= (agora or timezone.now()):
        erros["inicio"] = _("A sessão deve ser agendada para uma data futura.")
    recusa = motivo_recusa_modalidade(comissao.certame.regime, modalidade, impedimento_legal,
                                      comissao.tipo)
    if recusa:
        erros["modalidade"] = recusa
    bloqueios = [m for m in (motivo_sem_criterios(comissao),
                             motivo_composicao_irregular(comissao)) if m]
    if bloqueios:
        erros["comissao"] = " ".join(bloqueios)
    if etapa is not None and "inicio" not in erros:
        if etapa.certame_id != comissao.certame_id:
            erros["etapa"] = _("A etapa não é deste certame.")
        elif etapa.tipo not in ETAPAS_POR_TIPO.get(comissao.tipo, ()):
            erros["etapa"] = _("A etapa não corresponde ao tipo da comissão.")
        elif not (etapa.inicio <= inicio <= etapa.fim):
            erros["inicio"] = _("A sessão deve ocorrer dentro da etapa (%(i)s a %(f)s).") % {
                "i": data_hora_br(etapa.inicio), "f": data_hora_br(etapa.fim)}
    return erros


@transaction.atomic
def agendar_sessao(comissao: Comissao, *, inicio: dt.datetime, local: str, modalidade: str,
                   autor, etapa: Etapa | None = None, impedimento_legal: str = "",
                   gravacao_exigida: bool = True, agora: dt.datetime | None = None) -> Sessao:
    comissao = Comissao.objects.select_related("certame").get(pk=comissao.pk)
    certame = comissao.certame
    erros = erros_agendamento(comissao, inicio=inicio, local=local, modalidade=modalidade,
                              etapa=etapa, impedimento_legal=impedimento_legal, agora=agora)
    if erros:
        raise ValidationError(erros)
    local = local.strip()
    sessao = Sessao.objects.create(
        comissao=comissao, etapa=etapa, inicio=inicio, local=local, modalidade=modalidade,
        impedimento_legal=(impedimento_legal or "").strip(), gravacao_exigida=gravacao_exigida)
    regra = _regra_presenca(certame.regime_legal, comissao.tipo)
    fundamento = (regra.fundamento_comparecimento
                  if regra is not None and regra.presencial_obrigatoria else "")
    registrar_ato(
        tipo="sessao_agendada", autor=autor, certame=certame, objeto=sessao,
        descricao=_("Sessão agendada: %(s)s (%(m)s, %(l)s).") % {
            "s": sessao, "m": sessao.get_modalidade_display().lower(), "l": local},
        motivacao=sessao.impedimento_legal, fundamento_legal=fundamento,
        depois={"inicio": inicio.isoformat(), "modalidade": modalidade, "local": local,
                "gravacao_exigida": gravacao_exigida})
    return sessao


def _avaliacao_da_convocacao(conv: Convocacao) -> Avaliacao:
    return travar_por(Avaliacao, "comissao", "inscricao__certame", convocacao=conv,
                      comissao_id=conv.sessao.comissao_id,
                      instancia=Avaliacao.Instancia.PRIMEIRA)


def redigir_parecer_sem_votacao(conv: Convocacao, motivo: str) -> tuple[str, str]:
    """(parecer, fundamento) of an evaluation closed for absence or refusal to be filmed."""
    regra = conv.sessao.comissao.certame.regime_legal.procedimento(
        procedimento(conv.sessao.comissao.tipo).tipo)
    horario = data_hora_extenso_br(conv.horario)
    pcd = conv.sessao.comissao.tipo == PCD
    nome = procedimento(conv.sessao.comissao.tipo).nome
    if motivo == Convocacao.Comparecimento.AUSENTE:
        fato = (_("O(A) candidato(a) não compareceu à %(p)s para a qual foi convocado(a) "
                  "(%(h)s).") if pcd else
                _("O(A) candidato(a) não compareceu ao procedimento de heteroidentificação "
                  "para o qual foi convocado(a) (%(h)s).")) % {"h": horario, "p": nome}
    else:
        fato = (_("O(A) candidato(a) recusou-se a ser filmado(a) na %(p)s (%(h)s), sendo a "
                  "gravação exigida pelo edital.") if pcd else
                _("O(A) candidato(a) recusou-se a ser filmado(a) no procedimento de "
                  "heteroidentificação (%(h)s), sendo a gravação exigida pelo edital.")) % {
            "h": horario, "p": nome}
    if pcd:
        efeito = _(
            "Sem a avaliação, o enquadramento como pessoa com deficiência não foi confirmado, "
            "sem votação. Consequência prevista no edital: exclusão da lista de pessoas com "
            "deficiência (%(l)s), permanecendo na ampla concorrência, desde que possua "
            "pontuação suficiente. Não se trata de declaração falsa, fraude ou má-fé.") % {
            "l": Lista(conv.lista).label}
        fundamento = f"{regra.fundamento_comparecimento}; {regra.fundamento_ausencia}"
        return f"{fato}\n\n{efeito}\n\n{_('Fundamento:')} {fundamento}.", fundamento[:250]
    efeito = _(
        "Sem a verificação, a autodeclaração não foi confirmada, sem votação. Consequência "
        "prevista no edital: exclusão da lista reservada (%(l)s), permanecendo na ampla "
        "concorrência, desde que possua pontuação suficiente. Não se trata de declaração "
        "falsa, fraude ou má-fé.") % {"l": Lista(conv.lista).label}
    fundamento = f"{regra.fundamento_comparecimento}; {regra.fundamento_ausencia}"
    return f"{fato}\n\n{efeito}\n\n{_('Fundamento:')} {fundamento}.", fundamento[:250]


@transaction.atomic
def registrar_comparecimento(convocacao: Convocacao, comparecimento: str, *,
                             presidente: MembroComissao,
                             agora: dt.datetime | None = None) -> Convocacao:
    """The president records whether the candidate came (or refused to be filmed): an
    absence closes the evaluation, so it waits, as the votes, while the certame is stopped."""
    votacao.exigir_certame_em_curso(convocacao)
    conv = travar(Convocacao, convocacao, "sessao__comissao__certame", "inscricao")
    sessao = conv.sessao
    if not procedimento(sessao.comissao.tipo).exige_presenca:
        raise ValidationError(_("A verificação documental examina os documentos enviados: não "
                                "há comparecimento a registrar."))
    avaliacao = _avaliacao_da_convocacao(conv)
    votacao.exigir_quem_preside(presidente, avaliacao)
    C = Convocacao.Comparecimento
    if comparecimento not in (C.PRESENTE, C.AUSENTE, C.RECUSOU_GRAVACAO):
        raise ValidationError(_("Comparecimento inválido."))
    if avaliacao.encerrada:
        raise ValidationError(_("A avaliação já foi encerrada."))
    permitidos = {C.PENDENTE: {C.PRESENTE, C.AUSENTE, C.RECUSOU_GRAVACAO},
                  C.PRESENTE: {C.RECUSOU_GRAVACAO}}.get(conv.comparecimento, set())
    if comparecimento not in permitidos:
        raise ValidationError(_("O comparecimento já foi registrado como “%(c)s”.") % {
            "c": conv.get_comparecimento_display()})
    if comparecimento == C.RECUSOU_GRAVACAO and not sessao.gravacao_exigida:
        raise ValidationError(_("O edital não exige gravação nesta sessão."))
    if comparecimento == C.AUSENTE and (agora or timezone.now()) < conv.horario:
        raise ValidationError(_("A ausência só pode ser registrada a partir do horário da "
                                "convocação."))
    antes = conv.comparecimento
    conv.comparecimento = comparecimento
    conv.save(update_fields=["comparecimento"])
    certame = sessao.comissao.certame
    registrar_ato(
        tipo="comparecimento", autor=presidente.usuario, certame=certame, objeto=conv,
        descricao=_("Inscrição %(n)s: %(c)s.") % {
            "n": conv.inscricao.numero, "c": conv.get_comparecimento_display().lower()},
        antes={"comparecimento": antes}, depois={"comparecimento": comparecimento})
    if comparecimento != C.PRESENTE:
        parecer, fundamento = redigir_parecer_sem_votacao(conv, comparecimento)
        avaliacao.resultado = Avaliacao.Resultado.NAO_CONFIRMADA
        avaliacao.parecer = parecer
        avaliacao.fundamento = fundamento
        avaliacao.encerrada_em = timezone.now()
        avaliacao.encerrada_por = presidente
        avaliacao.detalhes = {**avaliacao.detalhes,
                              "encerramento": ("ausencia" if comparecimento == C.AUSENTE
                                               else "recusa_gravacao"),
                              "efeito": PERMANECE_AC, "votos": 0}
        avaliacao.save()
        registrar_ato(
            tipo="parecer", autor=presidente.usuario, certame=certame, objeto=avaliacao,
            descricao=_("Parecer da avaliação %(a)s: %(r)s (%(c)s).") % {
                "a": avaliacao, "r": avaliacao.get_resultado_display(),
                "c": conv.get_comparecimento_display().lower()},
            motivacao=parecer, fundamento_legal=fundamento,
            depois={"resultado": avaliacao.resultado, "confirmam": 0, "nao_confirmam": 0,
                    "encerramento": avaliacao.detalhes["encerramento"],
                    "efeito": PERMANECE_AC})
    return conv


@transaction.atomic
def anexar_gravacao(avaliacao: Avaliacao, *, presidente: MembroComissao,
                    referencia: str) -> Avaliacao:
    """The president attaches the recording's reference (file name or link)."""
    referencia = (referencia or "").strip()
    if not referencia:
        raise ValidationError({"gravacao": _("Informe o arquivo ou o link da gravação.")})
    avaliacao = travar(Avaliacao, avaliacao, "inscricao__certame")
    votacao.exigir_quem_preside(presidente, avaliacao)
    if avaliacao.encerrada:
        raise ValidationError(_("A avaliação já foi encerrada."))
    antes = avaliacao.gravacao
    avaliacao.gravacao = referencia[:500]
    avaliacao.save(update_fields=["gravacao"])
    registrar_ato(
        tipo="gravacao", autor=presidente.usuario, certame=avaliacao.inscricao.certame,
        objeto=avaliacao, descricao=_("Gravação anexada à avaliação %(a)s.") % {
            "a": avaliacao}, antes={"gravacao": antes}, depois={"gravacao": avaliacao.gravacao})
    return avaliacao


def motivo_sem_voto(avaliacao: Avaliacao) -> str | None:
    """Why nobody may vote yet on this evaluation because of attendance (or, documentary,
    because the candidate may still change the documents), or None."""
    if avaliacao.comissao.tipo == DOCUMENTAL:
        return motivo_sem_analise(avaliacao)
    conv = avaliacao.convocacao
    if conv is None:
        return None  # an appeal, judged on the record
    C = Convocacao.Comparecimento
    if conv.comparecimento == C.PENDENTE:
        return _("Aguardando o registro do comparecimento pelo(a) presidente.")
    if conv.comparecimento != C.PRESENTE:
        return _("O(A) candidato(a) não foi avaliado(a): %(c)s.") % {
            "c": conv.get_comparecimento_display().lower()}
    return None


def votar(avaliacao: Avaliacao, membro: MembroComissao, sentido: str, motivacao: str, *,
          motivo_substituicao: str = "") -> Voto:
    """A member's vote, once the candidate's presence is recorded (the phenotype is observed
    in person: LC 22/2026, art. 3º, §1º)."""
    avaliacao = Avaliacao.objects.select_related(
        "convocacao", "comissao", "inscricao__certame").get(pk=avaliacao.pk)
    motivo = motivo_sem_voto(avaliacao)
    if motivo and not avaliacao.encerrada:
        raise ValidationError(motivo)
    return votacao.registrar_voto(avaliacao, membro, sentido, motivacao,
                                  motivo_substituicao=motivo_substituicao)


def encerrar(avaliacao: Avaliacao, presidente: MembroComissao, *,
             gravacao: str = "") -> Avaliacao:
    """Close with the collegiate decision; the recording is required where the edital says
    so (`Sessao.gravacao_exigida`)."""
    avaliacao = Avaliacao.objects.select_related(
        "convocacao__sessao", "comissao", "inscricao__certame").get(pk=avaliacao.pk)
    conv = avaliacao.convocacao
    if not avaliacao.encerrada:
        motivo = motivo_sem_voto(avaliacao) or motivo_composicao_irregular(avaliacao.comissao)
        if motivo:
            raise ValidationError(motivo)
    if conv is not None and not avaliacao.encerrada:
        if (conv.sessao.gravacao_exigida and procedimento(avaliacao.comissao.tipo).exige_presenca
                and not (gravacao.strip() or avaliacao.gravacao)):
            raise ValidationError({"gravacao": _(
                "O edital exige a gravação: anexe a referência da gravação antes de "
                "encerrar.")})
    return votacao.encerrar_avaliacao(avaliacao, presidente, gravacao=gravacao.strip())


def avaliacoes_da_sessao(sessao: Sessao):
    return Avaliacao.objects.filter(convocacao__sessao=sessao, comissao_id=sessao.comissao_id)


# --- the members' presence (the session's opening) ----------------------------------------

#: Shortest reason of a correction of the presence record.
MINIMO_MOTIVO_CORRECAO = 10


def _pode_presidir(membro: MembroComissao) -> bool:
    return (membro.ativo and membro.termo_confidencialidade_em is not None
            and (membro.presidente or membro.papel == MembroComissao.Papel.TITULAR))


def membros_da_sessao(sessao: Sessao) -> list[MembroComissao]:
    """The committee's active members, in its order: the president, the titulares, the
    suplentes (designation order within each)."""
    return list(MembroComissao.objects.filter(comissao_id=sessao.comissao_id, ativo=True)
                .select_related("usuario", "comissao")
                .order_by("-presidente", "-papel", "pk"))


def quem_preside(membros: list[MembroComissao], presentes: set[int]) -> MembroComissao | None:
    """Who presides a session with these members present (pure over the rows): the president
    if present, else the first titular present in designation order, term signed."""
    elegiveis = sorted((m for m in membros if m.pk in presentes and _pode_presidir(m)),
                       key=lambda m: (not m.presidente, m.pk))
    return elegiveis[0] if elegiveis else None


def quem_preside_a_sessao(sessao: Sessao) -> MembroComissao | None:
    """Who presides the session: by its presence record; before it, the committee's president
    (who opens it; if absent, the substitute opens it marking the president absent)."""
    membros = membros_da_sessao(sessao)
    ids = presenca.presentes(sessao)
    if ids is None:
        ids = {m.pk for m in membros}
    return quem_preside(membros, ids)


def pode_registrar_presenca(membro: MembroComissao, sessao: Sessao) -> bool:
    """Whether this member may be the one recording the presence (the page offers the form;
    `registrar_presenca` decides)."""
    if sessao.encerrada_em is not None or membro.comissao_id != sessao.comissao_id:
        return False
    if presenca.presentes(sessao) is None:
        return _pode_presidir(membro)
    preside = quem_preside_a_sessao(sessao)
    return preside is not None and preside.pk == membro.pk


def _ids_presentes(presentes) -> set[int]:
    try:
        return {int(x) for x in presentes}
    except (TypeError, ValueError):
        raise ValidationError(_("Registro de presença inválido.")) from None


@transaction.atomic
def registrar_presenca(sessao: Sessao, *, quem_registra: MembroComissao, presentes,
                       justificativas: dict[int, str] | None = None,
                       motivo_correcao: str = "") -> list[PresencaSessao]:
    """Whoever presides records which active members are present (a row per member; the act
    lists them). A later call corrects the record (a new row per member whose presence
    changed, superseding the old one), with its reason, while the session is open; a member
    who voted in it is never recorded absent; nothing while the certame is stopped."""
    votacao.exigir_certame_em_curso(sessao)
    sessao = travar(Sessao, sessao, "comissao__certame")
    if sessao.encerrada_em is not None:
        raise ValidationError(_("A sessão já foi encerrada: o registro de presença não pode "
                                "mais mudar."))
    membros = membros_da_sessao(sessao)
    por_id = {m.pk: m for m in membros}
    ids = _ids_presentes(presentes)
    if ids - por_id.keys():
        raise ValidationError(_("Só os membros ativos desta comissão constam do registro de "
                                "presença."))
    if (quem_registra.comissao_id != sessao.comissao_id or not quem_registra.ativo
            or quem_registra.termo_confidencialidade_em is None):
        raise PermissionDenied(_("Só quem preside a sessão registra a presença."))
    if quem_registra.pk not in ids:
        raise ValidationError(_("Quem registra a presença preside a sessão e consta como "
                                "presente."))
    preside = quem_preside(membros, ids)
    if preside is None or preside.pk != quem_registra.pk:
        raise PermissionDenied(_(
            "Registra a presença quem preside a sessão: o(a) presidente da comissão ou, na "
            "ausência dele(a), o(a) primeiro(a) titular presente, na ordem de designação "
            "(%(n)s).") % {"n": nome_do_membro(preside) if preside else _("ninguém")})
    correntes = {p.membro_id: p for p in presenca.presencas_correntes(sessao)}
    motivo = (motivo_correcao or "").strip()
    if correntes:
        if len(motivo) < MINIMO_MOTIVO_CORRECAO:
            raise ValidationError({"motivo_correcao": _(
                "A presença já foi registrada: para corrigi-la, informe o motivo (ao menos "
                "%(n)d caracteres).") % {"n": MINIMO_MOTIVO_CORRECAO}})
        votaram = set(Voto.objects.filter(avaliacao__convocacao__sessao=sessao)
                      .values_list("membro_id", flat=True))
        ausentes_que_votaram = sorted(votaram - ids)
        if ausentes_que_votaram:
            nomes = ", ".join(nome_do_membro(por_id[i]) if i in por_id else str(i)
                              for i in ausentes_que_votaram)
            raise ValidationError(_("%(n)s votou nesta sessão e não pode constar como "
                                    "ausente.") % {"n": nomes})
    else:
        motivo = ""
    justificativas = justificativas or {}
    novas = []
    for m in membros:
        presente = m.pk in ids
        texto = "" if presente else str(justificativas.get(m.pk) or "").strip()[:250]
        anterior = correntes.get(m.pk)
        if anterior is not None and (anterior.presente, anterior.justificativa) == (presente,
                                                                                   texto):
            continue
        novas.append(PresencaSessao.objects.create(
            sessao=sessao, membro=m, presente=presente, justificativa=texto,
            registrada_por=quem_registra, substitui=anterior,
            motivo_correcao=motivo if anterior is not None else ""))
    if correntes and not novas:
        raise ValidationError(_("O registro de presença já é este: nada mudou."))
    nomes_presentes = [nome_do_membro(m) for m in membros if m.pk in ids]
    nomes_ausentes = [nome_do_membro(m) for m in membros if m.pk not in ids]
    minimo = votacao.quorum(sessao.comissao)
    registrar_ato(
        tipo="presenca_sessao_corrigida" if correntes else "presenca_sessao",
        autor=quem_registra.usuario, certame=sessao.comissao.certame, objeto=sessao,
        descricao=_("Presença na sessão %(s)s: %(p)d presente(s) (%(np)s); %(a)d ausente(s)"
                    "%(na)s; quórum para deliberar: %(q)d%(sem)s.") % {
            "s": sessao, "p": len(nomes_presentes), "np": ", ".join(nomes_presentes),
            "a": len(nomes_ausentes),
            "na": f" ({', '.join(nomes_ausentes)})" if nomes_ausentes else "",
            "q": minimo, "sem": _(" (sem quórum)") if len(nomes_presentes) < minimo else ""},
        motivacao=motivo,
        depois={"presentes": sorted(ids), "ausentes": sorted(por_id.keys() - ids),
                "quorum": minimo, "registrada_por": quem_registra.pk})
    return novas


@transaction.atomic
def encerrar_sessao(sessao: Sessao, *, presidente: MembroComissao) -> Sessao:
    """Close the session once its presence is recorded and every evaluation is closed, by
    whoever presides it; the ata is generated on commit."""
    sessao = travar(Sessao, sessao, "comissao__certame")
    if sessao.encerrada_em is not None:
        raise ValidationError(_("A sessão já foi encerrada."))
    if presenca.presentes(sessao) is None:
        raise ValidationError(_("Registre a presença dos membros antes de encerrar a "
                                "sessão: a ata a registra."))
    preside = quem_preside_a_sessao(sessao)
    if preside is None or preside.pk != presidente.pk:
        raise PermissionDenied(_("Só quem preside a sessão pode encerrá-la."))
    abertas = avaliacoes_da_sessao(sessao).filter(encerrada_em__isnull=True).count()
    if abertas:
        raise ValidationError(_("Ainda há %(n)d avaliação(ões) em aberto nesta sessão.") % {
            "n": abertas})
    sessao.encerrada_em = timezone.now()
    sessao.save(update_fields=["encerrada_em"])
    registrar_ato(
        tipo="sessao_encerrada", autor=presidente.usuario, certame=sessao.comissao.certame,
        objeto=sessao, descricao=_("Sessão encerrada: %(s)s, presidida por %(p)s.") % {
            "s": sessao, "p": nome_do_membro(presidente)},
        depois={"avaliacoes": avaliacoes_da_sessao(sessao).count()})
    enfileirar_ata(sessao)
    return sessao


def enfileirar_ata(sessao: Sessao) -> None:
    """Queue the session's minutes (PDF) once its closing is committed."""
    transaction.on_commit(lambda: enfileirar(TAREFA_ATA, sessao.pk))

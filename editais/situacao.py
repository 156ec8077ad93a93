"""The acts that stop, resume or end a published certame (`certames.models.AtoSituacaoCertame`),
each in one transaction with the certame's status, recorded in the audit trail, published in
the edital's history and mailed to every inscribed candidate after commit.

Rules decided here:
- a suspension stops the certame while it is published or under way (`PUBLICADO`,
  `EM_ANDAMENTO`): by a court order (CF, art. 5º, XXXV), a Tribunal de Contas decision (CF,
  art. 71, X, applied to the state courts of accounts by art. 75) or the Administration's own
  decision (its power to review its acts: Lei 9.784/1999, art. 53; STF, Súmula 473). An order
  of a court or a court of accounts names its document (the decision's or the process's
  number). While it is suspended, nothing moves it forward (`certames.situacao`);
- the retomada restores the status the suspension found, and the schedule's stages that had
  not ended when it was suspended are not silently kept: RH confirms or moves each of them in
  the act, which records them before and after. The retomada is refused while such a stage
  ends in the past, or one that had not begun when suspended would begin in the past (the
  candidates would lose part of a period the edital gave them): the edital binds (vinculação
  ao edital) and a change of it does not reach back over what it guaranteed (Lei 9.784/1999,
  art. 2º, parágrafo único, XIII). A stage that had begun keeps its start (as a retificação:
  `editais.retificacao.recusa_etapa`);
- the cancellation is final: anulação for an illegality (Lei 9.784/1999, art. 53; within
  five years of an act favourable to its addressees, save bad faith, art. 54; STF, Súmula
  473), revogação for the Administration's convenience and opportunity (art. 53), which only
  the Administration decides (a court or a court of accounts annuls, it does not revoke).
  After it, only reading; the inscribed are told that the fee's refund follows the edital;
- every act is motivated (Lei 9.784/1999, art. 50) and published (CF, art. 37, caput).
"""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from certames import auditoria, situacao
from certames import cronograma as regras_cronograma
from certames.auditoria import registrar_ato
from certames.models import AtoSituacaoCertame, Certame, Etapa
from certames.travas import travar_certame
from comum import emails
from comum.filas import enfileirar
from comum.formatos import data_br, data_hora_br
from editais import retificacao

TAREFA_AVISO = "editais.avisar_situacao_certame"
Tipo = AtoSituacaoCertame.Tipo
Origem = AtoSituacaoCertame.Origem

#: The statuses a suspension may stop.
SUSPENSIVEIS = (Certame.Status.PUBLICADO, Certame.Status.EM_ANDAMENTO)
MINIMO_MOTIVACAO = 20
MAXIMO_MOTIVACAO = 5_000

PUBLICIDADE = "Lei 9.784/1999, art. 50; Constituição Federal, art. 37, caput (publicidade)"
FUNDAMENTO_ORIGEM = {
    Origem.DECISAO_JUDICIAL: "Constituição Federal, art. 5º, XXXV (decisão judicial)",
    Origem.TRIBUNAL_CONTAS: "Constituição Federal, art. 71, X, e art. 75 (Tribunal de Contas)",
    Origem.ADMINISTRACAO: "Lei 9.784/1999, art. 53; STF, Súmula 473 (autotutela)",
}
FUNDAMENTO_RETOMADA = ("Lei 9.784/1999, art. 2º, parágrafo único, XIII (vinculação ao edital: "
                       "os prazos suspensos são refeitos no ato de retomada)")
FUNDAMENTO_CANCELAMENTO = {
    Tipo.ANULACAO: "Lei 9.784/1999, arts. 53 e 54; STF, Súmula 473 (anulação por ilegalidade)",
    Tipo.REVOGACAO: ("Lei 9.784/1999, art. 53; STF, Súmula 473 (revogação por conveniência e "
                     "oportunidade, respeitados os direitos adquiridos)"),
}


def validar_motivacao(motivacao: str) -> str:
    texto = (motivacao or "").strip()
    if not MINIMO_MOTIVACAO <= len(texto) <= MAXIMO_MOTIVACAO:
        raise ValidationError({"motivacao": _(
            "Motive o ato: o que o determina e por quê (de %(n)d a %(m)d caracteres).") % {
            "n": MINIMO_MOTIVACAO, "m": MAXIMO_MOTIVACAO}})
    return texto


def _validar_origem(origem: str, documento: str) -> str:
    if origem not in Origem.values:
        raise ValidationError({"origem": _("Escolha a origem da ordem.")})
    documento = (documento or "").strip()
    if origem != Origem.ADMINISTRACAO and not documento:
        raise ValidationError({"documento": _(
            "Uma ordem judicial ou do Tribunal de Contas é identificada: informe o número da "
            "decisão ou do processo.")})
    return documento


def motivo_nao_suspender(certame: Certame) -> str | None:
    parado = situacao.motivo_certame_parado(certame)
    if parado:
        return parado
    if certame.status not in SUSPENSIVEIS:
        return _("Só um certame com o edital publicado e ainda não homologado se suspende "
                 "(situação: %(s)s).") % {"s": certame.get_status_display().lower()}
    return None


def motivo_nao_retomar(certame: Certame) -> str | None:
    if certame.status != Certame.Status.SUSPENSO:
        return _("O certame não está suspenso: não há o que retomar.")
    return None


def motivo_nao_cancelar(certame: Certame) -> str | None:
    if certame.status == Certame.Status.RASCUNHO:
        return _("O edital ainda é rascunho: não foi publicado, não há ato a anular ou revogar.")
    if certame.status == Certame.Status.CANCELADO:
        return situacao.motivo_certame_parado(certame)
    return None


def _recusar(motivo: str | None) -> None:
    if motivo:
        raise ValidationError(motivo)


def _registrar(certame: Certame, ato: AtoSituacaoCertame, tipo_ato: str, descricao: str,
               antes=None, depois=None) -> AtoSituacaoCertame:
    """The act's row, the certame's new status, the audit entry and the notice after commit."""
    ato.full_clean()
    ato.save()
    certame.save(update_fields=["status"])
    registrar_ato(tipo=tipo_ato, autor=ato.autor, certame=certame, objeto=ato,
                  descricao=descricao, motivacao=ato.motivacao,
                  fundamento_legal=ato.fundamento[:250], antes=antes, depois=depois)
    transaction.on_commit(lambda: enfileirar(TAREFA_AVISO, ato.pk))
    return ato


@transaction.atomic
def suspender(certame: Certame | int, *, motivacao: str, autor, origem: str = Origem.ADMINISTRACAO,
              documento: str = "", fundamento: str = "",
              agora: dt.datetime | None = None) -> AtoSituacaoCertame:
    """Suspend the certame (the rules above); `fundamento`: what RH adds to the origin's basis
    (e.g. the decision's provision)."""
    certame = travar_certame(certame)
    _recusar(motivo_nao_suspender(certame))
    motivacao = validar_motivacao(motivacao)
    documento = _validar_origem(origem, documento)
    base = FUNDAMENTO_ORIGEM[origem]
    extra = (fundamento or "").strip()
    ato = AtoSituacaoCertame(
        certame=certame, tipo=Tipo.SUSPENSAO, origem=origem, documento=documento,
        motivacao=motivacao, fundamento=(f"{base}; {extra}" if extra else base)[:250],
        status_anterior=certame.status, praticado_em=agora or timezone.now(), autor=autor)
    certame.status = Certame.Status.SUSPENSO
    return _registrar(certame, ato, "certame_suspenso", _(
        "Certame do edital %(e)s suspenso (%(o)s%(d)s).") % {
        "e": certame.numero_edital, "o": ato.get_origem_display().lower(),
        "d": f": {documento}" if documento else ""},
        antes={"status": ato.status_anterior}, depois={"status": certame.status})


def etapas_a_refazer(certame: Certame, suspensao: AtoSituacaoCertame) -> list[Etapa]:
    """The stages that had not ended when the certame was suspended (open or future then):
    the ones the retomada confirms or moves."""
    return list(certame.etapas.filter(fim__gt=suspensao.praticado_em).order_by("inicio", "pk"))


def suspensao_vigente(certame: Certame) -> AtoSituacaoCertame | None:
    """The suspension the certame is under (its latest act, a suspension), or None."""
    ato = situacao.ultimo_ato(certame)
    return ato if ato is not None and ato.tipo == Tipo.SUSPENSAO else None


def _suspensao_vigente(certame: Certame) -> AtoSituacaoCertame:
    ato = suspensao_vigente(certame)
    if ato is None:
        raise ValidationError(_("O certame não tem suspensão em vigor: não há o que retomar."))
    return ato


def _recusa_etapa(etapa: Etapa, inicio: dt.datetime, fim: dt.datetime,
                  suspensao: AtoSituacaoCertame, agora: dt.datetime) -> str | None:
    """One stage of the retomada's schedule (the rules above, Lei 9.784/1999, art. 2º,
    parágrafo único, XIII)."""
    nome = etapa.get_tipo_display()
    if fim < inicio:
        return _("Etapa “%(e)s”: o fim não pode ser anterior ao início.") % {"e": nome}
    if fim < agora:
        return _("Etapa “%(e)s”: termina em %(d)s, antes de agora; o prazo que a suspensão "
                 "interrompeu não se perde: dê uma nova data de fim.") % {
            "e": nome, "d": data_hora_br(fim)}
    if etapa.inicio <= suspensao.praticado_em:
        if inicio != etapa.inicio:
            return _("Etapa “%(e)s”: começou em %(d)s, antes da suspensão; o início não "
                     "muda, só o fim.") % {"e": nome, "d": data_hora_br(etapa.inicio)}
    elif inicio < agora:
        return _("Etapa “%(e)s”: não tinha começado quando o certame foi suspenso e começaria "
                 "em %(d)s, antes de agora; dê um novo início.") % {
            "e": nome, "d": data_hora_br(inicio)}
    return None


def _momentos(etapa: Etapa) -> dict:
    return {"inicio": etapa.inicio.isoformat(), "fim": etapa.fim.isoformat()}


def _aplicar_cronograma(certame: Certame, suspensao: AtoSituacaoCertame,
                        novas: dict[int, tuple[dt.datetime, dt.datetime]],
                        agora: dt.datetime) -> list[dict]:
    """Check every stage to redo against its new dates (all reasons at once), save them and
    return the act's record, before and after."""
    etapas = etapas_a_refazer(certame, suspensao)
    erros, registro, movidas = [], [], set()
    for etapa in etapas:
        inicio, fim = novas.get(etapa.pk, (etapa.inicio, etapa.fim))
        motivo = _recusa_etapa(etapa, inicio, fim, suspensao, agora)
        if motivo:
            erros.append(motivo)
            continue
        registro.append({"etapa": etapa.pk, "tipo": etapa.tipo,
                         "rotulo": str(etapa.get_tipo_display()), "antes": _momentos(etapa),
                         "depois": {"inicio": inicio.isoformat(), "fim": fim.isoformat()}})
        if (inicio, fim) != (etapa.inicio, etapa.fim):
            movidas.add(etapa.pk)
        etapa.inicio, etapa.fim = inicio, fim
    if erros:
        raise ValidationError(erros)
    todas = {e.pk: e for e in certame.etapas.all()}
    todas.update({e.pk: e for e in etapas})
    isencao = certame.regime_legal.isencao if certame.regime else None
    incoerencias = [i.mensagem for i in regras_cronograma.incoerencias(todas.values(), isencao)]
    if incoerencias:
        raise ValidationError(incoerencias)
    for etapa in etapas:
        if etapa.pk in movidas:
            etapa.cronograma_no_formulario = True  # the whole schedule was checked above
            etapa.full_clean()
            etapa.save(update_fields=["inicio", "fim"])
    return registro


@transaction.atomic
def retomar(certame: Certame | int, *, motivacao: str, autor,
            cronograma: dict[int, tuple[dt.datetime, dt.datetime]] | None = None,
            agora: dt.datetime | None = None) -> AtoSituacaoCertame:
    """Resume the suspended certame with the schedule RH confirms or gives (`cronograma`:
    the new start and end of each stage to redo, by its id; a stage left out keeps its
    dates, which must still hold)."""
    agora = agora or timezone.now()
    certame = travar_certame(certame)
    _recusar(motivo_nao_retomar(certame))
    suspensao = _suspensao_vigente(certame)
    motivacao = validar_motivacao(motivacao)
    registro = _aplicar_cronograma(certame, suspensao, cronograma or {}, agora)
    ato = AtoSituacaoCertame(
        certame=certame, tipo=Tipo.RETOMADA, origem=suspensao.origem,
        documento=suspensao.documento, motivacao=motivacao, fundamento=FUNDAMENTO_RETOMADA,
        cronograma=registro, praticado_em=agora, autor=autor)
    certame.status = suspensao.status_anterior or Certame.Status.PUBLICADO
    return _registrar(certame, ato, "certame_retomado", _(
        "Certame do edital %(e)s retomado, suspenso desde %(d)s; %(n)d etapa(s) do "
        "cronograma confirmada(s) ou remarcada(s).") % {
        "e": certame.numero_edital, "d": data_br(suspensao.praticado_em), "n": len(registro)},
        antes={"cronograma": [{"etapa": r["etapa"], **r["antes"]} for r in registro]},
        depois={"status": certame.status,
                "cronograma": [{"etapa": r["etapa"], **r["depois"]} for r in registro]})


@transaction.atomic
def cancelar(certame: Certame | int, *, tipo: str, motivacao: str, autor,
             origem: str = Origem.ADMINISTRACAO, documento: str = "",
             agora: dt.datetime | None = None) -> AtoSituacaoCertame:
    """Annul or revoke the certame, for good (the rules above)."""
    certame = travar_certame(certame)
    _recusar(motivo_nao_cancelar(certame))
    if tipo not in (Tipo.ANULACAO, Tipo.REVOGACAO):
        raise ValidationError({"tipo": _("Escolha entre anulação e revogação.")})
    motivacao = validar_motivacao(motivacao)
    documento = _validar_origem(origem, documento)
    if tipo == Tipo.REVOGACAO and origem != Origem.ADMINISTRACAO:
        raise ValidationError({"origem": _(
            "A revogação é ato da própria Administração, por conveniência e oportunidade (Lei "
            "9.784/1999, art. 53); uma decisão judicial ou do Tribunal de Contas anula.")})
    ato = AtoSituacaoCertame(
        certame=certame, tipo=tipo, origem=origem, documento=documento, motivacao=motivacao,
        fundamento=FUNDAMENTO_CANCELAMENTO[tipo], status_anterior=certame.status,
        praticado_em=agora or timezone.now(), autor=autor)
    certame.status = Certame.Status.CANCELADO
    return _registrar(certame, ato, "certame_cancelado", _(
        "%(t)s do certame do edital %(e)s (%(o)s%(d)s).") % {
        "t": ato.get_tipo_display(), "e": certame.numero_edital,
        "o": ato.get_origem_display().lower(), "d": f": {documento}" if documento else ""},
        antes={"status": ato.status_anterior}, depois={"status": certame.status})


# --- reading ---------------------------------------------------------------------------------


def textos(ato: AtoSituacaoCertame) -> list[str]:
    """What the act says besides its motivation: its origin and document, the schedule it
    confirmed or moved, and for a cancellation the fee's refund."""
    saida = [_("Origem: %(o)s%(d)s.") % {"o": ato.get_origem_display(),
                                         "d": f" ({ato.documento})" if ato.documento else ""}]
    for r in ato.cronograma:
        antes = {k: dt.datetime.fromisoformat(v) for k, v in r["antes"].items()}
        depois = {k: dt.datetime.fromisoformat(v) for k, v in r["depois"].items()}
        if antes == depois:
            saida.append(_("Etapa “%(e)s” confirmada: %(i)s a %(f)s.") % {
                "e": r["rotulo"], "i": data_hora_br(depois["inicio"]),
                "f": data_hora_br(depois["fim"])})
        else:
            saida.append(_("Etapa “%(e)s”: de %(ai)s a %(af)s para %(i)s a %(f)s.") % {
                "e": r["rotulo"], "ai": data_hora_br(antes["inicio"]),
                "af": data_hora_br(antes["fim"]), "i": data_hora_br(depois["inicio"]),
                "f": data_hora_br(depois["fim"])})
    if ato.cancelamento:
        saida.append(AVISO_TAXA)
    saida.append(_("Fundamento: %(f)s.") % {"f": ato.fundamento})
    return saida


AVISO_TAXA = _("A devolução da taxa de inscrição segue o que o edital dispõe.")


def atos_do_certame(certame: Certame | int) -> list[AtoSituacaoCertame]:
    """The certame's suspensions, retomadas and cancellation, in order, each with
    `publicado_em` and `textos` (the edital's history, the candidate's notices)."""
    atos = list(AtoSituacaoCertame.objects.filter(certame=certame)
                .order_by("praticado_em", "pk"))
    for ato in atos:
        ato.publicado_em = ato.praticado_em
        ato.textos = textos(ato)
    return atos


def historico(certame: Certame | int) -> list:
    """The edital's acts (`editais.retificacao.historico`) and the certame's suspensions,
    retomadas and cancellation, in order, each with `publicado_em` and `textos` (the
    certame's public page)."""
    return sorted([*retificacao.historico(certame), *atos_do_certame(certame)],
                  key=lambda a: a.publicado_em)


MAILS = {Tipo.SUSPENSAO: emails.suspensao_certame, Tipo.RETOMADA: emails.retomada_certame,
         Tipo.ANULACAO: emails.cancelamento_certame, Tipo.REVOGACAO: emails.cancelamento_certame}


def avisar(ato_id: int) -> int:
    """E-mail every inscribed candidate of the certame (one mail per address) the act, each
    notice belonging to the act's audit entry. Returns how many."""
    ato = AtoSituacaoCertame.objects.select_related("certame").get(pk=ato_id)
    certame = ato.certame
    registro = auditoria.ultimo_ato(ato)
    enviados = 0
    for inscricao in retificacao.inscritos_a_avisar(certame):
        MAILS[ato.tipo](inscricao.candidato.email, {
            "edital": certame.numero_edital, "certame": certame.titulo,
            "inscricao": inscricao.numero, "data": data_br(ato.praticado_em),
            "tipo": ato.get_tipo_display(), "motivacao": ato.motivacao,
            "textos": textos(ato)}, ato=registro, inscricao=inscricao)
        enviados += 1
    return enviados

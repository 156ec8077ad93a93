"""The forwardings of a decision to an authority (Lei 3.056/2025 de Pirangi, art. 7º, §2º,
requires the Ministério Público and the Procuradoria Municipal; other laws allow them) and the
closing of a decided procedure."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from candidatos.models import ProcedimentoAdministrativo
from candidatos.procedimentos.base import (
    _PROCEDIMENTO_COM,
    AO_DESTINO,
    Conclusao,
    Destino,
    ResultadoRecurso,
    _checar_rh,
    _procedimentos,
    data_hora,
)
from candidatos.procedimentos.recurso import janela_recurso, recurso_de
from candidatos.procedimentos.tipos import fundamentos_de, objeto_de
from certames.auditoria import registrar_ato
from certames.carreira import historico
from certames.travas import travar
from comum.formatos import data_br

# --- forwardings (Pirangi art. 7º, §2º) ------------------------------------------------------


def encaminhamentos_exigidos(proc: ProcedimentoAdministrativo) -> list[tuple[str, str]]:
    """(destination, basis) the law requires for this decision: only a proven case that an
    appeal has not reformed."""
    if (proc.conclusao != Conclusao.PROCEDENTE
            or proc.recurso_resultado == ResultadoRecurso.PROVIDO):
        return []
    return list(fundamentos_de(proc).encaminhamentos)


def encaminhamentos_pendentes(proc: ProcedimentoAdministrativo) -> list[str]:
    """Required destinations with no forwarding recorded yet."""
    feitos = {e.get("destino") for e in proc.encaminhamentos or []}
    return [d for d, _f in encaminhamentos_exigidos(proc) if d not in feitos]


def encaminhamentos_registrados(proc: ProcedimentoAdministrativo) -> list[dict]:
    """The recorded forwardings, ready for a page (labels and dates parsed)."""
    linhas = []
    for e in proc.encaminhamentos or []:
        destino = e.get("destino", "")
        linhas.append({
            "destino": destino,
            "destino_nome": Destino(destino).label if destino in Destino.values else destino,
            "data": dt.date.fromisoformat(e["data"]) if e.get("data") else None,
            "referencia": e.get("referencia", ""),
            "registrado_por": e.get("registrado_por_nome", ""),
            "registrado_em": (dt.datetime.fromisoformat(e["registrado_em"])
                              if e.get("registrado_em") else None),
        })
    return linhas


@transaction.atomic
def registrar_encaminhamento(proc: ProcedimentoAdministrativo, *, destino: str,
                             data: dt.date, referencia: str, autor,
                             agora: dt.datetime | None = None) -> ProcedimentoAdministrativo:
    """Record that the decision was forwarded to an authority (destination, date, reference,
    who): one act each. Pirangi art. 7º, §2º requires the Ministério Público and the
    Procuradoria Municipal for a proven case; other laws allow it."""
    agora = agora or timezone.now()
    _checar_rh(autor)
    proc = travar(_procedimentos(), proc, *_PROCEDIMENTO_COM)
    if not proc.conclusao:
        raise ValidationError(_("Só se encaminha o resultado de um procedimento decidido."))
    if proc.encerrado_em is not None:
        raise ValidationError(_("O procedimento foi encerrado em %(d)s.") % {
            "d": data_hora(proc.encerrado_em)})
    if destino not in Destino.values:
        raise ValidationError(_("Destino inválido."))
    referencia = (referencia or "").strip()
    if len(referencia) < 3:
        raise ValidationError(_("Informe a referência do encaminhamento (ex.: número do "
                                "ofício ou do protocolo)."))
    if data is None:
        raise ValidationError(_("Informe a data do encaminhamento."))
    if data > timezone.localdate(agora):
        raise ValidationError(_("A data do encaminhamento não pode ser futura."))
    if data < timezone.localdate(proc.decidido_em):
        raise ValidationError(_("A data do encaminhamento não pode ser anterior à decisão "
                                "(%(d)s).") % {
            "d": data_br(proc.decidido_em)})
    feitos = proc.encaminhamentos or []
    if destino != Destino.OUTRA and any(e.get("destino") == destino for e in feitos):
        raise ValidationError(_("O encaminhamento %(d)s já foi registrado.") % {
            "d": AO_DESTINO[destino]})
    exigidos = dict(encaminhamentos_exigidos(proc))
    fund = fundamentos_de(proc)
    fundamento = exigidos.get(destino) or fund.encaminhamento_facultativo or fund.procedimento
    entrada = {"destino": destino, "data": data.isoformat(), "referencia": referencia,
               "registrado_por": autor.pk, "registrado_por_nome": autor.get_username(),
               "registrado_em": agora.isoformat()}
    proc.encaminhamentos = [*feitos, entrada]
    proc.save(update_fields=["encaminhamentos"])
    registrar_ato(
        tipo="procedimento_encaminhamento", autor=autor, certame=proc.inscricao.certame,
        objeto=proc,
        descricao=_("Resultado do procedimento por %(o)s da inscrição %(n)s encaminhado "
                    "%(d)s em %(data)s (%(r)s).") % {
            "o": objeto_de(proc), "n": proc.inscricao.numero, "d": AO_DESTINO[destino],
            "data": data_br(data), "r": referencia},
        fundamento_legal=fundamento, depois=entrada)
    return proc


# --- the closing -----------------------------------------------------------------------------


def motivo_para_nao_encerrar(proc: ProcedimentoAdministrativo,
                             agora: dt.datetime | None = None) -> str | None:
    """Why the procedure cannot be closed now (Portuguese), or None. It stays open while it is
    undecided, while an appeal may still be filed or awaits its ruling, and until every
    forwarding its regime requires is recorded (Pirangi art. 7º, §2º: the Ministério Público
    and the Procuradoria Municipal; `RegraSancao.encaminhamentos`)."""
    agora = agora or timezone.now()
    if proc.encerrado_em is not None:
        return _("O procedimento foi encerrado em %(d)s.") % {"d": data_hora(proc.encerrado_em)}
    if not proc.conclusao:
        return _("O procedimento ainda não foi decidido.")
    if proc.conclusao == Conclusao.PROCEDENTE and not proc.recurso_resultado:
        if recurso_de(proc) is not None:
            return _("Há recurso a julgar neste procedimento: ele é encerrado depois do "
                     "julgamento.")
        janela = janela_recurso(proc, agora)
        if not janela.encerrada:
            return _("O prazo de recurso vai até %(d)s: o procedimento é encerrado depois "
                     "dele.") % {"d": data_hora(janela.fim)}
    pendentes = dict(encaminhamentos_exigidos(proc))
    faltam = encaminhamentos_pendentes(proc)
    if faltam:
        return _("Faltam os encaminhamentos que a lei exige: %(l)s. Registre cada um (data, "
                 "destino e número do ofício ou protocolo) antes de encerrar.") % {
            "l": "; ".join(f"{AO_DESTINO[d]} ({pendentes[d]})" for d in faltam)}
    return None


def chamadas_anuladas(proc: ProcedimentoAdministrativo):
    """The calls whose nomeação the decision annulled, each as every order shows it
    (`certames.carreira.SituacaoChamada`)."""
    ids = set((proc.efeitos or {}).get("chamadas_anuladas") or ())
    if not ids:
        return []
    return [s for s in historico(proc.inscricao.cargo_id) if s.chamada.pk in ids]


@transaction.atomic
def encerrar_procedimento(proc: ProcedimentoAdministrativo, *, autor,
                          agora: dt.datetime | None = None) -> ProcedimentoAdministrativo:
    """RH closes a decided procedure once nothing is left to do in it
    (`motivo_para_nao_encerrar`): one act, recorded once."""
    agora = agora or timezone.now()
    _checar_rh(autor)
    proc = travar(_procedimentos(), proc, *_PROCEDIMENTO_COM)
    motivo = motivo_para_nao_encerrar(proc, agora)
    if motivo:
        raise ValidationError(motivo)
    proc.encerrado_em, proc.encerrado_por = agora, autor
    proc.save(update_fields=["encerrado_em", "encerrado_por"])
    feitos = [e.get("destino") for e in proc.encaminhamentos or []]
    registrar_ato(
        tipo="procedimento_encerrado", autor=autor, certame=proc.inscricao.certame, objeto=proc,
        descricao=_("Procedimento por %(o)s da inscrição %(n)s encerrado.") % {
            "o": objeto_de(proc), "n": proc.inscricao.numero},
        fundamento_legal=fundamentos_de(proc).procedimento,
        depois={"encerrado_em": agora.isoformat(), "encaminhamentos": feitos})
    return proc

"""The motivated decision of a procedure, after the defence or its deadline: the consequence by
the phase, with the legal basis of the kind and the regime, and its effects."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from candidatos.chamadas import anular_chamadas
from candidatos.models import Inscricao, ProcedimentoAdministrativo
from candidatos.procedimentos.abertura import pode_decidir
from candidatos.procedimentos.base import (
    _INSCRICAO_COM,
    _PROCEDIMENTO_COM,
    TAREFA_DECISAO,
    Conclusao,
    Consequencia,
    _checar_rh,
    _motivacao,
    _procedimentos,
    data_hora,
)
from candidatos.procedimentos.notificacoes import _enfileirar
from candidatos.procedimentos.tipos import consequencia_por_fase, tipo_de
from certames.auditoria import registrar_ato
from certames.travas import travar


@transaction.atomic
def decidir_procedimento(proc: ProcedimentoAdministrativo, *, conclusao: str, motivacao: str,
                         autor, agora: dt.datetime | None = None,
                         tipo: str | None = None) -> ProcedimentoAdministrativo:
    """Motivated decision, after the defence or the end of its deadline.

    Proven (procedente): the consequence by the phase (`consequencia_por_fase`) with the basis
    of the type under the certame's law, then the type's effects (`TIPOS`), which in every
    phase take the inscrição out of the certame and queue the recompute; what they changed is
    recorded with the decision (`efeitos`). The effects apply at once: the appeal has no
    suspensive effect (Lei 9.784/1999, art. 61, applied subsidiarily). Not proven
    (improcedente): archived, nothing changes but the acts.
    """
    agora = agora or timezone.now()
    _checar_rh(autor)
    proc = travar(_procedimentos(tipo), proc, *_PROCEDIMENTO_COM)
    insc = travar(Inscricao, proc.inscricao, *_INSCRICAO_COM)
    espec = tipo_de(proc.tipo)
    fund = espec.fundamentos(insc.certame)
    if proc.conclusao:
        raise ValidationError(_("O procedimento já foi decidido."))
    if conclusao not in Conclusao.values:
        raise ValidationError(_("Conclusão inválida."))
    if not pode_decidir(proc, agora):
        raise ValidationError(_(
            "Aguarde a defesa ou o fim do prazo da defesa (%(p)s): contraditório e ampla "
            "defesa (%(f)s).") % {"p": data_hora(proc.prazo_defesa), "f": fund.garantia})
    procedente = conclusao == Conclusao.PROCEDENTE
    motivacao = _motivacao(motivacao, desfavoravel=procedente)
    consequencia = (consequencia_por_fase(insc, proc.tipo) if procedente
                    else Consequencia.NENHUMA)
    fundamento = fund.decisao[consequencia] if procedente else fund.procedimento
    proc.conclusao, proc.consequencia = conclusao, consequencia
    proc.fundamento, proc.motivacao = fundamento, motivacao
    proc.decidido_em, proc.decidido_por = agora, autor
    if not procedente:
        # Improcedente: archived (no appeal lies, nothing to forward).
        proc.encerrado_em, proc.encerrado_por = agora, autor
    proc.save(update_fields=["conclusao", "consequencia", "fundamento", "motivacao",
                             "decidido_em", "decidido_por", "encerrado_em", "encerrado_por"])
    registrar_ato(
        tipo="procedimento_decidido", autor=autor, certame=insc.certame, objeto=proc,
        descricao=_("Procedimento por %(o)s da inscrição %(n)s: %(c)s; consequência: %(q)s.")
        % {"o": espec.objeto(proc.lista), "n": insc.numero,
           "c": Conclusao(conclusao).label.lower(),
           "q": Consequencia(consequencia).label.lower()},
        motivacao=motivacao, fundamento_legal=fundamento,
        depois={"conclusao": conclusao, "consequencia": consequencia,
                "decidido_em": agora.isoformat(),
                "encaminhamentos_exigidos": [d for d, _f in fund.encaminhamentos]
                if procedente else []})
    if procedente:
        anuladas = []
        if consequencia == Consequencia.ANULACAO:
            # Spec section 9: the annulment is an act on the call, with the regime's article.
            anuladas = [e.chamada_id for e in anular_chamadas(
                insc, autor=autor, data=timezone.localdate(agora), fundamento=fundamento,
                motivacao=motivacao, procedimento=proc.pk)]
        efeitos = espec.aplicar(proc, insc, autor=autor, motivacao=motivacao,
                                fundamento=fundamento)
        proc.efeitos = {**efeitos, "chamadas_anuladas": anuladas} if anuladas else efeitos
        proc.save(update_fields=["efeitos"])
    _enfileirar(TAREFA_DECISAO, proc.pk)
    return proc

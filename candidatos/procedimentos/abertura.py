"""The opening of a procedure (the notice with the facts and a deadline) and the candidate's
defence within it (contraditório e ampla defesa)."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from candidatos.models import Inscricao, ProcedimentoAdministrativo
from candidatos.procedimentos.base import (
    _INSCRICAO_COM,
    _PROCEDIMENTO_COM,
    TAREFA_ABERTURA,
    Origem,
    _checar_rh,
    _procedimentos,
    data_hora,
)
from candidatos.procedimentos.notificacoes import _enfileirar
from candidatos.procedimentos.tipos import fundamentos_de, objeto_de, tipo_de
from certames.auditoria import registrar_ato
from certames.travas import travar


@transaction.atomic
def abrir_procedimento(inscricao: Inscricao, *, tipo: str, fatos: str,
                       prazo_defesa: dt.datetime, autor, lista: str = "",
                       origem: str = Origem.INDICIOS,
                       agora: dt.datetime | None = None) -> ProcedimentoAdministrativo:
    """RH opens a procedure on indications or a complaint and notifies the candidate, with the
    facts and a deadline for the defence (e-mail on commit; the portal shows it at once)."""
    agora = agora or timezone.now()
    _checar_rh(autor)
    espec = tipo_de(tipo)
    insc = travar(Inscricao, inscricao, *_INSCRICAO_COM)
    if origem not in Origem.values:
        raise ValidationError(_("Origem inválida."))
    fatos = (fatos or "").strip()
    if len(fatos) < 15:
        raise ValidationError(_("Descreva os indícios ou a denúncia (ao menos 15 "
                                "caracteres)."))
    if prazo_defesa is None or prazo_defesa <= agora:
        raise ValidationError(_("O prazo da defesa deve ser posterior à notificação."))
    lista = espec.checar_abertura(insc, lista)
    fund = espec.fundamentos(insc.certame)
    proc = ProcedimentoAdministrativo.objects.create(
        inscricao=insc, tipo=tipo, lista=lista, fatos=fatos, aberto_por=autor,
        notificado_em=agora, prazo_defesa=prazo_defesa)
    registrar_ato(
        tipo="procedimento_instaurado", autor=autor, certame=insc.certame, objeto=proc,
        descricao=_("Procedimento por %(o)s da inscrição %(n)s instaurado (origem: %(g)s); "
                    "candidato notificado, defesa até %(p)s.") % {
            "o": espec.objeto(lista), "n": insc.numero,
            "g": Origem(origem).label.lower(), "p": data_hora(prazo_defesa)},
        motivacao=fatos, fundamento_legal=fund.procedimento,
        depois={"tipo": tipo, "lista": lista, "origem": origem,
                "notificado_em": agora.isoformat(), "prazo_defesa": prazo_defesa.isoformat()})
    _enfileirar(TAREFA_ABERTURA, proc.pk)
    return proc


@transaction.atomic
def apresentar_defesa(proc: ProcedimentoAdministrativo, *, defesa: str, autor,
                      agora: dt.datetime | None = None,
                      tipo: str | None = None) -> ProcedimentoAdministrativo:
    """The candidate's defence: only the candidate of the inscrição, once, within the
    deadline (contraditório e ampla defesa)."""
    agora = agora or timezone.now()
    proc = travar(_procedimentos(tipo), proc, *_PROCEDIMENTO_COM)
    candidato = getattr(autor, "candidato", None)
    if getattr(candidato, "pk", None) != proc.inscricao.candidato_id:
        raise PermissionDenied(_("Só o próprio candidato apresenta a defesa."))
    if proc.conclusao:
        raise ValidationError(_("O procedimento já foi decidido."))
    if proc.defesa_em:
        raise ValidationError(_("A defesa já foi apresentada."))
    if proc.prazo_defesa is None or agora > proc.prazo_defesa:
        raise ValidationError(_("O prazo da defesa terminou em %(p)s.") % {
            "p": data_hora(proc.prazo_defesa)})
    defesa = (defesa or "").strip()
    if len(defesa) < 10:
        raise ValidationError(_("Escreva a defesa (ao menos 10 caracteres)."))
    proc.defesa, proc.defesa_em = defesa, agora
    proc.save(update_fields=["defesa", "defesa_em"])
    registrar_ato(
        tipo="procedimento_defesa", autor=autor, certame=proc.inscricao.certame, objeto=proc,
        descricao=_("Defesa apresentada no procedimento por %(o)s da inscrição %(n)s.") % {
            "o": objeto_de(proc), "n": proc.inscricao.numero},
        fundamento_legal=fundamentos_de(proc).procedimento,
        depois={"defesa_em": agora.isoformat()})
    return proc


def pode_defender(proc: ProcedimentoAdministrativo, agora: dt.datetime | None = None) -> bool:
    agora = agora or timezone.now()
    return (not proc.conclusao and not proc.defesa_em and proc.prazo_defesa is not None
            and agora <= proc.prazo_defesa)


def pode_decidir(proc: ProcedimentoAdministrativo, agora: dt.datetime | None = None) -> bool:
    """Undecided, and the defence filed or its deadline over."""
    agora = agora or timezone.now()
    return not proc.conclusao and bool(
        proc.defesa_em or (proc.prazo_defesa is not None and agora > proc.prazo_defesa))

"""The administrative procedure's shared ground: its kinds and outcomes, the authorities a
decision is forwarded to, the legal basis of each kind under the certame's law (`RegraSancao`,
data of the regime) and the small checks every step makes."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import PermissionDenied
from django.db import models
from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from candidatos.models import ProcedimentoAdministrativo
from certames.models import Certame
from certames.regras.procedimentos import RegraSancao, sancao_padrao
from comum.formatos import data_hora_br
from comum.papeis import e_rh
from nucleo.motivacao import validar_motivacao

Tipo = ProcedimentoAdministrativo.Tipo
Conclusao = ProcedimentoAdministrativo.Conclusao
Consequencia = ProcedimentoAdministrativo.Consequencia
ResultadoRecurso = ProcedimentoAdministrativo.ResultadoRecurso

#: The plug-in's key in the procedure kernel (`nucleo.Recurso.procedimento`). Never change it.
CHAVE = "procedimento_administrativo"

#: Certame statuses after the homologation of the result.
HOMOLOGADOS = (Certame.Status.HOMOLOGADO, Certame.Status.ENCERRADO)

#: The e-mails to the candidate, Celery tasks of `candidatos.tasks` queued by name.
TAREFA_ABERTURA = "candidatos.notificar_abertura_procedimento"
TAREFA_DECISAO = "candidatos.notificar_decisao_procedimento"
TAREFA_JULGAMENTO = "candidatos.notificar_julgamento_recurso_procedimento"


class Destino(models.TextChoices):
    """Authorities a decision is forwarded to."""

    MINISTERIO_PUBLICO = "ministerio_publico", gettext_lazy("Ministério Público")
    PROCURADORIA = "procuradoria_municipal", gettext_lazy("Procuradoria Municipal")
    OUTRA = "outra_autoridade", gettext_lazy("Outra autoridade competente")


#: "to the ..." with the right contraction, for messages and acts.
AO_DESTINO = {
    Destino.MINISTERIO_PUBLICO: gettext_lazy("ao Ministério Público"),
    Destino.PROCURADORIA: gettext_lazy("à Procuradoria Municipal"),
    Destino.OUTRA: gettext_lazy("a outra autoridade competente"),
}


class Origem(models.TextChoices):
    """What prompted the procedure (Severínia art. 12; Pirangi art. 7º, caput)."""

    INDICIOS = "indicios", gettext_lazy("Indícios")
    DENUNCIA = "denuncia", gettext_lazy("Denúncia")


# --- legal basis -----------------------------------------------------------------------------


#: The legal basis of one kind of procedure under one law: the procedure (opening and
#: defence), the short citation shown to the candidate (`garantia`), each consequence by phase
#: (`decisao`), the forwardings the law requires (`encaminhamentos`) and allows. Data of the
#: regime: `Regime.regra_fraude` (fraud in the self-declaration) and
#: `Regime.isencao.falsidade` (false information for the exemption), in
#: `certames/regras/regimes.py`.
Fundamentos = RegraSancao


def fundamentos_fraude(certame: Certame) -> Fundamentos:
    """Fraud in the self-declaration under the certame's regime (Severínia art. 12; Pirangi
    art. 7º; SMBV art. 3º, §3º; a regime that cites only its fraud article: that article for
    every step)."""
    return certame.regime_legal.regra_fraude


def fundamentos_falsidade(certame: Certame) -> Fundamentos:
    """False information to obtain the exemption, under the certame's law (Severínia
    art. 5º). A regime without exemption has no such procedure; its law's name stands in."""
    regime = certame.regime_legal
    if regime.isencao is None:
        return sancao_padrao(regime.lei)
    return regime.isencao.falsidade


# --- formatting and small checks -------------------------------------------------------------


def data_hora(momento: dt.datetime | None) -> str:
    return data_hora_br(momento) if momento else "—"


def _checar_rh(autor) -> None:
    if not e_rh(autor):
        raise PermissionDenied(_("Só o RH conduz procedimentos administrativos."))


def _motivacao(motivacao: str, *, desfavoravel: bool, especifica: str = "") -> str:
    """Every decision is motivated with the facts of the case: the one motivation rule of the
    kernel (`nucleo.motivacao`, Lei 9.784/1999, art. 50)."""
    return validar_motivacao(
        motivacao, desfavoravel=desfavoravel,
        especifica=especifica or _("os fatos apurados, a apreciação da defesa e a conclusão"))


#: What a locked procedure and a locked inscrição are read with (`certames.travas.travar`).
_PROCEDIMENTO_COM = ("inscricao__certame", "inscricao__candidato", "inscricao__cargo")
_INSCRICAO_COM = ("certame", "candidato", "cargo")


def _procedimentos(tipo: str | None = None) -> QuerySet[ProcedimentoAdministrativo]:
    """The procedures of one type (the exemption track acts only on its own: another type's
    procedure is not found), or all."""
    todos = ProcedimentoAdministrativo.objects.all()
    return todos.filter(tipo=tipo) if tipo else todos

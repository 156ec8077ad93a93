"""What a procedure tells the candidate, in the kernel's words: the windows open for an
inscrição (`JanelaAberta`) and the notices of what was decided about it (`Aviso`).

Each plug-in answers for itself (`registro.Procedimento.janelas_do_candidato`,
`avisos_do_candidato`), reading the status the candidate's area already read once
(`portal.situacao.SituacaoInscricao`: the schedule, the procedure's decisions and their
publications); the portal gathers the answers of every registered plug-in
(`candidatos.janelas.reunir`, `portal.avisos`) and lists no procedure by name.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

#: Kinds of window.
RECURSO = "recurso"
DEFESA = "defesa"

#: Kinds of notice.
AVISO_RESULTADO = "resultado"
AVISO_RECURSO = "recurso"
AVISO_CHAMADA = "chamada"
AVISO_CONVOCACAO = "convocacao"


@dataclass(frozen=True)
class JanelaAberta:
    """One window open for the inscrição: its kind, the procedure (the kernel's key, or the
    classification's), what the candidate reads, from and until when, and where to act (None:
    the edital's channel, e.g. the appeal against the classification)."""

    tipo: str
    procedimento: str
    titulo: str
    inicio: dt.datetime
    fim: dt.datetime
    url: str | None

    @property
    def texto(self) -> str:
        if self.tipo == DEFESA:
            return _("Prazo de defesa aberto: %(t)s") % {"t": self.titulo}
        return _("Prazo de recurso aberto: %(t)s") % {"t": self.titulo}


@dataclass(frozen=True)
class Aviso:
    """One notice: what was published, when, about which inscrição, and where to read it."""

    tipo: str
    data: dt.datetime
    inscricao: Any
    titulo: str
    texto: str
    url: str
    novo: bool = False


def titulo_em_frase(titulo: Any) -> str:
    """A procedure's title inside a sentence ("Atendimento especializado" -> "atendimento
    especializado"; an acronym stays as it is)."""
    texto = str(titulo)
    return texto[:1].lower() + texto[1:] if texto[1:2].islower() else texto


def janelas_de(tipo: str, chave: str, titulo: Any, janela, agora: dt.datetime,
               url: str | None) -> list[JanelaAberta]:
    """The open stages of a `nucleo.lotes.JanelaRecurso`, as the candidate's windows."""
    return [JanelaAberta(tipo, chave, str(titulo), e.inicio, e.fim, url)
            for e in janela.etapas if e.aberta(agora)]

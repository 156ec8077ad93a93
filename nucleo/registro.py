"""The plug-in contract of the procedure kernel, and the registry.

A procedure (heteroidentificação, verificação documental, avaliação PcD, isenção da taxa,
procedimento administrativo de fraude ou falsidade) is a subclass of `Procedimento` that
declares what is its own — who decides, what is decided, which objects a batch takes, what a
final decision does to the lists or the inscrição, and its legal bases — and is registered at
app loading (`registrar`, called from the plug-in app's `AppConfig.ready()`). The kernel
(`nucleo.lotes`, `nucleo.publicacao`, `nucleo.recursos`, `nucleo.avisos`) owns what they share
and finds a plug-in by its key (`plugin`): it never imports one.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, ClassVar

from django.db.models import QuerySet
from django.urls import reverse
from django.utils.translation import gettext as _

from certames.models import Certame
from certames.regras.regimes import Regime


class Procedimento:
    """What a plug-in declares. Class attributes are data; methods are its hooks (those with a
    body here are optional)."""

    #: Stored in every kernel record of the procedure (`PublicacaoResultado.procedimento`,
    #: `ItemPublicado.procedimento`, `Recurso.procedimento`). Never change it once used.
    chave: ClassVar[str]
    #: Used in the acts' types: "resultado_preliminar_<slug>", "recurso_<slug>"...
    slug: ClassVar[str]
    #: "heteroidentificação" (in sentences: "o resultado da %(nome)s").
    nome: ClassVar[Any]
    titulo: ClassVar[Any]
    #: `Etapa.Tipo` of the schedule's appeal stage; "" when the appeal window is counted from
    #: each decision's notice (`prazo_recurso`).
    etapa_recurso: ClassVar[str] = ""
    #: The procedure publishes its results in batches (preliminary and final lists). A
    #: procedure decided case by case (fraud) notifies each decision instead.
    publica_em_lotes: ClassVar[bool] = True
    #: The keys under which the preliminary publication's act lists the batch's decisions and
    #: the unfavourable ones (the audit trail's words for this procedure).
    chave_decisoes: ClassVar[str] = "decisoes"
    chave_desfavoraveis: ClassVar[str] = "desfavoraveis"

    # --- what a batch takes --------------------------------------------------------------

    def decididos(self, certame: Certame) -> QuerySet:
        """First-instance decisions of the certame ready to be published (closed, motivated).
        The kernel keeps out those already in a batch."""
        raise NotImplementedError

    def em_aberto(self, certame: Certame) -> QuerySet:
        """First-instance cases not decided yet (they go into a later batch)."""
        raise NotImplementedError

    def objetos(self, ids) -> QuerySet:
        """The decided objects with these ids, in the order the pages list them."""
        raise NotImplementedError

    def inscricao_id(self, objeto) -> int:
        return objeto.inscricao_id

    def certame_id(self, objeto) -> int:
        """The certame whose lock guards the decision."""
        raise NotImplementedError

    def rotulo(self, objeto) -> str:
        """How a decided object is named in messages: "2026-0001 (PP)"."""
        return str(objeto)

    def desfavoravel(self, objeto) -> bool:
        """The first-instance decision goes against the candidate (an appeal can be filed)."""
        raise NotImplementedError

    def pendencias_preliminar(self, certame: Certame, agora: dt.datetime) -> list[str]:
        """The plug-in's own reasons not to publish the next batch now (checked first; the
        kernel adds "nothing to publish")."""
        return []

    def pendencias_final(self, preliminar, objetos: list) -> list[str]:
        """The plug-in's own reasons not to publish a batch's final result (the kernel
        checks the window and the appeals)."""
        return []

    # --- the appeal ----------------------------------------------------------------------

    def motivo_favoravel(self, objeto) -> str:
        """Why there is nothing to appeal against a favourable decision (once published)."""
        return _("A decisão foi favorável: não há decisão a recorrer.")

    def recurso_julgado(self, recurso) -> bool:
        """The appeal is decided: a ruling of the other instance (for an RH decision, also
        the decider's reconsideration, which grants it)."""
        raise NotImplementedError

    def motivo_para_nao_recorrer(self, objeto, agora: dt.datetime) -> str | None:
        """The plug-in's own reason to refuse an appeal against `objeto`, checked first: it
        must not reveal an unpublished decision (the kernel then checks the publication, the
        favourable decision, the single appeal, the final result and the window)."""
        return None

    def janela_recurso(self, objeto, agora: dt.datetime):
        """A procedure that does not publish in batches: the appeal window of this decision
        (a `nucleo.lotes.JanelaRecurso`, e.g. counted from the decision's notice)."""
        raise NotImplementedError

    def sem_instancia_recursal(self, objeto) -> str | None:
        """Why the appeal cannot be routed now (no judging instance designated), or None."""
        return None

    def pode_julgar(self, user, recurso) -> bool:
        """The user belongs to the instance that judges this appeal (a committee's decision;
        an RH decision's appeal is judged as `nucleo.autoridade` says)."""
        return False

    def ao_apresentar_recurso(self, recurso, objeto, autor) -> dict:
        """Route the appeal to its judging instance (inside the transaction); returns what
        the act records (`descricao`, `depois`)."""
        return {}

    # --- the candidate's appeal address (the one view: `nucleo.views.RecursoCandidatoView`) --

    #: The candidate's page of a decision (a URL name, reversed with the decision's pk by
    #: the default `pagina_do_objeto`): its appeal form is there, at `ancora_do_recurso`.
    pagina_do_candidato: ClassVar[str] = ""

    def objeto_do_candidato(self, usuario, pk: int):
        """The decided object the candidate's appeal address names by `pk`, if it is the
        candidate `usuario`'s own; None otherwise, whether it exists or not (the view answers
        404). By default `pk` is the object's and the object has an `inscricao`."""
        return self.objetos([pk]).filter(inscricao__candidato__usuario=usuario).first()

    def pagina_do_objeto(self, objeto) -> str:
        """The URL of the candidate's page of the decision (where its appeal form is)."""
        return reverse(self.pagina_do_candidato, args=[objeto.pk])

    def ancora_do_recurso(self, objeto) -> str:
        """The id of the appeal form's place on that page."""
        return "recurso"

    # --- an RH decision's appeal (Lei 9.784/1999, art. 56, §1º: `nucleo.autoridade`) ------

    #: The first instance is an authority of RH (an RH user signs the decision): the appeal
    #: goes first to that user, who may reconsider within five days, then to the certame's
    #: superior authority (`nucleo.autoridade`), never to "any other RH user".
    decisao_do_rh: ClassVar[bool] = False

    def autor_da_decisao(self, objeto) -> int | None:
        """`decisao_do_rh`: the id of the RH user who signed the decision appealed against."""
        raise NotImplementedError

    def campos_reconsideracao(self, objeto) -> dict:
        """`decisao_do_rh`: the form fields a reconsideration needs beyond the motivation
        (name -> django form field), e.g. the minutes of extra time it grants."""
        return {}

    def reconsiderar(self, recurso, objeto, *, autor, motivacao: str, dados: dict,
                     agora: dt.datetime) -> dict:
        """`decisao_do_rh`: the decider reconsiders, which grants the appeal: record the
        reformed decision and its effects inside the kernel's transaction (`dados`: the
        cleaned `campos_reconsideracao`); returns what the act records (`descricao`,
        `depois`)."""
        raise NotImplementedError

    def url_rh(self, objeto) -> str:
        """`decisao_do_rh`: RH's page of the decided object (where the appeal is handled)."""
        raise NotImplementedError

    # --- the final result ----------------------------------------------------------------

    def consolidar(self, final, objetos: list, autor) -> dict:
        """Apply the batch's final decisions (to the lists, the fee...) inside the final
        publication's transaction; returns what the act records (`descricao`, `depois`,
        optionally `fundamento`)."""
        raise NotImplementedError

    # --- what the candidate's area shows (`nucleo.candidato`) ------------------------------

    def janelas_do_candidato(self, s, agora: dt.datetime) -> list:
        """The windows of this procedure open for the inscrição at `agora`
        (`nucleo.candidato.JanelaAberta`: an appeal the kernel would accept now, a defence
        until its deadline), from `s`, the status the candidate's area read once
        (`portal.situacao.SituacaoInscricao`)."""
        return []

    def avisos_do_candidato(self, s, agora: dt.datetime) -> list:
        """The notices of this procedure's acts about the inscrição (`nucleo.candidato.Aviso`:
        a published result, a decision notified, a convocation), from the same status `s`.
        The open windows are noticed by the portal itself."""
        return []

    # --- the law ---------------------------------------------------------------------------

    def fundamento(self, regime: Regime, chave: str = "") -> str:
        """Where the law provides the procedure (chave "recurso": its appeal; "preliminar",
        "final": its publications)."""
        raise NotImplementedError

    def descricao_preliminar(self, objetos: list, numero: int) -> str:
        """The preliminary publication's act, in words."""
        return ""


_REGISTRO: dict[str, Procedimento] = {}


def registrar(procedimento: Procedimento) -> Procedimento:
    """Register a plug-in (idempotent for the same class: app loading may run twice in
    tests)."""
    atual = _REGISTRO.get(procedimento.chave)
    if atual is not None and type(atual) is not type(procedimento):
        raise ValueError(f"Procedure key {procedimento.chave!r} already registered by "
                         f"{type(atual).__name__}.")
    _REGISTRO[procedimento.chave] = procedimento
    return procedimento


def plugin(chave: str) -> Procedimento:
    try:
        return _REGISTRO[chave]
    except KeyError:
        raise LookupError(f"No procedure registered under {chave!r}.") from None


def registrados() -> list[Procedimento]:
    return list(_REGISTRO.values())

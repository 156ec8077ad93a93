"""The kinds of procedure (`TIPOS`, keyed by `ProcedimentoAdministrativo.tipo`): what each
checks at the opening, the sanction a proven case carries by the phase of the certame and its
effects on the lists and the inscrição, the effects other modules register (`consequencia`,
`reversao`), and their undoing when an appeal is granted (Lei 9.784/1999, art. 64, applied
subsidiarily)."""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from candidatos.chamadas import revogar_anulacoes
from candidatos.models import (
    EstadoLista,
    Inscricao,
    PedidoIsencao,
    ProcedimentoAdministrativo,
    SituacaoLista,
)
from candidatos.procedimentos.base import (
    _INSCRICAO_COM,
    HOMOLOGADOS,
    Conclusao,
    Consequencia,
    Fundamentos,
    ResultadoRecurso,
    Tipo,
    fundamentos_falsidade,
    fundamentos_fraude,
)
from candidatos.servicos import FINAIS, eliminar, registrar_situacao_lista
from certames.auditoria import registrar_ato
from certames.models import Certame, EventoChamada
from certames.recalculo import solicitar_recalculo
from certames.travas import travar


def consequencia_por_fase(inscricao: Inscricao, tipo: str | None = None) -> str:
    """The sanction by the phase in which the falsity or fraud is found: before homologation,
    cancellation/elimination; after it, removal from the list; annulment once appointed.

    The phase comes from the call acts (`certames.models.Chamada`, `EventoChamada`). A fraud
    in the self-declaration annuls only an appointment: "caso já tenha sido nomeado"
    (Pirangi art. 7º §1º, II), "se houver sido nomeado" (SMBV art. 3º §3º), "após ... antes
    da nomeação ou contratação" (Severínia art. 12 §único, II-III). The exemption's falsity
    (Severínia art. 5º, III-IV: "antes da nomeação, contratação ou convocação") is annulled
    from the call on (`Inscricao.convocada_em`, set by the call act)."""
    if EventoChamada.objects.filter(chamada__inscricao=inscricao,
                                    tipo=EventoChamada.Tipo.NOMEACAO).exists():
        return Consequencia.ANULACAO
    if (tipo != ProcedimentoAdministrativo.Tipo.FRAUDE_AUTODECLARACAO
            and inscricao.convocada_em is not None):
        return Consequencia.ANULACAO
    if inscricao.certame.status in HOMOLOGADOS:
        return Consequencia.EXCLUSAO_LISTA
    return Consequencia.CANCELAMENTO


def _situacao_anterior(insc: Inscricao) -> dict:
    """What the elimination of a proven case will change: nothing if the inscrição is
    already out of the certame (`_eliminar_ou_recalcular` only recomputes)."""
    return {} if insc.situacao in FINAIS else {"situacao_anterior": insc.situacao}


def _eliminar_ou_recalcular(insc: Inscricao, *, autor, motivacao: str, fundamento: str,
                            causa: str) -> None:
    """Eliminated in every phase (`eliminar` records its act and queues the recompute); an
    inscrição already eliminated or desistente only has its lists recomputed."""
    if insc.situacao in FINAIS:
        solicitar_recalculo([insc.cargo_id], causa)
    else:
        eliminar(insc, autor=autor, motivacao=motivacao, fundamento=fundamento)


# --- consequences owned by other modules -----------------------------------------------------

#: What a proven case of a type does outside the lists and the inscrição, registered by the
#: module that owns it (`candidatos.isencao` registers the exemption side of a proven falsity,
#: Lei 3.057/2026, art. 5º, I): `funcao(proc, insc, *, autor)`, run inside the decision's
#: transaction. This module never imports them (no import circle): `CandidatosConfig.ready()`
#: imports every module that registers one.
_CONSEQUENCIAS: dict[str, list[Callable]] = {}
#: The undoing of each of them by a granted appeal (`julgar_recurso`), same signature.
_REVERSOES: dict[str, list[Callable]] = {}


def _registrador(registro_: dict[str, list[Callable]], tipo: str):
    def registrar(funcao: Callable) -> Callable:
        funcoes = registro_.setdefault(tipo, [])
        if all(f.__qualname__ != funcao.__qualname__ or f.__module__ != funcao.__module__
               for f in funcoes):  # idempotent: a module imported twice registers once
            funcoes.append(funcao)
        return funcao
    return registrar


def consequencia(tipo: str):
    """Decorator: `funcao(proc, insc, *, autor)` is an effect of a proven procedure of
    `tipo`, run by `decidir_procedimento` before the inscrição is eliminated."""
    return _registrador(_CONSEQUENCIAS, tipo)


def reversao(tipo: str):
    """Decorator: `funcao(proc, insc, *, autor)` undoes, when an appeal is granted, what the
    module's `consequencia` of `tipo` did."""
    return _registrador(_REVERSOES, tipo)


def consequencias_de(tipo: str) -> list[Callable]:
    return list(_CONSEQUENCIAS.get(tipo, ()))


# --- the registry of types -------------------------------------------------------------------


class TipoProcedimento:
    """What one kind of procedure checks at opening and does once proven."""

    tipo: str = ""

    def fundamentos(self, certame: Certame) -> Fundamentos:
        raise NotImplementedError

    def objeto(self, lista: str) -> str:
        """What is investigated, for acts, pages and the notice."""
        raise NotImplementedError

    def checar_abertura(self, insc: Inscricao, lista: str) -> str:
        """Refuse an opening the law does not allow; returns the (normalised) list."""
        raise NotImplementedError

    def aplicar(self, proc: ProcedimentoAdministrativo, insc: Inscricao, *, autor,
                motivacao: str, fundamento: str) -> dict:
        """The effects of a proven case (inside the decision's transaction); returns what
        they changed and a granted appeal restores (`ProcedimentoAdministrativo.efeitos`)."""
        raise NotImplementedError

    #: The modules owning effects of this type must have registered them (`consequencia`).
    consequencias_exigidas: int = 0

    def aplicar_registradas(self, proc, insc, *, autor) -> None:
        funcoes = consequencias_de(self.tipo)
        if len(funcoes) < self.consequencias_exigidas:
            raise RuntimeError(
                f"Effects of a proven {self.tipo!r} not registered: is the module that owns "
                "them imported by CandidatosConfig.ready()?")
        for funcao in funcoes:
            funcao(proc, insc, autor=autor)


class FalsidadeIsencao(TipoProcedimento):
    """False information to obtain the fee exemption (Lei 3.057/2026, art. 5º)."""

    tipo = Tipo.FALSIDADE_ISENCAO

    def fundamentos(self, certame: Certame) -> Fundamentos:
        return fundamentos_falsidade(certame)

    def objeto(self, lista: str) -> str:
        return _("falsidade no pedido de isenção da taxa")

    def checar_abertura(self, insc: Inscricao, lista: str) -> str:
        if lista:
            raise ValidationError(_("O procedimento por falsidade na isenção não se refere a "
                                    "uma lista reservada."))
        if not PedidoIsencao.objects.filter(inscricao_id=insc.pk).exists():
            raise ValidationError(_("A inscrição %(n)s não tem pedido de isenção.") % {
                "n": insc.numero})
        if ProcedimentoAdministrativo.objects.filter(
                inscricao=insc, tipo=self.tipo, conclusao=Conclusao.PROCEDENTE).exclude(
                recurso_resultado=ResultadoRecurso.PROVIDO).exists():
            raise ValidationError(_("A falsidade no pedido de isenção desta inscrição já foi "
                                    "apurada."))
        if ProcedimentoAdministrativo.objects.filter(inscricao=insc, tipo=self.tipo,
                                                     conclusao="").exists():
            raise ValidationError(_("Já há um procedimento em aberto sobre esta inscrição."))
        return ""

    #: The exemption side (art. 5º, I: request rejected; fee back to pending) lives with the
    #: rest of the exemption domain, which registers it (`candidatos.isencao`).
    consequencias_exigidas = 1

    def aplicar(self, proc, insc, *, autor, motivacao, fundamento) -> dict:
        efeitos = _situacao_anterior(insc)
        self.aplicar_registradas(proc, insc, autor=autor)
        _eliminar_ou_recalcular(
            insc, autor=autor, motivacao=motivacao, fundamento=fundamento,
            causa=_("procedimento por falsidade da inscrição %(n)s") % {"n": insc.numero})
        return efeitos


class FraudeAutodeclaracao(TipoProcedimento):
    """Fraud or bad faith in the self-declaration for one reserved list."""

    tipo = Tipo.FRAUDE_AUTODECLARACAO

    def fundamentos(self, certame: Certame) -> Fundamentos:
        return fundamentos_fraude(certame)

    def objeto(self, lista: str) -> str:
        return _("fraude na autodeclaração (lista %(l)s)") % {"l": lista}

    @staticmethod
    def listas_possiveis(insc: Inscricao) -> list[str]:
        """The racial lists of the regime the inscrição opted for. The seed laws' fraud
        articles are about the racial self-declaration (Severínia art. 12, Pirangi art. 7º,
        SMBV art. 3º §3º); the PcD assessment is a different procedure."""
        grupos = {g.codigo for g in insc.certame.regime_legal.grupos}
        return [lista for lista in insc.listas if lista in grupos]

    def checar_abertura(self, insc: Inscricao, lista: str) -> str:
        lista = (lista or "").strip()
        if not lista:
            raise ValidationError(_("Informe a lista reservada da autodeclaração."))
        if lista not in insc.listas:
            raise ValidationError(_("A inscrição %(n)s não optou pela lista %(l)s.") % {
                "n": insc.numero, "l": lista})
        if lista not in self.listas_possiveis(insc):
            raise ValidationError(_(
                "O procedimento por fraude na autodeclaração se refere às listas de pessoas "
                "pretas, pardas, indígenas ou quilombolas do regime (%(ls)s).") % {
                "ls": ", ".join(g.codigo for g in insc.certame.regime_legal.grupos)})
        if SituacaoLista.objects.filter(inscricao=insc, lista=lista,
                                        estado=EstadoLista.FRAUDE).exists():
            raise ValidationError(_("A fraude na lista %(l)s desta inscrição já foi apurada.")
                                  % {"l": lista})
        if ProcedimentoAdministrativo.objects.filter(inscricao=insc, tipo=self.tipo,
                                                     lista=lista, conclusao="").exists():
            raise ValidationError(_("Já há um procedimento por fraude na lista %(l)s em aberto "
                                    "sobre esta inscrição.") % {"l": lista})
        return lista

    def aplicar(self, proc, insc, *, autor, motivacao, fundamento) -> dict:
        # Spec section 5: "fraude" in any list takes the candidate out of every list.
        efeitos = _situacao_anterior(insc)
        self.aplicar_registradas(proc, insc, autor=autor)
        if proc.lista in insc.listas:
            atual = SituacaoLista.objects.filter(inscricao=insc, lista=proc.lista).first()
            efeitos["estado_lista_anterior"] = atual.estado if atual else EstadoLista.PENDENTE
            # Records its own act and queues the recompute.
            registrar_situacao_lista(insc, proc.lista, EstadoLista.FRAUDE, autor=autor,
                                     motivacao=motivacao, fundamento=fundamento)
            if insc.situacao in FINAIS:
                return efeitos
        _eliminar_ou_recalcular(
            insc, autor=autor, motivacao=motivacao, fundamento=fundamento,
            causa=_("fraude na autodeclaração da inscrição %(n)s") % {"n": insc.numero})
        return efeitos


TIPOS: dict[str, TipoProcedimento] = {t.tipo: t for t in (FalsidadeIsencao(),
                                                          FraudeAutodeclaracao())}


def tipo_de(tipo: str) -> TipoProcedimento:
    try:
        return TIPOS[tipo]
    except KeyError:
        raise ValidationError(_("Tipo de procedimento inválido.")) from None


def fundamentos_de(proc: ProcedimentoAdministrativo) -> Fundamentos:
    return tipo_de(proc.tipo).fundamentos(proc.inscricao.certame)


def objeto_de(proc: ProcedimentoAdministrativo) -> str:
    return tipo_de(proc.tipo).objeto(proc.lista)


# --- a granted appeal undoes the effects -------------------------------------------------


def _reintegrar(insc: Inscricao, situacao: str, *, autor, motivacao: str,
                fundamento: str) -> None:
    """Lift the elimination the reformed decision imposed: the inscrição returns to the
    situation it had before it (one act; the lists are recomputed on commit)."""
    insc = travar(Inscricao, insc, *_INSCRICAO_COM)
    if insc.situacao != Inscricao.Situacao.ELIMINADO:
        return
    insc.situacao = situacao
    insc.save(update_fields=["situacao", "atualizada_em"])
    registrar_ato(
        tipo="eliminacao_revogada", autor=autor, certame=insc.certame, objeto=insc,
        descricao=_("Eliminação da inscrição %(n)s desfeita: recurso provido no procedimento "
                    "administrativo.") % {"n": insc.numero},
        motivacao=motivacao, fundamento_legal=fundamento,
        antes={"situacao": Inscricao.Situacao.ELIMINADO}, depois={"situacao": situacao})
    solicitar_recalculo([insc.cargo_id], _("recurso provido da inscrição %(n)s") % {
        "n": insc.numero})


def _desfazer_efeitos(proc: ProcedimentoAdministrativo, insc: Inscricao, *, autor,
                      motivacao: str, fundamento: str) -> dict:
    """Undo what the reformed decision changed (`proc.efeitos`), each with its act: the
    list state back to the one before the fraud (if still "fraude"), the elimination lifted,
    the effects registered by other modules reversed (`reversao`). Returns what was undone."""
    funcoes = _REVERSOES.get(proc.tipo, [])
    if len(funcoes) < len(consequencias_de(proc.tipo)):
        raise ValidationError(_(
            "O recurso não pode ser provido pelo sistema: a reversão dos efeitos de %(o)s "
            "fora das listas não está disponível. Procure o suporte.") % {"o": objeto_de(proc)})
    efeitos = proc.efeitos or {}
    desfeitos: dict = {}
    anterior = efeitos.get("estado_lista_anterior")
    if anterior and proc.lista in insc.listas and SituacaoLista.objects.filter(
            inscricao=insc, lista=proc.lista, estado=EstadoLista.FRAUDE).exists():
        registrar_situacao_lista(insc, proc.lista, anterior, autor=autor, motivacao=motivacao,
                                 fundamento=fundamento)
        desfeitos["lista"] = {"lista": proc.lista, "estado": anterior}
    situacao = efeitos.get("situacao_anterior")
    if situacao:
        _reintegrar(insc, situacao, autor=autor, motivacao=motivacao, fundamento=fundamento)
        desfeitos["situacao"] = situacao
    if efeitos.get("chamadas_anuladas"):
        # The annulment of the nomeação loses its basis: revoked by a later act on the call.
        revogadas = revogar_anulacoes(
            efeitos["chamadas_anuladas"], autor=autor, motivacao=motivacao,
            fundamento=fundamento, procedimento=proc.pk,
            data=timezone.localdate(proc.recurso_julgado_em or timezone.now()))
        desfeitos["chamadas"] = [e.chamada_id for e in revogadas]
    for funcao in funcoes:
        funcao(proc, insc, autor=autor)
    return desfeitos

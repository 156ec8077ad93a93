"""Administrative procedures before a sanction (contraditório e ampla defesa): the domain.

One set of mechanics for the two kinds of `ProcedimentoAdministrativo`:

- `falsidade_isencao`: false information to obtain the fee exemption (Lei 3.057/2026 de
  Severínia, art. 5º);
- `fraude_autodeclaracao`: fraud or bad faith in the self-declaration for a reserved list
  (Severínia art. 12; Pirangi Lei 3.056/2025, art. 7º; SMBV LC 22/2026, art. 3º, §3º; the
  federal regime's `fundamento_fraude`).

Steps, each one function that checks the rule, writes inside one transaction, records the act
(`registrar_ato`) and queues follow-ups on commit:

    abrir_procedimento  -> notice with the facts and a deadline (e-mail on commit, portal page)
    apresentar_defesa   -> the candidate only, within the deadline, once
    decidir_procedimento -> after the defence or its deadline; motivated; the consequence by
                            the phase of the certame, with the legal basis of the type and regime
    registrar_encaminhamento -> the decision forwarded to an authority (Pirangi art. 7º, §2º)
    recorrer / julgar_recurso -> the candidate's one appeal against a proven case, within
                            `RegraSancao.prazo_recurso_dias` of the decision's notice, addressed
                            to the RH user who decided (who may reconsider within five days),
                            then judged by the certame's superior authority
                            (`nucleo.autoridade`); a granted appeal undoes the decision's
                            effects
    encerrar_procedimento -> the closing: decided, no appeal pending or possible, and every
                            forwarding the regime requires recorded (`motivo_para_nao_encerrar`);
                            an improcedente decision archives it at once

A case proven after the nomeação (or, for the exemption's falsity, after the call) annuls it:
the decision records the annulment as an act on the call (`candidatos.chamadas.anular_chamadas`,
with the regime's article), so the call stays in the history, unoccupied, every order shows it
as annulled and the recompute calls its reserved vacancy again (spec sections 7 and 9).

What a proven case does is type-specific (`TIPOS`, keyed by `ProcedimentoAdministrativo.tipo`);
what it does outside the lists and the inscrição (the exemption request, art. 5º, I) is
registered here by the module that owns it (`consequencia`), never imported from here.

The procedure is a plug-in of the procedure kernel (`nucleo.registro`, key
"procedimento_administrativo", registered by `CandidatosConfig.ready()`): the appeal is the
kernel's `nucleo.Recurso` with its attachments, filed through `nucleo.recursos`; the motivation
rule is `nucleo.motivacao`. It is decided case by case and notified to the candidate, never
published in lists (`publica_em_lotes = False`: the notice the procedure already has; LGPD,
Lei 13.709/2018, art. 6º, III).

A non-confirmation by the committee is not fraud (Severínia art. 11, caput; spec section 5): no
list state opens or implies a procedure here. RH opens one only on indications or a complaint.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.mail import send_mail
from django.db import models, transaction
from django.db.models import Exists, OuterRef, QuerySet
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from candidatos.chamadas import anular_chamadas, revogar_anulacoes
from candidatos.models import (
    EstadoLista,
    Inscricao,
    PedidoIsencao,
    ProcedimentoAdministrativo,
    SituacaoLista,
)
from candidatos.servicos import FINAIS, eliminar, registrar_situacao_lista
from certames.auditoria import registrar_ato
from certames.carreira import historico
from certames.models import Certame, Etapa, EventoChamada
from certames.recalculo import solicitar_recalculo
from certames.regras.procedimentos import RegraSancao, sancao_padrao
from certames.regras.regimes import Regime
from certames.travas import travar, travar_certame
from comum.filas import enfileirar
from comum.formatos import data_br, data_hora_br
from comum.papeis import e_rh
from nucleo import autoridade, registro
from nucleo import recursos as kernel
from nucleo.lotes import JanelaRecurso
from nucleo.models import Recurso
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


# --- notices by e-mail (Celery, queued on commit) --------------------------------------------


def _enfileirar(nome: str, proc_id: int) -> None:
    """Queue the task `nome` (`candidatos.tasks`, by name: the tasks import this module)
    once the transaction commits."""
    transaction.on_commit(lambda: enfileirar(nome, proc_id))


def _carregar(proc_id: int) -> ProcedimentoAdministrativo:
    return (ProcedimentoAdministrativo.objects
            .select_related("inscricao__candidato", "inscricao__certame").get(pk=proc_id))


def notificar_abertura(proc_id: int) -> None:
    proc = _carregar(proc_id)
    email = proc.inscricao.candidato.email
    if not email:
        return
    send_mail(
        _("Procedimento administrativo — inscrição %(n)s") % {"n": proc.inscricao.numero},
        _("Foi instaurado procedimento administrativo para apurar %(o)s na sua inscrição "
          "%(n)s no certame “%(c)s” (%(f)s).\n\nFatos: %(fatos)s\n\nVocê pode apresentar "
          "defesa na sua área do candidato, em “Procedimentos administrativos”, até %(p)s.") % {
            "o": objeto_de(proc), "n": proc.inscricao.numero,
            "c": proc.inscricao.certame.titulo, "f": fundamentos_de(proc).garantia,
            "fatos": proc.fatos, "p": data_hora(proc.prazo_defesa)},
        settings.DEFAULT_FROM_EMAIL, [email], fail_silently=True)


def notificar_decisao(proc_id: int) -> None:
    proc = _carregar(proc_id)
    email = proc.inscricao.candidato.email
    if not email:
        return
    send_mail(
        _("Decisão do procedimento administrativo — inscrição %(n)s") % {
            "n": proc.inscricao.numero},
        _("O procedimento administrativo sobre %(o)s na sua inscrição %(n)s no certame "
          "“%(c)s” foi decidido: %(d)s; consequência: %(q)s (%(f)s).\n\nMotivação: %(m)s\n\n"
          "A decisão está na sua área do candidato, em “Procedimentos administrativos”.") % {
            "o": objeto_de(proc), "n": proc.inscricao.numero,
            "c": proc.inscricao.certame.titulo, "d": proc.get_conclusao_display().lower(),
            "q": proc.get_consequencia_display().lower(), "f": proc.fundamento,
            "m": proc.motivacao},
        settings.DEFAULT_FROM_EMAIL, [email], fail_silently=True)


def notificar_julgamento(proc_id: int) -> None:
    """The ruling on the appeal, without its text (the candidate reads it in their area)."""
    proc = _carregar(proc_id)
    email = proc.inscricao.candidato.email
    if not email or not proc.recurso_resultado:
        return
    send_mail(
        _("Julgamento do recurso no procedimento administrativo — inscrição %(n)s") % {
            "n": proc.inscricao.numero},
        _("O seu recurso no procedimento administrativo sobre %(o)s na sua inscrição %(n)s no "
          "certame “%(c)s” foi julgado em %(d)s: %(r)s.\n\nO julgamento e a sua motivação "
          "estão na sua área do candidato, em “Procedimentos administrativos”.") % {
            "o": objeto_de(proc), "n": proc.inscricao.numero,
            "c": proc.inscricao.certame.titulo, "d": data_hora(proc.recurso_julgado_em),
            "r": proc.get_recurso_resultado_display().lower()},
        settings.DEFAULT_FROM_EMAIL, [email], fail_silently=True)


# --- the steps -------------------------------------------------------------------------------


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


# --- the appeal (the kernel's `nucleo.Recurso`) ----------------------------------------------
#
# Rules decided here. The municipal laws guarantee contraditório e ampla defesa in the
# procedure (LC 22/2026, art. 3º, §3º; Lei 3.056/2025, art. 7º; Lei 3.057/2026, arts. 5º,
# parágrafo único, and 12) and give it no procedure of its own; the federal law of the
# administrative process applies subsidiarily (Lei 9.784/1999, art. 69; to a municipality
# without a rule of its own: STJ, Súmula 633):
# - an appeal lies against a proven case (procedente) only: an archived one leaves the
#   candidate nothing to appeal against (arts. 56, caput, and 58, I: the appellant's
#   interest);
# - within `RegraSancao.prazo_recurso_dias` (ten: art. 59) of the decision's notice (the
#   candidate is notified at once, in their area and by e-mail), counted from the day after
#   and ending at the end of the last day, days counted continuously (art. 66, caput and
#   §2º; the extension to the next working day of §1º is not applied: the product has no
#   calendar of working days, RH may accept a late appeal outside the system);
# - one appeal, with attachments (`nucleo.recursos`); addressed to the authority that decided,
#   which may reconsider it within five days, then judged by the certame's superior authority,
#   a role RH assigns per certame, never another RH user (art. 56, §1º: `nucleo.autoridade`,
#   the same mechanism as every RH decision's appeal);
# - one motivated ruling (art. 50; `nucleo.motivacao`); a ruling against the candidate
#   (not provido) needs a specific motivation. A granted appeal (provido) reforms the decision
#   (art. 64): the fraud or falsity is not proven, so the sanction of the regime's law has no
#   basis any more and its effects are undone at once (see `julgar_recurso`). The decision
#   itself is never rewritten: the ruling is recorded beside it (`recurso_*`) and supersedes it.


def fundamento_recurso_de(proc: ProcedimentoAdministrativo) -> str:
    """The appeal's basis: the subsidiary federal rule and the regime's guarantee."""
    fund = fundamentos_de(proc)
    return f"{fund.fundamento_recurso}; {fund.garantia}"[:250]


def fim_do_prazo_recurso(notificado_em: dt.datetime, dias: int) -> dt.datetime:
    """The end of the last day: the day of the notice excluded, `dias` days counted
    continuously (Lei 9.784/1999, art. 66, caput and §2º; the kernel's one count)."""
    return autoridade.fim_do_prazo(notificado_em, dias)


def janela_recurso(proc: ProcedimentoAdministrativo,
                   agora: dt.datetime | None = None) -> JanelaRecurso:
    """The appeal window of the decision: from its notice (`decidido_em`, notified at once)
    for `RegraSancao.prazo_recurso_dias` days. An unsaved `Etapa`: it is derived from a stored
    date and the regime, never written. Undecided: no window."""
    agora = agora or timezone.now()
    if proc.decidido_em is None:
        return JanelaRecurso([], agora, CHAVE)
    dias = fundamentos_de(proc).prazo_recurso_dias
    etapa = Etapa(certame_id=proc.inscricao.certame_id, inicio=proc.decidido_em,
                  fim=fim_do_prazo_recurso(proc.decidido_em, dias),
                  descricao=_("Recurso da decisão do procedimento administrativo"))
    return JanelaRecurso([etapa], agora, CHAVE)


def recurso_de(proc: ProcedimentoAdministrativo) -> Recurso | None:
    return kernel.recurso_de(CHAVE, proc.pk)


def motivo_para_nao_recorrer(proc: ProcedimentoAdministrativo,
                             agora: dt.datetime | None = None) -> str | None:
    """Why the candidate cannot file an appeal now (Portuguese), or None."""
    return kernel.motivo_para_nao_recorrer(CHAVE, proc, agora=agora)


def apresentar_recurso(proc: ProcedimentoAdministrativo, *, autor, texto: str, arquivos=(),
                       agora: dt.datetime | None = None) -> Recurso:
    """The candidate's one appeal against a proven case (the kernel's), within the window."""
    return kernel.apresentar_recurso(CHAVE, proc, autor=autor, texto=texto,
                                     arquivos_enviados=arquivos, agora=agora)


def pode_julgar(user, proc: ProcedimentoAdministrativo,
                agora: dt.datetime | None = None) -> bool:
    """Only the certame's superior authority, once the appeal is forwarded
    (`nucleo.autoridade`: Lei 9.784/1999, art. 56, §1º)."""
    return motivo_para_nao_julgar(proc, user, agora=agora) is None


def motivo_para_nao_julgar(proc: ProcedimentoAdministrativo, autor,
                           recurso: Recurso | None = None,
                           agora: dt.datetime | None = None) -> str | None:
    """Why `autor` cannot judge the appeal now (Portuguese), or None."""
    recurso = recurso if recurso is not None else recurso_de(proc)
    if recurso is None:
        return _("Não há recurso a julgar neste procedimento.")
    if proc.recurso_resultado and not autoridade.reconsiderado(recurso):
        return _("O recurso já foi julgado em %(d)s; o julgamento é único.") % {
            "d": data_hora(proc.recurso_julgado_em)}
    return autoridade.motivo_para_nao_julgar(recurso, autor, agora)


def reconsiderar(proc: ProcedimentoAdministrativo, *, autor, motivacao: str,
                 agora: dt.datetime) -> dict:
    """The decider reconsiders (the plug-in's `reconsiderar`, inside the kernel's transaction,
    `nucleo.autoridade`): the appeal is granted, with the effects of a granted appeal (the
    decision is reformed and its effects undone, art. 64); the candidate is told."""
    proc = travar(_procedimentos(), proc, *_PROCEDIMENTO_COM)
    insc = travar(Inscricao, proc.inscricao, *_INSCRICAO_COM)
    recurso = recurso_de(proc)
    desfeitos = _registrar_julgamento(proc, insc, provido=True, motivacao=motivacao,
                                      autor=autor, agora=agora)
    _enfileirar(TAREFA_JULGAMENTO, proc.pk)
    return {"descricao": _("Decisão do procedimento por %(o)s da inscrição %(n)s "
                           "reconsiderada por quem a proferiu: recurso provido, efeitos "
                           "desfeitos.") % {"o": objeto_de(proc), "n": insc.numero},
            "depois": {"recurso": recurso.pk if recurso else None,
                       "resultado": ResultadoRecurso.PROVIDO, "desfeitos": desfeitos}}


def _registrar_julgamento(proc, insc, *, provido: bool, motivacao: str, autor,
                          agora: dt.datetime) -> dict:
    """The ruling beside the decision (`recurso_*`) and, provido, its effects undone."""
    fundamento = fundamento_recurso_de(proc)
    resultado = ResultadoRecurso.PROVIDO if provido else ResultadoRecurso.NAO_PROVIDO
    proc.recurso_resultado, proc.recurso_motivacao = resultado, motivacao
    proc.recurso_fundamento, proc.recurso_julgado_em = fundamento, agora
    proc.recurso_julgado_por = autor
    proc.save(update_fields=["recurso_resultado", "recurso_motivacao", "recurso_fundamento",
                             "recurso_julgado_em", "recurso_julgado_por"])
    return (_desfazer_efeitos(proc, insc, autor=autor, motivacao=motivacao,
                              fundamento=fundamento) if provido else {})


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


@transaction.atomic
def julgar_recurso(proc: ProcedimentoAdministrativo, *, provido: bool, motivacao: str, autor,
                   agora: dt.datetime | None = None) -> ProcedimentoAdministrativo:
    """The one motivated ruling on the candidate's appeal, by the certame's superior
    authority once the decider did not reconsider (Lei 9.784/1999, art. 56, §1º, and art. 50,
    applied subsidiarily: see the section's rules; `nucleo.autoridade`), recorded beside the
    decision (`recurso_*`) and as an act; the candidate is told by e-mail (Celery, on
    commit).

    Not provido: the decision stands, nothing else changes. Provido: the decision is
    reformed (art. 64): the fraud or falsity is not proven, so the sanction of the regime's
    law (Lei 3.057/2026, art. 12, parágrafo único, and art. 5º; Lei 3.056/2025, art. 7º,
    §1º; LC 22/2026, art. 3º, §3º) loses its basis and its effects are undone at once: the
    list state returns to the one it had before the decision (a committee's confirmation or
    non-confirmation stands: a non-confirmation is not fraud, Lei 3.057/2026, art. 11,
    caput), the elimination is lifted with its own act and the lists are recomputed; the
    exemption side of a falsity is undone by the module that owns it (`reversao`); the
    forwardings stop being due. The decision is never rewritten.
    """
    agora = agora or timezone.now()
    _checar_rh(autor)
    travar_certame(proc.inscricao.certame_id)
    proc = travar(_procedimentos(), proc, *_PROCEDIMENTO_COM)
    insc = travar(Inscricao, proc.inscricao, *_INSCRICAO_COM)
    recurso = recurso_de(proc)
    motivo = motivo_para_nao_julgar(proc, autor, recurso, agora)
    if motivo or recurso is None:  # no appeal: motivo says so
        raise ValidationError(motivo or "")
    motivacao = _motivacao(motivacao, desfavoravel=not provido,
                           especifica=_("as razões do recurso e a sua apreciação"))
    fundamento = fundamento_recurso_de(proc)
    resultado = ResultadoRecurso.PROVIDO if provido else ResultadoRecurso.NAO_PROVIDO
    desfeitos = _registrar_julgamento(proc, insc, provido=provido, motivacao=motivacao,
                                      autor=autor, agora=agora)
    registrar_ato(
        tipo="procedimento_recurso_julgado", autor=autor, certame=insc.certame, objeto=proc,
        descricao=_("Recurso no procedimento por %(o)s da inscrição %(n)s: %(r)s.") % {
            "o": objeto_de(proc), "n": insc.numero, "r": resultado.label.lower()},
        motivacao=motivacao, fundamento_legal=fundamento,
        depois={"recurso": recurso.pk, "resultado": resultado, "julgado_em": agora.isoformat(),
                "desfeitos": desfeitos})
    _enfileirar(TAREFA_JULGAMENTO, proc.pk)
    return proc


# --- the plug-in of the procedure kernel -----------------------------------------------------


class ProcedimentoAdministrativoPlugin(registro.Procedimento):
    """The procedimento administrativo as a plug-in of the kernel: decided case by case and
    notified to the candidate, not published in lists; the appeal is the kernel's, addressed
    to the RH user who decided, then judged by the certame's superior authority
    (`nucleo.autoridade`, `julgar_recurso`)."""

    chave = CHAVE
    slug = CHAVE
    nome = gettext_lazy("apuração de fraude ou falsidade")
    titulo = gettext_lazy("Procedimento administrativo (fraude ou falsidade)")
    publica_em_lotes = False
    pagina_do_candidato = "procedimentos:detalhe"

    def objetos(self, ids) -> QuerySet:
        return (ProcedimentoAdministrativo.objects.filter(pk__in=list(ids))
                .select_related(*_PROCEDIMENTO_COM).order_by("-aberto_em", "-pk"))

    def certame_id(self, objeto) -> int:
        return objeto.inscricao.certame_id

    def rotulo(self, objeto) -> str:
        return f"{objeto.inscricao.numero} ({objeto_de(objeto)})"

    def desfavoravel(self, objeto) -> bool:
        return objeto.conclusao == Conclusao.PROCEDENTE

    def motivo_para_nao_recorrer(self, objeto, agora: dt.datetime) -> str | None:
        if not objeto.conclusao:
            return _("O procedimento ainda não foi decidido.")
        return None

    def motivo_favoravel(self, objeto) -> str:
        return _("O procedimento foi arquivado (improcedente): não há decisão a recorrer.")

    def janela_recurso(self, objeto, agora: dt.datetime) -> JanelaRecurso:
        return janela_recurso(objeto, agora)

    def ao_apresentar_recurso(self, recurso, objeto, autor) -> dict:
        return {"descricao": _("Recurso contra a decisão do procedimento por %(o)s da "
                               "inscrição %(n)s.") % {"o": objeto_de(objeto),
                                                      "n": objeto.inscricao.numero},
                "depois": {"tipo": objeto.tipo, "lista": objeto.lista}}

    def recurso_julgado(self, recurso) -> bool:
        return ProcedimentoAdministrativo.objects.filter(
            pk=recurso.objeto_id).exclude(recurso_resultado="").exists()

    # RH decides the procedure: the appeal goes to the decider, then to the certame's
    # superior authority (Lei 9.784/1999, art. 56, §1º; `nucleo.autoridade`).
    decisao_do_rh = True

    def autor_da_decisao(self, objeto) -> int | None:
        return objeto.decidido_por_id

    def reconsiderar(self, recurso, objeto, *, autor, motivacao, dados, agora) -> dict:
        return reconsiderar(objeto, autor=autor, motivacao=motivacao, agora=agora)

    def url_rh(self, objeto) -> str:
        return reverse("painel:procedimentos_detalhe", args=[objeto.pk])

    def fundamento(self, regime: Regime, chave: str = "") -> str:
        """The regime's bases of both kinds (the kernel asks without the procedure)."""
        regras = [regime.regra_fraude]
        if regime.isencao is not None:
            regras.append(regime.isencao.falsidade)
        if chave == "recurso":
            textos = [regras[0].fundamento_recurso, *(r.garantia for r in regras)]
        else:
            textos = [r.procedimento for r in regras]
        return "; ".join(dict.fromkeys(textos))


PLUGIN = ProcedimentoAdministrativoPlugin()


def registrar_plugin() -> None:
    """Called by `CandidatosConfig.ready()`."""
    registro.registrar(PLUGIN)


# --- queries for the pages -------------------------------------------------------------------

#: Status filter of the RH list.
SITUACOES = {
    "aberto": gettext_lazy("Em aberto (não encerrado)"),
    "aguardando_defesa": gettext_lazy("Aguardando defesa (prazo em curso)"),
    "pronto": gettext_lazy("Pronto para decisão"),
    "decidido": gettext_lazy("Decidido"),
    "recurso": gettext_lazy("Recurso aguardando julgamento"),
    "encerrado": gettext_lazy("Encerrado"),
}


def procedimentos_do_certame(certame: Certame, *, tipo: str = "", situacao: str = "",
                             pendentes: bool = False,
                             agora: dt.datetime | None = None
                             ) -> list[ProcedimentoAdministrativo]:
    """The procedures of a certame, filtered; each carries `pendentes` (forwardings due) and
    `com_recurso` (an appeal was filed)."""
    agora = agora or timezone.now()
    qs: QuerySet = (ProcedimentoAdministrativo.objects.filter(inscricao__certame=certame)
                    .select_related("inscricao__candidato", "inscricao__cargo",
                                    "inscricao__certame")
                    .annotate(com_recurso=Exists(Recurso.objects.filter(
                        procedimento=CHAVE, objeto_id=OuterRef("pk"))))
                    .order_by("-aberto_em", "-pk"))
    if tipo in Tipo.values:
        qs = qs.filter(tipo=tipo)
    if situacao == "aberto":
        qs = qs.filter(encerrado_em__isnull=True)
    elif situacao == "encerrado":
        qs = qs.filter(encerrado_em__isnull=False)
    elif situacao == "decidido":
        qs = qs.exclude(conclusao="")
    elif situacao == "recurso":
        qs = qs.filter(com_recurso=True, recurso_resultado="")
    elif situacao == "aguardando_defesa":
        qs = qs.filter(conclusao="", defesa_em__isnull=True, prazo_defesa__gte=agora)
    elif situacao == "pronto":
        qs = qs.filter(conclusao="").filter(
            models.Q(defesa_em__isnull=False) | models.Q(prazo_defesa__lt=agora))
    linhas = []
    for proc in qs:
        proc.pendentes = [Destino(d) for d in encaminhamentos_pendentes(proc)]
        if pendentes and not proc.pendentes:
            continue
        linhas.append(proc)
    return linhas

"""Appeals against RH's decisions: first to the authority that decided, then to the certame's
superior authority (Lei 9.784/1999, art. 56, §1º). One mechanism for every procedure whose
first instance is RH (`Procedimento.decisao_do_rh`: the fee exemption, the special conditions
at the exam, the procedimento administrativo of fraud or falsity); a committee's decision goes
to its recursal committee instead (`Procedimento.pode_julgar`).

    "O recurso será dirigido à autoridade que proferiu a decisão, a qual, se não a reconsiderar
    no prazo de cinco dias, o encaminhará à autoridade superior." (art. 56, §1º)

The municipal laws give these decisions no appeal procedure of their own; the federal law of
the administrative process applies subsidiarily (art. 69; to a municipality without a rule of
its own: STJ, Súmula 633). Rules decided here:

- at its filing the appeal is addressed to the RH user who signed the decision appealed
  against (`Procedimento.autor_da_decisao`): a `TramiteRecurso` DIRIGIDO, with the end of the
  reconsideration period, written with the appeal (`nucleo.recursos`);
- the five days are calendar days counted from the filing, the day of the filing excluded,
  ending at the end of the fifth day in the órgão's time zone (art. 66, caput and §2º:
  "contam-se de modo contínuo"), moved to the next working day when that day has no office
  hours (§1º; the órgão's calendar: `certames.calendario.fim_do_prazo`, the one count):
  filed on Thursday 10/12/2026 -> the decider may reconsider until Tuesday 15/12 23:59:59;
  from 16/12 00:00 the appeal is with the superior authority;
- within the period the decider, and only the decider, records one motivated act (art. 50;
  `nucleo.motivacao`): reconsider, which grants the appeal (the plug-in records the reformed
  decision and its effects: `Procedimento.reconsiderar`), or keep the decision, which forwards
  the appeal at once (against the candidate: a specific motivation). A partial
  reconsideration is not offered: who would grant only part keeps the decision and says so;
- the period ending without that act forwards the appeal by itself ("open" is derived from
  the clock and the stored deadline: no job is needed, `tramite`);
- the superior authority is a role RH assigns per certame by an act (`AutoridadeRecursal`: an
  RH account, the designating act and its motivation); a new designation supersedes the one in
  force, never an edit. Only it judges a forwarded appeal (the plug-in's ruling, motivated):
  never another RH user, never the decider (not even when designated: nobody judges the
  appeal against their own decision), never before the forwarding. A certame without a
  designated authority keeps the forwarded appeal waiting and RH's pages say the role must be
  assigned: there is no fallback to "any RH user".
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from certames.auditoria import registrar_ato
from certames.calendario import fim_do_prazo
from certames.models import Certame
from certames.travas import travar_certame, travar_decisao
from comum.formatos import data_hora_br
from comum.papeis import GRUPO_RH, e_rh
from nucleo.models import AutoridadeRecursal, Recurso, TramiteRecurso
from nucleo.motivacao import validar_motivacao
from nucleo.registro import plugin

#: Lei 9.784/1999, art. 56, §1º.
PRAZO_RECONSIDERACAO_DIAS = 5
FUNDAMENTO = "Lei 9.784/1999, art. 56, §1º"
FUNDAMENTO_PRAZO = "Lei 9.784/1999, art. 56, §1º, e art. 66"
MAXIMO_ATO = 250

Etapa = TramiteRecurso.Etapa

# Where an appeal against an RH decision is (`Tramite.estado`).
RECONSIDERACAO = "reconsideracao"
AUTORIDADE_SUPERIOR = "autoridade_superior"
SEM_AUTORIDADE = "sem_autoridade"
RECONSIDERADO = "reconsiderado"
JULGADO = "julgado"

ROTULOS = {
    RECONSIDERACAO: gettext_lazy("Com quem decidiu, para reconsideração"),
    AUTORIDADE_SUPERIOR: gettext_lazy("Com a autoridade superior, para julgamento"),
    SEM_AUTORIDADE: gettext_lazy("Aguarda a designação da autoridade superior"),
    RECONSIDERADO: gettext_lazy("Decisão reconsiderada por quem decidiu"),
    JULGADO: gettext_lazy("Julgado"),
}


def nome(usuario) -> str:
    """How an authority is named on the pages and in the acts."""
    if usuario is None:
        return ""
    return usuario.get_full_name() or usuario.get_username()


# --- the superior authority of a certame --------------------------------------------------------


def designacoes(certame: Certame | int) -> list[AutoridadeRecursal]:
    """Every designation of the certame, the one in force last."""
    certame_id = getattr(certame, "pk", certame)
    return list(AutoridadeRecursal.objects.filter(certame_id=certame_id)
                .select_related("usuario", "designada_por").order_by("designada_em", "pk"))


def autoridade_em_vigor(certame: Certame | int) -> AutoridadeRecursal | None:
    """The superior authority in force: the latest designation (a new one supersedes)."""
    certame_id = getattr(certame, "pk", certame)
    return (AutoridadeRecursal.objects.filter(certame_id=certame_id)
            .select_related("usuario").order_by("-designada_em", "-pk").first())


def contas_designaveis():
    """The accounts RH may designate: active RH accounts (the role is RH's)."""
    return (get_user_model().objects.filter(is_active=True)
            .filter(groups__name=GRUPO_RH).distinct().order_by("first_name", "last_name",
                                                              "username"))


@transaction.atomic
def designar(certame: Certame, *, usuario, ato: str, motivacao: str, autor,
             agora: dt.datetime | None = None) -> AutoridadeRecursal:
    """RH designates the certame's superior authority by an act (the designating act and its
    motivation): a new row that supersedes the one in force, never an edit."""
    if not e_rh(autor):
        raise PermissionDenied(_("Só o RH designa a autoridade superior do certame."))
    agora = agora or timezone.now()
    certame = travar_certame(certame)
    if usuario is None or not usuario.is_active or not e_rh(usuario):
        raise ValidationError({"usuario": _(
            "A autoridade superior é uma conta ativa do RH: escolha uma delas.")})
    ato = (ato or "").strip()
    if not ato:
        raise ValidationError({"ato": _(
            "Informe o ato de designação (por exemplo, a portaria e a sua data).")})
    if len(ato) > MAXIMO_ATO:
        raise ValidationError({"ato": _("O ato de designação pode ter até %(n)d caracteres.")
                                      % {"n": MAXIMO_ATO}})
    motivacao = validar_motivacao(motivacao, desfavoravel=False, campo="motivacao")
    anterior = autoridade_em_vigor(certame)
    designacao = AutoridadeRecursal.objects.create(
        certame=certame, usuario=usuario, ato=ato, motivacao=motivacao, designada_em=agora,
        designada_por=autor)
    registrar_ato(
        tipo="autoridade_recursal_designada", autor=autor, certame=certame, objeto=designacao,
        descricao=_("Designação de %(n)s como autoridade superior do certame, que julga os "
                    "recursos contra decisões do RH não reconsideradas (%(a)s)%(s)s.") % {
            "n": nome(usuario), "a": ato,
            "s": _(", em substituição a %(x)s") % {"x": nome(anterior.usuario)}
            if anterior else ""},
        motivacao=motivacao, fundamento_legal=FUNDAMENTO,
        antes={"autoridade": anterior.usuario_id, "designacao": anterior.pk}
        if anterior else None,
        depois={"autoridade": usuario.pk, "designacao": designacao.pk, "ato": ato})
    return designacao


# --- where an appeal is ----------------------------------------------------------------------


def dirigir(recurso: Recurso, objeto, agora: dt.datetime | None = None) -> TramiteRecurso | None:
    """At the filing (inside its transaction): address an appeal against an RH decision to
    the authority that decided, with the end of its reconsideration period. None for a
    procedure whose first instance is not RH."""
    proc = plugin(recurso.procedimento)
    if not proc.decisao_do_rh:
        return None
    agora = agora or timezone.now()
    decisor = proc.autor_da_decisao(objeto)
    if decisor is None:
        raise ValidationError(_("A decisão recorrida não tem autor registrado: procure o RH."))
    return TramiteRecurso.objects.create(
        recurso=recurso, etapa=Etapa.DIRIGIDO, usuario_id=decisor, registrado_em=agora,
        prazo=fim_do_prazo(agora, PRAZO_RECONSIDERACAO_DIAS, recurso.inscricao))


@dataclass(frozen=True)
class Tramite:
    """Where an appeal against an RH decision is, at `agora`: the one answer every page
    shows (`tramite`)."""

    estado: str
    recurso: Recurso
    #: The authority that decided, to whom the appeal was addressed.
    decisor: object | None = None
    #: The end of the reconsideration period.
    prazo: dt.datetime | None = None
    #: The decider's act: reconsidered, or kept and forwarded.
    ato_do_decisor: TramiteRecurso | None = None
    #: The superior authority in force (SEM_AUTORIDADE: none, or one that cannot judge it).
    autoridade: AutoridadeRecursal | None = None
    #: Why the designated authority cannot judge this appeal ("" when it can).
    impedimento: str = ""
    #: The procedure publishes its results in batches: the candidate learns the appeal's
    #: outcome from the final result's publication, not from here.
    em_lotes: bool = False
    nome_procedimento: str = ""

    @property
    def rotulo(self) -> str:
        return str(ROTULOS[self.estado])

    @property
    def encaminhado(self) -> bool:
        return self.estado in (AUTORIDADE_SUPERIOR, SEM_AUTORIDADE)

    @property
    def por_decurso(self) -> bool:
        """Forwarded because the period ended without the decider's act."""
        return self.encaminhado and self.ato_do_decisor is None

    def _encaminhamento(self) -> str:
        if self.ato_do_decisor is not None:
            return _("A autoridade que proferiu a decisão (%(d)s) a manteve em %(e)s e "
                     "encaminhou o recurso à autoridade superior do certame") % {
                "d": nome(self.decisor), "e": data_hora_br(self.ato_do_decisor.registrado_em)}
        if self.decisor is None:  # an appeal filed before the reconsideration existed
            return _("O recurso está com a autoridade superior do certame")
        return _("A autoridade que proferiu a decisão (%(d)s) não a reconsiderou no prazo, "
                 "que terminou em %(p)s: o recurso foi encaminhado à autoridade superior do "
                 "certame") % {"d": nome(self.decisor), "p": data_hora_br(self.prazo)}

    @property
    def texto(self) -> str:
        """For the candidate."""
        if self.estado == RECONSIDERACAO:
            return _("Seu recurso está com a autoridade que proferiu a decisão (%(d)s), que "
                     "pode reconsiderá-la até %(p)s. Se não a reconsiderar, o recurso vai à "
                     "autoridade superior do certame, que o julga (%(f)s).") % {
                "d": nome(self.decisor), "p": data_hora_br(self.prazo), "f": FUNDAMENTO}
        if self.estado == AUTORIDADE_SUPERIOR:
            return _("%(e)s (%(a)s), que o julgará.") % {
                "e": self._encaminhamento(), "a": nome(self.autoridade.usuario)}
        if self.estado == SEM_AUTORIDADE:
            return _("%(e)s. O recurso aguarda o julgamento pela autoridade superior, que o RH "
                     "ainda vai designar.") % {"e": self._encaminhamento()}
        if self.em_lotes:  # RECONSIDERADO or JULGADO: the outcome is the final result's
            return _("Seu recurso já foi decidido. O resultado é o do resultado definitivo da "
                     "%(p)s, quando publicado.") % {"p": self.nome_procedimento}
        if self.estado == RECONSIDERADO:
            return _("A autoridade que proferiu a decisão (%(d)s) a reconsiderou em %(e)s: "
                     "seu recurso foi atendido.") % {
                "d": nome(self.ato_do_decisor.usuario),
                "e": data_hora_br(self.ato_do_decisor.registrado_em)}
        if self.decisor is None:
            return _("Seu recurso foi julgado.")
        return _("Seu recurso foi julgado pela autoridade superior do certame.")

    @property
    def texto_rh(self) -> str:
        """For RH: the same answer, with what RH must do (and the outcome's step)."""
        if self.estado == RECONSIDERACAO:
            texto = _("Com %(d)s, que proferiu a decisão, para reconsiderar ou manter até %(p)s "
                      "(%(f)s: cinco dias corridos da apresentação, excluído o dia do início, "
                      "prorrogados ao primeiro dia útil seguinte se o último não tiver "
                      "expediente). Depois, vai à autoridade superior do certame.") % {
                "d": nome(self.decisor), "p": data_hora_br(self.prazo), "f": FUNDAMENTO_PRAZO}
            if self.autoridade is None or self.impedimento:
                texto += " " + self.falta_autoridade
            return texto
        if self.estado == AUTORIDADE_SUPERIOR:
            return _("%(e)s: só %(a)s (designada pelo ato “%(x)s”) o julga.") % {
                "e": self._encaminhamento(), "a": nome(self.autoridade.usuario),
                "x": self.autoridade.ato}
        if self.estado == SEM_AUTORIDADE:
            return _("%(e)s, mas aguarda. %(m)s") % {
                "e": self._encaminhamento(), "m": self.falta_autoridade}
        if self.estado == RECONSIDERADO:
            return _("Reconsiderada por %(d)s, que proferiu a decisão, em %(e)s: recurso "
                     "atendido.") % {"d": nome(self.ato_do_decisor.usuario),
                                     "e": data_hora_br(self.ato_do_decisor.registrado_em)}
        return _("Julgado.") if self.decisor is None else _(
            "Julgado pela autoridade superior do certame.")

    @property
    def falta_autoridade(self) -> str:
        """Why no superior authority can judge the appeal ("" when one can)."""
        if self.impedimento:
            return self.impedimento
        if self.autoridade is not None:
            return ""
        return _("Este certame não tem autoridade superior designada: designe-a na página do "
                 "certame (seção “Autoridade superior”). Nenhum outro usuário do RH julga o "
                 "recurso.")


def _impedimento(autoridade: AutoridadeRecursal | None, decisor_id: int | None) -> str:
    if autoridade is None:
        return ""
    if decisor_id is not None and autoridade.usuario_id == decisor_id:
        return _("A autoridade superior designada (%(a)s) proferiu a decisão recorrida e não "
                 "julga o recurso contra ela (%(f)s): designe outra autoridade na página do "
                 "certame.") % {"a": nome(autoridade.usuario), "f": FUNDAMENTO}
    if not autoridade.usuario.is_active or not e_rh(autoridade.usuario):
        return _("A autoridade superior designada (%(a)s) não é mais uma conta ativa do RH: "
                 "designe outra na página do certame.") % {"a": nome(autoridade.usuario)}
    return ""


def tramite(recurso: Recurso, agora: dt.datetime | None = None) -> Tramite | None:
    """Where an appeal against an RH decision is now (None for a committee's decision): with
    the decider for reconsideration until the end of the period, then with the certame's
    superior authority (or waiting for its designation), or decided: reconsidered by the
    decider, or judged."""
    proc = plugin(recurso.procedimento)
    if not proc.decisao_do_rh:
        return None
    agora = agora or timezone.now()
    passos = {t.etapa: t for t in TramiteRecurso.objects.filter(recurso=recurso)
              .select_related("usuario")}
    dirigido = passos.get(Etapa.DIRIGIDO)
    ato = passos.get(Etapa.RECONSIDERADO) or passos.get(Etapa.MANTIDO)
    decisor = dirigido.usuario if dirigido else None
    prazo = dirigido.prazo if dirigido else None
    base = {"recurso": recurso, "decisor": decisor, "prazo": prazo, "ato_do_decisor": ato,
            "em_lotes": proc.publica_em_lotes, "nome_procedimento": str(proc.nome)}
    if ato is not None and ato.etapa == Etapa.RECONSIDERADO:
        return Tramite(RECONSIDERADO, **base)
    if proc.recurso_julgado(recurso):
        return Tramite(JULGADO, **base)
    certame_id = Recurso.objects.filter(pk=recurso.pk).values_list(
        "inscricao__certame_id", flat=True).first()
    autoridade = autoridade_em_vigor(certame_id)
    impedimento = _impedimento(autoridade, dirigido.usuario_id if dirigido else None)
    base.update(autoridade=autoridade, impedimento=impedimento)
    if dirigido is not None and ato is None and agora <= dirigido.prazo:
        return Tramite(RECONSIDERACAO, **base)
    if autoridade is None or impedimento:
        return Tramite(SEM_AUTORIDADE, **base)
    return Tramite(AUTORIDADE_SUPERIOR, **base)


def reconsiderado(recurso: Recurso) -> bool:
    """The decider reconsidered the decision (the appeal was granted at once)."""
    return TramiteRecurso.objects.filter(recurso=recurso, etapa=Etapa.RECONSIDERADO).exists()


def tramite_de(chave: str, objeto_id: int, agora: dt.datetime | None = None) -> Tramite | None:
    """`tramite` of the appeal against this decision, if there is one."""
    recurso = Recurso.objects.filter(procedimento=chave, objeto_id=objeto_id).first()
    return tramite(recurso, agora) if recurso is not None else None


# --- the decider: reconsider, or keep and forward ----------------------------------------------


def motivo_para_nao_reconsiderar(recurso: Recurso, user,
                                 agora: dt.datetime | None = None) -> str | None:
    """Why `user` cannot reconsider (or keep) the decision now (Portuguese), or None."""
    atual = tramite(recurso, agora)
    if atual is None:
        return _("Esta decisão não é do RH: o recurso vai à sua instância recursal.")
    if atual.estado in (RECONSIDERADO, JULGADO):
        return _("O recurso já foi decidido: %(r)s.") % {"r": atual.rotulo.lower()}
    if atual.ato_do_decisor is not None:
        return _("A decisão já foi mantida e o recurso encaminhado à autoridade superior.")
    if atual.decisor is None:
        return _("Este recurso foi apresentado antes da reconsideração pelo RH: está com a "
                 "autoridade superior do certame.")
    if getattr(user, "pk", None) != atual.decisor.pk or not e_rh(user):
        return _("Só quem proferiu a decisão (%(d)s) pode reconsiderá-la (%(f)s).") % {
            "d": nome(atual.decisor), "f": FUNDAMENTO}
    if atual.estado != RECONSIDERACAO:
        return _("O prazo de reconsideração terminou em %(p)s: o recurso foi encaminhado à "
                 "autoridade superior do certame (%(f)s).") % {
            "p": data_hora_br(atual.prazo), "f": FUNDAMENTO_PRAZO}
    return None


def reconsiderar(recurso: Recurso, *, autor, reconsidera: bool, motivacao: str,
                 dados: dict | None = None, agora: dt.datetime | None = None) -> TramiteRecurso:
    """The decider's one act within the period (art. 56, §1º): reconsider (the plug-in records
    the reformed decision: the appeal is granted) or keep the decision and forward the appeal
    to the certame's superior authority. Motivated (art. 50); an act."""
    agora = agora or timezone.now()
    with transaction.atomic():
        proc = plugin(recurso.procedimento)
        objeto = proc.objetos([recurso.objeto_id]).first()
        if objeto is None:
            raise ValidationError(_("A decisão recorrida não foi encontrada."))
        certame = travar_certame(proc.certame_id(objeto))
        objeto = travar_decisao(type(objeto), objeto.pk)
        # The certame's and the decided object's locks serialise the steps (the appeal's own
        # row is append-only: PostgreSQL refuses FOR UPDATE without the UPDATE grant).
        recurso = Recurso.objects.get(pk=recurso.pk)
        motivo = motivo_para_nao_reconsiderar(recurso, autor, agora)
        if motivo:
            raise ValidationError(motivo)
        motivacao = validar_motivacao(
            motivacao, desfavoravel=not reconsidera, campo="motivacao",
            especifica=_("as razões do recurso e por que a decisão é mantida"))
        passo = TramiteRecurso.objects.create(
            recurso=recurso, etapa=Etapa.RECONSIDERADO if reconsidera else Etapa.MANTIDO,
            usuario=autor, motivacao=motivacao, registrado_em=agora)
        resumo = (proc.reconsiderar(recurso, objeto, autor=autor, motivacao=motivacao,
                                    dados=dados or {}, agora=agora) if reconsidera else {})
        autoridade = autoridade_em_vigor(certame)
        if reconsidera:
            descricao = _("Decisão reconsiderada por quem a proferiu: recurso atendido "
                          "(%(p)s, %(o)s).")
        elif autoridade is not None:
            descricao = _("Decisão mantida por quem a proferiu; recurso encaminhado à "
                          "autoridade superior do certame, %(a)s (%(p)s, %(o)s).")
        else:
            descricao = _("Decisão mantida por quem a proferiu; recurso encaminhado à "
                          "autoridade superior do certame, ainda não designada (%(p)s, %(o)s).")
        registrar_ato(
            tipo="recurso_reconsiderado" if reconsidera else "recurso_mantido_encaminhado",
            autor=autor, certame=certame, objeto=recurso,
            descricao=resumo.get("descricao") or descricao % {
                "p": proc.nome, "o": proc.rotulo(objeto),
                "a": nome(autoridade.usuario) if autoridade else ""},
            motivacao=motivacao, fundamento_legal=FUNDAMENTO,
            depois={"objeto": objeto.pk, "etapa": passo.etapa, "tramite": passo.pk,
                    "autoridade": autoridade.usuario_id if autoridade else None,
                    **resumo.get("depois", {})})
    return passo


# --- the superior authority: the ruling ---------------------------------------------------------


def motivo_para_nao_julgar(recurso: Recurso, user, agora: dt.datetime | None = None
                           ) -> str | None:
    """Why `user` cannot judge this appeal against an RH decision now (Portuguese), or None:
    only the certame's superior authority in force, once the appeal is forwarded."""
    atual = tramite(recurso, agora)
    if atual is None:
        return _("Esta decisão não é do RH: o recurso vai à sua instância recursal.")
    if atual.estado == RECONSIDERADO:
        return _("A decisão foi reconsiderada por quem a proferiu: não há recurso a julgar.")
    if atual.estado == JULGADO:
        return _("O recurso já foi julgado.")
    if atual.estado == RECONSIDERACAO:
        return _("O recurso está com quem proferiu a decisão (%(d)s), que pode reconsiderá-la "
                 "até %(p)s; só depois vai à autoridade superior do certame (%(f)s).") % {
            "d": nome(atual.decisor), "p": data_hora_br(atual.prazo), "f": FUNDAMENTO}
    if atual.estado == SEM_AUTORIDADE:
        return atual.falta_autoridade
    if not e_rh(user) or getattr(user, "pk", None) != atual.autoridade.usuario_id:
        return _("Só a autoridade superior designada para este certame (%(a)s) julga o "
                 "recurso (%(f)s).") % {"a": nome(atual.autoridade.usuario), "f": FUNDAMENTO}
    return None


def pode_julgar(user, recurso: Recurso, agora: dt.datetime | None = None) -> bool:
    return motivo_para_nao_julgar(recurso, user, agora) is None


def checar_julgamento(chave: str, objeto_id: int, user,
                      agora: dt.datetime | None = None) -> Recurso:
    """For the plug-ins' ruling (inside its transaction, after the locks): the appeal, or a
    ValidationError saying why `user` cannot judge it now."""
    recurso = Recurso.objects.filter(procedimento=chave, objeto_id=objeto_id).first()
    if recurso is None:
        raise ValidationError(_("Não há recurso a julgar."))
    motivo = motivo_para_nao_julgar(recurso, user, agora)
    if motivo:
        raise ValidationError(motivo)
    return recurso


def aguardando_autoridade(certame: Certame, agora: dt.datetime | None = None
                          ) -> list[Tramite]:
    """The certame's appeals against RH decisions forwarded and waiting for a superior
    authority able to judge them (RH's certame page says the role must be assigned)."""
    agora = agora or timezone.now()
    saida = []
    recursos = (Recurso.objects.filter(inscricao__certame=certame,
                                       tramites__etapa=Etapa.DIRIGIDO)
                .exclude(tramites__etapa=Etapa.RECONSIDERADO).distinct().order_by("pk"))
    for recurso in recursos:
        atual = tramite(recurso, agora)
        if atual is not None and atual.estado == SEM_AUTORIDADE:
            saida.append(atual)
    return saida


"""The calls as acts (spec section 9): convocação, nomeação, posse,
exercício, desistência, tornar sem efeito and fim de fila.

Rules decided here:
- RH calls the next positions of the cargo's call order as published in the homologated final
  classification (`Publicacao` FINAL of the newest version, computed after every act): the
  order is published in advance (Lei 3.057/2026, art. 17, parágrafo único) and is the servant's
  order for the whole career (Lei 3.056/2025, art. 12, §2º). Each call is one act at a fixed
  position (`Chamada`), with the deadline to present the documents, one e-mail and the portal's
  notice (the status page).
- What happens next is one act each (`EventoChamada`), recorded once and never rewritten:
  nomeação, then posse, then exercício; or desistência (declined or missed the deadline) before
  the posse; or tornar sem efeito before the exercício; or fim de fila before the nomeação,
  only where the edital allows it (`Certame.parametros["permite_fim_de_fila"]`).
- A desistência, a sem efeito or a fim de fila frees the call: the cargo is recomputed and the
  engine (section 7) calls a freed reserved vacancy again from its own group.
- The engine also frees the call of a candidate who became desistente or eliminated by an act
  on the inscrição: nomeação, posse and exercício are then refused on that call (else the
  vacancy would be filled twice); the desistência or the sem efeito may still be recorded.
- The annulment of the nomeação (`anulada`; spec section 9) is recorded only by the decision of
  the fraud or falsity procedure that proved it (`candidatos.procedimentos`), with the regime's
  article, never on RH's call page (`anular_chamadas`); a granted appeal in that procedure
  revokes it by a later act (`revogar_anulacoes`). The annulled call stays in the history,
  unoccupied: the recompute calls its reserved vacancy again (section 7, step 2) and every
  order shows it as annulled (`certames.carreira.SituacaoChamada`).
- The recompute reads the history (`classificacao.listas.montar_entrada`) and never
  rewrites it.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Prefetch
from django.utils import timezone
from django.utils.translation import gettext as _

from candidatos import posse
from candidatos.models import Inscricao
from candidatos.servicos import FINAIS, registrar_desistencia
from certames import instantaneo
from certames.auditoria import registrar_ato
from certames.carreira import (
    LIBERAM,
    SituacaoChamada,
    Tipo,
    fundamento_ordem,
    prazo_da_chamada_encerrado,
    situacao_da_chamada,
    ultimo_dia_da_chamada,
    vigentes,
)
from certames.models import (
    Ato,
    Cargo,
    Chamada,
    EventoChamada,
    Publicacao,
    VersaoClassificacao,
)
from certames.recalculo import estado_recalculo, mensagem_aguardando_nota, solicitar_recalculo
from certames.travas import travar
from comum import emails
from comum.filas import enfileirar
from comum.formatos import data_br

#: The call's e-mail task (candidatos/tasks.py), queued by name: the tasks import this module.
TAREFA_EMAIL_CONVOCACAO = "candidatos.email_convocacao"

#: Desistência frees the vacancy for the next of the same list: the basis is the freed seat's
#: list's own article in the certame's regime (`Regime.fundamento_desistencia`); this stands
#: only where the seat is not known.
FUNDAMENTO_DESISTENCIA = ("regras de reserva, seção 7, passo 2 (a vaga liberada é convocada de "
                          "novo na sua própria lista)")
#: Fim de fila: reclassificação para o final da lista, only where the edital provides it.
FUNDAMENTO_FIM_DE_FILA = "edital (permite_fim_de_fila); regras de reserva, seções 5 e 7"
#: A product default: the deadline to present the documents when RH gives none.
PRAZO_PADRAO_DIAS = 30



def permite_fim_de_fila(certame) -> bool:
    return (certame.parametros or {}).get("permite_fim_de_fila") is True


# --- reading the history ----------------------------------------------------------------------


def chamadas_da_inscricao(inscricao: Inscricao) -> list[SituacaoChamada]:
    """The inscrição's calls in the order of nomeação, each with its acts (two queries: its
    own rows, not the cargo's whole history), the inscrição and its cargo already read (the
    cargo leads to the órgão's calendar: `SituacaoChamada.ultimo_dia`)."""
    lidas = list(Chamada.objects.filter(inscricao_id=inscricao.pk).order_by("posicao")
                 .prefetch_related(Prefetch("eventos",
                                            queryset=EventoChamada.objects.order_by("pk"))))
    saida = []
    for c in lidas:
        Chamada.inscricao.field.set_cached_value(c, inscricao)
        if c.cargo_id == inscricao.cargo_id:
            Chamada.cargo.field.set_cached_value(c, inscricao.cargo)
        saida.append(SituacaoChamada(c, {e.tipo: e for e in c.eventos.all()}))
    return saida


# --- calling ----------------------------------------------------------------------------------


def versao_para_chamar(cargo: Cargo) -> VersaoClassificacao:
    """The version whose call order RH follows: the newest one, computed after every act and
    published as the homologated final classification. Raises ValidationError saying what
    is missing."""
    if estado_recalculo(cargo).codigo != "atualizada":
        raise ValidationError(_(
            "Há atos posteriores à última versão da classificação ainda não calculados: "
            "aguarde o recálculo (ou clique em “Recalcular agora”) antes de convocar."))
    versao = cargo.versoes_classificacao.order_by("-numero").first()
    if versao is not None and versao.aguardando_nota:
        # A cargo in phases: a seat may be of someone the banca has not scored yet.
        raise ValidationError(mensagem_aguardando_nota(versao))
    if versao is None or not versao.publicacoes.filter(tipo=Publicacao.Tipo.FINAL).exists():
        raise ValidationError(_(
            "A convocação segue a ordem publicada no resultado final (homologado): publique "
            "como resultado final a versão mais recente da classificação (%(v)s) antes de "
            "convocar (%(f)s).") % {"v": versao.numero if versao else "—",
                                     "f": fundamento_ordem(cargo)})
    return versao


def proximas(cargo: Cargo, versao: VersaoClassificacao, feitas: list[Chamada]):
    """The version's positions not called yet, with a candidate, in order; every call made
    must be the version's own position (it was computed with the history). A position the
    version holds without a candidate (a reserved seat kept for its list: no preterição,
    spec sections 6-7) is skipped, and the calls after it keep their positions."""
    ordem = instantaneo.convocacao(versao)
    por_posicao = {p.posicao: p for p in ordem}
    for c in feitas:
        p = por_posicao.get(c.posicao)
        if p is None or (p.inscricao_id, p.vaga) != (c.inscricao_id, c.vaga):
            raise ValidationError(_(
                "A versão %(v)d não reproduz a convocação já feita na posição %(p)d: recalcule "
                "a classificação e publique a nova versão.") % {"v": versao.numero,
                                                                  "p": c.posicao})
    chamadas = {c.posicao for c in feitas}
    return [p for p in ordem if p.posicao not in chamadas and p.inscricao_id is not None]


@transaction.atomic
def convocar(cargo: Cargo | int, quantidade: int, *, prazo: dt.date, autor,
             hoje: dt.date | None = None) -> list[Chamada]:
    """Call the next `quantidade` positions of the published call order: one act, one e-mail
    and the portal's notice each, with the deadline to present the documents."""
    hoje = hoje or timezone.localdate()
    cargo_id = cargo.pk if isinstance(cargo, Cargo) else cargo
    cargo = posse.travar_cargo_em_curso(cargo_id)
    if quantidade < 1:
        raise ValidationError(_("Informe quantas posições convocar (ao menos uma)."))
    if prazo < hoje:
        raise ValidationError(_("O prazo para apresentar os documentos não pode ser "
                                "anterior a hoje."))
    certame = cargo.certame
    if certame.homologado_em is None:
        raise ValidationError(_("Só se convoca depois da homologação do resultado final."))
    if certame.valido_ate is not None and hoje > certame.valido_ate:
        raise ValidationError(_("A validade do certame terminou em %(d)s: não há mais "
                                "convocação (Constituição Federal, art. 37, III).") % {
            "d": data_br(certame.valido_ate)})
    versao = versao_para_chamar(cargo)
    feitas = list(Chamada.objects.filter(cargo=cargo).order_by("posicao"))
    livres = proximas(cargo, versao, feitas)
    if not livres:
        raise ValidationError(_("Não há posição a convocar na ordem publicada (todas as "
                                "vagas já foram convocadas ou não há candidatos)."))
    if quantidade > len(livres):
        raise ValidationError(_("Só há %(n)d posição(ões) a convocar na ordem publicada.") % {
            "n": len(livres)})
    agora = timezone.now()
    novas = []
    for p in livres[:quantidade]:
        insc = travar(Inscricao, p.inscricao_id, "candidato")
        if insc.situacao in FINAIS:
            raise ValidationError(_("A inscrição %(n)s está %(s)s: recalcule e publique a "
                                    "nova versão.") % {"n": insc.numero,
                                                       "s": insc.get_situacao_display().lower()})
        chamada = Chamada.objects.create(
            cargo=cargo, posicao=p.posicao, inscricao=insc, vaga=p.vaga,
            lista=p.lista or p.vaga, versao=versao, chamada_em=agora, prazo=prazo,
            autor=autor if getattr(autor, "is_authenticated", False) else None)
        if insc.convocada_em is None:
            insc.convocada_em = agora
            insc.save(update_fields=["convocada_em", "atualizada_em"])
        registrar_ato(
            tipo="convocacao", autor=autor, certame=certame, objeto=insc,
            descricao=_("Convocação da inscrição %(n)s na %(p)dª posição (vaga %(v)s) do "
                        "cargo %(c)s; prazo até %(d)s.") % {
                "n": insc.numero, "p": p.posicao, "v": p.vaga, "c": cargo.codigo,
                "d": data_br(prazo)},
            fundamento_legal=fundamento_ordem(cargo),
            depois={"chamada": chamada.pk, "posicao": p.posicao, "vaga": p.vaga,
                    "lista": chamada.lista, "versao": versao.numero,
                    "prazo": prazo.isoformat(),
                    # Where the occupant came from and why (spec section 7, step 5).
                    "fundamento_posicao": p.fundamento})
        transaction.on_commit(
            lambda c=chamada.pk: enfileirar(TAREFA_EMAIL_CONVOCACAO, c))
        novas.append(chamada)
    return novas


def enviar_email_convocacao(chamada_id: int) -> bool:
    """The call's e-mail (the Celery task's body); a mail server's failure raises, after the
    retries of `comum.emails`."""
    chamada = Chamada.objects.select_related("inscricao__candidato", "cargo__certame").get(
        pk=chamada_id)
    email = chamada.inscricao.candidato.email
    if not email:
        return False
    emails.convocacao_chamada(email, {
        "numero": chamada.inscricao.numero, "cargo": chamada.cargo.nome,
        "certame": chamada.cargo.certame.titulo, "posicao": chamada.posicao,
        "vaga": chamada.vaga, "prazo": data_br(ultimo_dia_da_chamada(chamada))},
        ato=Ato.objects.filter(pk=atos_das_chamadas([chamada.pk]).get(chamada.pk)).first(),
        inscricao=chamada.inscricao,
        # Keyed: the task delivered twice calls the candidate once (comum.models.Aviso.chave).
        chave=f"chamada:{chamada.pk}")
    return True


def atos_das_chamadas(chamada_ids) -> dict[int, int]:
    """The act of each call (`convocacao`, which names its call in `depois`): its id by the
    call's (the notice belongs to it: `comum.emails.enviar(ato=...)`, RH's call list)."""
    ids = list(chamada_ids)
    if not ids:
        return {}
    return {depois["chamada"]: pk for pk, depois in Ato.objects.filter(
        tipo="convocacao", depois__chamada__in=ids).values_list("pk", "depois")}


# --- what happens to a call -------------------------------------------------------------------

#: Acts of a candidate who occupies the call: refused once the inscrição is desistente or
#: eliminated, whose call the engine frees.
_OCUPAM = (Tipo.NOMEACAO, Tipo.POSSE, Tipo.EXERCICIO)
FUNDAMENTO_OCUPACAO = ("regras de reserva, seção 7: a convocação de candidato desistente ou "
                       "eliminado não ocupa a vaga")
#: What must be there before each act, and what may not (read on the acts that stand,
#: `carreira.vigentes`: after a revoked annulment the call goes on as before it).
_REQUER = {Tipo.POSSE: Tipo.NOMEACAO, Tipo.EXERCICIO: Tipo.POSSE,
           Tipo.ANULACAO_REVOGADA: Tipo.ANULADA}
_IMPEDE = {
    Tipo.ACEITE: (*LIBERAM, Tipo.NOMEACAO),
    Tipo.NOMEACAO: (*LIBERAM,),
    Tipo.POSSE: (*LIBERAM,),
    Tipo.EXERCICIO: (*LIBERAM,),
    Tipo.DESISTENCIA: (*LIBERAM, Tipo.POSSE),
    Tipo.SEM_EFEITO: (*LIBERAM, Tipo.EXERCICIO),
    Tipo.FIM_DE_FILA: (*LIBERAM, Tipo.NOMEACAO),
    # A freed call holds no vacancy, so there is nothing to annul.
    Tipo.ANULADA: (*LIBERAM,),
    Tipo.ANULACAO_REVOGADA: (),
}
#: Acts recorded only by the decision of a procedure (spec section 9; a decision is taken
#: only by the procedure the law gives it to): never on RH's call page.
PELO_PROCEDIMENTO = (Tipo.ANULADA, Tipo.ANULACAO_REVOGADA)
#: The candidate's own answer, recorded only in the portal (`aceitar_pelo_candidato`).
PELO_CANDIDATO = (Tipo.ACEITE,)
#: The acts RH records on a call (the cargo page's links; `painel.views.chamadas.EventoView`).
TIPOS_RH = [(t.value, t.label) for t in Tipo
            if t not in PELO_PROCEDIMENTO and t not in PELO_CANDIDATO]
#: The appointment acts follow the order of nomeação: the certame's own law
#: (`carreira.fundamento_ordem`); the others have a fixed basis.
_SEGUEM_A_ORDEM = (Tipo.NOMEACAO, Tipo.POSSE, Tipo.EXERCICIO)
FUNDAMENTOS = {
    Tipo.ACEITE: "regras de reserva, seção 9 (convocação com prazo para a resposta)",
    Tipo.DESISTENCIA: FUNDAMENTO_DESISTENCIA,
    Tipo.SEM_EFEITO: "regras de reserva, seção 7 (a convocação tornada sem efeito não ocupa a "
                     "vaga)",
    Tipo.FIM_DE_FILA: FUNDAMENTO_FIM_DE_FILA,
}


def registrar_evento(chamada: Chamada | int, tipo: str, *, autor, data: dt.date | None = None,
                     motivacao: str = "", pelo_candidato: bool = False,
                     hoje: dt.date | None = None,
                     publicacao: AtoPublicado | None = None) -> EventoChamada:
    """Record one act on a call, once (RH's call page, the candidate's desistência and fim de
    fila); a desistência, sem efeito or fim de fila recomputes the cargo (the freed call is
    called again from its own group). The annulment is not recorded here: only the
    procedure's decision records it (`anular_chamadas`)."""
    if tipo not in Tipo.values:
        raise ValidationError(_("Ato desconhecido."))
    if Tipo(tipo) in PELO_PROCEDIMENTO:
        raise ValidationError(_(
            "A anulação da nomeação é registrada pela decisão do procedimento administrativo "
            "que apurou a fraude ou a falsidade (contraditório e ampla defesa), não nesta "
            "página."))
    if Tipo(tipo) in PELO_CANDIDATO and not pelo_candidato:
        raise ValidationError(_("O aceite da convocação é registrado pelo próprio candidato, "
                                "na área do candidato."))
    return _registrar(chamada, Tipo(tipo), autor=autor, data=data, motivacao=motivacao,
                      pelo_candidato=pelo_candidato, hoje=hoje, publicacao=publicacao)


@transaction.atomic
def _registrar(chamada: Chamada | int, tipo: Tipo, *, autor, data: dt.date | None = None,
               motivacao: str = "", pelo_candidato: bool = False, hoje: dt.date | None = None,
               fundamento: str = "", depois: dict | None = None,
               publicacao: AtoPublicado | None = None) -> EventoChamada:
    """One act on a call. `fundamento`: the basis a procedure's decision gives its act (the
    annulment and its revocation); the others' basis is `fundamento_do_evento`."""
    hoje = hoje or timezone.localdate()
    chamada_id = chamada.pk if isinstance(chamada, Chamada) else chamada
    cargo_id = Chamada.objects.values_list("cargo_id", flat=True).get(pk=chamada_id)
    cargo = posse.travar_cargo_em_curso(cargo_id, exigir=tipo not in PELO_PROCEDIMENTO)
    # The cargo's lock serializes every act on its calls; the call itself is an append-only
    # row (no UPDATE privilege for the application role, so no FOR UPDATE on it): read it.
    chamada = Chamada.objects.select_related("inscricao", "cargo__certame").get(pk=chamada_id)
    insc = travar(Inscricao, chamada.inscricao_id, "certame", "candidato", "cargo")
    data = data or hoje
    motivacao = (motivacao or "").strip()
    pelo_procedimento = tipo in PELO_PROCEDIMENTO
    _validar_data(chamada, tipo, data, hoje)
    eventos = situacao_da_chamada(chamada).eventos
    _validar_historico(eventos, insc, tipo)
    _validar_posse(chamada, vigentes(eventos), tipo, data, hoje, publicacao)
    certame = cargo.certame
    if tipo == Tipo.FIM_DE_FILA and not permite_fim_de_fila(certame):
        raise ValidationError(_("O edital deste certame não prevê o fim de fila."))
    if tipo in (Tipo.SEM_EFEITO, *PELO_PROCEDIMENTO) and not motivacao:
        raise ValidationError(_("Informe a motivação do ato (Lei 9.784/1999, art. 50)."))
    if tipo == Tipo.DESISTENCIA and not motivacao:
        motivacao = (str(_("Desistência declarada pelo candidato na área do candidato."))
                     if pelo_candidato else "")
        if not motivacao:
            raise ValidationError(_("Informe a motivação (declarou a desistência ou perdeu o "
                                    "prazo)."))
    if pelo_procedimento and not fundamento:
        raise ValidationError(_("O ato do procedimento exige o seu fundamento legal."))
    fundamento = fundamento or fundamento_do_evento(tipo, cargo, vaga=chamada.vaga)
    evento = EventoChamada.objects.create(
        chamada=chamada, tipo=tipo, data=data, pelo_candidato=pelo_candidato,
        autor=autor if getattr(autor, "is_authenticated", False) else None,
        motivacao=motivacao, fundamento=fundamento,
        **(publicacao.campos() if publicacao and tipo == Tipo.NOMEACAO else {}))
    if publicacao is not None and tipo == Tipo.NOMEACAO:
        depois = {**(depois or {}), **publicacao.como_dict()}
    registrar_ato(
        tipo=f"chamada_{tipo.value}", autor=autor, certame=certame, objeto=insc,
        descricao=_descricao_do_evento(chamada, insc, tipo, data, depois),
        motivacao=motivacao, fundamento_legal=fundamento,
        depois={"chamada": chamada.pk, "posicao": chamada.posicao, "evento": tipo.value,
                "data": data.isoformat(), "pelo_candidato": pelo_candidato, **(depois or {})})
    _liberar(chamada, cargo, insc, tipo, autor=autor, motivacao=motivacao)
    return evento


def _validar_data(chamada: Chamada, tipo: Tipo, data: dt.date, hoje: dt.date) -> None:
    """An act typed by RH is dated neither in the future nor before the call."""
    # A procedure's act is dated by its decision (recorded with it), not typed by RH.
    if tipo in PELO_PROCEDIMENTO:
        return
    if data > hoje:
        raise ValidationError(_("O ato não pode ter data futura."))
    if data < timezone.localdate(chamada.chamada_em):
        raise ValidationError(_("O ato não pode ser anterior à convocação (%(d)s).") % {
            "d": data_br(chamada.chamada_em)})


@dataclass(frozen=True)
class AtoPublicado:
    """The nomeação's own act and its publication: "Portaria 123/2027", in the "Diário
    Oficial do Município" of 2027-03-01 (the posse's deadline runs from that day)."""

    numero: str
    veiculo: str
    data: dt.date | None

    def campos(self) -> dict:
        return {"numero_ato": self.numero.strip(), "veiculo_publicacao": self.veiculo.strip(),
                "publicado_em": self.data}

    def como_dict(self) -> dict:
        return {"numero_ato": self.numero.strip(), "veiculo_publicacao": self.veiculo.strip(),
                "publicado_em": self.data.isoformat() if self.data else None}


def _validar_posse(chamada: Chamada, atos: dict[str, EventoChamada], tipo: Tipo, data: dt.date,
                   hoje: dt.date, publicacao: AtoPublicado | None) -> None:
    """What the aceite, the nomeação, the posse and the exercício ask (`candidatos.posse`):
    the aceite within the call's deadline; the nomeação after the aceite, with every
    mandatory document accepted, its act's number and its publication; the posse and the
    exercício within their legal deadlines. `atos`: the call's acts that stand."""
    if tipo == Tipo.ACEITE and prazo_da_chamada_encerrado(chamada, hoje):
        raise ValidationError(_("O prazo para responder à convocação terminou em %(d)s.") % {
            "d": data_br(ultimo_dia_da_chamada(chamada))})
    if tipo == Tipo.NOMEACAO:
        pendencias = posse.pendencias_da_nomeacao(chamada, atos)
        if pendencias:
            raise ValidationError(_("A nomeação ainda não pode ser registrada: %(p)s.") % {
                "p": "; ".join(pendencias)})
        if (publicacao is None or not publicacao.numero.strip()
                or not publicacao.veiculo.strip() or publicacao.data is None):
            raise ValidationError(_("Informe o número do ato de nomeação e a sua publicação "
                                    "(veículo e data)."))
        if publicacao.data < data or publicacao.data > hoje:
            raise ValidationError(_("A publicação da nomeação não pode ser anterior ao ato "
                                    "nem ter data futura."))
    if tipo in (Tipo.POSSE, Tipo.EXERCICIO):
        posse.validar_no_prazo(chamada.cargo.certame, atos, tipo, data)


def _validar_historico(todos: dict[str, EventoChamada], insc: Inscricao, tipo: Tipo) -> None:
    """The act fits the call's history (`todos`: every act recorded on it): not recorded
    yet, not barred by an act that stands, not occupying a freed call, and after the act it
    requires."""
    if tipo in todos:
        raise ValidationError(_("%(a)s já registrada para esta convocação.") % {"a": tipo.label})
    feitos = set(vigentes(todos))
    bloqueio = next((t for t in _IMPEDE[tipo] if t in feitos), None)
    if bloqueio is not None:
        raise ValidationError(_("Não é possível registrar %(a)s: a convocação já tem "
                                "%(b)s.") % {"a": tipo.label.lower(),
                                             "b": Tipo(bloqueio).label.lower()})
    if tipo in _OCUPAM and insc.situacao in FINAIS:
        # The engine frees the call of a desistente or eliminated candidate and calls the
        # vacancy again (spec section 7): appointing them too would fill it twice.
        raise ValidationError(_(
            "Não é possível registrar %(a)s: a situação da inscrição %(n)s é “%(s)s” e ela não "
            "ocupa mais esta convocação (%(f)s). Registre a desistência ou torne a convocação "
            "sem efeito.") % {"a": tipo.label.lower(), "n": insc.numero,
                              "s": insc.get_situacao_display(), "f": FUNDAMENTO_OCUPACAO})
    requisito = _REQUER.get(tipo)
    if requisito is not None and requisito not in feitos:
        raise ValidationError(_("Registre antes a %(r)s.") % {"r": Tipo(requisito).label.lower()})


def _descricao_do_evento(chamada: Chamada, insc: Inscricao, tipo: Tipo, data: dt.date,
                         depois: dict | None) -> str:
    """The act's description in the audit trail."""
    valores = {"a": tipo.label, "n": insc.numero, "p": chamada.posicao,
               "c": chamada.cargo.codigo, "d": data_br(data),
               "proc": (depois or {}).get("procedimento")}
    if tipo == Tipo.ANULADA:
        return _("Nomeação da inscrição %(n)s (%(p)dª convocação do cargo %(c)s) anulada "
                 "em %(d)s pela decisão do procedimento administrativo nº %(proc)s; a "
                 "convocação fica na ordem de nomeação, sem ocupar a vaga.") % valores
    if tipo == Tipo.ANULACAO_REVOGADA:
        return _("Anulação da nomeação da inscrição %(n)s (%(p)dª convocação do cargo "
                 "%(c)s) revogada em %(d)s: recurso provido no procedimento "
                 "administrativo nº %(proc)s.") % valores
    if tipo == Tipo.NOMEACAO and (depois or {}).get("numero_ato"):
        valores.update(ato=depois["numero_ato"], veiculo=depois["veiculo_publicacao"],
                       pub=data_br(dt.date.fromisoformat(depois["publicado_em"])))
        return _("Nomeação da inscrição %(n)s (%(p)dª convocação do cargo %(c)s) em %(d)s: "
                 "%(ato)s, publicado em %(veiculo)s de %(pub)s.") % valores
    return _("%(a)s da inscrição %(n)s (%(p)dª convocação do cargo %(c)s) em "
             "%(d)s.") % valores


def _liberar(chamada: Chamada, cargo: Cargo, insc: Inscricao, tipo: Tipo, *, autor,
             motivacao: str) -> None:
    """What the act sets going: a desistência, a sem efeito, a fim de fila or a procedure's
    act recomputes the cargo (the freed call is called again)."""
    if tipo == Tipo.DESISTENCIA:
        if insc.situacao not in FINAIS:
            # Its own act and the recompute (candidatos/servicos.py).
            registrar_desistencia(insc, autor=autor, motivacao=motivacao, lista=chamada.vaga)
        else:
            solicitar_recalculo([cargo], str(tipo.label))
    elif tipo in (Tipo.SEM_EFEITO, Tipo.FIM_DE_FILA, *PELO_PROCEDIMENTO):
        solicitar_recalculo([cargo], _("%(a)s da inscrição %(n)s") % {
            "a": tipo.label.lower(), "n": insc.numero})


def fundamento_do_evento(tipo: str, cargo: Cargo, vaga: str | None = None) -> str:
    """The legal basis recorded with an act on a call: the appointment acts follow the order
    of nomeação of the certame's own law; a desistência, the article of the freed seat's
    list (`vaga`, the call's type) in the certame's regime; the annulment's is the deciding
    procedure's (the regime's article, given by `anular_chamadas`); the others have a fixed
    basis."""
    tipo = Tipo(tipo)
    if tipo in PELO_PROCEDIMENTO:
        return cargo.certame.regime_legal.fundamento_anulacao
    if tipo in _SEGUEM_A_ORDEM:
        return fundamento_ordem(cargo)
    if tipo == Tipo.DESISTENCIA and vaga:
        return cargo.certame.regime_legal.fundamento_desistencia(vaga)
    return FUNDAMENTOS[tipo]


# --- the annulment (spec section 9), recorded by a procedure's decision ----------------------


def anular_chamadas(inscricao: Inscricao, *, autor, data: dt.date, motivacao: str,
                    fundamento: str, procedimento: int) -> list[EventoChamada]:
    """The annulment of the nomeação (posse, exercício; for the exemption's falsity, of the
    call itself) the inscrição holds, as an act on its call: recorded by the decision of the
    procedure `procedimento` that proved the fraud or falsity, dated by it, with the regime's
    article (`fundamento`: Lei 3.056/2025, art. 7º, §1º, II; LC 22/2026, art. 3º, §3º;
    Lei 3.057/2026, art. 5º, IV, or art. 12, parágrafo único, III). A freed call holds no
    vacancy and is left alone. The call stays in the history, unoccupied; the recompute calls
    its reserved vacancy again (spec section 7, step 2). Returns the acts recorded."""
    feitos = []
    for s in chamadas_da_inscricao(inscricao):
        if s.liberada:
            continue
        feitos.append(_registrar(s.chamada, Tipo.ANULADA, autor=autor, data=data, hoje=data,
                                 motivacao=motivacao, fundamento=fundamento,
                                 depois={"procedimento": procedimento}))
    return feitos


def revogar_anulacoes(chamadas: list[int], *, autor, data: dt.date, motivacao: str,
                      fundamento: str, procedimento: int) -> list[EventoChamada]:
    """A granted appeal reforms the decision that annulled: each annulment it recorded is
    revoked by a later act (the annulment is never rewritten); the call holds its vacancy
    again and the recompute reads it as occupied. Returns the acts recorded."""
    feitos = []
    for chamada_id in chamadas:
        atos = set(EventoChamada.objects.filter(chamada_id=chamada_id)
                   .values_list("tipo", flat=True))
        if Tipo.ANULADA not in atos or Tipo.ANULACAO_REVOGADA in atos:
            continue
        feitos.append(_registrar(chamada_id, Tipo.ANULACAO_REVOGADA, autor=autor, data=data,
                                 hoje=data, motivacao=motivacao, fundamento=fundamento,
                                 depois={"procedimento": procedimento}))
    return feitos


@transaction.atomic
def desistir(inscricao: Inscricao, *, autor, motivacao: str) -> None:
    """RH records a desistência on the inscrição page. If the inscrição holds a call (called,
    perhaps appointed, not yet in posse), the desistência is that call's act, so the career
    order shows it and the freed vacancy is called again (spec section 7, step 2); without a
    call it is the inscrição's own act (section 6: a recompute without the candidate). After
    the posse the candidate is a servant: leaving is exoneração, outside the certame."""
    for s in reversed(chamadas_da_inscricao(inscricao)):
        if s.liberada:
            continue
        if Tipo.POSSE in s.eventos:
            raise ValidationError(_(
                "A inscrição %(n)s tomou posse na %(p)dª convocação: o desligamento do "
                "servidor (exoneração) é ato da vida funcional, não desistência do "
                "certame.") % {"n": inscricao.numero, "p": s.chamada.posicao})
        registrar_evento(s.chamada, Tipo.DESISTENCIA, autor=autor, motivacao=motivacao)
        return
    registrar_desistencia(inscricao, autor=autor, motivacao=motivacao)


def convocacoes_em_aberto(candidato) -> list[Chamada]:
    """The candidate's calls that await an answer (nothing recorded on them yet), across all
    their inscrições, soonest deadline first: the dashboard's notice."""
    return list(Chamada.objects.filter(inscricao__candidato=candidato, eventos__isnull=True)
                .select_related("inscricao", "cargo__certame").order_by("prazo", "pk"))


def chamada_em_aberto(inscricao: Inscricao) -> SituacaoChamada | None:
    """The candidate's call that awaits their answer (nothing recorded on it yet)."""
    return next((s for s in reversed(chamadas_da_inscricao(inscricao)) if s.em_aberto), None)


def aceitar_pelo_candidato(inscricao: Inscricao, *, autor) -> EventoChamada:
    """The candidate accepts the call in the portal (a confirmation), within its deadline;
    then sends the documents the edital requires for the posse (`candidatos.posse`)."""
    aberta = chamada_em_aberto(inscricao)
    if aberta is None:
        raise ValidationError(_("Não há convocação em aberto nesta inscrição."))
    return registrar_evento(aberta.chamada, Tipo.ACEITE, autor=autor, pelo_candidato=True)


def desistir_pelo_candidato(inscricao: Inscricao, *, autor) -> EventoChamada:
    """The candidate declines the call in the portal (a confirmation, no motivation)."""
    aberta = chamada_em_aberto(inscricao)
    if aberta is None:
        raise ValidationError(_("Não há convocação em aberto nesta inscrição."))
    return registrar_evento(aberta.chamada, Tipo.DESISTENCIA, autor=autor, pelo_candidato=True)


def pedir_fim_de_fila(inscricao: Inscricao, *, autor) -> EventoChamada:
    """The candidate asks to go to the end of the list (where the edital allows it)."""
    aberta = chamada_em_aberto(inscricao)
    if aberta is None:
        raise ValidationError(_("Não há convocação em aberto nesta inscrição."))
    return registrar_evento(aberta.chamada, Tipo.FIM_DE_FILA, autor=autor, pelo_candidato=True,
                            motivacao=str(_("Pedido de fim de fila do candidato na área do "
                                            "candidato.")))

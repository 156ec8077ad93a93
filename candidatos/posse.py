"""From the accepted call to the exercício: the documents the edital requires for the posse,
what the called candidate sends, RH's check of each, and the deadlines of the posse and the
exercício (spec section 9). The acts on the call itself (aceite, nomeação, posse, exercício)
are `candidatos.chamadas`'s; this module answers what they ask of the documents and the
deadlines.

Rules decided here:
- RH lists the documents per certame (or per cargo), each mandatory or not. The list changes
  only while no call it applies to exists: a called candidate answers under the list they were
  called with, and a later change would alter the conditions of a right already acquired
  (Lei 9.784/1999, art. 2º, parágrafo único, XIII; CF, art. 5º, XXXVI). After the first call
  a change is refused, not retified: the edital is no longer retified after the homologation
  (`editais.retificacao.motivo_nao_retificar`) and every call follows it.
- The candidate sends each document as a PDF (content checked, `comum.arquivos`) once they
  have accepted the call, until the call's last day (`carreira.ultimo_dia_da_chamada`: the
  deadline RH set, extended to the órgão's next working day, Lei 9.784/1999, art. 66, §1º),
  before the nomeação and while nothing freed the call.
  A new sending supersedes the previous one (both kept, the newest counts); an accepted
  document is not sent again.
- RH accepts or rejects the newest sending of each document, until the nomeação and while
  nothing freed the call (`motivo_nao_analisar`); a rejection is motivated
  (Lei 9.784/1999, art. 50) and the candidate is told by e-mail, and may send it again within
  the deadline.
- The nomeação requires the aceite and every mandatory document accepted.
- Posse within `prazo_posse_dias` of the publication of the nomeação, default 30
  (Lei 8.112/1990, art. 13, §1º, applied where the municipal statute is silent); exercício
  within `prazo_exercicio_dias` of the posse, default 15 (Lei 8.112/1990, art. 15, §1º). Both
  are edital settings (`Certame.parametros`). Every deadline is computed by `fim_do_prazo`.
  A warning shows from `DIAS_AVISO` days before a deadline ends.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from certames import calendario
from certames.auditoria import registrar_ato
from certames.carreira import (
    LIBERAM,
    prazo_da_chamada_encerrado,
    situacao_da_chamada,
    ultimo_dia_da_chamada,
)
from certames.models import (
    AnaliseDocumentoPosse,
    Ato,
    Cargo,
    Certame,
    Chamada,
    DocumentoPosse,
    EnvioDocumentoPosse,
    EventoChamada,
)
from certames.situacao import exigir_em_curso, motivo_certame_parado
from certames.travas import travar, travar_certame
from comum import arquivos, emails
from comum.filas import enfileirar
from comum.formatos import data_br

Tipo = EventoChamada.Tipo

#: The rejection's e-mail task (candidatos/tasks.py), queued by name on commit.
TAREFA_AVISO_REJEICAO = "candidatos.avisar_rejeicao_documento_posse"

#: Days for the posse after the publication of the nomeação (edital setting's default).
PRAZO_POSSE_PADRAO = 30
FUNDAMENTO_PRAZO_POSSE = ("Lei 8.112/1990, art. 13, §1º (aplicada onde o estatuto municipal "
                          "for omisso)")
#: Days for the exercício after the posse (edital setting's default).
PRAZO_EXERCICIO_PADRAO = 15
FUNDAMENTO_PRAZO_EXERCICIO = ("Lei 8.112/1990, art. 15, §1º (aplicada onde o estatuto "
                              "municipal for omisso)")
#: The ato of nomeação is void if the posse is not taken in time (Lei 8.112/1990, art. 13,
#: §6º); the servant is exonerated if the exercício is not begun in time (art. 15, §2º). On
#: the call, both are recorded as the call tornada sem efeito (`candidatos.chamadas`).
FUNDAMENTO_SEM_EFEITO = "Lei 8.112/1990, art. 13, §6º"
FUNDAMENTO_EXONERACAO = "Lei 8.112/1990, art. 15, §2º"
#: A product rule: the warning shows from this many days before a deadline ends.
DIAS_AVISO = 5
#: Longest of each setting (a product limit).
MAXIMO_DIAS = 365
FUNDAMENTO_MOTIVACAO = "Lei 9.784/1999, art. 50"
FUNDAMENTO_DOCUMENTOS = ("Lei 9.784/1999, art. 2º, parágrafo único, XIII; Constituição "
                         "Federal, art. 5º, XXXVI")


def travar_cargo_em_curso(cargo_id: int, *, exigir: bool = True) -> Cargo:
    """Lock a call's certame, then its cargo (parents first: certames/travas.py), and refuse
    while the certame is stopped (`certames.situacao.motivo_certame_parado`): the calls exist
    only after the homologation, which no suspension reaches, so this is the cancelled
    certame, after which nothing happens but reading (`editais.situacao`). Every act on a
    call and on its documents starts here; `exigir=False`: a procedure's decision, which its
    own procedure governs."""
    certame = travar_certame(Cargo.objects.values_list("certame_id", flat=True).get(pk=cargo_id))
    if exigir:
        exigir_em_curso(certame)
    return travar(Cargo, cargo_id, "certame")


# --- the deadlines ---------------------------------------------------------------------------


def fim_do_prazo(inicio: dt.date, dias: int, certame: Certame) -> dt.date:
    """The last day of a deadline of `dias` days counted from `inicio` (the day of the
    publication or of the posse): the one computation of the posse's and the exercício's
    deadlines (e.g. 2027-03-01 + 30 -> 2027-03-31). Running days, the day of the start
    excluded, and a last day without office hours extended to the next working day of the
    certame's órgão (Lei 8.112/1990, art. 238): the product's one count of a period,
    `certames.calendario.fim_do_prazo`, from the end of the day it starts."""
    return calendario.fim_do_prazo(calendario.fim_do_dia(inicio, certame), dias,
                                   certame).date()


def dias_posse(certame: Certame) -> int:
    return int((certame.parametros or {}).get("prazo_posse_dias") or PRAZO_POSSE_PADRAO)


def dias_exercicio(certame: Certame) -> int:
    return int((certame.parametros or {}).get("prazo_exercicio_dias")
               or PRAZO_EXERCICIO_PADRAO)


@dataclass(frozen=True)
class Prazo:
    """A running deadline of a call, as read on `hoje`: what is due (posse or exercício),
    from when, until when, why."""

    tipo: str
    inicio: dt.date
    fim: dt.date
    dias: int
    fundamento: str
    hoje: dt.date

    @property
    def rotulo(self) -> str:
        return str(Tipo(self.tipo).label)

    @property
    def nome(self) -> str:
        """"prazo da posse", "prazo do exercício" (in a sentence)."""
        return str(_("prazo da posse") if self.tipo == Tipo.POSSE
                   else _("prazo do exercício"))

    @property
    def consequencia(self) -> str:
        """What RH records once the deadline is over, with the article that says so."""
        if self.tipo == Tipo.POSSE:
            return _("Registre a nomeação tornada sem efeito (%(f)s).") % {
                "f": FUNDAMENTO_SEM_EFEITO}
        return _("Quem não entra em exercício no prazo é exonerado (%(f)s): registre a "
                 "convocação tornada sem efeito.") % {"f": FUNDAMENTO_EXONERACAO}

    @property
    def encerrado(self) -> bool:
        return self.hoje > self.fim

    @property
    def restantes(self) -> int:
        return (self.fim - self.hoje).days

    @property
    def em_aviso(self) -> bool:
        """Within the last `DIAS_AVISO` days, or already over."""
        return self.restantes <= DIAS_AVISO


def prazo_pendente(certame: Certame, atos: dict[str, EventoChamada],
                   hoje: dt.date | None = None, *, contar=fim_do_prazo) -> Prazo | None:
    """The deadline that runs now on a call (`atos`: its acts that stand): the posse's after
    a published nomeação, the exercício's after the posse; None when none runs (not
    appointed, already in exercício, or the call freed). `contar`: `fim_do_prazo`, or
    `prazos_pendentes`'s memo of it."""
    if any(t in atos for t in (*LIBERAM, Tipo.EXERCICIO)):
        return None
    hoje = hoje or timezone.localdate()
    if Tipo.POSSE in atos:
        inicio, dias = atos[Tipo.POSSE].data, dias_exercicio(certame)
        return Prazo(Tipo.EXERCICIO, inicio, contar(inicio, dias, certame), dias,
                     FUNDAMENTO_PRAZO_EXERCICIO, hoje)
    nomeacao = atos.get(Tipo.NOMEACAO)
    if nomeacao is None:
        return None
    inicio, dias = nomeacao.publicado_em or nomeacao.data, dias_posse(certame)
    return Prazo(Tipo.POSSE, inicio, contar(inicio, dias, certame), dias,
                 FUNDAMENTO_PRAZO_POSSE, hoje)


def prazos_pendentes(certame: Certame, atos_das_chamadas: Iterable[dict[str, EventoChamada]],
                     hoje: dt.date | None = None) -> list[Prazo | None]:
    """`prazo_pendente` of each call of a list of one certame (RH's order of nomeação):
    a period is counted once per start and length (nomeações published in one Diário
    Oficial share their posse's last day), not once per call."""
    contados: dict[tuple[dt.date, int], dt.date] = {}

    def contar(inicio: dt.date, dias: int, alvo: Certame) -> dt.date:
        if (inicio, dias) not in contados:
            contados[inicio, dias] = fim_do_prazo(inicio, dias, alvo)
        return contados[inicio, dias]

    return [prazo_pendente(certame, atos, hoje, contar=contar) for atos in atos_das_chamadas]


def validar_no_prazo(certame: Certame, atos: dict[str, EventoChamada], tipo: str,
                     data: dt.date) -> None:
    """The posse and the exercício are refused after their deadline: RH then records the
    nomeação tornada sem efeito (Lei 8.112/1990, art. 13, §6º, and art. 15, §2º)."""
    prazo = prazo_pendente(certame, atos)
    if prazo is None or prazo.tipo != tipo or data <= prazo.fim:
        return
    raise ValidationError(_(
        "O %(n)s terminou em %(f)s (%(d)d dias desde %(i)s; %(fund)s): o ato não pode mais "
        "ser registrado. %(c)s") % {"n": prazo.nome, "f": data_br(prazo.fim), "d": prazo.dias,
                                    "i": data_br(prazo.inicio), "fund": prazo.fundamento,
                                    "c": prazo.consequencia})


# --- the required documents ------------------------------------------------------------------


def documentos_exigidos(cargo: Cargo) -> list[DocumentoPosse]:
    """The documents the edital requires for the posse in this cargo: the certame's and the
    cargo's own, in the order RH listed them."""
    return list(DocumentoPosse.objects.filter(certame_id=cargo.certame_id)
                .filter(Q(cargo__isnull=True) | Q(cargo=cargo)).order_by("pk"))


def motivo_nao_alterar_documentos(certame: Certame, cargo: Cargo | None) -> str | None:
    """Why the list (of the whole certame, `cargo` None, or of one cargo) no longer changes:
    a call it applies to exists. None when it may change."""
    chamadas = Chamada.objects.filter(cargo__certame=certame)
    if cargo is not None:
        chamadas = chamadas.filter(cargo=cargo)
    if not chamadas.exists():
        return None
    return _("Já há convocação feita a que esta lista se aplica: os convocados respondem pela "
             "lista com que foram convocados, e alterá-la agora mudaria as condições de um "
             "direito já adquirido (%(f)s). A lista não pode mais ser alterada.") % {
        "f": FUNDAMENTO_DOCUMENTOS}


@transaction.atomic
def salvar_documento_exigido(documento: DocumentoPosse, *, autor) -> DocumentoPosse:
    """Add or change one required document while no call it applies to exists."""
    certame = travar_certame(documento.certame_id)
    if documento.cargo_id is not None and documento.cargo.certame_id != certame.pk:
        raise ValidationError({"cargo": _("Escolha um cargo deste certame.")})
    # The list it leaves (a changed document may move from one cargo to another) and the one
    # it joins.
    anterior = (None if documento.pk is None else
                DocumentoPosse.objects.select_related("cargo").get(pk=documento.pk))
    for cargo in [documento.cargo, *([anterior.cargo] if anterior else [])]:
        motivo = motivo_nao_alterar_documentos(certame, cargo)
        if motivo:
            raise ValidationError(motivo)
    documento.full_clean()
    documento.save()
    registrar_ato(tipo="posse_documento_exigido", autor=autor, certame=certame,
                  objeto=documento,
                  descricao=(_("Documento exigido para a posse incluído: %(d)s.")
                             if anterior is None else
                             _("Documento exigido para a posse alterado: %(d)s.")) % {
                      "d": documento.nome},
                  antes=_registro_documento(anterior) if anterior else None,
                  depois=_registro_documento(documento))
    return documento


def _registro_documento(documento: DocumentoPosse) -> dict:
    return {"nome": documento.nome, "cargo": documento.cargo_id,
            "obrigatorio": documento.obrigatorio}


@transaction.atomic
def remover_documento_exigido(documento: DocumentoPosse, *, autor) -> None:
    travar_certame(documento.certame_id)
    motivo = motivo_nao_alterar_documentos(documento.certame, documento.cargo)
    if motivo:
        raise ValidationError(motivo)
    registrar_ato(tipo="posse_documento_exigido", autor=autor, certame=documento.certame,
                  objeto=documento,
                  descricao=_("Documento exigido para a posse removido: %(d)s.") % {
                      "d": documento.nome},
                  antes=_registro_documento(documento))
    documento.delete()


@transaction.atomic
def salvar_prazos(certame: Certame, *, posse: int, exercicio: int, autor) -> None:
    """The edital's days for the posse and the exercício, while no call exists in it."""
    certame = travar_certame(certame.pk)
    if Chamada.objects.filter(cargo__certame=certame).exists():
        raise ValidationError(_("Já há convocação feita neste certame: os prazos de posse e "
                                "exercício não podem mais ser alterados (%(f)s).") % {
            "f": FUNDAMENTO_DOCUMENTOS})
    for dias in (posse, exercicio):
        if not 1 <= dias <= MAXIMO_DIAS:
            raise ValidationError(_("Informe um prazo de 1 a %(m)d dias.") % {"m": MAXIMO_DIAS})
    antes = {k: (certame.parametros or {}).get(k)
             for k in ("prazo_posse_dias", "prazo_exercicio_dias")}
    certame.parametros = {**(certame.parametros or {}), "prazo_posse_dias": posse,
                          "prazo_exercicio_dias": exercicio}
    certame.save(update_fields=["parametros"])
    registrar_ato(tipo="posse_prazos", autor=autor, certame=certame, objeto=certame,
                  descricao=_("Prazos do edital: posse em %(p)d dias da publicação da "
                              "nomeação; exercício em %(e)d dias da posse.") % {
                      "p": posse, "e": exercicio},
                  fundamento_legal=f"{FUNDAMENTO_PRAZO_POSSE}; {FUNDAMENTO_PRAZO_EXERCICIO}",
                  antes=antes, depois={"prazo_posse_dias": posse,
                                       "prazo_exercicio_dias": exercicio})


# --- what the candidate sent, and RH's check -------------------------------------------------


@dataclass
class ItemDocumento:
    """One required document on a call: its newest sending (None: not sent), that sending's
    check (None: awaiting RH) and the earlier sendings."""

    documento: DocumentoPosse
    envio: EnvioDocumentoPosse | None
    anteriores: list[EnvioDocumentoPosse]

    @property
    def analise(self) -> AnaliseDocumentoPosse | None:
        return getattr(self.envio, "analise", None) if self.envio else None

    @property
    def estado(self) -> str:
        if self.envio is None:
            return "pendente"
        if self.analise is None:
            return "enviado"
        return "aceito" if self.analise.aceito else "rejeitado"

    @property
    def estado_rotulo(self) -> str:
        return str(ESTADOS[self.estado])


ESTADOS = {"pendente": gettext_lazy("Não enviado"), "enviado": gettext_lazy("Aguardando análise"),
           "aceito": gettext_lazy("Aceito"), "rejeitado": gettext_lazy("Rejeitado")}


def documentos_da_chamada(chamada: Chamada) -> list[ItemDocumento]:
    """Each required document of the call's cargo with what was sent (newest counts)."""
    envios: dict[int, list[EnvioDocumentoPosse]] = {}
    for e in (EnvioDocumentoPosse.objects.filter(chamada=chamada).select_related("analise")
              .order_by("-enviado_em", "-pk")):
        envios.setdefault(e.documento_id, []).append(e)
    itens = []
    for doc in documentos_exigidos(chamada.cargo):
        lista = envios.get(doc.pk, [])
        itens.append(ItemDocumento(doc, lista[0] if lista else None, lista[1:]))
    return itens


def pendencias_da_nomeacao(chamada: Chamada, atos: dict[str, EventoChamada]) -> list[str]:
    """Why the call may not be appointed yet (empty: it may): the aceite, and every
    mandatory document accepted."""
    pendencias = []
    if Tipo.ACEITE not in atos:
        pendencias.append(_("o candidato ainda não aceitou a convocação"))
    faltam = [i.documento.nome for i in documentos_da_chamada(chamada)
              if i.documento.obrigatorio and i.estado != "aceito"]
    if faltam:
        pendencias.append(_("documentos obrigatórios ainda não aceitos: %(d)s") % {
            "d": ", ".join(faltam)})
    return pendencias


def motivo_nao_analisar(certame: Certame, atos: dict[str, EventoChamada]) -> str | None:
    """Why the documents of a call (its acts that stand, `atos`) are no longer sent nor
    checked: the certame is stopped, the nomeação was recorded, or an act freed the call.
    None: they still are."""
    parado = motivo_certame_parado(certame)
    if parado:
        return parado
    if Tipo.NOMEACAO in atos:
        return _("A nomeação já foi registrada: os documentos não são mais enviados nem "
                 "analisados.")
    liberou = next((t for t in LIBERAM if t in atos), None)
    if liberou is not None:
        return _("A convocação tem %(a)s registrada: os documentos não são mais enviados nem "
                 "analisados.") % {"a": Tipo(liberou).label.lower()}
    return None


def motivo_nao_enviar(chamada: Chamada, hoje: dt.date | None = None) -> str | None:
    """Why the candidate cannot send documents on this call now (None: they can)."""
    hoje = hoje or timezone.localdate()
    atos = situacao_da_chamada(chamada).atos
    encerrada = motivo_nao_analisar(chamada.cargo.certame, atos)
    if encerrada:
        return encerrada
    if Tipo.ACEITE not in atos:
        return _("Aceite a convocação antes de enviar os documentos.")
    if prazo_da_chamada_encerrado(chamada, hoje):
        return _("O prazo para apresentar os documentos terminou em %(d)s.") % {
            "d": data_br(ultimo_dia_da_chamada(chamada))}
    return None


def enviar_documento(chamada: Chamada, documento: DocumentoPosse, arquivo, *, autor,
                     hoje: dt.date | None = None) -> EnvioDocumentoPosse:
    """The candidate sends one required document (a PDF): a new sending supersedes the
    previous one of the same document. One transaction; the stored file is removed if it
    fails."""
    with arquivos.apagados_se_falhar() as salvos, transaction.atomic():
        return _enviar_documento(chamada, documento, arquivo, autor, hoje, salvos)


def _enviar_documento(chamada, documento, arquivo, autor, hoje, salvos) -> EnvioDocumentoPosse:
    travar_cargo_em_curso(chamada.cargo_id)
    chamada = Chamada.objects.select_related("cargo__certame", "inscricao").get(pk=chamada.pk)
    motivo = motivo_nao_enviar(chamada, hoje)
    if motivo:
        raise ValidationError(motivo)
    if documento.pk not in {d.pk for d in documentos_exigidos(chamada.cargo)}:
        raise ValidationError(_("Este documento não é exigido para este cargo."))
    atual = next(i for i in documentos_da_chamada(chamada) if i.documento.pk == documento.pk)
    if atual.estado == "aceito":
        raise ValidationError(_("O documento “%(d)s” já foi aceito: não é preciso enviá-lo de "
                                "novo.") % {"d": documento.nome})
    tipo = arquivos.validar_anexo(arquivo)
    if tipo.extensao != ".pdf":
        raise ValidationError(_("Envie o documento “%(d)s” em PDF.") % {"d": documento.nome})
    envio = EnvioDocumentoPosse(chamada=chamada, documento=documento,
                                nome_original=arquivos.nome_seguro(arquivo.name),
                                sha256=arquivos.sha256_de(arquivo),
                                autor=autor if getattr(autor, "is_authenticated", False)
                                else None)
    envio.arquivo.save(arquivos.nome_armazenado(tipo), arquivo, save=False)
    salvos.append(envio.arquivo)
    envio.save()
    registrar_ato(tipo="posse_documento_enviado", autor=autor, certame=chamada.cargo.certame,
                  objeto=chamada.inscricao,
                  descricao=_("Documento para a posse enviado pela inscrição %(n)s: %(d)s.") % {
                      "n": chamada.inscricao.numero, "d": documento.nome},
                  depois={"chamada": chamada.pk, "documento": documento.pk, "envio": envio.pk,
                          "substitui": atual.envio.pk if atual.envio else None,
                          "sha256": envio.sha256})
    return envio


@transaction.atomic
def analisar_documento(envio: EnvioDocumentoPosse, *, aceito: bool, motivacao: str,
                       autor) -> AnaliseDocumentoPosse:
    """RH accepts or rejects the newest sending of a document; a rejection is motivated
    (Lei 9.784/1999, art. 50) and told to the candidate by e-mail on commit."""
    travar_cargo_em_curso(envio.chamada.cargo_id)
    envio = (EnvioDocumentoPosse.objects.select_related("chamada__cargo__certame",
                                                         "chamada__inscricao", "documento")
             .get(pk=envio.pk))
    motivacao = (motivacao or "").strip()
    if AnaliseDocumentoPosse.objects.filter(envio=envio).exists():
        raise ValidationError(_("Este envio já foi analisado."))
    if EnvioDocumentoPosse.objects.filter(chamada=envio.chamada, documento=envio.documento,
                                          pk__gt=envio.pk).exists():
        raise ValidationError(_("Há um envio mais recente deste documento: analise-o."))
    encerrada = motivo_nao_analisar(envio.chamada.cargo.certame,
                                    situacao_da_chamada(envio.chamada).atos)
    if encerrada:
        raise ValidationError(encerrada)
    if not aceito and not motivacao:
        raise ValidationError({"motivacao": _(
            "Motive a rejeição do documento (%(f)s): o candidato precisa saber o que corrigir.")
            % {"f": FUNDAMENTO_MOTIVACAO}})
    analise = AnaliseDocumentoPosse.objects.create(
        envio=envio, aceito=aceito, motivacao=motivacao,
        autor=autor if getattr(autor, "is_authenticated", False) else None)
    insc = envio.chamada.inscricao
    registrar_ato(tipo="posse_documento_analisado", autor=autor,
                  certame=envio.chamada.cargo.certame, objeto=insc,
                  descricao=(_("Documento “%(d)s” da inscrição %(n)s aceito para a posse.")
                             if aceito else
                             _("Documento “%(d)s” da inscrição %(n)s rejeitado para a posse."))
                  % {"d": envio.documento.nome, "n": insc.numero},
                  motivacao=motivacao, fundamento_legal=FUNDAMENTO_MOTIVACAO,
                  depois={"chamada": envio.chamada_id, "envio": envio.pk, "aceito": aceito})
    if not aceito:
        transaction.on_commit(lambda: enfileirar(TAREFA_AVISO_REJEICAO, analise.pk))
    return analise


def avisar_rejeicao(analise_id: int) -> bool:
    """The candidate's e-mail on a rejected document, with the motivation and the last day
    to send it again (the task's body): a notice of the outbox (`comum.emails`), which owns
    its sending and retries, belonging to the rejection's act."""
    analise = (AnaliseDocumentoPosse.objects
               .select_related("envio__documento", "envio__chamada__cargo__certame__orgao",
                               "envio__chamada__inscricao__candidato").get(pk=analise_id))
    chamada = analise.envio.chamada
    email = chamada.inscricao.candidato.email
    if not email:
        return False
    ato = Ato.objects.filter(tipo="posse_documento_analisado",
                             depois__envio=analise.envio_id).first()
    emails.documento_posse_rejeitado(email, {
        "numero": chamada.inscricao.numero, "cargo": chamada.cargo.nome,
        "certame": chamada.cargo.certame.titulo, "documento": analise.envio.documento.nome,
        "motivacao": analise.motivacao, "prazo": data_br(ultimo_dia_da_chamada(chamada)),
        "fundamento": FUNDAMENTO_MOTIVACAO}, ato=ato, inscricao=chamada.inscricao)
    return True

"""The candidate's documents for a reserved list (indigenous and quilombola proof, the PcD
medical report) and the documentary committee's examination of them.

Rules decided here:
- which documents: `certames.regras.documentos` for the list under the certame's regime, with
  the edital's extension (LC 22/2026, art. 4º; Lei 3.056/2025, art. 4º, II; Lei 3.057/2026,
  art. 13; the laudo: Decreto 9.508/2018, art. 5º, the federal parameter of LC 22/2026,
  art. 7º, §3º). Only lists confirmed by documents or by the PcD team have documents
  (`procedimentos.procedimento_da_lista`: Severínia's PPI only for indígenas);
- when: during the schedule's stage of the procedure — "Verificação documental" for I, Q and
  PPI, "Avaliação da equipe multiprofissional (PcD)" for the laudo (product decision: the
  laws leave the form and the dates to the edital; the laudo is sent in the same stage, before
  the candidate's session). Outside it nothing is received;
- the files: PDF, JPEG or PNG decided by content, up to `TAMANHO_MAXIMO` (10 MB), stored under
  MEDIA_ROOT with a random name and their SHA-256; served only to the candidate, RH and the
  members of a committee that evaluates that list and may see the candidate (term signed, no
  impedimento, not the first instance on appeal). To anybody else they do not exist;
- one current document per type: a new upload supersedes the previous one (`substituido_em`);
  both stay, as acts. Nothing changes once the committee decided the list (e.g. the laudo
  after the team's evaluation);
- the candidate is told what is missing before submitting (`faltantes`), and submits the set
  (an act, with each file's SHA-256) only when nothing is missing; a submitted set is final
  (no more uploads for that list): it is what the committee examines. A set never submitted
  is examined as it stood when the window closed (the candidate sent it in time);
- the committee: per document, accepted or not, a refusal always with its reason (LC 22/2026,
  art. 5º, II; Lei 3.056/2025, art. 4º, §1º, II: contraditório e ampla defesa), recorded by
  any member who may see the candidate (an act; a correction is a new analysis that
  supersedes, with its reason); the collegiate decision by the members' votes
  (`votacao`). Nothing is examined or voted while the candidate may still change the set.
  Closing requires every current document analysed, and a confirmation requires the accepted
  documents to satisfy the rule (e.g. the TADII and one of the three documents of LC 22/2026,
  art. 4º); the parecer lists each document with its analysis and `Avaliacao.detalhes`
  keeps the summary.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from candidatos.models import Inscricao, Lista
from certames.auditoria import registrar_ato
from certames.models import Ato, Certame, Etapa
from certames.regras import ErroParametro
from certames.regras.documentos import TIPOS, RegraDocumental, faltantes, regra_documental
from certames.travas import travar, travar_primeiro
from comissoes.dominio.convocacao import FORA_DO_CERTAME
from comissoes.dominio.procedimentos import (
    DOCUMENTAL,
    PCD,
    PROCEDIMENTOS,
    fundamento_procedimento,
    procedimento_da_lista,
)
from comissoes.dominio.votacao import (
    Decisao,
    Fechamento,
    exigir_certame_em_curso,
    motivo_de_recusa,
    redigir_parecer,
    registrar_fechamento,
)
from comissoes.models import (
    AnaliseDocumento,
    Avaliacao,
    DocumentoEnviado,
    MembroComissao,
    Voto,
)
from comum import arquivos as regras_anexos
from comum.papeis import e_rh
from nucleo.lotes import JanelaRecurso

#: Largest accepted document, in bytes (product default: 10 MB).
TAMANHO_MAXIMO = 10 * 1024 * 1024
#: Shortest reason for refusing a document.
MINIMO_MOTIVO = 15

ATO_SUBMISSAO = "documentos_submetidos"


def limites_texto() -> str:
    return _("PDF, JPEG ou PNG (o tipo é verificado pelo conteúdo do arquivo), até %(mb)d MB.") % {
        "mb": TAMANHO_MAXIMO // (1024 * 1024)}


def nome_do_tipo(tipo: str) -> str:
    nome = TIPOS.get(tipo, tipo)
    return nome[:1].upper() + nome[1:]


# --- the rule and the window ----------------------------------------------------------------


def procedimento_dos_documentos(inscricao: Inscricao, lista: str) -> str | None:
    """The procedure whose documents this list needs for this candidate (documentary or PcD),
    or None (heteroidentification, or a list not opted into)."""
    if lista not in (inscricao.listas or []):
        return None
    tipo = procedimento_da_lista(lista, inscricao.cor_raca)
    return tipo if tipo in (DOCUMENTAL, PCD) else None


def regra_da_inscricao(inscricao: Inscricao, lista: str) -> RegraDocumental | None:
    """The documents this candidate sends for this list (None: no documents)."""
    if procedimento_dos_documentos(inscricao, lista) is None:
        return None
    certame = inscricao.certame
    try:
        return regra_documental(certame.regime, lista, certame.parametros)
    except ErroParametro:
        # The certame's validation refuses a bad extension; an old row falls back to the law.
        return regra_documental(certame.regime, lista)


def listas_com_documentos(inscricao: Inscricao) -> list[str]:
    return [lista for lista in (inscricao.listas or [])
            if regra_da_inscricao(inscricao, lista) is not None]


class JanelaEnvio(JanelaRecurso):
    """The window to send documents: the schedule's stage of the procedure."""

    def situacao(self) -> str:
        if not self.prevista:
            return _("O cronograma deste certame ainda não prevê o prazo de envio dos "
                     "documentos.")
        if self.aberta:
            return _("Prazo de envio aberto (%(p)s).") % {"p": self.periodos()}
        if self.futura:
            return _("O prazo de envio ainda não começou (%(p)s).") % {"p": self.periodos()}
        return _("O prazo de envio terminou (%(p)s).") % {"p": self.periodos()}


def janela_envio(certame: Certame, tipo: str, agora: dt.datetime | None = None) -> JanelaEnvio:
    etapas = list(Etapa.objects.filter(certame=certame, tipo=PROCEDIMENTOS[tipo].etapa)
                  .order_by("inicio", "pk"))
    return JanelaEnvio(etapas, agora or timezone.now())


# --- reading --------------------------------------------------------------------------------


def documentos_atuais(inscricao: Inscricao, lista: str,
                      regra: RegraDocumental | None = None) -> list[DocumentoEnviado]:
    """The current (not superseded) documents of the list, in the rule's order."""
    docs = list(DocumentoEnviado.objects.filter(inscricao=inscricao, lista=lista,
                                                substituido_em__isnull=True))
    ordem = list(regra.tipos_aceitos) if regra else []
    docs.sort(key=lambda d: (ordem.index(d.tipo) if d.tipo in ordem else len(ordem),
                             d.tipo, d.pk))
    return docs


def submissao(inscricao: Inscricao, lista: str) -> Ato | None:
    """The act by which the candidate submitted the set of this list, if any."""
    return (Ato.objects.filter(tipo=ATO_SUBMISSAO,
                               objeto_tipo=ContentType.objects.get_for_model(Inscricao),
                               objeto_id=str(inscricao.pk), depois__lista=lista)
            .order_by("-criado_em", "-id").first())


@dataclass
class ItemDocumento:
    tipo: str
    nome: str
    obrigatorio: bool
    documento: DocumentoEnviado | None


@dataclass
class SituacaoDocumental:
    """What the candidate sees of one list: the rule, what was sent, what is missing, and
    whether they can send or submit now (with why not)."""

    inscricao: Inscricao
    lista: str
    lista_nome: str
    procedimento: str
    regra: RegraDocumental
    janela: JanelaEnvio
    documentos: list[DocumentoEnviado]
    itens: list[ItemDocumento]
    grupos: list[list[str]]  # names of each group of alternatives
    faltantes: list[str]
    submetido: Ato | None
    motivo_nao_envia: str | None
    motivo_nao_submete: str | None
    historico: list[DocumentoEnviado] = field(default_factory=list)

    @property
    def pode_enviar(self) -> bool:
        return self.motivo_nao_envia is None

    @property
    def pode_submeter(self) -> bool:
        return self.motivo_nao_submete is None


def motivo_para_nao_enviar(inscricao: Inscricao, lista: str, *,
                           agora: dt.datetime | None = None,
                           janela: JanelaEnvio | None = None) -> str | None:
    """Why the candidate cannot send (or replace) documents of this list now, or None."""
    tipo = procedimento_dos_documentos(inscricao, lista)
    if tipo is None:
        return _("A lista %(l)s não exige documentos para a sua inscrição.") % {"l": lista}
    if inscricao.situacao in FORA_DO_CERTAME:
        return _("A inscrição está %(s)s.") % {"s": inscricao.get_situacao_display().lower()}
    if submissao(inscricao, lista) is not None:
        return _("Você já confirmou o envio dos documentos desta lista; eles estão com a "
                 "comissão e não podem mais ser alterados.")
    if Avaliacao.objects.filter(inscricao=inscricao, lista=lista,
                                instancia=Avaliacao.Instancia.PRIMEIRA,
                                encerrada_em__isnull=False).exists():
        return _("A comissão já decidiu sobre esta lista: os documentos não podem mais ser "
                 "alterados.")
    janela = janela or janela_envio(inscricao.certame, tipo, agora)
    if not janela.aberta:
        return janela.situacao()
    return None


def situacao_documental(inscricao: Inscricao, lista: str,
                        agora: dt.datetime | None = None) -> SituacaoDocumental | None:
    regra = regra_da_inscricao(inscricao, lista)
    if regra is None:
        return None
    tipo = procedimento_dos_documentos(inscricao, lista)
    assert tipo is not None
    janela = janela_envio(inscricao.certame, tipo, agora)
    docs = documentos_atuais(inscricao, lista, regra)
    por_tipo = {d.tipo: d for d in docs}
    itens = [ItemDocumento(t, nome_do_tipo(t), t in regra.obrigatorios, por_tipo.get(t))
             for t in regra.tipos_aceitos]
    falta = faltantes(regra, por_tipo)
    ato = submissao(inscricao, lista)
    motivo_envio = motivo_para_nao_enviar(inscricao, lista, agora=agora, janela=janela)
    motivo_submete: str | None = None
    if motivo_envio:
        motivo_submete = motivo_envio
    elif falta:
        motivo_submete = _("Ainda falta: %(f)s.") % {"f": "; ".join(falta)}
    historico = list(DocumentoEnviado.objects.filter(inscricao=inscricao, lista=lista,
                                                     substituido_em__isnull=False)
                     .order_by("-enviado_em", "-pk"))
    return SituacaoDocumental(
        inscricao=inscricao, lista=lista, lista_nome=str(Lista(lista).label), procedimento=tipo,
        regra=regra, janela=janela, documentos=docs, itens=itens,
        grupos=[[nome_do_tipo(t) for t in g] for g in regra.alternativos], faltantes=falta,
        submetido=ato, motivo_nao_envia=motivo_envio, motivo_nao_submete=motivo_submete,
        historico=historico)


# --- the candidate's acts -------------------------------------------------------------------


def _exigir_candidato(inscricao: Inscricao, autor) -> None:
    dono = inscricao.candidato.usuario_id
    if dono is None or dono != getattr(autor, "pk", None):
        raise PermissionDenied(_("Só o(a) próprio(a) candidato(a) envia os seus documentos."))


def enviar_documento(inscricao: Inscricao, lista: str, tipo: str, arquivo, *, autor,
                     agora: dt.datetime | None = None) -> DocumentoEnviado:
    """The candidate sends one document of a list; it supersedes the current one of the same
    type. The file is checked by content and size before anything is written; if the act
    fails, the stored file is removed."""
    tipo_arquivo = regras_anexos.validar_anexo(arquivo, TAMANHO_MAXIMO) if arquivo else None
    if tipo_arquivo is None:
        raise ValidationError({"arquivo": _("Escolha o arquivo do documento.")})
    with regras_anexos.apagados_se_falhar() as salvos, transaction.atomic():
        return _enviar(inscricao, lista, tipo, arquivo, tipo_arquivo, autor, agora, salvos)


def _enviar(inscricao, lista, tipo, arquivo, tipo_arquivo, autor, agora, salvos):
    insc = travar(Inscricao, inscricao, "certame", "candidato")
    _exigir_candidato(insc, autor)
    motivo = motivo_para_nao_enviar(insc, lista, agora=agora)
    if motivo:
        raise ValidationError(motivo)
    regra = regra_da_inscricao(insc, lista)
    assert regra is not None
    if tipo not in regra.tipos_aceitos:
        raise ValidationError({"tipo": _("Tipo de documento não aceito para a lista %(l)s "
                                         "(%(f)s).") % {"l": lista, "f": regra.fundamento}})
    agora = agora or timezone.now()
    anterior = travar_primeiro(DocumentoEnviado, inscricao=insc, lista=lista, tipo=tipo,
                               substituido_em__isnull=True)
    if anterior is not None:
        anterior.substituido_em = agora
        anterior.save(update_fields=["substituido_em"])
    doc = DocumentoEnviado(
        inscricao=insc, lista=lista, tipo=tipo, tipo_conteudo=tipo_arquivo.tipo_conteudo,
        nome_original=regras_anexos.nome_seguro(getattr(arquivo, "name", "")),
        tamanho=arquivo.size, sha256=regras_anexos.sha256_de(arquivo))
    doc.arquivo.save(regras_anexos.nome_armazenado(tipo_arquivo), arquivo, save=False)
    salvos.append(doc.arquivo)
    doc.save()
    registrar_ato(
        tipo="documento_substituido" if anterior else "documento_enviado", autor=autor,
        certame=insc.certame, objeto=doc,
        descricao=_("Documento enviado pela inscrição %(n)s (lista %(l)s): %(t)s.") % {
            "n": insc.numero, "l": lista, "t": nome_do_tipo(tipo)},
        fundamento_legal=regra.fundamento[:250],
        depois={"lista": lista, "tipo": tipo, "sha256": doc.sha256, "tamanho": doc.tamanho,
                "tipo_conteudo": doc.tipo_conteudo,
                "substitui": anterior.pk if anterior else None})
    return doc


@transaction.atomic
def submeter_documentos(inscricao: Inscricao, lista: str, *, autor,
                        agora: dt.datetime | None = None) -> Ato:
    """The candidate submits the set of a list (an act), only when nothing is missing; from
    then on it is the set the committee examines."""
    insc = travar(Inscricao, inscricao, "certame", "candidato")
    _exigir_candidato(insc, autor)
    motivo = motivo_para_nao_enviar(insc, lista, agora=agora)
    if motivo:
        raise ValidationError(motivo)
    regra = regra_da_inscricao(insc, lista)
    assert regra is not None
    docs = documentos_atuais(insc, lista, regra)
    falta = faltantes(regra, [d.tipo for d in docs])
    if falta:
        raise ValidationError(_("Ainda falta: %(f)s.") % {"f": "; ".join(falta)})
    return registrar_ato(
        tipo=ATO_SUBMISSAO, autor=autor, certame=insc.certame, objeto=insc,
        descricao=_("Inscrição %(n)s: documentos da lista %(l)s enviados à comissão "
                    "(%(q)d arquivo(s)).") % {"n": insc.numero, "l": lista, "q": len(docs)},
        fundamento_legal=regra.fundamento[:250],
        depois={"lista": lista, "documentos": [
            {"id": d.pk, "tipo": d.tipo, "sha256": d.sha256} for d in docs]})


# --- who sees a document --------------------------------------------------------------------


def membro_pode_ver(user, inscricao_id: int, lista: str) -> bool:
    """The user sits on a committee that evaluates this list of this candidate and may see
    it (active, term signed, no impedimento, not the first instance on appeal)."""
    avaliacoes = (Avaliacao.objects.filter(inscricao_id=inscricao_id, lista=lista,
                                           comissao__membros__usuario=user)
                  .select_related("comissao").distinct())
    for av in avaliacoes:
        membro = MembroComissao.objects.filter(comissao_id=av.comissao_id, usuario=user).first()
        if membro is not None and motivo_de_recusa(membro, av) is None:
            return True
    return False


def pode_ver_documento(user, documento: DocumentoEnviado) -> bool:
    """The candidate who sent it, RH, and the members of a committee evaluating the list."""
    if not getattr(user, "is_authenticated", False):
        return False
    if e_rh(user):
        return True
    dono = Inscricao.objects.filter(pk=documento.inscricao_id).values_list(
        "candidato__usuario_id", flat=True).first()
    if dono is not None and dono == user.pk:
        return True
    return membro_pode_ver(user, documento.inscricao_id, documento.lista)


# --- the committee's examination ------------------------------------------------------------


def motivo_sem_analise(avaliacao: Avaliacao, agora: dt.datetime | None = None) -> str | None:
    """Why the documents of this evaluation cannot be examined (nor voted on) yet: the
    candidate may still change them (window open or not started, set not submitted)."""
    insc = avaliacao.inscricao
    if submissao(insc, avaliacao.lista) is not None:
        return None
    tipo = procedimento_dos_documentos(insc, avaliacao.lista) or DOCUMENTAL
    janela = janela_envio(insc.certame, tipo, agora)
    if janela.aberta or janela.futura:
        return _("Aguardando o envio dos documentos pelo(a) candidato(a): %(j)s") % {
            "j": janela.situacao()}
    return None


def analises_correntes(avaliacao: Avaliacao) -> dict[int, AnaliseDocumento]:
    """The current analysis (not superseded) of each document, in this evaluation."""
    return {a.documento_id: a for a in AnaliseDocumento.objects.filter(
        avaliacao=avaliacao, substituida_por__isnull=True).select_related("membro__usuario")}


@transaction.atomic
def analisar_documento(avaliacao: Avaliacao, documento: DocumentoEnviado,
                       membro: MembroComissao, *, aceito: bool, motivo: str = "",
                       agora: dt.datetime | None = None) -> AnaliseDocumento:
    """A member records whether one document is accepted (an act). A refusal, and a
    correction of an earlier analysis, need their reason."""
    exigir_certame_em_curso(avaliacao)
    av = travar(Avaliacao, avaliacao, "comissao", "inscricao__certame", "inscricao__candidato")
    if av.comissao.tipo != DOCUMENTAL:
        raise ValidationError(_("Só a comissão de verificação documental analisa documentos."))
    if av.encerrada:
        raise ValidationError(_("A avaliação já foi encerrada; as análises não podem mudar."))
    recusa = motivo_de_recusa(membro, av)
    if recusa:
        raise PermissionDenied(recusa)
    doc = DocumentoEnviado.objects.filter(pk=documento.pk, inscricao_id=av.inscricao_id,
                                          lista=av.lista, substituido_em__isnull=True).first()
    if doc is None:
        raise ValidationError(_("O documento não pertence a esta avaliação ou foi "
                                "substituído."))
    espera = motivo_sem_analise(av, agora)
    if espera:
        raise ValidationError(espera)
    motivo = (motivo or "").strip()
    if not aceito and len(motivo) < MINIMO_MOTIVO:
        raise ValidationError({"motivo": _(
            "Informe por que o documento não é aceito (ao menos %(n)d caracteres).") % {
            "n": MINIMO_MOTIVO}})
    anterior = AnaliseDocumento.objects.filter(avaliacao=av, documento=doc,
                                               substituida_por__isnull=True).first()
    if anterior is not None and not motivo:
        raise ValidationError({"motivo": _(
            "O documento já foi analisado: para substituir a análise, informe o motivo.")})
    analise = AnaliseDocumento.objects.create(avaliacao=av, documento=doc, aceito=aceito,
                                              motivo=motivo, membro=membro, substitui=anterior)
    regra = regra_da_inscricao(av.inscricao, av.lista)
    registrar_ato(
        tipo="analise_documento_substituida" if anterior else "analise_documento",
        autor=membro.usuario, certame=av.inscricao.certame, objeto=analise,
        descricao=_("Documento %(t)s da inscrição %(n)s (lista %(l)s): %(r)s.") % {
            "t": nome_do_tipo(doc.tipo), "n": av.inscricao.numero, "l": av.lista,
            "r": _("aceito") if aceito else _("não aceito")},
        motivacao=motivo, fundamento_legal=(regra.fundamento if regra else "")[:250],
        antes={"aceito": anterior.aceito, "analise": anterior.pk} if anterior else None,
        depois={"avaliacao": av.pk, "documento": doc.pk, "tipo": doc.tipo,
                "sha256": doc.sha256, "aceito": aceito})
    return analise


@registrar_fechamento(DOCUMENTAL)
def fechamento(avaliacao: Avaliacao, decisao: Decisao, votos: list[Voto]) -> Fechamento:
    """Closing a documentary evaluation (called by `votacao.encerrar_avaliacao`): every
    current document analysed, a confirmation only if the accepted documents satisfy the
    rule; the parecer lists the documents."""
    insc = avaliacao.inscricao
    espera = motivo_sem_analise(avaliacao)
    if espera:
        raise ValidationError(espera)
    regra = regra_da_inscricao(insc, avaliacao.lista)
    docs = documentos_atuais(insc, avaliacao.lista, regra)
    analises = analises_correntes(avaliacao)
    sem_analise = [d for d in docs if d.pk not in analises]
    if sem_analise:
        raise ValidationError(_("Analise cada documento antes de encerrar; sem análise: "
                                "%(l)s.") % {"l": "; ".join(
                                    f"{nome_do_tipo(d.tipo)} ({d.nome_original})"
                                    for d in sem_analise)})
    aceitos = [d.tipo for d in docs if analises[d.pk].aceito]
    falta = faltantes(regra, aceitos) if regra else []
    if decisao.resultado == Avaliacao.Resultado.CONFIRMADA and falta:
        raise ValidationError(_(
            "A condição não pode ser confirmada: os documentos aceitos não atendem à regra "
            "(%(f)s). Falta: %(l)s. Revise as análises ou os votos.") % {
            "f": regra.fundamento if regra else "", "l": "; ".join(falta)})
    fundamento = (regra.fundamento if regra else
                  fundamento_procedimento(insc.certame.regime_legal, DOCUMENTAL))
    linhas = []
    for d in docs:
        a = analises[d.pk]
        if a.aceito:
            linhas.append(_("- %(t)s (%(a)s): aceito.") % {"t": nome_do_tipo(d.tipo),
                                                            "a": d.nome_original}
                          + (f" {a.motivo}" if a.motivo else ""))
        else:
            linhas.append(_("- %(t)s (%(a)s): não aceito — %(m)s") % {
                "t": nome_do_tipo(d.tipo), "a": d.nome_original, "m": a.motivo})
    if not docs:
        linhas.append(_("- Nenhum documento foi enviado no prazo."))
    secao = _("Documentos examinados (%(f)s):") % {"f": fundamento} + "\n" + "\n".join(linhas)
    if falta:
        secao += "\n" + _("Exigência não atendida pelos documentos aceitos: %(l)s.") % {
            "l": "; ".join(falta)}
    parecer = redigir_parecer(avaliacao, decisao, votos) + "\n\n" + secao
    detalhes = {
        "documentos": [{"documento": d.pk, "tipo": d.tipo, "nome": d.nome_original,
                        "sha256": d.sha256, "aceito": analises[d.pk].aceito,
                        "motivo": analises[d.pk].motivo, "analise": analises[d.pk].pk}
                       for d in docs],
        "faltantes": falta,
        "regra": fundamento,
        "submetido": submissao(insc, avaliacao.lista) is not None,
    }
    return Fechamento(decisao.resultado, parecer, detalhes, fundamento)

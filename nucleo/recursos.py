"""The candidate's appeal against a decision of any procedure: one per decision, in the
window of the decision's batch, with attachments, routed to the instance that judges it
(never the one that decided): a committee's decision by the plug-in's `ao_apresentar_recurso`;
an RH decision first to the authority that decided, who may reconsider, then to the certame's
superior authority (`nucleo.autoridade`, Lei 9.784/1999, art. 56, §1º).

Rules decided here:
- an appeal lies against a published decision that goes against the candidate, within its
  batch's window, before the batch's final result (contraditório e ampla defesa: LC 22/2026,
  art. 3º, §3º and art. 5º, III; Lei 3.056/2025, art. 4º, §1º, IV; Lei 3.057/2026, art. 3º,
  V and art. 10, §3º, V; the form is the edital's);
- one appeal per decision; its reasons between `MINIMO_TEXTO` and `MAXIMO_TEXTO` characters
  (product limits); attachments: PDF, JPEG or PNG checked by content (`comum.arquivos`);
- only the candidate files it; RH, the candidate and the judging instance see it.
"""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from certames.auditoria import registrar_ato
from certames.situacao import exigir_em_curso
from certames.travas import travar_certame, travar_decisao
from comum import arquivos
from comum.formatos import data_hora_br
from comum.papeis import e_rh
from nucleo import autoridade
from nucleo.avisos import enfileirar_protocolo
from nucleo.lotes import JanelaRecurso, final_do_lote, janela_do_lote, preliminar_de
from nucleo.models import AnexoRecurso, Recurso
from nucleo.registro import plugin

MINIMO_TEXTO = 20
MAXIMO_TEXTO = 10_000

_NAO_INFORMADO = object()

#: The candidate's inscrição model, reached through the kernel's own foreign key (the kernel
#: does not import the candidates' app).
Inscricao = Recurso._meta.get_field("inscricao").related_model


def recurso_de(chave: str, objeto_id: int) -> Recurso | None:
    return Recurso.objects.filter(procedimento=chave, objeto_id=objeto_id).first()


def recursos_de(chave: str, ids) -> dict[int, Recurso]:
    """The appeals against these decisions, by decision id."""
    return {r.objeto_id: r for r in Recurso.objects.filter(procedimento=chave,
                                                           objeto_id__in=list(ids))}


def anexos_de(recurso: Recurso | None) -> list[AnexoRecurso]:
    return list(recurso.anexos.order_by("pk")) if recurso else []


def motivo_para_nao_recorrer(chave: str, objeto, *, agora: dt.datetime | None = None,
                             preliminar=_NAO_INFORMADO, final=_NAO_INFORMADO,
                             janela: JanelaRecurso | None = None) -> str | None:
    """Why no appeal can be filed against this decision now (Portuguese), or None. The
    publications and the window are those of the decision's batch (`nucleo.lotes`)."""
    agora = agora or timezone.now()
    proc = plugin(chave)
    proprio = proc.motivo_para_nao_recorrer(objeto, agora)
    if proprio:
        return proprio
    if proc.publica_em_lotes:
        if preliminar is _NAO_INFORMADO:
            preliminar = preliminar_de(chave, objeto.pk)
        if preliminar is None:
            return _("O resultado desta decisão ainda não foi publicado.")
    if not proc.desfavoravel(objeto):
        return proc.motivo_favoravel(objeto)
    recurso = recurso_de(chave, objeto.pk)
    if recurso is not None:
        return _("Você já apresentou recurso contra esta decisão em %(d)s; cabe um único "
                 "recurso.") % {"d": data_hora_br(recurso.apresentado_em)}
    if proc.publica_em_lotes:
        if final is _NAO_INFORMADO:
            final = final_do_lote(preliminar)
        if final is not None:
            return _("O resultado definitivo da %(p)s já foi publicado.") % {"p": proc.nome}
        if janela is None:
            janela = janela_do_lote(preliminar, agora)
    elif janela is None:
        # A procedure decided case by case: the window counts from the decision's notice.
        janela = proc.janela_recurso(objeto, agora)
    if not janela.aberta:
        if not janela.prevista:
            return janela.situacao()
        if janela.futura:
            return _("O prazo de recurso ainda não começou: recursos podem ser apresentados "
                     "%(p)s.") % {"p": janela.periodos()}
        return _("O prazo de recurso terminou: recursos podiam ser apresentados %(p)s.") % {
            "p": janela.periodos()}
    return proc.sem_instancia_recursal(objeto)


def validar_texto(texto: str) -> str:
    texto = (texto or "").strip()
    if len(texto) < MINIMO_TEXTO:
        raise ValidationError({"texto": _(
            "Escreva as razões do recurso (ao menos %(n)d caracteres).") % {"n": MINIMO_TEXTO}})
    if len(texto) > MAXIMO_TEXTO:
        raise ValidationError({"texto": _(
            "As razões do recurso podem ter até %(n)d caracteres.") % {"n": MAXIMO_TEXTO}})
    return texto


def titular(inscricao_id: int, user) -> bool:
    """The user is the candidate of this inscrição."""
    return bool(getattr(user, "is_authenticated", False) and Inscricao.objects.filter(
        pk=inscricao_id, candidato__usuario_id=user.pk).exists())


def apresentar_recurso(chave: str, objeto, *, autor, texto: str, arquivos_enviados=(),
                       agora: dt.datetime | None = None) -> Recurso:
    """The candidate files their one appeal against `objeto`: the `Recurso` with its
    attachments, routed by the plug-in to the instance that judges it. The files written are
    removed if the transaction fails."""
    texto = validar_texto(texto)
    validos = arquivos.validar_anexos(arquivos_enviados)
    with arquivos.apagados_se_falhar() as salvos, transaction.atomic():
        return _apresentar(chave, objeto, autor, texto, validos, salvos, agora)


def _apresentar(chave, objeto, autor, texto, validos, salvos, agora) -> Recurso:
    proc = plugin(chave)
    certame = travar_certame(proc.certame_id(objeto))
    exigir_em_curso(certame)
    objeto = travar_decisao(type(objeto), objeto.pk)
    inscricao_id = proc.inscricao_id(objeto)
    if not titular(inscricao_id, autor):
        raise PermissionDenied(_("Só o(a) próprio(a) candidato(a) apresenta o recurso."))
    motivo = motivo_para_nao_recorrer(chave, objeto, agora=agora)
    if motivo:
        raise ValidationError(motivo)
    recurso = Recurso.objects.create(procedimento=chave, objeto_id=objeto.pk,
                                     inscricao_id=inscricao_id, texto=texto)
    for arquivo, tipo_arquivo in validos:
        anexo = AnexoRecurso(recurso=recurso, tipo_conteudo=tipo_arquivo.tipo_conteudo,
                             nome_original=arquivos.nome_seguro(arquivo.name))
        anexo.arquivo.save(arquivos.nome_armazenado(tipo_arquivo), arquivo, save=False)
        salvos.append(anexo.arquivo)
        anexo.save()
    resumo = proc.ao_apresentar_recurso(recurso, objeto, autor)
    # An RH decision's appeal is addressed to the authority that decided (art. 56, §1º).
    dirigido = autoridade.dirigir(recurso, objeto, agora)
    descricao = resumo.get("descricao") or _(
        "Recurso contra a decisão %(o)s (%(p)s).") % {"o": proc.rotulo(objeto), "p": proc.nome}
    if dirigido is not None:
        descricao += " " + _("Dirigido a %(d)s, que proferiu a decisão e pode reconsiderá-la "
                             "até %(p)s.") % {"d": autoridade.nome(dirigido.usuario),
                                              "p": data_hora_br(dirigido.prazo)}
    registrar_ato(
        tipo=f"recurso_{proc.slug}", autor=autor, certame=certame, objeto=recurso,
        descricao=descricao, motivacao=texto,
        fundamento_legal=proc.fundamento(certame.regime_legal, "recurso")[:250],
        depois={"objeto": objeto.pk, "anexos": [f.instance.nome_original for f in salvos],
                **resumo.get("depois", {}),
                **({"dirigido_a": dirigido.usuario_id,
                    "prazo_reconsideracao": dirigido.prazo.isoformat()} if dirigido else {})})
    enfileirar_protocolo(recurso)
    return recurso


# --- who sees the appeal and its files ------------------------------------------------------


def pode_julgar(user, recurso: Recurso, agora: dt.datetime | None = None) -> bool:
    """The user may judge this appeal now: for an RH decision the certame's superior
    authority once the appeal is forwarded (`nucleo.autoridade`); for a committee's, its
    recursal instance (the plug-in's `pode_julgar`)."""
    proc = plugin(recurso.procedimento)
    if proc.decisao_do_rh:
        return autoridade.pode_julgar(user, recurso, agora)
    return proc.pode_julgar(user, recurso)


def pode_ver_recurso(user, recurso: Recurso) -> bool:
    """The candidate who filed it, RH, and the instance that judges it."""
    if not getattr(user, "is_authenticated", False):
        return False
    if e_rh(user) or titular(recurso.inscricao_id, user):
        return True
    return pode_julgar(user, recurso)


def pode_ver_anexo(user, anexo: AnexoRecurso) -> bool:
    return pode_ver_recurso(user, anexo.recurso)

"""The candidate's appeal against a committee's first-instance decision (heteroidentification,
documentary verification, PcD evaluation: `procedimentos`).

Rules decided here:
- the appeal is a right (LC 22/2026, art. 3º, §5º; Lei 3.057/2026, art. 10, §3º, V;
  Lei 3.056/2025, art. 4º, §1º, II: contraditório e ampla defesa), filed in the form and
  window the edital sets: the schedule's etapa "Recurso da heteroidentificação", open now;
- only against a published non-confirmation, by the candidate, once per evaluation
  (`Recurso` is one-to-one with it) and only before the final result;
- the appeal is judged by the recursal committee of the certame, with the same voting
  mechanics (`votacao.registrar_voto` / `encerrar_avaliacao`) on a new evaluation in the
  instância "recurso"; nobody who judged the candidate in the first instance judges the
  appeal (enforced by `votacao.motivo_de_recusa`); there is no further appeal (product
  decision: the laws provide one appeal against the committee's decision);
- attachments: PDF, JPEG or PNG checked by content (`comissoes.anexos`), stored under
  MEDIA_ROOT and served only to the candidate, RH and the members of the recursal committee
  who may judge that appeal;
- documentary verification and PcD evaluation: the same, in their own schedule stage ("Recurso
  da verificação documental", "Recurso da avaliação PcD"), judged by another committee of the
  same kind (`comissao_recursal`), on the record (the documents already sent, the
  biopsychosocial record and the appeal's reasons and attachments; the appeal committee
  analyses the documents and, for PcD, records its own biopsychosocial evaluation). The
  appeal's attachments are arguments: they do not replace the documents of the list.
"""

from __future__ import annotations

import datetime as dt
import logging

from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.mail import send_mail
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from candidatos.models import Inscricao
from certames import arquivos as regras_anexos
from certames.auditoria import registrar_ato
from certames.models import Certame
from certames.papeis import e_rh
from certames.travas import travar, travar_certame
from comissoes.dominio import votacao
from comissoes.dominio.lotes import (
    JanelaRecurso,
    final_do_lote,
    janela_do_cronograma,
    janela_do_lote,
    preliminar_da_avaliacao,
)
from comissoes.dominio.procedimentos import (
    HETEROIDENTIFICACAO,
    PROCEDIMENTOS,
    RECURSAL,
    procedimento,
)
from comissoes.dominio.resultados import (
    avaliacao_do_recurso,
    fundamento_do_procedimento,
    recurso_de,
)
from comissoes.models import (
    AnexoRecurso,
    Avaliacao,
    Comissao,
    MembroComissao,
    Recurso,
)

logger = logging.getLogger(__name__)

#: Shortest accepted statement of reasons (product default; the laws leave the form to the
#: edital).
MINIMO_TEXTO = 20
MAXIMO_TEXTO = 10_000

_NAO_INFORMADO = object()


def comissao_recursal(certame: Certame, tipo: str = HETEROIDENTIFICACAO,
                      primeira: Comissao | None = None) -> Comissao | None:
    """The committee that judges the appeals of a procedure: heteroidentification, the
    certame's recursal committee; documentary and PcD, another committee of the same kind
    than the one that decided (`primeira`) — the first one created, if RH created several."""
    if tipo in (HETEROIDENTIFICACAO, RECURSAL):
        return (Comissao.objects.filter(certame=certame, tipo=Comissao.Tipo.RECURSAL)
                .order_by("criada_em", "pk").first())
    qs = Comissao.objects.filter(certame=certame, tipo=tipo)
    if primeira is not None:
        qs = qs.exclude(pk=primeira.pk)
    return qs.order_by("criada_em", "pk").first()


def motivo_para_nao_recorrer(avaliacao: Avaliacao, *, agora: dt.datetime | None = None,
                             preliminar=_NAO_INFORMADO, final=_NAO_INFORMADO,
                             janela: JanelaRecurso | None = None) -> str | None:
    """Why no appeal can be filed against this evaluation now (Portuguese), or None. The
    publications and the window are those of the evaluation's batch (`lotes`)."""
    agora = agora or timezone.now()
    certame = avaliacao.comissao.certame
    tipo = avaliacao.comissao.tipo
    if avaliacao.instancia != Avaliacao.Instancia.PRIMEIRA or tipo not in PROCEDIMENTOS:
        return _("Da decisão do recurso não cabe novo recurso.")
    proc = procedimento(tipo)
    if preliminar is _NAO_INFORMADO:
        preliminar = preliminar_da_avaliacao(avaliacao)
    if final is _NAO_INFORMADO:
        final = final_do_lote(preliminar)
    if preliminar is None:
        return _("O resultado desta avaliação ainda não foi publicado.")
    if avaliacao.resultado == Avaliacao.Resultado.CONFIRMADA:
        if tipo == HETEROIDENTIFICACAO:
            return _("A autodeclaração foi confirmada: não há decisão a recorrer.")
        return _("A decisão foi favorável (%(o)s confirmado(a)): não há decisão a "
                 "recorrer.") % {"o": proc.objeto}
    recurso = recurso_de(avaliacao)
    if recurso is not None:
        return _("Você já apresentou recurso contra esta decisão em %(d)s; cabe um único "
                 "recurso.") % {"d": timezone.localtime(recurso.apresentado_em)
                               .strftime("%d/%m/%Y %H:%M")}
    if final is not None:
        return _("O resultado definitivo da %(p)s já foi publicado.") % {"p": proc.nome}
    if janela is None:
        janela = (janela_do_lote(preliminar, agora) if preliminar is not None
                  else janela_do_cronograma(certame, agora, tipo))
    if not janela.aberta:
        if not janela.prevista:
            return janela.situacao()
        if janela.futura:
            return _("O prazo de recurso ainda não começou: recursos podem ser apresentados "
                     "%(p)s.") % {"p": janela.periodos()}
        return _("O prazo de recurso terminou: recursos podiam ser apresentados %(p)s.") % {
            "p": janela.periodos()}
    if comissao_recursal(certame, tipo, avaliacao.comissao) is None:
        return _("Ainda não há comissão recursal designada para este certame; procure a "
                 "organização do certame.")
    return None


def _validar_texto(texto: str) -> str:
    texto = (texto or "").strip()
    if len(texto) < MINIMO_TEXTO:
        raise ValidationError({"texto": _(
            "Escreva as razões do recurso (ao menos %(n)d caracteres).") % {"n": MINIMO_TEXTO}})
    if len(texto) > MAXIMO_TEXTO:
        raise ValidationError({"texto": _(
            "As razões do recurso podem ter até %(n)d caracteres.") % {"n": MAXIMO_TEXTO}})
    return texto


def apresentar_recurso(avaliacao: Avaliacao, *, autor, texto: str, arquivos=(),
                       agora: dt.datetime | None = None) -> Recurso:
    """The candidate files their one appeal: the `Recurso` with its attachments, and the
    evaluation in the instância "recurso" of the recursal committee that will judge it."""
    texto = _validar_texto(texto)
    validos = regras_anexos.validar_anexos(arquivos)
    salvos: list[AnexoRecurso] = []
    try:
        with transaction.atomic():
            recurso = _apresentar(avaliacao, autor, texto, validos, salvos, agora)
    except BaseException:
        # The rows are rolled back; the files written meanwhile must go too.
        for anexo in salvos:
            anexo.arquivo.delete(save=False)
        raise
    return recurso


def _apresentar(avaliacao, autor, texto, validos, salvos, agora) -> Recurso:
    av = (Avaliacao.objects.select_related("comissao__certame", "inscricao__candidato")
          .get(pk=avaliacao.pk))
    certame = travar_certame(av.comissao.certame_id)
    av = travar(Avaliacao, av.pk, "comissao__certame", "inscricao__candidato__usuario",
                "inscricao")
    if av.inscricao.candidato.usuario_id is None or av.inscricao.candidato.usuario_id != getattr(
            autor, "pk", None):
        raise PermissionDenied(_("Só o(a) próprio(a) candidato(a) apresenta o recurso."))
    motivo = motivo_para_nao_recorrer(av, agora=agora)
    if motivo:
        raise ValidationError(motivo)
    tipo = av.comissao.tipo
    proc = procedimento(tipo)
    recursal = comissao_recursal(certame, tipo, av.comissao)
    recurso = Recurso.objects.create(avaliacao=av, texto=texto)
    # (Not `tipo`: that name holds the procedure, whose appeal basis the act cites below.)
    for arquivo, tipo_arquivo in validos:
        anexo = AnexoRecurso(recurso=recurso, tipo_conteudo=tipo_arquivo.tipo_conteudo,
                             nome_original=regras_anexos.nome_seguro(arquivo.name))
        anexo.arquivo.save(regras_anexos.nome_armazenado(tipo_arquivo), arquivo, save=False)
        salvos.append(anexo)
        anexo.save()
    julgamento, criada = Avaliacao.objects.get_or_create(
        comissao=recursal, inscricao=av.inscricao, lista=av.lista,
        instancia=Avaliacao.Instancia.RECURSO)
    if not criada and julgamento.encerrada:
        raise ValidationError(_("Este recurso já foi julgado."))
    registrar_ato(
        tipo=f"recurso_{proc.slug}", autor=autor, certame=certame, objeto=recurso,
        descricao=_("Recurso da inscrição %(n)s contra a decisão na lista %(l)s (%(p)s), "
                    "distribuído à comissão recursal %(c)s.") % {
            "n": av.inscricao.numero, "l": av.lista, "c": recursal.nome, "p": proc.nome},
        motivacao=texto,
        fundamento_legal=fundamento_do_procedimento(certame.regime_legal, tipo, "recurso"),
        depois={"avaliacao_primeira": av.pk, "avaliacao_recurso": julgamento.pk,
                "anexos": [a.nome_original for a in salvos]})
    email = av.inscricao.candidato.email
    if email:
        transaction.on_commit(lambda: _enviar_protocolo(recurso.pk, email))
    return recurso


def _enviar_protocolo(recurso_id: int, email: str) -> None:
    """Receipt of the appeal, by e-mail (after commit). The text has no parecer nor vote."""
    recurso = Recurso.objects.select_related("avaliacao__inscricao__certame",
                                             "avaliacao__comissao").get(pk=recurso_id)
    insc = recurso.avaliacao.inscricao
    corpo = _(
        "Recebemos o seu recurso contra o resultado preliminar da %(proc)s.\n\n"
        "Certame: %(certame)s\nInscrição: %(n)s\nLista: %(l)s\nProtocolo: %(p)d\n"
        "Apresentado em: %(d)s\nAnexos: %(a)d\n\n"
        "Acompanhe o julgamento na sua área do candidato.") % {
        "proc": procedimento(recurso.avaliacao.comissao.tipo).nome,
        "certame": insc.certame, "n": insc.numero, "l": recurso.avaliacao.lista,
        "p": recurso.pk, "a": recurso.anexos.count(),
        "d": timezone.localtime(recurso.apresentado_em).strftime("%d/%m/%Y %H:%M")}
    try:
        send_mail(_("Recurso recebido — inscrição %(n)s") % {"n": insc.numero}, corpo,
                  settings.DEFAULT_FROM_EMAIL, [email])
    except Exception:  # the appeal is filed; a failed receipt must not undo it
        logger.exception("falha ao enviar o protocolo do recurso %s", recurso_id)


# --- who sees the appeal and its files ------------------------------------------------------


def membro_pode_julgar(user, recurso: Recurso) -> bool:
    """The user is an active member of the recursal committee that holds this appeal and may
    see it (term signed, no impedimento, did not judge the first instance)."""
    julgamento = avaliacao_do_recurso(recurso.avaliacao)
    if julgamento is None or not getattr(user, "is_authenticated", False):
        return False
    membro = MembroComissao.objects.filter(comissao_id=julgamento.comissao_id,
                                           usuario=user).first()
    return membro is not None and votacao.motivo_de_recusa(membro, julgamento) is None


def pode_ver_recurso(user, recurso: Recurso) -> bool:
    """The candidate who filed it, RH, and the recursal committee's members who judge it."""
    if not getattr(user, "is_authenticated", False):
        return False
    if e_rh(user):
        return True
    candidato_usuario = Inscricao.objects.filter(pk=recurso.avaliacao.inscricao_id).values_list(
        "candidato__usuario_id", flat=True).first()
    if candidato_usuario is not None and candidato_usuario == user.pk:
        return True
    return membro_pode_julgar(user, recurso)


def pode_ver_anexo(user, anexo: AnexoRecurso) -> bool:
    return pode_ver_recurso(user, anexo.recurso)

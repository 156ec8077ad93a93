"""The candidate's appeal against their result in a phase's preliminary publication (the
exam's appeals: against the score, the correction, the answer key as it scored them), filed
and judged through the procedure kernel (`nucleo.recursos`, `nucleo.autoridade`; the
plug-in is `provas.plugin`).

Rules decided here. The municipal laws give the exam's results no appeal procedure of their
own; the edital sets the period (`Fase.prazo_recurso_dias`) and the federal law of the
administrative process applies subsidiarily (Lei 9.784/1999, art. 69; STJ, Súmula 633):
- the decision appealed against is the candidate's row in the phase's preliminary result
  (`DesempenhoPublicado`), published by RH (an act): the appeal lies within the phase's
  period counted from that publication (the day excluded, days counted continuously: art.
  66; ten days where the edital is silent: art. 59), before the phase's final result;
- every row can be appealed against (a higher score places the candidate better, or within
  the cut-off), an absence too; a candidate whose result did not change since the phase's
  previous final result had their appeal against that one's preliminary;
- the appeal goes to the RH user who published the preliminary result, who may reconsider it
  within five days by revising the score (the appeal is atendido), then to the certame's
  superior authority, which grants it (revising the score) or not (art. 56, §1º:
  `nucleo.autoridade`); every decision motivated (art. 50: `nucleo.motivacao`);
- a revised score is within the phase's range and above the published one (or a score where
  the candidate was marked absent): the appeal never worsens the appellant's situation
  (art. 64, parágrafo único). It supersedes the banca's score (`NotaFase.revisao`, the history
  keeps the former) and the cargo's lists are recomputed; the phase's final result, published
  only once the period is over and every appeal decided, carries it.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from candidatos.importacao.valores import ValorInvalido
from candidatos.models import Inscricao
from certames import calendario
from certames.auditoria import registrar_ato
from certames.models import Etapa
from certames.recalculo import solicitar_recalculo
from certames.travas import travar, travar_certame
from comum.formatos import data_hora_br
from nucleo import autoridade
from nucleo import recursos as kernel
from nucleo.lotes import JanelaRecurso
from nucleo.models import Recurso
from nucleo.motivacao import validar_motivacao
from provas import motor
from provas.models import DesempenhoPublicado, Fase, NotaFase, PublicacaoFase, RevisaoNotaFase

CHAVE = "resultado_fase"
FUNDAMENTO_RECURSO = ("Lei 9.784/1999, arts. 56, 59 e 64, aplicada subsidiariamente; prazo do "
                      "edital")
PRELIMINAR = PublicacaoFase.Tipo.PRELIMINAR
FINAL = PublicacaoFase.Tipo.FINAL

DESEMPENHO_COM = ("publicacao__fase__cargo__certame", "publicacao__publicada_por",
                  "inscricao__candidato", "inscricao__cargo")


def desempenhos():
    return DesempenhoPublicado.objects.select_related(*DESEMPENHO_COM)


# --- the phase's publications ------------------------------------------------------------------


def ultima(fase: Fase, tipo: str | None = None) -> PublicacaoFase | None:
    qs = fase.publicacoes.all()
    if tipo:
        qs = qs.filter(tipo=tipo)
    return qs.order_by("-publicada_em", "-pk").first()


def preliminar_pendente(fase: Fase) -> PublicacaoFase | None:
    """The latest preliminary result with no final result after it (None: there is none)."""
    ultima_pub = ultima(fase)
    return ultima_pub if ultima_pub is not None and ultima_pub.tipo == PRELIMINAR else None


def fim_do_prazo(publicacao: PublicacaoFase) -> dt.datetime:
    """The end of the appeal period of a preliminary result: the phase's days from its
    publication, counted by the one count (`certames.calendario.fim_do_prazo`: Lei 9.784/1999,
    art. 66, with the extension of its §1º in the órgão's calendar)."""
    return calendario.fim_do_prazo(publicacao.publicada_em, publicacao.fase.prazo_recurso_dias,
                                   publicacao.fase)


def janela_da_publicacao(publicacao: PublicacaoFase, agora: dt.datetime | None = None
                         ) -> JanelaRecurso:
    """The appeal window of a preliminary result: from its publication, the phase's days. An
    unsaved `Etapa`: derived from a stored date and the edital's period, never written."""
    etapa = Etapa(certame_id=publicacao.fase.cargo.certame_id, inicio=publicacao.publicada_em,
                  fim=fim_do_prazo(publicacao),
                  descricao=_("Recurso do resultado preliminar da fase %(f)s") % {
                      "f": publicacao.fase.codigo})
    return JanelaRecurso([etapa], agora or timezone.now(), CHAVE)


def janela_recurso(desempenho: DesempenhoPublicado, agora: dt.datetime | None = None
                   ) -> JanelaRecurso:
    return janela_da_publicacao(desempenho.publicacao, agora)


def _anterior(desempenho: DesempenhoPublicado) -> DesempenhoPublicado | None:
    """The candidate's row in the phase's final result published before this preliminary."""
    pub = desempenho.publicacao
    return (DesempenhoPublicado.objects
            .filter(inscricao_id=desempenho.inscricao_id, publicacao__fase_id=pub.fase_id,
                    publicacao__tipo=FINAL, publicacao__publicada_em__lt=pub.publicada_em)
            .order_by("-publicacao__publicada_em", "-publicacao_id").first())


def motivo_proprio(desempenho: DesempenhoPublicado) -> str | None:
    """The phase's own reasons to refuse an appeal against this row (the kernel then checks
    the single appeal and the window)."""
    pub = desempenho.publicacao
    if pub.tipo != PRELIMINAR:
        return _("Cabe recurso contra o resultado preliminar da fase, não contra o final.")
    if preliminar_pendente(pub.fase) != pub:
        return _("O resultado final da fase %(f)s já foi publicado.") % {"f": pub.fase.codigo}
    anterior = _anterior(desempenho)
    if anterior is not None and (anterior.nota, anterior.resultado) == (
            desempenho.nota, desempenho.resultado):
        return _("Seu resultado nesta fase não mudou desde o resultado final de %(d)s: o "
                 "recurso cabia contra o resultado preliminar que o precedeu.") % {
            "d": data_hora_br(anterior.publicacao.publicada_em)}
    return None


def recurso_de(desempenho: DesempenhoPublicado) -> Recurso | None:
    return kernel.recurso_de(CHAVE, desempenho.pk)


def revisao_de(recurso: Recurso | None) -> RevisaoNotaFase | None:
    if recurso is None:
        return None
    return RevisaoNotaFase.objects.filter(recurso=recurso).select_related("autor").first()


def recursos_da_publicacao(publicacao: PublicacaoFase) -> list[Recurso]:
    """The appeals against the rows of this preliminary result, in filing order."""
    ids = publicacao.desempenhos.values("pk")
    return list(Recurso.objects.filter(procedimento=CHAVE, objeto_id__in=ids)
                .select_related("inscricao").order_by("apresentado_em", "pk"))


def pendencias_final(fase: Fase, agora: dt.datetime | None = None) -> list[str]:
    """Why the phase's final result cannot be published yet as far as its appeals go: the
    pending preliminary's period not over, or an appeal against it not decided."""
    pub = preliminar_pendente(fase)
    if pub is None:
        return []
    agora = agora or timezone.now()
    saida = []
    if agora <= fim_do_prazo(pub):
        saida.append(_("O prazo de recurso do resultado preliminar da fase %(f)s termina em "
                       "%(d)s.") % {"f": fase.codigo, "d": data_hora_br(fim_do_prazo(pub))})
    abertos = [r.inscricao.numero for r in recursos_da_publicacao(pub)
               if not decidido(r)]
    if abertos:
        saida.append(_("Recursos ainda não decididos: %(l)s.") % {"l": ", ".join(abertos)})
    return saida


def decidido(recurso: Recurso) -> bool:
    return RevisaoNotaFase.objects.filter(recurso=recurso).exists()


def motivo_nova_preliminar(fase: Fase) -> str | None:
    """A new preliminary result waits for the final result of the pending one (its appeals
    are judged against it)."""
    pub = preliminar_pendente(fase)
    if pub is None:
        return None
    return _("O resultado preliminar publicado em %(d)s ainda não tem resultado final: publique "
             "o resultado final da fase (depois do prazo de recurso e da decisão dos recursos) "
             "antes de um novo resultado preliminar.") % {"d": data_hora_br(pub.publicada_em)}


# --- the revised score -------------------------------------------------------------------------


def ler_nota_revista(texto: str, desempenho: DesempenhoPublicado) -> Decimal:
    """The revised score typed by the decider: within the phase's range (the import's rule),
    and above the published score (art. 64, parágrafo único: no worsening on appeal)."""
    fase = desempenho.publicacao.fase
    try:
        nota = motor.ler_nota((texto or "").strip(), fase)
    except ValorInvalido as exc:
        raise ValidationError({"nova_nota": str(exc.args[0])}) from None
    if nota is None:
        raise ValidationError({"nova_nota": _(
            "Atendido o recurso, informe a nota revista (não “ausente”).")})
    if desempenho.nota is not None and nota <= desempenho.nota:
        raise ValidationError({"nova_nota": _(
            "A nota revista deve ser maior que a publicada (%(n)s): o recurso atendido revê a "
            "nota e nunca agrava a situação de quem recorre (Lei 9.784/1999, art. 64, "
            "parágrafo único).") % {"n": format(desempenho.nota.normalize(), "f")}})
    return nota


def _registrar(recurso: Recurso, desempenho: DesempenhoPublicado, *, instancia: str,
               provido: bool, nota: Decimal | None, motivacao: str, autor,
               agora: dt.datetime) -> RevisaoNotaFase:
    """The decision on the appeal and, granted, the revised score in force (the history keeps
    the banca's), the inscrição's final score and the cargo's recompute."""
    fase = desempenho.publicacao.fase
    atual = travar(NotaFase, NotaFase.objects.get(fase=fase, inscricao_id=desempenho.inscricao_id))
    revisao = RevisaoNotaFase.objects.create(
        recurso=recurso, desempenho=desempenho, instancia=instancia, provido=provido,
        nota_anterior=atual.nota, ausente_anterior=atual.ausente,
        nota=nota if provido else None, motivacao=motivacao, fundamento=FUNDAMENTO_RECURSO,
        decidida_em=agora, autor=autor)
    if provido:
        atual.nota, atual.ausente, atual.revisao = nota, False, revisao
        atual._change_reason = f"recurso {recurso.pk}"
        atual.save(update_fields=["nota", "ausente", "revisao"])
        insc = travar(Inscricao, desempenho.inscricao_id)
        final = motor.nota_final(motor.fases_do_cargo(fase.cargo_id),
                                 motor.notas_do_cargo(fase.cargo_id).get(insc.pk, {}))
        if insc.nota != final:
            insc.nota = final
            insc.save(update_fields=["nota"])
        solicitar_recalculo([fase.cargo], _("recurso contra a fase %(f)s") % {"f": fase.codigo})
    return revisao


def _descricao(revisao: RevisaoNotaFase, desempenho: DesempenhoPublicado) -> str:
    fase = desempenho.publicacao.fase
    if revisao.provido:
        return _("Recurso da inscrição %(n)s contra o resultado preliminar da fase %(f)s "
                 "atendido: nota revista para %(v)s.") % {
            "n": desempenho.inscricao.numero, "f": fase.codigo,
            "v": format(revisao.nota.normalize(), "f")}
    return _("Recurso da inscrição %(n)s contra o resultado preliminar da fase %(f)s não "
             "provido: a nota publicada é mantida.") % {"n": desempenho.inscricao.numero,
                                                         "f": fase.codigo}


def reconsiderar(recurso: Recurso, desempenho: DesempenhoPublicado, *, autor, motivacao: str,
                 dados: dict, agora: dt.datetime) -> dict:
    """The decider reconsiders (the plug-in's `reconsiderar`, inside the kernel's transaction
    and locks): the appeal is atendido with the revised score."""
    nota = ler_nota_revista(dados.get("nova_nota", ""), desempenho)
    revisao = _registrar(recurso, desempenho, instancia=RevisaoNotaFase.Instancia.RECONSIDERACAO,
                         provido=True, nota=nota, motivacao=motivacao, autor=autor, agora=agora)
    return {"descricao": _descricao(revisao, desempenho),
            "depois": {"revisao": revisao.pk, "nota_anterior": _texto(revisao.nota_anterior),
                       "nota": _texto(nota)}}


def _texto(valor: Decimal | None) -> str | None:
    return None if valor is None else format(valor.normalize(), "f")


def motivo_para_nao_julgar(desempenho: DesempenhoPublicado, user,
                           agora: dt.datetime | None = None) -> str | None:
    """Why `user` cannot judge the appeal now: only the certame's superior authority, once
    the decider kept the result or the reconsideration period ended (`nucleo.autoridade`)."""
    recurso = recurso_de(desempenho)
    if recurso is None:
        return _("Não há recurso contra este resultado.")
    return autoridade.motivo_para_nao_julgar(recurso, user, agora)


@transaction.atomic
def julgar_recurso(desempenho: DesempenhoPublicado, *, provido: bool, motivacao: str,
                   nova_nota: str = "", autor, agora: dt.datetime | None = None
                   ) -> RevisaoNotaFase:
    """The superior authority's one motivated ruling (art. 56, §1º; art. 50): granted, with
    the revised score; not granted, the published score stands (a specific motivation)."""
    agora = agora or timezone.now()
    travar_certame(desempenho.publicacao.fase.cargo.certame_id)
    recurso = autoridade.checar_julgamento(CHAVE, desempenho.pk, autor, agora)
    motivacao = validar_motivacao(motivacao, desfavoravel=not provido, campo="motivacao",
                                  especifica=_("as razões do recurso e a sua apreciação"))
    nota = ler_nota_revista(nova_nota, desempenho) if provido else None
    revisao = _registrar(recurso, desempenho, instancia=RevisaoNotaFase.Instancia.AUTORIDADE,
                         provido=provido, nota=nota, motivacao=motivacao, autor=autor,
                         agora=agora)
    registrar_ato(
        tipo="recurso_fase_julgado", autor=autor,
        certame=desempenho.publicacao.fase.cargo.certame, objeto=revisao,
        descricao=_descricao(revisao, desempenho), motivacao=motivacao,
        fundamento_legal=FUNDAMENTO_RECURSO,
        depois={"recurso": recurso.pk, "provido": provido,
                "nota_anterior": _texto(revisao.nota_anterior), "nota": _texto(nota)})
    return revisao

"""What RH's cargo page says after each of its acts: what happened, as the
database holds it once the act's transaction committed (the rows read back, never what the
form asked for), including what became of the classification's recompute (with eager tasks
it already ran; with a broker it may be in the queue, and the page's banner says a failure).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from certames.models import Cargo, Chamada, EventoChamada, Publicacao
from certames.recalculo import estado_recalculo
from classificacao.quadro_vagas import listas_da_versao
from comum.formatos import data_br, data_hora_br


def ultima_versao(cargo: Cargo) -> int | None:
    """The number of the cargo's latest version (read before an act: `recalculo`)."""
    return (cargo.versoes_classificacao.order_by("-numero")
            .values_list("numero", flat=True).first())


def recalculo(cargo: Cargo, antes: int | None) -> str:
    """What the recompute the act asked for did: a new version (its vacancies per list), no
    change (the version in force), or still in the queue."""
    cargo.refresh_from_db()
    estado = estado_recalculo(cargo)
    if estado.codigo == "na_fila":
        return str(estado.mensagem)
    if estado.codigo != "atualizada":
        return ""  # the page's banner says why it failed or was not queued
    versao = cargo.versoes_classificacao.order_by("-numero").first()
    if versao is None:
        return _("Ainda não há classificação calculada para este cargo.")
    if versao.numero == antes:
        return _("A classificação foi recalculada e nada mudou: a versão %(v)d continua "
                 "valendo.") % {"v": versao.numero}
    distribuicao = ", ".join(f"{lista} {versao.distribuicao.get(lista, 0)}"
                             for lista in listas_da_versao(versao))
    return ngettext(
        "A classificação foi recalculada: versão %(v)d, com %(n)d vaga (%(d)s).",
        "A classificação foi recalculada: versão %(v)d, com %(n)d vagas (%(d)s).",
        versao.vagas) % {"v": versao.numero, "n": versao.vagas, "d": distribuicao}


def vaga_surgida(cargo: Cargo, vaga, antes: int | None) -> str:
    cargo.refresh_from_db()
    texto = ngettext(
        "%(q)d vaga surgida registrada (%(d)s; ato: %(a)s): o cargo tem agora %(t)d vagas.",
        "%(q)d vagas surgidas registradas (%(d)s; ato: %(a)s): o cargo tem agora %(t)d vagas.",
        vaga.quantidade) % {"q": vaga.quantidade, "d": data_br(vaga.data), "a": vaga.ato,
                            "t": cargo.total_vagas()}
    return " ".join(t for t in (texto, recalculo(cargo, antes)) if t)


def publicacao(publicacao: Publicacao) -> str:
    publicacao = Publicacao.objects.select_related("versao").get(pk=publicacao.pk)
    return _("Versão %(v)d publicada como %(t)s em %(d)s: está na página pública do cargo, e "
             "cada candidato da publicação é avisado por e-mail.") % {
        "v": publicacao.versao.numero, "t": publicacao.get_tipo_display().lower(),
        "d": data_hora_br(publicacao.publicada_em)}


def convocacoes(chamadas: Iterable[Chamada]) -> str:
    lidas = list(Chamada.objects.filter(pk__in=[c.pk for c in chamadas])
                 .select_related("inscricao").order_by("posicao"))
    if not lidas:
        return _("Nenhuma convocação registrada.")
    posicoes = "; ".join(_("%(p)dª posição (vaga %(v)s): inscrição %(n)s") % {
        "p": c.posicao, "v": c.vaga, "n": c.inscricao.numero} for c in lidas)
    return ngettext(
        "%(k)d convocação registrada, com prazo até %(d)s para apresentar os documentos: "
        "%(l)s.",
        "%(k)d convocações registradas, com prazo até %(d)s para apresentar os documentos: "
        "%(l)s.", len(lidas)) % {"k": len(lidas), "d": data_br(lidas[0].prazo), "l": posicoes}


#: The acts on a call after which the cargo is recomputed (`candidatos.chamadas`).
RECALCULAM = {EventoChamada.Tipo.DESISTENCIA, EventoChamada.Tipo.SEM_EFEITO,
              EventoChamada.Tipo.FIM_DE_FILA}


def evento(evento: EventoChamada, antes: int | None) -> str:
    evento = EventoChamada.objects.select_related("chamada__inscricao", "chamada__cargo").get(
        pk=evento.pk)
    chamada = evento.chamada
    texto = _("Ato registrado na %(p)dª posição da ordem de nomeação (inscrição %(n)s): "
              "%(t)s, com data de %(d)s.") % {
        "t": evento.get_tipo_display().lower(), "d": data_br(evento.data),
        "p": chamada.posicao,
        "n": chamada.inscricao.numero}
    if evento.tipo in RECALCULAM:
        texto = " ".join(t for t in (texto, recalculo(chamada.cargo, antes)) if t)
    return texto

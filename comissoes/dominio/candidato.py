"""What a committee procedure tells the candidate (the kernel's hooks
`janelas_do_candidato` and `avisos_do_candidato`, `nucleo.candidato`), from the status the
candidate's area read once (`portal.situacao.SituacaoInscricao`): its published results
(`resultados.resultados_por_procedimento`, each item with its batch's window and whether the
kernel lets the candidate appeal) and its individual convocations
(`convocacao.convocacoes_do_candidato`)."""

from __future__ import annotations

import datetime as dt

from django.urls import reverse
from django.utils.translation import gettext as _

from comissoes.models import Convocacao
from comum.formatos import data_hora_br
from nucleo import candidato


def janelas(chave: str, titulo, s, agora: dt.datetime) -> list[candidato.JanelaAberta]:
    """Each published evaluation of procedure `chave` the kernel lets the candidate appeal,
    with its batch's window (`nucleo.lotes`)."""
    url = reverse("recursos:inscricao", args=[s.inscricao.pk])
    saida = []
    for r in s.resultados_comissoes:
        if r.procedimento != chave:
            continue
        for item in r.itens:
            if item.pode_recorrer and item.janela is not None:
                saida += candidato.janelas_de(candidato.RECURSO, chave,
                                              candidato.titulo_em_frase(titulo), item.janela,
                                              agora, url)
    return saida


def avisos(chave: str, s, agora: dt.datetime) -> list[candidato.Aviso]:
    """The published results of procedure `chave` (each publication once, however many
    lists it decided) and its individual convocations."""
    inscricao = s.inscricao
    url_recursos = reverse("recursos:inscricao", args=[inscricao.pk])
    saida = []
    for r in s.resultados_comissoes:
        if r.procedimento != chave:
            continue
        vistas: set[int] = set()
        for item in r.itens:
            for pub in (item.preliminar, item.final):
                if pub is None or pub.pk in vistas:
                    continue
                vistas.add(pub.pk)
                saida.append(candidato.Aviso(
                    candidato.AVISO_RESULTADO, pub.publicada_em, inscricao,
                    _("%(t)s: %(f)s publicado") % {"t": r.titulo,
                                                   "f": pub.get_fase_display().lower()},
                    _("Lista %(l)s: veja o parecer motivado da comissão.") % {
                        "l": item.lista_nome}, url_recursos))
    convocacoes = [c for c in s.convocacoes_individuais if c.procedimento == chave]
    convocadas_em = _convocadas_em([c.pk for c in convocacoes], agora)
    url_status = reverse("portal:inscricao", args=[inscricao.pk])
    for conv in convocacoes:
        saida.append(candidato.Aviso(
            candidato.AVISO_CONVOCACAO, convocadas_em[conv.pk], inscricao,
            _("Convocação: %(p)s (%(l)s)") % {"p": conv.procedimento_nome,
                                               "l": conv.lista_nome},
            _("%(h)s — %(o)s") % {"h": data_hora_br(conv.horario), "o": (
                conv.local if conv.presencial
                else _("análise dos documentos, sem comparecimento"))},
            url_status + "#t-convocacoes"))
    return saida


def _convocadas_em(ids: list[int], agora: dt.datetime) -> dict[int, dt.datetime]:
    """When the candidate was told of each committee convocation: the e-mail's time, or the
    time the convocation was recorded (first history row); one query for all (and one more
    for those never e-mailed), none without convocations."""
    if not ids:
        return {}
    saida = {pk: quando for pk, quando in Convocacao.objects.filter(pk__in=ids)
             .values_list("pk", "notificada_em") if quando is not None}
    faltam = [pk for pk in ids if pk not in saida]
    if faltam:
        for pk, quando in (Convocacao.history.filter(id__in=faltam)
                           .order_by("id", "history_date")
                           .values_list("id", "history_date")):
            saida.setdefault(pk, quando)
    return {pk: saida.get(pk, agora) for pk in ids}

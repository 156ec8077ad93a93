"""The candidate's notices: every act published about one of their
inscrições, newest first, with what is "new since the last visit".

A notice is not a record of its own: it is read from the acts themselves (the published
classification, a batch's preliminary or final result, an appeal window that opened, a call
and what followed it, a convocation to a committee session), so the notices page, the e-mails
(sent by the Celery tasks of each act) and the status page can never disagree. The only thing
stored is when the candidate last opened the page (`LeituraAvisos`), which marks what is new.
"""

from __future__ import annotations

import datetime as dt

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from candidatos import janelas
from candidatos.models import Candidato, Inscricao, LeituraAvisos
from certames.models import Etapa
from comum.formatos import data_br, data_hora_br
from editais.models import AtoEdital
from editais.retificacao import historico
from editais.situacao import atos_do_certame
from nucleo.candidato import AVISO_CHAMADA, AVISO_RECURSO, AVISO_RESULTADO, Aviso
from nucleo.registro import registrados
from portal import situacao

#: Without a recorded visit, a notice published in the last days is "new" (the dashboard's
#: rule, `portal.passos.DIAS_NOVIDADE`).
DIAS_SEM_LEITURA = 15

RESULTADO = AVISO_RESULTADO
RECURSO = AVISO_RECURSO
CHAMADA = AVISO_CHAMADA


def avisos_da_inscricao(inscricao: Inscricao, agora: dt.datetime, s=None) -> list[Aviso]:
    """The notices of one inscrição, read through the status page's own reading
    (`portal.situacao.situacao_da_inscricao`, or `s` when the caller already read it) plus the older
    classification publications."""
    if s is None:
        s = situacao.situacao_da_inscricao(inscricao, agora)
    url_status = reverse("portal:inscricao", args=[inscricao.pk])
    cargo = inscricao.cargo
    avisos: list[Aviso] = []
    # Every publication of the cargo's classification concerns each of its inscrições: the
    # candidate is in a list or the snapshot says why not (`VersaoClassificacao.exclusoes`).
    # The status reading already holds them (`portal.situacao.publicacoes_da_classificacao`).
    for pub in s.publicacoes_classificacao:
        avisos.append(Aviso(RESULTADO, pub.publicada_em, inscricao, _(
            "%(t)s da classificação publicado") % {"t": pub.get_tipo_display()}, _(
            "Cargo %(c)s, versão %(v)d da classificação. Veja sua posição em cada lista e a "
            "vaga que você ocupa ou ocuparia.") % {"c": cargo.nome, "v": pub.versao.numero},
            url_status + "#t-classificacao"))
    # The published results of the exam's phases (the latest of each phase, as the status
    # page shows them: `portal.situacao`).
    for f in s.fases:
        resultado = f.resultado.descricao + (f" {f.resultado.descricao_rota}"
                                             if f.resultado.descricao_rota else "")
        avisos.append(Aviso(RESULTADO, f.publicada_em, inscricao, _(
            "%(t)s %(f)s publicado") % {"t": f.publicacao, "f": f.codigo}, _(
            "Cargo %(c)s, fase %(f)s — %(n)s: %(r)s.") % {
                "c": cargo.nome, "f": f.codigo, "n": f.nome, "r": resultado},
            url_status + "#t-fases"))
    # The edital's retificações concern every inscribed candidate (`editais.retificacao`).
    url_certame = reverse("certame_publico", args=[inscricao.certame_id]) + "#historico-edital"
    retificacoes = (historico(inscricao.certame_id)
                    if s.existe.get("existe_retificacao", True) else [])
    for ato in retificacoes:
        if ato.tipo == AtoEdital.Tipo.RETIFICACAO:
            avisos.append(Aviso(RESULTADO, ato.publicado_em, inscricao, _(
                "Retificação nº %(n)d do edital publicada") % {"n": ato.numero},
                "; ".join(ato.textos), url_certame))
    # The certame's suspensions, retomadas and cancellation (`editais.situacao`).
    if s.existe.get("existe_ato_situacao", True):
        for ato in atos_do_certame(inscricao.certame_id):
            avisos.append(Aviso(RESULTADO, ato.praticado_em, inscricao, str(ato),
                                ato.motivacao, url_certame))
    # What each procedure decided and published about the inscrição: its own notices
    # (`nucleo.registro.Procedimento.avisos_do_candidato`).
    for plugin in registrados():
        avisos += plugin.avisos_do_candidato(s, agora)
    # The windows open for this inscrição (`candidatos.janelas`, the status page's own): a
    # notice from the moment they open.
    for janela in s.janelas:
        ate = (_("Apresente a defesa até %(f)s.") if janela.tipo == janelas.DEFESA
               else _("Você pode recorrer até %(f)s.")) % {"f": data_hora_br(janela.fim)}
        avisos.append(Aviso(RECURSO, janela.inicio, inscricao, janela.texto, ate,
                            janela.url or url_status + "#t-recursos"))
    avisos += _recursos_encerrados(s, inscricao, agora, url_status)
    for c in s.chamadas:
        chamada = c.chamada
        avisos.append(Aviso(CHAMADA, chamada.chamada_em, inscricao, _(
            "Você foi convocado(a): %(p)dª posição da ordem de nomeação") % {
            "p": chamada.posicao}, _(
            "Apresente os documentos até %(d)s. Veja o que fazer na sua inscrição.") % {
            "d": data_br(c.ultimo_dia)}, url_status + "#chamadas"))
        for evento in c.eventos.values():
            avisos.append(Aviso(CHAMADA, evento.registrado_em, inscricao, _(
                "%(t)s registrada na sua convocação") % {"t": evento.get_tipo_display()},
                _("Ato de %(d)s.") % {"d": data_br(evento.data)},
                url_status + "#chamadas"))
    return [a for a in avisos if a.data <= agora]


def _recursos_encerrados(s, inscricao: Inscricao, agora, url_status: str) -> list[Aviso]:
    """Appeal stages of the schedule that opened and already closed: the notice stays in the
    history (the open ones come from the inscrição's windows, `candidatos.janelas`)."""
    if not (s.classificacao and s.classificacao.posicoes):
        return []
    tipos_com_aviso = {Etapa.Tipo.RECURSO_RESULTADO}
    return [Aviso(RECURSO, e.inicio, inscricao, _("Prazo de recurso aberto: %(e)s") % {
        "e": e.get_tipo_display()}, _("O prazo terminou em %(f)s.") % {
        "f": data_hora_br(e.fim)}, url_status + "#t-recursos")
        for e in s.etapas if e.tipo in tipos_com_aviso and e.fim < agora]


def vistos_em(candidato: Candidato) -> dt.datetime | None:
    leitura = LeituraAvisos.objects.filter(candidato=candidato).first()
    return leitura.vistos_em if leitura else None


def avisos_do_candidato(candidato: Candidato, agora: dt.datetime | None = None,
                        situacoes: list | None = None) -> list[Aviso]:
    """Every notice of the candidate's inscrições, newest first, each marked new when
    published after the last visit to the notices page (or in the last
    `DIAS_SEM_LEITURA` days, before any visit). `situacoes`: the inscrições' statuses the
    caller already read (the dashboard), so nothing is read twice."""
    agora = agora or timezone.now()
    desde = vistos_em(candidato) or agora - dt.timedelta(days=DIAS_SEM_LEITURA)
    avisos: list[Aviso] = []
    if situacoes is None:
        for insc in (situacao.com_existencias(candidato.inscricoes.select_related(
                "cargo__certame", "certame", "pedido_isencao")).order_by("numero")):
            avisos += avisos_da_inscricao(insc, agora)
    else:
        for s in situacoes:
            avisos += avisos_da_inscricao(s.inscricao, agora, s)
    avisos.sort(key=lambda a: (-a.data.timestamp(), a.inscricao.numero, a.titulo))
    return [Aviso(a.tipo, a.data, a.inscricao, a.titulo, a.texto, a.url, a.data > desde)
            for a in avisos]


def marcar_vistos(candidato: Candidato, agora: dt.datetime | None = None) -> None:
    """Record the visit: what was published until now is no longer new."""
    LeituraAvisos.objects.update_or_create(candidato=candidato,
                                           defaults={"vistos_em": agora or timezone.now()})

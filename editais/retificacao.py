"""The retificação of a published edital: a change of its data, settings, cargos or schedule is
an act of its own (`AtoEdital`, RETIFICACAO, numbered per certame) naming what it changes
(before and after) with its motivation, published on the certame's page and told to every
inscribed candidate (their notices and an e-mail, after commit).

Rules decided here. The published edital binds the Administration and the candidates
(vinculação ao edital); the Administration may correct it while the certame runs, motivated
(Lei 9.784/1999, arts. 2º, parágrafo único, VII, and 50) and published (CF, art. 37, caput), but
never against a right already acquired under it (Lei 9.784/1999, art. 2º, parágrafo único,
XIII: a new interpretation does not apply retroactively; CF, art. 5º, XXXVI). Product rules
for what that means here, each refusal saying why:
- no retificação of a draft (edited freely), of a cancelled certame, or once homologated
  (the result is fixed; what follows are the validity's own acts);
- a suspended certame is retified, deliberately: the retificação moves nothing forward (it is
  no stage, decision or call) and it is how the Administration cures the defect an order
  suspended the certame for: an illegal act is annulled or, its defect curable, corrected
  (Lei 9.784/1999, arts. 53 and 55; STF, Súmula 473), and a court or a court of accounts
  usually suspends "até a retificação do edital". The corrected edital is published and told
  to the inscribed as any retificação, and the retomada (`editais.situacao`) then confirms or
  moves the interrupted stages as the retificação left them. Refusing it would force RH to
  resume a certame under the very clauses the order stopped;
- the regime (the law the edital applies) never changes: that is another edital;
- the settings the lists are computed with (`Certame.parametros`) do not change once the
  inscrições have begun: the candidates chose their lists under them;
- a cargo's vacancies: more are allowed until the homologation; fewer, not once the
  inscrições have begun; none after the public draw of the reserved vacancies (spec section
  4.1), which distributed them (a new draw is not offered); a cargo's code does not change
  once it has inscrições;
- a new cargo only while the inscrições have not ended; a cargo with inscrições is never
  removed;
- a stage of the schedule that has ended does not change; one that has begun keeps its start
  and may not end before now (it may be extended); a stage that has begun is not removed.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from certames import cronograma
from certames.auditoria import registrar_ato, ultimo_ato
from certames.models import Cargo, Certame, Etapa, Sorteio
from comum import emails
from comum.filas import enfileirar
from comum.formatos import data_br, data_hora_br
from editais.models import AtoEdital

TAREFA_AVISO = "editais.avisar_retificacao"
FUNDAMENTO = ("Lei 9.784/1999, art. 2º, parágrafo único, VII e XIII, e art. 50; Constituição "
              "Federal, art. 37, caput (publicidade)")
MINIMO_MOTIVACAO = 20


def motivo_nao_retificar(certame: Certame) -> str | None:
    """Why the edital cannot be retified at all now (None: it can, within the rules). Not
    `certames.situacao.motivo_certame_parado`: a suspended certame is retified (the rules
    above); a cancelled one is not."""
    if certame.status == Certame.Status.RASCUNHO:
        return _("O edital ainda é rascunho: edite-o diretamente.")
    if certame.status == Certame.Status.CANCELADO:
        return _("O certame foi cancelado: o edital não se retifica.")
    if certame.homologado_em is not None:
        return _("O certame foi homologado em %(d)s: o edital não se retifica depois da "
                 "homologação.") % {"d": data_br(certame.homologado_em)}
    return None


def validar_motivacao(motivacao: str) -> str:
    texto = (motivacao or "").strip()
    if len(texto) < MINIMO_MOTIVACAO:
        raise ValidationError({"motivacao_retificacao": _(
            "Motive a retificação: o que muda e por quê (ao menos %(n)d caracteres).") % {
            "n": MINIMO_MOTIVACAO}})
    return texto


def _inicio_inscricoes(certame: Certame) -> dt.datetime | None:
    return cronograma.Abertura(cronograma.INSCRICOES).momento(list(certame.etapas.all()))


def _inscricoes_iniciadas(certame: Certame, agora: dt.datetime) -> bool:
    return cronograma.inscricoes_iniciadas(list(certame.etapas.all()), agora) is not None


def _inscricoes_encerradas(certame: Certame, agora: dt.datetime) -> bool:
    etapas = [e for e in certame.etapas.all() if e.tipo == cronograma.INSCRICOES]
    return bool(etapas) and all(agora > e.fim for e in etapas)


def recusa_certame(atual: Certame, novo: Certame, agora: dt.datetime) -> str | None:
    """The certame's own data and settings (the rules above)."""
    if novo.regime != atual.regime:
        return _("O regime legal de reserva não muda por retificação: ele é a lei que o edital "
                 "aplica; outro regime é outro edital.")
    if novo.parametros != atual.parametros and _inscricoes_iniciadas(atual, agora):
        return _("As inscrições começaram em %(d)s: as escolhas do edital com que as listas "
                 "são calculadas não mudam mais (os candidatos escolheram as listas sob "
                 "elas).") % {"d": data_hora_br(_inicio_inscricoes(atual))}
    return None


def recusa_cargo(atual: Cargo | None, novo: Cargo, agora: dt.datetime) -> str | None:
    """A cargo's change (or a new one: `atual` None)."""
    certame = novo.certame
    if atual is None:
        if _inscricoes_encerradas(certame, agora):
            return _("As inscrições terminaram: um cargo novo precisaria de novas inscrições "
                     "(outro edital).")
        return None
    if novo.vagas != atual.vagas:
        sorteio = Sorteio.objects.filter(certame=certame).first()
        if sorteio is not None:
            return _("O sorteio público das vagas reservadas foi realizado em %(d)s e as "
                     "distribuiu entre os cargos: as vagas não mudam sem um novo sorteio, que "
                     "o sistema não faz.") % {"d": data_hora_br(sorteio.realizado_em)}
        if novo.vagas < atual.vagas and _inscricoes_iniciadas(certame, agora):
            return _("As inscrições começaram: o edital não reduz as vagas de um cargo depois "
                     "delas (de %(a)d para %(n)d).") % {"a": atual.vagas, "n": novo.vagas}
    if novo.codigo != atual.codigo and atual.inscricoes.exists():
        return _("O cargo tem inscrições: o seu código não muda.")
    return None


def recusa_etapa(atual: Etapa | None, nova: Etapa | None, agora: dt.datetime) -> str | None:
    """A stage's change (`atual` None: a new one; `nova` None: its removal)."""
    if atual is None:
        return None
    if agora > atual.fim:
        return _("A etapa “%(e)s” terminou em %(d)s: não muda mais.") % {
            "e": atual.get_tipo_display(), "d": data_hora_br(atual.fim)}
    if agora >= atual.inicio:
        if nova is None:
            return _("A etapa “%(e)s” começou em %(d)s: não pode ser retirada.") % {
                "e": atual.get_tipo_display(), "d": data_hora_br(atual.inicio)}
        if nova.tipo != atual.tipo or nova.inicio != atual.inicio:
            return _("A etapa “%(e)s” começou em %(d)s: o tipo e o início não mudam.") % {
                "e": atual.get_tipo_display(), "d": data_hora_br(atual.inicio)}
        if nova.fim < agora:
            return _("A etapa “%(e)s” está em curso: ela pode ser prorrogada, não encerrada "
                     "antes de agora.") % {"e": atual.get_tipo_display()}
    return None


def registrar(certame: Certame, *, autor, motivacao: str, alteracoes: list[dict],
              agora: dt.datetime) -> AtoEdital:
    """The retificação's act (inside the change's transaction, the certame locked): numbered,
    with what it changes; the inscribed are told after commit."""
    numero = (AtoEdital.objects.filter(certame=certame, tipo=AtoEdital.Tipo.RETIFICACAO)
              .aggregate(n=Max("numero"))["n"] or 0) + 1
    ato = AtoEdital.objects.create(certame=certame, tipo=AtoEdital.Tipo.RETIFICACAO,
                                   numero=numero, conteudo={"alteracoes": alteracoes},
                                   motivacao=motivacao, publicado_em=agora, autor=autor)
    registrar_ato(tipo="edital_retificado", autor=autor, certame=certame, objeto=ato,
                  descricao=(_("Retificação nº %(n)d do edital %(e)s: %(o)s.") % {
                      "n": numero, "e": certame.numero_edital,
                      "o": "; ".join(descrever(a) for a in alteracoes)})[:500],
                  motivacao=motivacao, fundamento_legal=FUNDAMENTO,
                  depois={"alteracoes": alteracoes})
    transaction.on_commit(lambda: enfileirar(TAREFA_AVISO, ato.pk))
    return ato


def descrever(alteracao: dict) -> str:
    """One change in words: "cargo PROF, vagas: 10 → 12"."""
    if alteracao.get("antes") is None:
        return _("%(o)s: incluído(a)") % {"o": alteracao["objeto"]}
    if alteracao.get("depois") is None:
        return _("%(o)s: retirado(a)") % {"o": alteracao["objeto"]}
    return _("%(o)s, %(c)s: %(a)s → %(d)s") % {
        "o": alteracao["objeto"], "c": alteracao["campo"], "a": alteracao["antes"],
        "d": alteracao["depois"]}


def inscritos_a_avisar(certame: Certame) -> Iterator:
    """Whom an act of the edital or of the certame is mailed to: its inscrições with an
    e-mail, in order, one per address (a candidate inscribed in two cargos gets one mail,
    naming the first inscrição)."""
    vistos: set[str] = set()
    for inscricao in (certame.inscricoes.select_related("candidato")
                      .exclude(candidato__email="").order_by("pk")):
        if inscricao.candidato.email not in vistos:
            vistos.add(inscricao.candidato.email)
            yield inscricao


def avisar(ato_id: int) -> int:
    """E-mail every inscribed candidate of the certame that the edital was retified (the
    text of the change is in their area and on the certame's page). Returns how many."""
    ato = AtoEdital.objects.select_related("certame").get(pk=ato_id)
    registro = ultimo_ato(ato, "edital_retificado")
    enviados = 0
    for inscricao in inscritos_a_avisar(ato.certame):
        # Keyed: the task delivered twice tells no one twice (comum.models.Aviso.chave).
        aviso = emails.retificacao_edital(inscricao.candidato.email, {
            "numero": ato.numero, "edital": ato.certame.numero_edital,
            "certame": ato.certame.titulo, "inscricao": inscricao.numero,
            "alteracoes": [descrever(a) for a in ato.conteudo.get("alteracoes", [])]},
            ato=registro, inscricao=inscricao, chave=f"retificacao:{ato.pk}:{inscricao.pk}")
        enviados += aviso is not None
    return enviados


def historico(certame: Certame | int) -> list[AtoEdital]:
    """The edital's acts in order (its publication, its retificações), each with `textos`:
    its changes in words (the certame's public page, the candidate's notices)."""
    atos = list(AtoEdital.objects.filter(certame=certame).order_by("publicado_em", "pk"))
    for ato in atos:
        ato.textos = [descrever(a) for a in ato.conteudo.get("alteracoes", [])]
    return atos


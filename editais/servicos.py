"""The edital editor's services: RH writes a certame's draft (its órgão, data, settings, cargos
and schedule) in its own workspace, and publishes it as an act.

Rules decided here:
- a draft (`Certame.Status.RASCUNHO`) is RH's only: the public pages show a certame once its
  edital is published (`publicar_edital`). While it is a draft, RH edits it freely; every
  change is recorded in the audit trail (`registrar_ato`), none is an act of the certame;
- once published, the edital binds the Administration and the candidates (vinculação ao
  edital; publicidade: Constituição Federal, art. 37, caput; Lei 9.784/1999, art. 2º): the
  same functions change it only as a retificação, an act of its own with its motivation, under
  `editais.retificacao`'s rules (a removal is a draft's only);
- the publication is refused, with every reason at once, without a cargo, without the
  inscrições stage in the schedule or once it has begun (the edital precedes the
  inscrições), with an incoherent schedule (`certames.cronograma.incoerencias`) or with
  settings the regime refuses (`Certame.clean`: the regime's dates, the engine's settings);
- everything goes through the model's own validation (`full_clean`) and one transaction.
"""

from __future__ import annotations

import datetime as dt
import json

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from certames import cronograma
from certames.auditoria import registrar_ato
from certames.models import Cargo, Certame, Etapa, Orgao
from certames.recalculo import solicitar_recalculo
from certames.servicos import (
    CAMPOS_CARGO_CLASSIFICACAO,
    CAMPOS_CERTAME_CLASSIFICACAO,
    registrar_alteracao_edital,
)
from certames.travas import travar_certame
from comum.formatos import data_br, data_hora_br
from editais import fracionamento
from editais import retificacao as retificar
from editais.models import AtoEdital

FUNDAMENTO_PUBLICACAO = ("Constituição Federal, art. 37, caput (publicidade); Lei 9.784/1999, "
                         "art. 2º")


def motivo_nao_editar(certame: Certame) -> str | None:
    """Why the draft's editor cannot change the certame now (None: it can)."""
    if certame.status == Certame.Status.RASCUNHO:
        return None
    publicacao = certame.atos_edital.filter(tipo=AtoEdital.Tipo.PUBLICACAO).first()
    quando = (data_hora_br(publicacao.publicado_em) if publicacao
              else data_br(certame.data_publicacao_edital))
    return _("O edital foi publicado em %(d)s: ele vincula a Administração e os candidatos, e "
             "uma alteração agora é uma retificação do edital, um ato publicado e comunicado "
             "aos inscritos.") % {"d": quando}


def _checar_rascunho(certame: Certame) -> None:
    motivo = motivo_nao_editar(certame)
    if motivo:
        raise ValidationError(motivo)


def _antes_depois(objeto_antes, objeto_depois, campos: list[str], rotulo: str) -> list[dict]:
    """The changed fields as a retificação names them (labels, before and after)."""
    saida = []
    for campo in campos:
        antes, depois = getattr(objeto_antes, campo), getattr(objeto_depois, campo)
        if antes == depois:
            continue
        nome = str(objeto_depois._meta.get_field(campo).verbose_name)
        saida.append({"objeto": rotulo, "campo": nome, "antes": _texto(antes),
                      "depois": _texto(depois)})
    return saida


def _texto(valor) -> str:
    if isinstance(valor, dt.datetime):
        return data_hora_br(valor)
    if isinstance(valor, dt.date):
        return data_br(valor)
    if isinstance(valor, dict):
        return json.dumps(valor, ensure_ascii=False, sort_keys=True)
    return str(valor)


def _autorizar(certame: Certame, retificacao: str | None) -> str | None:
    """A draft is edited freely (None); a published edital only by a retificação: its checked
    motivation. Raises why not."""
    if certame.status == Certame.Status.RASCUNHO:
        return None
    if retificacao is None:
        raise ValidationError(motivo_nao_editar(certame))
    motivo = retificar.motivo_nao_retificar(certame)
    if motivo:
        raise ValidationError(motivo)
    return retificar.validar_motivacao(retificacao)


def _recusar(motivo: str | None) -> None:
    if motivo:
        raise ValidationError(motivo)


@transaction.atomic
def salvar_certame(certame: Certame, *, autor, campos: list[str] | None = None,
                   orgao_novo: Orgao | None = None, retificacao: str | None = None,
                   agora: dt.datetime | None = None) -> Certame:
    """Create the draft (`certame.pk` None) or change it; a published edital's change is a
    retificação (`retificacao`: its motivation; `editais.retificacao`'s rules). `campos`:
    the fields the form changed (the act's record); `orgao_novo`: an órgão to register with
    it (same transaction)."""
    agora = agora or timezone.now()
    novo = certame.pk is None
    motivacao = None
    atual = None
    if novo:
        certame.status = Certame.Status.RASCUNHO
    else:
        atual = travar_certame(certame.pk)
        motivacao = _autorizar(atual, retificacao)
        if motivacao is not None:
            _recusar(retificar.recusa_certame(atual, certame, agora))
        certame.status = atual.status
    if orgao_novo is not None:
        orgao_novo.full_clean()
        orgao_novo.save()
        certame.orgao = orgao_novo
    certame.full_clean()
    campos = [c for c in (campos or []) if c != "orgao"] + (
        ["orgao"] if atual is not None and atual.orgao_id != certame.orgao_id else [])
    certame.save()
    if novo:
        registrar_ato(tipo="certame_criado", autor=autor, certame=certame, objeto=certame,
                      descricao=_("Rascunho do edital %(n)s criado: %(t)s.") % {
                          "n": certame.numero_edital, "t": certame.titulo},
                      depois={"regime": certame.regime, "parametros": certame.parametros})
    elif motivacao is not None:
        alteracoes = _antes_depois(atual, certame, campos, _("edital"))
        if not alteracoes:
            raise ValidationError(_("Nada mudou: não há o que retificar."))
        retificar.registrar(certame, autor=autor, motivacao=motivacao, alteracoes=alteracoes,
                            agora=agora)
        _recalcular_se_preciso(certame, campos)
    elif campos:
        registrar_alteracao_edital(certame, campos, autor=autor,
                                   antes={c: str(getattr(atual, c)) for c in campos})
    return certame


def _recalcular_se_preciso(objeto, campos: list[str]) -> None:
    """A retificação that can change the lists queues their recompute (the same rule as any
    change of the edital's data)."""
    sensiveis = (CAMPOS_CERTAME_CLASSIFICACAO if isinstance(objeto, Certame)
                 else CAMPOS_CARGO_CLASSIFICACAO)
    if any(c in sensiveis for c in campos):
        cargos = objeto.cargos.all() if isinstance(objeto, Certame) else [objeto]
        solicitar_recalculo(cargos, _("retificação do edital"))


@transaction.atomic
def salvar_cargo(cargo: Cargo, *, autor, campos: list[str] | None = None,
                 retificacao: str | None = None, agora: dt.datetime | None = None) -> Cargo:
    agora = agora or timezone.now()
    certame = travar_certame(cargo.certame_id)
    cargo.certame = certame
    motivacao = _autorizar(certame, retificacao)
    novo = cargo.pk is None
    atual = None if novo else Cargo.objects.get(pk=cargo.pk)
    if motivacao is not None:
        _recusar(retificar.recusa_cargo(atual, cargo, agora))
    cargo.full_clean()
    cargo.save()
    rotulo = _("cargo %(c)s") % {"c": cargo.codigo}
    if motivacao is not None:
        alteracoes = ([{"objeto": f"{rotulo} — {cargo.nome} ({cargo.vagas} vaga(s))",
                        "campo": "", "antes": None, "depois": cargo.codigo}] if novo
                      else _antes_depois(atual, cargo, campos or [], rotulo))
        if not alteracoes:
            raise ValidationError(_("Nada mudou: não há o que retificar."))
        retificar.registrar(certame, autor=autor, motivacao=motivacao, alteracoes=alteracoes,
                            agora=agora)
        _recalcular_se_preciso(cargo, campos or [])
    elif novo:
        registrar_ato(tipo="cargo_definido", autor=autor, certame=certame, objeto=cargo,
                      descricao=_("Cargo %(c)s — %(n)s no rascunho do edital: %(v)d vaga(s).")
                      % {"c": cargo.codigo, "n": cargo.nome, "v": cargo.vagas},
                      depois={"codigo": cargo.codigo, "vagas": cargo.vagas})
    elif campos:
        registrar_alteracao_edital(cargo, campos, autor=autor)
    return cargo


@transaction.atomic
def remover_cargo(cargo: Cargo, *, autor) -> None:
    travar_certame(cargo.certame_id)
    _checar_rascunho(cargo.certame)
    if cargo.inscricoes.exists():
        raise ValidationError(_("O cargo %(c)s tem inscrições: não pode ser removido.") % {
            "c": cargo.codigo})
    if cargo.fases.exists():
        raise ValidationError(_("O cargo %(c)s tem fases definidas: remova-as antes (página "
                                "das fases do cargo).") % {"c": cargo.codigo})
    registrar_ato(tipo="cargo_removido", autor=autor, certame=cargo.certame, objeto=cargo,
                  descricao=_("Cargo %(c)s removido do rascunho do edital.") % {
                      "c": cargo.codigo}, antes={"codigo": cargo.codigo, "vagas": cargo.vagas})
    cargo.delete()


def _conferir_cronograma(certame: Certame, etapas: list[Etapa]) -> None:
    isencao = certame.regime_legal.isencao if certame.regime else None
    mensagens = [inc.mensagem for inc in cronograma.incoerencias(etapas, isencao)]
    if mensagens:
        raise ValidationError(mensagens)


@transaction.atomic
def salvar_etapa(etapa: Etapa, *, autor, retificacao: str | None = None,
                 agora: dt.datetime | None = None) -> Etapa:
    """A stage of the schedule, checked with the whole schedule as it would be; in a
    published edital, by a retificação."""
    agora = agora or timezone.now()
    certame = travar_certame(etapa.certame_id)
    motivacao = _autorizar(certame, retificacao)
    atual = Etapa.objects.filter(pk=etapa.pk).first() if etapa.pk else None
    if motivacao is not None:
        _recusar(retificar.recusa_etapa(atual, etapa, agora))
    etapa.cronograma_no_formulario = True  # the whole set is checked below
    etapa.full_clean()
    outras = list(Etapa.objects.filter(certame=certame).exclude(pk=etapa.pk))
    _conferir_cronograma(certame, [*outras, etapa])
    etapa.save()
    if motivacao is not None:
        rotulo = _("etapa “%(e)s”") % {"e": etapa.get_tipo_display()}
        alteracoes = ([{"objeto": f"{rotulo}, {data_hora_br(etapa.inicio)} a "
                                  f"{data_hora_br(etapa.fim)}", "campo": "", "antes": None,
                        "depois": etapa.tipo}] if atual is None
                      else _antes_depois(atual, etapa, ["tipo", "inicio", "fim", "descricao"],
                                         rotulo))
        if not alteracoes:
            raise ValidationError(_("Nada mudou: não há o que retificar."))
        retificar.registrar(certame, autor=autor, motivacao=motivacao, alteracoes=alteracoes,
                            agora=agora)
        return etapa
    registrar_ato(tipo="etapa_definida", autor=autor, certame=certame, objeto=etapa,
                  descricao=_("Etapa “%(e)s” do cronograma: %(i)s a %(f)s.") % {
                      "e": etapa.get_tipo_display(), "i": data_hora_br(etapa.inicio),
                      "f": data_hora_br(etapa.fim)},
                  depois={"tipo": etapa.tipo, "inicio": etapa.inicio.isoformat(),
                          "fim": etapa.fim.isoformat()})
    return etapa


@transaction.atomic
def remover_etapa(etapa: Etapa, *, autor) -> None:
    certame = travar_certame(etapa.certame_id)
    _checar_rascunho(certame)
    _conferir_cronograma(certame, list(Etapa.objects.filter(certame=certame)
                                       .exclude(pk=etapa.pk)))
    registrar_ato(tipo="etapa_removida", autor=autor, certame=certame, objeto=etapa,
                  descricao=_("Etapa “%(e)s” removida do cronograma.") % {
                      "e": etapa.get_tipo_display()},
                  antes={"tipo": etapa.tipo, "inicio": etapa.inicio.isoformat(),
                         "fim": etapa.fim.isoformat()})
    etapa.delete()


# --- the publication --------------------------------------------------------------------------


#: Checks the upper apps add to the publication (each `certame -> [reasons]`), declared at
#: their app loading (`declarar_verificacao`): the edital's annex (`classificacao.
#: anexo_edital`) states what the law requires the edital to state.
VERIFICACOES: list = []


def declarar_verificacao(verificacao) -> None:
    """Add a check of the publication (idempotent: app loading may run twice in tests)."""
    if verificacao not in VERIFICACOES:
        VERIFICACOES.append(verificacao)


def pendencias_publicacao(certame: Certame, agora: dt.datetime | None = None) -> list[str]:
    """Why the edital cannot be published now (empty: it can), every reason at once."""
    agora = agora or timezone.now()
    motivo = motivo_nao_editar(certame)
    if motivo:
        return [_("O edital já foi publicado.")]
    pendencias: list[str] = []
    if not certame.cargos.exists():
        pendencias.append(_("Cadastre ao menos um cargo, com as suas vagas."))
    etapas = list(certame.etapas.all())
    inicio = cronograma.Abertura(cronograma.INSCRICOES).momento(etapas)
    if inicio is None:
        pendencias.append(_("Inclua no cronograma a etapa “Inscrições”."))
    elif agora >= inicio:
        pendencias.append(_("As inscrições do cronograma começam em %(d)s, antes desta "
                            "publicação: o edital é publicado antes das inscrições; corrija "
                            "as datas.") % {"d": data_hora_br(inicio)})
    isencao = certame.regime_legal.isencao if certame.regime else None
    pendencias += [inc.mensagem for inc in cronograma.incoerencias(etapas, isencao)]
    try:
        certame.full_clean()
    except ValidationError as exc:
        pendencias += [m for mensagens in exc.message_dict.values() for m in mensagens]
        return pendencias
    for verificacao in VERIFICACOES:
        pendencias += verificacao(certame)
    return pendencias


def conteudo_publicado(certame: Certame) -> dict:
    """What the publication fixes: cargos and vacancies, the schedule and the settings."""
    return {
        "regime": certame.regime, "parametros": certame.parametros,
        "cargos": [{"codigo": c.codigo, "nome": c.nome, "vagas": c.vagas,
                    "taxa_inscricao": str(c.taxa_inscricao)}
                   for c in certame.cargos.order_by("codigo")],
        "cronograma": [{"tipo": e.tipo, "inicio": e.inicio.isoformat(),
                        "fim": e.fim.isoformat(), "descricao": e.descricao}
                       for e in certame.etapas.order_by("inicio", "pk")],
    }


def _fracionamento(certame: Certame, justificativa: str) -> dict | None:
    """The suspected fractionings and their justification, required when there are any
    (`editais.fracionamento`); None without suspicion."""
    grupos = fracionamento.suspeitas(certame)
    if not grupos:
        return None
    texto = (justificativa or "").strip()
    if len(texto) < fracionamento.MINIMO_JUSTIFICATIVA:
        raise ValidationError({"justificativa_fracionamento": _(
            "Cargos de mesma denominação que, separados, não reservam vagas e, juntos, "
            "reservariam (%(f)s): justifique por que são cargos distintos (ao menos %(n)d "
            "caracteres).") % {"f": certame.regime_legal.fundamento_fracionamento,
                               "n": fracionamento.MINIMO_JUSTIFICATIVA}})
    return {"grupos": [g.como_dict() for g in grupos], "justificativa": texto,
            "fundamento": certame.regime_legal.fundamento_fracionamento}


@transaction.atomic
def publicar_edital(certame: Certame, *, autor, agora: dt.datetime | None = None,
                    justificativa_fracionamento: str = "") -> AtoEdital:
    """RH publishes the edital: the certame leaves the draft, its public page appears and
    the inscrições follow the schedule. An act, with what it fixes (and, where cargos of one
    denomination are suspected of fractioning the reserve, its recorded justification)."""
    agora = agora or timezone.now()
    certame = travar_certame(certame.pk)
    pendencias = pendencias_publicacao(certame, agora)
    if pendencias:
        raise ValidationError(pendencias)
    fracionado = _fracionamento(certame, justificativa_fracionamento)
    certame.status = Certame.Status.PUBLICADO
    certame.save(update_fields=["status"])
    conteudo = conteudo_publicado(certame)
    if fracionado is not None:
        conteudo["fracionamento"] = fracionado
    ato = AtoEdital.objects.create(certame=certame, tipo=AtoEdital.Tipo.PUBLICACAO,
                                   conteudo=conteudo, publicado_em=agora, autor=autor,
                                   motivacao=fracionado["justificativa"] if fracionado else "")
    registrar_ato(tipo="edital_publicado", autor=autor, certame=certame, objeto=ato,
                  descricao=_("Edital %(n)s publicado: %(c)d cargo(s), %(v)d vaga(s).") % {
                      "n": certame.numero_edital, "c": len(ato.conteudo["cargos"]),
                      "v": sum(c["vagas"] for c in ato.conteudo["cargos"])},
                  motivacao=ato.motivacao,
                  fundamento_legal=(FUNDAMENTO_PUBLICACAO if fracionado is None else
                                    f"{FUNDAMENTO_PUBLICACAO}; {fracionado['fundamento']}"
                                    )[:250],
                  depois=ato.conteudo)
    return ato

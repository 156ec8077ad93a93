"""The edital editor's services: RH writes a certame's draft (its órgão, data, settings, cargos
and schedule) in its own workspace, and publishes it as an act.

Rules decided here:
- a draft (`Certame.Status.RASCUNHO`) is RH's only: the public pages show a certame once its
  edital is published (`publicar_edital`). While it is a draft, RH edits it freely; every
  change is recorded in the audit trail (`registrar_ato`), none is an act of the certame;
- once published, the edital binds the Administration and the candidates (vinculação ao
  edital; publicidade: Constituição Federal, art. 37, caput; Lei 9.784/1999, art. 2º): the
  draft's editor refuses any change, which is then a retificação, an act of its own;
- the publication is refused, with every reason at once, without a cargo, without the
  inscrições stage in the schedule or once it has begun (the edital precedes the
  inscrições), with an incoherent schedule (`certames.cronograma.incoerencias`) or with
  settings the regime refuses (`Certame.clean`: the regime's dates, the engine's settings);
- everything goes through the model's own validation (`full_clean`) and one transaction.
"""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from certames import cronograma
from certames.auditoria import registrar_ato
from certames.models import Cargo, Certame, Etapa, Orgao
from certames.servicos import registrar_alteracao_edital
from certames.travas import travar_certame
from comum.formatos import data_br, data_hora_br
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


@transaction.atomic
def salvar_certame(certame: Certame, *, autor, campos: list[str] | None = None,
                   orgao_novo: Orgao | None = None) -> Certame:
    """Create the draft (`certame.pk` None) or change it. `campos`: the fields the form
    changed (the act's record); `orgao_novo`: an órgão to register with it (same
    transaction)."""
    novo = certame.pk is None
    if not novo:
        atual = travar_certame(certame.pk)
        _checar_rascunho(atual)
        certame.status = atual.status
    else:
        certame.status = Certame.Status.RASCUNHO
    if orgao_novo is not None:
        orgao_novo.full_clean()
        orgao_novo.save()
        certame.orgao = orgao_novo
    certame.full_clean()
    antes = None
    if not novo and campos:
        original = Certame.objects.get(pk=certame.pk)
        antes = {c: str(getattr(original, c)) for c in campos}
    certame.save()
    if novo:
        registrar_ato(tipo="certame_criado", autor=autor, certame=certame, objeto=certame,
                      descricao=_("Rascunho do edital %(n)s criado: %(t)s.") % {
                          "n": certame.numero_edital, "t": certame.titulo},
                      depois={"regime": certame.regime, "parametros": certame.parametros})
    elif campos:
        registrar_alteracao_edital(certame, campos, autor=autor, antes=antes)
    return certame


@transaction.atomic
def salvar_cargo(cargo: Cargo, *, autor, campos: list[str] | None = None) -> Cargo:
    travar_certame(cargo.certame_id)
    _checar_rascunho(cargo.certame)
    novo = cargo.pk is None
    cargo.full_clean()
    cargo.save()
    if novo:
        registrar_ato(tipo="cargo_definido", autor=autor, certame=cargo.certame, objeto=cargo,
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
def salvar_etapa(etapa: Etapa, *, autor) -> Etapa:
    """A stage of the draft's schedule, checked with the whole schedule as it would be."""
    certame = travar_certame(etapa.certame_id)
    _checar_rascunho(certame)
    etapa.cronograma_no_formulario = True  # the whole set is checked below
    etapa.full_clean()
    outras = list(Etapa.objects.filter(certame=certame).exclude(pk=etapa.pk))
    _conferir_cronograma(certame, [*outras, etapa])
    etapa.save()
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


@transaction.atomic
def publicar_edital(certame: Certame, *, autor, agora: dt.datetime | None = None
                    ) -> AtoEdital:
    """RH publishes the edital: the certame leaves the draft, its public page appears and
    the inscrições follow the schedule. An act, with what it fixes."""
    agora = agora or timezone.now()
    certame = travar_certame(certame.pk)
    pendencias = pendencias_publicacao(certame, agora)
    if pendencias:
        raise ValidationError(pendencias)
    certame.status = Certame.Status.PUBLICADO
    certame.save(update_fields=["status"])
    ato = AtoEdital.objects.create(certame=certame, tipo=AtoEdital.Tipo.PUBLICACAO,
                                   conteudo=conteudo_publicado(certame), publicado_em=agora,
                                   autor=autor)
    registrar_ato(tipo="edital_publicado", autor=autor, certame=certame, objeto=ato,
                  descricao=_("Edital %(n)s publicado: %(c)d cargo(s), %(v)d vaga(s).") % {
                      "n": certame.numero_edital, "c": len(ato.conteudo["cargos"]),
                      "v": sum(c["vagas"] for c in ato.conteudo["cargos"])},
                  fundamento_legal=FUNDAMENTO_PUBLICACAO, depois=ato.conteudo)
    return ato

"""RH's acts on a cargo's phases (spec section 10): defining them before the inscrições open,
importing the banca's scores of a phase, publishing a phase's result.

Every act locks the cargo, is recorded (`registrar_ato`) and asks for the recompute in its own
transaction (`solicitar_recalculo`): the lists, the routes and who awaits a score are the
engine's, read from the version it writes (`provas.leitura`).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history, bulk_update_with_history

from candidatos.importacao.modelo import ColunaModelo
from candidatos.importacao.valores import ValorInvalido
from candidatos.models import Inscricao
from certames import cronograma, regras
from certames.auditoria import registrar_ato
from certames.models import Cargo
from certames.recalculo import ler_parametros, solicitar_recalculo
from certames.regras.fases import Fase as FaseMotor
from certames.regras.fases import validar_fases
from certames.situacao import exigir_em_curso, motivo_certame_parado
from certames.travas import travar
from comum.formatos import data_br
from comum.planilhas import ArquivoRejeitado, ErroLinha, ler_planilha, mostrar
from provas import leitura, motor, recursos
from provas.models import (
    DesempenhoPublicado,
    Fase,
    ImportacaoNotasFase,
    NotaFase,
    PublicacaoFase,
)

COLUNAS = {
    "inscricao": ("inscricao", "numero", "numero_inscricao", "n_inscricao"),
    "nota": ("nota", "pontuacao", "nota_fase"),
}
#: Both columns are required: a row is one inscrição's score in the phase.
OBRIGATORIAS = ("inscricao", "nota")


def motivo_fases_fixadas(cargo: Cargo, agora: datetime | None = None) -> str | None:
    """Why the cargo's phases can no longer be defined or changed (None: they can): they are
    the edital's, fixed before the inscrições (the candidate enrols under the rules the
    edital published); afterwards only a retificação of the edital changes them."""
    inicio = cronograma.inscricoes_iniciadas(cargo.certame.etapas.all(), agora or timezone.now())
    if inicio is not None:
        return _("As fases da avaliação são fixadas pelo edital antes das inscrições, que "
                 "começaram em %(d)s: uma mudança agora só por retificação do edital.") % {
            "d": data_br(timezone.localtime(inicio).date())}
    return None


def regime_efetivo(cargo: Cargo) -> regras.Regime:
    """The certame's regime with the edital's settings applied (the lists a cut may name)."""
    parametros = ler_parametros(cargo.certame.parametros)
    return regras.aplicar_parametros(regras.obter_regime(cargo.certame.regime), parametros)


def regime_para_pagina(cargo: Cargo) -> tuple[regras.Regime, str]:
    """The effective regime for RH's pages, and why the edital's settings could not be
    applied ("" when they could; then the law's own regime is shown)."""
    try:
        return regime_efetivo(cargo), ""
    except regras.ErroEntrada as exc:
        return cargo.certame.regime_legal, _(
            "As configurações do edital não são válidas (%(e)s): a página mostra o regime da "
            "lei sem elas; corrija-as antes de definir as fases.") % {"e": exc}


def _conferir_fases(cargo: Cargo, fases: list[Fase]) -> None:
    """The engine's rules for the phases as RH left them (spec section 10): a cut-off with
    AC's number, integers >= 1, none on the last phase, lists of the regime."""
    if sum(f.habilita_heteroidentificacao for f in fases) > 1:
        raise ValidationError(_("Só uma fase convoca os optantes habilitados para a "
                                "heteroidentificação."))
    try:
        parametros = ler_parametros(cargo.certame.parametros)
        distribuicao = motor.distribuicao_do_edital(cargo, parametros, None)
        para_o_motor = motor.fases_para_o_motor(fases, distribuicao)
        if para_o_motor and para_o_motor[-1].corte:
            # RH defines the phases one at a time: a cut-off on the phase defined last waits
            # for the next one (`pendencias` says so; the engine refuses it meanwhile).
            para_o_motor += (FaseMotor(codigo="\x00"),)
        validar_fases(para_o_motor, regime_efetivo(cargo))
    except regras.ErroEntrada as exc:
        raise ValidationError(_("As fases não são válidas: %(e)s.") % {"e": exc}) from exc


@transaction.atomic
def definir_garantia(cargo: Cargo | int, garante: bool, *, autor,
                     agora: datetime | None = None) -> None:
    """The edital's setting `optantes_todas_as_fases` where the law leaves it to the edital
    (spec section 3: the regime's `todas_as_fases_em_lei` is False): whether an optant of
    the racial reserve who reaches a phase's minimum takes the next phase whatever the cut.
    Fixed with the phases, before the inscrições; it applies to every cargo of the certame."""
    cargo = travar(Cargo, cargo.pk if isinstance(cargo, Cargo) else cargo, "certame")
    certame = cargo.certame
    motivo = motivo_fases_fixadas(cargo, agora)
    if motivo:
        raise ValidationError(motivo)
    regime = certame.regime_legal
    if regime.todas_as_fases_em_lei:
        raise ValidationError(_("A lei deste certame já garante aos optantes todas as fases "
                                "(%(f)s): o edital não pode mudar isso.") % {
            "f": regime.fundamento_todas_as_fases})
    parametros = dict(certame.parametros or {})
    antes = parametros.get("optantes_todas_as_fases")
    if antes == garante:
        raise ValidationError(_("O edital já está assim."))
    parametros["optantes_todas_as_fases"] = garante
    certame.parametros = parametros
    certame.save(update_fields=["parametros"])
    registrar_ato(
        tipo="garantia_fases", autor=autor, certame=certame, objeto=certame,
        descricao=(_("O edital garante aos optantes todas as fases em que alcancem a nota "
                     "mínima.") if garante else
                   _("O edital não garante aos optantes todas as fases: valem os cortes.")),
        fundamento_legal=regime.fundamento_todas_as_fases,
        antes={"optantes_todas_as_fases": antes}, depois={"optantes_todas_as_fases": garante})
    solicitar_recalculo(certame.cargos.all(), _("garantia dos optantes nas fases"))


def pendencias(fases: list[Fase]) -> list[str]:
    """What the phases still lack before the engine can take them (RH's page says it)."""
    if fases and fases[-1].corte:
        return [_("A última fase (%(f)s) tem cláusula de barreira, mas não há fase seguinte: "
                  "defina a próxima fase ou retire o corte (na última fase, todos os que "
                  "alcançam a nota mínima vão às listas finais).") % {"f": fases[-1].codigo}]
    return []


@transaction.atomic
def definir_fase(cargo: Cargo | int, fase: Fase, *, autor, agora: datetime | None = None
                 ) -> Fase:
    """Create or change one phase (an unsaved or saved `Fase` with RH's values)."""
    cargo = travar(Cargo, cargo.pk if isinstance(cargo, Cargo) else cargo, "certame")
    motivo = motivo_fases_fixadas(cargo, agora)
    if motivo:
        raise ValidationError(motivo)
    nova = fase.pk is None
    fase.cargo = cargo
    if nova:
        fase.ordem = 1 + max((f.ordem for f in motor.fases_do_cargo(cargo.pk)), default=0)
    fase.full_clean()
    outras = [f for f in motor.fases_do_cargo(cargo.pk) if f.pk != fase.pk]
    _conferir_fases(cargo, sorted([*outras, fase], key=lambda f: f.ordem))
    fase.save()
    registrar_ato(
        tipo="fase_definida" if nova else "fase_alterada", autor=autor, certame=cargo.certame,
        objeto=fase, descricao=_("Fase %(f)s do cargo %(c)s definida pelo edital.") % {
            "f": fase, "c": cargo.codigo},
        depois={"codigo": fase.codigo, "nome": fase.nome, "tipo": fase.tipo,
                "nota_minima": fase.nota_minima and str(fase.nota_minima),
                "nota_maxima": str(fase.nota_maxima), "peso": str(fase.peso),
                "corte": fase.corte,
                "habilita_heteroidentificacao": fase.habilita_heteroidentificacao})
    solicitar_recalculo([cargo], _("fases da avaliação"))
    return fase


@transaction.atomic
def remover_fase(fase: Fase, *, autor, agora: datetime | None = None) -> None:
    cargo = travar(Cargo, fase.cargo_id, "certame")
    motivo = motivo_fases_fixadas(cargo, agora)
    if motivo:
        raise ValidationError(motivo)
    if fase.notas.exists():
        raise ValidationError(_("A fase %(f)s já tem notas importadas e não pode ser "
                                "removida.") % {"f": fase.codigo})
    restantes = [f for f in motor.fases_do_cargo(cargo.pk) if f.pk != fase.pk]
    if restantes:
        _conferir_fases(cargo, restantes)
    registrar_ato(tipo="fase_removida", autor=autor, certame=cargo.certame, objeto=cargo,
                  descricao=_("Fase %(f)s do cargo %(c)s removida.") % {
                      "f": fase, "c": cargo.codigo},
                  antes={"codigo": fase.codigo, "nome": fase.nome})
    fase.delete()
    solicitar_recalculo([cargo], _("fases da avaliação"))


# --- the banca's scores of a phase ----------------------------------------------------------


@dataclass(frozen=True)
class NotaLida:
    inscricao_id: int
    nota: Decimal | None  # None: absent


def _ler_linhas(fase: Fase, fases: list[Fase], conteudo: bytes) -> list[NotaLida]:
    """The file's rows, all checked; raises ArquivoRejeitado with every error by line and
    column (nothing is written)."""
    planilha = ler_planilha(conteudo, COLUNAS, obrigatorias=OBRIGATORIAS)
    admitidos = leitura.admitidos_na_fase(fase, fases)
    inscricoes = {numero: (pk, taxa) for pk, numero, taxa in Inscricao.objects.filter(
        cargo_id=fase.cargo_id).values_list("pk", "numero", "situacao_taxa")}
    erros: list[ErroLinha] = []
    lidas: list[NotaLida] = []
    vistas: dict[str, int] = {}
    for linha in planilha.linhas:
        numero = planilha.celula(linha, "inscricao")
        achada = inscricoes.get(numero)
        if not numero:
            erros.append(ErroLinha(linha.numero, "inscricao", _("valor em branco")))
        elif numero in vistas:
            erros.append(ErroLinha(linha.numero, "inscricao", _(
                "inscrição %(n)s repetida (já na linha %(l)d)") % {
                "n": mostrar(numero), "l": vistas[numero]}))
        elif achada is None:
            erros.append(ErroLinha(linha.numero, "inscricao", _(
                "inscrição %(n)s não existe no cargo %(c)s") % {
                "n": mostrar(numero), "c": fase.cargo.codigo}))
        elif achada[1] == Inscricao.SituacaoTaxa.NAO_CONFIRMADA:
            erros.append(ErroLinha(linha.numero, "inscricao", _(
                "inscrição %(n)s não confirmada (taxa não paga): não faz a prova") % {
                "n": mostrar(numero)}))
        elif admitidos is not None and achada[0] not in admitidos:
            erros.append(ErroLinha(linha.numero, "inscricao", _(
                "inscrição %(n)s não foi admitida à fase %(f)s pelo resultado da fase "
                "anterior") % {"n": mostrar(numero), "f": fase.codigo}))
        vistas.setdefault(numero, linha.numero)
        try:
            nota = motor.ler_nota(planilha.celula(linha, "nota"), fase)
        except ValorInvalido as exc:
            erros.append(ErroLinha(linha.numero, "nota", str(exc.args[0])))
            continue
        if achada is not None:
            lidas.append(NotaLida(achada[0], nota))
    if erros:
        raise ArquivoRejeitado(erros)
    return lidas


def _gravar_notas(fase: Fase, lidas: list[NotaLida], importacao: ImportacaoNotasFase) -> None:
    """Write the phase's scores (a later import supersedes the former score; the history keeps
    it) and keep each inscrição's final score equal to the engine's (`motor.nota_final`)."""
    existentes = {n.inscricao_id: n for n in NotaFase.objects.filter(fase=fase)}
    novas, mudadas = [], []
    for lida in lidas:
        atual = existentes.get(lida.inscricao_id)
        if atual is None:
            novas.append(NotaFase(inscricao_id=lida.inscricao_id, fase=fase, nota=lida.nota,
                                  ausente=lida.nota is None, importacao=importacao))
        elif (atual.nota, atual.ausente) != (lida.nota, lida.nota is None):
            atual.nota, atual.ausente, atual.importacao = (lida.nota, lida.nota is None,
                                                           importacao)
            mudadas.append(atual)
    bulk_create_with_history(novas, NotaFase, batch_size=2000)
    if mudadas:
        bulk_update_with_history(mudadas, NotaFase, ["nota", "ausente", "importacao"],
                                 batch_size=2000)
    fases = motor.fases_do_cargo(fase.cargo_id)
    notas = motor.notas_do_cargo(fase.cargo_id)
    tocadas = {lida.inscricao_id for lida in lidas}
    inscricoes = list(Inscricao.objects.filter(pk__in=tocadas).only("pk", "nota"))
    alteradas = []
    for inscricao in inscricoes:
        final = motor.nota_final(fases, notas.get(inscricao.pk, {}))
        if inscricao.nota != final:
            inscricao.nota = final
            alteradas.append(inscricao)
    if alteradas:
        bulk_update_with_history(alteradas, Inscricao, ["nota"], batch_size=2000)


@transaction.atomic
def importar_notas(fase: Fase | int, conteudo: bytes, *, nome_arquivo: str, autor
                   ) -> ImportacaoNotasFase:
    """Import the banca's spreadsheet of one phase (columns inscrição and nota; a nota is a
    decimal or "ausente"): all or nothing, every error by line and column
    (ArquivoRejeitado)."""
    fase_id = fase.pk if isinstance(fase, Fase) else fase
    cargo_id = Fase.objects.values_list("cargo_id", flat=True).get(pk=fase_id)
    cargo = travar(Cargo, cargo_id, "certame")
    exigir_em_curso(cargo.certame)
    fase = Fase.objects.select_related("cargo__certame").get(pk=fase_id)
    fase.cargo = cargo
    fases = motor.fases_do_cargo(cargo.pk)
    lidas = _ler_linhas(fase, fases, conteudo)
    ausentes = sum(1 for lida in lidas if lida.nota is None)
    importacao = ImportacaoNotasFase.objects.create(
        fase=fase, arquivo=nome_arquivo[:255], sha256=hashlib.sha256(conteudo).hexdigest(),
        notas=len(lidas) - ausentes, ausentes=ausentes,
        autor=autor if getattr(autor, "is_authenticated", False) else None)
    _gravar_notas(fase, lidas, importacao)
    registrar_ato(
        tipo="notas_fase_importadas", autor=autor, certame=cargo.certame, objeto=importacao,
        descricao=_("Notas da fase %(f)s do cargo %(c)s importadas (%(a)s): %(n)d nota(s), "
                    "%(x)d ausente(s).") % {"f": fase.codigo, "c": cargo.codigo,
                                          "a": nome_arquivo[:120], "n": importacao.notas,
                                          "x": ausentes},
        depois={"fase": fase.codigo, "sha256": importacao.sha256, "notas": importacao.notas,
                "ausentes": ausentes})
    solicitar_recalculo([cargo], _("notas da fase %(f)s") % {"f": fase.codigo})
    return importacao


# --- the template of a phase's spreadsheet --------------------------------------------------


def _modelo_inscricao(fase: Fase, primeira: bool) -> tuple[str, str, str]:
    quem = (_("qualquer inscrição do cargo %(c)s") if primeira else _(
        "só as inscrições do cargo %(c)s admitidas a esta fase pelo resultado da fase "
        "anterior")) % {"c": fase.cargo.codigo}
    return (_("Número de inscrição do candidato, uma linha por inscrição, sem repetir."),
            _("%(q)s; uma inscrição não confirmada (taxa não paga) não faz a prova.") % {
                "q": quem}, "000123")


def _modelo_nota(fase: Fase, primeira: bool) -> tuple[str, str, str]:
    return (_("Nota do candidato na fase %(f)s (antes do peso).") % {"f": fase.codigo},
            _("número de 0 a %(m)s (a nota máxima da fase), com vírgula ou ponto decimal e até "
              "%(n)d casas decimais; “%(a)s” para quem faltou.") % {
                "m": format(fase.nota_maxima.normalize(), "f").replace(".", ","),
                "n": motor.CASAS_DECIMAIS, "a": motor.AUSENTE_PLANILHA}, "72,5")


#: What each column of a phase's spreadsheet holds (tests check every column of COLUNAS).
DESCRICOES_MODELO = {"inscricao": _modelo_inscricao, "nota": _modelo_nota}


def colunas_do_modelo(fase: Fase) -> list[ColunaModelo]:
    """The template of the phase's spreadsheet: the importer's columns (COLUNAS, the other
    spellings it accepts), each with the values the reader accepts (`motor.ler_nota`; from
    the second phase on, only the inscrições `leitura.admitidos_na_fase`)."""
    fases = motor.fases_do_cargo(fase.cargo_id)
    primeira = not fases or fases[0].pk == fase.pk
    colunas = []
    for nome, grafias in COLUNAS.items():
        conteudo, valores, exemplo = DESCRICOES_MODELO[nome](fase, primeira)
        colunas.append(ColunaModelo(
            nome, tuple(g for g in grafias if g != nome),
            _("sim") if nome in OBRIGATORIAS else _("não"), conteudo, valores, exemplo))
    return colunas


def notas_do_modelo(fase: Fase) -> list[str]:
    return [
        _("A primeira linha tem os nomes das colunas; acentos e maiúsculas não fazem "
          "diferença. Arquivo CSV ou XLSX."),
        _("Tudo ou nada: um erro em qualquer linha recusa o arquivo inteiro, com cada erro por "
          "linha e coluna. Importar de novo substitui as notas da fase %(f)s.") % {
            "f": fase.codigo},
    ]


# --- a phase's result -----------------------------------------------------------------------


class PublicacaoFaseInvalida(ValidationError):
    pass


def motivo_nao_publicar(fase: Fase, tipo: str, agora: datetime | None = None) -> str | None:
    """Why the phase's result cannot be published as `tipo` now (None: it can)."""
    cargo = fase.cargo
    parado = motivo_certame_parado(cargo.certame)
    if parado:
        return parado
    if cargo.geracao_calculada < cargo.geracao_classificacao:
        return _("Há atos ainda não calculados: aguarde o recálculo (ou clique em "
                 "“Recalcular agora”) e publique o resultado calculado.")
    versao = cargo.versoes_classificacao.order_by("-numero").first()
    resultados = leitura.resultados_da_fase(versao, fase.codigo) if versao else []
    if not resultados:
        return _("A fase %(f)s ainda não tem resultado calculado (importe as notas).") % {
            "f": fase.codigo}
    faltam = sum(1 for r in resultados if r.resultado == leitura.AGUARDANDO)
    if faltam:
        return _("%(n)d inscrição(ões) admitida(s) à fase %(f)s aguardam nota da banca: "
                 "importe a planilha com as notas que faltam.") % {"n": faltam,
                                                                   "f": fase.codigo}
    publicadas = set(fase.publicacoes.filter(versao=versao).values_list("tipo", flat=True))
    if tipo in publicadas:
        return _("Este resultado já foi publicado.")
    agora = agora or timezone.now()
    motivo = cronograma.motivo_publicacao(cargo.certame.etapas.all(), cronograma.RESULTADO_FASE,
                                          tipo, agora)
    if motivo is not None:
        return motivo
    if tipo == PublicacaoFase.Tipo.PRELIMINAR:
        return recursos.motivo_nova_preliminar(fase)
    if recursos.preliminar_pendente(fase) is None:
        return _("Publique antes o resultado preliminar da fase, do qual cabe recurso "
                 "(Lei 9.784/1999, art. 59).")
    pendencias = recursos.pendencias_final(fase, agora)
    return " ".join(pendencias) if pendencias else None


@transaction.atomic
def publicar_resultado(fase: Fase, tipo: str, *, autor, agora: datetime | None = None
                       ) -> PublicacaoFase:
    if tipo not in PublicacaoFase.Tipo.values:
        raise PublicacaoFaseInvalida(_("Tipo de publicação inválido."))
    cargo = travar(Cargo, fase.cargo_id, "certame")
    fase.cargo = cargo
    agora = agora or timezone.now()
    motivo = motivo_nao_publicar(fase, tipo, agora)
    if motivo:
        raise PublicacaoFaseInvalida(motivo)
    versao = cargo.versoes_classificacao.order_by("-numero").first()
    publicacao = PublicacaoFase.objects.create(
        fase=fase, versao=versao, tipo=tipo, publicada_em=agora,
        publicada_por=autor if getattr(autor, "is_authenticated", False) else None)
    DesempenhoPublicado.objects.bulk_create(
        (DesempenhoPublicado(publicacao=publicacao, inscricao_id=r.inscricao_id, nota=r.nota,
                             parcial=r.parcial, resultado=r.resultado, rota=r.rota or "",
                             fundamento=r.fundamento[:500])
         for r in leitura.resultados_da_fase(versao, fase.codigo)), batch_size=2000)
    registrar_ato(
        tipo=f"resultado_fase_{tipo}", autor=autor, certame=cargo.certame, objeto=publicacao,
        descricao=_("%(t)s %(f)s do cargo %(c)s (versão %(v)d da classificação).") % {
            "t": PublicacaoFase.Tipo(tipo).label, "f": fase.codigo, "c": cargo.codigo,
            "v": versao.numero},
        depois={"fase": fase.codigo, "versao": versao.numero, "tipo": tipo,
                **({"prazo_recurso": [agora.isoformat(),
                                      recursos.fim_do_prazo(publicacao).isoformat()]}
                   if tipo == PublicacaoFase.Tipo.PRELIMINAR else {})})
    return publicacao


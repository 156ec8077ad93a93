"""The database side of classification: engine input from rows, snapshots from its output.

`solicitar_recalculo` is called inside the transaction of every act that can change a cargo's
lists; it bumps the cargo's generation and queues `recalcular_classificacao` on commit. The
job locks the cargo, does nothing if a newer generation was requested meanwhile (bursts of
acts coalesce into the last job), builds the input from consolidated decisions only, runs the
pure engine and writes a new immutable snapshot unless the input is the same as the latest.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from candidatos.models import EstadoLista, Inscricao, SituacaoLista
from certames import regras
from certames.auditoria import registrar_ato
from certames.models import (
    Cargo,
    ChamadaConvocacao,
    PosicaoLista,
    Publicacao,
    VagaPreenchida,
    VersaoClassificacao,
    parametros_motor,
)
from certames.regras.json_io import ler_parametros as _ler_parametros_json

logger = logging.getLogger(__name__)

LOTE = 5000

#: Why a candidate is out of every list, or out of one reserved list (engine reason codes).
MOTIVOS = {
    "eliminado": gettext_lazy("eliminado do certame"),
    "desistente": gettext_lazy("desistente"),
    "fraude": gettext_lazy("fraude apurada em procedimento administrativo"),
    "nao_confirmada": gettext_lazy("autodeclaração não confirmada"),
    "maior_percentual": gettext_lazy("mantido só na lista de maior percentual"),
}

# Inscrição situations that enter the engine. Ausente is treated as eliminated; inscrito
# (not yet scored) is not classified at all.
SITUACOES_CLASSIFICADAS = (Inscricao.Situacao.HABILITADO, Inscricao.Situacao.ELIMINADO,
                           Inscricao.Situacao.DESISTENTE, Inscricao.Situacao.AUSENTE)


def ler_parametros(parametros: dict) -> regras.Parametros:
    """The edital's engine settings; raises regras.ErroEntrada with a Portuguese message."""
    return _ler_parametros_json(parametros_motor(parametros) or None)


# --- queueing -------------------------------------------------------------------------------


def solicitar_recalculo(cargos: Iterable[Cargo | int], causa: str) -> None:
    """Call inside the act's transaction: bump the generation, queue the job on commit."""
    from certames.tasks import recalcular_classificacao

    ids = sorted({c.pk if isinstance(c, Cargo) else int(c) for c in cargos})
    if not ids:
        return
    Cargo.objects.filter(pk__in=ids).update(geracao_classificacao=F("geracao_classificacao") + 1)
    geracoes = dict(Cargo.objects.filter(pk__in=ids).values_list("pk", "geracao_classificacao"))
    for cargo_id in ids:
        transaction.on_commit(
            lambda c=cargo_id, g=geracoes[cargo_id]: recalcular_classificacao.delay(c, g, causa))


# --- engine input ---------------------------------------------------------------------------


@dataclass
class EntradaCargo:
    entrada: regras.Entrada
    ids: dict[str, int]  # inscrição number -> Inscricao.pk
    hash: str


def _texto_decimal(valor: Decimal) -> str:
    return format(valor.normalize(), "f")


def montar_entrada(cargo: Cargo) -> EntradaCargo:
    """Engine input from the cargo's rows: scored inscrições and consolidated list states."""
    certame = cargo.certame
    estados: dict[int, dict[str, str]] = {}
    for insc_id, lista, estado in SituacaoLista.objects.filter(
            inscricao__cargo=cargo).values_list("inscricao_id", "lista", "estado"):
        estados.setdefault(insc_id, {})[lista] = estado
    candidatos: list[regras.Candidato] = []
    ids: dict[str, int] = {}
    linhas_hash: list[list] = []
    pendente = regras.Estado.PENDENTE.value
    for pk, numero, nota, desempate, listas, situacao in (
            Inscricao.objects.filter(cargo=cargo, situacao__in=SITUACOES_CLASSIFICADAS,
                                     nota__isnull=False)
            # An inscrição whose fee was not paid by the deadline is not confirmed
            # (Lei 3.057/2026, art. 3º, §3º; the edital's payment rule elsewhere).
            .exclude(situacao_taxa=Inscricao.SituacaoTaxa.NAO_CONFIRMADA)
            .order_by("numero")
            .values_list("pk", "numero", "nota", "desempate", "listas", "situacao")
            .iterator(chunk_size=LOTE)):
        proprios = estados.get(pk, {})
        # No final decision recorded yet: the candidate is in the list, sub judice. A list the
        # candidate was excluded from (absence, refusal to be recorded) is simply not there:
        # they stay in AC whatever the regime's effect of a non-confirmation.
        situacoes_listas = {lista: proprios.get(lista, pendente) for lista in listas
                            if proprios.get(lista) != EstadoLista.EXCLUIDA}
        eliminado = situacao in (Inscricao.Situacao.ELIMINADO, Inscricao.Situacao.AUSENTE)
        desistente = situacao == Inscricao.Situacao.DESISTENTE
        nota_txt = _texto_decimal(nota)
        candidatos.append(regras.Candidato(
            inscricao=numero, nota=nota, desempate=tuple(Decimal(d) for d in desempate),
            listas=situacoes_listas, eliminado=eliminado, desistente=desistente))
        ids[numero] = pk
        linhas_hash.append([numero, nota_txt, list(desempate), situacoes_listas, eliminado,
                            desistente])
    parametros = parametros_motor(certame.parametros)
    vagas = cargo.total_vagas()
    entrada = regras.Entrada(regime=certame.regime, vagas=vagas, candidatos=tuple(candidatos),
                             parametros=_ler_parametros_json(parametros or None))
    bruto = json.dumps([certame.regime, vagas, parametros, linhas_hash], sort_keys=True,
                       separators=(",", ":"), ensure_ascii=False)
    return EntradaCargo(entrada, ids, hashlib.sha256(bruto.encode()).hexdigest())


# --- the recompute --------------------------------------------------------------------------


def recalcular(cargo_id: int, geracao: int | None = None,
               causa: str = "") -> VersaoClassificacao | None:
    """Rebuild one cargo's lists; returns the new version, or None (stale job / same input)."""
    with transaction.atomic():
        cargo = (Cargo.objects.select_for_update(of=("self",)).select_related("certame")
                 .get(pk=cargo_id))
        if geracao is not None and cargo.geracao_classificacao > geracao:
            logger.info("recálculo do cargo %s: geração %s superada", cargo_id, geracao)
            return None
        ultima = cargo.versoes_classificacao.order_by("-numero").first()
        dados = montar_entrada(cargo)
        if ultima is not None and ultima.hash_entrada == dados.hash:
            return None
        resultado = regras.classificar(dados.entrada)
        return _gravar_versao(cargo, ultima, dados, resultado, causa,
                              geracao if geracao is not None else cargo.geracao_classificacao)


def _gravar_versao(cargo, ultima, dados: EntradaCargo, resultado: regras.Resultado, causa: str,
                   geracao: int) -> VersaoClassificacao:
    dist = resultado.distribuicao
    exclusoes = [{"inscricao": e.inscricao, "motivo": e.motivo, "lista": e.lista,
                  "descricao": str(MOTIVOS.get(e.motivo, e.motivo)),
                  "fundamento": e.fundamento} for e in resultado.excluidos]
    exclusoes += [{"inscricao": r.inscricao, "motivo": r.motivo, "lista": r.lista,
                   "descricao": str(MOTIVOS.get(r.motivo, r.motivo)),
                   "fundamento": r.fundamento, "permanece_ac": True}
                  for r in resultado.remocoes]
    versao = VersaoClassificacao.objects.create(
        cargo=cargo, numero=(ultima.numero + 1) if ultima else 1, geracao=geracao,
        causa=(causa or _("recálculo"))[:250], hash_entrada=dados.hash,
        regime=cargo.certame.regime, vagas=resultado.vagas,
        parametros=parametros_motor(cargo.certame.parametros),
        distribuicao=dict(dist.contagens), explicacao=dist.explicacoes(),
        exclusoes=exclusoes, total_candidatos=len(dados.entrada.candidatos))
    ids = dados.ids
    posicoes = [
        PosicaoLista(versao=versao, lista=lista, posicao=e.posicao,
                     inscricao_id=ids[e.inscricao], sub_judice=e.sub_judice)
        for lista in resultado.listas.ordem
        for e in resultado.entradas(lista)
    ]
    PosicaoLista.objects.bulk_create(posicoes, batch_size=LOTE)
    VagaPreenchida.objects.bulk_create([
        VagaPreenchida(versao=versao, ordem=i, vaga=o.vaga, lista=o.lista,
                       inscricao_id=ids[o.inscricao], fundamento=o.fundamento)
        for i, o in enumerate(resultado.vagas_preenchidas, start=1)], batch_size=LOTE)
    ChamadaConvocacao.objects.bulk_create([
        ChamadaConvocacao(versao=versao, posicao=c.posicao, vaga=c.vaga,
                          inscricao_id=ids[c.inscricao] if c.inscricao else None,
                          lista=c.lista or "", sub_judice=c.sub_judice)
        for c in resultado.convocacao], batch_size=LOTE)
    return versao


# --- publication ----------------------------------------------------------------------------


class PublicacaoInvalida(Exception):
    pass


@transaction.atomic
def publicar(versao: VersaoClassificacao, tipo: str, autor) -> Publicacao:
    """RH publishes a snapshot as preliminary or final; the snapshot itself never changes."""
    if tipo not in Publicacao.Tipo.values:
        raise PublicacaoInvalida(_("Tipo de publicação inválido."))
    # The same lock as the recompute: no new version can slip in while publishing.
    Cargo.objects.select_for_update().get(pk=versao.cargo_id)
    mais_nova = versao.cargo.versoes_classificacao.order_by("-numero").first()
    if mais_nova != versao:
        raise PublicacaoInvalida(_(
            "Só a versão mais recente (%(n)d) pode ser publicada; a versão %(v)d foi superada.")
            % {"n": mais_nova.numero, "v": versao.numero})
    if versao.publicacoes.filter(tipo=tipo).exists():
        raise PublicacaoInvalida(_("Esta versão já foi publicada como %(t)s.") % {
            "t": Publicacao.Tipo(tipo).label})
    publicacao = Publicacao.objects.create(versao=versao, tipo=tipo, publicada_por=autor,
                                           publicada_em=timezone.now())
    registrar_ato(
        tipo=f"publicacao_{tipo}",
        descricao=_("%(tipo)s da classificação do cargo %(cargo)s (versão %(v)d).") % {
            "tipo": Publicacao.Tipo(tipo).label, "cargo": versao.cargo, "v": versao.numero},
        autor=autor, certame=versao.cargo.certame, objeto=versao,
        depois={"versao": versao.numero, "hash": versao.hash_entrada, "tipo": tipo})
    return publicacao


def versao_publicada(cargo: Cargo) -> tuple[VersaoClassificacao, Publicacao] | None:
    """The latest published snapshot of a cargo, with its latest publication."""
    publicacao = (Publicacao.objects.filter(versao__cargo=cargo).select_related("versao")
                  .order_by("-publicada_em", "-id").first())
    return (publicacao.versao, publicacao) if publicacao else None


# --- comparing versions ---------------------------------------------------------------------


@dataclass
class Mudanca:
    lista: str
    inscricao_id: int
    antes: int | None  # position in the older version (None: was not in the list)
    depois: int | None
    motivo: str

    @property
    def tipo(self) -> str:
        if self.antes is None:
            return "entrou"
        if self.depois is None:
            return "saiu"
        return "subiu" if self.depois < self.antes else "desceu"


def comparar_versoes(antiga: VersaoClassificacao, nova: VersaoClassificacao) -> dict:
    """Who entered, left or moved in each list between two versions, and why.

    A candidate who left carries the reason the newer version recorded for it (exclusion or
    removal with its legal basis); moves are consequences of the entries and exits.
    """
    def posicoes(versao):
        mapa: dict[str, dict[int, int]] = {}
        for lista, insc_id, pos in versao.posicoes.values_list("lista", "inscricao_id",
                                                               "posicao").iterator(LOTE):
            mapa.setdefault(lista, {})[insc_id] = pos
        return mapa

    def vagas(versao):
        return {i: (v, lst) for i, v, lst in versao.vagas_preenchidas.values_list(
            "inscricao_id", "vaga", "lista")}

    a, b = posicoes(antiga), posicoes(nova)
    numeros = dict(Inscricao.objects.filter(cargo=nova.cargo).values_list("numero", "pk"))
    motivos: dict[tuple[int, str | None], str] = {}
    for e in nova.exclusoes:
        pk = numeros.get(e["inscricao"])
        if pk is not None:
            texto = f"{MOTIVOS.get(e['motivo'], e['motivo'])} — {e['fundamento']}"
            motivos[(pk, e.get("lista"))] = texto
            motivos.setdefault((pk, None), texto)
    mudancas: list[Mudanca] = []
    for lista in sorted(set(a) | set(b), key=_ordem_lista):
        pa, pb = a.get(lista, {}), b.get(lista, {})
        for insc_id in set(pa) | set(pb):
            antes, depois = pa.get(insc_id), pb.get(insc_id)
            if antes == depois:
                continue
            if depois is None:
                motivo = motivos.get((insc_id, lista)) or motivos.get((insc_id, None)) or ""
            elif antes is None:
                motivo = str(_("entrou na lista"))
            else:
                motivo = str(_("mudança de posição em consequência de entradas e saídas"))
            mudancas.append(Mudanca(lista, insc_id, antes, depois, motivo))
    mudancas.sort(key=lambda m: (_ordem_lista(m.lista), m.depois or m.antes or 0))
    va, vb = vagas(antiga), vagas(nova)
    vagas_mudadas = [
        {"inscricao_id": i, "antes": va.get(i), "depois": vb.get(i)}
        for i in sorted(set(va) | set(vb)) if va.get(i) != vb.get(i)
    ]
    return {"mudancas": mudancas, "vagas": vagas_mudadas,
            "distribuicao": (antiga.distribuicao, nova.distribuicao)}


def _ordem_lista(lista: str) -> tuple[int, str]:
    ordem = {"AC": 0, "PP": 1, "PPI": 1, "I": 2, "Q": 3, "PCD": 9}
    return ordem.get(lista, 5), lista

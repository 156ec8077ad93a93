"""The database side of classification: engine input from rows, snapshots from its output.

An act that can change a cargo's lists asks for a recompute inside its transaction
(`certames.recalculo.solicitar_recalculo`), which queues `recalcular_classificacao`. The
job locks the cargo, does nothing if a newer generation was requested meanwhile (bursts of
acts coalesce into the last job), builds the input from consolidated decisions only, runs the
pure engine and writes a new immutable snapshot unless the input is the same as the latest.
"""

from __future__ import annotations

import functools
import gc
import hashlib
import json
import logging
import re
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import datetime
from decimal import Decimal

from django.db import InterfaceError, OperationalError, transaction
from django.db.models import TextField, prefetch_related_objects
from django.db.models.functions import Cast
from django.utils import timezone
from django.utils.translation import gettext as _

from candidatos.models import EstadoLista, Inscricao, SituacaoLista
from certames import cronograma, distribuicao_edital, instantaneo, regras
from certames.auditoria import registrar_ato
from certames.carreira import vigentes
from certames.models import (
    Cargo,
    Certame,
    Chamada,
    EventoChamada,
    Publicacao,
    VersaoClassificacao,
    parametros_motor,
)
from certames.recalculo import mensagem_aguardando_nota
from certames.regras.json_io import ler_parametros as _ler_parametros_json
from certames.regras.listas import MOTIVO_MAIOR_PERCENTUAL
from certames.situacao import motivo_certame_parado
from certames.travas import travar, travar_certame, travar_varios
from classificacao import preparo
from classificacao.homologacao import bloqueios_homologacao, mensagem_bloqueio
from classificacao.listas_da_inscricao import MOTIVOS, saidas
from comum.filas import enfileirar
from comum.formatos import data_br
from provas import motor as motor_fases

logger = logging.getLogger(__name__)

LOTE = 5000
ZERO = Decimal(0)
#: The candidates' e-mail on a publication (candidatos/tasks.py, queued by name).
TAREFA_AVISO_PUBLICACAO = "candidatos.avisar_publicacao_classificacao"


# Inscrição situations that enter the engine. Ausente is treated as eliminated; inscrito
# (not yet scored) is not classified at all.
SITUACOES_CLASSIFICADAS = (Inscricao.Situacao.HABILITADO, Inscricao.Situacao.ELIMINADO,
                           Inscricao.Situacao.DESISTENTE, Inscricao.Situacao.AUSENTE)


# --- engine input ---------------------------------------------------------------------------


#: The call order's rule the engine implements (part of every input hash): bumped when the
#: same input gives another order, so that no version of the former rule is taken as current.
VERSAO_ORDEM = "regras-v3-passo5"


@dataclass
class EntradaCargo:
    entrada: regras.Entrada
    ids: dict[str, int]  # inscrição number -> Inscricao.pk
    hash: str
    #: On the whole-edital base: the explanation of the drawn split (else the engine's).
    explicacao: list[str] | None = None


def _texto_decimal(valor: Decimal) -> str:
    return format(valor.normalize(), "f")


def _distribuicao_sorteada(cargo: Cargo) -> tuple[dict | None, list[str] | None]:
    """On the whole-edital base: the cargo's drawn split and its explanation (else None)."""
    edital = distribuicao_edital.distribuicao_do_certame(cargo.certame)
    if edital is None:
        return None, None
    distribuicao = edital.por_cargo.get(cargo.codigo)
    if distribuicao is None:
        raise regras.ErroEntrada(_(
            "O cargo %(c)s não estava entre os cargos do sorteio público das vagas "
            "reservadas.") % {"c": cargo.codigo})
    return distribuicao, distribuicao_edital.explicacao(edital, cargo.codigo)


def _estados_consolidados(cargo: Cargo) -> dict[int, dict[str, str]]:
    """The consolidated list states of the cargo's inscrições: pk -> list -> state."""
    estados: dict[int, dict[str, str]] = {}
    for insc_id, lista, estado in SituacaoLista.objects.filter(
            inscricao__cargo=cargo).values_list("inscricao_id", "lista", "estado"):
        estados.setdefault(insc_id, {})[lista] = estado
    return estados


def _inscricoes_do_motor(cargo: Cargo, notas_fases: dict | None):
    """The cargo's inscrições that enter the engine: scored ones (one phase) or, in phases,
    those the banca scored in the first phase (spec section 10: phase 1 is taken by every
    habilitated inscrição); never one whose fee was not paid by the deadline."""
    if notas_fases is None:
        consulta = Inscricao.objects.filter(cargo=cargo, situacao__in=SITUACOES_CLASSIFICADAS,
                                            nota__isnull=False)
    else:
        consulta = Inscricao.objects.filter(cargo=cargo,
                                            pk__in=motor_fases.inscricoes_com_nota(cargo.pk))
    # An inscrição whose fee was not paid by the deadline is not confirmed
    # (Lei 3.057/2026, art. 3º, §3º; the edital's payment rule elsewhere).
    # The two JSON columns come as text, decoded once per distinct value (`_decodificador`):
    # a cargo's 50,000 inscrições share a few dozen `listas` and a few thousand `desempate`
    # values, and decoding every row was half of the reading.
    return (consulta.exclude(situacao_taxa=Inscricao.SituacaoTaxa.NAO_CONFIRMADA)
            .order_by("numero")
            .annotate(desempate_texto=Cast("desempate", TextField()),
                      listas_texto=Cast("listas", TextField()))
            .values_list("pk", "numero", "nota", "desempate_texto", "listas_texto", "situacao",
                         "cor_raca")
            .iterator(chunk_size=LOTE))


def _decodificador():
    """json.loads of a JSON column's text as a tuple, remembered per distinct text (the
    tuples are never changed)."""
    return functools.cache(lambda texto: tuple(json.loads(texto)))


def _desempates():
    """A `desempate` column's text -> (its values as stored, as Decimals), per distinct
    text."""
    return functools.cache(
        lambda texto: (valores := tuple(json.loads(texto)),
                       tuple(Decimal(d) for d in valores)))


def _candidatos(cargo: Cargo, notas_fases: dict | None = None
                ) -> tuple[list[regras.Candidato], dict[str, int], list[list]]:
    """The engine's candidates of the cargo (scored, fee not unconfirmed), by number, with
    the number -> pk map and the rows the input hash is made of. `notas_fases` (pk -> phase
    -> score, `provas.motor.notas_do_cargo`) for a cargo in phases."""
    estados = _estados_consolidados(cargo)
    candidatos: list[regras.Candidato] = []
    ids: dict[str, int] = {}
    linhas_hash: list[list] = []
    pendente = regras.Estado.PENDENTE.value
    autodeclaracao_basta = functools.cache(cargo.certame.confirmacao_pela_autodeclaracao)
    ler_listas, ler_desempate = _decodificador(), _desempates()
    texto_nota = functools.cache(_texto_decimal)
    fora = (Inscricao.Situacao.ELIMINADO.value, Inscricao.Situacao.AUSENTE.value)
    desistiu = Inscricao.Situacao.DESISTENTE.value
    for pk, numero, nota, desempate_texto, listas_texto, situacao, cor in _inscricoes_do_motor(
            cargo, notas_fases):
        listas = ler_listas(listas_texto)
        desempate, desempate_decimal = ler_desempate(desempate_texto)
        situacoes_listas = {}
        if listas:
            proprios = estados.get(pk, {})
            for lista in listas:
                # The edital dispensed the procedure: the self-declaration stands, confirmed.
                if lista not in proprios and autodeclaracao_basta(lista, cor):
                    proprios = {**proprios, lista: regras.Estado.CONFIRMADA.value}
            # No final decision recorded yet: the candidate is in the list, sub judice. A list
            # the candidate was excluded from (absence, refusal to be recorded) is simply not
            # there: they stay in AC whatever the regime's effect of a non-confirmation.
            situacoes_listas = {lista: proprios.get(lista, pendente) for lista in listas
                                if proprios.get(lista) != EstadoLista.EXCLUIDA}
        eliminado = situacao in fora
        desistente = situacao == desistiu
        notas = None if notas_fases is None else notas_fases[pk]
        # Positional (inscricao, nota, desempate, listas, eliminado, desistente,
        # fim_de_fila, notas): 50,000 of them per recompute.
        candidatos.append(regras.Candidato(
            numero, nota if notas is None else ZERO, desempate_decimal, situacoes_listas,
            eliminado, desistente, False, notas))
        ids[numero] = pk
        pontuacao = (texto_nota(nota) if notas is None else
                     {k: v if isinstance(v, str) else texto_nota(v)
                      for k, v in sorted(notas.items())})
        # A tuple is written as the JSON array the list was (the hash is unchanged).
        linhas_hash.append([numero, pontuacao, desempate, situacoes_listas,
                            eliminado, desistente])
    return candidatos, ids, linhas_hash


def _numeros(ids: dict[str, int], historia: list[dict]) -> dict[int, str]:
    """pk -> inscrição number of the classified and of every inscrição ever called."""
    numeros = {pk: numero for numero, pk in ids.items()}
    faltam = {h["inscricao_id"] for h in historia} - set(numeros)
    if faltam:
        # Called, but no longer classified (e.g. its score was removed): the engine names it
        # as an unknown inscrição, an input error RH sees on the cargo page.
        numeros.update(Inscricao.objects.filter(pk__in=faltam).values_list("pk", "numero"))
    return numeros


def _hash_entrada(partes: list, historia: list[dict], numeros: dict[int, str],
                  fim_de_fila: set[int], distribuicao: dict | None) -> str:
    """The input's hash: `partes` (regime, vacancies, parameters, candidates' rows), then
    the calls, the drawn split and the call order's rule where they apply."""
    if historia:
        # Without a history the hash is the former one (no needless new version).
        partes += [[[numeros[h["inscricao_id"]], h["vaga"], h["lista"], h["situacao"]]
                    for h in historia], sorted(numeros[i] for i in fim_de_fila)]
    if distribuicao is not None:
        # Without a drawn split the hash is the former one.
        partes.append({"distribuicao": distribuicao})
    # The engine's call order rule (spec v3, section 7 step 5: no preterição): a
    # version computed by the former rule has another hash, so the next recompute writes a
    # version with the order the law asks for (migration 0015 requests it for every cargo).
    partes.append({"ordem_convocacao": VERSAO_ORDEM})
    bruto = json.dumps(partes, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(bruto.encode()).hexdigest()


def montar_entrada(cargo: Cargo) -> EntradaCargo:
    """Engine input from the cargo's rows: scored inscrições and consolidated list states.

    On the whole-edital base (spec section 4.1) the cargo's split is the public draw's,
    vacancies that arose later included (`certames.distribuicao_edital`); before the draw it
    raises `SorteioPendente` (a regras.ErroEntrada): no list without the split."""
    certame = cargo.certame
    distribuicao, explicacao = _distribuicao_sorteada(cargo)
    parametros = parametros_motor(certame.parametros)
    lidos = _ler_parametros_json(parametros or None)
    fases_cargo = motor_fases.fases_do_cargo(cargo.pk)
    fases = notas_fases = None
    if fases_cargo:
        # A cargo in phases (spec section 10): the cut-offs resolved on the edital's split.
        fases = motor_fases.fases_para_o_motor(
            fases_cargo, motor_fases.distribuicao_do_edital(cargo, lidos, distribuicao))
        notas_fases = motor_fases.notas_do_cargo(cargo.pk)
    candidatos, ids, linhas_hash = _candidatos(cargo, notas_fases)
    vagas = cargo.total_vagas()
    historia, fim_de_fila = historico_do_motor(cargo)
    if fim_de_fila:
        candidatos = [replace(c, fim_de_fila=True) if ids[c.inscricao] in fim_de_fila else c
                      for c in candidatos]
    numeros = _numeros(ids, historia)
    chamados = None
    if historia:
        # A called inscrição always has a score (it came from a computed version).
        chamados = tuple(regras.Chamado(numeros[h["inscricao_id"]], h["vaga"], h["lista"],
                                        h["situacao"]) for h in historia)
    entrada = regras.Entrada(regime=certame.regime, vagas=vagas, candidatos=tuple(candidatos),
                             parametros=lidos, chamados=chamados, distribuicao=distribuicao,
                             fases=fases)
    partes = [certame.regime, vagas, parametros, linhas_hash]
    if fases is not None:
        # Without phases the hash is the former one.
        partes.append({"fases": [[f.codigo, f.nome, _texto_decimal(f.peso),
                                  f.nota_minima and _texto_decimal(f.nota_minima),
                                  sorted((f.corte or {}).items())] for f in fases]})
    hash_entrada = _hash_entrada(partes, historia, numeros, fim_de_fila, distribuicao)
    return EntradaCargo(entrada, ids, hash_entrada, explicacao)


def historico_do_motor(cargo: Cargo) -> tuple[list[dict], set[int]]:
    """The cargo's call acts as the engine's `chamados` (spec section 7), in call order, and
    the inscrições granted fim de fila. Read only: the recompute never rewrites the history.

    A desistência keeps its call `ocupada`: its candidate is desistente, and the engine frees
    a call whose candidate is desistente or eliminado; `sem_efeito` and `fim_de_fila` say so,
    and `anulada` an annulment that stands (`carreira.vigentes`: one a granted appeal revoked
    does not; spec section 9)."""
    eventos: dict[int, dict[str, bool]] = {}
    for chamada_id, tipo in EventoChamada.objects.filter(chamada__cargo=cargo).values_list(
            "chamada_id", "tipo"):
        eventos.setdefault(chamada_id, {})[tipo] = True
    historia: list[dict] = []
    fim_de_fila: set[int] = set()
    for pk, inscricao_id, vaga, lista in Chamada.objects.filter(cargo=cargo).order_by(
            "posicao").values_list("pk", "inscricao_id", "vaga", "lista"):
        proprios = vigentes(eventos.get(pk, {}))
        situacao = regras.SituacaoChamado.OCUPADA.value
        if EventoChamada.Tipo.ANULADA in proprios:
            situacao = regras.SituacaoChamado.ANULADA.value
        elif EventoChamada.Tipo.SEM_EFEITO in proprios:
            situacao = regras.SituacaoChamado.SEM_EFEITO.value
        elif EventoChamada.Tipo.FIM_DE_FILA in proprios:
            situacao = regras.SituacaoChamado.FIM_DE_FILA.value
            fim_de_fila.add(inscricao_id)
        historia.append({"inscricao_id": inscricao_id, "vaga": vaga, "lista": lista,
                         "situacao": situacao})
    return historia, fim_de_fila


# --- the recompute --------------------------------------------------------------------------


@contextmanager
def _sem_coleta_ciclica():
    """Python's cyclic garbage collector paused while a cargo's candidates are built, ranked
    and written: those objects form no cycles (reference counting frees them), and every
    collection would walk the 50,000 of them again (about a sixth of a recompute). The
    collector's former state comes back however the block ends."""
    ativo = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if ativo:
            gc.enable()


def recalcular(cargo_id: int, geracao: int | None = None,
               causa: str = "") -> VersaoClassificacao | None:
    """Rebuild one cargo's lists; returns the new version, or None (stale job / same input)."""
    with transaction.atomic():
        cargo = travar(Cargo, cargo_id, "certame")
        if geracao is not None and cargo.geracao_classificacao > geracao:
            logger.info("recálculo do cargo %s: geração %s superada", cargo_id, geracao)
            return None
        geracao = cargo.geracao_classificacao if geracao is None else geracao
        ultima = cargo.versoes_classificacao.order_by("-numero").first()
        with _sem_coleta_ciclica():
            dados = montar_entrada(cargo)
            versao = None
            if ultima is None or ultima.hash_entrada != dados.hash:
                try:
                    resultado = regras.classificar(dados.entrada)
                except regras.ErroEntrada as exc:
                    raise regras.ErroEntrada(_nomear_inscricoes(str(exc), dados)) from exc
                versao = _gravar_versao(cargo, ultima, dados, resultado, causa, geracao)
        # Computed: a new version, or the latest one still holds for this generation.
        Cargo.objects.filter(pk=cargo_id).update(
            geracao_calculada=max(geracao, cargo.geracao_calculada), recalculo_falha="",
            recalculo_falha_geracao=None, recalculo_falha_em=None)
        return versao


def _nomear_inscricoes(mensagem: str, dados: EntradaCargo) -> str:
    """The engine names a candidate by its index in the input; RH knows inscrição numbers."""
    candidatos = dados.entrada.candidatos

    def nome(m: re.Match) -> str:
        i = int(m.group(1))
        if i >= len(candidatos):
            return m.group(0)
        texto = str(_("inscrição %(n)s") % {"n": candidatos[i].inscricao})
        return f"{texto} ({m.group(2)})" if m.group(2) else texto

    return re.sub(r"candidatos\[(\d+)\](?:\.(\w+))?", nome, mensagem)


#: Errors worth retrying as they are: the database went away or refused for a moment.
ERROS_TRANSITORIOS = (OperationalError, InterfaceError)


def executar_recalculo(cargo_id: int, geracao: int | None, causa: str) -> int | None:
    """The recompute job's body: run it and, when it fails on the data or on a bug, record
    the reason on the cargo (its own transaction; the recompute's was rolled back) so that
    RH sees what to fix instead of "na fila" forever. Transient database errors propagate,
    for the task to retry."""
    try:
        versao = recalcular(cargo_id, geracao, causa)
    except ERROS_TRANSITORIOS:
        raise
    except regras.ErroEntrada as exc:
        _registrar_falha(cargo_id, geracao, _(
            "%(erro)s Corrija o dado indicado (por exemplo, importando de "
            "novo a planilha do cargo ou ajustando os parâmetros do edital) e clique em "
            "“Recalcular agora”.") % {"erro": _com_ponto(str(exc))})
        return None
    except Exception as exc:
        logger.exception("recálculo do cargo %s falhou", cargo_id)
        _registrar_falha(cargo_id, geracao, _(
            "Erro interno (%(tipo)s). Clique em “Recalcular "
            "agora” para tentar de novo; se persistir, informe o suporte técnico com a data e "
            "a hora desta falha.") % {"tipo": exc.__class__.__name__})
        return None
    return versao.numero if versao else None


def _com_ponto(texto: str) -> str:
    texto = texto.strip()
    return texto if texto.endswith((".", "!", "?")) else texto + "."


def _registrar_falha(cargo_id: int, geracao: int | None, motivo: str) -> None:
    with transaction.atomic():
        cargo = travar(Cargo, cargo_id)
        geracao = cargo.geracao_classificacao if geracao is None else geracao
        if geracao < cargo.geracao_classificacao:
            return  # a newer job will run; its outcome is what matters
        Cargo.objects.filter(pk=cargo_id).update(
            recalculo_falha=motivo, recalculo_falha_geracao=geracao,
            recalculo_falha_em=timezone.now())


def _mantidas(resultado: regras.Resultado) -> dict[str, str]:
    """Under "only the highest percentage" (Decreto 12.536/2025; spec section 5): the racial
    list each candidate removed from the others is kept in, as the engine's lists hold it."""
    numeros = {r.inscricao for r in resultado.remocoes
               if r.motivo == MOTIVO_MAIOR_PERCENTUAL}
    if not numeros:
        return {}
    saida = {}
    for lista, candidatos in resultado.listas.ordem.items():
        if lista in (regras.AC, regras.PCD):
            continue
        for c in candidatos:
            if c.inscricao in numeros:
                saida[c.inscricao] = lista
    return saida


def _fases_da_versao(resultado: regras.Resultado, ids: dict[str, int]) -> list[dict]:
    """Each phase's results as the version keeps them (`provas.leitura` reads them): per
    phase, rows [inscrição id, nota, parcial, resultado, rota, fundamento], by inscrição."""
    avaliacao = resultado.fases
    if avaliacao is None:
        return []

    def texto(valor: Decimal | None) -> str | None:
        return None if valor is None else _texto_decimal(valor)

    saida = []
    for fase in avaliacao.fases:
        linhas = [[ids[numero], texto(d.nota), texto(d.parcial), d.resultado, d.rota,
                   d.fundamento] for numero, d in avaliacao.resultados_da_fase(fase.codigo)]
        saida.append({"codigo": fase.codigo, "corte": dict(fase.corte or {}),
                      "resultados": linhas})
    return saida


def _gravar_versao(cargo, ultima, dados: EntradaCargo, resultado: regras.Resultado, causa: str,
                   geracao: int) -> VersaoClassificacao:
    dist = resultado.distribuicao
    # Each reason translated once (thousands of exclusions share a handful of reasons).
    descricoes = {motivo: str(texto) for motivo, texto in MOTIVOS.items()}
    exclusoes = [{"inscricao": e.inscricao, "motivo": e.motivo, "lista": e.lista,
                  "descricao": descricoes.get(e.motivo, e.motivo),
                  "fundamento": e.fundamento} for e in resultado.excluidos]
    mantidas = _mantidas(resultado)
    exclusoes += [{"inscricao": r.inscricao, "motivo": r.motivo, "lista": r.lista,
                   "descricao": descricoes.get(r.motivo, r.motivo),
                   "fundamento": r.fundamento, "permanece_ac": True,
                   **({"mantida": mantidas[r.inscricao]} if r.inscricao in mantidas else {})}
                  for r in resultado.remocoes]
    versao = VersaoClassificacao.objects.create(
        cargo=cargo, numero=(ultima.numero + 1) if ultima else 1, geracao=geracao,
        causa=(causa or _("recálculo"))[:250], hash_entrada=dados.hash,
        regime=cargo.certame.regime, vagas=resultado.vagas,
        parametros=parametros_motor(cargo.certame.parametros),
        distribuicao=dict(dist.contagens),
        explicacao=dados.explicacao if dados.explicacao is not None else dist.explicacoes(),
        exclusoes=exclusoes, total_candidatos=len(dados.entrada.candidatos),
        fases=_fases_da_versao(resultado, dados.ids),
        aguardando_nota=[dados.ids[n] for n in resultado.fases.aguardando_nota]
        if resultado.fases is not None else [])
    # One row per list and one for the slots and the call order (certames.instantaneo).
    ids = dados.ids
    # The lists as `resultado.entradas` gives them (position i + 1, sub judice when pending),
    # read straight from the engine's lists: no object per position.
    listas = []
    for lista in resultado.listas.ordem:
        candidatos, pendentes = resultado.listas[lista], resultado.listas.sub_judice[lista]
        listas.append((lista, [ids[c.inscricao] for c in candidatos],
                       [c.inscricao in pendentes for c in candidatos]))
    instantaneo.gravar(
        versao, listas,
        [instantaneo.VagaOcupada(i, o.vaga, o.lista, ids[o.inscricao], o.fundamento)
         for i, o in enumerate(resultado.vagas_preenchidas, start=1)],
        [instantaneo.PosicaoConvocacao(c.posicao, c.vaga,
                                       ids[c.inscricao] if c.inscricao else None,
                                       c.lista or "", c.sub_judice, fundamento=c.fundamento,
                                       posicao_lista=c.posicao_lista or None)
         for c in resultado.convocacao])
    return versao


# --- publication ----------------------------------------------------------------------------


class PublicacaoInvalida(Exception):
    pass


def motivo_cronograma(cargo: Cargo, tipo: str, agora: datetime | None = None) -> str | None:
    """Why the certame's schedule does not admit publishing the cargo's classification as
    `tipo` now (None: it does): the one guard of every publication,
    `certames.cronograma.motivo_publicacao` (stages "Resultado preliminar" and "Resultado
    final / homologação"), after the certame's own stop (`certames.situacao`)."""
    return motivo_certame_parado(cargo.certame) or cronograma.motivo_publicacao(
        cargo.certame.etapas.all(), cronograma.CLASSIFICACAO, tipo, agora or timezone.now())


def motivo_nao_publicar(versao: VersaoClassificacao, tipo: str,
                        agora: datetime | None = None, cargo: Cargo | None = None
                        ) -> str | None:
    """Why `versao` cannot be published as `tipo` now (None: it can), the one answer of
    "can this cargo's classification be published now?" (`publicar` asks it under the cargo's
    lock; the pages and the publication of every cargo, `publicar_todos`, ask it too). `cargo`:
    the version's cargo as locked by the caller (its generations decide whether acts are
    still to be computed)."""
    if tipo not in Publicacao.Tipo.values:
        return _("Tipo de publicação inválido.")
    cargo = cargo or versao.cargo
    motivo = motivo_cronograma(cargo, tipo, agora or timezone.now())
    if motivo is not None:
        return motivo
    if cargo.geracao_calculada < cargo.geracao_classificacao:
        # Acts were recorded after the latest computation (a recompute queued, lost or
        # failed): publishing now would make an outdated classification public.
        return _(
            "Há atos posteriores à versão %(v)d que ainda não foram calculados; publicar agora "
            "tornaria pública uma classificação desatualizada. Aguarde o recálculo (ou clique "
            "em “Recalcular agora”) e publique a nova versão.") % {"v": versao.numero}
    mais_nova = cargo.versoes_classificacao.order_by("-numero").first()
    if mais_nova != versao:
        return _(
            "Só a versão mais recente (%(n)d) pode ser publicada; a versão %(v)d foi superada."
            ) % {"n": mais_nova.numero, "v": versao.numero}
    if versao.publicacoes.filter(tipo=tipo).exists():
        return _("Esta versão já foi publicada como %(t)s.") % {
            "t": Publicacao.Tipo(tipo).label}
    homologado_em = cargo.certame.homologado_em
    if tipo == Publicacao.Tipo.PRELIMINAR and homologado_em is not None:
        # After the homologation the result phase is over: its appeal against the preliminary
        # result is behind, and the validity runs from the homologated list (spec section 9;
        # CF art. 37, III). A recomputed order (a desistência, a vacancy that arose) is
        # published as the final result, which the calls follow.
        return _(
            "O certame foi homologado em %(d)s: a classificação só pode ser publicada como "
            "resultado final (homologado), não há nova fase de recurso do resultado "
            "(regras de reserva, seção 9; CF, art. 37, III).") % {"d": data_br(homologado_em)}
    if tipo == Publicacao.Tipo.FINAL and versao.aguardando_nota:
        # A cargo in phases: someone admitted to a phase has no score yet (spec section 10).
        return mensagem_aguardando_nota(versao)
    if tipo == Publicacao.Tipo.FINAL:
        # The homologated list waits for every optant pending within the called range (spec
        # section 9): the decision has its final effect only after the appeal is judged.
        bloqueios = bloqueios_homologacao(versao)
        if bloqueios:
            return mensagem_bloqueio(versao, bloqueios)
    return None


@transaction.atomic
def publicar(versao: VersaoClassificacao, tipo: str, autor,
             agora: datetime | None = None) -> Publicacao:
    """RH publishes a snapshot as preliminary or final; the snapshot itself never changes.
    Refused with `motivo_nao_publicar`'s answer, asked under the cargo's lock (the same lock
    as the recompute: no new version can slip in while publishing): before its stage in the
    schedule, while acts are not yet computed, for a superseded version, and the final
    (homologated) one while an optant within the called range is pending
    (`classificacao.homologacao.bloqueios_homologacao`). `agora` (default now) is the moment of
    the publication."""
    agora = agora or timezone.now()
    cargo = travar(Cargo, versao.cargo_id) if tipo in Publicacao.Tipo.values else None
    motivo = motivo_nao_publicar(versao, tipo, agora, cargo=cargo)
    if motivo is not None:
        raise PublicacaoInvalida(motivo)
    publicacao = Publicacao.objects.create(versao=versao, tipo=tipo, publicada_por=autor,
                                           publicada_em=agora)
    # Each candidate's status page reads its own small summary of this version, and the
    # public page links the documents: written by the worker after the commit (in-process
    # without a broker), with RH's progress bar (classificacao.preparo).
    preparo.iniciar(publicacao)
    registrar_ato(
        tipo=f"publicacao_{tipo}",
        descricao=_("%(tipo)s da classificação do cargo %(cargo)s (versão %(v)d).") % {
            "tipo": Publicacao.Tipo(tipo).label, "cargo": versao.cargo, "v": versao.numero},
        autor=autor, certame=versao.cargo.certame, objeto=versao,
        depois={"versao": versao.numero, "hash": versao.hash_entrada, "tipo": tipo})
    # Each candidate of the snapshot is told by e-mail, after the commit.
    transaction.on_commit(lambda: _enfileirar_aviso(publicacao.pk))
    return publicacao


@dataclass(frozen=True)
class CargoNaPublicacao:
    """One cargo as the publication of every cargo's lists takes it: its latest computed
    version, why it cannot be published now (`motivo_nao_publicar`; None: it can), or that
    this version is already published as the kind asked (nothing to do)."""

    cargo: Cargo
    versao: VersaoClassificacao | None
    motivo: str | None
    ja_publicada: bool = False

    @property
    def a_publicar(self) -> bool:
        return self.versao is not None and self.motivo is None and not self.ja_publicada


class PublicacaoTodosRecusada(PublicacaoInvalida):
    """The publication of every cargo's lists, refused: `recusas` names each cargo that
    cannot be published now, with its reason."""

    def __init__(self, recusas: list[CargoNaPublicacao]):
        self.recusas = recusas
        super().__init__(" ".join(_("Cargo %(c)s: %(m)s") % {"c": r.cargo.codigo, "m": r.motivo}
                                  for r in recusas))


def situacao_publicacao(certame: Certame, tipo: str, agora: datetime | None = None,
                        cargos: list[Cargo] | None = None) -> list[CargoNaPublicacao]:
    """Every cargo of the certame, by code, as publishing all the lists as `tipo` now would
    take it. A cargo with no computed version is refused while it has inscrições (nothing to
    publish yet) and left out without them (nothing to publish at all). `cargos`: the
    certame's cargos as the caller locked them."""
    agora = agora or timezone.now()
    if cargos is None:
        cargos = list(certame.cargos.order_by("codigo"))
    # One read of the schedule for every cargo's `motivo_cronograma`.
    prefetch_related_objects([certame], "etapas")
    linhas = []
    for cargo in cargos:
        cargo.certame = certame
        versao = cargo.versoes_classificacao.order_by("-numero").first()
        if versao is None:
            if cargo.inscricoes.exists():
                linhas.append(CargoNaPublicacao(cargo, None, _(
                    "Ainda não há classificação calculada para este cargo.")))
        elif versao.publicacoes.filter(tipo=tipo).exists():
            linhas.append(CargoNaPublicacao(cargo, versao, None, ja_publicada=True))
        else:
            linhas.append(CargoNaPublicacao(
                cargo, versao, motivo_nao_publicar(versao, tipo, agora, cargo=cargo)))
    return linhas


@transaction.atomic
def publicar_todos(certame: Certame, tipo: str, autor,
                   agora: datetime | None = None) -> list[Publicacao]:
    """RH publishes the latest computed version of every cargo of the certame as `tipo`, in
    one act: all or nothing. Each cargo goes through `publicar` (its checks, summaries, act
    and e-mails); a cargo whose latest version is already published as `tipo` is left as it
    is. Refused, with nothing published, when any cargo cannot be published now
    (`PublicacaoTodosRecusada`, each cargo with `motivo_nao_publicar`'s answer) or none has
    anything to publish. The certame, then its cargos (by code), are locked first."""
    if tipo not in Publicacao.Tipo.values:
        raise PublicacaoInvalida(_("Tipo de publicação inválido."))
    agora = agora or timezone.now()
    certame = travar_certame(certame)
    cargos = travar_varios(Cargo.objects.filter(certame=certame), "codigo")
    linhas = situacao_publicacao(certame, tipo, agora, cargos=cargos)
    recusas = [linha for linha in linhas if linha.motivo]
    if recusas:
        raise PublicacaoTodosRecusada(recusas)
    escolhidas = [linha for linha in linhas if linha.a_publicar]
    if not escolhidas:
        raise PublicacaoInvalida(_(
            "Nenhum cargo tem lista a publicar como %(t)s: a versão mais recente de cada um já "
            "foi publicada assim.") % {"t": str(Publicacao.Tipo(tipo).label).lower()})
    publicacoes = [publicar(linha.versao, tipo, autor, agora) for linha in escolhidas]
    registrar_ato(
        tipo="publicacao_todos_os_cargos", autor=autor, certame=certame, objeto=certame,
        descricao=_("%(t)s da classificação de %(n)d cargo(s) em um só ato: %(c)s.") % {
            "t": Publicacao.Tipo(tipo).label, "n": len(escolhidas),
            "c": ", ".join(f"{linha.cargo.codigo} (v{linha.versao.numero})"
                           for linha in escolhidas)},
        depois={"tipo": tipo,
                "cargos": {linha.cargo.codigo: linha.versao.numero for linha in escolhidas},
                "ja_publicados": [linha.cargo.codigo for linha in linhas
                                  if linha.ja_publicada]})
    return publicacoes


def _enfileirar_aviso(publicacao_id: int) -> None:
    """The publication stands even if the broker cannot take its notice (logged, and kept
    for the periodic resend: comum.filas.enfileirar)."""
    enfileirar(TAREFA_AVISO_PUBLICACAO, publicacao_id)


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
        return {lista: {pk: i for i, pk in enumerate(ids, start=1)}
                for lista, ids in instantaneo.listas(versao).items()}

    def vagas(versao):
        return {v.inscricao_id: (v.vaga, v.lista)
                for v in instantaneo.vagas_preenchidas(versao)}

    a, b = posicoes(antiga), posicoes(nova)
    numeros = dict(Inscricao.objects.filter(cargo=nova.cargo).values_list("numero", "pk"))
    # What happened to each candidate, in the words every page uses (one answer).
    motivos: dict[tuple[int, str | None], str] = {}
    for saida in saidas(nova, nova.exclusoes or []):
        pk = numeros.get(saida.inscricao)
        if pk is not None:
            texto = f"{saida.texto} — {saida.fundamento}"
            for lista in saida.listas:
                motivos[(pk, lista)] = texto
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

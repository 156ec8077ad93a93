"""``manage.py bench_classificacao``: how long the classification takes, against its floor.

Builds (once; reused on later runs with the same parameters) a synthetic certame in the
configured database, keyed by its edital number ``BENCH-<inscricoes>-<cargos>-<maior>-<seed>``,
then measures:

1. the pure engine on ``--motor`` synthetic candidates in memory (best of 3);
2. the recompute of every cargo (``recalcular``), after one verdict change per cargo so that
   each cargo really gets a new snapshot;
3. the recompute of the biggest cargo after ONE verdict, end to end (read, engine, write);
4. the floor for that cargo: reading its scored inscrições ordered by score plus writing the
   same compact lists as (3) wrote (`certames.instantaneo`) into a throwaway snapshot;
5. reading that cargo's inputs (`montar_entrada`) plus running the engine on them, the part
   of (3) that is not writing.

Measurements 3, 4 and 5 are the best of ``MEDICOES`` rounds (3), as the engine's (1): on a
shared machine a round is only ever made slower. ``razao recomputo/piso: R`` is (3) / (4);
the last line, ``razao recomputo/leitura+motor: R``,
is (3) / (5): what writing the snapshot (and the bookkeeping around it) adds to the work that
cannot be avoided. A snapshot is one row per list plus one for the slots and the call order,
so (3) writes a handful of rows. Snapshot tables are append-only (PostgreSQL triggers refuse
DELETE), so every run adds versions; the throwaway snapshots of the floor hang from a cargo of
their own (``PISO``) so the real cargos' version sequences stay clean. Bulk writes use plain
``bulk_create`` (no history rows): history is not what is measured here.
"""

from __future__ import annotations

import datetime as dt
import random
import time
from decimal import Decimal
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection, transaction
from django.db.models import Max

from candidatos.models import (
    Candidato,
    CorRaca,
    EstadoLista,
    Inscricao,
    SituacaoLista,
    TipoDeficiencia,
)
from certames import instantaneo, regras
from certames.models import (
    Cargo,
    Certame,
    ConvocacaoVersao,
    ListaVersao,
    Orgao,
    VersaoClassificacao,
)
from certames.regras.regimes import PIRANGI
from classificacao.listas import LOTE, SITUACOES_CLASSIFICADAS, montar_entrada, recalcular

#: Three racial lists, a chain of reversions and a minimum of vacancies: the heaviest seed law.
REGIME = PIRANGI.id
PUBLICACAO = dt.date(2026, 1, 15)
ORGAO = "Órgão sintético de benchmark"
CODIGO_PISO = "PISO"
VAGAS_MAIOR = 100
VAGAS_OUTROS = (0, 1, 2, 3, 5, 8, 10, 15, 20, 30)
CAUSA = "benchmark"
#: Rounds of measurements 3, 4 and 5, the best kept (as the engine's line: a busy machine
#: only ever makes a round slower).
MEDICOES = 3

_TIPOS_DEFICIENCIA = [t.value for t in TipoDeficiencia]
_SITUACOES = (Inscricao.Situacao.HABILITADO, Inscricao.Situacao.ELIMINADO,
              Inscricao.Situacao.AUSENTE, Inscricao.Situacao.DESISTENTE)
_PESOS_SITUACOES = (96.5, 1.5, 1.5, 0.5)
# Consolidated verdicts after the heteroidentification / document / PcD stages; the rest of
# the optants have no row (pendente: appeal window open or not judged).
_ESTADOS = (EstadoLista.CONFIRMADA, EstadoLista.NAO_CONFIRMADA, EstadoLista.FRAUDE, None)
_PESOS_ESTADOS = (55, 5, 0.3, 39.7)


def digitos_cpf(base: str) -> str:
    """The two check digits of a CPF whose first nine digits are ``base``."""
    d = [ord(c) - 48 for c in base]
    s = 10 * d[0] + 9 * d[1] + 8 * d[2] + 7 * d[3] + 6 * d[4] + 5 * d[5] + 4 * d[6] \
        + 3 * d[7] + 2 * d[8]
    r = s % 11
    dv1 = 0 if r < 2 else 11 - r
    s = 11 * d[0] + 10 * d[1] + 9 * d[2] + 8 * d[3] + 7 * d[4] + 6 * d[5] + 5 * d[6] \
        + 4 * d[7] + 3 * d[8] + 2 * dv1
    r = s % 11
    return f"{dv1}{0 if r < 2 else 11 - r}"


def _s(segundos: float) -> str:
    """Seconds with three decimals and a decimal comma (Portuguese)."""
    return f"{segundos:.3f}".replace(".", ",") + " s"


def _n(valor: int) -> str:
    """An integer with a dot as thousands separator (Portuguese)."""
    return f"{valor:,}".replace(",", ".")


def _tamanhos(inscricoes: int, cargos: int, maior: int) -> list[int]:
    """Inscrições per cargo: the first has ``maior``, the rest share the remainder evenly."""
    resto = inscricoes - maior
    outros = cargos - 1
    return [maior] + [resto // outros + (1 if i < resto % outros else 0) for i in range(outros)]


def _validar(n: int, c: int, m: int, n_motor: int) -> None:
    """Refuse sizes that cannot make the synthetic certame."""
    if c < 1 or m < 1 or n < m or n_motor < 1:
        raise CommandError("Parâmetros inválidos: exige cargos >= 1, 1 <= maior <= "
                           "inscricoes e motor >= 1.")
    if c == 1 and n != m:
        raise CommandError("Com um só cargo, --maior deve ser igual a --inscricoes.")
    if c > 1 and (n - m) < (c - 1):
        raise CommandError("Inscrições insuficientes para os demais cargos.")


def _analisar() -> None:
    """PostgreSQL: fresh statistics, as autovacuum would give (it may be off on a scratch
    server)."""
    if connection.vendor != "postgresql":
        return
    tabelas = ", ".join(connection.ops.quote_name(modelo._meta.db_table)
                        for modelo in (Candidato, Inscricao, SituacaoLista))
    with connection.cursor() as cursor:
        cursor.execute(f"ANALYZE {tabelas}")


class Command(BaseCommand):
    help = (
        "Mede o recálculo da classificação num certame sintético (criado uma vez e "
        "reutilizado) e compara o recálculo de um cargo com o piso de leitura e gravação."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--inscricoes", type=int, default=200_000,
                            help="total de inscrições do certame sintético (padrão 200000)")
        parser.add_argument("--cargos", type=int, default=20,
                            help="número de cargos (padrão 20)")
        parser.add_argument("--maior", type=int, default=50_000,
                            help="inscrições do maior cargo (padrão 50000)")
        parser.add_argument("--seed", type=int, default=1, help="semente (padrão 1)")
        parser.add_argument("--motor", type=int, default=100_000,
                            help="candidatos sintéticos da medição do motor (padrão 100000)")

    # --- entry point ----------------------------------------------------------------------

    def handle(self, *args: Any, **options: Any) -> None:
        n, c, m = options["inscricoes"], options["cargos"], options["maior"]
        seed, n_motor = options["seed"], options["motor"]
        _validar(n, c, m, n_motor)
        chave = f"BENCH-{n}-{c}-{m}-{seed}"
        escreva = self.stdout.write

        escreva(f"banco de dados: {connection.vendor} ({connection.settings_dict['NAME']})")
        certame, criado, duracao = self._certame(chave, n, c, m, seed)
        _analisar()
        cargos = list(certame.cargos.exclude(codigo=CODIGO_PISO).order_by("codigo"))
        maior = cargos[0]
        self._apresentar(certame, chave, criado, duracao, cargos)

        # 1. The pure engine, in memory.
        t_motor = self._motor(n_motor, seed)
        escreva(f"motor ({_n(n_motor)} candidatos em memória, melhor de 3): {_s(t_motor)}")
        # 2. Every cargo, one verdict changed in each beforehand.
        self._medir_todos(cargos)
        # 3. The biggest cargo after ONE verdict, end to end.
        versao, t_um, gravadas = self._medir_um(maior)

        # 4. The floor for that cargo.
        lidas, t_piso = self._piso(certame, maior, versao)
        escreva(f"piso do cargo {maior.codigo} (ler {_n(lidas)} inscrições ordenadas por nota "
                f"+ inserir as mesmas {_n(gravadas - 2)} listas compactas e 1 linha de vagas e "
                f"chamadas; melhor de {MEDICOES}): {_s(t_piso)}")
        razao = t_um / t_piso if t_piso > 0 else float("inf")
        escreva(f"razao recomputo/piso: {razao:.2f}")

        # 5. Reading the cargo's inputs plus the engine: the recompute without its writing.
        t_leitura = self._leitura_motor(maior)
        escreva(f"leitura e motor do cargo {maior.codigo} (montar a entrada e classificar; "
                f"melhor de {MEDICOES}): {_s(t_leitura)}")
        razao = t_um / t_leitura if t_leitura > 0 else float("inf")
        escreva(f"razao recomputo/leitura+motor: {razao:.2f}".replace(".", ","))

    def _apresentar(self, certame: Certame, chave: str, criado: bool, duracao: float,
                    cargos: list[Cargo]) -> None:
        """Print the synthetic certame: created or reused, its inscrições and verdicts."""
        escreva = self.stdout.write
        maior = cargos[0]
        total_situacoes = SituacaoLista.objects.filter(inscricao__certame=certame).count()
        if criado:
            escreva(f"certame {chave}: criado em {_s(duracao)}")
        else:
            escreva(f"certame {chave}: reutilizado (já existia)")
        escreva(f"inscrições: {_n(Inscricao.objects.filter(certame=certame).count())} em "
                f"{len(cargos)} cargos; maior cargo {maior.codigo}: "
                f"{_n(maior.inscricoes.count())} inscrições, {maior.vagas} vagas")
        escreva(f"situações em listas reservadas (registros): {_n(total_situacoes)}")

    def _medir_todos(self, cargos: list[Cargo]) -> None:
        """Measurement 2: recompute every cargo, one verdict changed in each beforehand."""
        for cargo in cargos:
            self._veredito(cargo, 0)
        versoes = 0
        linhas = 0
        inicio = time.perf_counter()
        for cargo in cargos:
            versao = recalcular(cargo.pk, causa=CAUSA)
            if versao is not None:
                versoes += 1
        t_todos = time.perf_counter() - inicio
        posicoes_todas = 0
        for cargo in cargos:
            ultima = cargo.versoes_classificacao.order_by("-numero").first()
            if ultima:
                linhas += self._linhas(ultima)
                posicoes_todas += sum(instantaneo.contagens(ultima).values())
        self.stdout.write(f"recálculo completo ({len(cargos)} cargos, {versoes} versões novas, "
                          f"{_n(linhas)} linhas gravadas para {_n(posicoes_todas)} posições): "
                          f"{_s(t_todos)}")

    def _medir_um(self, maior: Cargo) -> tuple[VersaoClassificacao, float, int]:
        """Measurement 3: the biggest cargo after ONE verdict, end to end; returns its new
        version, the time and the rows written."""
        escreva = self.stdout.write
        t_um = float("inf")
        for _ in range(MEDICOES):
            # The same verdict flipped each round (confirmada <-> não confirmada): every
            # round is a real new version.
            mudanca = self._veredito(maior, 1)
            inicio = time.perf_counter()
            versao = recalcular(maior.pk, causa=CAUSA)
            t_um = min(t_um, time.perf_counter() - inicio)
            if versao is None:
                raise CommandError("O recálculo do cargo maior não gerou versão nova.")
        gravadas = self._linhas(versao)
        posicoes = sum(instantaneo.contagens(versao).values())
        vagas = len(instantaneo.vagas_preenchidas(versao))
        chamadas = len(instantaneo.convocacao(versao))
        escreva(f"veredito: inscrição {mudanca}")
        escreva(f"recálculo do cargo {maior.codigo} após um veredito (leitura, motor e "
                f"gravação; {_n(versao.total_candidatos)} candidatos; versão {versao.numero}; "
                f"melhor de {MEDICOES}): {_s(t_um)}")
        escreva(f"linhas gravadas pelo recálculo: {_n(gravadas)} (1 versão, "
                f"{_n(gravadas - 2)} listas compactas e 1 linha de vagas e chamadas) para "
                f"{_n(posicoes)} posições + {_n(vagas)} vagas preenchidas + {_n(chamadas)} "
                f"chamadas")
        return versao, t_um, gravadas

    # --- the synthetic certame ------------------------------------------------------------

    def _certame(self, chave: str, n: int, c: int, m: int,
                 seed: int) -> tuple[Certame, bool, float]:
        orgao, _ = Orgao.objects.get_or_create(nome=ORGAO, municipio="Pirangi", uf="SP")
        existente = Certame.objects.filter(orgao=orgao, numero_edital=chave).first()
        if existente is not None:
            encontradas = Inscricao.objects.filter(certame=existente).count()
            if encontradas != n:
                raise CommandError(
                    f"O certame {chave} existe com {encontradas} inscrições (esperadas {n}).")
            return existente, False, 0.0
        inicio = time.perf_counter()
        with transaction.atomic():
            certame = self._construir(orgao, chave, n, c, m, seed)
        return certame, True, time.perf_counter() - inicio

    def _construir(self, orgao: Orgao, chave: str, n: int, c: int, m: int,
                   seed: int) -> Certame:
        rnd = random.Random(seed)
        certame = Certame.objects.create(
            orgao=orgao, numero_edital=chave, titulo=f"Certame sintético de benchmark {chave}",
            regime=REGIME, data_publicacao_edital=PUBLICACAO,
            # Per-cargo base (spec section 4): the benchmark times the lists, not the draw.
            parametros={"base_reserva": "cargo"},
            status=Certame.Status.EM_ANDAMENTO)
        tamanhos = _tamanhos(n, c, m)
        cargos = Cargo.objects.bulk_create([
            Cargo(certame=certame, codigo=f"B{i:03d}", nome=f"Cargo sintético {i}",
                  vagas=VAGAS_MAIOR if i == 0 else rnd.choice(VAGAS_OUTROS))
            for i in range(c)])
        Cargo.objects.create(certame=certame, codigo=CODIGO_PISO, nome="Piso do benchmark")
        cargos = list(Cargo.objects.filter(certame=certame).exclude(codigo=CODIGO_PISO)
                      .order_by("codigo"))

        ids_candidatos = self._candidatos(rnd, n)

        inscricoes: list[Inscricao] = []
        opcoes: list[tuple[int, list[str]]] = []  # index in inscricoes -> lists opted into
        k = 0
        for i, (cargo, tamanho) in enumerate(zip(cargos, tamanhos, strict=True)):
            chaves_desempate = 2 if i % 2 == 0 else 1
            for _ in range(tamanho):
                insc = self._inscricao(rnd, certame, cargo, ids_candidatos[k], k,
                                       chaves_desempate)
                if insc.listas:
                    opcoes.append((k, insc.listas))
                inscricoes.append(insc)
                k += 1
        Inscricao.objects.bulk_create(inscricoes, batch_size=LOTE)
        if inscricoes and inscricoes[0].pk is None:  # backends without RETURNING
            ids = dict(Inscricao.objects.filter(certame=certame).values_list("numero", "pk"))
            for insc in inscricoes:
                insc.pk = ids[insc.numero]

        situacoes = []
        for indice, listas in opcoes:
            for lista in listas:
                estado = rnd.choices(_ESTADOS, _PESOS_ESTADOS)[0]
                if estado is not None:
                    situacoes.append(SituacaoLista(
                        inscricao_id=inscricoes[indice].pk, lista=lista, estado=estado,
                        motivacao="Decisão sintética do benchmark."))
        SituacaoLista.objects.bulk_create(situacoes, batch_size=LOTE)
        return certame

    def _candidatos(self, rnd: random.Random, n: int) -> list[int]:
        """``n`` candidates with distinct valid CPFs; ones already present are reused."""
        cpfs = []
        for base in rnd.sample(range(10_000_000, 1_000_000_000), n):
            texto = f"{base:09d}"
            cpfs.append(texto + digitos_cpf(texto))
        existentes: dict[str, int] = {}
        lote = min(LOTE, (connection.features.max_query_params or LOTE) - 10)
        for i in range(0, n, lote):
            existentes.update(Candidato.objects.filter(cpf__in=cpfs[i:i + lote])
                              .values_list("cpf", "pk"))
        novos = [Candidato(cpf=cpf, nome=f"Candidato Sintético {i + 1}")
                 for i, cpf in enumerate(cpfs) if cpf not in existentes]
        Candidato.objects.bulk_create(novos, batch_size=LOTE)
        if novos and novos[0].pk is None:  # backends without RETURNING
            for i in range(0, len(novos), lote):
                existentes.update(Candidato.objects.filter(
                    cpf__in=[c.cpf for c in novos[i:i + lote]]).values_list("cpf", "pk"))
        else:
            existentes.update((c.cpf, c.pk) for c in novos)
        return [existentes[cpf] for cpf in cpfs]

    @staticmethod
    def _inscricao(rnd: random.Random, certame: Certame, cargo: Cargo, candidato_id: int,
                   k: int, chaves_desempate: int) -> Inscricao:
        sorteio = rnd.random()
        quilombola = False
        listas: list[str] = []
        if sorteio < 0.55:  # pretos e pardos, optants of PP
            cor = CorRaca.PRETA if rnd.random() < 0.4 else CorRaca.PARDA
            listas.append("PP")
            if rnd.random() < 0.03:
                quilombola = True
                listas.append("Q")
        elif sorteio < 0.575:  # indígenas
            cor = CorRaca.INDIGENA
            listas.append("I")
        elif sorteio < 0.585:  # quilombolas not opting into PP
            cor = CorRaca.PRETA
            quilombola = True
            listas.append("Q")
        elif sorteio < 0.65:  # pretos e pardos who do not opt
            cor = CorRaca.PARDA
        else:
            cor = CorRaca.BRANCA if rnd.random() < 0.9 else CorRaca.AMARELA
        deficiencia = rnd.random() < 0.05
        if deficiencia:
            listas.append("PCD")
        # Scores with two decimals, roughly normal around 62 out of 100 (many ties).
        centesimos = min(10_000, max(1_000, round(rnd.gauss(6_200, 1_300))))
        nota = Decimal(f"{centesimos // 100}.{centesimos % 100:02d}")
        desempate = [str(rnd.randint(18, 70))]
        if chaves_desempate == 2:
            desempate.append(str(rnd.randint(0, 40)))
        return Inscricao(
            certame=certame, cargo=cargo, candidato_id=candidato_id, numero=f"{k + 1:08d}",
            cor_raca=cor, quilombola=quilombola, deficiencia=deficiencia,
            tipo_deficiencia=rnd.choice(_TIPOS_DEFICIENCIA) if deficiencia else "",
            listas=listas, situacao_taxa=Inscricao.SituacaoTaxa.PAGA, nota=nota,
            desempate=desempate, situacao=rnd.choices(_SITUACOES, _PESOS_SITUACOES)[0])

    # --- measurements ---------------------------------------------------------------------

    @staticmethod
    def _motor(n: int, seed: int) -> float:
        candidatos = tuple(regras.gerar_candidatos_sinteticos(n, REGIME, seed))
        entrada = regras.Entrada(regime=REGIME, vagas=VAGAS_MAIOR, candidatos=candidatos)
        melhor = float("inf")
        for _ in range(3):
            inicio = time.perf_counter()
            regras.classificar(entrada)
            melhor = min(melhor, time.perf_counter() - inicio)
        return melhor

    @staticmethod
    def _veredito(cargo: Cargo, indice: int) -> str:
        """Flip one consolidated PP verdict of the cargo (confirmada <-> não confirmada).

        ``indice`` picks which PP verdict (in inscrição order), so the full recompute and the
        one-verdict recompute change different candidates. Without enough verdicts, a new
        one is recorded for an optant that has none.
        """
        with transaction.atomic():
            situacao = (SituacaoLista.objects.filter(inscricao__cargo=cargo, lista="PP")
                        .select_related("inscricao").order_by("inscricao__numero")
                        [indice:indice + 1].first())
            if situacao is None:
                sem = (Inscricao.objects.filter(cargo=cargo)
                       .exclude(situacoes_listas__lista="PP").order_by("numero"))
                for insc in sem.iterator(chunk_size=LOTE):
                    if "PP" in insc.listas:
                        SituacaoLista.objects.create(inscricao=insc, lista="PP",
                                                     estado=EstadoLista.CONFIRMADA)
                        return f"{insc.numero} PP: pendente → confirmada"
                return "nenhuma (o cargo não tem optantes de PP)"
            novo = (EstadoLista.NAO_CONFIRMADA if situacao.estado == EstadoLista.CONFIRMADA
                    else EstadoLista.CONFIRMADA)
            SituacaoLista.objects.filter(pk=situacao.pk).update(estado=novo)
            return f"{situacao.inscricao.numero} PP: {situacao.estado} → {novo}"

    @staticmethod
    def _linhas(versao: VersaoClassificacao) -> int:
        """Rows the version's snapshot took: the version, its lists, its slots and calls."""
        return (1 + ListaVersao.objects.filter(versao=versao).count()
                + ConvocacaoVersao.objects.filter(versao=versao).count())

    @staticmethod
    def _piso(certame: Certame, cargo: Cargo, modelo: VersaoClassificacao) -> tuple[int, float]:
        """Read the cargo's scored inscrições by score, insert the same compact snapshot as
        ``modelo`` (its lists, slots and calls) into a throwaway version."""
        piso = Cargo.objects.get(certame=certame, codigo=CODIGO_PISO)
        numero = (piso.versoes_classificacao.aggregate(m=Max("numero"))["m"] or 0) + 1
        listas = [(p.lista, p.inscricao_id, p.sub_judice) for p in instantaneo.posicoes(modelo)]
        por_lista: dict[str, tuple[list[int], list[bool]]] = {}
        for lista, pk, sub_judice in listas:
            ids, marcas = por_lista.setdefault(lista, ([], []))
            ids.append(pk)
            marcas.append(sub_judice)
        vagas = instantaneo.vagas_preenchidas(modelo)
        chamadas = instantaneo.convocacao(modelo)
        melhor = float("inf")
        for rodada in range(MEDICOES):
            inicio = time.perf_counter()
            with transaction.atomic():
                lidas = list(
                    Inscricao.objects.filter(cargo=cargo, situacao__in=SITUACOES_CLASSIFICADAS,
                                             nota__isnull=False)
                    .order_by("-nota")
                    .values_list("pk", "numero", "nota", "desempate", "listas", "situacao"))
                versao = VersaoClassificacao.objects.create(
                    cargo=piso, numero=numero + rodada, geracao=0,
                    causa="piso do benchmark (descartável)", hash_entrada="-",
                    regime=certame.regime, vagas=0, distribuicao={})
                instantaneo.gravar(versao, [(lista, ids, marcas)
                                            for lista, (ids, marcas) in por_lista.items()],
                                   vagas, chamadas)
            melhor = min(melhor, time.perf_counter() - inicio)
        return len(lidas), melhor

    @staticmethod
    def _leitura_motor(cargo: Cargo) -> float:
        """Read the cargo's inputs as the recompute does (in a transaction) and classify."""
        melhor = float("inf")
        for _ in range(MEDICOES):
            inicio = time.perf_counter()
            with transaction.atomic():
                dados = montar_entrada(Cargo.objects.select_related("certame").get(pk=cargo.pk))
                regras.classificar(dados.entrada)
            melhor = min(melhor, time.perf_counter() - inicio)
        return melhor

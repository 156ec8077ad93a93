"""``manage.py bench_importacao``: how long the import of the banca's file takes.

Writes a synthetic CSV of valid lines (valid CPFs, self-declarations matching the options,
scores and tie-break keys) over ``--cargos`` cargos, creates a fresh certame for it and times:

1. the first import (every candidate and inscrição created, with their history rows);
2. the re-import of the same file (nothing changes, nothing written);
3. a re-import with one score in ten changed (those inscrições updated, with history).

Each figure is the time of ``importar_inscricoes`` up to its commit (reading and checking the
file included). The recompute of the classification it requests after the commit is left to
the workers and not timed here (with eager Celery it would otherwise run inside the call).
It prints its figures and asserts nothing about them.
"""

from __future__ import annotations

import datetime as dt
import random
import time
from decimal import Decimal
from typing import Any
from unittest import mock

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection
from django.utils import timezone

from candidatos import importacao
from certames import recalculo
from certames.models import Cargo, Certame, Orgao
from certames.regras.regimes import PIRANGI
from classificacao.management.commands.bench_classificacao import digitos_cpf

ORGAO = "Órgão sintético de benchmark da importação"
CABECALHO = ("inscricao;cpf;nome;nome_social;data_nascimento;email;telefone;cargo;cor_raca;"
             "quilombola;deficiencia;tipo_deficiencia;listas;nota;desempate_1;desempate_2")
NOMES = ("Maria", "José", "Ana", "João", "Antônia", "Francisco", "Conceição", "Raimundo")
SOBRENOMES = ("da Silva", "dos Santos", "Oliveira", "Souza", "Pereira", "Guarani", "D'Ávila")


def _n(valor: int) -> str:
    return f"{valor:,}".replace(",", ".")


def _s(segundos: float) -> str:
    return f"{segundos:.2f}".replace(".", ",") + " s"


def linhas_sinteticas(n: int, cargos: list[str], seed: int) -> list[list[str]]:
    """``n`` valid rows (cells, in the order of CABECALHO), distinct CPFs and numbers."""
    rnd = random.Random(seed)
    linhas = []
    for k, base in enumerate(rnd.sample(range(10_000_000, 1_000_000_000), n)):
        texto = f"{base:09d}"
        cpf = texto + digitos_cpf(texto)
        sorteio = rnd.random()
        quilombola = deficiencia = False
        listas = []
        if sorteio < 0.55:
            cor = "preta" if rnd.random() < 0.4 else "parda"
            listas.append("PP")
            if rnd.random() < 0.03:
                quilombola = True
                listas.append("Q")
        elif sorteio < 0.575:
            cor = "indígena"
            listas.append("I")
        elif sorteio < 0.65:
            cor = "parda"
        else:
            cor = "branca" if rnd.random() < 0.9 else "amarela"
        tipo = ""
        if rnd.random() < 0.05:
            deficiencia = True
            tipo = rnd.choice(("física", "auditiva", "visual", "intelectual"))
            listas.append("PCD")
        centesimos = min(10_000, max(1_000, round(rnd.gauss(6_200, 1_300))))
        nascimento = dt.date(1960, 1, 1) + dt.timedelta(days=rnd.randrange(16_000))
        nome = f"{rnd.choice(NOMES)} {rnd.choice(SOBRENOMES)} {k + 1}"
        linhas.append([
            f"{k + 1:08d}", f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}", nome,
            "Alex Sintético" if k % 50 == 0 else "", nascimento.strftime("%d/%m/%Y"),
            f"candidato{k + 1}@exemplo.org" if k % 3 else "",
            f"(16) 9{k:08d}"[:20] if k % 4 else "", cargos[k % len(cargos)], cor,
            "sim" if quilombola else "não", "sim" if deficiencia else "não", tipo,
            "|".join(listas), f"{centesimos // 100},{centesimos % 100:02d}",
            str(rnd.randint(18, 70)), str(rnd.randint(0, 40))])
    return linhas


def _csv(linhas: list[list[str]]) -> bytes:
    return ("\n".join([CABECALHO, *(";".join(celulas) for celulas in linhas)]) + "\n").encode()


class Command(BaseCommand):
    help = ("Mede a importação de uma planilha sintética de inscrições e notas num certame "
            "novo: primeira importação, reimportação idêntica e reimportação com notas "
            "corrigidas. Imprime os tempos; não afirma nada sobre eles.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--linhas", type=int, default=100_000,
                            help="linhas da planilha (padrão 100000)")
        parser.add_argument("--cargos", type=int, default=20, help="cargos (padrão 20)")
        parser.add_argument("--seed", type=int, default=None,
                            help="semente (padrão: uma nova a cada execução, CPFs novos)")
        parser.add_argument("--via", choices=("auto", "orm", "copia"), default="auto",
                            help="caminho de gravação (padrão auto: COPY no PostgreSQL)")

    def handle(self, *args: Any, **options: Any) -> None:
        n, c = options["linhas"], options["cargos"]
        if n < 1 or c < 1:
            raise CommandError("Exige --linhas >= 1 e --cargos >= 1.")
        seed = options["seed"] if options["seed"] is not None else time.time_ns() % 10**9
        via = options["via"]
        escreva = self.stdout.write
        escreva(f"banco de dados: {connection.vendor} ({connection.settings_dict['NAME']}); "
                f"caminho: {via}; semente: {seed}")

        orgao, _ = Orgao.objects.get_or_create(nome=ORGAO, municipio="Pirangi", uf="SP")
        certame = Certame.objects.create(
            orgao=orgao, numero_edital=f"BENCH-IMP-{timezone.now():%Y%m%d%H%M%S}-{seed}",
            titulo="Certame sintético do benchmark da importação", regime=PIRANGI.id,
            data_publicacao_edital=dt.date(2026, 1, 15), parametros={"base_reserva": "cargo"},
            status=Certame.Status.EM_ANDAMENTO)
        codigos = [f"B{i:03d}" for i in range(c)]
        Cargo.objects.bulk_create([Cargo(certame=certame, codigo=codigo, nome=f"Cargo {codigo}",
                                         vagas=10) for codigo in codigos])
        linhas = linhas_sinteticas(n, codigos, seed)
        conteudo = _csv(linhas)
        escreva(f"planilha: {_n(n)} linhas, {len(conteudo) / 1e6:.1f} MB, {c} cargos; "
                f"certame {certame.numero_edital}")

        rnd = random.Random(seed + 1)
        for celulas in linhas:
            if rnd.random() < 0.1:
                nota = Decimal(celulas[13].replace(",", "."))
                celulas[13] = str(nota + 1 if nota < 99 else nota - 1).replace(".", ",")
        corrigido = _csv(linhas)

        for rotulo, arquivo in (("primeira importação", conteudo),
                                ("reimportação idêntica", conteudo),
                                ("reimportação, 1 nota em 10 corrigida", corrigido)):
            duracao, resumo = self._medir(certame, arquivo, via)
            escreva(f"{rotulo}: {_s(duracao)} — {_n(round(n / duracao))} linhas/s "
                    f"({resumo['inscricoes_criadas']} criadas, "
                    f"{resumo['inscricoes_atualizadas']} atualizadas, "
                    f"{resumo['inscricoes_inalteradas']} inalteradas; "
                    f"{resumo['candidatos_criados']} candidatos criados)")

    @staticmethod
    def _medir(certame: Certame, conteudo: bytes, via: str) -> tuple[float, dict]:
        extra: dict[str, Any] = {} if via == "auto" else {"via": via}
        # The recompute queued on commit is the workers' job, not the import's.
        with mock.patch.object(recalculo, "enfileirar_recalculo", lambda *a, **k: True):
            inicio = time.perf_counter()
            resumo = importacao.importar_inscricoes(certame, conteudo,
                                                    nome_arquivo="bench.csv", **extra)
            duracao = time.perf_counter() - inicio
        return duracao, resumo.como_dict()

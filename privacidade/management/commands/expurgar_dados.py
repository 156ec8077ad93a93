"""manage.py expurgar_dados [--executar] [--em AAAA-MM-DD]

Per rule of the retention policy (`certames.retencao`), how many records and files are past
retention; with --executar, shreds them (`privacidade.expurgo`). Run monthly from cron with the
database owner's DATABASE_URL (on PostgreSQL the application role cannot UPDATE the history
and audit tables).
"""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from comum.formatos import data_br
from privacidade import expurgo


def _data(texto: str) -> dt.date:
    try:
        return dt.date.fromisoformat(texto)
    except ValueError:
        raise CommandError(f"Data inválida em --em: “{texto}” (use AAAA-MM-DD).") from None


class Command(BaseCommand):
    help = ("Expurgo LGPD: mostra, por tipo de dado, quantos registros e arquivos passaram do "
            "prazo de retenção (simulação, nada é alterado); com --executar, anonimiza os "
            "campos e apaga os arquivos, registrando um ato por tipo.")

    def add_arguments(self, parser):
        parser.add_argument("--executar", action="store_true",
                            help="Executa o expurgo (sem esta opção, só simula).")
        parser.add_argument("--em", metavar="AAAA-MM-DD",
                            help="Data de referência (padrão: hoje). Com --executar, não pode "
                                 "ser futura.")

    def handle(self, *args, **options):
        em = _data(options["em"]) if options.get("em") else expurgo.hoje()
        executar = options["executar"]
        if executar and em > expurgo.hoje():
            raise CommandError(f"Não se expurga com data futura ({data_br(em)}): a retenção "
                               "ainda não terminou.")
        modo = "execução" if executar else "simulação: nada foi alterado (use --executar)"
        self.stdout.write(f"Expurgo LGPD em {data_br(em)} — {modo}")
        try:
            resultados = expurgo.executar(em) if executar else expurgo.simular(em)
        except ValidationError as exc:
            raise CommandError(" ".join(exc.messages)) from None
        falhas = []
        for r in resultados:
            linha = (f"{r.regra.codigo:<17} {r.registros:>7} registro(s)  {r.arquivos:>6} "
                     f"arquivo(s)  {r.historico:>7} linha(s) de histórico  {r.atos:>6} ato(s)"
                     f"  — {r.regra.titulo} ({r.regra.prazo})")
            if r.apagados:
                linha += (f"\n    dos quais {r.apagados} registro(s) apagado(s) em vez de "
                          "anonimizado(s)")
            if r.erro:
                falhas.append(r)
                linha += f"\n    ERRO, nada foi alterado nesta regra: {r.erro}"
            elif r.ato_id:
                linha += (f"\n    ato nº {r.ato_id}; {r.arquivos_apagados} arquivo(s) apagado(s) "
                          "do armazenamento")
            self.stdout.write(linha)
        abertos = expurgo.certames_sem_fim()
        if abertos:
            self.stdout.write(f"{abertos} certame(s) em andamento, sem fim definido: nada deles "
                              "vence ainda.")
        if falhas:
            raise CommandError(
                f"{len(falhas)} regra(s) falharam. No PostgreSQL, rode com a DATABASE_URL do "
                "dono das tabelas (o papel da aplicação não pode alterar as tabelas de "
                "histórico e auditoria).")

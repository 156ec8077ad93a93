"""``manage.py classificar ARQUIVO``: run the engine on a JSON file (``-`` = stdin).

Thin wrapper over ``certames.regras``: reads one JSON object (or an array of objects),
writes one JSON result per input (an array for an array) to stdout. No database access.
The contract is in ``certames/regras/json_io.py``, the cargo's calls already made
(``chamados``) included. Invalid input (invalid JSON, or a history the regime or the
vacancies do not allow, included): a Portuguese message on stderr and exit status 2.
"""

from __future__ import annotations

import json
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from certames.regras import ErroEntrada, classificar, ler_entrada, resultado_para_json


class Command(BaseCommand):
    help = (
        "Classifica candidatos de um cargo a partir de um JSON (arquivo ou '-' para a "
        "entrada padrão), continuando as chamadas já feitas ('chamados'), e escreve o "
        "resultado em JSON. Não acessa o banco de dados."
    )
    requires_system_checks: list[str] = []
    requires_migrations_checks = False

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("arquivo", help="arquivo JSON, ou '-' para ler da entrada padrão")
        parser.add_argument(
            "--completo",
            action="store_true",
            help="inclui explicação da distribuição, sub judice, excluídos e remoções",
        )
        parser.add_argument("--indent", type=int, default=None, help="indentação do JSON")

    def _falhar(self, mensagem: str) -> None:
        self.stderr.write(f"erro: {mensagem}")
        sys.exit(2)

    def handle(self, *args: Any, **options: Any) -> None:
        arquivo: str = options["arquivo"]
        try:
            if arquivo == "-":
                texto = sys.stdin.read()
            else:
                texto = Path(arquivo).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            self._falhar(f"não foi possível ler {arquivo!r}: {exc}")
            return
        try:
            # parse_float=Decimal: JSON numbers keep their exact decimal text.
            dados = json.loads(texto, parse_float=Decimal)
        except json.JSONDecodeError as exc:
            self._falhar(f"JSON inválido (linha {exc.lineno}, coluna {exc.colno}): {exc.msg}")
            return
        lote = isinstance(dados, list)
        entradas_json = dados if lote else [dados]
        saidas = []
        for i, obj in enumerate(entradas_json):
            try:
                resultado = classificar(ler_entrada(obj))
            except ErroEntrada as exc:
                self._falhar(f"[{i}] {exc}" if lote else str(exc))
                return
            saidas.append(resultado_para_json(resultado, completo=options["completo"]))
        saida = saidas if lote else saidas[0]
        self.stdout.write(json.dumps(saida, ensure_ascii=False, indent=options["indent"]))

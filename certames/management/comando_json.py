"""The shape shared by the engine's JSON commands (`classificar`, `distribuir_edital`): read
one JSON object or a list of them from a file or stdin (`-`), run a pure function on each, and
write one JSON result per input (a list for a list). No database access. Invalid input: a
Portuguese message on stderr and exit status 2."""

from __future__ import annotations

import json
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from certames.regras import ErroEntrada


class ComandoJson(BaseCommand):
    requires_system_checks: list[str] = []
    requires_migrations_checks = False

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("arquivo", help="arquivo JSON, ou '-' para ler da entrada padrão")
        parser.add_argument("--indent", type=int, default=None, help="indentação do JSON")

    def processar(self, obj: Any, options: dict[str, Any]) -> Any:
        """One input object to its JSON-ready result; raises ErroEntrada on bad input."""
        raise NotImplementedError

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
        saidas = []
        for i, obj in enumerate(dados if lote else [dados]):
            try:
                saidas.append(self.processar(obj, options))
            except ErroEntrada as exc:
                self._falhar(f"[{i}] {exc}" if lote else str(exc))
                return
        saida = saidas if lote else saidas[0]
        self.stdout.write(json.dumps(saida, ensure_ascii=False, indent=options["indent"]))

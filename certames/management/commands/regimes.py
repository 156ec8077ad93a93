"""``manage.py regimes [ID]``: the built-in legal regimes and every parameter, with its
citation, as JSON. No database access."""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from certames.regras import REGIMES, RegimeDesconhecido, obter_regime


class Command(BaseCommand):
    help = "Lista os regimes legais de reserva de vagas e seus parâmetros (com fundamento)."
    requires_system_checks: list[str] = []
    requires_migrations_checks = False

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("regime", nargs="?", help="id de um regime (padrão: todos)")
        parser.add_argument("--indent", type=int, default=2, help="indentação do JSON")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["regime"]:
            try:
                saida: Any = obter_regime(options["regime"]).como_dict()
            except RegimeDesconhecido as exc:
                self.stderr.write(f"erro: {exc}")
                sys.exit(2)
        else:
            saida = [r.como_dict() for r in REGIMES.values()]
        self.stdout.write(json.dumps(saida, ensure_ascii=False, indent=options["indent"]))

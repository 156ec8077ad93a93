"""``manage.py classificar ARQUIVO``: run the engine on a JSON file (``-`` = stdin).

Thin wrapper over ``certames.regras``: reads one JSON object (or an array of objects),
writes one JSON result per input (an array for an array) to stdout. No database access.
The contract is in ``certames/regras/json_io.py``, the cargo's calls already made
(``chamados``) included. Invalid input (invalid JSON, or a history the regime or the
vacancies do not allow, included): a Portuguese message on stderr and exit status 2.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandParser

from certames.management.comando_json import ComandoJson
from certames.regras import classificar, ler_entrada, resultado_para_json


class Command(ComandoJson):
    help = (
        "Classifica candidatos de um cargo a partir de um JSON (arquivo ou '-' para a "
        "entrada padrão), continuando as chamadas já feitas ('chamados'), e escreve o "
        "resultado em JSON. Não acessa o banco de dados."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        super().add_arguments(parser)
        parser.add_argument(
            "--completo",
            action="store_true",
            help="inclui explicação da distribuição, sub judice, excluídos e remoções",
        )

    def processar(self, obj: Any, options: dict[str, Any]) -> Any:
        return resultado_para_json(classificar(ler_entrada(obj)), completo=options["completo"])

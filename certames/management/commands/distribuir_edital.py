"""``manage.py distribuir_edital ARQUIVO``: the whole-edital split and its public draw
(spec section 4.1) from a JSON file (``-`` = stdin).

Thin wrapper over ``certames.regras.edital``: reads a JSON list of editais (or one object),
``{"regime", "semente", "cargos": [{"codigo", "vagas"}], "parametros"?}``, and writes one
result per edital (a list for a list). No database access. Invalid input (repeated or
non-ASCII codes, no cargos, an empty seed, a regime that does not allow the edital base,
...): a Portuguese message on stderr and exit status 2.
"""

from __future__ import annotations

from typing import Any

from certames.management.comando_json import ComandoJson
from certames.regras.edital import distribuir_edital, edital_para_json, ler_edital


class Command(ComandoJson):
    help = (
        "Distribui as vagas reservadas sobre a totalidade das vagas do edital e faz o "
        "sorteio público das frações entre os cargos, a partir de um JSON (arquivo ou '-' "
        "para a entrada padrão). Não acessa o banco de dados."
    )

    def processar(self, obj: Any, options: dict[str, Any]) -> Any:
        e = ler_edital(obj)
        return edital_para_json(distribuir_edital(e.regime, e.semente, e.cargos, e.parametros))

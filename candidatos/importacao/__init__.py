"""Import of the banca's spreadsheet (CSV or XLSX): candidates, inscrições and scores.

All or nothing, in two phases:

1. Every row is parsed and checked on its own (no writes): required cells, CPF, cargo, the
   self-declaration against the regime, every text cell against its model field (max_length,
   e-mail format: the validators are taken from the model, never restated here), dates, the
   score against the edital's maximum and the DecimalField, tie-break keys, duplicates and
   one CPF with different personal data within the file.
2. One transaction, holding the certame's row lock (so imports and portal inscrições of the
   same certame are serialised), checks the file against the database (numbers and CPFs
   already taken, and the tie-break keys: every scored inscrição of a cargo is ranked by the
   same keys, spec section 5, so a file may not leave a cargo with scored inscrições of two
   different key counts) and then writes only what changed, with bulk operations (no per-row
   queries), so re-importing the same file changes nothing. `ao_gravar` runs inside that
   transaction, so a caller's record of the outcome (the `Importacao` status) commits or rolls
   back together with the rows.

Any error rejects the whole file with every error listed by line and column, in Portuguese,
and nothing is written.

The modules, in the order they run:

- `valores`: one cell (numbers, tie-break keys, dates, CPF, text against its model field);
- `linhas`: phase 1, every row on its own and against the others in the file;
- `consultas`: the bulk look-ups of the stored rows;
- `conferencia`: phase 2, the file against the database;
- `plano`: what changed, decided once for both writers;
- `gravacao_orm` and `gravacao_copia`: the two writers (bulk ORM; PostgreSQL COPY);
- `importar`: `importar_inscricoes`, both phases in their transaction;
- `vigilancia`: imports whose worker died, marked failed and tried again.

This package exposes the names its callers use; the rest lives in its modules.
"""

from candidatos.importacao.gravacao_copia import copia_disponivel
from candidatos.importacao.importar import (
    VIA_AUTO,
    VIA_COPIA,
    VIA_ORM,
    importar_inscricoes,
)
from candidatos.importacao.linhas import COLUNAS, OBRIGATORIAS, Progresso
from candidatos.importacao.plano import Resumo
from candidatos.importacao.valores import (
    ValorInvalido,
    data_br,
    data_nascimento_br,
    decimal_br,
    desempate_br,
    erros_texto,
)
from comum.planilhas import ArquivoRejeitado, ErroLinha

__all__ = [
    "COLUNAS",
    "OBRIGATORIAS",
    "VIA_AUTO",
    "VIA_COPIA",
    "VIA_ORM",
    "ArquivoRejeitado",
    "ErroLinha",
    "Progresso",
    "Resumo",
    "ValorInvalido",
    "copia_disponivel",
    "data_br",
    "data_nascimento_br",
    "decimal_br",
    "desempate_br",
    "erros_texto",
    "importar_inscricoes",
]

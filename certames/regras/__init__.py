"""The pure reservation and classification engine (no Django import anywhere here).

Implements ``shared/spec/regras-de-reserva.md``: vacancy split, lists, placements within
the vacancies and the call order, for the legal regimes in ``regimes.REGIMES``. One entry
point, ``classificar(entrada) -> Resultado``; ``json_io`` holds the JSON contract.
"""

from .aritmetica import arred, formatar_decimal, teto
from .classificacao import EntradaLista, Ocupacao, Resultado, classificar, preencher_vagas
from .convocacao import Chamada, Continuacao, continuar_ordem, ordem_convocacao
from .distribuicao import CalculoReserva, Distribuicao, distribuir, explicar_calculo
from .edital import (
    CargoEdital,
    DistribuicaoEdital,
    SorteioItem,
    VagaNova,
    distribuir_edital,
    vaga_nova_edital,
)
from .erros import ErroEntrada, ErroParametro
from .json_io import ler_entrada, ler_parametros, resultado_para_json
from .listas import Exclusao, Listas, Remocao, montar_listas, ordenar
from .modelos import Candidato, Chamado, Entrada, Estado, SituacaoChamado
from .parametros import Parametros, aplicar_parametros
from .regimes import (
    AC,
    PCD,
    REGIMES,
    Regime,
    RegimeDesconhecido,
    RegraPcd,
    obter_regime,
)
from .sintetico import gerar_candidatos_sinteticos

__all__ = [
    "AC",
    "PCD",
    "REGIMES",
    "CalculoReserva",
    "Candidato",
    "CargoEdital",
    "Chamada",
    "Chamado",
    "Continuacao",
    "Distribuicao",
    "DistribuicaoEdital",
    "Entrada",
    "EntradaLista",
    "ErroEntrada",
    "ErroParametro",
    "Estado",
    "Exclusao",
    "Listas",
    "Ocupacao",
    "Parametros",
    "Regime",
    "RegimeDesconhecido",
    "RegraPcd",
    "Remocao",
    "Resultado",
    "SituacaoChamado",
    "SorteioItem",
    "VagaNova",
    "aplicar_parametros",
    "arred",
    "classificar",
    "continuar_ordem",
    "distribuir",
    "distribuir_edital",
    "explicar_calculo",
    "formatar_decimal",
    "gerar_candidatos_sinteticos",
    "ler_entrada",
    "ler_parametros",
    "montar_listas",
    "obter_regime",
    "ordem_convocacao",
    "ordenar",
    "preencher_vagas",
    "resultado_para_json",
    "teto",
    "vaga_nova_edital",
]

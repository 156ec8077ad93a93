"""Legal regimes as data (spec section 3).

A ``Regime`` holds every number the engine needs for one law, each with the citation of the
article it comes from, and the rules of the procedures around the reservation
(``procedimentos``: who each committee calls and whether in person, the committee's
composition, what a proven fraud does, the fee exemption, the documents that prove a
condition). Adding a municipality's law is adding one module with its ``Regime`` and listing
it in ``registro.REGIMES``; no new code path: nothing outside ``certames.regras`` compares regime
ids. Where the law is silent, the value is the product's default and its citation says so.
Citations follow Brazilian usage: "LC 22/2026, art. 1º, §2º".

Modules: ``base`` (list codes, effects, bases of a reserve, the value types), ``regime``
(the ``Regime`` type), ``comum`` (citations several laws share), one module per law
(``smbv``, ``severinia``, ``pirangi``, ``federal``) and ``registro`` (``REGIMES`` and the
look-ups). Every name is imported from this package.
"""

from .base import (
    AC,
    BASE_CARGO,
    BASE_EDITAL,
    BASES_RESERVA,
    CODIGOS_RESERVA,
    EFEITOS,
    ELIMINA,
    FUNDAMENTO_DESISTENCIA_AC,
    NOMES_LISTAS,
    PCD,
    PERMANECE_AC,
    Grupo,
    NaoConfirmacao,
    OrdemGrupo,
    PassoCadeia,
    RegraPcd,
    Reversao,
)
from .federal import FEDERAL
from .pirangi import PIRANGI
from .regime import Regime
from .registro import (
    REGIMES,
    RegimeDesconhecido,
    fundamentos_dos_regimes,
    obter_regime,
    regime_ou_none,
)
from .severinia import SEVERINIA
from .smbv import SMBV

__all__ = [
    "AC",
    "PCD",
    "CODIGOS_RESERVA",
    "ELIMINA",
    "PERMANECE_AC",
    "EFEITOS",
    "BASE_CARGO",
    "BASE_EDITAL",
    "BASES_RESERVA",
    "Grupo",
    "OrdemGrupo",
    "RegraPcd",
    "PassoCadeia",
    "Reversao",
    "NaoConfirmacao",
    "Regime",
    "RegimeDesconhecido",
    "REGIMES",
    "obter_regime",
    "regime_ou_none",
    "fundamentos_dos_regimes",
    "FUNDAMENTO_DESISTENCIA_AC",
    "NOMES_LISTAS",
    "SMBV",
    "SEVERINIA",
    "PIRANGI",
    "FEDERAL",
]

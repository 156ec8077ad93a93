"""The built-in regimes by id, and how the rest of the product looks one up."""

from __future__ import annotations

from collections.abc import Callable

from .federal import FEDERAL
from .pirangi import PIRANGI
from .regime import Regime
from .severinia import SEVERINIA
from .smbv import SMBV

#: Built-in regimes by id, in a stable order.
REGIMES: dict[str, Regime] = {r.id: r for r in (SMBV, SEVERINIA, PIRANGI, FEDERAL)}


class RegimeDesconhecido(KeyError):
    """Raised by ``obter_regime`` for an id not in ``REGIMES``."""

    def __init__(self, regime_id: object) -> None:
        super().__init__(regime_id)
        self.regime_id = regime_id

    def __str__(self) -> str:
        return f"regime desconhecido “{self.regime_id}” (disponíveis: {', '.join(sorted(REGIMES))})"


def obter_regime(regime_id: str) -> Regime:
    """The built-in regime ``regime_id``; raises ``RegimeDesconhecido`` (a ``KeyError``)."""
    try:
        return REGIMES[regime_id]
    except (KeyError, TypeError):
        raise RegimeDesconhecido(regime_id) from None


def regime_ou_none(regime: Regime | str | None) -> Regime | None:
    """A ``Regime`` as given, or the registered regime of that id; None if unknown."""
    if isinstance(regime, Regime):
        return regime
    try:
        return REGIMES.get(regime) if regime is not None else None
    except TypeError:
        return None


def fundamentos_dos_regimes(ler: Callable[[Regime], str]) -> str:
    """The citations ``ler`` reads from every registered regime, in ``REGIMES`` order, joined
    by "; ", each part once (empty ones skipped): for the texts that belong to no certame
    (RH's exemption overview, the CadÚnico import, the privacy policy)."""
    partes = (p for r in REGIMES.values() for p in (ler(r) or "").split("; "))
    return "; ".join(dict.fromkeys(p for p in partes if p))

"""Citations and rules shared by several regimes: the federal PcD rule, the product default
where a municipal law is silent, and the PcD medical report.
"""

from __future__ import annotations

from ..procedimentos import RegraDocumental
from .base import PCD

#: The federal PcD rule (percentage, cap): the product default where a law is silent.
PCD_FEDERAL = "Decreto 9.508/2018, art. 1º, §3º; Lei 8.112/1990, art. 5º, §2º"
#: A PcD non-confirmation: no law provides elimination (product default).
PCD_NAO_CONFIRMADA = (
    "não enquadramento como PcD não elimina: o candidato segue na ampla concorrência "
    "(padrão do produto: a lei não prevê eliminação)"
)
#: The federal parameter of the PcD evaluation (LC 22/2026, art. 7º, §3º points to it; the
#: product default elsewhere).
F_EQUIPE = "Decreto 9.508/2018, art. 5º (parâmetro federal)"
F_LBI = "Lei 13.146/2015, art. 2º, §1º"

# Documents (certames.regras.documentos): a medical report for PcD, by default everywhere
# (the federal parameter; no seed law names the document). The edital may replace it.
_LAUDO = ("LAUDO",)
F_LAUDO = "Decreto 9.508/2018, art. 5º (parâmetro federal)"
INDIGENA_ALTERNATIVOS = (("RANI", "DECL_LIDERANCA", "DECL_ORGANIZACAO"),)


def laudo(fundamento: str, delegacao: str) -> RegraDocumental:
    """The PcD medical report: no seed law names the document (product default)."""
    return RegraDocumental(PCD, _LAUDO, (), fundamento, padrao=True, delegacao=delegacao)

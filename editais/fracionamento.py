"""A guard against the artificial fractioning of the vacancies (Lei 3.057/2026 de Severínia,
art. 8º, §4º: "É vedado o fracionamento artificial das vagas, por editais, especialidades,
unidades administrativas ou áreas de atuação, com a finalidade de afastar a aplicação da
reserva"; the regime says where it holds: `Regime.fundamento_fracionamento`).

Rule decided here (product): cargos of the same denomination (the name, without accents,
case or repeated spaces) of which none reserves a vacancy, but whose vacancies together would
reserve at least one under the same law and settings, are a suspected fractioning. The editor
shows them with the article; the edital is published only with a recorded justification
(written in the publication's act, `editais.servicos.publicar_edital`). The law forbids the
fractioning whose purpose is to avoid the reserve: the justification states why the cargos
are distinct (different requirements, duties or pay), which the system cannot judge.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from certames import regras
from certames.models import Certame
from certames.recalculo import ler_parametros

MINIMO_JUSTIFICATIVA = 30


@dataclass(frozen=True)
class GrupoFracionado:
    denominacao: str
    #: (code, vacancies) of each cargo, none reserving a vacancy.
    cargos: tuple[tuple[str, int], ...]
    vagas: int
    #: List -> vacancies the cargos would reserve together (only those above zero).
    reservadas_juntas: dict[str, int]

    def como_dict(self) -> dict:
        return {"denominacao": self.denominacao,
                "cargos": [{"codigo": c, "vagas": v} for c, v in self.cargos],
                "vagas": self.vagas, "reservadas_juntas": self.reservadas_juntas}


def denominacao(nome: str) -> str:
    sem_acentos = "".join(c for c in unicodedata.normalize("NFKD", nome)
                          if not unicodedata.combining(c))
    return " ".join(sem_acentos.casefold().split())


def _reservadas(vagas: int, regime, parametros) -> dict[str, int]:
    contagens = regras.distribuir(vagas, regime, parametros).contagens
    return {lista: n for lista, n in contagens.items() if lista != regras.AC and n > 0}


def suspeitas(certame: Certame) -> list[GrupoFracionado]:
    """The certame's suspected fractionings (empty where the regime has no such rule)."""
    if not certame.regime or not certame.regime_legal.fundamento_fracionamento:
        return []
    regime = certame.regime_legal
    try:
        parametros = ler_parametros(certame.parametros)
    except regras.ErroEntrada:  # settings the regime refuses: said by Certame.clean
        return []
    grupos: dict[str, list] = {}
    for cargo in certame.cargos.order_by("codigo"):
        grupos.setdefault(denominacao(cargo.nome), []).append(cargo)
    saida = []
    for cargos in grupos.values():
        if len(cargos) < 2 or any(_reservadas(c.vagas, regime, parametros) for c in cargos):
            continue
        total = sum(c.vagas for c in cargos)
        juntas = _reservadas(total, regime, parametros)
        if juntas:
            saida.append(GrupoFracionado(cargos[0].nome,
                                         tuple((c.codigo, c.vagas) for c in cargos), total,
                                         juntas))
    return saida

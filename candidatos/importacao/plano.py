"""What the import writes, decided once in Python for both writers (ORM and COPY).

Only what changed: new candidates and inscrições, and for stored ones the fields whose value
differs, so re-importing the same file changes nothing. `Resumo` counts it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from candidatos.importacao.consultas import CAMPOS_CANDIDATO
from candidatos.models import Inscricao

#: The change reason of the history rows the import writes.
MOTIVO_HISTORICO = "importação"


@dataclass
class Resumo:
    linhas: int = 0
    candidatos_criados: int = 0
    candidatos_atualizados: int = 0
    inscricoes_criadas: int = 0
    inscricoes_atualizadas: int = 0
    inscricoes_inalteradas: int = 0
    cargos_afetados: set[int] = field(default_factory=set)

    def como_dict(self) -> dict[str, Any]:
        return {
            "linhas": self.linhas,
            "candidatos_criados": self.candidatos_criados,
            "candidatos_atualizados": self.candidatos_atualizados,
            "inscricoes_criadas": self.inscricoes_criadas,
            "inscricoes_atualizadas": self.inscricoes_atualizadas,
            "inscricoes_inalteradas": self.inscricoes_inalteradas,
            "cargos_afetados": sorted(self.cargos_afetados),
        }


def _situacao_derivada(atual: str | None, nota) -> str:
    """Without a `situacao` column: a scored candidate is habilitado, an unscored one inscrito;
    an eliminated, absent or withdrawn candidate is never brought back by a score file."""
    if atual in (Inscricao.Situacao.ELIMINADO, Inscricao.Situacao.AUSENTE,
                 Inscricao.Situacao.DESISTENTE):
        return atual
    return Inscricao.Situacao.HABILITADO if nota is not None else Inscricao.Situacao.INSCRITO


@dataclass
class _Plano:
    """What the import writes, decided once in Python for both ways of writing it.

    `candidatos_novos`: cpf -> the new candidate's fields (CAMPOS_CANDIDATO), in file order;
    `candidatos_alterados`: pk -> the changed fields only; `inscricoes_novas`: one dict per
    new inscrição (cpf, cargo_id, numero and the CAMPOS_INSCRICAO it sets), in file order;
    `inscricoes_alteradas`: pk -> the changed fields only."""

    candidatos_novos: dict[str, dict[str, Any]] = field(default_factory=dict)
    candidatos_alterados: dict[int, dict[str, Any]] = field(default_factory=dict)
    inscricoes_novas: list[dict[str, Any]] = field(default_factory=list)
    inscricoes_alteradas: dict[int, dict[str, Any]] = field(default_factory=dict)


def _planejar(validas, existentes_num, candidatos_existentes, resumo: Resumo) -> _Plano:
    """Only what changed: new rows, and for stored ones the fields whose value differs."""
    plano = _Plano()
    # CPFs with a new inscrição: only these may need a new record (the file's rows of a
    # stored inscrição never move it to another record).
    com_novas = {lin.valores["cpf"] for lin in validas
                 if lin.valores["inscricao"] not in existentes_num}
    for linha in validas:
        v = linha.valores
        existente = candidatos_existentes.get(v["cpf"])
        if existente is None:
            if v["cpf"] in com_novas and v["cpf"] not in plano.candidatos_novos:
                plano.candidatos_novos[v["cpf"]] = {
                    c: v.get(c) or (None if c == "data_nascimento" else "")
                    for c in CAMPOS_CANDIDATO}
            continue
        diferencas = {c: v[c] for c in CAMPOS_CANDIDATO if c in v and existente[c] != v[c]}
        if diferencas:
            plano.candidatos_alterados.setdefault(existente["pk"], {}).update(diferencas)

    for linha in validas:
        v = linha.valores
        existente = existentes_num.get(v["inscricao"])
        alvo = {
            "cor_raca": v["cor_raca"],
            "quilombola": v.get("quilombola", False),
            "deficiencia": v.get("deficiencia", False),
            "tipo_deficiencia": v["tipo_deficiencia"],
            "listas": v["listas"],
            "nota": v["nota"],
            "desempate": v["desempate"],
            "situacao": v.get("situacao") or _situacao_derivada(
                existente["situacao"] if existente else None, v["nota"]),
        }
        if "situacao_taxa" in v:
            alvo["situacao_taxa"] = v["situacao_taxa"]
        if existente is None:
            plano.inscricoes_novas.append(
                {"cpf": v["cpf"], "cargo_id": v["cargo"].pk, "numero": v["inscricao"], **alvo})
            resumo.cargos_afetados.add(v["cargo"].pk)
            continue
        # Decimal("87.5000") == Decimal("87.5"): numeric equality, not text.
        diferencas = {c: valor for c, valor in alvo.items() if existente[c] != valor}
        if diferencas:
            plano.inscricoes_alteradas[existente["pk"]] = diferencas
            resumo.cargos_afetados.add(existente["cargo_id"])
        else:
            resumo.inscricoes_inalteradas += 1
    resumo.candidatos_criados = len(plano.candidatos_novos)
    resumo.candidatos_atualizados = len(plano.candidatos_alterados)
    resumo.inscricoes_criadas = len(plano.inscricoes_novas)
    resumo.inscricoes_atualizadas = len(plano.inscricoes_alteradas)
    return plano

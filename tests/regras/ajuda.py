"""Small builders shared by the engine tests."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from fractions import Fraction

from certames.regras import Candidato, Entrada, Parametros, Resultado, classificar
from certames.regras.regimes import (
    FEDERAL,
    PCD,
    PERMANECE_AC,
    Grupo,
    NaoConfirmacao,
    Regime,
    RegraPcd,
    Reversao,
)


def cand(
    inscricao: str,
    nota: object,
    *desempate: object,
    eliminado: bool = False,
    desistente: bool = False,
    fim_de_fila: bool = False,
    **listas: str,
) -> Candidato:
    """``cand("7", 80, PP="confirmada")``."""
    return Candidato(
        inscricao=inscricao,
        nota=nota,  # type: ignore[arg-type]
        desempate=tuple(desempate),  # type: ignore[arg-type]
        listas=dict(listas),
        eliminado=eliminado,
        desistente=desistente,
        fim_de_fila=fim_de_fila,
    )


def ampla(n: int, nota_max: int = 100, prefixo: str = "A") -> list[Candidato]:
    """``n`` non-optant candidates with notas nota_max, nota_max-1, ..."""
    return [cand(f"{prefixo}{i:03d}", nota_max - i) for i in range(n)]


def rodar(
    regime: str,
    vagas: int,
    candidatos: Iterable[Candidato],
    parametros: Parametros | None = None,
) -> Resultado:
    return classificar(Entrada(regime, vagas, tuple(candidatos), parametros))


def ocupantes(resultado: Resultado) -> dict[str, tuple[str, str]]:
    """inscricao -> (vaga, lista) of every filled slot."""
    return {o.inscricao: (o.vaga, o.lista) for o in resultado.vagas_preenchidas}


def inscricoes(resultado: Resultado, lista: str) -> list[str]:
    return [c.inscricao for c in resultado.listas[lista]]


def regime_um_grupo(
    percentual: Fraction, limiar: Fraction, minimo: int, pcd: RegraPcd | None = None
) -> Regime:
    """A regime with one racial group "PP" (a regime is data: no new code path)."""
    return replace(
        FEDERAL,
        id="teste",
        grupos=(Grupo("PP", "teste", percentual, "teste"),),
        limiar_arredondamento=limiar,
        minimo_vagas=minimo,
        pcd=pcd or RegraPcd(Fraction(0), None, "sem PcD"),
        nao_confirmacao=(
            NaoConfirmacao("PP", PERMANECE_AC, "teste", (PERMANECE_AC,)),
            NaoConfirmacao(PCD, PERMANECE_AC, "teste", (PERMANECE_AC,)),
        ),
        reversoes=(
            Reversao("PP", "teste", (), "teste"),
            Reversao(PCD, "teste", (), "teste"),
        ),
        apenas_maior_percentual=False,
    )

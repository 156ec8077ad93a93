"""Documentary proof of indigenous and quilombola condition, and the PcD medical report:
which documents each regime accepts for each reserved list, with the article, and what the
edital may change (``Certame.parametros["documentos"]``).

A rule is data (``procedimentos.RegraDocumental``, held by the regime: ``Regime.documentos``):
documents required (all of them) and groups of alternatives (at least one document of each
group).

What the edital may do, per list (``parametros["documentos"][lista]``):

- ``alternativos_adicionais``: more ways to prove the condition, always as alternatives. They
  join the rule's group of alternatives; a rule with one required document and no group gets
  a group made of that document and the additions (Pirangi I: the community's declaration
  *or* an added document). A rule with several required documents and no group does not say
  what an addition replaces: the edital writes the whole rule instead (below).
- ``obrigatorios`` and ``alternativos`` (a list of groups): the edital's own rule, replacing
  the product's default, only where the law leaves the documents to the edital or to a
  regulation (``RegraDocumental.padrao``: Severínia art. 13, Pirangi art. 4º, II, the
  federal regime, the PcD report). Where the law names the documents (LC 22/2026, art. 4º)
  the edital only adds alternatives: it never removes what the law requires.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .erros import ErroParametro
from .procedimentos import TIPOS_DOCUMENTO, RegraDocumental, faltantes
from .regimes import REGIMES, Regime, regime_ou_none

__all__ = ["TIPOS", "RegraDocumental", "REGRAS", "regra_documental", "faltantes"]

#: Document types the product knows, with their names as the laws write them.
TIPOS: dict[str, str] = TIPOS_DOCUMENTO

#: The built-in regimes' rules by regime id and list (a view of ``Regime.documentos``).
REGRAS: dict[str, dict[str, RegraDocumental]] = {
    r.id: {d.lista: d for d in r.documentos} for r in REGIMES.values()
}

_ADICIONAIS = "alternativos_adicionais"
_SUBSTITUICAO = ("obrigatorios", "alternativos")


def _tipos(valor: Any, campo: str) -> tuple[str, ...]:
    if not isinstance(valor, list | tuple) or not all(isinstance(t, str) for t in valor):
        raise ErroParametro(campo, "esperada uma lista de tipos de documento")
    desconhecidos = [t for t in valor if t not in TIPOS]
    if desconhecidos:
        raise ErroParametro(campo, f"tipo de documento desconhecido: {', '.join(desconhecidos)}")
    return tuple(dict.fromkeys(valor))


def _substituir(lista: str, base: RegraDocumental | None,
                extensao: Mapping[str, Any]) -> RegraDocumental:
    """The edital's own rule (the law leaves the documents to the edital)."""
    campo = f"documentos.{lista}"
    obrigatorios = _tipos(extensao.get("obrigatorios") or [], f"{campo}.obrigatorios")
    grupos_brutos = extensao.get("alternativos") or []
    if not isinstance(grupos_brutos, list | tuple):
        raise ErroParametro(f"{campo}.alternativos",
                            "esperada uma lista de grupos (listas) de tipos de documento")
    grupos = []
    for i, grupo in enumerate(grupos_brutos):
        tipos = _tipos(grupo, f"{campo}.alternativos[{i}]")
        if not tipos:
            raise ErroParametro(f"{campo}.alternativos[{i}]", "grupo vazio")
        grupos.append(tipos)
    if not obrigatorios and not grupos:
        raise ErroParametro(campo, "a regra do edital deve pedir ao menos um documento "
                                   "(obrigatorios ou alternativos)")
    origem = base.delegacao if base is not None else "edital (parâmetro documentos)"
    return RegraDocumental(lista, obrigatorios, tuple(grupos),
                           f"{origem}: documentos definidos no edital")


def _acrescentar(regra: RegraDocumental, extras: tuple[str, ...], *,
                 editada: bool) -> RegraDocumental:
    """Add alternatives to a rule; they stay alternatives, never extra requirements."""
    campo = f"documentos.{regra.lista}.{_ADICIONAIS}"
    obrigatorios, grupos = regra.obrigatorios, list(regra.alternativos)
    if grupos:
        grupos[0] = tuple(dict.fromkeys((*grupos[0], *extras)))
    elif len(obrigatorios) == 1:
        if not (regra.padrao or editada):
            raise ErroParametro(campo, f"{regra.fundamento} exige {TIPOS[obrigatorios[0]]}; o "
                                       "edital não o torna alternativo")
        grupos = [tuple(dict.fromkeys((obrigatorios[0], *extras)))]
        obrigatorios = ()
    elif not obrigatorios:
        grupos = [extras]
    else:
        raise ErroParametro(campo, (
            f"a regra exige {len(obrigatorios)} documentos ({', '.join(obrigatorios)}) e não "
            "diz a qual deles a alternativa se refere: defina a regra do edital com "
            "obrigatorios e alternativos"))
    fundamento = regra.fundamento if editada else f"{regra.fundamento}; ampliado pelo edital"
    return RegraDocumental(regra.lista, obrigatorios, tuple(grupos), fundamento)


def regra_documental(regime: Regime | str, lista: str,
                     parametros: Mapping | None = None) -> RegraDocumental | None:
    """The rule for one list under the regime (or regime id), with the edital's setting
    applied (None: no documents)."""
    dados = regime_ou_none(regime)
    base = dados.documento(lista) if dados is not None else None
    extensao = ((parametros or {}).get("documentos") or {}).get(lista)
    if not extensao:
        return base
    if not isinstance(extensao, Mapping):
        raise ErroParametro(f"documentos.{lista}", "esperado um objeto")
    substitui = base is None or base.padrao
    permitidas = {_ADICIONAIS, *(_SUBSTITUICAO if substitui else ())}
    outras = sorted(set(extensao) - permitidas)
    if outras:
        dica = ("o edital só acrescenta documentos alternativos: alternativos_adicionais"
                if not substitui else
                "chaves: obrigatorios, alternativos, alternativos_adicionais")
        raise ErroParametro(f"documentos.{lista}",
                            f"chave desconhecida: {', '.join(map(str, outras))} ({dica})")
    editada = any(chave in extensao for chave in _SUBSTITUICAO)
    regra = _substituir(lista, base, extensao) if editada else base
    extras = _tipos(extensao.get(_ADICIONAIS) or [], f"documentos.{lista}.{_ADICIONAIS}")
    if not extras:
        return regra
    if regra is None:
        return RegraDocumental(lista, (), (extras,), "edital (parâmetro documentos)")
    return _acrescentar(regra, extras, editada=editada)

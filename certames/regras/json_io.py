"""The JSON contract of the engine (other tools depend on it exactly).

Input::

    {"regime": "pirangi-lei3056-2025", "vagas": 17,
     "parametros": {"limiar_arredondamento": "0.7", "arredondamento_conjunto": false,
                    "regra_pcd": {"percentual": "5", "limite": "20"},
                    "efeito_nao_confirmacao": {"PP": "permanece_ac"}},
     "candidatos": [
       {"inscricao": "000123", "nota": "87.5", "desempate": ["1", "45.5"],
        "listas": {"PP": "confirmada", "PCD": "pendente"},
        "eliminado": false, "desistente": false, "fim_de_fila": false}],
     "chamados": [
       {"inscricao": "000123", "vaga": "PP", "lista": "PP", "situacao": "ocupada"}]}

Numbers (``nota``, ``desempate``, thresholds, percentages) are JSON numbers or decimal
strings ("87.5" or "87,5"); a JSON number is read through its decimal text, never through
binary float math. Percentages are percent numbers ("5" = 5%); the rounding threshold is a
fraction of one ("0.7"). ``parametros``, ``desempate``, ``listas``, ``eliminado``,
``desistente``, ``fim_de_fila``, ``chamados`` and ``distribuicao`` are optional. Unknown keys
are refused (a typo must not be silently ignored).

``chamados`` (spec section 7) are the cargo's calls already made, in call order: the slot
type (``vaga``), the list the candidate was called from (``lista``, default ``vaga``) and
what became of the call (``situacao``: ``ocupada``, the default; ``sem_efeito``, the act
made void, the candidate out of every list; ``fim_de_fila``, the candidate granted fim de
fila, last in every list and callable again; ``anulada``, the nomeação annulled after a fraud
or falsity procedure, spec section 9: the call stays in the history, the candidate out of
every list, a reserved seat called again from its own group). A call is occupied unless its
candidate is desistente or eliminado (or out of every list for another reason) or its
``situacao`` is not ``ocupada``. ``fim_de_fila`` on a candidate: ranks after every candidate
who did not ask for it, in every list (spec section 5).

``distribuicao`` (spec section 4.1, item 4) is the cargo's split drawn on the whole
edital (``manage.py distribuir_edital``), e.g. ``{"AC": 6, "PP": 2, "I": 0, "Q": 0,
"PCD": 0}``: it replaces section 4's per-cargo split as ``r_g(N)`` in sections 6 and 7 (a
list left out counts 0; the counts add up to ``vagas``; the regime's ``base_reserva``, after
``parametros``, must be ``edital``). ``parametros`` also takes ``base_reserva`` and
``base_reserva_pcd`` (``"cargo"`` or ``"edital"``, within what the regime allows).

A cargo in phases (spec section 10) gives ``"fases": [{"codigo": "P1", "nota_minima": "50",
"peso": "1", "corte": {"AC": 40, "PP": 12}}, ...]`` and each candidate ``"notas": {"P1":
"72.5", "P2": "ausente"}`` instead of ``nota`` (the final score is computed). ``parametros``
also takes ``optantes_todas_as_fases`` (true/false; false is refused where the law gives the
guarantee) and ``ordem_convocacao`` (spec section 7: ``{"PPI": {"posicoes": [2, 5, 8],
"depois_a_cada": 3}}``). With phases the output adds ``aguardando_nota`` (inscrições admitted
to a phase and not scored yet) and ``fases``: per phase, each candidate who took it with
``nota``, ``parcial``, ``resultado`` (aprovado, eliminado_nota_minima, ausente,
nao_admitido_corte, aguardando_nota) and ``rota`` (AC, a list, garantia; null without a
cut-off), plus ``fundamento`` with ``completo``.

Output (``resultado_para_json``)::

    {"regime": "...", "vagas": 17,
     "distribuicao": {"AC": 12, "PP": 3, "I": 1, "Q": 0, "PCD": 1},
     "listas": {"AC": ["000123", ...], "PP": [...], "I": [...], "Q": [...], "PCD": [...]},
     "vagas_preenchidas": [{"inscricao": "000123", "vaga": "PP", "lista": "AC",
                            "fundamento": "..."}, ...],
     "convocacao": [{"posicao": 1, "vaga": "AC", "inscricao": "000123"}, ...]}

``vagas_preenchidas`` is in fill order (AC slots in rank order, then each reserved type in
the regime's order): section 6's slots (slot type, source list). ``convocacao`` is section
7's order: the position where each occupant is called, whose type (``vaga``) may differ from
the slot's; each source list's occupants are called in the order of their rank in that list
(step 5, no preterição). ``completo=True`` adds the explanation of the split, the sub judice
flags, the excluded candidates, removals from reserved lists, empty slots, the detailed call
order and ``explicacao_convocacao``: one entry per position, ``{"posicao": 2,
"lista": "AC", "posicao_lista": 2, "fundamento": "vaga reservada PPI não preenchida pela
lista PPI: revertida à ampla concorrência, 2º da lista AC, observada a ordem de
classificação — Lei 3.057/2026, art. 16"}`` (where the occupant came from and why, with the
regime's citation; ``posicao_lista``, the occupant's rank in ``lista``, is null for a
position of the history or an empty one). The keys of ``convocacao`` and of
``convocacao_detalhada`` are unchanged.

When the input has ``chamados`` (even an empty list): ``convocacao`` repeats them at
positions 1..len(chamados) and continues after them; ``vagas_preenchidas`` lists the
occupied calls first (history order), then the new placements; ``devidos`` maps each
reserved group still owed to how many vacancies (``{}`` when none: it takes the next
vacancy that arises); with ``completo``, each ``convocacao_detalhada`` entry has
``situacao`` (a history position: ``ocupada``, ``sem_efeito``, ``fim_de_fila``, ``anulada``
or why its candidate left every list; a new one: ``rechamada`` or ``nova``). Without
``chamados`` the output has none of these keys.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any

from .aritmetica import formatar_decimal, ler_decimal, ler_fracao, ler_percentual
from .classificacao import Resultado
from .erros import ErroEntrada
from .fases import Fase
from .listas import chave_inscricao
from .modelos import (
    AUSENTE,
    ESTADOS,
    SITUACOES_CHAMADO,
    Candidato,
    Chamado,
    Entrada,
    validar_candidatos,
)
from .parametros import Parametros, aplicar_parametros
from .regimes import CODIGOS_RESERVA, OrdemGrupo, RegimeDesconhecido, RegraPcd, obter_regime

__all__ = ["ler_entrada", "ler_parametros", "resultado_para_json"]

_CAMPOS_ENTRADA = {
    "regime",
    "vagas",
    "parametros",
    "candidatos",
    "chamados",
    "distribuicao",
    "fases",
}
_CAMPOS_CANDIDATO = {
    "inscricao",
    "nota",
    "desempate",
    "listas",
    "eliminado",
    "desistente",
    "fim_de_fila",
    "notas",
}
_CAMPOS_FASE = {"codigo", "nome", "nota_minima", "peso", "corte"}
_CAMPOS_ORDEM = {"posicoes", "depois_a_cada"}
_CAMPOS_CHAMADO = {"inscricao", "vaga", "lista", "situacao"}
_CAMPOS_PARAMETROS = {
    "limiar_arredondamento",
    "arredondamento_conjunto",
    "regra_pcd",
    "efeito_nao_confirmacao",
    "base_reserva",
    "base_reserva_pcd",
    "optantes_todas_as_fases",
    "ordem_convocacao",
}


def _mostrar(valor: object) -> str:
    if isinstance(valor, str):
        return repr(valor)
    if isinstance(valor, bool):
        return "true" if valor else "false"
    if valor is None:
        return "null"
    if isinstance(valor, dict):
        return "um objeto"
    if isinstance(valor, list):
        return "uma lista"
    return str(valor)


def _desconhecidos(obj: Mapping[str, Any], permitidos: set[str], caminho: str) -> None:
    if obj.keys() <= permitidos:
        return
    extras = sorted(str(k) for k in obj if k not in permitidos)
    if extras:
        prefixo = f"{caminho}." if caminho else ""
        raise ErroEntrada(f"{prefixo}{extras[0]}: campo desconhecido")


def _numero(valor: object, caminho: str) -> Decimal:
    try:
        return ler_decimal(valor)
    except (ValueError, ArithmeticError):
        raise ErroEntrada(f"{caminho}: valor inválido {_mostrar(valor)}") from None


def _booleano(obj: Mapping[str, Any], campo: str, caminho: str) -> bool:
    valor = obj.get(campo, False)
    if not isinstance(valor, bool):
        raise ErroEntrada(f"{caminho}.{campo}: esperado true ou false, recebido {_mostrar(valor)}")
    return valor


def ler_parametros(obj: object) -> Parametros:
    """Edital settings from their JSON object (``None`` = none). Only parses and checks
    types; what the law forbids is checked against a regime by ``aplicar_parametros``
    (``ler_entrada`` does both). Raises ``ErroEntrada``."""
    if obj is None:
        return Parametros()
    if not isinstance(obj, dict):
        raise ErroEntrada(f"parametros: esperado um objeto, recebido {_mostrar(obj)}")
    _desconhecidos(obj, _CAMPOS_PARAMETROS, "parametros")
    limiar: Fraction | None = None
    if obj.get("limiar_arredondamento") is not None:
        v = obj["limiar_arredondamento"]
        try:
            limiar = ler_fracao(v)
        except (ValueError, ArithmeticError):
            raise ErroEntrada(
                f"parametros.limiar_arredondamento: valor inválido {_mostrar(v)}"
            ) from None
    conjunto = obj.get("arredondamento_conjunto")
    if conjunto is not None and not isinstance(conjunto, bool):
        raise ErroEntrada(
            "parametros.arredondamento_conjunto: esperado true ou false, recebido "
            + _mostrar(conjunto)
        )
    regra = _ler_regra_pcd(obj["regra_pcd"]) if obj.get("regra_pcd") is not None else None
    efeitos_obj = obj.get("efeito_nao_confirmacao") or {}
    if not isinstance(efeitos_obj, dict):
        raise ErroEntrada(
            "parametros.efeito_nao_confirmacao: esperado um objeto, recebido "
            + _mostrar(efeitos_obj)
        )
    for lista, efeito in efeitos_obj.items():
        if not isinstance(efeito, str):
            raise ErroEntrada(
                f"parametros.efeito_nao_confirmacao.{lista}: valor inválido {_mostrar(efeito)}"
            )
    bases: dict[str, str | None] = {}
    for campo in ("base_reserva", "base_reserva_pcd"):
        base = obj.get(campo)
        if base is not None and not isinstance(base, str):
            raise ErroEntrada(
                f"parametros.{campo}: esperado 'cargo' ou 'edital', recebido {_mostrar(base)}"
            )
        bases[campo] = base
    todas = obj.get("optantes_todas_as_fases")
    if todas is not None and not isinstance(todas, bool):
        raise ErroEntrada(
            "parametros.optantes_todas_as_fases: esperado true ou false, recebido "
            + _mostrar(todas)
        )
    return Parametros(
        optantes_todas_as_fases=todas,
        ordem_convocacao=_ler_ordem(obj.get("ordem_convocacao")),
        limiar_arredondamento=limiar,
        arredondamento_conjunto=conjunto,
        regra_pcd=regra,
        efeito_nao_confirmacao=dict(efeitos_obj),
        base_reserva=bases["base_reserva"],
        base_reserva_pcd=bases["base_reserva_pcd"],
    )


def _ler_regra_pcd(rp: object) -> RegraPcd:
    """The edital's PcD rule from its JSON object (percent numbers)."""
    if not isinstance(rp, dict):
        raise ErroEntrada(f"parametros.regra_pcd: esperado um objeto, recebido {_mostrar(rp)}")
    _desconhecidos(rp, {"percentual", "limite"}, "parametros.regra_pcd")
    if "percentual" not in rp:
        raise ErroEntrada("parametros.regra_pcd.percentual: campo obrigatório")
    try:
        percentual = ler_percentual(rp["percentual"])
    except (ValueError, ArithmeticError):
        raise ErroEntrada(
            f"parametros.regra_pcd.percentual: valor inválido {_mostrar(rp['percentual'])}"
        ) from None
    limite: Fraction | None = None
    if rp.get("limite") is not None:
        try:
            limite = ler_percentual(rp["limite"])
        except (ValueError, ArithmeticError):
            raise ErroEntrada(
                f"parametros.regra_pcd.limite: valor inválido {_mostrar(rp['limite'])}"
            ) from None
    return RegraPcd(percentual, limite, "", definida_em_lei=False)


def _ler_ordem(obj: object) -> tuple[OrdemGrupo, ...]:
    """The call order the edital states (spec section 7): group -> {"posicoes": [...],
    "depois_a_cada": n}. Only types here; the rules are ``parametros``'s."""
    if obj is None:
        return ()
    caminho = "parametros.ordem_convocacao"
    if not isinstance(obj, dict):
        raise ErroEntrada(f"{caminho}: esperado um objeto, recebido {_mostrar(obj)}")
    saida = []
    for grupo, o in obj.items():
        campo = f"{caminho}.{grupo}"
        if not isinstance(o, dict):
            raise ErroEntrada(f"{campo}: esperado um objeto, recebido {_mostrar(o)}")
        _desconhecidos(o, _CAMPOS_ORDEM, campo)
        posicoes = o.get("posicoes")
        if not isinstance(posicoes, list):
            raise ErroEntrada(
                f"{campo}.posicoes: esperado uma lista, recebido {_mostrar(posicoes)}"
            )
        for p in posicoes:
            if isinstance(p, bool) or not isinstance(p, int):
                raise ErroEntrada(f"{campo}.posicoes: esperado inteiros, recebido {_mostrar(p)}")
        d = o.get("depois_a_cada")
        if d is not None and (isinstance(d, bool) or not isinstance(d, int)):
            raise ErroEntrada(f"{campo}.depois_a_cada: esperado inteiro, recebido {_mostrar(d)}")
        saida.append(OrdemGrupo(str(grupo), tuple(posicoes), d))
    return tuple(saida)


def _ler_fases(obj: object) -> tuple[Fase, ...]:
    """The cargo's phases (spec section 10). Only types here; the rules (a cut-off with AC,
    not on the last phase, lists of the regime) are ``fases.validar_fases``'s."""
    if not isinstance(obj, list):
        raise ErroEntrada(f"fases: esperado uma lista, recebido {_mostrar(obj)}")
    fases = []
    for i, f in enumerate(obj):
        caminho = f"fases[{i}]"
        if not isinstance(f, dict):
            raise ErroEntrada(f"{caminho}: esperado um objeto, recebido {_mostrar(f)}")
        _desconhecidos(f, _CAMPOS_FASE, caminho)
        codigo = _texto(f, "codigo", caminho, True)
        nome = f.get("nome") or ""
        if not isinstance(nome, str):
            raise ErroEntrada(f"{caminho}.nome: valor inválido {_mostrar(nome)}")
        minima = (_numero(f["nota_minima"], f"{caminho}.nota_minima")
                  if f.get("nota_minima") is not None else None)
        peso = _numero(f["peso"], f"{caminho}.peso") if f.get("peso") is not None else Decimal(1)
        corte = f.get("corte")
        if corte is not None:
            if not isinstance(corte, dict):
                raise ErroEntrada(
                    f"{caminho}.corte: esperado um objeto, recebido {_mostrar(corte)}"
                )
            for lista, n in corte.items():
                if isinstance(n, bool) or not isinstance(n, int):
                    raise ErroEntrada(
                        f"{caminho}.corte.{lista}: esperado inteiro maior ou igual a 1, "
                        f"recebido {_mostrar(n)}"
                    )
            corte = {str(k): v for k, v in corte.items()}
        assert codigo is not None
        fases.append(Fase(codigo, minima, peso, corte, nome))
    return tuple(fases)


def _ler_notas(obj: object, caminho: str) -> dict[str, Decimal | str]:
    if not isinstance(obj, dict):
        raise ErroEntrada(f"{caminho}.notas: esperado um objeto, recebido {_mostrar(obj)}")
    notas: dict[str, Decimal | str] = {}
    for codigo, v in obj.items():
        notas[str(codigo)] = (
            AUSENTE if v == AUSENTE else _numero(v, f"{caminho}.notas.{codigo}")
        )
    return notas


#: Former private name, kept for callers that imported it.
_ler_parametros = ler_parametros


def _ler_candidato(obj: object, i: int, com_fases: bool = False) -> Candidato:
    # Hot path (100,000 candidates): error paths are built only when an error is found.
    if type(obj) is not dict:
        raise ErroEntrada(f"candidatos[{i}]: esperado um objeto, recebido {_mostrar(obj)}")
    caminho = f"candidatos[{i}]"
    if not obj.keys() <= _CAMPOS_CANDIDATO:
        _desconhecidos(obj, _CAMPOS_CANDIDATO, caminho)
    inscricao = obj.get("inscricao")
    if type(inscricao) is not str:
        if "inscricao" not in obj:
            raise ErroEntrada(f"{caminho}.inscricao: campo obrigatório")
        if isinstance(inscricao, int) and not isinstance(inscricao, bool):
            inscricao = str(inscricao)
    if not isinstance(inscricao, str) or not inscricao.strip():
        raise ErroEntrada(f"{caminho}.inscricao: valor inválido {_mostrar(obj['inscricao'])}")
    notas: dict[str, Decimal | str] | None = None
    if com_fases:
        if "nota" in obj:
            raise ErroEntrada(
                f"{caminho}.nota: o cargo tem fases; informe a nota de cada fase em “notas” "
                "(a nota final é calculada)"
            )
        notas = _ler_notas(obj.get("notas", {}), caminho)
        nota = Decimal(0)
    elif "notas" in obj:
        raise ErroEntrada(
            f"{caminho}.notas: a entrada não tem “fases”; informe a nota final em “nota”"
        )
    elif "nota" not in obj:
        raise ErroEntrada(f"{caminho}.nota: campo obrigatório")
    else:
        nota = _numero(obj["nota"], f"{caminho}.nota")
    desempate_obj = obj.get("desempate")
    if desempate_obj is None:
        desempate: tuple[Decimal, ...] = ()
    elif type(desempate_obj) is list:
        try:
            desempate = tuple(map(ler_decimal, desempate_obj))
        except (ValueError, ArithmeticError):
            for j, v in enumerate(desempate_obj):
                _numero(v, f"{caminho}.desempate[{j}]")
            raise  # pragma: no cover - the loop above raises
    else:
        raise ErroEntrada(
            f"{caminho}.desempate: esperado uma lista, recebido {_mostrar(desempate_obj)}"
        )
    listas_obj = obj.get("listas")
    if not listas_obj:
        if listas_obj is not None and type(listas_obj) is not dict:
            raise ErroEntrada(
                f"{caminho}.listas: esperado um objeto, recebido {_mostrar(listas_obj)}"
            )
        listas: dict[str, str] = {}
    elif type(listas_obj) is not dict:
        raise ErroEntrada(f"{caminho}.listas: esperado um objeto, recebido {_mostrar(listas_obj)}")
    else:
        for lista, estado in listas_obj.items():
            if lista not in CODIGOS_RESERVA:
                raise ErroEntrada(
                    f"{caminho}.listas.{lista}: lista desconhecida “{lista}” (use "
                    f"{', '.join(CODIGOS_RESERVA)})"
                )
            if not isinstance(estado, str) or estado not in ESTADOS:
                raise ErroEntrada(
                    f"{caminho}.listas.{lista}: estado inválido {_mostrar(estado)} (use "
                    "confirmada, pendente, nao_confirmada ou fraude)"
                )
        listas = dict(listas_obj)
    eliminado = obj.get("eliminado", False)
    desistente = obj.get("desistente", False)
    fim_de_fila = obj.get("fim_de_fila", False)
    if eliminado is not True and eliminado is not False:
        _booleano(obj, "eliminado", caminho)
    if desistente is not True and desistente is not False:
        _booleano(obj, "desistente", caminho)
    if fim_de_fila is not True and fim_de_fila is not False:
        _booleano(obj, "fim_de_fila", caminho)
    return Candidato(
        inscricao, nota, desempate, listas, eliminado, desistente, fim_de_fila, notas
    )


def _texto(obj: Mapping[str, Any], campo: str, caminho: str, obrigatorio: bool) -> str | None:
    if campo not in obj or (obj[campo] is None and not obrigatorio):
        if obrigatorio:
            raise ErroEntrada(f"{caminho}.{campo}: campo obrigatório")
        return None
    valor = obj[campo]
    if isinstance(valor, int) and not isinstance(valor, bool) and campo == "inscricao":
        valor = str(valor)  # as for candidatos[i].inscricao
    if not isinstance(valor, str) or not valor.strip():
        raise ErroEntrada(f"{caminho}.{campo}: valor inválido {_mostrar(valor)}")
    return valor


def _ler_chamados(obj: object) -> tuple[Chamado, ...]:
    """The calls already made (spec section 7). Only types are checked here; the checks
    against the regime and the candidates are the engine's (``classificar``)."""
    if not isinstance(obj, list):
        raise ErroEntrada(f"chamados: esperado uma lista, recebido {_mostrar(obj)}")
    chamados: list[Chamado] = []
    for i, ch in enumerate(obj):
        caminho = f"chamados[{i}]"
        if not isinstance(ch, dict):
            raise ErroEntrada(f"{caminho}: esperado um objeto, recebido {_mostrar(ch)}")
        _desconhecidos(ch, _CAMPOS_CHAMADO, caminho)
        inscricao = _texto(ch, "inscricao", caminho, True)
        vaga = _texto(ch, "vaga", caminho, True)
        lista = _texto(ch, "lista", caminho, False)
        situacao = _texto(ch, "situacao", caminho, False) or SITUACOES_CHAMADO[0]
        if situacao not in SITUACOES_CHAMADO:
            raise ErroEntrada(
                f"{caminho}.situacao: situação inválida {_mostrar(situacao)} (use ocupada, "
                "sem_efeito, fim_de_fila ou anulada)"
            )
        assert inscricao is not None and vaga is not None
        chamados.append(Chamado(inscricao, vaga, lista, situacao))
    return tuple(chamados)


def _ler_distribuicao(obj: object) -> dict[str, int]:
    """The cargo's drawn split (spec section 4.1, item 4): list code -> seats. Only types
    are checked here; the lists of the regime and the sum are checked by ``classificar``."""
    if not isinstance(obj, dict):
        raise ErroEntrada(f"distribuicao: esperado um objeto, recebido {_mostrar(obj)}")
    saida: dict[str, int] = {}
    for lista, n in obj.items():
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ErroEntrada(
                f"distribuicao.{lista}: esperado inteiro maior ou igual a 0, recebido "
                + _mostrar(n)
            )
        saida[str(lista)] = n
    return saida


def ler_entrada(obj: object) -> Entrada:
    """Validate a decoded JSON object and build an ``Entrada``.

    Raises ``ErroEntrada`` with a Portuguese message naming the field, e.g.
    ``candidatos[3].nota: valor inválido 'abc'``.
    """
    if not isinstance(obj, dict):
        raise ErroEntrada(f"entrada: esperado um objeto JSON, recebido {_mostrar(obj)}")
    _desconhecidos(obj, _CAMPOS_ENTRADA, "")
    if "regime" not in obj:
        raise ErroEntrada("regime: campo obrigatório")
    regime_id = obj["regime"]
    if not isinstance(regime_id, str):
        raise ErroEntrada(f"regime: valor inválido {_mostrar(regime_id)}")
    try:
        regime = obter_regime(regime_id)
    except RegimeDesconhecido as exc:
        raise ErroEntrada(f"regime: {exc}") from None
    if "vagas" not in obj:
        raise ErroEntrada("vagas: campo obrigatório")
    vagas = obj["vagas"]
    if isinstance(vagas, bool) or not isinstance(vagas, int) or vagas < 0:
        raise ErroEntrada(f"vagas: esperado inteiro maior ou igual a 0, recebido {_mostrar(vagas)}")
    parametros = ler_parametros(obj.get("parametros"))
    efetivo = aplicar_parametros(regime, parametros)
    if "candidatos" not in obj:
        raise ErroEntrada("candidatos: campo obrigatório")
    cands_obj = obj["candidatos"]
    if not isinstance(cands_obj, list):
        raise ErroEntrada(f"candidatos: esperado uma lista, recebido {_mostrar(cands_obj)}")
    fases = _ler_fases(obj["fases"]) if obj.get("fases") is not None else None
    candidatos = tuple(_ler_candidato(c, i, fases is not None) for i, c in enumerate(cands_obj))
    validar_candidatos(candidatos, efetivo)
    chamados = _ler_chamados(obj["chamados"]) if "chamados" in obj else None
    distribuicao = (
        _ler_distribuicao(obj["distribuicao"]) if obj.get("distribuicao") is not None else None
    )
    return Entrada(
        regime=regime_id,
        vagas=vagas,
        candidatos=candidatos,
        parametros=parametros,
        chamados=chamados,
        distribuicao=distribuicao,
        fases=fases,
    )


def _texto_decimal(d: Decimal | None) -> str | None:
    """An exact decimal as the contract writes it ("72.5", "100")."""
    if d is None:
        return None
    return format(d.normalize(), "f") if d else "0"


def _fases_para_json(resultado: Resultado, completo: bool) -> list[dict[str, Any]]:
    """Each phase's results (spec section 10): who took it, with score, partial score,
    outcome and route, best partial score first."""
    avaliacao = resultado.fases
    assert avaliacao is not None
    saida = []
    for fase in avaliacao.fases:
        linhas = sorted(
            avaliacao.resultados_da_fase(fase.codigo),
            key=lambda x: (x[1].parcial is None, -(x[1].parcial or 0), chave_inscricao(x[0])),
        )
        saida.append({
            "codigo": fase.codigo,
            "resultados": [
                {
                    "inscricao": inscricao,
                    "nota": AUSENTE if d.resultado == AUSENTE else _texto_decimal(d.nota),
                    "parcial": _texto_decimal(d.parcial),
                    "resultado": d.resultado,
                    "rota": d.rota,
                }
                | ({"fundamento": d.fundamento} if completo else {})
                for inscricao, d in linhas
            ],
        })
    return saida


def resultado_para_json(resultado: Resultado, completo: bool = False) -> dict[str, Any]:
    """The JSON contract's output object (see the module docstring)."""
    r = resultado.regime
    listas = resultado.listas
    saida: dict[str, Any] = {
        "regime": r.id,
        "vagas": resultado.vagas,
        "distribuicao": {lst: resultado.distribuicao[lst] for lst in r.listas_com_ac},
        "listas": {lst: [c.inscricao for c in listas[lst]] for lst in r.listas_com_ac},
        "vagas_preenchidas": [
            {"inscricao": o.inscricao, "vaga": o.vaga, "lista": o.lista, "fundamento": o.fundamento}
            for o in resultado.vagas_preenchidas
        ],
        "convocacao": [
            {"posicao": c.posicao, "vaga": c.vaga, "inscricao": c.inscricao}
            for c in resultado.convocacao
        ],
    }
    historico = resultado.chamados is not None
    if historico:
        saida["devidos"] = dict(resultado.devidos)
    if resultado.fases is not None:
        saida["aguardando_nota"] = list(resultado.fases.aguardando_nota)
        saida["fases"] = _fases_para_json(resultado, completo)
    if completo:
        saida["explicacao"] = resultado.distribuicao.explicacoes()
        saida["calculos"] = [
            {
                "lista": c.lista,
                "percentual": formatar_decimal(c.percentual * 100).replace(",", "."),
                "produto": f"{c.produto.numerator}/{c.produto.denominator}",
                "regra": c.regra,
                "resultado": c.resultado,
                "fundamento": c.fundamento,
                "texto": c.texto,
            }
            for c in resultado.distribuicao.calculos
        ]
        saida["sub_judice"] = {
            lst: [c.inscricao for c in listas[lst] if c.inscricao in listas.sub_judice[lst]]
            for lst in r.listas_com_ac
        }
        saida |= _exclusoes_para_json(listas)
        saida["vagas_vazias"] = {lst: resultado.vagas_vazias.get(lst, 0) for lst in r.listas_com_ac}
        saida["convocacao_detalhada"] = [
            {
                "posicao": c.posicao,
                "vaga": c.vaga,
                "inscricao": c.inscricao,
                "lista": c.lista,
                "sub_judice": c.sub_judice,
            }
            | ({"situacao": c.situacao} if historico else {})
            for c in resultado.convocacao
        ]
        saida["explicacao_convocacao"] = [
            {
                "posicao": c.posicao,
                "lista": c.lista,
                "posicao_lista": c.posicao_lista or None,
                "fundamento": c.fundamento,
            }
            for c in resultado.convocacao
        ]
    return saida


def _exclusoes_para_json(listas: Any) -> dict[str, Any]:
    """Who is in no list (with the reason and its basis) and who left one reserved list."""
    return {
        "excluidos": [
            {
                "inscricao": e.inscricao,
                "motivo": e.motivo,
                "lista": e.lista,
                "fundamento": e.fundamento,
            }
            for e in listas.excluidos
        ],
        "remocoes": [
            {
                "inscricao": m.inscricao,
                "lista": m.lista,
                "motivo": m.motivo,
                "fundamento": m.fundamento,
            }
            for m in listas.remocoes
        ],
    }

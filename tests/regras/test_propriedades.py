"""Property tests of the engine (regras-de-reserva.md, sections 4-7)."""

from collections import Counter
from decimal import Decimal
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from certames.regras import (
    REGIMES,
    Candidato,
    Entrada,
    Parametros,
    classificar,
    ler_entrada,
    resultado_para_json,
)
from certames.regras.modelos import ESTADOS

ESTADOS_ORD = sorted(ESTADOS)


def _parametros(regime_id: str) -> st.SearchStrategy[Parametros | None]:
    opcoes: list[Parametros | None] = [None, Parametros(arredondamento_conjunto=True)]
    if regime_id == "smbv-lc22-2026":
        opcoes.append(Parametros(efeito_nao_confirmacao={"PP": "permanece_ac"}))
    if regime_id == "severinia-lei3057-2026":
        opcoes.append(Parametros(limiar_arredondamento=Fraction(7, 10)))
    return st.sampled_from(opcoes)


inscricoes = st.one_of(
    st.integers(0, 300).map(str),
    st.integers(0, 300).map(lambda i: f"{i:04d}"),
    st.from_regex(r"[A-C]-[0-9]{1,2}", fullmatch=True),
)


@st.composite
def entradas(draw: st.DrawFn) -> Entrada:
    regime_id = draw(st.sampled_from(list(REGIMES)))
    regime = REGIMES[regime_id]
    n_desempate = draw(st.integers(0, 2))
    ids = draw(st.lists(inscricoes, max_size=45, unique=True))
    candidatos = []
    for inscricao in ids:
        candidatos.append(
            Candidato(
                inscricao=inscricao,
                # Half points from 0 to 10: plenty of ties.
                nota=Decimal(draw(st.integers(0, 20))) / 2,
                desempate=tuple(Decimal(draw(st.integers(0, 2))) for _ in range(n_desempate)),
                listas=draw(
                    st.dictionaries(
                        st.sampled_from(regime.listas),
                        st.sampled_from(ESTADOS_ORD + ["confirmada"] * 4 + ["pendente"]),
                        max_size=3,
                    )
                ),
                eliminado=draw(st.integers(0, 15)) == 0,
                desistente=draw(st.integers(0, 15)) == 0,
                fim_de_fila=draw(st.integers(0, 12)) == 0,
            )
        )
    vagas = draw(st.integers(0, 35))
    return Entrada(regime_id, vagas, tuple(candidatos), draw(_parametros(regime_id)))


def _chave_referencia(c: Candidato) -> tuple:
    """Independent ranking key (Fractions, plain ints): fim de fila last, nota desc,
    desempate desc, inscription asc (numeric if all digits)."""
    insc = (0, int(c.inscricao), c.inscricao) if c.inscricao.isdigit() else (1, 0, c.inscricao)
    return (c.fim_de_fila, -Fraction(c.nota), tuple(-Fraction(d) for d in c.desempate), insc)


@settings(max_examples=150, deadline=None)
@given(entradas())
def test_invariantes(entrada: Entrada) -> None:
    res = classificar(entrada)
    n = entrada.vagas
    dist = res.distribuicao
    geral = res.listas["AC"]
    ocup = res.vagas_preenchidas

    # The split sums to N.
    assert sum(dist.contagens.values()) == n

    # Every list is a total order consistent with the ranking.
    posicao = {c.inscricao: i for i, c in enumerate(geral)}
    assert list(geral) == sorted(geral, key=_chave_referencia)
    for lista in res.regime.listas:
        membros = res.listas[lista]
        assert all(m.inscricao in posicao for m in membros)  # every optant is in AC
        assert [posicao[m.inscricao] for m in membros] == sorted(
            posicao[m.inscricao] for m in membros
        )

    # Nobody holds two slots; filled slots never exceed N nor the candidates.
    ocupantes = [o.inscricao for o in ocup]
    assert len(ocupantes) == len(set(ocupantes))
    assert len(ocup) <= n and len(ocup) <= len(geral)
    # Every slot falls back to AC, which holds every eligible candidate.
    assert len(ocup) == min(n, len(geral))
    por_tipo = Counter(o.vaga for o in ocup)
    for tipo, quantos in por_tipo.items():
        assert quantos <= dist[tipo]
        assert dist[tipo] - quantos == res.vagas_vazias[tipo]

    # AC slots hold exactly the top of the general list.
    ac = [o.inscricao for o in ocup if o.vaga == "AC"]
    assert ac == [c.inscricao for c in geral[: dist["AC"]]]

    # A reserved slot's occupant comes from its own list, its chain, or AC.
    for o in ocup:
        if o.vaga != "AC":
            permitidas = {o.vaga, "AC"} | {p.lista for p in res.regime.reversao(o.vaga).cadeia}
            assert o.lista in permitidas
            assert any(c.inscricao == o.inscricao for c in res.listas[o.lista])

    # Call order: positions 1..N, exactly the split's counts, each occupant once.
    conv = res.convocacao
    assert [c.posicao for c in conv] == list(range(1, n + 1))
    assert Counter(c.vaga for c in conv) == Counter({k: v for k, v in dist.contagens.items() if v})
    chamados = [c.inscricao for c in conv if c.inscricao is not None]
    assert sorted(chamados) == sorted(ocupantes)
    # Within one source list, the occupants are called in that list's order (spec v3,
    # section 7, step 5: no preterição); within one type, the empty positions are its
    # empty slots.
    for lista in res.regime.listas_com_ac:
        ordem_lista = {c.inscricao: i for i, c in enumerate(res.listas[lista])}
        seq = [ordem_lista[c.inscricao] for c in conv if c.lista == lista and c.inscricao]
        assert seq == sorted(seq)
    for tipo in dist.contagens:
        vazias = [c for c in conv if c.vaga == tipo and c.inscricao is None]
        assert len(vazias) == res.vagas_vazias[tipo]

    # Federal: at most one racial list per candidate (Decreto 12.536/2025).
    if res.regime.apenas_maior_percentual:
        raciais = Counter(c.inscricao for g in res.regime.grupos for c in res.listas[g.codigo])
        assert all(v == 1 for v in raciais.values())

    # Excluded candidates are in no list.
    fora = {e.inscricao for e in res.excluidos}
    assert not fora & set(posicao)
    assert len(fora) + len(geral) == len(entrada.candidatos)


def _como_json(entrada: Entrada) -> dict:
    return {
        "regime": entrada.regime,
        "vagas": entrada.vagas,
        "candidatos": [
            {
                "inscricao": c.inscricao,
                "nota": str(c.nota),
                "desempate": [str(d) for d in c.desempate],
                "listas": dict(c.listas),
                "eliminado": c.eliminado,
                "desistente": c.desistente,
                "fim_de_fila": c.fim_de_fila,
            }
            for c in entrada.candidatos
        ],
    }


@settings(max_examples=40, deadline=None)
@given(entradas())
def test_json_ida_e_volta(entrada: Entrada) -> None:
    """The JSON reader yields the same result as the Python entry point."""
    entrada = Entrada(entrada.regime, entrada.vagas, entrada.candidatos)
    via_json = resultado_para_json(classificar(ler_entrada(_como_json(entrada))))
    direto = resultado_para_json(classificar(entrada))
    assert via_json == direto
    assert list(direto["distribuicao"]) == ["AC", *REGIMES[entrada.regime].listas]
    assert len(direto["convocacao"]) == entrada.vagas

"""Phases, minimum scores, cut-offs and the optants' guarantee (spec section 10), through the
JSON contract, with numbers worked by hand from the articles.

The cargo (Pirangi, Lei 3.056/2025): 4 vacancies, PP arred(0.6) = 1, I arred(0.12) = 0,
Q arred(0.08) = 0, PcD floor(0.2) = 0 (teto 1 > 20% of 4), AC 3. Phase P1 (objective,
minimum 50) cuts at AC 4 and PP 1; P2 (discursive, minimum 50, weight 2) is the last.
"""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command

from certames.regras import ErroEntrada, classificar, ler_entrada, resultado_para_json

FASES = [
    {"codigo": "P1", "nota_minima": "50", "corte": {"AC": 4, "PP": 1}},
    {"codigo": "P2", "nota_minima": "50", "peso": "2"},
]


def _candidatos(pp6: str = "pendente") -> list[dict]:
    return [
        {"inscricao": "1", "notas": {"P1": "90", "P2": "80"}},
        {"inscricao": "2", "notas": {"P1": "85", "P2": "70"}},
        {"inscricao": "3", "notas": {"P1": "80", "P2": "60"}},
        {"inscricao": "4", "notas": {"P1": "75", "P2": "ausente"}},
        {"inscricao": "5", "notas": {"P1": "75", "P2": "90"}},
        {"inscricao": "6", "notas": {"P1": "70", "P2": "99"}, "listas": {"PP": pp6}},
        {"inscricao": "7", "notas": {"P1": "65", "P2": "95"}, "listas": {"PP": "pendente"}},
        {"inscricao": "8", "notas": {"P1": "60"}, "listas": {"PP": "pendente"}},
        {"inscricao": "9", "notas": {"P1": "40"}, "listas": {"PP": "pendente"}},
        {"inscricao": "10", "notas": {"P1": "69"}},
    ]


def _rodar(regime="pirangi-lei3056-2025", fases=None, candidatos=None, parametros=None,
           vagas=4, completo=True):
    entrada = {"regime": regime, "vagas": vagas, "fases": fases or FASES,
               "candidatos": candidatos or _candidatos()}
    if parametros:
        entrada["parametros"] = parametros
    return resultado_para_json(classificar(ler_entrada(entrada)), completo=completo)


def _fase(saida, codigo):
    fase = next(f for f in saida["fases"] if f["codigo"] == codigo)
    return {r["inscricao"]: (r["resultado"], r["rota"]) for r in fase["resultados"]}


def test_rotas_da_primeira_fase_corte_empate_e_garantia():
    """P1: 9 is below the minimum; of the survivors by partial score 90, 85, 80, 75, 75, 70,
    69, 65, 60 the AC cut of 4 reaches 75 and takes both tied at it (4 and 5); the PP cut of
    1 takes the best PP survivor (6, 70); 7 and 8 go on by the guarantee (Lei 3.056/2025,
    art. 9º); 10 (69) by no route."""
    saida = _rodar()
    assert _fase(saida, "P1") == {
        "1": ("aprovado", "AC"), "2": ("aprovado", "AC"), "3": ("aprovado", "AC"),
        "4": ("aprovado", "AC"), "5": ("aprovado", "AC"), "6": ("aprovado", "PP"),
        "10": ("nao_admitido_corte", None), "7": ("aprovado", "garantia"),
        "8": ("aprovado", "garantia"), "9": ("eliminado_nota_minima", None),
    }
    fundamento = next(r["fundamento"] for r in saida["fases"][0]["resultados"]
                      if r["inscricao"] == "7")
    assert fundamento == "Lei 3.056/2025, art. 9º"


def test_listas_finais_com_nota_ponderada_e_quem_aguarda_nota():
    """Final score P1 + 2 x P2: 6 = 70 + 198 = 268; 5 = 75 + 180 = 255; 7 = 65 + 190 = 255
    (tie: inscrição 5 first); 1 = 250; 2 = 225; 3 = 200. 4 was absent in P2; 8 has no P2
    score yet: awaiting it, out of the lists and named."""
    saida = _rodar()
    assert saida["listas"]["AC"] == ["6", "5", "7", "1", "2", "3"]
    assert saida["listas"]["PP"] == ["6", "7"]
    assert saida["aguardando_nota"] == ["8"]
    assert _fase(saida, "P2") == {
        "6": ("aprovado", None), "5": ("aprovado", None), "7": ("aprovado", None),
        "1": ("aprovado", None), "2": ("aprovado", None), "3": ("aprovado", None),
        "4": ("ausente", None), "8": ("aguardando_nota", None),
    }
    p2 = {r["inscricao"]: (r["nota"], r["parcial"]) for r in saida["fases"][1]["resultados"]}
    assert p2["6"] == ("99", "268") and p2["4"] == ("ausente", None)
    excluidos = {e["inscricao"]: e["motivo"] for e in saida["excluidos"]}
    assert excluidos == {"4": "ausente", "8": "aguardando_nota", "9": "eliminado_nota_minima",
                         "10": "nao_admitido_corte"}
    # AC 3: 6, 5, 7 (optants approved in AC, not counted in the reserve); the PP seat finds
    # no PP candidate left and reverts to AC: 1.
    assert [(o["inscricao"], o["vaga"], o["lista"]) for o in saida["vagas_preenchidas"]] == [
        ("6", "AC", "AC"), ("5", "AC", "AC"), ("7", "AC", "AC"), ("1", "PP", "AC")]


def test_nao_confirmado_que_so_passou_pela_reserva_sai_de_todas_as_listas():
    """6 non-confirmed (final): in P1 they are read as they are now, not in PP, so only the
    AC route is theirs, and 70 is below the AC cut (75): out of every list, with Lei
    3.056/2025, art. 6º, §2º ("desde que possuam, em cada fase anterior ... pontuação
    suficiente"). The PP cut now takes 7 (65)."""
    saida = _rodar(candidatos=_candidatos(pp6="nao_confirmada"))
    p1 = _fase(saida, "P1")
    assert p1["6"] == ("nao_admitido_corte", None)
    assert p1["7"] == ("aprovado", "PP")
    assert saida["listas"]["AC"] == ["5", "7", "1", "2", "3"]
    assert saida["listas"]["PP"] == ["7"]
    exclusao = next(e for e in saida["excluidos"] if e["inscricao"] == "6")
    assert exclusao["motivo"] == "nao_admitido_corte"
    assert exclusao["lista"] == "PP"
    assert exclusao["fundamento"].endswith("Lei 3.056/2025, art. 6º, §2º")


def test_nao_confirmado_dentro_do_corte_da_ac_segue_na_ac():
    """An optant admitted by AC's own cut keeps AC after a non-confirmation (art. 6º, §2º):
    1 (90) is within the AC cut."""
    candidatos = _candidatos()
    candidatos[0] = {**candidatos[0], "listas": {"PP": "nao_confirmada"}}
    saida = _rodar(candidatos=candidatos)
    assert _fase(saida, "P1")["1"] == ("aprovado", "AC")
    assert "1" in saida["listas"]["AC"] and "1" not in saida["listas"]["PP"]


def test_sem_garantia_a_vaga_liberada_no_corte_admite_o_proximo_que_aguarda_nota():
    """Severínia does not guarantee every phase (Lei 3.057/2026, art. 14, III): with a PPI
    cut of 1 only the best PPI survivor goes on. When that one (6) is non-confirmed, the cut
    admits the next (7), whom the banca has not scored in P2 yet: awaiting a score."""
    candidatos = [
        {**c, "listas": {"PPI": e} if (e := (c.get("listas") or {}).get("PP")) else {}}
        for c in _candidatos()
    ]
    candidatos[6] = {**candidatos[6], "notas": {"P1": "65"}}
    fases = [{**FASES[0], "corte": {"AC": 4, "PPI": 1}}, FASES[1]]
    antes = _rodar("severinia-lei3057-2026", fases, candidatos, vagas=4)
    assert _fase(antes, "P1")["7"] == ("nao_admitido_corte", None)
    assert antes["aguardando_nota"] == []
    candidatos[5] = {**candidatos[5], "listas": {"PPI": "nao_confirmada"}}
    depois = _rodar("severinia-lei3057-2026", fases, candidatos, vagas=4)
    assert _fase(depois, "P1")["7"] == ("aprovado", "PPI")
    assert _fase(depois, "P2")["7"] == ("aguardando_nota", None)
    assert depois["aguardando_nota"] == ["7"]


def test_o_edital_pode_dar_a_garantia_onde_a_lei_cala():
    candidatos = [
        {**c, "listas": {"PPI": e} if (e := (c.get("listas") or {}).get("PP")) else {}}
        for c in _candidatos()
    ]
    fases = [{**FASES[0], "corte": {"AC": 4}}, FASES[1]]
    sem = _rodar("severinia-lei3057-2026", fases, candidatos)
    com = _rodar("severinia-lei3057-2026", fases, candidatos,
                 parametros={"optantes_todas_as_fases": True})
    assert _fase(sem, "P1")["6"] == ("nao_admitido_corte", None)
    assert _fase(com, "P1")["6"] == ("aprovado", "garantia")


def test_fase_sem_corte_admite_todos_os_que_atingem_a_minima():
    fases = [{"codigo": "P1", "nota_minima": "50"}, {"codigo": "P2"}]
    saida = _rodar(fases=fases)
    p1 = _fase(saida, "P1")
    assert p1["10"] == ("aprovado", None) and p1["9"] == ("eliminado_nota_minima", None)
    assert sorted(saida["aguardando_nota"], key=int) == ["8", "10"]


def test_fase_de_peso_zero_so_elimina():
    """A phase of weight 0 (e.g. a physical test) eliminates below its minimum and adds
    nothing to the score."""
    fases = [{"codigo": "P1"}, {"codigo": "TAF", "peso": "0", "nota_minima": "1"}]
    candidatos = [
        {"inscricao": "1", "notas": {"P1": "80", "TAF": "10"}},
        {"inscricao": "2", "notas": {"P1": "90", "TAF": "0"}},
        {"inscricao": "3", "notas": {"P1": "70", "TAF": "1"}},
    ]
    saida = _rodar(fases=fases, candidatos=candidatos, vagas=2)
    assert saida["listas"]["AC"] == ["1", "3"]
    parciais = {r["inscricao"]: r["parcial"] for r in saida["fases"][1]["resultados"]}
    assert parciais == {"1": "80", "3": "70", "2": None}


def test_regimes_mostram_a_garantia():
    saida = io.StringIO()
    call_command("regimes", stdout=saida)
    garantias = {r["id"]: r["optantes_todas_as_fases"] for r in json.loads(saida.getvalue())}
    assert garantias["pirangi-lei3056-2025"] == {
        "padrao": True, "definido_em_lei": True, "fundamento": "Lei 3.056/2025, art. 9º"}
    assert garantias["federal-lei15142-2025"]["padrao"] is True
    assert garantias["severinia-lei3057-2026"]["padrao"] is False
    assert garantias["severinia-lei3057-2026"]["definido_em_lei"] is False
    assert garantias["smbv-lc22-2026"]["padrao"] is False


@pytest.mark.parametrize(("mudanca", "mensagem"), [
    ({"fases": [{"codigo": "P1", "corte": {"PP": 3}}, {"codigo": "P2"}]},
     "fases[0].corte.AC: obrigatório"),
    ({"fases": [{"codigo": "P1", "corte": {"AC": 0}}, {"codigo": "P2"}]},
     "fases[0].corte.AC: esperado inteiro maior ou igual a 1"),
    ({"fases": [{"codigo": "P1"}, {"codigo": "P2", "corte": {"AC": 3}}]},
     "fases[1].corte: a última fase não tem nota de corte"),
    ({"fases": [{"codigo": "P1", "corte": {"AC": 3, "PPI": 1}}, {"codigo": "P2"}]},
     "fases[0].corte.PPI: a lista “PPI” não existe no regime pirangi-lei3056-2025"),
    ({"fases": [{"codigo": "P1"}, {"codigo": "P1"}]}, "fases[1].codigo: fase “P1” repetida"),
    ({"fases": []}, "fases: informe ao menos uma fase"),
    ({"parametros": {"optantes_todas_as_fases": False}},
     "parametros.optantes_todas_as_fases: o regime pirangi-lei3056-2025 garante aos optantes "
     "a participação em todas as fases (Lei 3.056/2025, art. 9º)"),
    ({"candidatos": [{"inscricao": "1", "nota": "80"}]},
     "candidatos[0].nota: o cargo tem fases"),
    ({"candidatos": [{"inscricao": "1", "notas": {"P9": "80"}}]},
     "candidatos[0].notas.P9: a fase “P9” não existe"),
    ({"candidatos": [{"inscricao": "1", "notas": {"P1": "abc"}}]},
     "candidatos[0].notas.P1: valor inválido"),
])
def test_entradas_malformadas_sao_recusadas(mudanca, mensagem):
    entrada = {"regime": "pirangi-lei3056-2025", "vagas": 4, "fases": FASES,
               "candidatos": _candidatos()} | mudanca
    with pytest.raises(ErroEntrada) as exc:
        classificar(ler_entrada(entrada))
    assert str(exc.value).startswith(mensagem), str(exc.value)


def test_notas_sem_fases_sao_recusadas():
    with pytest.raises(ErroEntrada) as exc:
        ler_entrada({"regime": "pirangi-lei3056-2025", "vagas": 4,
                     "candidatos": [{"inscricao": "1", "notas": {"P1": "1"}}]})
    assert str(exc.value).startswith("candidatos[0].notas: a entrada não tem “fases”")


def test_comando_sai_com_2_para_fase_malformada(tmp_path):
    arquivo = tmp_path / "e.json"
    arquivo.write_text(json.dumps({
        "regime": "pirangi-lei3056-2025", "vagas": 4,
        "fases": [{"codigo": "P1"}, {"codigo": "P2", "corte": {"AC": 2}}],
        "candidatos": []}), encoding="utf-8")
    erro = io.StringIO()
    with pytest.raises(SystemExit) as exc:
        call_command("classificar", str(arquivo), stdout=io.StringIO(), stderr=erro)
    assert exc.value.code == 2
    assert "fases[1].corte: a última fase não tem nota de corte" in erro.getvalue()


def test_sem_fases_a_saida_nao_muda():
    """A cargo without phases: one phase, the candidates' nota (spec section 10, last
    sentence): no phase keys in the output."""
    saida = resultado_para_json(classificar(ler_entrada({
        "regime": "pirangi-lei3056-2025", "vagas": 2,
        "candidatos": [{"inscricao": "1", "nota": "9"}, {"inscricao": "2", "nota": "8"}]})))
    assert "fases" not in saida and "aguardando_nota" not in saida
    assert saida["listas"]["AC"] == ["1", "2"]

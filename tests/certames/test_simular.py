"""RH's "simular edital" page: split, explanations, call order, edital settings, access."""

import dataclasses
import hashlib
import html
import json
from fractions import Fraction

import pytest
from django.urls import reverse

from certames import regras
from classificacao.simulador import simular_edital

pytestmark = pytest.mark.django_db

URL = "/rh/simular/"
SMBV = "smbv-lc22-2026"
PIRANGI = "pirangi-lei3056-2025"
SEVERINIA = "severinia-lei3057-2026"


@pytest.fixture
def cliente_rh(client, rh):
    client.force_login(rh)
    return client


def _simular(cliente, **dados):
    resposta = cliente.get(URL, dados)
    assert resposta.status_code == 200
    return resposta


def _contagens(resposta):
    return {linha["lista"]: linha["vagas"] for linha in resposta.context["resultado"]["linhas"]}


def _posicoes(resposta):
    return {g["lista"]: g["posicoes"] for g in resposta.context["resultado"]["posicoes_por_lista"]}


def _texto(resposta):
    return html.unescape(resposta.content.decode())


def test_url_nomeada():
    assert reverse("painel:simular") == URL


def test_smbv_30_vagas_distribuicao_explicada(cliente_rh):
    # LC 22/2026: PP 25% de 30 = 7,5 -> 7 (fração < 0,7, art. 1º §2º); I 1,5 -> 1;
    # PcD teto(1,5) = 2 <= 10% de 30 (art. 6º §1º); AC 20.
    resposta = _simular(cliente_rh, regime=SMBV, vagas=30)
    assert _contagens(resposta) == {"AC": 20, "PP": 7, "I": 1, "PCD": 2}
    texto = _texto(resposta)
    assert "PP: 25% de 30 = 7,5 → 7, fração 0,5 menor que 0,7 — LC 22/2026, art. 1º, §2º" in texto
    assert "I: 5% de 30 = 1,5 → 1, fração 0,5 menor que 0,7" in texto
    assert "AC: 30 − 7 − 1 − 2 = 20" in texto
    # Legal basis of each percentage.
    linhas = {linha["lista"]: linha for linha in resposta.context["resultado"]["linhas"]}
    assert linhas["PP"]["fundamento_percentual"] == "LC 22/2026, art. 1º, I"
    assert linhas["PCD"]["fundamento"] == "LC 22/2026, art. 6º, §1º"


def test_smbv_30_vagas_ordem_de_convocacao(cliente_rh):
    resposta = _simular(cliente_rh, regime=SMBV, vagas=30)
    ordem = [c["vaga"] for c in resposta.context["resultado"]["ordem"]]
    assert tuple(ordem) == regras.ordem_convocacao(30, SMBV)
    posicoes = {lista: [n for n, t in enumerate(ordem, start=1) if t == lista]
                for lista in ("PP", "I", "PCD")}
    # Spec section 7: SMBV gives PP at 3, 7, 11, 15, ..., I at 14, PcD at 10, 21.
    assert posicoes == {"PP": [3, 7, 11, 15, 19, 23, 27], "I": [14], "PCD": [10, 21]}
    assert len(ordem) == 30 and ordem.count("AC") == 20
    linhas = _posicoes(resposta)
    assert linhas == {"PP": "3ª, 7ª, 11ª, 15ª, 19ª, 23ª, 27ª", "I": "14ª", "PCD": "10ª, 21ª"}
    assert "3ª, 7ª, 11ª, 15ª, 19ª, 23ª, 27ª" in _texto(resposta)


def test_pirangi_17_vagas(cliente_rh):
    # Lei 3.056/2025: PP 2,55 -> 3, I 0,51 -> 1, Q 0,34 -> 0 (art. 8º §1º); PcD federal default 1.
    resposta = _simular(cliente_rh, regime=PIRANGI, vagas=17)
    assert _contagens(resposta) == {"AC": 12, "PP": 3, "I": 1, "Q": 0, "PCD": 1}
    linhas = _posicoes(resposta)
    assert linhas["Q"] == ""
    assert "Q: 2% de 17 = 0,34 → 0, fração 0,34 menor que 0,5" in _texto(resposta)


def test_sem_parametros_mostra_simulacao_inicial(cliente_rh):
    resposta = _simular(cliente_rh)
    assert resposta.context["form"].cleaned_data["regime"] == SMBV
    assert _contagens(resposta) == {"AC": 20, "PP": 7, "I": 1, "PCD": 2}


def test_severinia_limiar_do_edital(cliente_rh):
    # Lei 3.057/2026 is silent on rounding: default 0,5 gives PPI arred(30% de 5 = 1,5) = 2;
    # an edital threshold of 0,7 gives 1.
    assert _contagens(_simular(cliente_rh, regime=SEVERINIA, vagas=5))["PPI"] == 2
    resposta = _simular(cliente_rh, regime=SEVERINIA, vagas=5, limiar_arredondamento="0.7")
    assert _contagens(resposta) == {"AC": 3, "PPI": 1, "PCD": 1}
    assert json.loads(resposta.context["resultado"]["parametros_json"]) == {
        "limiar_arredondamento": "0.7"}


def test_pirangi_regra_pcd_do_edital(cliente_rh):
    # Pirangi does not regulate PcD: an edital 10% without cap gives teto(1,7) = 2 of 17.
    resposta = _simular(cliente_rh, regime=PIRANGI, vagas=17, pcd_percentual="10")
    assert _contagens(resposta)["PCD"] == 2
    assert json.loads(resposta.context["resultado"]["parametros_json"]) == {
        "regra_pcd": {"percentual": "10"}}
    # Decimal comma accepted (pt-BR), with a cap.
    resposta = _simular(cliente_rh, regime=PIRANGI, vagas=17, pcd_percentual="7,5",
                        pcd_limite="5")
    # teto(1,275) = 2 > 5% de 17 = 0,85 -> floor(1,275) = 1.
    assert _contagens(resposta)["PCD"] == 1
    assert json.loads(resposta.context["resultado"]["parametros_json"]) == {
        "regra_pcd": {"percentual": "7.5", "limite": "5"}}


def test_smbv_proibe_alterar_arredondamento(cliente_rh):
    resposta = _simular(cliente_rh, regime=SMBV, vagas=30, limiar_arredondamento="0.5")
    assert resposta.context["resultado"] is None
    mensagem = (
        "O regime smbv-lc22-2026 fixa o arredondamento em lei (LC 22/2026, art. 1º, §2º: fração "
        "igual ou maior que 0,7); o edital não pode alterá-lo")
    assert resposta.context["form"].errors == {"limiar_arredondamento": [mensagem]}
    assert mensagem in _texto(resposta)


def test_reservas_acima_das_vagas(cliente_rh):
    # Pirangi N=17 with an edital PcD of 80%, no cap: 3 + 1 + 0 + teto(13,6) = 18 > 17.
    resposta = _simular(cliente_rh, regime=PIRANGI, vagas=17, pcd_percentual="80")
    assert resposta.context["resultado"] is None
    assert resposta.context["form"].errors == {"pcd_percentual": [
        "As reservas (18) excedem as 17 vagas; revise os parâmetros"]}
    # Percentages above 100% in total are refused by the engine too.
    resposta = _simular(cliente_rh, regime=PIRANGI, vagas=17, pcd_percentual="100")
    assert resposta.context["form"].errors == {"pcd_percentual": [
        "Parâmetros incompatíveis: pirangi-lei3056-2025: percentuais somam mais de 100%"]}


def test_efeito_da_nao_confirmacao(cliente_rh):
    # SMBV lets the edital choose "stays in AC" for PP (art. 3º §3º) ...
    resposta = _simular(cliente_rh, regime=SMBV, vagas=30, nao_confirmacao_PP="permanece_ac")
    efeitos = {n["lista"]: n["efeito"] for n in resposta.context["resultado"]["nao_confirmacao"]}
    assert efeitos["PP"] == "permanece na ampla concorrência"
    # ... but a PcD non-confirmation never eliminates.
    resposta = _simular(cliente_rh, regime=SMBV, vagas=30, nao_confirmacao_PCD="elimina")
    assert resposta.context["form"].errors == {"nao_confirmacao_PCD": [
        "A não confirmação da condição de PcD nunca elimina: o candidato segue na ampla "
        "concorrência"]}
    # A list the regime does not have.
    resposta = _simular(cliente_rh, regime=SMBV, vagas=30, nao_confirmacao_Q="permanece_ac")
    assert resposta.context["form"].errors == {"nao_confirmacao_Q": [
        "A lista “Q” não existe no regime smbv-lc22-2026 (listas: PP, I, PCD)"]}


def test_entradas_invalidas_no_formulario(cliente_rh):
    resposta = _simular(cliente_rh, regime=SMBV, vagas=0)
    assert list(resposta.context["form"].errors) == ["vagas"]
    assert resposta.context["resultado"] is None
    resposta = _simular(cliente_rh, regime=SMBV, vagas=1001)
    assert list(resposta.context["form"].errors) == ["vagas"]
    resposta = _simular(cliente_rh, regime="inexistente", vagas=10)
    assert list(resposta.context["form"].errors) == ["regime"]
    resposta = _simular(cliente_rh, regime=PIRANGI, vagas=10, pcd_limite="20")
    assert resposta.context["form"].errors == {"pcd_percentual": [
        "Informe o percentual da reserva PcD para usar um limite."]}
    resposta = _simular(cliente_rh, regime=PIRANGI, vagas=10, pcd_percentual="abc",
                        pcd_limite="20")
    assert list(resposta.context["form"].errors["pcd_percentual"]) == ["Informe um número."]


def test_mil_vagas(cliente_rh):
    resposta = _simular(cliente_rh, regime=SMBV, vagas=1000)
    dist = regras.distribuir(1000, SMBV)
    assert _contagens(resposta) == dist.contagens
    assert len(resposta.context["resultado"]["ordem"]) == 1000


def test_htmx_atualiza_o_resultado(cliente_rh):
    pagina = _texto(_simular(cliente_rh))
    assert 'hx-get="/rh/simular/"' in pagina
    assert 'hx-target="#simulador"' in pagina
    assert 'method="get"' in pagina
    resposta = cliente_rh.get(URL, {"regime": PIRANGI, "vagas": 17}, HTTP_HX_REQUEST="true")
    assert resposta.status_code == 200
    assert 'id="simulador"' in resposta.content.decode()
    assert _contagens(resposta) == {"AC": 12, "PP": 3, "I": 1, "Q": 0, "PCD": 1}


def test_link_no_painel(cliente_rh):
    assert 'href="/rh/simular/"' in cliente_rh.get(reverse("painel:painel")).content.decode()


def test_anonimo_vai_para_o_login(client):
    resposta = client.get(URL, {"regime": SMBV, "vagas": 30})
    assert resposta.status_code == 302
    assert resposta["Location"].startswith(reverse("login"))


@pytest.mark.parametrize("usuario", ["candidato_user", "membro_comissao", "estranho"])
def test_so_rh_acessa(client, request, usuario):
    client.force_login(request.getfixturevalue(usuario))
    assert client.get(URL).status_code == 403


# -- whole edital (spec section 4.1) ---------------------------------------

SEMENTE = "2027-03-12 Loteria Federal 46213"
#: Spec 4.1's worked example: C00..C09 of 1 vacancy and PROF of 10, N_E = 20.
CARGOS_41 = "\n".join(f"C{i:02d};1" for i in range(10)) + "\nPROF 10\n"


def _edital(cliente, **dados):
    return _simular(cliente, modo="edital", **dados)


def _totais(resposta):
    return {linha["lista"]: linha["total"]
            for linha in resposta.context["resultado"]["edital"]["totais"]}


def test_edital_exemplo_41_totais_e_sorteio(cliente_rh):
    # Pirangi (base edital by default, Lei 3.056/2025, art. 1º §1º): N_E = 20,
    # R_PP = arred(3,0) = 3, R_I = arred(0,6) = 1, R_Q = arred(0,4) = 0; PcD per cargo: PROF
    # teto(0,5) = 1, each 1-vacancy cargo teto(0,05) = 1 > 20% de 1 -> 0. AC 20 - 5 = 15.
    resposta = _edital(cliente_rh, regime=PIRANGI, cargos=CARGOS_41, semente=SEMENTE)
    assert _totais(resposta) == {"AC": 15, "PP": 3, "I": 1, "Q": 0, "PCD": 1}
    edital = resposta.context["resultado"]["edital"]
    linhas = {linha["lista"]: linha for linha in edital["totais"]}
    # Automatic part: PROF floor(10 × 15%) = 1 PP; nothing else. Drawn: PP 2, I 1.
    assert {lst: (linhas[lst]["automaticas"], linhas[lst]["a_sortear"])
            for lst in ("PP", "I", "Q")} == {"PP": (1, 2), "I": (0, 1), "Q": (0, 0)}
    assert linhas["PCD"]["automaticas"] is None
    texto = _texto(resposta)
    assert "PP: 15% de 20 = 3 → 3" in texto
    assert "I: 3% de 20 = 0,6 → 1, fração 0,6 igual ou maior que 0,5" in texto
    assert "Q: 2% de 20 = 0,4 → 0, fração 0,4 menor que 0,5" in texto
    assert "AC: 20 − 3 − 1 − 0 − 1 = 15" in texto
    # The draw equals the engine's, and the spec's published winners.
    esperado = regras.distribuir_edital(
        PIRANGI, SEMENTE, [regras.CargoEdital(f"C{i:02d}", 1) for i in range(10)]
        + [regras.CargoEdital("PROF", 10)])
    sorteio = [(s["grupo"], s["ordem"], s["codigo"], s["vaga"], s["sha256"], s["bilhetes"])
               for s in edital["sorteio"]]
    assert sorteio == [(s.grupo, s.ordem, s.codigo, s.vaga, s.sha256, s.bilhetes)
                       for s in esperado.sorteio]
    assert [(g, k, c, j) for g, k, c, j, _d, _b in sorteio] == [
        ("PP", 1, "PROF", 6), ("PP", 2, "PROF", 5), ("I", 1, "C03", 1)]
    # 18 free vacancies in the first draw (PROF j = 3..10 and one per other cargo), then 17, 16.
    assert [b for *_r, b in sorteio] == [18, 17, 16]
    for s in esperado.sorteio:
        assert s.sha256 in texto
    bilhete = f"{SEMENTE}|I|1|C03|1"
    assert bilhete in texto
    assert hashlib.sha256(bilhete.encode()).hexdigest() == esperado.sorteio[2].sha256
    assert f"printf '%s' '{SEMENTE}|PP|1|PROF|6' | sha256sum" in texto
    # Each cargo's split, in the columns AC, PP, I, Q, PCD.
    assert edital["colunas"] == ["AC", "PP", "I", "Q", "PCD"]
    por_cargo = {c["codigo"]: c["distribuicao"] for c in edital["cargos"]}
    assert por_cargo["PROF"] == [6, 3, 0, 0, 1]
    assert por_cargo["C03"] == [0, 0, 1, 0, 0]
    assert por_cargo["C00"] == [1, 0, 0, 0, 0]
    assert {c.codigo: [c.distribuicao[lst] for lst in edital["colunas"]]
            for c in esperado.cargos} == por_cargo
    prof = next(c for c in edital["cargos"] if c["codigo"] == "PROF")
    assert (prof["automaticas"], prof["sorteadas"], prof["fixas"]) == (
        "PP 1, I 0, Q 0", "PP 2", "PCD 1")
    # The PcD count of PROF explained on its own 10 vacancies.
    assert prof["explicacoes"] == [
        "PCD: 5% de 10 = 0,5 → 1, arredondado para cima, sem ultrapassar 20% de 10 = 2 — "
        + regras.obter_regime(PIRANGI).pcd.fundamento]


def test_edital_sem_semente_nao_sorteia(cliente_rh):
    resposta = _edital(cliente_rh, regime=PIRANGI, cargos=CARGOS_41)
    edital = resposta.context["resultado"]["edital"]
    assert edital["aviso"] == ("Informe a semente para ver o sorteio: sem ela só se conhecem "
                               "os totais do edital e a parte automática de cada cargo.")
    assert edital["sorteio"] == []
    assert _totais(resposta) == {"AC": 15, "PP": 3, "I": 1, "Q": 0, "PCD": 1}
    # The automatic parts do not depend on the seed: the engine's, for any seed.
    com_semente = regras.distribuir_edital(
        PIRANGI, "qualquer", [regras.CargoEdital(f"C{i:02d}", 1) for i in range(10)]
        + [regras.CargoEdital("PROF", 10)])
    assert [c["automaticas"] for c in edital["cargos"]] == [
        ", ".join(f"{g} {n}" for g, n in c.automaticas.items()) for c in com_semente.cargos]
    assert all(c["distribuicao"] is None for c in edital["cargos"])
    assert "informe a semente para ver o sorteio" in _texto(resposta).lower()
    assert 'id="sorteio-edital"' not in resposta.content.decode()


def test_edital_base_por_cargo_sem_sorteio(cliente_rh):
    # Pirangi may choose the cargo base: each cargo is section 4 on its own n_c.
    # PROF 10: PP 1,5 -> 2, I 0,3 -> 0, Q 0,2 -> 0, PcD 1, AC 7; 1-vacancy cargos: below the
    # minimum (art. 8º), all AC.
    resposta = _edital(cliente_rh, regime=PIRANGI, cargos=CARGOS_41, semente=SEMENTE,
                       base_reserva="cargo")
    edital = resposta.context["resultado"]["edital"]
    assert edital["aviso"].startswith("Base por cargo: não há sorteio.")
    assert edital["sorteio"] == []
    por_cargo = {c["codigo"]: c["distribuicao"] for c in edital["cargos"]}
    assert por_cargo["PROF"] == [7, 2, 0, 0, 1]
    assert por_cargo["C05"] == [1, 0, 0, 0, 0]
    assert _totais(resposta) == {"AC": 17, "PP": 2, "I": 0, "Q": 0, "PCD": 1}
    for cargo in edital["cargos"]:
        assert cargo["distribuicao"] == [
            regras.distribuir(cargo["vagas"], PIRANGI).contagens[lst]
            for lst in edital["colunas"]]


def test_edital_severinia_recusa_base_edital(cliente_rh):
    resposta = _edital(cliente_rh, regime=SEVERINIA, cargos="A;10\nB;5",
                       base_reserva="edital", semente=SEMENTE)
    assert resposta.context["resultado"] is None
    regime = regras.obter_regime(SEVERINIA)
    mensagem = ("O regime severinia-lei3057-2026 não admite a base “edital” (a totalidade das "
                f"vagas do edital): {regime.fundamento_base_reserva}")
    assert "art. 8º, §3º" in mensagem
    assert resposta.context["form"].errors == {"base_reserva": [mensagem]}
    assert mensagem in _texto(resposta)


def test_edital_severinia_padrao_por_cargo(cliente_rh):
    # Severínia's default is the cargo (art. 8º §3º): A 10 -> PPI 3; B 5 -> PPI arred(1,5) = 2.
    resposta = _edital(cliente_rh, regime=SEVERINIA, cargos="A;10\nB;5", semente=SEMENTE)
    edital = resposta.context["resultado"]["edital"]
    assert edital["sorteio"] == []
    assert edital["aviso"].startswith("Base por cargo: não há sorteio.")
    assert {c["codigo"]: dict(zip(edital["colunas"], c["distribuicao"], strict=True))
            for c in edital["cargos"]} == {
        "A": regras.distribuir(10, SEVERINIA).contagens,
        "B": regras.distribuir(5, SEVERINIA).contagens,
    }
    assert _totais(resposta)["PPI"] == 3 + 2


def test_edital_erros_por_linha(cliente_rh):
    cargos = "\n".join([
        "PROF;10",       # 1 ok
        "PROFª;3",       # 2 non-ASCII
        "PROF;2",        # 3 repeated
        "MED;0",         # 4 zero
        "ENF;dois",      # 5 not a number
        "",              # 6 blank: skipped
        "A B 3",         # 7 three parts
        "X;1001",        # 8 above the cap per cargo
        "Y;-2",          # 9 negative
    ])
    resposta = _edital(cliente_rh, regime=PIRANGI, cargos=cargos, semente=SEMENTE)
    assert resposta.context["resultado"] is None
    assert resposta.context["form"].errors == {"cargos": [
        "Linha 2: o código “PROFª” tem caracteres fora do ASCII visível; use letras sem "
        "acento, dígitos e sinais, sem espaços.",
        "Linha 3: o código “PROF” repete o da linha 1.",
        "Linha 4: as vagas devem ser um número inteiro maior que zero (recebido “0”).",
        "Linha 5: as vagas devem ser um número inteiro maior que zero (recebido “dois”).",
        "Linha 7: use CÓDIGO;VAGAS (por exemplo, PROF;10).",
        "Linha 8: no máximo 1000 vagas por cargo.",
        "Linha 9: as vagas devem ser um número inteiro maior que zero (recebido “-2”).",
    ]}
    texto = _texto(resposta)
    assert "Linha 3: o código “PROF” repete o da linha 1." in texto


def test_edital_limites(cliente_rh):
    muitos = "\n".join(f"C{i};1" for i in range(501))
    resposta = _edital(cliente_rh, regime=PIRANGI, cargos=muitos)
    assert resposta.context["form"].errors == {"cargos": [
        "No máximo 500 cargos por simulação (informados: 501)."]}
    resposta = _edital(cliente_rh, regime=PIRANGI, cargos="A;600\nB;401")
    assert resposta.context["form"].errors == {"cargos": [
        "Os cargos somam 1001 vagas; o simulador aceita até 1000 vagas no edital."]}
    erros = "\n".join(f"C{i};x" for i in range(12))
    mensagens = _edital(cliente_rh, regime=PIRANGI, cargos=erros).context["form"].errors[
        "cargos"]
    assert len(mensagens) == 11
    assert mensagens[-1] == "… e mais 2 linha(s) com erro."
    # A huge number is an error, never a crash.
    resposta = _edital(cliente_rh, regime=PIRANGI, cargos="A;" + "9" * 5000)
    assert resposta.context["form"].errors == {"cargos": [
        "Linha 1: no máximo 1000 vagas por cargo."]}


def test_edital_sem_cargos_pede_os_cargos(cliente_rh):
    resposta = _edital(cliente_rh, regime=PIRANGI)
    assert resposta.context["form"].errors == {}
    assert resposta.context["resultado"] is None
    assert "Informe os cargos do edital, um por linha" in _texto(resposta)


def test_edital_escapa_o_que_foi_digitado(cliente_rh):
    semente = '<script>alert("x")</script>'
    resposta = _edital(cliente_rh, regime=PIRANGI, cargos="<b>;2\nPROF;10", semente=semente)
    pagina = resposta.content.decode()
    assert "<script>alert" not in pagina
    assert "<b>" not in pagina
    assert "&lt;script&gt;" in pagina
    assert resposta.context["resultado"]["edital"]["cargos"][0]["codigo"] == "<b>"
    # A seed with a quote gets no shell command (it would need quoting).
    resposta = _edital(cliente_rh, regime=PIRANGI, cargos=CARGOS_41, semente="a'b")
    assert resposta.context["resultado"]["edital"]["conferencia"] == ""


def test_edital_pcd_na_base_do_edital(cliente_rh):
    # Pirangi allows PcD on the edital base: R_PCD = teto(5% de 20) = 1; no cargo gets an
    # automatic PcD seat (floor(10 × 5%) = 0), so PcD is drawn after PP and I.
    resposta = _edital(cliente_rh, regime=PIRANGI, cargos=CARGOS_41, semente=SEMENTE,
                       base_reserva_pcd="edital")
    edital = resposta.context["resultado"]["edital"]
    esperado = regras.distribuir_edital(
        PIRANGI, SEMENTE, [regras.CargoEdital(f"C{i:02d}", 1) for i in range(10)]
        + [regras.CargoEdital("PROF", 10)],
        regras.ler_parametros({"base_reserva_pcd": "edital"}))
    assert [(s["grupo"], s["ordem"], s["codigo"], s["vaga"]) for s in edital["sorteio"]] == [
        (s.grupo, s.ordem, s.codigo, s.vaga) for s in esperado.sorteio]
    assert [s["grupo"] for s in edital["sorteio"]] == ["PP", "PP", "I", "PCD"]
    assert _totais(resposta) == dict(esperado.totais)
    assert _totais(resposta)["PCD"] == 1


def test_edital_link_compartilhavel_e_troca_de_modo(cliente_rh):
    resposta = _edital(cliente_rh, regime=PIRANGI, cargos=CARGOS_41, semente=SEMENTE)
    pagina = resposta.content.decode()
    assert 'name="cargos"' in pagina and 'name="semente"' in pagina
    # One cargo's N travels hidden: the edital's total when none was typed.
    assert '<input type="hidden" name="vagas" value="20">' in pagina
    assert 'id="id_vagas"' not in pagina
    resposta = _edital(cliente_rh, regime=PIRANGI, cargos=CARGOS_41, vagas="abc")
    assert resposta.context["form"].errors == {}
    assert '<input type="hidden" name="vagas" value="abc">' in resposta.content.decode()
    # Back to one cargo: the edital's inputs ride along as hidden fields.
    resposta = _simular(cliente_rh, regime=PIRANGI, vagas=17, cargos="PROF;10",
                        semente=SEMENTE)
    pagina = resposta.content.decode()
    assert 'type="hidden" name="cargos" value="PROF;10"' in pagina
    assert _contagens(resposta) == {"AC": 12, "PP": 3, "I": 1, "Q": 0, "PCD": 1}


def test_simular_edital_retiradas_no_arredondamento_conjunto():
    # The engine's README example: PP 2%, I 2%, Q 14%, joint rounding, one cargo of 36:
    # T = arred(18% de 36 = 6,48) = 6; quotas 0,667 / 0,667 / 4,667 -> Q gets 4, but its
    # automatic part is floor(36 × 14%) = floor(5,04) = 5: one automatic Q seat is withdrawn
    # by draw (spec 4.1, product default), published under `retiradas`.
    base = regras.obter_regime(PIRANGI)
    regime = dataclasses.replace(base, arredondamento_conjunto=True, grupos=tuple(
        dataclasses.replace(g, percentual=Fraction(p, 100))
        for g, p in zip(base.grupos, (2, 2, 14), strict=True)))
    edital = simular_edital(regime, SEMENTE, [regras.CargoEdital("A", 36)])
    esperado = regras.distribuir_edital(regime, SEMENTE, [regras.CargoEdital("A", 36)])
    assert [(r["grupo"], r["ordem"], r["codigo"], r["vaga"], r["sha256"])
            for r in edital["retiradas"]] == [
        (r.grupo, r.ordem, r.codigo, r.vaga, r.sha256) for r in esperado.retiradas]
    assert [r["grupo"] for r in edital["retiradas"]] == ["Q"]
    assert edital["retiradas"][0]["bilhete"] == (
        f"{SEMENTE}|Q|-1|A|{esperado.retiradas[0].vaga}")
    linhas = {linha["lista"]: linha for linha in edital["totais"]}
    assert linhas["Q"]["total"] == 4
    # Net automatic seats (5 - 1 withdrawn) and nothing left to draw for Q.
    assert (linhas["Q"]["automaticas"], linhas["Q"]["a_sortear"]) == (4, 0)
    assert edital["cargos"][0]["automaticas"] == "PP 0, I 0, Q 4"
    assert dict(zip(edital["colunas"], edital["cargos"][0]["distribuicao"], strict=True)) == (
        dict(esperado.cargos[0].distribuicao))

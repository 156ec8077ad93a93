"""RH's "simular edital" page: split, explanations, call order, edital settings, access."""

import html
import json

import pytest
from django.urls import reverse

from certames import regras

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

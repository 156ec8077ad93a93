"""Vacancy split (regras-de-reserva.md, section 4, and its appendix)."""

from fractions import Fraction

import pytest

from certames.regras import ErroParametro, Parametros, RegraPcd, distribuir, obter_regime
from certames.regras.distribuicao import contagens
from certames.regras.parametros import aplicar_parametros
from certames.regras.regimes import ELIMINA, PERMANECE_AC

from .apendice import APENDICE

SMBV = "smbv-lc22-2026"
SEV = "severinia-lei3057-2026"
PIR = "pirangi-lei3056-2025"
FED = "federal-lei15142-2025"


@pytest.mark.parametrize(
    ("regime", "n", "esperado"),
    [
        # SMBV N=30: PP 7,5 -> 7 (LC 22/2026, art. 1º, §2º), I 1,5 -> 1,
        # PcD teto(1,5) = 2 <= 3 (art. 6º, §1º), AC 20.
        (SMBV, 30, {"AC": 20, "PP": 7, "I": 1, "PCD": 2}),
        # SMBV N=14: PP 3,5 -> 3, I 0,7 -> 1, PcD 1, AC 9.
        (SMBV, 14, {"AC": 9, "PP": 3, "I": 1, "PCD": 1}),
        # Pirangi N=10: PP 1,5 -> 2 (Lei 3.056/2025, art. 8º, §1º), PcD 1 (federal default).
        (PIR, 10, {"AC": 7, "PP": 2, "I": 0, "Q": 0, "PCD": 1}),
        # Pirangi N=17: PP 2,55 -> 3, I 0,51 -> 1, Q 0,34 -> 0, PcD 1, AC 12.
        (PIR, 17, {"AC": 12, "PP": 3, "I": 1, "Q": 0, "PCD": 1}),
        # Pirangi N=3: PP 0,45 -> 0.
        (PIR, 3, {"AC": 3, "PP": 0, "I": 0, "Q": 0, "PCD": 0}),
        # Federal N=2: PP 0,5 -> 1 (Lei 15.142/2025, art. 5º and §2º), PcD 0 (teto(0,1) = 1
        # above 20% of 2 = 0,4: floor), AC 1.
        (FED, 2, {"AC": 1, "PP": 1, "I": 0, "Q": 0, "PCD": 0}),
        # Below the minimum of 2 vacancies (Lei 3.056/2025, art. 8º), nothing is reserved.
        (PIR, 1, {"AC": 1, "PP": 0, "I": 0, "Q": 0, "PCD": 0}),
        (FED, 1, {"AC": 1, "PP": 0, "I": 0, "Q": 0, "PCD": 0}),
        (SMBV, 0, {"AC": 0, "PP": 0, "I": 0, "PCD": 0}),
    ],
)
def test_exemplos_da_especificacao(regime, n, esperado):
    d = distribuir(n, regime)
    assert d.contagens == esperado
    assert list(d.contagens) == list(obter_regime(regime).listas_com_ac)


CASOS_APENDICE = [
    (regime, n, colunas, linha)
    for regime, (colunas, tabela) in APENDICE.items()
    for n, linha in tabela.items()
]


@pytest.mark.parametrize(("regime", "n", "colunas", "linha"), CASOS_APENDICE)
def test_apendice(regime, n, colunas, linha):
    """The appendix table of the spec, N = 1..40, regime defaults."""
    d = distribuir(n, regime)
    assert tuple(d[c] for c in colunas) == linha
    assert sum(linha) == n


def test_apendice_completo():
    assert sorted(APENDICE) == sorted([SMBV, SEV, PIR, FED])
    for colunas, tabela in APENDICE.values():
        assert sorted(tabela) == list(range(1, 41))
        assert colunas[0] == "AC" and colunas[-1] == "PCD"


@pytest.mark.parametrize(
    "parametros",
    [
        None,
        Parametros(limiar_arredondamento=Fraction(7, 10)),
        Parametros(arredondamento_conjunto=True),
        Parametros(regra_pcd=RegraPcd(Fraction(10, 100), None)),
    ],
)
@pytest.mark.parametrize("regime", [SMBV, SEV, PIR, FED])
def test_caminho_inteiro_igual_ao_fracionario(regime, parametros):
    """``contagens`` (integer math, used by the call order) equals ``distribuir``."""
    base = obter_regime(regime)
    try:
        r = aplicar_parametros(base, parametros)
    except ErroParametro:
        return
    for n in range(0, 301):
        d = distribuir(n, r)
        assert contagens(n, r) == tuple(d[lst] for lst in r.listas), n


@pytest.mark.parametrize(
    ("regime", "n", "texto"),
    [
        (SMBV, 30, "PP: 25% de 30 = 7,5 → 7, fração 0,5 menor que 0,7 — LC 22/2026, art. 1º, §2º"),
        (
            SMBV,
            14,
            "I: 5% de 14 = 0,7 → 1, fração 0,7 igual ou maior que 0,7 — LC 22/2026, art. 1º, §2º",
        ),
        (SMBV, 40, "PP: 25% de 40 = 10 → 10 — LC 22/2026, art. 1º, I"),
        (
            PIR,
            17,
            "PP: 15% de 17 = 2,55 → 3, fração 0,55 igual ou maior que 0,5 "
            "— Lei 3.056/2025, art. 8º, §1º",
        ),
        (
            PIR,
            1,
            "PP: 15% de 1 = 0,15 → 0, reserva aplicada só com 2 vagas ou mais "
            "— Lei 3.056/2025, art. 8º",
        ),
        (
            SMBV,
            30,
            "PCD: 5% de 30 = 1,5 → 2, arredondado para cima, sem ultrapassar 10% de 30 = 3 "
            "— LC 22/2026, art. 6º, §1º",
        ),
        (
            SMBV,
            4,
            "PCD: 5% de 4 = 0,2 → 0, arredondar para cima daria 1, acima de 10% de 4 = 0,4 "
            "— LC 22/2026, art. 6º, §1º",
        ),
        (
            FED,
            40,
            "PCD: 5% de 40 = 2 → 2 "
            "— Decreto 9.508/2018, art. 1º, §3º; Lei 8.112/1990, art. 5º, §2º",
        ),
    ],
)
def test_explicacao(regime, n, texto):
    assert texto in distribuir(n, regime).explicacoes()


def test_explicacao_ac_e_calculo():
    d = distribuir(30, SMBV)
    assert d.texto_ac == "AC: 30 − 7 − 1 − 2 = 20"
    c = d.calculo("PP")
    assert (c.percentual, c.produto, c.resultado, c.limiar) == (
        Fraction(1, 4),
        Fraction(15, 2),
        7,
        Fraction(7, 10),
    )
    assert c.fundamento_percentual == "LC 22/2026, art. 1º, I"
    assert d.reservadas == 10 and d.ac == 20


# --- edital settings (parametros do edital) -------------------------------------------


def test_severinia_limiar_do_edital():
    """Lei 3.057/2026 is silent on rounding: the edital may use 0,7."""
    p = Parametros(limiar_arredondamento=Fraction(7, 10))
    assert distribuir(5, SEV, p)["PPI"] == 1  # 1,5 -> 1 (default 0,5 gives 2)
    assert distribuir(5, SEV)["PPI"] == 2
    assert distribuir(9, SEV, p)["PPI"] == 3  # 2,7 -> 3
    assert distribuir(12, SEV, p)["PPI"] == 3  # 3,6 -> 3
    assert "edital" in distribuir(5, SEV, p).calculo("PPI").fundamento


@pytest.mark.parametrize(
    ("regime", "citacao"),
    [
        (SMBV, "LC 22/2026, art. 1º, §2º: fração igual ou maior que 0,7"),
        (PIR, "Lei 3.056/2025, art. 8º, §1º: fração igual ou maior que 0,5"),
        (FED, "Lei 15.142/2025, art. 5º, §2º: fração igual ou maior que 0,5"),
    ],
)
def test_limiar_fixado_em_lei_nao_pode_mudar(regime, citacao):
    with pytest.raises(ErroParametro) as exc:
        distribuir(10, regime, Parametros(limiar_arredondamento=Fraction(1, 3)))
    assert str(exc.value) == (
        f"parametros.limiar_arredondamento: o regime {regime} fixa o arredondamento em lei "
        f"({citacao}); o edital não pode alterá-lo"
    )
    # The law's own value is accepted: it overrides nothing.
    lei = obter_regime(regime).limiar_arredondamento
    assert distribuir(10, regime, Parametros(limiar_arredondamento=lei)) == distribuir(10, regime)


def test_limiar_fora_do_intervalo():
    with pytest.raises(ErroParametro, match="entre 0 \\(exclusive\\) e 1"):
        distribuir(5, SEV, Parametros(limiar_arredondamento=Fraction(0)))


def test_regra_pcd_do_edital_onde_a_lei_silencia():
    """Severínia (art. 19, Lei 2.082/2013 not in hand) and Pirangi (silent): edital rule."""
    p = Parametros(regra_pcd=RegraPcd(Fraction(10, 100), Fraction(20, 100)))
    # 10% de 11 = 1,1 -> 2 <= 2,2; default 5% de 11 = 0,55 -> 1.
    assert distribuir(11, SEV, p)["PCD"] == 2
    assert distribuir(11, PIR, p)["PCD"] == 2
    assert distribuir(11, SEV)["PCD"] == 1
    # No cap: teto(5% de 1) = 1.
    assert distribuir(1, PIR, Parametros(regra_pcd=RegraPcd(Fraction(5, 100), None)))["PCD"] == 1
    assert "edital" in distribuir(11, SEV, p).calculo("PCD").fundamento


@pytest.mark.parametrize(
    ("regime", "percentual", "faixa"),
    [
        (SMBV, Fraction(11, 100), "5% a 10% das vagas (LC 22/2026, art. 6º, caput (no mínimo "
                                  "5%) e §1º (limite de 10% das vagas)); recebido 11%"),
        (SMBV, Fraction(4, 100), "5% a 10% das vagas (LC 22/2026, art. 6º, caput (no mínimo "
                                 "5%) e §1º (limite de 10% das vagas)); recebido 4%"),
        (FED, Fraction(21, 100), "5% a 20% das vagas (Decreto 9.508/2018, art. 1º, §1º (no "
                                 "mínimo 5%); Lei 8.112/1990, art. 5º, §2º (até 20% das "
                                 "vagas)); recebido 21%"),
    ],
)
def test_regra_pcd_fora_da_faixa_da_lei(regime, percentual, faixa):
    """Where the law sets a floor and a ceiling, the edital chooses between them only."""
    with pytest.raises(ErroParametro) as exc:
        distribuir(10, regime, Parametros(regra_pcd=RegraPcd(percentual, None)))
    assert str(exc.value) == (
        f"parametros.regra_pcd.percentual: o regime {regime} admite reserva PcD de {faixa}")


@pytest.mark.parametrize(
    ("regime", "citacao"),
    [
        (SMBV, "LC 22/2026, art. 6º, §1º"),
        (FED, "Decreto 9.508/2018, art. 1º, §3º; Lei 8.112/1990, art. 5º, §2º"),
    ],
)
def test_limite_pcd_fixado_em_lei(regime, citacao):
    """The cap is the law's: the edital may raise the percentage, not the cap."""
    with pytest.raises(ErroParametro) as exc:
        distribuir(10, regime, Parametros(regra_pcd=RegraPcd(Fraction(8, 100),
                                                             Fraction(30, 100))))
    assert str(exc.value) == (
        f"parametros.regra_pcd.limite: o regime {regime} fixa o limite da reserva PcD em lei "
        f"({citacao}); o edital não pode alterá-lo"
    )


@pytest.mark.parametrize(
    ("regime", "percentual", "vagas", "pcd", "pcd_da_lei"),
    [
        # LC 22/2026, art. 6º: at least 5%, rounded up unless above 10% of the vacancies.
        # 8% of 20 = 1.6 -> 2 <= 2.0 (the law's 5%: 1.0 -> 1).
        (SMBV, Fraction(8, 100), 20, 2, 1),
        # 10% of 30 = 3.0 -> 3 <= 3.0 (5%: 1.5 -> 2).
        (SMBV, Fraction(10, 100), 30, 3, 2),
        # 10% of 14 = 1.4 -> 2 > 1.4 (10% of 14): floor, 1 (5%: 0.7 -> 1 <= 1.4).
        (SMBV, Fraction(10, 100), 14, 1, 1),
        # 7% of 10 = 0.7 -> 1 <= 1.0 (5%: 0.5 -> 1 <= 1.0).
        (SMBV, Fraction(7, 100), 10, 1, 1),
        # 8% of 9 = 0.72 -> 1 > 0.9: floor, 0 (5%: 0.45 -> 1 > 0.9: 0).
        (SMBV, Fraction(8, 100), 9, 0, 0),
        # Federal: at least 5% (Decreto 9.508/2018, art. 1º, §1º), up to 20% (Lei 8.112/1990,
        # art. 5º, §2º). 20% of 10 = 2.0 -> 2; 20% of 11 = 2.2 -> 3 > 2.2: floor, 2.
        (FED, Fraction(20, 100), 10, 2, 1),
        (FED, Fraction(20, 100), 11, 2, 1),
        # 10% of 21 = 2.1 -> 3 <= 4.2 (5%: 1.05 -> 2).
        (FED, Fraction(10, 100), 21, 3, 2),
    ],
)
def test_edital_reserva_pcd_acima_do_minimo_da_lei(regime, percentual, vagas, pcd, pcd_da_lei):
    p = Parametros(regra_pcd=RegraPcd(percentual, None))
    d = distribuir(vagas, regime, p)
    assert (d["PCD"], distribuir(vagas, regime)["PCD"]) == (pcd, pcd_da_lei)
    assert d.calculo("PCD").fundamento.startswith("edital: ")
    # The floor itself, with or without the law's cap spelled out, is the law's rule.
    lei = obter_regime(regime).pcd
    assert aplicar_parametros(obter_regime(regime), Parametros(
        regra_pcd=RegraPcd(lei.percentual, lei.limite))).pcd == lei


def test_reservas_acima_das_vagas():
    p = Parametros(regra_pcd=RegraPcd(Fraction(70, 100), None))
    # PPI 30% de 3 = 0,9 -> 1; PcD teto(2,1) = 3: 4 reserved of 3 vacancies.
    with pytest.raises(ErroParametro, match=r"as reservas \(4\) excedem as 3 vagas"):
        distribuir(3, SEV, p)
    with pytest.raises(ErroParametro, match="parâmetros incompatíveis"):
        distribuir(3, SEV, Parametros(regra_pcd=RegraPcd(Fraction(80, 100), None)))


def test_arredondamento_conjunto():
    """Edital setting (spec section 4): round the total once, split by largest remainder."""
    p = Parametros(arredondamento_conjunto=True)
    # SMBV N=30: 30% de 30 = 9; quotas PP 7,5, I 1,5; tie on 0,5 -> regime order: PP.
    # AC = 30 - 8 - 1 - 2 = 19 (separately: PP 7, AC 20).
    assert distribuir(30, SMBV, p).contagens == {"AC": 19, "PP": 8, "I": 1, "PCD": 2}
    # Pirangi N=25: 20% de 25 = 5; quotas PP 3,75, I 0,75, Q 0,5 -> PP 4, I 1, Q 0
    # (separately: PP 4, I 1, Q 0,5 -> 1).
    assert distribuir(25, PIR, p).contagens == {"AC": 18, "PP": 4, "I": 1, "Q": 0, "PCD": 2}
    assert distribuir(25, PIR).contagens == {"AC": 17, "PP": 4, "I": 1, "Q": 1, "PCD": 2}
    # Minimum still applies (Lei 3.056/2025, art. 8º).
    assert distribuir(1, PIR, p)["PP"] == 0
    texto = distribuir(25, PIR, p).calculo("Q").texto
    assert texto.startswith("Q: 2% de 25 = 0,5; reserva conjunta de 5 vaga(s)")


def test_efeito_nao_confirmacao_do_edital():
    """SMBV PP: stays in AC by default; the edital may choose "elimina", with its own basis
    (spec section 3: Portaria Normativa MPDG 4/2018, art. 11)."""
    smbv = obter_regime(SMBV)
    r = aplicar_parametros(smbv, Parametros(efeito_nao_confirmacao={"PP": ELIMINA}))
    assert r.regra_nao_confirmacao("PP").efeito == ELIMINA
    assert "Portaria Normativa MPDG 4/2018, art. 11" in r.regra_nao_confirmacao("PP").fundamento
    assert r.regra_nao_confirmacao("PP").efeitos_permitidos == (PERMANECE_AC, ELIMINA)
    p = Parametros(efeito_nao_confirmacao={"PP": PERMANECE_AC})
    assert aplicar_parametros(smbv, p) is smbv


@pytest.mark.parametrize(
    ("regime", "efeitos", "mensagem"),
    [
        (
            PIR,
            {"PP": ELIMINA},
            "parametros.efeito_nao_confirmacao.PP: Lei 3.056/2025, art. 6º, §2º fixa o efeito "
            "“permanece_ac”; o edital não pode alterá-lo",
        ),
        (
            SEV,
            {"PPI": ELIMINA},
            "parametros.efeito_nao_confirmacao.PPI: Lei 3.057/2026, art. 11, §1º fixa o efeito "
            "“permanece_ac”; o edital não pode alterá-lo",
        ),
        (
            SMBV,
            {"PCD": ELIMINA},
            "parametros.efeito_nao_confirmacao.PCD: a não confirmação da condição de PcD nunca "
            "elimina: o candidato segue na ampla concorrência",
        ),
        (
            SMBV,
            {"Q": PERMANECE_AC},
            "parametros.efeito_nao_confirmacao.Q: a lista “Q” não existe no regime "
            "smbv-lc22-2026 (listas: PP, I, PCD)",
        ),
        (
            SMBV,
            {"PP": "sai"},
            "parametros.efeito_nao_confirmacao.PP: efeito inválido “sai” (use 'elimina' ou "
            "'permanece_ac')",
        ),
    ],
)
def test_efeito_nao_confirmacao_proibido(regime, efeitos, mensagem):
    with pytest.raises(ErroParametro) as exc:
        aplicar_parametros(obter_regime(regime), Parametros(efeito_nao_confirmacao=efeitos))
    assert str(exc.value) == mensagem


def test_vagas_invalidas():
    with pytest.raises(ValueError):
        distribuir(-1, SMBV)
    with pytest.raises(ValueError):
        distribuir(True, SMBV)  # type: ignore[arg-type]

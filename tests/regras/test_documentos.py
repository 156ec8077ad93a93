"""Documentary proof per regime (certames.regras.documentos): which documents each law
accepts for each reserved list, complete and incomplete sets, and the edital's extension."""

import pytest

from certames.regras import ErroParametro
from certames.regras.documentos import REGRAS, TIPOS, faltantes, regra_documental

SMBV = "smbv-lc22-2026"
SEV = "severinia-lei3057-2026"
PIR = "pirangi-lei3056-2025"
FED = "federal-lei15142-2025"

UM_DESTES_INDIGENA = ("um destes: " + TIPOS["RANI"] + "; " + TIPOS["DECL_LIDERANCA"] + "; "
                      + TIPOS["DECL_ORGANIZACAO"])


def test_cada_regime_define_as_listas_com_documentos():
    assert {r: sorted(listas) for r, listas in REGRAS.items()} == {
        SMBV: ["I", "PCD"],
        SEV: ["PCD", "PPI"],
        PIR: ["I", "PCD", "Q"],
        FED: ["I", "PCD", "Q"],
    }
    # Heteroidentification lists have no documents.
    assert regra_documental(SMBV, "PP") is None
    assert regra_documental(PIR, "PP") is None
    assert regra_documental("regime-inexistente", "I") is None


# --- Santa Maria da Boa Vista: LC 22/2026, art. 4º -------------------------------------------


def test_smbv_tadii_mais_um_dos_tres_documentos():
    regra = regra_documental(SMBV, "I")
    assert (regra.obrigatorios, regra.alternativos, regra.fundamento) == (
        ("TADII",), (("RANI", "DECL_LIDERANCA", "DECL_ORGANIZACAO"),), "LC 22/2026, art. 4º")
    assert regra.tipos_aceitos == ("TADII", "RANI", "DECL_LIDERANCA", "DECL_ORGANIZACAO")


@pytest.mark.parametrize("acompanhante", ["RANI", "DECL_LIDERANCA", "DECL_ORGANIZACAO"])
def test_smbv_conjunto_completo(acompanhante):
    assert faltantes(regra_documental(SMBV, "I"), ["TADII", acompanhante]) == []


def test_smbv_so_o_tadii_falta_um_dos_acompanhantes():
    assert faltantes(regra_documental(SMBV, "I"), ["TADII"]) == [UM_DESTES_INDIGENA]


def test_smbv_sem_tadii_falta_o_tadii_mesmo_com_rani():
    assert faltantes(regra_documental(SMBV, "I"), ["RANI", "DECL_LIDERANCA"]) == [
        TIPOS["TADII"]]


def test_smbv_nada_enviado_falta_tudo_na_ordem_da_lei():
    assert faltantes(regra_documental(SMBV, "I"), []) == [TIPOS["TADII"], UM_DESTES_INDIGENA]


def test_documento_fora_da_regra_nao_supre_a_falta():
    assert faltantes(regra_documental(SMBV, "I"), ["TADII", "CERTIDAO_PALMARES"]) == [
        UM_DESTES_INDIGENA]


def test_smbv_pcd_laudo():
    regra = regra_documental(SMBV, "PCD")
    assert regra.obrigatorios == ("LAUDO",)
    assert regra.fundamento.startswith("LC 22/2026, art. 7º, §§1º e 3º")
    assert faltantes(regra, ["LAUDO"]) == []
    assert faltantes(regra, []) == [TIPOS["LAUDO"]]


# --- Pirangi: Lei 3.056/2025, art. 4º, II ----------------------------------------------------


def test_pirangi_indigena_declaracao_da_comunidade():
    regra = regra_documental(PIR, "I")
    assert (regra.obrigatorios, regra.alternativos) == (("DECL_COMUNIDADE",), ())
    assert regra.fundamento.startswith("Lei 3.056/2025, art. 4º, II")
    assert faltantes(regra, ["DECL_COMUNIDADE"]) == []
    assert faltantes(regra, ["TADII"]) == [TIPOS["DECL_COMUNIDADE"]]


def test_pirangi_quilombola_declaracao_e_certidao_palmares():
    regra = regra_documental(PIR, "Q")
    assert regra.obrigatorios == ("DECL_COMUNIDADE", "CERTIDAO_PALMARES")
    assert faltantes(regra, ["DECL_COMUNIDADE", "CERTIDAO_PALMARES"]) == []
    assert faltantes(regra, ["DECL_COMUNIDADE"]) == [TIPOS["CERTIDAO_PALMARES"]]
    assert faltantes(regra, []) == [TIPOS["DECL_COMUNIDADE"], TIPOS["CERTIDAO_PALMARES"]]


# --- Severínia: Lei 3.057/2026, art. 13 (per edital) ------------------------------------------


def test_severinia_ppi_padrao_do_produto_com_o_art_13():
    regra = regra_documental(SEV, "PPI")
    assert regra.obrigatorios == ("TADII",)
    assert regra.fundamento.startswith("Lei 3.057/2026, art. 13")
    assert faltantes(regra, ["TADII", "RANI"]) == []
    assert faltantes(regra, ["TADII"]) == [UM_DESTES_INDIGENA]


# --- the edital's extension ------------------------------------------------------------------


def test_edital_amplia_as_alternativas_sem_tirar_o_obrigatorio():
    parametros = {"documentos": {"I": {"alternativos_adicionais": ["DOC_EDITAL"]}}}
    regra = regra_documental(SMBV, "I", parametros)
    assert regra.obrigatorios == ("TADII",)
    assert regra.alternativos == (("RANI", "DECL_LIDERANCA", "DECL_ORGANIZACAO", "DOC_EDITAL"),)
    assert regra.fundamento == "LC 22/2026, art. 4º; ampliado pelo edital"
    assert faltantes(regra, ["TADII", "DOC_EDITAL"]) == []
    # The TADII is still required: the edital cannot remove what the law requires.
    assert faltantes(regra, ["DOC_EDITAL"]) == [TIPOS["TADII"]]


def test_alternativa_do_edital_continua_alternativa_ao_documento_unico():
    """An alternative the edital adds stays an alternative. Pirangi I asks one
    document (product default, art. 4º, II); the additions are other ways to prove the same
    condition, not extra requirements (before: DECL_COMUNIDADE *and* one of TADII/RANI)."""
    parametros = {"documentos": {"I": {"alternativos_adicionais": ["TADII", "RANI"]}}}
    regra = regra_documental(PIR, "I", parametros)
    assert (regra.obrigatorios, regra.alternativos) == (
        (), (("DECL_COMUNIDADE", "TADII", "RANI"),))
    assert regra.fundamento == ("Lei 3.056/2025, art. 4º, II (documentos: padrão do produto); "
                                "ampliado pelo edital")
    assert faltantes(regra, ["DECL_COMUNIDADE"]) == []
    assert faltantes(regra, ["RANI"]) == []
    assert faltantes(regra, []) == ["um destes: " + TIPOS["DECL_COMUNIDADE"] + "; "
                                    + TIPOS["TADII"] + "; " + TIPOS["RANI"]]


def test_alternativa_repetida_nao_duplica():
    parametros = {"documentos": {"I": {"alternativos_adicionais": ["RANI", "DOC_EDITAL"]}}}
    regra = regra_documental(SMBV, "I", parametros)
    assert regra.alternativos == (("RANI", "DECL_LIDERANCA", "DECL_ORGANIZACAO", "DOC_EDITAL"),)


def test_extensao_de_outra_lista_nao_muda_esta():
    parametros = {"documentos": {"PCD": {"alternativos_adicionais": ["DOC_EDITAL"]}}}
    assert regra_documental(SMBV, "I", parametros) == regra_documental(SMBV, "I")


def test_extensao_vazia_devolve_a_regra_da_lei():
    assert regra_documental(SMBV, "I", {"documentos": {"I": {}}}) == regra_documental(SMBV, "I")


def test_tipo_desconhecido_e_recusado_com_o_campo():
    with pytest.raises(ErroParametro) as exc:
        regra_documental(SMBV, "I", {"documentos": {"I": {"alternativos_adicionais": [
            "CARTEIRINHA"]}}})
    assert str(exc.value) == ("parametros.documentos.I.alternativos_adicionais: tipo de "
                              "documento desconhecido: CARTEIRINHA")
    assert exc.value.campo == "documentos.I.alternativos_adicionais"


def test_extensao_que_nao_e_objeto_e_recusada():
    with pytest.raises(ErroParametro) as exc:
        regra_documental(SMBV, "I", {"documentos": {"I": ["RANI"]}})
    assert str(exc.value) == "parametros.documentos.I: esperado um objeto"


def test_o_edital_nao_remove_obrigatorios_nem_usa_chaves_desconhecidas():
    with pytest.raises(ErroParametro) as exc:
        regra_documental(SMBV, "I", {"documentos": {"I": {"obrigatorios": []}}})
    assert str(exc.value) == (
        "parametros.documentos.I: chave desconhecida: obrigatorios (o edital só acrescenta "
        "documentos alternativos: alternativos_adicionais)")


def test_alternativos_adicionais_deve_ser_lista():
    with pytest.raises(ErroParametro) as exc:
        regra_documental(SMBV, "I", {"documentos": {"I": {"alternativos_adicionais": "RANI"}}})
    assert str(exc.value) == ("parametros.documentos.I.alternativos_adicionais: esperada uma "
                              "lista de tipos de documento")


# --- what the law fixes and what the edital may replace ----------------------------


@pytest.mark.parametrize(("regime", "lista", "padrao", "delegacao"), [
    # LC 22/2026, art. 4º names the documents: fixed by law.
    (SMBV, "I", False, ""),
    # Art. 13: "na forma estabelecida em regulamento e no edital".
    (SEV, "PPI", True, "Lei 3.057/2026, art. 13"),
    # Art. 4º, II: "verificação documental complementar", no document named.
    (PIR, "I", True, "Lei 3.056/2025, art. 4º, II"),
    (PIR, "Q", True, "Lei 3.056/2025, art. 4º, II"),
    (FED, "I", True, "Lei 15.142/2025; Decreto 12.536/2025"),
    (FED, "Q", True, "Lei 15.142/2025; Decreto 12.536/2025"),
    # No seed law names the PcD document: the medical report is the product default.
    (SMBV, "PCD", True, "LC 22/2026, art. 7º, §§1º e 3º"),
    (SEV, "PCD", True, "Lei 3.057/2026, art. 19"),
    (PIR, "PCD", True, "Decreto 9.508/2018, art. 5º (parâmetro federal)"),
])
def test_padrao_do_produto_marcado_com_o_artigo_que_delega(regime, lista, padrao, delegacao):
    regra = regra_documental(regime, lista)
    assert (regra.padrao, regra.delegacao) == (padrao, delegacao)


def test_tadii_e_o_instrumento_da_lc_22_nao_pratica_federal():
    """The TADII default of Severínia is SMBV art. 4º's instrument."""
    regra = regra_documental(SEV, "PPI")
    assert regra.fundamento == (
        "Lei 3.057/2026, art. 13 (forma definida no edital; padrão do produto: TADII e uma "
        "prova de pertencimento, como na LC 22/2026, art. 4º)")
    assert "federal" not in regra.fundamento


def test_edital_substitui_o_padrao_de_severinia():
    """Art. 13 leaves the proof to the edital: the edital's rule replaces the default, the
    TADII included."""
    parametros = {"documentos": {"PPI": {"obrigatorios": ["DECL_COMUNIDADE"],
                                         "alternativos": [["RANI", "DOC_EDITAL"]]}}}
    regra = regra_documental(SEV, "PPI", parametros)
    assert (regra.obrigatorios, regra.alternativos, regra.fundamento) == (
        ("DECL_COMUNIDADE",), (("RANI", "DOC_EDITAL"),),
        "Lei 3.057/2026, art. 13: documentos definidos no edital")
    assert faltantes(regra, ["DECL_COMUNIDADE", "DOC_EDITAL"]) == []
    assert faltantes(regra, ["TADII", "RANI"]) == [TIPOS["DECL_COMUNIDADE"]]


def test_edital_substitui_so_com_alternativos_e_depois_acrescenta():
    parametros = {"documentos": {"Q": {"alternativos": [["CERTIDAO_PALMARES", "DOC_EDITAL"]],
                                       "alternativos_adicionais": ["DECL_COMUNIDADE"]}}}
    regra = regra_documental(PIR, "Q", parametros)
    assert (regra.obrigatorios, regra.alternativos, regra.fundamento) == (
        (), (("CERTIDAO_PALMARES", "DOC_EDITAL", "DECL_COMUNIDADE"),),
        "Lei 3.056/2025, art. 4º, II: documentos definidos no edital")
    assert faltantes(regra, ["DOC_EDITAL"]) == []


def test_alternativa_a_dois_obrigatorios_exige_a_regra_completa():
    """Pirangi Q asks two documents: an addition would not say which one it replaces."""
    with pytest.raises(ErroParametro) as exc:
        regra_documental(PIR, "Q", {"documentos": {"Q": {
            "alternativos_adicionais": ["DOC_EDITAL"]}}})
    assert str(exc.value) == (
        "parametros.documentos.Q.alternativos_adicionais: a regra exige 2 documentos "
        "(DECL_COMUNIDADE, CERTIDAO_PALMARES) e não diz a qual deles a alternativa se refere: "
        "defina a regra do edital com obrigatorios e alternativos")


def test_laudo_padrao_aceita_alternativa_do_edital():
    regra = regra_documental(SMBV, "PCD", {"documentos": {"PCD": {
        "alternativos_adicionais": ["DOC_EDITAL"]}}})
    assert (regra.obrigatorios, regra.alternativos) == ((), (("LAUDO", "DOC_EDITAL"),))


def test_o_que_a_lei_fixa_o_edital_nao_substitui():
    with pytest.raises(ErroParametro) as exc:
        regra_documental(SMBV, "I", {"documentos": {"I": {"alternativos": [["RANI"]]}}})
    assert str(exc.value) == (
        "parametros.documentos.I: chave desconhecida: alternativos (o edital só acrescenta "
        "documentos alternativos: alternativos_adicionais)")


@pytest.mark.parametrize(("extensao", "mensagem"), [
    ({"obrigatorios": [], "alternativos": []},
     "parametros.documentos.I: a regra do edital deve pedir ao menos um documento "
     "(obrigatorios ou alternativos)"),
    ({"obrigatorios": "RANI"},
     "parametros.documentos.I.obrigatorios: esperada uma lista de tipos de documento"),
    ({"alternativos": ["RANI"]},
     "parametros.documentos.I.alternativos[0]: esperada uma lista de tipos de documento"),
    ({"alternativos": [[]]}, "parametros.documentos.I.alternativos[0]: grupo vazio"),
    ({"alternativos": "RANI"},
     "parametros.documentos.I.alternativos: esperada uma lista de grupos (listas) de tipos de "
     "documento"),
    ({"obrigatorios": ["CARTEIRINHA"]},
     "parametros.documentos.I.obrigatorios: tipo de documento desconhecido: CARTEIRINHA"),
    ({"extra": 1},
     "parametros.documentos.I: chave desconhecida: extra (chaves: obrigatorios, alternativos, "
     "alternativos_adicionais)"),
])
def test_regra_do_edital_invalida(extensao, mensagem):
    with pytest.raises(ErroParametro) as exc:
        regra_documental(PIR, "I", {"documentos": {"I": extensao}})
    assert str(exc.value) == mensagem


def test_regime_como_objeto_e_regra_derivada_de_regime_objeto():
    from certames.regras import obter_regime

    assert regra_documental(obter_regime(PIR), "I") == regra_documental(PIR, "I")
    assert REGRAS[PIR]["I"] == obter_regime(PIR).documento("I")

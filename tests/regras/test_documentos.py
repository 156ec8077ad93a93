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


def test_edital_cria_alternativas_onde_a_regra_so_tem_obrigatorios():
    parametros = {"documentos": {"I": {"alternativos_adicionais": ["TADII", "RANI"]}}}
    regra = regra_documental(PIR, "I", parametros)
    assert (regra.obrigatorios, regra.alternativos) == (("DECL_COMUNIDADE",),
                                                        (("TADII", "RANI"),))
    assert faltantes(regra, ["DECL_COMUNIDADE"]) == [
        "um destes: " + TIPOS["TADII"] + "; " + TIPOS["RANI"]]
    assert faltantes(regra, ["DECL_COMUNIDADE", "RANI"]) == []


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

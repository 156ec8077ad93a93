import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from candidatos.models import Candidato, Inscricao, mascarar_cpf
from tests.factories import (
    CandidatoFactory,
    CargoFactory,
    CertameFactory,
    InscricaoFactory,
    usuario,
)

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("cpf", ["52998224724", "11111111111", "5299822472", "529.982.247-25"])
def test_cpf_invalido_ou_com_mascara_e_recusado_no_modelo(cpf):
    with pytest.raises(ValidationError) as exc:
        Candidato(cpf=cpf, nome="Fulana").full_clean()
    assert "cpf" in exc.value.message_dict


def test_cpf_valido_de_11_digitos_e_aceito_e_unico():
    Candidato(cpf="52998224725", nome="Fulana").full_clean()
    Candidato.objects.create(cpf="52998224725", nome="Fulana")
    with pytest.raises(IntegrityError):
        Candidato.objects.create(cpf="52998224725", nome="Outra")


def test_um_cpf_tem_no_maximo_um_cadastro_sem_conta_e_um_com_conta():
    # The banca's record of a CPF stays apart from the account of that CPF
    # until it is claimed; never two of either kind.
    Candidato.objects.create(cpf="52998224725", nome="Da banca")
    conta = Candidato.objects.create(cpf="52998224725", nome="Da conta",
                                     usuario=usuario("52998224725", "Candidato"))
    with pytest.raises(IntegrityError), transaction.atomic():
        Candidato.objects.create(cpf="52998224725", nome="Outra conta",
                                 usuario=usuario("outra_conta_mesmo_cpf", "Candidato"))
    with pytest.raises(ValidationError) as exc:
        Candidato(cpf="52998224725", nome="Outra da banca").full_clean()
    assert exc.value.messages == ["Já existe cadastro sem conta com este CPF."]
    assert Candidato.objects.filter(cpf="52998224725").count() == 2 and conta.usuario_id


def test_cpf_mascarado_para_paginas_publicas():
    assert mascarar_cpf("52998224725") == "***.982.247-**"
    assert CandidatoFactory.build(cpf="52998224725").cpf_formatado == "529.982.247-25"


def test_nome_social_prevalece_na_exibicao():
    assert str(CandidatoFactory.build(nome="João", nome_social="Joana")) == "Joana"


def test_candidato_inscrito_uma_vez_por_cargo():
    insc = InscricaoFactory()
    with pytest.raises(IntegrityError):
        InscricaoFactory(candidato=insc.candidato, cargo=insc.cargo)


def test_numero_de_inscricao_unico_no_certame_mas_nao_entre_certames():
    insc = InscricaoFactory(numero="000001")
    outro_cargo = CargoFactory(certame=insc.cargo.certame)
    InscricaoFactory(numero="000001")  # another certame
    with pytest.raises(IntegrityError):
        InscricaoFactory(numero="000001", cargo=outro_cargo)


def test_certame_da_inscricao_vem_do_cargo():
    cargo = CargoFactory()
    insc = Inscricao.objects.create(cargo=cargo, candidato=CandidatoFactory(), numero="9",
                                    cor_raca="branca")
    assert insc.certame_id == cargo.certame_id


def _erros(regime, **kwargs):
    cargo = CargoFactory(certame=CertameFactory(regime=regime))
    return InscricaoFactory.build(cargo=cargo, **kwargs).erros_validacao()


@pytest.mark.parametrize(
    ("cor", "quilombola", "deficiencia", "listas", "esperado"),
    [
        ("parda", False, False, ["PP"], {}),
        ("preta", True, False, ["PP", "Q"], {}),
        ("indigena", False, False, ["I"], {}),
        ("branca", False, True, ["PCD"], {}),
        ("branca", False, False, ["PP"],
         {"listas": ["A lista PP exige autodeclaração preta ou parda."]}),
        ("parda", False, False, ["I"],
         {"listas": ["A lista I exige autodeclaração indígena."]}),
        ("parda", False, False, ["Q"],
         {"listas": ["A lista Q exige autoatribuição quilombola."]}),
        ("parda", False, False, ["PCD"],
         {"listas": ["A lista PCD exige declaração de deficiência."]}),
    ],
)
def test_opcoes_de_lista_conferem_com_a_autodeclaracao(cor, quilombola, deficiencia, listas,
                                                       esperado):
    kwargs = {"cor_raca": cor, "quilombola": quilombola, "deficiencia": deficiencia,
              "listas": listas, "tipo_deficiencia": "fisica" if deficiencia else ""}
    assert _erros("pirangi-lei3056-2025", **kwargs) == esperado


@pytest.mark.parametrize(
    ("regime", "listas", "esperado"),
    [
        # Severínia (Lei 3.057/2026, art. 8º) has one PPI pool, no separate PP or Q list.
        ("severinia-lei3057-2026", ["PP"],
         "O regime Severínia-SP (Lei 3.057/2026) não tem a lista PP (listas: PPI, PCD)."),
        # SMBV (LC 22/2026, art. 1º) reserves for PP and I only.
        ("smbv-lc22-2026", ["Q"],
         "O regime Santa Maria da Boa Vista-PE (LC 22/2026) não tem a lista Q "
         "(listas: PP, I, PCD)."),
    ],
)
def test_lista_que_o_regime_nao_tem_e_recusada(regime, listas, esperado):
    assert _erros(regime, cor_raca="preta", quilombola=True, listas=listas) == {
        "listas": [esperado]}


def test_ppi_aceita_preta_parda_ou_indigena():
    for cor in ("preta", "parda", "indigena"):
        assert _erros("severinia-lei3057-2026", cor_raca=cor, listas=["PPI"]) == {}
    assert _erros("severinia-lei3057-2026", cor_raca="amarela", listas=["PPI"]) == {
        "listas": ["A lista PPI exige autodeclaração preta, parda ou indígena."]}


def test_deficiencia_exige_o_tipo_e_lista_repetida_e_recusada():
    assert _erros("pirangi-lei3056-2025", cor_raca="parda", deficiencia=True,
                  listas=["PP", "PP"]) == {
        "tipo_deficiencia": ["Informe o tipo de deficiência."],
        "listas": ["Lista reservada repetida."]}


def test_full_clean_da_inscricao_levanta_os_erros_de_opcao():
    cargo = CargoFactory(certame=CertameFactory(regime="pirangi-lei3056-2025"))
    insc = InscricaoFactory.build(cargo=cargo, cor_raca="branca", listas=["PP"])
    with pytest.raises(ValidationError) as exc:
        insc.full_clean(exclude=["candidato"])
    assert exc.value.message_dict["listas"] == [
        "A lista PP exige autodeclaração preta ou parda."]

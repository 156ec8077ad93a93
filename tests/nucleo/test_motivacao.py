"""The one motivation rule of every procedure's decisions (`nucleo.motivacao`)."""

import pytest
from django.core.exceptions import ValidationError

from nucleo.motivacao import MINIMO, MINIMO_DESFAVORAVEL, validar_motivacao
from nucleo.registro import Procedimento, plugin, registrar

ESPECIFICA = "Fenótipo observado não corresponde ao declarado; tom de pele e traços."


def _mensagens(exc) -> list[str]:
    return exc.value.messages


def test_limites_da_regra():
    assert (MINIMO, MINIMO_DESFAVORAVEL) == (10, 30)


def test_favoravel_aceita_motivacao_curta_e_devolve_sem_espacos():
    assert validar_motivacao("  Requisitos atendidos.  ", desfavoravel=False) == \
        "Requisitos atendidos."


@pytest.mark.parametrize("texto", ["", "   ", "Ok, certo", "Deferido.", "DEFERIDO"])
def test_favoravel_recusa_vazia_curta_ou_formula(texto):
    with pytest.raises(ValidationError):
        validar_motivacao(texto, desfavoravel=False)


@pytest.mark.parametrize("texto", ["Indeferido.", "Não atende aos requisitos",
                                   "nao possui fenotipo negro", "Improcedente", "x" * 29])
def test_desfavoravel_exige_motivacao_especifica(texto):
    with pytest.raises(ValidationError) as exc:
        validar_motivacao(texto, desfavoravel=True, especifica="sobre o fenótipo")
    assert _mensagens(exc) == [
        "Uma decisão desfavorável ao(à) candidato(a) precisa de motivação específica (sobre o "
        "fenótipo) (ao menos 30 caracteres), não uma fórmula genérica."]


def test_desfavoravel_com_motivacao_especifica_passa():
    assert validar_motivacao(ESPECIFICA, desfavoravel=True) == ESPECIFICA
    assert validar_motivacao("x" * 30, desfavoravel=True) == "x" * 30


def test_erro_no_campo_do_formulario():
    with pytest.raises(ValidationError) as exc:
        validar_motivacao("", desfavoravel=True, campo="motivacao")
    assert exc.value.message_dict == {"motivacao": ["Informe a motivação da decisão."]}


def test_registro_recusa_outra_classe_com_a_mesma_chave():
    class A(Procedimento):
        chave = "teste_nucleo"

    class B(Procedimento):
        chave = "teste_nucleo"

    a = registrar(A())
    assert registrar(A()) is not a and plugin("teste_nucleo").__class__ is A
    with pytest.raises(ValueError):
        registrar(B())
    with pytest.raises(LookupError):
        plugin("nao_existe")


def test_os_cinco_procedimentos_da_lei_estao_registrados():
    chaves = {"heteroidentificacao", "verificacao_documental", "equipe_multiprofissional",
              "isencao", "procedimento_administrativo"}
    assert {c for c in chaves if plugin(c)} == chaves

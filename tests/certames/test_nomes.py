"""A person's name, wherever it is typed: NFC, and no control, bidi, zero-width
or stacked combining characters (`comum.nomes`, one rule shared by the sign-up form, the
models, the import and a committee member's account)."""

import pytest
from django.core.exceptions import ValidationError

from candidatos.models import Candidato, PedidoCadastro
from comissoes.forms import NovoMembroForm
from comum.nomes import nome_normalizado, problema_nome, validar_nome_pessoa
from portal.forms.condicoes import PedidoAtendimentoForm
from portal.forms.contas import CadastroForm
from tests.candidatos.apoio_contas import cadastrar, dados_cadastro
from tests.factories import CandidatoFactory, gerar_cpf

INVISIVEL = "caractere invisível ou que altera a direção do texto não permitido (U+%s)"
EMPILHADOS = "sinais diacríticos empilhados não permitidos (mais de 2 sobre uma letra)"

CASOS = {
    "Maria\u202e Silva": INVISIVEL % "202E",  # right-to-left override
    "Maria\u202d Silva": INVISIVEL % "202D",  # left-to-right override
    "Maria \u2066Silva\u2069": INVISIVEL % "2066",  # isolate
    "Ma\u200bria Silva": INVISIVEL % "200B",  # zero-width space
    "Ma\u200dria Silva": INVISIVEL % "200D",  # zero-width joiner
    "Ma\u200fria Silva": INVISIVEL % "200F",  # right-to-left mark
    "\ufeffMaria Silva": INVISIVEL % "FEFF",  # BOM / zero-width no-break space
    "Ma\u00adria Silva": INVISIVEL % "00AD",  # soft hyphen
    "Maria\u2028Silva": INVISIVEL % "2028",  # line separator
    "Maria \ue000 Silva": INVISIVEL % "E000",  # private use
    "Maria\tSilva": "caractere de controle não permitido",
    "Maria\x85Silva": "caractere de controle não permitido",  # C1 (NEL)
    "Maria Z" + "\u0336\u0334\u0335" * 3: EMPILHADOS,
}


@pytest.mark.parametrize("nome", list(CASOS))
def test_nome_recusado(nome):
    assert problema_nome(nome) == CASOS[nome]
    with pytest.raises(ValidationError) as exc:
        validar_nome_pessoa(nome)
    assert exc.value.messages == [CASOS[nome]]


@pytest.mark.parametrize("nome", ["Maria da Conceição", "José D'Ávila-Gonçalves",
                                  "Nguyễn Thị Minh", "Ʒaïra Ñuñez", "Zoë a\u0301\u0301 Lima"])
def test_nome_aceito(nome):
    assert problema_nome(nome) is None


def test_nfc():
    assert nome_normalizado("Jose\u0301 Conceic\u0327a\u0303o") == "José Conceição"
    # Two accents on one letter are composed first, then counted: one mark is left.
    assert problema_nome("e\u0302\u0301\u0301") is None


def test_formulario_de_cadastro_recusa_e_normaliza():
    form = CadastroForm(data=dados_cadastro(gerar_cpf(), nome="Joana\u202e Santos",
                                            nome_social="Jo\u200bana"))
    assert not form.is_valid()
    assert form.errors["nome"] == [INVISIVEL % "202E"]
    assert form.errors["nome_social"] == [INVISIVEL % "200B"]


@pytest.mark.django_db
def test_cadastro_pela_pagina_grava_o_nome_em_nfc(client):
    cpf = gerar_cpf()
    assert cadastrar(client, cpf, nome="Joana Conceic\u0327a\u0303o").status_code == 302
    assert PedidoCadastro.objects.get(cpf=cpf).nome == "Joana Conceição"


@pytest.mark.django_db
def test_cadastro_pela_pagina_recusa_inversao_bidi(client):
    cpf = gerar_cpf()
    resposta = cadastrar(client, cpf, nome="Premio \u202eoiderbiL")
    assert resposta.status_code == 200
    assert (INVISIVEL % "202E") in resposta.content.decode()
    assert not PedidoCadastro.objects.filter(cpf=cpf).exists()


@pytest.mark.django_db
def test_campos_de_nome_dos_modelos_validam_e_gravam_em_nfc():
    candidato = CandidatoFactory(nome="Jose\u0301 Silva")
    assert Candidato.objects.get(pk=candidato.pk).nome == "José Silva"
    candidato.nome = "José\u200b Silva"
    with pytest.raises(ValidationError) as exc:
        candidato.full_clean()
    assert exc.value.message_dict["nome"] == [INVISIVEL % "200B"]
    for modelo, campos in ((Candidato, ("nome", "nome_social")),
                           (PedidoCadastro, ("nome", "nome_social"))):
        for campo in campos:
            assert validar_nome_pessoa in modelo._meta.get_field(campo).validators


def test_outros_formularios_onde_se_digita_um_nome():
    assert validar_nome_pessoa in PedidoAtendimentoForm.base_fields["acompanhante_nome"].validators
    assert validar_nome_pessoa in NovoMembroForm.base_fields["nome"].validators

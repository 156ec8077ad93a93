"""The edital's settings of the documentary verification and of the multiprofessional team
(`Certame.parametros`): accepted within what the law leaves open, refused otherwise."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError

from certames.models import OUTROS_PARAMETROS, Certame
from tests.factories import OrgaoFactory

pytestmark = pytest.mark.django_db


def _certame(parametros, regime="smbv-lc22-2026"):
    return Certame(orgao=OrgaoFactory(), numero_edital="001/2026", titulo="Concurso",
                   regime=regime, data_publicacao_edital=dt.date(2026, 10, 1),
                   parametros=parametros)


def test_chaves_aceitas():
    assert {"documentos", "equipe_multiprofissional"} <= set(OUTROS_PARAMETROS)


@pytest.mark.parametrize("parametros", [
    {"documentos": {"I": {"alternativos_adicionais": ["DOC_EDITAL"]}}},
    {"documentos": {"PCD": {"alternativos_adicionais": []}}},
    {"equipe_multiprofissional": {"tamanho": 5, "medicos": 2, "areas_distintas": False}},
    {"equipe_multiprofissional": {}},
])
def test_parametros_validos(parametros):
    _certame(parametros).full_clean()


@pytest.mark.parametrize(("parametros", "mensagem"), [
    ({"documentos": ["I"]},
     "documentos deve ser um objeto com uma entrada por lista reservada."),
    ({"documentos": {"Q": {"alternativos_adicionais": ["DOC_EDITAL"]}}},
     "documentos: o regime Santa Maria da Boa Vista-PE (LC 22/2026) não tem a lista Q "
     "(listas: PP, I, PCD)."),
    ({"documentos": {"I": {"alternativos_adicionais": ["CARTEIRINHA"]}}},
     "parametros.documentos.I.alternativos_adicionais: tipo de documento desconhecido: "
     "CARTEIRINHA"),
    ({"documentos": {"I": {"obrigatorios": []}}},
     "parametros.documentos.I: chave desconhecida: obrigatorios (o edital só acrescenta "
     "documentos alternativos: alternativos_adicionais)"),
    ({"equipe_multiprofissional": {"tamanho": 2}},
     "equipe_multiprofissional.tamanho deve ser um inteiro de 3 a 15 (Decreto 9.508/2018, "
     "art. 5º: ao menos três profissionais)."),
    ({"equipe_multiprofissional": {"medicos": 0}},
     "equipe_multiprofissional.medicos deve ser um inteiro de 1 ao tamanho da equipe "
     "(Decreto 9.508/2018, art. 5º: um deles médico)."),
    ({"equipe_multiprofissional": {"areas_distintas": "sim"}},
     "equipe_multiprofissional.areas_distintas deve ser true ou false."),
    ({"equipe_multiprofissional": {"cor": "x"}},
     "equipe_multiprofissional deve ser um objeto com tamanho, medicos e areas_distintas."),
])
def test_parametros_invalidos_sao_recusados_com_o_motivo(parametros, mensagem):
    with pytest.raises(ValidationError) as exc:
        _certame(parametros).full_clean()
    assert exc.value.message_dict["parametros"] == [mensagem]


def test_edital_substitui_os_documentos_padrao_e_nao_os_da_lei():
    """Where the law leaves the documents to the edital (Lei 3.056/2025, art. 4º, II) the
    edital's own rule is accepted; where the law names them (LC 22/2026, art. 4º) it is not."""
    _certame({"documentos": {"I": {"obrigatorios": ["RANI"]}}},
             regime="pirangi-lei3056-2025").full_clean()
    with pytest.raises(ValidationError) as exc:
        _certame({"documentos": {"I": {"obrigatorios": ["RANI"]}}}).full_clean()
    assert exc.value.message_dict["parametros"] == [
        "parametros.documentos.I: chave desconhecida: obrigatorios (o edital só acrescenta "
        "documentos alternativos: alternativos_adicionais)"]

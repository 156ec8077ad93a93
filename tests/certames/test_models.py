import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError

from certames.models import Certame, Etapa
from tests.factories import CargoFactory, CertameFactory, OrgaoFactory

pytestmark = pytest.mark.django_db


def _certame(regime: str, publicado: dt.date) -> Certame:
    return Certame(orgao=OrgaoFactory(), numero_edital="001/2026", titulo="Concurso",
                   regime=regime, data_publicacao_edital=publicado)


@pytest.mark.parametrize(
    ("regime", "vespera", "inicio"),
    [
        # Lei 3.057/2026 (Severínia), art. 22: editais published after it came into force.
        ("severinia-lei3057-2026", dt.date(2026, 9, 8), dt.date(2026, 9, 9)),
        # Lei 3.056/2025 (Pirangi), art. 14: not for editais published before 03/11/2025.
        ("pirangi-lei3056-2025", dt.date(2025, 11, 2), dt.date(2025, 11, 3)),
        # Lei 15.142/2025, art. 11.
        ("federal-lei15142-2025", dt.date(2025, 6, 3), dt.date(2025, 6, 4)),
        # LC 22/2026 (SMBV): published 10/06/2026, in force on publication (assumed: spec
        # section 3); the reported edital of 05/04/2026 falls before it.
        ("smbv-lc22-2026", dt.date(2026, 6, 9), dt.date(2026, 6, 10)),
    ],
)
def test_regime_so_vale_para_editais_publicados_a_partir_da_vigencia(regime, vespera, inicio):
    with pytest.raises(ValidationError) as exc:
        _certame(regime, vespera).full_clean()
    mensagem = exc.value.message_dict["regime"][0]
    assert inicio.strftime("%d/%m/%Y") in mensagem
    assert vespera.strftime("%d/%m/%Y") in mensagem
    _certame(regime, inicio).full_clean()  # the first day of force is accepted


@pytest.mark.parametrize("publicado", [dt.date(2019, 3, 1), dt.date(2026, 4, 5)])
def test_smbv_recusa_edital_anterior_a_lei(publicado):
    # An edital of 2019, and the demo's old edital of 05/04/2026, passed.
    with pytest.raises(ValidationError) as exc:
        _certame("smbv-lc22-2026", publicado).full_clean()
    assert exc.value.message_dict["regime"] == [
        "O regime “Santa Maria da Boa Vista-PE (LC 22/2026)” só se aplica a editais "
        "publicados a partir de 10/06/2026 (LC 22/2026, publicada em 10/06/2026 no Diário "
        "Oficial dos Municípios do Estado de Pernambuco nº 4114, vigência na publicação "
        "presumida); este edital foi publicado em "
        f"{publicado.strftime('%d/%m/%Y')}."]


def test_regime_desconhecido_e_recusado():
    with pytest.raises(ValidationError) as exc:
        _certame("lei-inexistente", dt.date(2026, 1, 1)).full_clean()
    assert "regime" in exc.value.message_dict


def test_validade_conta_da_homologacao_e_a_prorrogacao():
    # From the homologation, not the edital. 31/01/2026 + 1 month: February has no
    # 31st, so the period ends on 01/03/2026 (Código Civil, art. 132, §3º); the extension
    # (the same month) ends on 01/04/2026.
    certame = CertameFactory.build(data_publicacao_edital=dt.date(2025, 11, 3),
                                   homologado_em=dt.date(2026, 1, 31), validade_meses=1,
                                   prorrogacao_meses=1)
    assert certame.valido_ate == dt.date(2026, 4, 1)


def test_codigo_do_cargo_e_unico_no_certame():
    cargo = CargoFactory(codigo="ENF")
    CargoFactory(codigo="ENF")  # another certame: fine
    with pytest.raises(IntegrityError):
        CargoFactory(codigo="ENF", certame=cargo.certame)


def test_total_de_vagas_inclui_as_surgidas_durante_a_validade():
    cargo = CargoFactory(vagas=10)
    cargo.vagas_surgidas.create(quantidade=3, data=dt.date(2026, 5, 1), ato="Lei 100/2026")
    cargo.vagas_surgidas.create(quantidade=1, data=dt.date(2026, 6, 1), ato="Lei 101/2026")
    assert cargo.total_vagas() == 14


def test_cadastro_de_reserva_e_zero_vagas():
    assert CargoFactory(vagas=0).cadastro_reserva is True
    assert CargoFactory(vagas=1).cadastro_reserva is False


def test_etapa_com_fim_antes_do_inicio_e_recusada():
    certame = CertameFactory()
    agora = dt.datetime(2026, 3, 1, 9, tzinfo=dt.UTC)
    etapa = Etapa(certame=certame, tipo=Etapa.Tipo.INSCRICOES, inicio=agora,
                  fim=agora - dt.timedelta(hours=1))
    with pytest.raises(ValidationError) as exc:
        etapa.full_clean()
    assert exc.value.message_dict["fim"] == ["O fim da etapa não pode ser anterior ao início."]
    with pytest.raises(IntegrityError):
        etapa.save()


def test_etapa_aberta_e_derivada_do_relogio():
    inicio = dt.datetime(2026, 3, 1, 9, tzinfo=dt.UTC)
    etapa = Etapa(tipo=Etapa.Tipo.INSCRICOES, inicio=inicio, fim=inicio + dt.timedelta(days=2))
    assert etapa.aberta(inicio - dt.timedelta(seconds=1)) is False
    assert etapa.aberta(inicio) is True
    assert etapa.aberta(inicio + dt.timedelta(days=2)) is True
    assert etapa.aberta(inicio + dt.timedelta(days=2, seconds=1)) is False


@pytest.mark.parametrize(
    ("regime", "parametros", "mensagem"),
    [
        # LC 22/2026, art. 1º, §2º fixes the 0,7 threshold: the edital cannot change it.
        ("smbv-lc22-2026", {"limiar_arredondamento": "0.5"}, "LC 22/2026"),
        ("pirangi-lei3056-2025", {"nota_maxima": 0}, "nota_maxima deve ser um número"),
        ("pirangi-lei3056-2025", {"desconto": 1}, "Parâmetro desconhecido: desconto."),
    ],
)
def test_parametros_do_edital_que_a_lei_nao_permite_sao_recusados(regime, parametros, mensagem):
    certame = _certame(regime, dt.date(2026, 10, 1))
    certame.parametros = parametros
    with pytest.raises(ValidationError) as exc:
        certame.full_clean()
    assert mensagem in exc.value.message_dict["parametros"][0]


def test_severinia_aceita_limiar_definido_no_edital():
    # Lei 3.057/2026 is silent on rounding: the edital fixes it.
    certame = _certame("severinia-lei3057-2026", dt.date(2026, 10, 1))
    certame.parametros = {"limiar_arredondamento": "0.7", "nota_maxima": 10}
    certame.full_clean()


@pytest.mark.parametrize(
    ("parametros", "valido"),
    [({"tamanho_comissao": 7}, True), ({"tamanho_comissao": 2}, False),
     ({"heteroidentificacao": False}, True), ({"heteroidentificacao": "sim"}, False),
     ({"cadunico_meses_atualizacao": 24}, True), ({"cadunico_meses_atualizacao": 0}, False)],
)
def test_parametros_dos_procedimentos(parametros, valido):
    certame = _certame("severinia-lei3057-2026", dt.date(2026, 10, 1))
    certame.parametros = parametros
    if valido:
        certame.full_clean()
    else:
        with pytest.raises(ValidationError) as exc:
            certame.full_clean()
        assert list(exc.value.message_dict) == ["parametros"]

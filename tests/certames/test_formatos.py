"""The one date format (`comum.formatos`): exact strings, local time for aware values."""

import datetime as dt

import pytest

from comum import formatos

UTC = dt.UTC


def test_data_br_com_ano_de_quatro_digitos():
    assert formatos.data_br(dt.date(2026, 12, 31)) == "31/12/2026"
    assert formatos.data_br(dt.date(2026, 1, 5)) == "05/01/2026"
    # strftime("%Y") would write "1" on Linux.
    assert formatos.data_br(dt.date(1, 2, 3)) == "03/02/0001"


def test_data_hora_utc_e_mostrada_no_horario_de_sao_paulo():
    # 17:05 UTC is 14:05 in São Paulo (UTC-3, no daylight saving time since 2019).
    momento = dt.datetime(2026, 12, 31, 17, 5, 9, tzinfo=UTC)
    assert formatos.data_hora_br(momento) == "31/12/2026 14:05"
    assert formatos.data_hora_br(momento, segundos=True) == "31/12/2026 14:05:09"
    assert formatos.hora_br(momento) == "14:05"
    assert formatos.data_hora_extenso_br(momento) == "31/12/2026, às 14:05"


def test_a_data_de_um_momento_utc_e_a_data_local():
    # 02:30 UTC on 1 January is still 31 December, 23:30, in São Paulo.
    momento = dt.datetime(2027, 1, 1, 2, 30, tzinfo=UTC)
    assert formatos.data_br(momento) == "31/12/2026"
    assert formatos.data_hora_br(momento) == "31/12/2026 23:30"


def test_momento_sem_fuso_e_escrito_como_esta():
    assert formatos.data_hora_br(dt.datetime(2026, 12, 31, 14, 5)) == "31/12/2026 14:05"
    assert formatos.data_br(dt.datetime(2026, 12, 31, 23, 59)) == "31/12/2026"


def test_texto_iso_dos_dados():
    assert formatos.data_ou_data_hora_iso_br("2026-12-31") == "31/12/2026"
    assert formatos.data_ou_data_hora_iso_br("2026-12-31T14:05:00-03:00") == "31/12/2026 14:05"
    assert formatos.data_ou_data_hora_iso_br("2026-12-31T17:05:00+00:00") == "31/12/2026 14:05"
    with pytest.raises(ValueError):
        formatos.data_ou_data_hora_iso_br("31/12/2026")


def test_exportacao_e_filtro_de_dados_usam_o_mesmo_formato():
    from comum.exportacao import celula_csv
    from privacidade.templatetags.privacidade import data_br as filtro_data_br

    momento = dt.datetime(2026, 12, 31, 17, 5, tzinfo=UTC)
    assert celula_csv(momento) == "31/12/2026 14:05"
    assert celula_csv(dt.date(2026, 12, 31)) == "31/12/2026"
    assert filtro_data_br("2026-12-31T14:05:00-03:00") == "31/12/2026 14:05"
    assert filtro_data_br("") == "—"
    assert filtro_data_br("não é data") == "não é data"

"""Helpers shared by the fee exemption tests (no tests here).

Fixed datetimes in the certame's time zone make every window open or closed by construction,
with no sleeps: the domain functions take `agora`.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from zoneinfo import ZoneInfo

from candidatos.models import ExtratoCadUnico, RegistroCadUnico
from certames.models import Certame, Etapa
from tests.factories import CargoFactory, CertameFactory, EtapaFactory, InscricaoFactory

TZ = ZoneInfo("America/Sao_Paulo")
PESOS_NIS = (3, 2, 9, 8, 7, 6, 5, 4, 3, 2)

# The schedule of the test certame (edital published after Lei 3.057/2026, art. 22 and 25).
PEDIDO = (dt.datetime(2026, 10, 1, 0, 0, tzinfo=TZ), dt.datetime(2026, 10, 10, 23, 59, tzinfo=TZ))
RECURSO = (dt.datetime(2026, 10, 20, 0, 0, tzinfo=TZ),
           dt.datetime(2026, 10, 22, 23, 59, tzinfo=TZ))
PAGAMENTO = (dt.datetime(2026, 10, 1, 0, 0, tzinfo=TZ), dt.datetime(2026, 11, 5, 23, 59, tzinfo=TZ))
# The results' own stages (art. 3º, IV and VI): after the request window, after the appeal.
RESULTADO_PRELIMINAR = (dt.datetime(2026, 10, 11, 0, 0, tzinfo=TZ),
                        dt.datetime(2026, 10, 19, 23, 59, tzinfo=TZ))
RESULTADO_DEFINITIVO = (dt.datetime(2026, 10, 23, 0, 0, tzinfo=TZ),
                        dt.datetime(2026, 10, 24, 23, 59, tzinfo=TZ))

DURANTE_PEDIDO = dt.datetime(2026, 10, 5, 10, 0, tzinfo=TZ)
APOS_PEDIDO = dt.datetime(2026, 10, 12, 9, 0, tzinfo=TZ)
DURANTE_RECURSO = dt.datetime(2026, 10, 21, 10, 0, tzinfo=TZ)
APOS_RECURSO = dt.datetime(2026, 10, 25, 9, 0, tzinfo=TZ)
APOS_PAGAMENTO = dt.datetime(2026, 11, 6, 0, 0, tzinfo=TZ)

PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32
EXE = b"MZ\x90\x00" + b"\x00" * 32


def nis_valido(base: str) -> str:
    """The 11-digit NIS for 10 base digits (check digit of NIS/PIS/PASEP)."""
    resto = sum(int(d) * p for d, p in zip(base, PESOS_NIS, strict=True)) % 11
    return base + str(0 if resto < 2 else 11 - resto)


def nis_invalido(base: str) -> str:
    valido = nis_valido(base)
    return valido[:10] + str((int(valido[10]) + 1) % 10)


NIS_A = nis_valido("1234567890")
NIS_B = nis_valido("2098765432")
NIS_C = nis_valido("1357924680")
NIS_D = nis_valido("1122334455")
NIS_E = nis_valido("9988776655")


def certame_severinia(etapas: dict[str, tuple[dt.datetime, dt.datetime]] | None = None,
                      **kwargs) -> Certame:
    """A certame under Lei 3.057/2026 with its exemption schedule."""
    kwargs.setdefault("regime", "severinia-lei3057-2026")
    kwargs.setdefault("data_publicacao_edital", dt.date(2026, 9, 15))
    certame = CertameFactory(**kwargs)
    if etapas is None:
        etapas = {Etapa.Tipo.PEDIDO_ISENCAO: PEDIDO,
                  Etapa.Tipo.RESULTADO_PRELIMINAR_ISENCAO: RESULTADO_PRELIMINAR,
                  Etapa.Tipo.RECURSO_ISENCAO: RECURSO,
                  Etapa.Tipo.RESULTADO_DEFINITIVO_ISENCAO: RESULTADO_DEFINITIVO,
                  Etapa.Tipo.PAGAMENTO_TAXA: PAGAMENTO}
    for tipo, (inicio, fim) in etapas.items():
        EtapaFactory(certame=certame, tipo=tipo, inicio=inicio, fim=fim)
    CargoFactory(certame=certame, codigo="ADM")
    return certame


def inscricao(certame: Certame, **kwargs):
    return InscricaoFactory(cargo=certame.cargos.first(), **kwargs)


def extrato(registros, *, referencia=dt.date(2026, 9, 30)) -> ExtratoCadUnico:
    """An extract with (nis, renda, data_atualizacao, situacao) rows."""
    ext = ExtratoCadUnico.objects.create(nome_arquivo="extrato.csv", data_referencia=referencia,
                                         total_registros=len(registros))
    RegistroCadUnico.objects.bulk_create([
        RegistroCadUnico(extrato=ext, nis=nis, renda_per_capita=Decimal(renda),
                         data_atualizacao=data, situacao=situacao)
        for nis, renda, data, situacao in registros])
    return ext

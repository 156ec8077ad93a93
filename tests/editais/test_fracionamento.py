"""The guard against the artificial fractioning of the vacancies (Lei 3.057/2026 de Severínia,
art. 8º, §4º; `editais.fracionamento`).

Worked from the law: Severínia reserves 30% to PPI (art. 8º) per cargo (art. 8º, §3º), the
fraction rounded up from 0,5 (the product's default where the edital is silent). Three cargos
"Professor de Educação Física" of 1 vacancy each reserve 0,3 → 0 each; together, 3 vacancies
reserve 0,9 → 1 PPI. A fourth cargo of another name, 1 vacancy, is not part of it; two cargos of
2 vacancies each reserve 0,6 → 1 each already, so there is nothing to avoid."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from certames.auditoria import Ato
from certames.models import Cargo, Certame, Etapa
from editais import fracionamento, servicos
from editais.models import AtoEdital
from tests.factories import CertameFactory

pytestmark = pytest.mark.django_db

JUSTIFICATIVA = ("São cargos de escolas distintas com requisitos de habilitação diferentes "
                 "fixados na lei de criação de cada um.")


def _certame(regime="severinia-lei3057-2026", vagas=(1, 1, 1)):
    certame = CertameFactory(regime=regime, status=Certame.Status.RASCUNHO, cronograma=False,
                             data_publicacao_edital=dt.date(2026, 11, 20))
    for i, n in enumerate(vagas):
        Cargo.objects.create(certame=certame, codigo=f"PEF{i}", vagas=n,
                             nome="Professor de Educação Física" if i % 2 == 0
                             else "professor de educacao  fisica")
    Cargo.objects.create(certame=certame, codigo="MOT", nome="Motorista", vagas=1)
    agora = timezone.now()
    for tipo, de, ate in ((Etapa.Tipo.INSCRICOES, 5, 20), (Etapa.Tipo.RESULTADO_PRELIMINAR, 40, 41),
                          (Etapa.Tipo.RECURSO_RESULTADO, 42, 44)):
        Etapa.objects.create(certame=certame, tipo=tipo, inicio=agora + dt.timedelta(days=de),
                             fim=agora + dt.timedelta(days=ate))
    return certame


def test_tres_cargos_de_uma_vaga_juntos_reservariam_uma_vaga_ppi():
    grupos = fracionamento.suspeitas(_certame())
    assert [g.como_dict() for g in grupos] == [{
        "denominacao": "Professor de Educação Física",
        "cargos": [{"codigo": "PEF0", "vagas": 1}, {"codigo": "PEF1", "vagas": 1},
                   {"codigo": "PEF2", "vagas": 1}],
        "vagas": 3, "reservadas_juntas": {"PPI": 1}}]


def test_cargos_que_ja_reservam_nao_sao_suspeitos():
    assert fracionamento.suspeitas(_certame(vagas=(2, 2))) == []


def test_onde_a_lei_nao_tem_a_regra_nao_ha_aviso():
    assert fracionamento.suspeitas(_certame(regime="smbv-lc22-2026")) == []


def test_publicar_exige_a_justificativa_registrada_no_ato(client, rh):
    certame = _certame()
    with pytest.raises(ValidationError) as erro:
        servicos.publicar_edital(certame, autor=rh)
    assert "Lei 3.057/2026, art. 8º, §4º" in erro.value.message_dict[
        "justificativa_fracionamento"][0]
    certame.refresh_from_db()
    assert certame.status == Certame.Status.RASCUNHO
    client.force_login(rh)
    pagina = client.get(reverse("painel:certame", args=[certame.pk])).content.decode()
    assert 'id="fracionamento"' in pagina
    client.post(reverse("painel:publicar_edital", args=[certame.pk]),
                {"confirmacao": "on", "justificativa_fracionamento": JUSTIFICATIVA})
    ato = AtoEdital.objects.get(certame=certame)
    assert ato.motivacao == JUSTIFICATIVA
    assert ato.conteudo["fracionamento"]["fundamento"] == "Lei 3.057/2026, art. 8º, §4º"
    assert Ato.objects.get(tipo="edital_publicado").motivacao == JUSTIFICATIVA

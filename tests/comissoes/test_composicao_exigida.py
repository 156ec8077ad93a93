"""LC 22/2026, art. 3º, §2º: the heteroidentification committee "deve ter seus membros
distribuídos por gênero, cor" — under SMBV a requirement that blocks scheduling a session and
closing an evaluation; elsewhere (laws silent) a recommendation."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from comissoes.dominio.composicao import motivo_composicao_irregular, pendencias_da_comissao
from comissoes.dominio.sessoes import (
    agendar_sessao,
    encerrar,
    erros_agendamento,
    registrar_comparecimento,
    votar,
)
from comissoes.models import Comissao
from tests.comissoes.fabricas import (
    ComissaoFactory,
    abrir_sessao,
    comissao_completa,
    convocado,
    membro,
    sessao,
)
from tests.factories import CertameFactory

pytestmark = pytest.mark.django_db

SMBV, PIR, SEV = "smbv-lc22-2026", "pirangi-lei3056-2025", "severinia-lei3057-2026"
MOTIVO_SIM = "Fenótipo compatível com pessoa parda."
BLOQUEIO = (
    "A composição da comissão não atende à lei (LC 22/2026, art. 3º, §2º): Todos os membros "
    "titulares são do mesmo gênero. Não há diversidade de cor entre os membros titulares. "
    "Ajuste os membros titulares antes de agendar sessões ou encerrar avaliações.")


def _homogenea(regime, tipo=Comissao.Tipo.HETEROIDENTIFICACAO):
    """Five titulares, all women and all pretas."""
    comissao = ComissaoFactory(certame=CertameFactory(regime=regime), tipo=tipo)
    presidente = membro(comissao, presidente=True)
    outros = [membro(comissao) for _ in range(4)]
    return comissao, presidente, outros


def _inicio():
    return timezone.now() + dt.timedelta(days=10)


@pytest.mark.parametrize("tipo", [Comissao.Tipo.HETEROIDENTIFICACAO, Comissao.Tipo.RECURSAL])
def test_smbv_comissao_sem_distribuicao_nao_agenda_sessao(rh, tipo):
    comissao, *_ = _homogenea(SMBV, tipo)
    assert motivo_composicao_irregular(comissao) == BLOQUEIO
    assert erros_agendamento(comissao, inicio=_inicio(), local="Sala 1",
                             modalidade="presencial") == {"comissao": BLOQUEIO}
    with pytest.raises(ValidationError) as exc:
        agendar_sessao(comissao, inicio=_inicio(), local="Sala 1", modalidade="presencial",
                       autor=rh)
    assert exc.value.message_dict == {"comissao": [BLOQUEIO]}
    assert comissao.sessoes.count() == 0


def test_smbv_so_o_genero_faltando_tambem_bloqueia():
    comissao = ComissaoFactory(certame=CertameFactory(regime=SMBV))
    membro(comissao, presidente=True, cor_raca="preta")
    for cor in ("parda", "branca", "preta", "amarela"):
        membro(comissao, cor_raca=cor)
    assert motivo_composicao_irregular(comissao) == (
        "A composição da comissão não atende à lei (LC 22/2026, art. 3º, §2º): Todos os "
        "membros titulares são do mesmo gênero. Ajuste os membros titulares antes de agendar "
        "sessões ou encerrar avaliações.")


def test_smbv_comissao_distribuida_agenda_mesmo_com_regiao_unica(rh):
    """Region is "preferencialmente": a recommendation, never a block."""
    comissao, presidente, outros = comissao_completa(CertameFactory(regime=SMBV))
    for m in (presidente, *outros):
        m.regiao = "nordeste"
        m.save()
    assert [(p.codigo, p.nivel) for p in pendencias_da_comissao(comissao)
            if p.codigo == "mesma_regiao"] == [("mesma_regiao", "recomendacao")]
    assert motivo_composicao_irregular(comissao) is None
    s = agendar_sessao(comissao, inicio=_inicio(), local="Sala 1", modalidade="presencial",
                       autor=rh)
    assert s.comissao == comissao


@pytest.mark.parametrize("regime", [PIR, SEV])
def test_onde_a_lei_silencia_a_distribuicao_e_recomendacao(rh, regime):
    comissao, *_ = _homogenea(regime)
    niveis = {p.codigo: p.nivel for p in pendencias_da_comissao(comissao)}
    assert (niveis["mesmo_genero"], niveis["sem_diversidade_cor"]) == (
        "recomendacao", "recomendacao")
    assert motivo_composicao_irregular(comissao) is None
    if regime == SEV:
        # Severínia also requires the published criteria (art. 10, §3º, IV).
        comissao.certame.criterios_heteroidentificacao = "Critérios fenotípicos do edital."
        comissao.certame.save()
    assert agendar_sessao(comissao, inicio=_inicio(), local="Sala 1", modalidade="presencial",
                          autor=rh).comissao == comissao


def test_smbv_nao_encerra_avaliacao_se_a_composicao_deixou_de_atender(rh):
    """The committee was distributed when the session began; a member's gender was then
    corrected and all titulares are women: the evaluation cannot be closed."""
    comissao, presidente, outros = comissao_completa(CertameFactory(regime=SMBV))
    s = sessao(comissao, inicio=timezone.now() - dt.timedelta(hours=1), gravacao_exigida=False)
    conv, av = convocado(s)
    abrir_sessao(s)
    registrar_comparecimento(conv, "presente", presidente=presidente)
    for m in (presidente, *outros[:3]):
        votar(av, m, "confirma", MOTIVO_SIM)
    comissao.membros.update(genero="feminino")
    with pytest.raises(ValidationError) as exc:
        encerrar(av, presidente)
    assert exc.value.messages[0].startswith(
        "A composição da comissão não atende à lei (LC 22/2026, art. 3º, §2º): Todos os "
        "membros titulares são do mesmo gênero.")
    av.refresh_from_db()
    assert av.encerrada_em is None
    outros[0].genero = "masculino"
    outros[0].save()
    assert encerrar(av, presidente).resultado == "confirmada"

"""The exemption's schedule (Lei 3.057/2026, art. 3º, I, IV, VI, VII and §3º): the payment
stage cannot end before the final exemption result; an exemption result cannot start before
the request window ends."""

import datetime as dt

import pytest
from django.contrib.admin.sites import AdminSite
from django.core.exceptions import ValidationError
from django.utils import timezone

from certames import cronograma
from certames.admin import EtapaInline
from certames.models import Certame, Etapa
from tests.factories import CertameFactory, EtapaFactory

SEV, SMBV = "severinia-lei3057-2026", "smbv-lc22-2026"
T0 = dt.datetime(2026, 10, 1, 18, 0, tzinfo=dt.UTC)


def dia(n: int, hora: int = 18) -> dt.datetime:
    return T0 + dt.timedelta(days=n, hours=hora - 18)


def test_tipos_concordam_com_o_modelo():
    assert (cronograma.PEDIDO_ISENCAO, cronograma.RESULTADO_PRELIMINAR_ISENCAO,
            cronograma.RESULTADO_DEFINITIVO_ISENCAO, cronograma.PAGAMENTO_TAXA) == (
        Etapa.Tipo.PEDIDO_ISENCAO, Etapa.Tipo.RESULTADO_PRELIMINAR_ISENCAO,
        Etapa.Tipo.RESULTADO_DEFINITIVO_ISENCAO, Etapa.Tipo.PAGAMENTO_TAXA)


def _e(tipo, inicio, fim):
    return Etapa(tipo=tipo, inicio=inicio, fim=fim)


def _isencao():
    from certames.regras import obter_regime

    return obter_regime(SEV).isencao


def test_cronograma_coerente_nao_tem_incoerencias():
    etapas = [_e("pedido_isencao", dia(0), dia(5)),
              _e("resultado_preliminar_isencao", dia(7), dia(7)),
              _e("recurso_isencao", dia(8), dia(9)),
              _e("resultado_definitivo_isencao", dia(11), dia(11)),
              _e("pagamento_taxa", dia(0), dia(14))]
    assert cronograma.incoerencias(etapas, _isencao()) == []


def test_pagamento_termina_antes_do_resultado_definitivo():
    pagamento = _e("pagamento_taxa", dia(0), dia(10))
    definitivo = _e("resultado_definitivo_isencao", dia(11), dia(11))
    (inc,) = cronograma.incoerencias([pagamento, definitivo], _isencao())
    assert (inc.etapa, inc.campo, inc.outra, inc.campo_outra) == (
        pagamento, "fim", definitivo, "fim")
    assert inc.mensagem == (
        "O prazo de pagamento da taxa (até 11/10/2026 15:00) não pode terminar antes do "
        "resultado definitivo da isenção (até 12/10/2026 15:00): quem tiver o pedido "
        "definitivamente indeferido deve poder pagar depois dele (Lei 3.057/2026, art. 3º, "
        "VII e §3º).")
    # Ending at the very moment of the result leaves no time to pay: refused too.
    pagamento.fim = definitivo.fim
    assert len(cronograma.incoerencias([pagamento, definitivo], _isencao())) == 1
    pagamento.fim = definitivo.fim + dt.timedelta(minutes=1)
    assert cronograma.incoerencias([pagamento, definitivo], _isencao()) == []


def test_resultado_antes_do_fim_do_pedido():
    pedido = _e("pedido_isencao", dia(0), dia(5))
    preliminar = _e("resultado_preliminar_isencao", dia(4), dia(6))
    (inc,) = cronograma.incoerencias([pedido, preliminar], _isencao())
    assert (inc.etapa, inc.campo, inc.outra, inc.campo_outra) == (
        preliminar, "inicio", pedido, "fim")
    assert inc.mensagem == (
        "O resultado preliminar da isenção (a partir de 05/10/2026 15:00) não pode começar "
        "antes do fim do prazo de pedido de isenção (06/10/2026 15:00): os pedidos são "
        "analisados depois de feitos (Lei 3.057/2026 de Severínia, art. 3º, IV; Lei 3.057/2026 "
        "de Severínia, art. 2º, §§1º e 2º; art. 3º, I).")
    definitivo = _e("resultado_definitivo_isencao", dia(3), dia(3))
    assert [i.etapa for i in cronograma.incoerencias([pedido, definitivo], _isencao())] == [
        definitivo]
    # Starting when the window closes is coherent.
    preliminar.inicio = pedido.fim
    assert cronograma.incoerencias([pedido, preliminar], _isencao()) == []


def test_sem_lei_de_isencao_a_etapa_de_isencao_nao_cabe_e_a_ordem_cita_o_edital():
    etapas = [_e("pagamento_taxa", dia(0), dia(1)),
              _e("resultado_definitivo_isencao", dia(2), dia(2))]
    propria, ordem = cronograma.incoerencias(etapas, None)
    assert (propria.etapa, propria.campo) == (etapas[1], "tipo")
    assert propria.mensagem == (
        "A lei deste certame não prevê isenção da taxa de inscrição: a etapa “Resultado "
        "definitivo da isenção” (de 03/10/2026 15:00 a 03/10/2026 15:00) não cabe no "
        "cronograma.")
    assert ordem.mensagem.endswith("(cronograma do edital).")
    # The payment stage is the fee's: it stays in a certame without exemption.
    assert cronograma.incoerencias([etapas[0]], None) == []


@pytest.mark.django_db
def test_etapa_clean_recusa_pagamento_antes_do_resultado_definitivo():
    certame = CertameFactory(regime=SEV)
    EtapaFactory(certame=certame, tipo=Etapa.Tipo.RESULTADO_DEFINITIVO_ISENCAO,
                 inicio=dia(11), fim=dia(11))
    pagamento = Etapa(certame=certame, tipo=Etapa.Tipo.PAGAMENTO_TAXA, inicio=dia(0),
                      fim=dia(10))
    with pytest.raises(ValidationError) as exc:
        pagamento.full_clean()
    assert list(exc.value.message_dict) == ["fim"]
    assert "Lei 3.057/2026, art. 3º, VII e §3º" in exc.value.message_dict["fim"][0]
    pagamento.fim = dia(14)
    pagamento.full_clean()
    pagamento.save()
    # Moving the final result after the payment deadline is refused on the result.
    definitivo = certame.etapas.get(tipo=Etapa.Tipo.RESULTADO_DEFINITIVO_ISENCAO)
    definitivo.inicio = definitivo.fim = dia(15)
    with pytest.raises(ValidationError) as exc:
        definitivo.full_clean()
    assert list(exc.value.message_dict) == ["fim"]


@pytest.mark.django_db
def test_etapa_clean_recusa_resultado_antes_do_fim_do_pedido():
    certame = CertameFactory(regime=SEV)
    EtapaFactory(certame=certame, tipo=Etapa.Tipo.PEDIDO_ISENCAO, inicio=dia(0), fim=dia(5))
    preliminar = Etapa(certame=certame, tipo=Etapa.Tipo.RESULTADO_PRELIMINAR_ISENCAO,
                       inicio=dia(2), fim=dia(6))
    with pytest.raises(ValidationError) as exc:
        preliminar.full_clean()
    assert list(exc.value.message_dict) == ["inicio"]
    # Unrelated stages are not judged by these rules.
    EtapaFactory(certame=certame, tipo=Etapa.Tipo.INSCRICOES, inicio=dia(0), fim=dia(1))
    Etapa(certame=certame, tipo=Etapa.Tipo.HETEROIDENTIFICACAO, inicio=dia(1),
          fim=dia(2)).full_clean()


def _formset(certame, linhas, request):
    """The certame admin's schedule inline, bound to `linhas` (tipo, inicio, fim)."""
    inline = EtapaInline(Certame, AdminSite())
    FormSet = inline.get_formset(request, certame)
    prefixo = FormSet.get_default_prefix()
    dados = {f"{prefixo}-TOTAL_FORMS": str(len(linhas)), f"{prefixo}-INITIAL_FORMS": "0",
             f"{prefixo}-MIN_NUM_FORMS": "0", f"{prefixo}-MAX_NUM_FORMS": "1000"}
    local = timezone.get_current_timezone()
    for i, (tipo, inicio, fim) in enumerate(linhas):
        dados[f"{prefixo}-{i}-tipo"] = tipo
        dados[f"{prefixo}-{i}-inicio_0"] = inicio.astimezone(local).strftime("%d/%m/%Y")
        dados[f"{prefixo}-{i}-inicio_1"] = inicio.astimezone(local).strftime("%H:%M:%S")
        dados[f"{prefixo}-{i}-fim_0"] = fim.astimezone(local).strftime("%d/%m/%Y")
        dados[f"{prefixo}-{i}-fim_1"] = fim.astimezone(local).strftime("%H:%M:%S")
    return FormSet(data=dados, instance=certame, prefix=prefixo)


@pytest.mark.django_db
def test_admin_do_certame_recusa_cronograma_incoerente_como_enviado(rf, admin_user):
    request = rf.get("/")
    request.user = admin_user
    certame = CertameFactory(regime=SEV, cronograma=False)
    formset = _formset(certame, [("pagamento_taxa", dia(0), dia(10)),
                                 ("resultado_definitivo_isencao", dia(11), dia(11))],
                       request)
    assert not formset.is_valid()
    assert [e for e in formset.non_form_errors()][0].startswith(
        "O prazo de pagamento da taxa (até 11/10/2026 15:00) não pode terminar antes do "
        "resultado definitivo da isenção")
    # Both stages submitted together in a coherent order: accepted, although each alone
    # would be judged against nothing saved yet.
    formset = _formset(certame, [("pagamento_taxa", dia(0), dia(14)),
                                 ("resultado_definitivo_isencao", dia(11), dia(11))],
                       request)
    assert formset.is_valid(), formset.errors
    formset.save()
    assert sorted(certame.etapas.values_list("tipo", flat=True)) == [
        "pagamento_taxa", "resultado_definitivo_isencao"]


@pytest.mark.django_db
@pytest.mark.parametrize("regime", [SMBV, "federal-lei15142-2025", "pirangi-lei3056-2025"])
def test_etapa_de_isencao_recusada_onde_a_lei_nao_preve_isencao(regime):
    """The reported case: a new certame's schedule with "Pedido de isenção 01/12–05/12" in a
    law without exemption (spec section 3: SMBV and Pirangi "none", federal "n/a")."""
    local = timezone.get_current_timezone()
    certame = CertameFactory(regime=regime)
    assert certame.oferece_isencao is False
    pedido = Etapa(certame=certame, tipo=Etapa.Tipo.PEDIDO_ISENCAO,
                   inicio=dt.datetime(2026, 12, 1, 8, 0, tzinfo=local),
                   fim=dt.datetime(2026, 12, 5, 18, 0, tzinfo=local))
    with pytest.raises(ValidationError) as exc:
        pedido.full_clean()
    assert exc.value.message_dict == {"tipo": [
        "A lei deste certame não prevê isenção da taxa de inscrição: a etapa “Pedido de "
        "isenção da taxa” (de 01/12/2026 08:00 a 05/12/2026 18:00) não cabe no cronograma."]}
    # The fee's payment stage is no exemption stage.
    Etapa(certame=certame, tipo=Etapa.Tipo.PAGAMENTO_TAXA, inicio=pedido.inicio,
          fim=pedido.fim).full_clean()
    # Severínia's law grants it (Lei 3.057/2026, art. 2º): the same stage is accepted.
    severinia = CertameFactory(regime=SEV)
    assert severinia.oferece_isencao is True
    Etapa(certame=severinia, tipo=Etapa.Tipo.PEDIDO_ISENCAO, inicio=pedido.inicio,
          fim=pedido.fim).full_clean()


@pytest.mark.django_db
def test_admin_recusa_etapa_de_isencao_sem_isencao_na_lei(rf, admin_user):
    request = rf.get("/")
    request.user = admin_user
    certame = CertameFactory(regime=SMBV)
    formset = _formset(certame, [("inscricoes", dia(0), dia(10)),
                                 ("recurso_isencao", dia(12), dia(13))], request)
    assert not formset.is_valid()
    assert list(formset.non_form_errors()) == [
        "A lei deste certame não prevê isenção da taxa de inscrição: a etapa “Recurso da "
        "isenção” (de 13/10/2026 15:00 a 14/10/2026 15:00) não cabe no cronograma."]
    assert not certame.etapas.filter(tipo__in=["inscricoes", "recurso_isencao"]).exists()

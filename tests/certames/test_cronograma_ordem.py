"""The schedule in the order of the certame's phases: every appeal window
after the decision it appeals against, every result after its appeal window (Lei 3.057/2026,
art. 3º, IV, V and VI for the exemption; Lei 9.784/1999, arts. 56 and 59 for the other
appeals), refused in the admin as a whole, nothing written."""

import datetime as dt
from html.parser import HTMLParser

import pytest
from django.urls import reverse
from django.utils import timezone

from certames import cronograma
from certames.models import Ato, Certame, Etapa
from tests.factories import CertameFactory, EtapaFactory

SEV = "severinia-lei3057-2026"
T0 = dt.datetime(2026, 10, 1, 18, 0, tzinfo=dt.UTC)  # 15:00 in São Paulo


def dia(n: int) -> dt.datetime:
    return T0 + dt.timedelta(days=n)


def _e(tipo, de, ate):
    return Etapa(tipo=tipo, inicio=dia(de), fim=dia(ate))


def _isencao():
    from certames.regras import obter_regime

    return obter_regime(SEV).isencao


def test_nomes_sao_os_do_modelo():
    assert {t: str(n) for t, n in cronograma.NOMES.items()} == {
        t: str(Etapa.Tipo(t).label) for t in cronograma.NOMES}
    tipos = set(Etapa.Tipo.values)
    assert set(cronograma.RECORRE_DE) | set(cronograma.RECORRE_DE.values()) <= tipos
    assert set(cronograma.DEPOIS_DO_RECURSO) | set(cronograma.DEPOIS_DO_RECURSO.values()) <= tipos


def test_recurso_da_isencao_antes_do_resultado_preliminar():
    etapas = [_e("pedido_isencao", 0, 5), _e("resultado_preliminar_isencao", 7, 7),
              _e("recurso_isencao", 6, 9), _e("resultado_definitivo_isencao", 11, 11)]
    assert [i.mensagem for i in cronograma.incoerencias(etapas, _isencao())] == [
        "A etapa “Recurso da isenção” (a partir de 07/10/2026 15:00) não pode começar antes "
        "da etapa “Resultado preliminar da isenção” (a partir de 08/10/2026 15:00): "
        "recorre-se de uma decisão já divulgada (Lei 3.057/2026 de Severínia, art. 3º, V e "
        "§2º)."]


def test_analise_do_atendimento_especializado_depois_do_inicio_das_inscricoes():
    """Requests are made at the inscrição (Decreto 9.508/2018, art. 4º) and decided once made
    (Lei 9.784/1999, art. 48): the analysis may run alongside the inscrições, not before."""
    etapas = [_e("inscricoes", 2, 30), _e("analise_atendimento", 1, 40)]
    (inc,) = cronograma.incoerencias(etapas, _isencao())
    assert (inc.etapa.tipo, inc.campo, inc.outra.tipo, inc.campo_outra) == (
        "analise_atendimento", "inicio", "inscricoes", "inicio")
    assert inc.mensagem == (
        "A etapa “Análise dos pedidos de atendimento especializado” (a partir de 02/10/2026 "
        "15:00) não pode começar antes das inscrições (a partir de 03/10/2026 15:00): o "
        "atendimento especializado é pedido na inscrição e decidido depois de pedido "
        "(Decreto 9.508/2018, art. 4º; Lei 9.784/1999, art. 48).")
    assert cronograma.incoerencias([_e("inscricoes", 2, 30), _e("analise_atendimento", 2, 40)],
                                   _isencao()) == []


def test_resultado_definitivo_da_isencao_antes_do_fim_do_recurso():
    etapas = [_e("resultado_preliminar_isencao", 7, 7), _e("recurso_isencao", 8, 12),
              _e("resultado_definitivo_isencao", 11, 11)]
    (inc,) = cronograma.incoerencias(etapas, _isencao())
    assert (inc.etapa.tipo, inc.campo, inc.outra.tipo, inc.campo_outra) == (
        "resultado_definitivo_isencao", "inicio", "recurso_isencao", "fim")
    assert inc.mensagem == (
        "A etapa “Resultado definitivo da isenção” (a partir de 12/10/2026 15:00) não pode "
        "começar antes do fim da etapa “Recurso da isenção” (13/10/2026 15:00): o resultado "
        "considera os recursos (Lei 3.057/2026 de Severínia, art. 3º, VI).")


def test_recursos_das_comissoes_e_do_resultado_seguem_a_ordem():
    etapas = [_e("heteroidentificacao", 60, 62), _e("recurso_heteroidentificacao", 59, 66),
              _e("verificacao_documental", 60, 62), _e("recurso_verificacao_documental", 65, 66),
              _e("resultado_preliminar", 80, 80), _e("recurso_resultado", 81, 82),
              _e("resultado_final", 81, 81)]
    assert [(i.etapa.tipo, i.outra.tipo, i.mensagem.split(": ")[1])
            for i in cronograma.incoerencias(etapas, None)] == [
        ("recurso_heteroidentificacao", "heteroidentificacao",
         "recorre-se de uma decisão já divulgada (Lei 9.784/1999, art. 59)."),
        ("resultado_final", "recurso_resultado",
         "o resultado considera os recursos (Lei 9.784/1999, arts. 56 e 59)."),
    ]
    # The demo's order: appeals right after, the final result after the appeal ends.
    coerente = [_e("heteroidentificacao", 60, 62), _e("recurso_heteroidentificacao", 65, 66),
                _e("resultado_preliminar", 80, 80), _e("recurso_resultado", 81, 82),
                _e("resultado_final", 95, 95)]
    assert cronograma.incoerencias(coerente, None) == []


# --- the admin, as a browser posts it ------------------------------------------------------------


class _Formulario(HTMLParser):
    """The fields a browser would post from the page's main form."""

    def __init__(self):
        super().__init__()
        self.dados: dict[str, str] = {}
        self._select = None
        self._textarea = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        nome = a.get("name")
        if tag == "input" and nome and a.get("type") not in ("submit", "button", "file"):
            if a.get("type") in ("checkbox", "radio") and "checked" not in a:
                return
            self.dados[nome] = a.get("value") or ""
        elif tag == "select" and nome:
            self._select = nome
            self.dados.setdefault(nome, "")
        elif tag == "option" and self._select and "selected" in a:
            self.dados[self._select] = a.get("value") or ""
        elif tag == "textarea" and nome:
            self._textarea = nome
            self.dados[nome] = ""

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None

    def handle_data(self, data):
        if self._textarea:
            self.dados[self._textarea] += data


def _dados_da_pagina(html: str) -> dict[str, str]:
    leitor = _Formulario()
    leitor.feed(html)
    return {k: v for k, v in leitor.dados.items() if "__prefix__" not in k}


def _linha(dados, prefixo, i, certame, tipo, inicio, fim):
    local = timezone.get_current_timezone()
    dados.update({
        f"{prefixo}-{i}-id": "", f"{prefixo}-{i}-certame": str(certame.pk),
        f"{prefixo}-{i}-tipo": tipo, f"{prefixo}-{i}-descricao": "",
        f"{prefixo}-{i}-inicio_0": inicio.astimezone(local).strftime("%d/%m/%Y"),
        f"{prefixo}-{i}-inicio_1": inicio.astimezone(local).strftime("%H:%M:%S"),
        f"{prefixo}-{i}-fim_0": fim.astimezone(local).strftime("%d/%m/%Y"),
        f"{prefixo}-{i}-fim_1": fim.astimezone(local).strftime("%H:%M:%S"),
    })


@pytest.mark.django_db
def test_admin_do_certame_recusa_resultado_antes_do_pedido_e_nada_grava(admin_client):
    certame = CertameFactory(regime=SEV, titulo="Concurso de Severínia",
                             data_publicacao_edital=dt.date(2026, 9, 20),
                             cronograma=False)
    url = reverse("admin:certames_certame_change", args=[certame.pk])
    dados = _dados_da_pagina(admin_client.get(url).content.decode())
    assert dados["etapas-TOTAL_FORMS"] == "0"
    dados["titulo"] = "Título mudado no mesmo envio"
    dados["etapas-TOTAL_FORMS"] = "2"
    _linha(dados, "etapas", 0, certame, "pedido_isencao", dia(0), dia(5))
    _linha(dados, "etapas", 1, certame, "resultado_preliminar_isencao", dia(3), dia(3))
    atos, historicos = Ato.objects.count(), certame.history.count()
    resposta = admin_client.post(url, {**dados, "_save": "Salvar"})
    assert resposta.status_code == 200
    # The schedule is the only thing refused.
    assert [str(e)[:60] for e in resposta.context["errors"]] == [
        "O resultado preliminar da isenção (a partir de 04/10/2026 15"]
    html = resposta.content.decode()
    assert ("O resultado preliminar da isenção (a partir de 04/10/2026 15:00) não pode "
            "começar antes do fim do prazo de pedido de isenção (06/10/2026 15:00)") in html
    certame.refresh_from_db()
    assert (certame.titulo, certame.etapas.count(), Ato.objects.count(),
            certame.history.count()) == ("Concurso de Severínia", 0, atos, historicos)
    # The same submission in the order of the law is saved, with the title.
    _linha(dados, "etapas", 1, certame, "resultado_preliminar_isencao", dia(7), dia(7))
    resposta = admin_client.post(url, {**dados, "_save": "Salvar"})
    assert resposta.status_code == 302, resposta.context["errors"]
    certame.refresh_from_db()
    assert (certame.titulo, sorted(certame.etapas.values_list("tipo", flat=True))) == (
        "Título mudado no mesmo envio", ["pedido_isencao", "resultado_preliminar_isencao"])


@pytest.mark.django_db
def test_admin_da_etapa_recusa_recurso_antes_do_resultado(admin_client):
    certame = CertameFactory(regime=SEV, data_publicacao_edital=dt.date(2026, 9, 20),
                             cronograma=False)
    EtapaFactory(certame=certame, tipo=Etapa.Tipo.RESULTADO_PRELIMINAR_ISENCAO,
                 inicio=dia(7), fim=dia(7))
    url = reverse("admin:certames_etapa_add")
    dados = _dados_da_pagina(admin_client.get(url).content.decode())
    local = timezone.get_current_timezone()
    dados.update({"certame": str(certame.pk), "tipo": "recurso_isencao",
                  "inicio_0": dia(6).astimezone(local).strftime("%d/%m/%Y"),
                  "inicio_1": "15:00:00",
                  "fim_0": dia(9).astimezone(local).strftime("%d/%m/%Y"), "fim_1": "15:00:00"})
    resposta = admin_client.post(url, {**dados, "_save": "Salvar"})
    assert resposta.status_code == 200
    assert ("A etapa “Recurso da isenção” (a partir de 07/10/2026 15:00) não pode começar "
            "antes da etapa “Resultado preliminar da isenção”") in resposta.content.decode()
    assert list(Certame.objects.get(pk=certame.pk).etapas.values_list("tipo", flat=True)) == [
        "resultado_preliminar_isencao"]


@pytest.mark.django_db
def test_pagina_do_certame_no_rh_aponta_cronograma_fora_de_ordem(client, rh):
    certame = CertameFactory(regime=SEV, data_publicacao_edital=dt.date(2026, 9, 20))
    # Written around the forms (as a schedule saved before the rule): the RH page tells it.
    EtapaFactory(certame=certame, tipo=Etapa.Tipo.PEDIDO_ISENCAO, inicio=dia(0), fim=dia(5))
    EtapaFactory(certame=certame, tipo=Etapa.Tipo.RESULTADO_PRELIMINAR_ISENCAO,
                 inicio=dia(3), fim=dia(3))
    client.force_login(rh)
    html = client.get(reverse("painel:certame", args=[certame.pk])).content.decode()
    assert "O cronograma tem etapas incoerentes:" in html
    assert ("<li>O resultado preliminar da isenção (a partir de 04/10/2026 15:00) não pode "
            "começar antes do fim do prazo de pedido de isenção (06/10/2026 15:00)") in html
    Etapa.objects.filter(tipo=Etapa.Tipo.RESULTADO_PRELIMINAR_ISENCAO).update(
        inicio=dia(7), fim=dia(7))
    html = client.get(reverse("painel:certame", args=[certame.pk])).content.decode()
    assert "O cronograma está fora da ordem das fases:" not in html

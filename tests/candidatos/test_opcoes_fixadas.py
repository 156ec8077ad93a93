"""Options fixed at the inscrição: inside the inscrições window RH and the
candidate may change the reserved-list options; after it nobody may (RH's page, the portal,
the admin, a re-import), the refusal cites the regime's article, and a data error is corrected
only by the motivated retificação, recorded before/after and notified by e-mail."""

from __future__ import annotations

import datetime as dt
from unittest import mock
from zoneinfo import ZoneInfo

import pytest
from django.core import mail
from django.core.exceptions import ValidationError
from django.urls import reverse

from candidatos import inscricao_portal, retificacao, servicos
from candidatos.importacao import ArquivoRejeitado, importar_inscricoes
from candidatos.models import Inscricao
from certames.models import Ato, Certame, Etapa
from certames.regras import obter_regime
from comum.cache_publico import Renovacao
from tests.factories import (
    CandidatoFactory,
    CargoFactory,
    CertameFactory,
    EtapaFactory,
    InscricaoFactory,
    usuario,
)

pytestmark = pytest.mark.django_db

SP = ZoneInfo("America/Sao_Paulo")
INICIO = dt.datetime(2026, 10, 5, 8, 0, tzinfo=SP)
FIM = dt.datetime(2026, 10, 30, 23, 59, tzinfo=SP)
DENTRO = dt.datetime(2026, 10, 15, 12, 0, tzinfo=SP)
DEPOIS = dt.datetime(2026, 11, 5, 12, 0, tzinfo=SP)

SMBV = "smbv-lc22-2026"
SEVERINIA = "severinia-lei3057-2026"
PIRANGI = "pirangi-lei3056-2025"
FEDERAL = "federal-lei15142-2025"
#: regime -> (the reserved list a parda candidate may choose, the article cited)
REGIMES = {
    SMBV: ("PP", "LC 22/2026, art. 2º"),
    SEVERINIA: ("PPI", "Lei 3.057/2026, art. 10, caput"),
    PIRANGI: ("PP", "Lei 3.056/2025, art. 5º, §2º"),
    FEDERAL: ("PP", "padrão do produto (como na LC 22/2026, art. 2º): opção e autodeclaração "
                    "feitas na inscrição"),
}
MOTIVACAO = "Pedido do candidato protocolado dentro do período de inscrições."
MOTIVACAO_RETIFICACAO = ("A banca transcreveu a ficha sem a opção PP; o comprovante emitido na "
                         "inscrição mostra a opção assinalada.")


def recusa(artigo: str) -> str:
    return ("A opção pelas vagas reservadas e a autodeclaração são feitas na inscrição e só "
            f"podem ser alteradas até o fim do período de inscrições ({artigo}). O período de "
            "inscrições terminou em 30/10/2026 23:59. Depois disso, só a decisão de um "
            "procedimento altera a situação do(a) candidato(a) em uma lista; um erro no "
            "registro dos dados declarados se corrige por ato motivado de retificação.")


def relogio(momento):
    """The clock at a fixed moment (timezone.now, read through the module by the code)."""
    return mock.patch("django.utils.timezone.now", return_value=momento)


def inscricao(regime=PIRANGI, listas=(), candidato=None, **kwargs):
    certame = CertameFactory(regime=regime, data_publicacao_edital=dt.date(2026, 10, 1),
                             status=Certame.Status.EM_ANDAMENTO)
    EtapaFactory(certame=certame, tipo=Etapa.Tipo.INSCRICOES, inicio=INICIO, fim=FIM)
    cargo = CargoFactory(certame=certame, codigo="ENF", vagas=10)
    extra = {"candidato": candidato} if candidato is not None else {}
    return InscricaoFactory(cargo=cargo, cor_raca="parda", listas=list(listas),
                            situacao=Inscricao.Situacao.INSCRITO, **extra, **kwargs)


# --- the regime's data ------------------------------------------------------------------------


def test_cada_regime_cita_o_artigo_que_fixa_as_opcoes_na_inscricao():
    assert {r: obter_regime(r).fundamento_opcoes_na_inscricao for r in REGIMES} == {
        r: artigo for r, (_lista, artigo) in REGIMES.items()}
    assert obter_regime(SMBV).como_dict()["fundamento_opcoes_na_inscricao"] == (
        "LC 22/2026, art. 2º")


def test_janela_fixada_pelo_fim_da_ultima_etapa_de_inscricoes_ou_pela_homologacao():
    insc = inscricao()
    certame = insc.cargo.certame
    assert servicos.fim_das_inscricoes(certame) == FIM
    assert (servicos.opcoes_fixadas(certame, DENTRO), servicos.opcoes_fixadas(certame, DEPOIS)) \
        == (False, True)
    # A reopened window (a second stage) moves the end.
    EtapaFactory(certame=certame, tipo=Etapa.Tipo.INSCRICOES, inicio=DEPOIS - dt.timedelta(1),
                 fim=DEPOIS + dt.timedelta(days=2))
    assert servicos.opcoes_fixadas(certame, DEPOIS) is False
    # Without a scheduled stage: fixed from homologation.
    sem_etapa = CertameFactory(status=Certame.Status.EM_ANDAMENTO)
    assert servicos.opcoes_fixadas(sem_etapa, DEPOIS) is False
    sem_etapa.status = Certame.Status.HOMOLOGADO
    assert servicos.opcoes_fixadas(sem_etapa, DEPOIS) is True


# --- RH: inside the window, then refused with each regime's article ----------------------------


def test_rh_altera_a_opcao_dentro_do_periodo(rh):
    insc = inscricao()
    with relogio(DENTRO):
        servicos.alterar_opcoes(insc, ["PP"], autor=rh, motivacao=MOTIVACAO)
    insc.refresh_from_db()
    assert insc.listas == ["PP"]
    ato = Ato.objects.get(tipo="opcao_listas")
    assert (ato.antes, ato.depois) == ({"listas": []}, {"listas": ["PP"]})


@pytest.mark.parametrize("regime", list(REGIMES))
def test_rh_nao_altera_depois_do_periodo_e_a_recusa_cita_o_artigo_do_regime(rh, regime):
    lista, artigo = REGIMES[regime]
    insc = inscricao(regime=regime)
    with relogio(DEPOIS), pytest.raises(ValidationError) as exc:
        servicos.alterar_opcoes(insc, [lista], autor=rh, motivacao=MOTIVACAO)
    assert exc.value.messages == [recusa(artigo)]
    insc.refresh_from_db()
    assert insc.listas == []
    assert Ato.objects.filter(tipo="opcao_listas").count() == 0


def test_pagina_rh_depois_do_periodo_mostra_a_regra_e_recusa_o_post(client, rh):
    insc = inscricao(listas=["PP"])
    client.force_login(rh)
    url = reverse("painel:inscricao", args=[insc.pk])
    with relogio(DEPOIS):
        html = client.get(url).content.decode()
        resposta = client.post(url, {"acao": "opcoes", "opcoes-listas": [],
                                     "opcoes-motivacao": MOTIVACAO,
                                     "opcoes-confirmacao": "on"})
    assert 'name="opcoes-listas"' not in html
    assert reverse("painel:inscricao_retificar", args=[insc.pk]) in html
    assert resposta.status_code == 400
    assert resposta.context["form_opcoes"].non_field_errors() == [
        recusa("Lei 3.056/2025, art. 5º, §2º")]
    insc.refresh_from_db()
    assert insc.listas == ["PP"]


# --- the candidate ----------------------------------------------------------------------------


def _conta(username):
    user = usuario(username, "Candidato")
    CandidatoFactory(usuario=user)
    return user


def test_candidato_altera_dentro_e_nao_depois_do_periodo(client):
    user = _conta("cand_fixadas")
    insc = inscricao(regime=SMBV, listas=["PP"], candidato=user.candidato)
    client.force_login(user)
    url = reverse("portal:opcoes", args=[insc.pk])
    with relogio(DENTRO):
        assert client.post(url, {"listas": [], "confirmacao": "on"}).status_code == 302
    insc.refresh_from_db()
    assert insc.listas == []
    with relogio(DEPOIS):
        pagina = client.get(url)
        resposta = client.post(url, {"listas": ["PP"], "confirmacao": "on"})
        with pytest.raises(ValidationError) as exc:
            inscricao_portal.alterar_opcoes_pelo_candidato(insc, ["PP"], autor=user)
    assert pagina.context["motivo"] == recusa("LC 22/2026, art. 2º")
    assert resposta.status_code == 200
    assert exc.value.messages == [recusa("LC 22/2026, art. 2º")]
    insc.refresh_from_db()
    assert insc.listas == []
    assert Ato.objects.filter(tipo="opcao_listas").count() == 1


def test_outro_candidato_recebe_404(client):
    dono = _conta("cand_dono")
    outro = _conta("cand_outro")
    insc = inscricao(listas=["PP"], candidato=dono.candidato)
    client.force_login(outro)
    url = reverse("portal:opcoes", args=[insc.pk])
    with relogio(DENTRO):
        assert client.get(url).status_code == 404
        assert client.post(url, {"listas": [], "confirmacao": "on"}).status_code == 404
    insc.refresh_from_db()
    assert insc.listas == ["PP"]


# --- the admin --------------------------------------------------------------------------------


def test_admin_recusa_alterar_listas_e_autodeclaracao(client, rh):
    insc = inscricao(listas=["PP"])
    client.force_login(rh)
    url = reverse("admin:candidatos_inscricao_change", args=[insc.pk])
    with relogio(DEPOIS):
        html = client.get(url).content.decode()
        resposta = client.post(url, {"listas": "[]", "cor_raca": "branca"})
        apagar = client.post(reverse("admin:candidatos_inscricao_delete", args=[insc.pk]),
                             {"post": "yes"})
    assert 'name="listas"' not in html
    assert 'name="cor_raca"' not in html
    assert reverse("painel:inscricao_retificar", args=[insc.pk]) in html
    assert (resposta.status_code, apagar.status_code) == (403, 403)
    insc.refresh_from_db()
    assert (insc.listas, insc.cor_raca) == (["PP"], "parda")


# --- a re-import ------------------------------------------------------------------------------


CABECALHO = "inscricao;cpf;nome;cargo;cor_raca;quilombola;deficiencia;tipo_deficiencia;listas;nota"


def test_reimportacao_depois_do_periodo_nao_muda_a_opcao_mas_grava_a_nota():
    insc = inscricao(listas=["PP"])
    certame = insc.cargo.certame
    cpf = insc.candidato.cpf
    linha = f"{insc.numero};{cpf};{insc.candidato.nome};ENF;parda;não;não;;%s;80"
    with relogio(DEPOIS):
        with pytest.raises(ArquivoRejeitado) as exc:
            importar_inscricoes(certame, f"{CABECALHO}\n{linha % ''}\n".encode())
        importar_inscricoes(certame, f"{CABECALHO}\n{linha % 'PP'}\n".encode())
    assert [(e.linha, e.coluna, e.mensagem) for e in exc.value.erros] == [(
        2, "listas",
        f"a inscrição {insc.numero} já existe com outra autodeclaração ou opção (listas). "
        + recusa("Lei 3.056/2025, art. 5º, §2º"))]
    insc.refresh_from_db()
    assert (insc.listas, str(insc.nota)) == (["PP"], "80.0000")


# --- the retificação ----------------------------------------------------------------------------


def test_retificacao_registra_antes_e_depois_e_notifica_o_candidato(
        rh, django_capture_on_commit_callbacks):
    insc = inscricao(listas=[])
    insc.candidato.email = "candidata@example.org"
    insc.candidato.save()
    with relogio(DEPOIS), django_capture_on_commit_callbacks(execute=True) as callbacks:
        ato = retificacao.retificar(
            insc, autor=rh, cor_raca="parda", quilombola=False, deficiencia=False,
            tipo_deficiencia="", listas=["PP"],
            declarado_na_inscricao="Parda, optante pela lista PP.",
            prova="Comprovante de inscrição de 10/10/2026.", motivacao=MOTIVACAO_RETIFICACAO)
    insc.refresh_from_db()
    assert insc.listas == ["PP"]
    registrado = {"cor_raca": "parda", "quilombola": False, "deficiencia": False,
                  "tipo_deficiencia": ""}
    assert (ato.tipo, ato.autor, ato.motivacao, ato.fundamento_legal) == (
        "retificacao_inscricao", rh, MOTIVACAO_RETIFICACAO, "Lei 3.056/2025, art. 5º, §2º")
    assert ato.antes == {**registrado, "listas": []}
    assert ato.depois == {**registrado, "listas": ["PP"],
                          "declarado_na_inscricao": "Parda, optante pela lista PP.",
                          "prova": "Comprovante de inscrição de 10/10/2026."}
    # Queued by name on commit (with the recompute), and sent: the task records the notice in
    # the outbox, whose sending is queued on commit in turn (comum.emails).
    assert len([c for c in callbacks if not isinstance(c, Renovacao)]) == 3
    assert [(m.subject, m.to) for m in mail.outbox] == [
        (f"Retificação de dado da sua inscrição {insc.numero}", ["candidata@example.org"])]
    assert "Registrado: Parda; listas: nenhuma lista reservada\n" in mail.outbox[0].body
    assert "Retificado para: Parda; listas: PP\n" in mail.outbox[0].body


def test_retificacao_fila_por_nome():
    insc = inscricao(listas=[])
    with relogio(DEPOIS), mock.patch("candidatos.retificacao.enfileirar") as enfileirar, \
            mock.patch("candidatos.retificacao.transaction.on_commit",
                       side_effect=lambda f: f()):
        ato = retificacao.retificar(
            insc, autor=None, cor_raca="parda", quilombola=False, deficiencia=False,
            tipo_deficiencia="", listas=["PP"],
            declarado_na_inscricao="Parda, optante pela lista PP.",
            prova="Comprovante de inscrição de 10/10/2026.", motivacao=MOTIVACAO_RETIFICACAO)
    assert enfileirar.call_args_list == [
        mock.call("candidatos.notificar_retificacao_inscricao", ato.pk)]


def test_retificacao_exige_motivacao_especifica_prova_e_mudanca(rh):
    insc = inscricao(listas=["PP"])
    dados = {"cor_raca": "parda", "quilombola": False, "deficiencia": False,
             "tipo_deficiencia": "", "listas": [], "declarado_na_inscricao": "Parda, sem opção.",
             "prova": "Ficha da banca, página 3."}
    with pytest.raises(ValidationError) as exc:
        retificacao.retificar(insc, autor=rh, **dados, motivacao="Erro.")
    assert list(exc.value.message_dict) == ["motivacao"]
    with pytest.raises(ValidationError) as exc:
        retificacao.retificar(insc, autor=rh, **{**dados, "prova": ""},
                              motivacao=MOTIVACAO_RETIFICACAO)
    assert exc.value.message_dict == {"prova": [
        "Informe a prova do que foi declarado na inscrição (comprovante, ficha da banca, "
        "registro do sistema)."]}
    with pytest.raises(ValidationError) as exc:
        retificacao.retificar(insc, autor=rh, **{**dados, "listas": ["PP"]},
                              motivacao=MOTIVACAO_RETIFICACAO)
    assert exc.value.message_dict == {"__all__": [
        "Os dados informados são os já registrados: nada a retificar."]}
    with pytest.raises(ValidationError) as exc:
        retificacao.retificar(insc, autor=rh, **{**dados, "listas": ["I"]},
                              motivacao=MOTIVACAO_RETIFICACAO)
    assert exc.value.message_dict == {"listas": ["A lista I exige autodeclaração indígena."]}
    insc.refresh_from_db()
    assert insc.listas == ["PP"]
    assert Ato.objects.filter(tipo="retificacao_inscricao").count() == 0


def _post_retificacao(**extra):
    return {"cor_raca": "parda", "listas": ["PP"], "tipo_deficiencia": "",
            "declarado_na_inscricao": "Parda, optante pela lista PP.",
            "prova": "Comprovante de inscrição de 10/10/2026.",
            "motivacao": MOTIVACAO_RETIFICACAO, **extra}


def test_pagina_de_retificacao_exige_confirmacao_e_o_candidato_ve_o_ato(
        client, rh, django_capture_on_commit_callbacks):
    user = _conta("cand_retificada")
    insc = inscricao(listas=[], candidato=user.candidato)
    url = reverse("painel:inscricao_retificar", args=[insc.pk])
    client.force_login(rh)
    with relogio(DEPOIS):
        pagina = client.get(url)
        sem_confirmar = client.post(url, _post_retificacao())
        with django_capture_on_commit_callbacks(execute=True):
            confirmada = client.post(url, _post_retificacao(confirmacao="on"))
        desconhecida = client.get(reverse("painel:inscricao_retificar", args=[999999]))
    assert pagina.context["registrado"] == "Parda; listas: nenhuma lista reservada"
    assert sem_confirmar.status_code == 400
    assert sem_confirmar.context["form"].errors["confirmacao"] == [
        "Confirme a retificação marcando a caixa."]
    assert confirmada.status_code == 302
    assert confirmada["Location"] == reverse("painel:inscricao", args=[insc.pk])
    assert Ato.objects.filter(tipo="retificacao_inscricao").count() == 1
    assert desconhecida.status_code == 404

    client.force_login(user)
    with relogio(DEPOIS):
        status = client.get(reverse("portal:inscricao", args=[insc.pk]))
    [r] = status.context["retificacoes"]
    assert (r.antes, r.depois, r.prova, r.fundamento) == (
        "Parda; listas: nenhuma lista reservada", "Parda; listas: PP",
        "Comprovante de inscrição de 10/10/2026.", "Lei 3.056/2025, art. 5º, §2º")
    assert 'id="retificacoes"' in status.content.decode()


def test_formulario_de_retificacao_abre_com_o_que_esta_registrado(client, rh):
    insc = inscricao(listas=["PP"], deficiencia=True, tipo_deficiencia="visual")
    client.force_login(rh)
    with relogio(DEPOIS):
        form = client.get(reverse("painel:inscricao_retificar", args=[insc.pk])).context["form"]
    assert {campo: form[campo].value() for campo in
            ("cor_raca", "quilombola", "deficiencia", "tipo_deficiencia", "listas")} == {
        "cor_raca": "parda", "quilombola": False, "deficiencia": True,
        "tipo_deficiencia": "visual", "listas": ["PP"]}

"""Candidate portal: inscrição in the window, options against the self-declaration, one
inscrição per cargo, numbering, the option change (Pirangi art. 5º §2º) and the receipt."""

import datetime as dt
import threading
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.db import connection, connections
from django.urls import reverse
from django.utils import timezone

from candidatos import inscricao_portal
from candidatos.comprovante import dados_comprovante, hash_verificacao
from candidatos.models import Inscricao
from certames.models import Ato, Cargo, Etapa
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

#: The confirmation box every act-recording POST requires (`comum.confirmacao`).
CAIXA = {"confirmacao": "on"}

PIRANGI = "pirangi-lei3056-2025"
SEVERINIA = "severinia-lei3057-2026"


def conta_candidato(username="cand_portal", **kwargs):
    user = usuario(username, "Candidato")
    CandidatoFactory(usuario=user, **kwargs)
    return user


def certame_aberto(regime=PIRANGI, **kwargs):
    publicacao = dt.date(2026, 10, 1) if regime == SEVERINIA else dt.date(2026, 2, 10)
    certame = CertameFactory(regime=regime, data_publicacao_edital=publicacao, **kwargs)
    EtapaFactory(certame=certame, tipo=Etapa.Tipo.INSCRICOES)
    return certame


def fechar_inscricoes(certame):
    ontem = timezone.now() - dt.timedelta(days=1)
    Etapa.objects.filter(certame=certame, tipo=Etapa.Tipo.INSCRICOES).update(
        inicio=ontem - dt.timedelta(days=30), fim=ontem)


def dados_inscricao(cargo, **extra):
    return {"cargo": cargo.pk, "cor_raca": "parda", "quilombola": "", "deficiencia": "",
            "tipo_deficiencia": "", "listas": ["PP"], "declaracao": "on", **extra}


@pytest.fixture
def cand(client):
    user = conta_candidato()
    client.force_login(user)
    return user


# --- the window ------------------------------------------------------------------------------


def test_formulario_mostra_o_texto_da_lei_em_cada_opcao(client, cand):
    certame = certame_aberto()
    CargoFactory(certame=certame)
    html = client.get(reverse("portal:inscrever", args=[certame.pk])).content.decode()
    for texto in ("Pessoas pretas e pardas — 15% das vagas (Lei 3.056/2025, art. 3º, I)",
                  "Pessoas indígenas — 3% das vagas (Lei 3.056/2025, art. 3º, II)",
                  "Pessoas quilombolas — 2% das vagas (Lei 3.056/2025, art. 3º, III)",
                  "Pessoas com deficiência — 5% das vagas"):
        assert texto in html
    assert "Lei 3.056/2025, art. 5º, §2º" in html


def test_opcoes_do_regime_vem_dos_dados_do_regime():
    from certames.regras.regimes import obter_regime

    textos = [o.texto for o in inscricao_portal.opcoes_do_regime(obter_regime(SEVERINIA))]
    assert textos[0] == ("Pessoas pretas, pardas e indígenas — 30% das vagas "
                         "(Lei 3.057/2026, art. 8º)")
    assert [o.codigo for o in inscricao_portal.opcoes_do_regime(obter_regime(SEVERINIA))] == [
        "PPI", "PCD"]


@pytest.mark.parametrize("quando", ["antes", "depois"])
def test_inscricao_fora_do_periodo_e_recusada(client, cand, quando):
    certame = CertameFactory(regime=PIRANGI)
    agora = timezone.now()
    if quando == "antes":
        EtapaFactory(certame=certame, inicio=agora + dt.timedelta(days=2),
                     fim=agora + dt.timedelta(days=30))
        esperado = "Inscrições fechadas. O período de inscrições começa em"
    else:
        EtapaFactory(certame=certame, inicio=agora - dt.timedelta(days=30),
                     fim=agora - dt.timedelta(minutes=1))
        esperado = "Inscrições fechadas. O período de inscrições terminou em"
    cargo = CargoFactory(certame=certame)
    html = client.get(reverse("portal:inscrever", args=[certame.pk])).content.decode()
    assert esperado in html
    assert 'name="cor_raca"' not in html
    resposta = client.post(reverse("portal:inscrever", args=[certame.pk]),
                           dados_inscricao(cargo), follow=True)
    assert esperado in resposta.content.decode()
    assert Inscricao.objects.count() == 0
    # The domain refuses too, whoever calls it.
    with pytest.raises(ValidationError) as exc:
        inscricao_portal.inscrever(cand.candidato, cargo, cor_raca="parda", quilombola=False,
                                   deficiencia=False, tipo_deficiencia="", listas=[], autor=cand)
    assert exc.value.messages[0].startswith(esperado)


def test_certame_sem_etapa_de_inscricoes_nao_recebe(client, cand):
    certame = CertameFactory(regime=PIRANGI)
    cargo = CargoFactory(certame=certame)
    with pytest.raises(ValidationError) as exc:
        inscricao_portal.inscrever(cand.candidato, cargo, cor_raca="parda", quilombola=False,
                                   deficiencia=False, tipo_deficiencia="", listas=[], autor=cand)
    assert exc.value.messages == [
        "Inscrições fechadas. O cronograma deste certame não tem período de inscrições."]


def test_certame_rascunho_nao_aparece_nem_recebe(client, cand):
    certame = certame_aberto(status="rascunho")
    assert client.get(reverse("portal:inscrever", args=[certame.pk])).status_code == 404
    assert certame not in inscricao_portal.certames_com_inscricoes_abertas()


def test_inscricao_durante_o_periodo(client, cand, django_capture_on_commit_callbacks):
    certame = certame_aberto()
    cargo = CargoFactory(certame=certame, taxa_inscricao=Decimal("80.00"))
    with django_capture_on_commit_callbacks(execute=True):
        resposta = client.post(reverse("portal:inscrever", args=[certame.pk]),
                               dados_inscricao(cargo))
    insc = Inscricao.objects.get()
    assert resposta.status_code == 302
    assert resposta["Location"] == reverse("portal:inscricao", args=[insc.pk])
    assert (insc.candidato, insc.cargo, insc.certame, insc.numero, insc.cor_raca, insc.listas,
            insc.situacao, insc.situacao_taxa) == (
        cand.candidato, cargo, certame, "2026000001", "parda", ["PP"], "inscrito", "pendente")
    ato = Ato.objects.get(tipo="inscricao")
    assert (ato.autor, ato.certame, ato.objeto_id) == (cand, certame, str(insc.pk))
    assert ato.depois["listas"] == ["PP"]
    # The receipt was queued on commit and generated (tasks are eager here).
    assert insc.comprovante.name.startswith("comprovantes/")
    with insc.comprovante.open("rb") as f:
        assert f.read(4) == b"%PDF"


def test_cargo_sem_taxa_fica_paga(cand):
    certame = certame_aberto()
    cargo = CargoFactory(certame=certame, taxa_inscricao=Decimal("0"))
    insc = inscricao_portal.inscrever(cand.candidato, cargo, cor_raca="branca", quilombola=False,
                                      deficiencia=False, tipo_deficiencia="", listas=[], autor=cand)
    assert insc.situacao_taxa == Inscricao.SituacaoTaxa.PAGA
    assert dados_comprovante(insc)["situacao_taxa"] == "Sem taxa de inscrição"


def test_lista_de_inscricoes_abertas_no_painel(client, cand):
    aberto = certame_aberto()
    fechado = CertameFactory()
    EtapaFactory(certame=fechado, inicio=timezone.now() - dt.timedelta(days=9),
                 fim=timezone.now() - dt.timedelta(days=2))
    resposta = client.get(reverse("portal:painel"))
    assert resposta.context["abertos"] == [aberto]
    assert reverse("portal:inscrever", args=[aberto.pk]) in resposta.content.decode()


# --- validation ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("extra", "campo", "mensagem"),
    [
        ({"cor_raca": "branca", "listas": ["PP"]}, "listas",
         "A lista PP exige autodeclaração preta ou parda."),
        ({"cor_raca": "parda", "listas": ["I"]}, "listas",
         "A lista I exige autodeclaração indígena."),
        ({"listas": ["Q"]}, "listas", "A lista Q exige autoatribuição quilombola."),
        ({"listas": ["PCD"]}, "listas", "A lista PCD exige declaração de deficiência."),
        ({"deficiencia": "on", "listas": []}, "tipo_deficiencia",
         "Informe o tipo de deficiência."),
    ],
)
def test_opcoes_validadas_contra_a_autodeclaracao(client, cand, extra, campo, mensagem):
    certame = certame_aberto()
    cargo = CargoFactory(certame=certame)
    resposta = client.post(reverse("portal:inscrever", args=[certame.pk]),
                           dados_inscricao(cargo, **extra))
    assert resposta.status_code == 200
    assert resposta.context["form"].errors[campo] == [mensagem]
    assert Inscricao.objects.count() == 0


def test_lista_que_o_regime_nao_tem_e_recusada(client, cand):
    certame = certame_aberto(regime=SEVERINIA)
    cargo = CargoFactory(certame=certame)
    resposta = client.post(reverse("portal:inscrever", args=[certame.pk]),
                           dados_inscricao(cargo, listas=["PP"]))
    assert "listas" in resposta.context["form"].errors
    with pytest.raises(ValidationError) as exc:
        inscricao_portal.inscrever(cand.candidato, cargo, cor_raca="parda", quilombola=False,
                                   deficiencia=False, tipo_deficiencia="", listas=["PP"],
                                   autor=cand)
    assert exc.value.message_dict["listas"] == [
        "O regime Severínia-SP (Lei 3.057/2026) não tem a lista PP (listas: PPI, PCD)."]


def test_pcd_com_tipo_e_quilombola(client, cand):
    certame = certame_aberto()
    cargo = CargoFactory(certame=certame)
    client.post(reverse("portal:inscrever", args=[certame.pk]), dados_inscricao(
        cargo, cor_raca="preta", quilombola="on", deficiencia="on", tipo_deficiencia="visual",
        listas=["PP", "Q", "PCD"]))
    insc = Inscricao.objects.get()
    assert (insc.quilombola, insc.deficiencia, insc.tipo_deficiencia, insc.listas) == (
        True, True, "visual", ["PP", "Q", "PCD"])


def test_declaracao_e_obrigatoria(client, cand):
    certame = certame_aberto()
    cargo = CargoFactory(certame=certame)
    dados = dados_inscricao(cargo)
    del dados["declaracao"]
    resposta = client.post(reverse("portal:inscrever", args=[certame.pk]), dados)
    assert "declaracao" in resposta.context["form"].errors
    assert Inscricao.objects.count() == 0


def test_cargo_de_outro_certame_e_recusado(client, cand):
    certame = certame_aberto()
    CargoFactory(certame=certame)
    outro = CargoFactory(certame=certame_aberto())
    resposta = client.post(reverse("portal:inscrever", args=[certame.pk]),
                           dados_inscricao(outro))
    assert "cargo" in resposta.context["form"].errors
    assert Inscricao.objects.count() == 0


def test_autodeclaracao_nao_e_preenchida_com_a_de_outro_certame(client, cand):
    anterior = certame_aberto()
    InscricaoFactory(cargo=CargoFactory(certame=anterior), candidato=cand.candidato,
                     cor_raca="preta", quilombola=True, listas=["PP", "Q"])
    certame = certame_aberto()
    CargoFactory(certame=certame)
    resposta = client.get(reverse("portal:inscrever", args=[certame.pk]))
    form = resposta.context["form"]
    assert {nome: form[nome].value() for nome in ("cor_raca", "quilombola", "listas")} == {
        "cor_raca": None, "quilombola": None, "listas": None}
    html = resposta.content.decode()
    assert "checked" not in html


# --- one per cargo, numbering ----------------------------------------------------------------


def test_uma_inscricao_por_cargo(client, cand):
    certame = certame_aberto()
    cargo = CargoFactory(certame=certame)
    client.post(reverse("portal:inscrever", args=[certame.pk]), dados_inscricao(cargo))
    resposta = client.post(reverse("portal:inscrever", args=[certame.pk]),
                           dados_inscricao(cargo, listas=[]))
    assert resposta.context["form"].errors["cargo"] == [
        "Você já tem uma inscrição neste cargo (nº 2026000001)."]
    assert Inscricao.objects.count() == 1
    # Another cargo of the same certame is fine.
    outro = CargoFactory(certame=certame)
    client.post(reverse("portal:inscrever", args=[certame.pk]), dados_inscricao(outro))
    assert Inscricao.objects.filter(candidato=cand.candidato).count() == 2


def test_numeracao_sequencial_por_certame_e_pula_numeros_em_uso(cand):
    a = certame_aberto()
    b = certame_aberto(regime=SEVERINIA)
    b.data_publicacao_edital = dt.date(2027, 1, 5)
    b.save()
    cargo_a, cargo_a2, cargo_b = (CargoFactory(certame=a), CargoFactory(certame=a),
                                  CargoFactory(certame=b))
    # Imported inscrições keep the banca's numbers; the sequence goes past any in use.
    InscricaoFactory(cargo=cargo_a, numero="C0100001")
    InscricaoFactory(cargo=cargo_a, numero="10100001")
    InscricaoFactory(cargo=cargo_a, numero="2026000007")
    outros = [CandidatoFactory() for _ in range(2)]

    def inscrever(candidato, cargo):
        return inscricao_portal.inscrever(candidato, cargo, cor_raca="branca", quilombola=False,
                                          deficiencia=False, tipo_deficiencia="", listas=[],
                                          autor=None).numero

    assert [inscrever(cand.candidato, cargo_a), inscrever(outros[0], cargo_a),
            inscrever(outros[0], cargo_a2), inscrever(cand.candidato, cargo_b),
            inscrever(outros[1], cargo_b)] == [
        "2026000008", "2026000009", "2026000010", "2027000001", "2027000002"]


def test_conflito_de_numero_e_repetido(cand, monkeypatch):
    certame = certame_aberto()
    cargo = CargoFactory(certame=certame)
    InscricaoFactory(cargo=cargo, numero="2026000001")
    chamadas = []
    original = inscricao_portal._proximo_numero

    def numero_desatualizado(c):
        # The first attempt reads a stale sequence (as a concurrent writer would cause).
        chamadas.append(1)
        return "2026000001" if len(chamadas) == 1 else original(c)

    monkeypatch.setattr(inscricao_portal, "_proximo_numero", numero_desatualizado)
    insc = inscricao_portal.inscrever(cand.candidato, cargo, cor_raca="branca", quilombola=False,
                                      deficiencia=False, tipo_deficiencia="", listas=[], autor=cand)
    assert (insc.numero, len(chamadas)) == ("2026000002", 2)


# --- changing the option (Pirangi art. 5º §2º) -----------------------------------------------


def _inscricao_de(cand, regime=PIRANGI, listas=("PP",)):
    certame = certame_aberto(regime=regime)
    cargo = CargoFactory(certame=certame)
    return inscricao_portal.inscrever(cand.candidato, cargo, cor_raca="parda", quilombola=False,
                                      deficiencia=False, tipo_deficiencia="", listas=list(listas),
                                      autor=cand)


def test_pirangi_desistir_da_reserva_durante_o_periodo(client, cand,
                                                       django_capture_on_commit_callbacks):
    insc = _inscricao_de(cand)
    geracao = Cargo.objects.get(pk=insc.cargo_id).geracao_classificacao
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        resposta = client.post(reverse("portal:opcoes", args=[insc.pk]), {"confirmacao": "on"})
    assert resposta.status_code == 302
    insc.refresh_from_db()
    assert insc.listas == []
    ato = Ato.objects.get(tipo="opcao_listas")
    assert (ato.autor, ato.antes, ato.depois) == (cand, {"listas": ["PP"]}, {"listas": []})
    assert ato.motivacao == ("Alteração pelo próprio candidato durante o período de "
                             "inscrições (Lei 3.056/2025, art. 5º, §2º).")
    # The recompute was requested (generation bumped, job queued) and the receipt re-queued.
    assert Cargo.objects.get(pk=insc.cargo_id).geracao_classificacao == geracao + 1
    assert len([c for c in callbacks if not isinstance(c, Renovacao)]) == 2


def test_pirangi_voltar_a_optar_durante_o_periodo(client, cand):
    insc = _inscricao_de(cand, listas=())
    resposta = client.get(reverse("portal:opcoes", args=[insc.pk]))
    assert "Lei 3.056/2025, art. 5º, §2º" in resposta.content.decode()
    client.post(reverse("portal:opcoes", args=[insc.pk]), {**CAIXA, "listas": ["PP"]})
    insc.refresh_from_db()
    assert insc.listas == ["PP"]


def test_alteracao_de_opcao_validada_contra_a_autodeclaracao(client, cand):
    insc = _inscricao_de(cand)
    resposta = client.post(reverse("portal:opcoes", args=[insc.pk]),
                           {**CAIXA, "listas": ["PP", "I"]})
    assert resposta.status_code == 200
    assert resposta.context["form"].errors["listas"] == [
        "A lista I exige autodeclaração indígena."]
    insc.refresh_from_db()
    assert insc.listas == ["PP"]
    assert not Ato.objects.filter(tipo="opcao_listas").exists()


def test_pirangi_alteracao_recusada_depois_do_periodo(client, cand):
    insc = _inscricao_de(cand)
    fechar_inscricoes(insc.certame)
    html = client.get(reverse("portal:opcoes", args=[insc.pk])).content.decode()
    assert "até o fim do período de inscrições (Lei 3.056/2025, art. 5º, §2º)" in html
    assert 'name="listas"' not in html
    resposta = client.post(reverse("portal:opcoes", args=[insc.pk]), {"confirmacao": "on"})
    assert resposta.status_code == 200
    insc.refresh_from_db()
    assert insc.listas == ["PP"]
    assert not Ato.objects.filter(tipo="opcao_listas").exists()
    with pytest.raises(ValidationError) as exc:
        inscricao_portal.alterar_opcoes_pelo_candidato(insc, [], autor=cand)
    assert "Lei 3.056/2025, art. 5º, §2º" in exc.value.messages[0]
    pagina = client.get(reverse("portal:inscricao", args=[insc.pk])).content.decode()
    assert reverse("portal:opcoes", args=[insc.pk]) not in pagina


def test_outros_regimes_usam_a_mesma_janela_como_regra_do_edital(client, cand):
    insc = _inscricao_de(cand, regime=SEVERINIA, listas=("PPI",))
    client.post(reverse("portal:opcoes", args=[insc.pk]), {"confirmacao": "on"})
    insc.refresh_from_db()
    assert insc.listas == []
    assert Ato.objects.get(tipo="opcao_listas").motivacao == (
        "Alteração pelo próprio candidato durante o período de inscrições (Lei 3.057/2026 de "
        "Severínia-SP não disciplina a alteração da opção: vale a regra do edital, até o fim "
        "do período de inscrições).")
    fechar_inscricoes(insc.certame)
    with pytest.raises(ValidationError):
        inscricao_portal.alterar_opcoes_pelo_candidato(insc, ["PPI"], autor=cand)


# --- receipt ---------------------------------------------------------------------------------


def test_comprovante_pdf_e_seu_conteudo(client, cand):
    insc = _inscricao_de(cand)
    resposta = client.get(reverse("portal:comprovante", args=[insc.pk]))
    assert resposta.status_code == 200
    assert resposta["Content-Type"] == "application/pdf"
    assert resposta["Cache-Control"] == "private, no-store"
    assert b"".join(resposta.streaming_content)[:4] == b"%PDF"
    insc.refresh_from_db()
    assert insc.comprovante.name.endswith(".pdf")
    dados = dados_comprovante(insc)
    assert (dados["numero"], dados["cpf"], dados["listas"], dados["cor_raca"],
            dados["situacao_taxa"]) == (insc.numero, cand.candidato.cpf_mascarado,
                                        ["PP — Pretos e pardos"], "Parda", "Pagamento pendente")
    assert len(hash_verificacao(dados)) == 64
    assert hash_verificacao(dados) == hash_verificacao(dados_comprovante(insc))


def test_hash_muda_com_o_conteudo(cand):
    insc = _inscricao_de(cand)
    dados = dados_comprovante(insc)
    assert hash_verificacao(dados) != hash_verificacao({**dados, "listas": []})


def test_comprovante_html_tem_os_campos(cand):
    from django.template.loader import render_to_string

    insc = _inscricao_de(cand)
    dados = dados_comprovante(insc)
    html = render_to_string("candidatos/comprovante.html", {
        "dados": dados, "hash": hash_verificacao(dados), "emitido_em": timezone.now()})
    for valor in (insc.numero, cand.candidato.cpf_mascarado, insc.cargo.nome,
                  insc.certame.numero_edital, "PP — Pretos e pardos", "Pagamento pendente",
                  hash_verificacao(dados)):
        assert valor in html
    assert cand.candidato.cpf not in html


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql",
                    reason="concorrência real só no PostgreSQL (SQLite serializa as escritas)")
def test_inscricoes_simultaneas_recebem_numeros_distintos():
    certame = certame_aberto()
    cargo = CargoFactory(certame=certame)
    candidatos = [CandidatoFactory() for _ in range(6)]
    largada = threading.Barrier(len(candidatos))
    numeros, erros = [], []

    def inscrever(candidato):
        try:
            largada.wait(timeout=10)
            numeros.append(inscricao_portal.inscrever(
                candidato, cargo, cor_raca="branca", quilombola=False, deficiencia=False,
                tipo_deficiencia="", listas=[], autor=None).numero)
        except Exception as exc:  # noqa: BLE001 - reported below
            erros.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=inscrever, args=(c,)) for c in candidatos]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert erros == []
    assert sorted(numeros) == [f"2026{n:06d}" for n in range(1, 7)]

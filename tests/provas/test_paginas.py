"""RH's phase pages and the candidate's view of a published phase result."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from candidatos.models import Inscricao
from certames.models import Ato
from provas import servicos
from provas.models import Fase, NotaFase, PublicacaoFase
from tests.factories import CargoFactory, usuario
from tests.pdf_apoio import texto_do_pdf
from tests.provas.apoio import NOTAS_P1, cargo_em_fases, encerrar_inscricoes, importar, planilha

pytestmark = pytest.mark.django_db


def test_rh_define_fase_com_corte_em_multiplo_das_vagas(client, rh):
    cargo = CargoFactory(vagas=4)
    client.force_login(rh)
    resposta = client.post(reverse("painel:nova_fase", args=[cargo.pk]), {
        "codigo": "P1", "nome": "Prova objetiva", "tipo": "objetiva", "nota_minima": "50",
        "nota_maxima": "100", "peso": "1", "corte_AC": "3", "modo_AC": "multiplo",
        "corte_PP": "12", "modo_PP": "numero", "confirmacao": "on"})
    assert resposta.status_code == 302
    fase = Fase.objects.get(cargo=cargo)
    assert fase.corte == {"AC": {"modo": "multiplo", "valor": 3},
                          "PP": {"modo": "numero", "valor": 12}}
    assert Ato.objects.filter(tipo="fase_definida").count() == 1
    pagina = client.get(reverse("painel:fases", args=[cargo.pk])).content.decode()
    assert "AC: 3× vagas; PP: 12" in pagina
    assert "A última fase (P1) tem cláusula de barreira" in pagina


def test_rh_corte_sem_ac_recusado_e_nada_gravado(client, rh):
    cargo = CargoFactory(vagas=4)
    client.force_login(rh)
    resposta = client.post(reverse("painel:nova_fase", args=[cargo.pk]), {
        "codigo": "P1", "nome": "Prova objetiva", "tipo": "objetiva", "nota_maxima": "100",
        "peso": "1", "corte_PP": "2", "modo_PP": "numero", "confirmacao": "on"})
    assert resposta.status_code == 400
    assert ("Com cláusula de barreira, informe quantos avançam pela ampla concorrência."
            in resposta.content.decode())
    assert not Fase.objects.exists()


def test_rh_importa_planilha_e_ve_rotas(client, rh, django_capture_on_commit_callbacks):
    cargo, p1, p2 = cargo_em_fases(rh)
    client.force_login(rh)
    with django_capture_on_commit_callbacks(execute=True):
        resposta = client.post(reverse("painel:importar_notas_fase", args=[p1.pk]), {
            "arquivo": SimpleUploadedFile("banca.csv", planilha(NOTAS_P1)),
            "confirmacao": "on"})
    assert resposta.status_code == 302
    assert NotaFase.objects.filter(fase=p1).count() == 10
    pagina = client.get(reverse("painel:resultado_fase", args=[p1.pk])).content.decode()
    assert 'data-inscricao="7" data-resultado="aprovado" data-rota="garantia"' in pagina
    assert "pela garantia dos optantes a todas as fases" in pagina
    assert "Lei 3.056/2025, art. 9º" in pagina
    fases = client.get(reverse("painel:fases", args=[cargo.pk])).content.decode()
    assert 'data-aguardando="8"' in fases


def test_rh_planilha_com_erro_mostra_linha_e_coluna(client, rh):
    cargo, p1, p2 = cargo_em_fases(rh)
    client.force_login(rh)
    resposta = client.post(reverse("painel:importar_notas_fase", args=[p1.pk]), {
        "arquivo": SimpleUploadedFile("banca.csv", planilha({"1": "<b>x</b>"})),
        "confirmacao": "on"})
    assert resposta.status_code == 400
    html = resposta.content.decode()
    assert "Arquivo rejeitado: nada foi gravado." in html
    assert "Linha 2, coluna “nota”: número inválido “&lt;b&gt;x&lt;/b&gt;”" in html
    assert not NotaFase.objects.exists()


def test_candidato_ve_nota_resultado_e_rota_publicados(client, rh):
    cargo, p1, p2 = cargo_em_fases(rh)
    importar(p1, NOTAS_P1, rh)
    sete = Inscricao.objects.select_related("candidato").get(cargo=cargo, numero="7")
    sete.candidato.usuario = usuario("cand7", "Candidato")
    sete.candidato.save()
    client.force_login(sete.candidato.usuario)
    url = reverse("portal:inscricao", args=[sete.pk])
    assert 'id="fases"' not in client.get(url).content.decode()  # not published yet
    encerrar_inscricoes(cargo.certame)
    servicos.publicar_resultado(p1, PublicacaoFase.Tipo.PRELIMINAR, autor=rh)
    html = client.get(url).content.decode()
    assert 'data-fase="P1" data-resultado="aprovado"' in html
    assert "pela garantia dos optantes a todas as fases" in html
    assert "Fundamento: Lei 3.056/2025, art. 9º" in html
    avisos = client.get(reverse("portal:avisos")).content.decode()
    assert "Resultado preliminar da fase P1 publicado" in avisos
    assert "Habilitado(a) na fase pela garantia dos optantes a todas as fases." in avisos


def test_publicacao_recusada_enquanto_a_fase_tem_quem_aguarda_nota(rh):
    cargo, p1, p2 = cargo_em_fases(rh)
    importar(p1, NOTAS_P1, rh)
    p1, p2 = Fase.objects.get(pk=p1.pk), Fase.objects.get(pk=p2.pk)  # the cargo as computed
    encerrar_inscricoes(cargo.certame)
    assert servicos.motivo_nao_publicar(p2, "preliminar") == (
        "8 inscrição(ões) admitida(s) à fase P2 aguardam nota da banca: importe a planilha "
        "com as notas que faltam.")
    assert servicos.motivo_nao_publicar(p1, "final") == (
        "Publique antes o resultado preliminar da fase, do qual cabe recurso "
        "(Lei 9.784/1999, art. 59).")


def test_garantia_do_edital_onde_a_lei_a_deixa_ao_edital(client, rh):
    """Severínia: the law gives "igualdade de condições" (art. 14, III) and leaves the
    guarantee to the edital; Pirangi's law gives it (art. 9º): no form there."""
    from tests.factories import CertameFactory

    cargo = CargoFactory(certame=CertameFactory(regime="severinia-lei3057-2026"), vagas=10)
    client.force_login(rh)
    pagina = client.get(reverse("painel:fases", args=[cargo.pk])).content.decode()
    assert 'data-garantia="nao"' in pagina and 'id="garantia"' in pagina
    client.post(reverse("painel:garantia_fases", args=[cargo.pk]),
                {"garante": "sim", "confirmacao": "on"})
    cargo.certame.refresh_from_db()
    assert cargo.certame.parametros["optantes_todas_as_fases"] is True
    assert Ato.objects.get(tipo="garantia_fases").fundamento_legal == (
        cargo.certame.regime_legal.fundamento_todas_as_fases)
    pirangi = CargoFactory(vagas=4)
    assert 'id="garantia"' not in client.get(
        reverse("painel:fases", args=[pirangi.pk])).content.decode()
    with pytest.raises(ValidationError, match="já garante aos optantes todas as fases"):
        servicos.definir_garantia(pirangi, False, autor=rh)


def test_resultado_publicado_tem_pagina_publica_pdf_csv_e_json(
        client, rh, django_capture_on_commit_callbacks):
    """The public documents show the publication's own rows (never a later computation)."""
    cargo, p1, p2 = cargo_em_fases(rh)
    importar(p1, NOTAS_P1, rh)
    encerrar_inscricoes(cargo.certame)
    publicacao = servicos.publicar_resultado(p1, PublicacaoFase.Tipo.PRELIMINAR, autor=rh)
    importar(p1, {"10": "71"}, rh)  # after the publication: the published rows stay
    args = [cargo.certame_id, cargo.pk, publicacao.pk]
    pagina = client.get(reverse("resultado_fase_publico", args=args)).content.decode()
    assert 'data-inscricao="7"' in pagina and "pela garantia dos optantes" in pagina
    csv = client.get(reverse("resultado_fase_publico_arquivo", args=[*args, "csv"]))
    linhas = csv.content.decode("utf-8-sig").splitlines()
    assert linhas[0] == "inscricao;nome;nota;nota_acumulada;resultado;rota;fundamento"
    dez = next(linha for linha in linhas if linha.startswith("10;"))
    assert dez.endswith(";69,0000;69,0000;Não admitido(a) à fase seguinte (cláusula de "
                        "barreira);;fora da nota de corte da fase P1")
    dados = client.get(reverse("resultado_fase_publico_arquivo", args=[*args, "json"])).json()
    assert dados["esquema"] == "provas.resultado_fase/1"
    assert dados["corte"] == {"AC": 4, "PP": 1}
    sete = next(r for r in dados["resultados"] if r["inscricao"] == "7")
    assert (sete["nota"], sete["rota"], sete["fundamento"]) == ("65", "garantia",
                                                                 "Lei 3.056/2025, art. 9º")
    url_pdf = reverse("resultado_fase_publico_arquivo", args=[*args, "pdf"])
    with django_capture_on_commit_callbacks(execute=True):
        assert "O PDF está sendo gerado" in client.get(url_pdf).content.decode()
    pdf = b"".join(client.get(url_pdf).streaming_content)
    assert pdf.startswith(b"%PDF-")
    texto = " ".join(texto_do_pdf(pdf).split())
    for trecho in ("Resultado preliminar da fase", "P1 — Prova objetiva", "cláusula de barreira: "
                   "AC 4, PP 1", "Lei 3.056/2025, art. 9º", "Não admitido(a) à fase seguinte",
                   "sujeito a recurso em"):
        assert trecho in texto, trecho
    cargo_publico = client.get(reverse("cargo_publico", args=[cargo.certame_id, cargo.pk]))
    assert "P1 — Prova objetiva: resultado preliminar da fase" in cargo_publico.content.decode()


def test_configuracao_invalida_do_edital_e_dita_e_nada_gravado(client, rh):
    """An edital setting the engine refuses: the page says so; defining a phase is refused
    with the engine's message, nothing written."""
    cargo = CargoFactory(vagas=4)
    cargo.certame.parametros = {"optantes_todas_as_fases": False}  # Pirangi's law gives it
    cargo.certame.save()
    client.force_login(rh)
    pagina = client.get(reverse("painel:fases", args=[cargo.pk]))
    assert pagina.status_code == 200
    assert 'data-fases="parametros"' in pagina.content.decode()
    resposta = client.post(reverse("painel:nova_fase", args=[cargo.pk]), {
        "codigo": "P1", "nome": "Prova objetiva", "tipo": "objetiva", "nota_maxima": "100",
        "peso": "1", "confirmacao": "on"})
    assert resposta.status_code == 400
    assert "As fases não são válidas: parametros.optantes_todas_as_fases" in (
        resposta.content.decode())
    assert not Fase.objects.exists()

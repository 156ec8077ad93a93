"""The public draw of the whole-edital reserve as acts (spec section 4.1): the
announcement and the draw, their refusals, immutability, each cargo's split feeding the lists,
the vacancy that arises later (item 5), the public page and the standalone check script."""

import datetime as dt
import json
import subprocess
import sys
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.db.utils import DatabaseError
from django.urls import reverse

from certames import distribuicao_edital, sorteio
from certames.models import (
    AnuncioSorteio,
    Ato,
    Certame,
    DestinoVagaSurgida,
    Sorteio,
    VagaSurgida,
)
from certames.regras import CargoEdital, distribuir_edital
from certames.regras.edital import edital_para_json
from certames.servicos import registrar_vaga_surgida
from classificacao.listas import montar_entrada, recalcular
from tests import instantaneo_apoio
from tests.banco import como_dono
from tests.factories import CargoFactory, CertameFactory, InscricaoFactory

pytestmark = pytest.mark.django_db

PIRANGI = "pirangi-lei3056-2025"
HOJE = dt.date(2027, 3, 1)
DATA_SEMENTE = dt.date(2027, 3, 12)
#: The spec's worked example seed (docs: readme-12-engine): PP 1 → PROF 6, PP 2 → PROF 5,
#: I 1 → C03.
SEMENTE = "2027-03-12 Loteria Federal 46213"
#: A seed whose second PP seat goes to a one-vacancy cargo (C08).
SEMENTE_C08 = "2027-03-12 Loteria Federal 46200"
FONTE = "1º prêmio da Loteria Federal, extração de 12/03/2027"


def _edital(regime=PIRANGI, parametros=None):
    """Spec 4.1's worked example: C00..C09 of 1 vacancy and PROF of 10, N_E = 20."""
    certame = CertameFactory(regime=regime, parametros=parametros or {},
                             data_publicacao_edital=dt.date(2026, 10, 1))
    for i in range(10):
        CargoFactory(certame=certame, codigo=f"C{i:02d}", vagas=1)
    CargoFactory(certame=certame, codigo="PROF", vagas=10)
    return certame


def _cargos_engine():
    return [CargoEdital(f"C{i:02d}", 1) for i in range(10)] + [CargoEdital("PROF", 10)]


def _anunciar(certame, rh, **kw):
    return sorteio.anunciar(certame, fonte_semente=kw.pop("fonte", FONTE),
                            data_da_semente=kw.pop("data", DATA_SEMENTE), autor=rh,
                            hoje=kw.pop("hoje", HOJE), **kw)


def _sortear(certame, rh, semente=SEMENTE, hoje=DATA_SEMENTE):
    return sorteio.sortear(certame, semente=semente, autor=rh, hoje=hoje)


# --- the acts and their refusals ------------------------------------------------------------


@pytest.mark.parametrize(("regime", "artigo"), [
    ("severinia-lei3057-2026", "Lei 3.057/2026, art. 8º, §3º"),
    ("smbv-lc22-2026", "LC 22/2026, art. 1º, §3º"),
])
def test_anuncio_recusado_onde_a_reserva_e_por_cargo(rh, regime, artigo):
    certame = _edital(regime)
    with pytest.raises(ValidationError) as exc:
        _anunciar(certame, rh)
    mensagem = exc.value.messages[0]
    assert mensagem.startswith("Este edital aplica a reserva separadamente a cada cargo (")
    assert artigo in mensagem
    assert AnuncioSorteio.objects.count() == 0


def test_anuncio_recusado_em_pirangi_com_base_cargo_escolhida_no_edital(rh):
    certame = _edital(parametros={"base_reserva": "cargo"})
    with pytest.raises(ValidationError, match="separadamente a cada cargo"):
        _anunciar(certame, rh)


def test_anuncio_exige_data_da_semente_posterior_a_hoje(rh):
    certame = _edital()
    with pytest.raises(ValidationError) as exc:
        _anunciar(certame, rh, data=HOJE)
    assert exc.value.messages == [
        "A data da semente deve ser posterior a hoje (01/03/2027): os códigos e as vagas dos "
        "cargos são publicados antes que alguém possa conhecer a semente."]


def test_anuncio_recusa_codigo_que_nao_e_ascii(rh):
    certame = _edital()
    CargoFactory(certame=certame, codigo="MÉD", vagas=2)
    with pytest.raises(ValidationError, match="código inválido “MÉD”"):
        _anunciar(certame, rh)


def test_anuncio_grava_cargos_vagas_e_ato(rh):
    certame = _edital()
    anuncio = _anunciar(certame, rh)
    assert anuncio.cargos == [{"codigo": f"C{i:02d}", "vagas": 1} for i in range(10)] + [
        {"codigo": "PROF", "vagas": 10}]
    assert (anuncio.base_reserva, anuncio.base_reserva_pcd) == ("edital", "cargo")
    ato = Ato.objects.get(tipo="sorteio_anunciado")
    assert (ato.certame, ato.depois["data_da_semente"]) == (certame, "2027-03-12")


def test_sorteio_recusado_antes_da_data_da_semente(rh):
    certame = _edital()
    _anunciar(certame, rh)
    with pytest.raises(ValidationError) as exc:
        _sortear(certame, rh, hoje=dt.date(2027, 3, 11))
    assert exc.value.messages == [
        f"A semente anunciada é de 12/03/2027 ({FONTE}): o sorteio só pode ser realizado a "
        "partir dessa data."]
    assert Sorteio.objects.count() == 0


def test_sorteio_sem_anuncio_e_recusado(rh):
    with pytest.raises(ValidationError, match="Anuncie o sorteio antes"):
        _sortear(_edital(), rh)


def test_segundo_sorteio_e_recusado(rh):
    certame = _edital()
    _anunciar(certame, rh)
    _sortear(certame, rh)
    with pytest.raises(ValidationError) as exc:
        _sortear(certame, rh, semente="outra semente")
    assert exc.value.messages == [
        "O sorteio público das vagas reservadas deste edital já foi realizado: um segundo "
        "sorteio é recusado."]
    with pytest.raises(ValidationError, match="já foi realizado"):
        _anunciar(certame, rh, hoje=DATA_SEMENTE, data=dt.date(2027, 4, 1), motivacao="x")
    assert Sorteio.objects.filter(certame=certame).count() == 1


def test_sorteio_recusado_se_as_vagas_mudaram_desde_o_anuncio(rh):
    certame = _edital()
    _anunciar(certame, rh)
    certame.cargos.filter(codigo="PROF").update(vagas=11)
    CargoFactory(certame=certame, codigo="NOVO", vagas=2)
    with pytest.raises(ValidationError) as exc:
        _sortear(certame, rh)
    assert exc.value.messages == [
        "Os cargos ou as vagas mudaram desde o anúncio do sorteio (NOVO não estava no "
        "anúncio; PROF: 10 vaga(s) anunciada(s), 11 agora): o sorteio precisa de um novo "
        "anúncio, com os códigos e as vagas publicados antes da data da semente."]


def test_retificacao_do_anuncio_exige_motivacao_e_vale_a_ultima(rh):
    certame = _edital()
    _anunciar(certame, rh)
    certame.cargos.filter(codigo="PROF").update(vagas=11)
    with pytest.raises(ValidationError, match="informe a motivação"):
        _anunciar(certame, rh)
    _anunciar(certame, rh, motivacao="Retificação do edital: PROF com 11 vagas.")
    feito = _sortear(certame, rh)
    assert feito.anuncio.cargos[-1] == {"codigo": "PROF", "vagas": 11}


def test_atos_do_sorteio_sao_imutaveis(rh):
    certame = _edital()
    anuncio = _anunciar(certame, rh)
    feito = _sortear(certame, rh)
    for obj, modelo in ((anuncio, AnuncioSorteio), (feito, Sorteio)):
        obj.semente = "alterada" if modelo is Sorteio else obj.fonte_semente
        with pytest.raises(ValidationError):
            obj.save()
        with pytest.raises(ValidationError):
            obj.delete()
        with pytest.raises(ValidationError):
            modelo.objects.filter(pk=obj.pk).update(registrado_em=None)
        with pytest.raises(ValidationError):
            modelo.objects.filter(pk=obj.pk).delete()
    assert Sorteio.objects.get().semente == SEMENTE


@pytest.mark.skipif(connection.vendor != "postgresql", reason="triggers only on PostgreSQL")
def test_o_banco_recusa_alterar_o_sorteio(rh):
    certame = _edital()
    _anunciar(certame, rh)
    feito = _sortear(certame, rh)
    with como_dono(), pytest.raises(DatabaseError), transaction.atomic(), \
            connection.cursor() as cursor:
        cursor.execute("UPDATE certames_sorteio SET semente = 'x' WHERE id = %s", [feito.pk])


# --- the worked example, end to end ---------------------------------------------------------


def test_exemplo_da_especificacao_grava_a_distribuicao_do_motor(rh):
    certame = _edital()
    _anunciar(certame, rh)
    feito = _sortear(certame, rh)
    esperado = distribuir_edital(PIRANGI, SEMENTE, _cargos_engine())
    assert feito.resultado == edital_para_json(esperado)
    # Spec 4.1: R_PP = arred(20 × 15%) = 3, R_I = arred(0,6) = 1, R_Q = arred(0,4) = 0; PcD by
    # cargo: PROF teto(0,5) = 1; automatic PROF PP ⌊1,5⌋ = 1; drawn PP 2 and I 1.
    assert feito.resultado["totais"] == {"AC": 15, "PP": 3, "I": 1, "Q": 0, "PCD": 1}
    assert [(s["grupo"], s["ordem"], s["codigo"], s["vaga"])
            for s in feito.resultado["sorteio"]] == [
        ("PP", 1, "PROF", 6), ("PP", 2, "PROF", 5), ("I", 1, "C03", 1)]
    prof = certame.cargos.get(codigo="PROF")
    c03 = certame.cargos.get(codigo="C03")
    assert distribuicao_edital.distribuicao_do_cargo(prof) == {
        "AC": 6, "PP": 3, "I": 0, "Q": 0, "PCD": 1}
    assert distribuicao_edital.distribuicao_do_cargo(c03) == {
        "AC": 0, "PP": 0, "I": 1, "Q": 0, "PCD": 0}
    assert Ato.objects.get(tipo="sorteio_realizado").depois == feito.resultado


def test_listas_antes_do_sorteio_sao_recusadas(rh):
    certame = _edital()
    cargo = certame.cargos.get(codigo="C08")
    InscricaoFactory(cargo=cargo, numero="000001", nota=Decimal("90"))
    with pytest.raises(distribuicao_edital.SorteioPendente) as exc:
        montar_entrada(cargo)
    assert str(exc.value).startswith(
        "O sorteio público das vagas reservadas ainda não foi realizado: a reserva deste "
        "edital incide sobre a totalidade das vagas (Lei 3.056/2025, art. 1º, §1º")


def test_listas_usam_a_distribuicao_sorteada(rh):
    certame = _edital()
    c08 = certame.cargos.get(codigo="C08")
    # A (AC, 90) ranks above B (PP optant, 80). Section 4 on C08's 1 vacancy reserves nothing
    # (Pirangi, N < 2: art. 8º); the draw gave C08 a PP seat, so the best PP optant takes it.
    InscricaoFactory(cargo=c08, numero="000001", nota=Decimal("90"), cor_raca="branca")
    InscricaoFactory(cargo=c08, numero="000002", nota=Decimal("80"), listas=["PP"])
    _anunciar(certame, rh)
    _sortear(certame, rh, semente=SEMENTE_C08)
    assert distribuicao_edital.distribuicao_do_cargo(c08) == {
        "AC": 0, "PP": 1, "I": 0, "Q": 0, "PCD": 0}
    versao = recalcular(c08.pk)
    assert versao.distribuicao == {"AC": 0, "PP": 1, "I": 0, "Q": 0, "PCD": 0}
    assert [(v.vaga, v.lista, v.inscricao.numero)
            for v in instantaneo_apoio.vagas(versao)] == [
        ("PP", "PP", "000002")]
    assert [v for _p, v, _n in instantaneo_apoio.ordem(versao)] == ["PP"]
    # The explanation: the edital's total with its article, C08's automatic part, the draw.
    assert versao.explicacao[0] == (
        "PP no edital (20 vagas): PP: 15% de 20 = 3 → 3 — Lei 3.056/2025, art. 3º, I")
    assert versao.explicacao[1].startswith(
        "PP neste cargo: parte automática ⌊1 × 15%⌋ = 0; sorteada(s): 1; total 1 — "
        "Lei 3.056/2025, art. 1º, §1º")
    assert versao.explicacao[-1] == "AC: 1 − 1 − 0 − 0 − 0 = 0"


def test_vaga_surgida_segue_o_item_5_sem_novo_sorteio(rh):
    certame = _edital()
    _anunciar(certame, rh)
    _sortear(certame, rh)
    Certame.objects.filter(pk=certame.pk).update(homologado_em=dt.date(2027, 4, 1),
                                                 status=Certame.Status.HOMOLOGADO)
    c00 = certame.cargos.get(codigo="C00")
    registrar_vaga_surgida(c00, quantidade=4, data=dt.date(2027, 5, 2), ato="Lei 7/2027",
                           autor=rh, hoje=dt.date(2027, 5, 3))
    # N_E 21, 22, 23: R_PP = arred(3,15 / 3,3 / 3,45) = 3, already held; R_I = arred(0,63 /
    # 0,66 / 0,69) = 1, held; R_Q = 0; PcD on C00's 2, 3, 4 vacancies: teto(5%) = 1 is above
    # 20% of them, so 0 (Decreto 9.508/2018, art. 1º, §3º): AC. N_E = 24: R_PP = arred(3,6) = 4
    # > 3: PP (Lei 3.056/2025, art. 1º, §1º).
    assert list(DestinoVagaSurgida.objects.order_by("ordem").values_list(
        "grupo", "vagas_edital")) == [("AC", 21), ("AC", 22), ("AC", 23), ("PP", 24)]
    # C00's own vacancy was AC in the draw; 1 + 3 AC, 1 PP.
    assert distribuicao_edital.distribuicao_do_cargo(c00) == {
        "AC": 4, "PP": 1, "I": 0, "Q": 0, "PCD": 0}
    # Earlier seats never move: PROF and C03 keep the draw's split.
    assert distribuicao_edital.distribuicao_do_cargo(certame.cargos.get(codigo="PROF")) == {
        "AC": 6, "PP": 3, "I": 0, "Q": 0, "PCD": 1}
    assert Sorteio.objects.count() == 1
    ato = Ato.objects.get(tipo="vaga_surgida")
    assert [g["grupo"] for g in ato.depois["grupos"]] == ["AC", "AC", "AC", "PP"]


# --- the public page, the input and the script ----------------------------------------------


def test_pagina_publica_antes_e_depois_do_sorteio(client, rh):
    certame = _edital()
    anuncio = _anunciar(certame, rh, fonte="<b>Loteria</b> & cia")
    url = reverse("sorteio_publico", args=[certame.pk])
    html = client.get(url).content.decode()
    assert "&lt;b&gt;Loteria&lt;/b&gt; &amp; cia" in html
    assert 'id="sorteio-pendente"' in html
    _sortear(certame, rh)
    html = client.get(url).content.decode()
    assert SEMENTE in html
    for s in Sorteio.objects.get().resultado["sorteio"]:
        assert s["sha256"] in html
    for c in anuncio.cargos:
        assert f'<td class="font-monospace">{c["codigo"]}</td><td class="text-end">{c["vagas"]}' \
            in html
    assert reverse("sorteio_script", args=[certame.pk]) in html
    assert reverse("sorteio_json", args=[certame.pk]) in html
    # The certame page's vacancy table shows the drawn split and links to the draw.
    pagina = client.get(reverse("certame_publico", args=[certame.pk])).content.decode()
    assert url in pagina
    assert "PP neste cargo: parte automática ⌊10 × 15%⌋ = 1; sorteada(s): 2; total 3" in pagina


def test_script_servido_refaz_o_sorteio(client, rh, tmp_path):
    certame = _edital()
    _anunciar(certame, rh)
    feito = _sortear(certame, rh)
    script = tmp_path / "conferir.py"
    script.write_bytes(client.get(reverse("sorteio_script", args=[certame.pk])).content)
    entrada = tmp_path / "sorteio.json"
    entrada.write_bytes(client.get(reverse("sorteio_json", args=[certame.pk])).content)
    assert json.loads(entrada.read_text())["semente"] == SEMENTE
    saida = subprocess.run([sys.executable, "-I", str(script), str(entrada)],
                           capture_output=True, text=True, check=True, timeout=60).stdout
    esperado = "\n".join(
        [f"{s['grupo']} {s['ordem']}: {s['codigo']} vaga {s['vaga']} sha256 {s['sha256']}"
         for s in feito.resultado["sorteio"]]
        + [f"{c['codigo']}: AC {c['distribuicao']['AC']}, PP {c['distribuicao']['PP']}, "
           f"I {c['distribuicao']['I']}, Q {c['distribuicao']['Q']}, "
           f"PCD {c['distribuicao']['PCD']}" for c in feito.resultado["cargos"]]) + "\n"
    assert saida == esperado
    assert saida.splitlines()[:3] == [
        f"PP 1: PROF vaga 6 sha256 {feito.resultado['sorteio'][0]['sha256']}",
        f"PP 2: PROF vaga 5 sha256 {feito.resultado['sorteio'][1]['sha256']}",
        f"I 1: C03 vaga 1 sha256 {feito.resultado['sorteio'][2]['sha256']}"]
    # The page prints the same expected output.
    html = client.get(reverse("sorteio_publico", args=[certame.pk])).content.decode()
    assert saida.strip().splitlines()[-1] in html


def test_vaga_surgida_sem_grupo_registrado_segue_a_mesma_regra(rh):
    # A vacancy entered in the admin (no group recorded): the same rule, in registration
    # order. Pirangi, one cargo of 10 (no draw needed: one cargo takes every seat) + 7 arising
    # one at a time: N_E 11..16 hold PP arred(1,65..2,4) = 2, I arred(0,33..0,48) = 0, PcD
    # teto(0,55..0,8) = 1: AC; N_E = 17: PP arred(2,55) = 3 > 2 comes first in the law's order
    # (Lei 3.056/2025, art. 3º), so PP; I (arred(0,51) = 1) waits for the next vacancy.
    certame = CertameFactory(regime=PIRANGI)
    cargo = CargoFactory(certame=certame, codigo="ADM", vagas=10)
    VagaSurgida.objects.create(cargo=cargo, quantidade=7, data=dt.date(2026, 5, 1),
                               ato="Lei municipal 1/2026")
    assert distribuicao_edital.distribuicao_do_cargo(cargo) == {
        "AC": 13, "PP": 3, "I": 0, "Q": 0, "PCD": 1}


def test_paginas_rh_dizem_que_o_sorteio_esta_pendente(client, rh):
    certame = _edital()
    client.force_login(rh)
    cargo = certame.cargos.get(codigo="PROF")
    html = client.get(reverse("painel:cargo", args=[cargo.pk])).content.decode()
    assert 'data-sorteio="pendente"' in html
    assert "O sorteio público das vagas reservadas ainda não foi realizado" in html
    html = client.get(reverse("painel:certame", args=[certame.pk])).content.decode()
    assert reverse("painel:sorteio", args=[certame.pk]) in html
    # An act refused comes back on the page with the reason (status 400), nothing recorded.
    resposta = client.post(reverse("painel:sorteio_anunciar", args=[certame.pk]), {
        "anuncio-fonte_semente": FONTE, "anuncio-data_da_semente": "2020-01-01",
        "anuncio-confirmacao": "on"})
    assert resposta.status_code == 400
    assert "A data da semente deve ser posterior a hoje" in resposta.content.decode()
    resposta = client.post(reverse("painel:sorteio_anunciar", args=[certame.pk]), {
        "anuncio-fonte_semente": FONTE, "anuncio-data_da_semente": "2099-01-01"})
    assert resposta.status_code == 400
    assert "Confirme o anúncio marcando a caixa." in resposta.content.decode()
    assert AnuncioSorteio.objects.count() == 0

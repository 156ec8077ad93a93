"""Public pages: the vacancy table of a certame and the published lists of a cargo."""

import datetime as dt
import html
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from candidatos.models import EstadoLista, Inscricao, SituacaoLista
from certames.models import Certame, VagaSurgida
from classificacao.listas import publicar, recalcular
from nucleo.models import PublicacaoResultado
from tests.factories import CandidatoFactory, CargoFactory, CertameFactory, InscricaoFactory

pytestmark = pytest.mark.django_db

SMBV = "smbv-lc22-2026"
PIRANGI = "pirangi-lei3056-2025"
CPF = "52998224725"


def _texto(resposta):
    return html.unescape(resposta.content.decode())


def _url_cargo(cargo, **params):
    url = reverse("cargo_publico", args=[cargo.certame_id, cargo.pk])
    if params:
        url += "?" + "&".join(f"{k}={v}" for k, v in params.items())
    return url


# --- the certame page: vacancy table (Lei 3.057/2026, art. 18) -----------------------------


def test_quadro_de_vagas_por_cargo_com_explicacao(client):
    certame = CertameFactory(regime=SMBV)
    CargoFactory(certame=certame, codigo="ADM", vagas=30)
    resposta = client.get(reverse("certame_publico", args=[certame.pk]))
    assert resposta.status_code == 200
    (linha,) = resposta.context["quadro"]
    # AC, PP, I, PCD (LC 22/2026: 7,5 -> 7; 1,5 -> 1; teto(1,5) = 2 <= 3).
    assert [c for c, _ in resposta.context["colunas"]] == ["AC", "PP", "I", "PCD"]
    assert (linha["total"], linha["contagens"]) == (30, [20, 7, 1, 2])
    texto = _texto(resposta)
    assert "Santa Maria da Boa Vista-PE (LC 22/2026)" in texto
    assert "Como calculamos" in texto
    assert "PP: 25% de 30 = 7,5 → 7, fração 0,5 menor que 0,7 — LC 22/2026, art. 1º, §2º" in texto
    assert "PP: 3ª, 7ª, 11ª, 15ª, 19ª, 23ª, 27ª" in texto


def test_cadastro_de_reserva_sem_vagas(client):
    certame = CertameFactory(regime=PIRANGI)
    CargoFactory(certame=certame, vagas=0)
    resposta = client.get(reverse("certame_publico", args=[certame.pk]))
    assert resposta.context["quadro"][0]["contagens"] == [0, 0, 0, 0, 0]
    assert "Cadastro de reserva" in _texto(resposta)


def test_quadro_usa_vagas_surgidas(client):
    # Pirangi, 10 of the edital + 7 that arose = 17: PP 3, I 1, Q 0, PcD 1, AC 12 (the edital
    # chose the per-cargo base, spec section 4; the whole-edital one is tests/certames/
    # test_sorteio.py).
    certame = CertameFactory(regime=PIRANGI, parametros={"base_reserva": "cargo"})
    cargo = CargoFactory(certame=certame, vagas=10)
    VagaSurgida.objects.create(cargo=cargo, quantidade=7, data=dt.date(2026, 5, 1),
                               ato="Lei municipal 1/2026")
    resposta = client.get(reverse("certame_publico", args=[certame.pk]))
    (linha,) = resposta.context["quadro"]
    assert [c for c, _ in resposta.context["colunas"]] == ["AC", "PP", "I", "Q", "PCD"]
    assert (linha["total"], linha["contagens"]) == (17, [12, 3, 1, 0, 1])


def test_quadro_com_parametros_do_edital(client):
    # Pirangi does not regulate PcD: the edital's 10% (no cap) gives teto(1,7) = 2 of 17.
    certame = CertameFactory(regime=PIRANGI,
                             parametros={"regra_pcd": {"percentual": "10"}, "nota_maxima": 100})
    CargoFactory(certame=certame, vagas=17)
    resposta = client.get(reverse("certame_publico", args=[certame.pk]))
    assert resposta.context["quadro"][0]["contagens"] == [11, 3, 1, 0, 2]


def test_parametros_invalidos_nao_derrubam_a_pagina(client):
    certame = CertameFactory(regime=SMBV, parametros={"limiar_arredondamento": "0.5"})
    CargoFactory(certame=certame, codigo="ADM", vagas=30)
    resposta = client.get(reverse("certame_publico", args=[certame.pk]))
    assert resposta.status_code == 200
    assert resposta.context["quadro"] == []
    assert "o edital não pode alterá-lo" in resposta.context["erro_quadro"]
    assert "ADM" in _texto(resposta)


def test_certame_rascunho_e_404(client):
    certame = CertameFactory(status=Certame.Status.RASCUNHO)
    cargo = CargoFactory(certame=certame)
    assert client.get(reverse("certame_publico", args=[certame.pk])).status_code == 404
    assert client.get(_url_cargo(cargo)).status_code == 404


def test_cargo_de_outro_certame_e_404(client):
    cargo = CargoFactory()
    outro = CertameFactory()
    url = reverse("cargo_publico", args=[outro.pk, cargo.pk])
    assert url == f"/certames/{outro.pk}/cargos/{cargo.pk}/"
    assert client.get(url).status_code == 404
    assert client.get(_url_cargo(cargo)).status_code == 200


# --- the cargo page: latest published snapshot only ----------------------------------------


@pytest.fixture
def cargo_smbv():
    """SMBV N=3: PP = arred(0,75; 0,7) = 1, AC = 2 (LC 22/2026, art. 1º, §2º)."""
    cargo = CargoFactory(vagas=3, certame=CertameFactory(regime=SMBV))
    dados = [
        ("A", "90", "amarela", [], CPF),
        ("B", "85", "parda", ["PP"], None),
        ("C", "80", "parda", ["PP"], None),
        ("D", "70", "preta", ["PP"], None),
        ("E", "60", "branca", [], None),
    ]
    for numero, nota, cor, listas, cpf in dados:
        candidato = CandidatoFactory(nome=f"Pessoa {numero}", **({"cpf": cpf} if cpf else {}))
        InscricaoFactory(cargo=cargo, numero=numero, nota=Decimal(nota), cor_raca=cor,
                         listas=listas, candidato=candidato)
    return cargo


def _linhas(resposta):
    return [(p.posicao, p.inscricao.numero, p.sub_judice) for p in resposta.context["page_obj"]]


def test_sem_publicacao_nada_aparece(client, cargo_smbv):
    recalcular(cargo_smbv.pk)  # computed, not published
    resposta = client.get(_url_cargo(cargo_smbv))
    assert resposta.status_code == 200
    texto = _texto(resposta)
    assert "Nenhuma lista publicada para este cargo" in texto
    assert resposta.context["versao"] is None
    assert "Pessoa A" not in texto and "***.982.247-**" not in texto


def test_lista_publicada_com_cpf_mascarado(client, cargo_smbv, rh):
    versao = recalcular(cargo_smbv.pk)
    publicacao = publicar(versao, "preliminar", rh)
    resposta = client.get(_url_cargo(cargo_smbv))
    texto = _texto(resposta)
    assert resposta.context["versao"] == versao
    assert "Resultado preliminar" in texto
    assert timezone.localtime(publicacao.publicada_em).strftime("%d/%m/%Y %H:%M") in texto
    # Under SMBV a final PP non-confirmation keeps the candidate in AC (LC 22/2026, art. 3º,
    # §3º, spec section 3): a pending optant's place in the general list is not sub judice.
    assert _linhas(resposta) == [(1, "A", False), (2, "B", False), (3, "C", False),
                                 (4, "D", False), (5, "E", False)]
    assert "Pessoa A" in texto
    assert "***.982.247-**" in texto
    assert CPF not in texto and "529.982.247-25" not in texto
    # Nothing of the self-declaration.
    assert "amarela" not in texto.lower()
    # The distribution of the snapshot and its explanation.
    assert resposta.context["distribuicao"] == [
        ("AC", "ampla concorrência", 2), ("PP", "pessoas negras (pretas e pardas)", 1),
        ("I", "pessoas indígenas", 0), ("PCD", "pessoas com deficiência", 0)]
    assert ("PP: 25% de 3 = 0,75 → 1, fração 0,75 igual ou maior que 0,7 — LC 22/2026, "
            "art. 1º, §2º") in texto


def test_lista_reservada_com_sub_judice(client, cargo_smbv, rh):
    publicar(recalcular(cargo_smbv.pk), "preliminar", rh)
    resposta = client.get(_url_cargo(cargo_smbv, lista="PP"))
    # No final verdict yet: the PP optants are in the list sub judice.
    assert _linhas(resposta) == [(1, "B", True), (2, "C", True), (3, "D", True)]
    assert _texto(resposta).count('class="badge sub-judice"') == 3
    abas = {a["lista"]: a["candidatos"] for a in resposta.context["abas"]}
    assert abas == {"AC": 5, "PP": 3, "I": 0, "PCD": 0, "convocacao": None}


def test_ordem_de_convocacao_publicada(client, cargo_smbv, rh):
    # The final result waits for the optants within the called range.
    for insc in Inscricao.objects.filter(cargo=cargo_smbv, numero__in=("B", "C", "D")):
        SituacaoLista.objects.create(inscricao=insc, lista="PP", estado=EstadoLista.CONFIRMADA)
    publicar(recalcular(cargo_smbv.pk), "final", rh)
    resposta = client.get(_url_cargo(cargo_smbv, lista="convocacao"))
    chamadas = [(c.posicao, c.vaga, c.inscricao.numero, c.inscricao.candidato.nome_exibicao)
                for c in resposta.context["page_obj"]]
    assert chamadas == [(1, "AC", "A", "Pessoa A"), (2, "AC", "B", "Pessoa B"),
                        (3, "PP", "C", "Pessoa C")]
    texto = _texto(resposta)
    assert "Resultado final (homologado)" in texto
    assert "3ª" in texto and "Pessoa C" in texto


def test_lista_desconhecida_mostra_ampla_concorrencia(client, cargo_smbv, rh):
    publicar(recalcular(cargo_smbv.pk), "preliminar", rh)
    resposta = client.get(_url_cargo(cargo_smbv, lista="XYZ"))
    assert resposta.context["aba"] == "AC"
    assert len(_linhas(resposta)) == 5


def test_versao_posterior_nao_publicada_nao_aparece(client, cargo_smbv, rh):
    v1 = recalcular(cargo_smbv.pk)
    publicar(v1, "preliminar", rh)
    InscricaoFactory(cargo=cargo_smbv, numero="F", nota=Decimal("99"), cor_raca="branca",
                     candidato=CandidatoFactory(nome="Pessoa Nova"))
    v2 = recalcular(cargo_smbv.pk)
    assert v2.numero == 2
    resposta = client.get(_url_cargo(cargo_smbv))
    assert resposta.context["versao"] == v1
    assert [n for _, n, _ in _linhas(resposta)] == ["A", "B", "C", "D", "E"]
    assert "Pessoa Nova" not in _texto(resposta)
    # Once published, the new version replaces it.
    publicar(v2, "preliminar", rh)
    resposta = client.get(_url_cargo(cargo_smbv))
    assert resposta.context["versao"] == v2
    assert [n for _, n, _ in _linhas(resposta)][:2] == ["F", "A"]


def test_publicacoes_anteriores_ficam_listadas_com_seus_arquivos(client, cargo_smbv, rh):
    v1 = recalcular(cargo_smbv.pk)
    preliminar = publicar(v1, "preliminar", rh)
    resposta = client.get(_url_cargo(cargo_smbv))
    assert resposta.context["anteriores"] == []
    assert 'id="publicacoes-anteriores"' not in _texto(resposta)
    InscricaoFactory(cargo=cargo_smbv, numero="F", nota=Decimal("99"), cor_raca="branca",
                     candidato=CandidatoFactory(nome="Pessoa Nova"))
    # (A second preliminary result: the optants' verdicts are still pending.)
    segunda = publicar(recalcular(cargo_smbv.pk), "preliminar", rh)
    resposta = client.get(_url_cargo(cargo_smbv))
    assert (resposta.context["publicacao"], resposta.context["anteriores"]) == (
        segunda, [preliminar])
    html = _texto(resposta)
    assert "1 publicação anterior deste cargo" in html
    for formato in ("pdf", "csv", "json"):
        assert reverse("publicacao_publica", args=[cargo_smbv.certame_id, cargo_smbv.pk,
                                                   preliminar.pk, formato]) in html


def test_link_do_certame_para_o_cargo(client, cargo_smbv, rh):
    publicar(recalcular(cargo_smbv.pk), "preliminar", rh)
    resposta = client.get(reverse("certame_publico", args=[cargo_smbv.certame_id]))
    assert f'href="{_url_cargo(cargo_smbv)}"' in resposta.content.decode()


# --- large lists: pagination and a fixed number of queries ---------------------------------


@pytest.fixture
def cargo_grande(rh):
    cargo = CargoFactory(vagas=2, certame=CertameFactory(regime=PIRANGI))
    for i in range(1, 151):
        InscricaoFactory(cargo=cargo, numero=f"{i:04d}", nota=Decimal(1000 - i),
                         cor_raca="branca")
    publicar(recalcular(cargo.pk), "preliminar", rh)
    return cargo


def _consultas(client, url):
    with CaptureQueriesContext(connection) as ctx:
        resposta = client.get(url)
    assert resposta.status_code == 200
    return resposta, len(ctx.captured_queries)


def test_paginacao_por_lista(client, cargo_grande):
    pagina1, n1 = _consultas(client, _url_cargo(cargo_grande, lista="AC"))
    assert [p for p, _, _ in _linhas(pagina1)] == list(range(1, 101))
    pagina2, n2 = _consultas(client, _url_cargo(cargo_grande, lista="AC", page=2))
    assert [p for p, _, _ in _linhas(pagina2)] == list(range(101, 151))
    assert _linhas(pagina2)[0][1] == "0101"
    assert "?lista=AC&amp;page=1" in pagina2.content.decode()
    # 100 rows or 50 rows: the same 10 queries (the page cache's generation, the certame's
    # órgão for its time zone (certames.calendario.fuso), cargo, the published phase results,
    # publication, the older publications, the states of its documents, list sizes, the
    # page's slice of the packed list, the page's inscrições), none per candidate.
    assert (n1, n2) == (10, 10)


def test_paginacao_sem_n_mais_1_na_convocacao(client, cargo_grande):
    resposta, n = _consultas(client, _url_cargo(cargo_grande, lista="convocacao"))
    assert [(c.posicao, c.inscricao.numero) for c in resposta.context["page_obj"]] == [
        (1, "0001"), (2, "0002")]
    # the page cache's generation, the certame's órgão (its time zone), cargo, the published
    # phase results, publication, older publications, the states of its documents, list
    # sizes, the call order, the inscrições
    assert n == 10


def test_certame_publico_mostra_resultados_de_isencao_publicados(client, rh):
    certame = CertameFactory(regime="severinia-lei3057-2026",
                             data_publicacao_edital=dt.date(2026, 10, 1))
    url = reverse("certame_publico", args=[certame.pk])
    resultado = reverse("isencao:resultado", args=[certame.pk, "preliminar"])
    assert resultado not in client.get(url).content.decode()
    PublicacaoResultado.objects.create(certame=certame, procedimento="isencao",
                                       fase="preliminar", publicada_por=rh)
    assert resultado in client.get(url).content.decode()

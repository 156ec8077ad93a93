"""RH's certame dashboard: the SVG helpers of painel/graficos.py and the
three figures on the RH certame page."""

import datetime as dt
import re
from fractions import Fraction

import pytest
from django.urls import reverse
from django.utils import timezone

from candidatos.models import Inscricao
from certames.models import Etapa
from comissoes.dominio.resultados import publicar_resultado_preliminar
from comissoes.dominio.sessoes import registrar_comparecimento
from painel import graficos
from painel.views.certames import grafico_heteroidentificacao, graficos_inscricoes
from tests.comissoes import fabricas
from tests.factories import EtapaFactory, InscricaoFactory

# --- pure helpers ---------------------------------------------------------------------------


def _retangulos(svg: str) -> list[tuple[str, str, str]]:
    return re.findall(r'<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)" height="[\d.]+" '
                      r'fill="([^"]+)"', svg)


def test_barras_proporcionais_ao_maior_valor_com_o_numero_na_ponta():
    svg = graficos.barras([("Metade", 5), ("Inteira", 10), ("Zero", 0)], titulo="T",
                          descricao="D", id_base="g")
    # Usable width: 440 - 2 × 8 - 44 = 380; 5 of 10 is half of it.
    assert _retangulos(svg) == [("8", "190", "#0d6efd"), ("8", "380", "#0d6efd")]
    # The value at the bar's end (x + width + 4); a zero has no bar, only its number.
    assert '<text x="202" y="30" font-size="13" text-anchor="start" fill="currentColor" ' \
           'font-weight="bold">5</text>' in svg
    assert 'x="392" y="66"' in svg and ">10</text>" in svg
    assert '<text x="12" y="102"' in svg and ">0</text>" in svg
    assert 'viewBox="0 0 440 112"' in svg  # 3 rows of 36 + 4


def test_largura_exata():
    assert graficos.largura_barra(1, 3, 380) == Fraction(380, 3)
    assert graficos._n(Fraction(380, 3)) == "126.67"
    assert graficos.largura_barra(0, 0, 380) == 0


def test_grafico_acessivel_e_sem_estilo_inline():
    svg = graficos.barras([("A", 1)], titulo="Título", descricao="Descrição", id_base="g")
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" class="grafico" id="g" '
                          'role="img" aria-labelledby="g-titulo g-desc" viewBox="0 0 440 40" '
                          'width="100%"')
    assert '<title id="g-titulo">Título</title><desc id="g-desc">Descrição</desc>' in svg
    assert "style=" not in svg and "<script" not in svg


def test_rotulos_escapados():
    rotulo = 'Lista <script>alert("x")</script> & cia'
    esperado = "Lista &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; cia"
    for svg in (
        graficos.barras([(rotulo, 1)], titulo=rotulo, descricao=rotulo, id_base="g"),
        graficos.barras_empilhadas([(rotulo, [1, 2])], [(rotulo, "#000", "#fff"),
                                                        ("B", "#111", "#fff")],
                                   titulo="T", descricao="D", id_base="g"),
        graficos.linha_do_tempo([(rotulo, dt.date(2026, 3, 1), dt.date(2026, 3, 2))],
                                dt.date(2026, 3, 1), titulo="T", descricao="D", id_base="g"),
    ):
        assert "<script" not in svg
        assert esperado in svg


def test_saida_deterministica():
    dados = [("A", 3), ("B", 7)]
    assert (graficos.barras(dados, titulo="T", descricao="D", id_base="g")
            == graficos.barras(dados, titulo="T", descricao="D", id_base="g"))


ETAPAS = [("Inscrições", dt.date(2026, 3, 5), dt.date(2026, 4, 20)),
          ("Resultado final", dt.date(2026, 4, 25), dt.date(2026, 4, 25))]


def test_linha_do_tempo_eixo_em_meses_e_hoje_marcado():
    # The axis runs from 01/03/2026 to 01/05/2026 (61 days over 424 units); today, 01/04,
    # is 31 days in: 8 + 31 × 424 / 61 = 223.48.
    assert graficos.dominio(ETAPAS) == (dt.datetime(2026, 3, 1), dt.datetime(2026, 5, 1))
    assert graficos.posicao(dt.date(2026, 4, 1), dt.datetime(2026, 3, 1),
                            dt.datetime(2026, 5, 1)) == Fraction(31 * 424, 61)
    svg = graficos.linha_do_tempo(ETAPAS, dt.date(2026, 4, 1), titulo="T", descricao="D",
                                  id_base="c")
    assert ('<line class="hoje" x1="223.48" y1="18" x2="223.48" y2="102" stroke="#dc3545" '
            'stroke-width="2"/>') in svg
    assert ">hoje</text>" in svg
    assert ">mar/26</text>" in svg and ">abr/26</text>" in svg and "mai/26" not in svg
    # Inscrições: 4 days in (8 + 4 × 424 / 61 = 35.8), 46 days long (319.74), open today
    # (green); the result is ahead (blue), a one-day mark of the minimum width.
    assert _retangulos(svg) == [("35.8", "319.74", "#198754"), ("390.3", "3", "#0d6efd")]
    assert ">05/03–20/04</text>" in svg and ">25/04</text>" in svg
    # One row per stage, in the order given.
    assert svg.index(">Inscrições<") < svg.index(">Resultado final<")


def test_linha_do_tempo_hoje_fora_do_eixo():
    depois = graficos.linha_do_tempo(ETAPAS, dt.date(2026, 9, 1), titulo="T", descricao="D",
                                     id_base="c")
    assert 'class="hoje"' not in depois and ">hoje →</text>" in depois
    # Every stage is over: grey.
    assert [cor for _x, _w, cor in _retangulos(depois)] == ["#6c757d", "#6c757d"]
    antes = graficos.linha_do_tempo(ETAPAS, dt.date(2026, 1, 1), titulo="T", descricao="D",
                                    id_base="c")
    assert ">← hoje</text>" in antes


def test_linha_do_tempo_longa_rotula_a_cada_poucos_meses():
    etapas = [("A", dt.date(2026, 1, 10), dt.date(2026, 2, 1)),
              ("B", dt.date(2027, 6, 1), dt.date(2027, 6, 2))]
    svg = graficos.linha_do_tempo(etapas, dt.date(2026, 1, 1), titulo="T", descricao="D",
                                  id_base="c")
    # 18 months on the axis: a label every 3 months (at most eight).
    assert re.findall(r">(\w{3}/\d\d)</text>", svg) == [
        "jan/26", "abr/26", "jul/26", "out/26", "jan/27", "abr/27"]


def test_barras_empilhadas_somam_na_ponta():
    svg = graficos.barras_empilhadas(
        [("Lote 1", [3, 1, 0, 0]), ("Sem lote", [0, 0, 0, 2])],
        [("C", "#1", "#fff"), ("N", "#2", "#fff"), ("A", "#3", "#000"), ("P", "#4", "#000")],
        titulo="T", descricao="D", id_base="h")
    # Max total 4 over 380: 3 → 285, 1 → 95; the second batch's 2 → 190.
    assert [(x, w, c) for x, w, c in _retangulos(svg) if w not in ("11",)] == [
        ("8", "285", "#1"), ("293", "95", "#2"), ("8", "190", "#4")]
    assert 'x="392" y="58"' in svg and ">4</text>" in svg


# --- the data and the page ------------------------------------------------------------------


@pytest.fixture
def certame_com_dados(db):
    """A Pirangi certame (lists PP, I, Q, PCD) with a schedule, inscrições and two published
    heteroidentification batches: batch 1 one not confirmed, batch 2 one confirmed and one
    absent; one evaluation still open."""
    ns = fabricas.cenario()  # batch 1: the candidate's PP evaluation, not confirmed
    certame = ns.certame
    cargo = ns.cargo
    confirmada = fabricas.avaliacao(ns.comissao, inscricao=InscricaoFactory(
        cargo=cargo, listas=["PP", "PCD"]))
    fabricas.julgar(confirmada, ns.membros, 0)
    passado = timezone.now() - dt.timedelta(hours=2)
    sessao = fabricas.sessao(ns.comissao, inicio=passado)
    conv, _av = fabricas.convocado(sessao, inscricao=InscricaoFactory(cargo=cargo,
                                                                      listas=["PP"]))
    presidente = next(m for m in ns.membros if m.presidente)
    registrar_comparecimento(conv, "ausente", presidente=presidente)
    publicar_resultado_preliminar(certame, autor=ns.rh)  # batch 2
    fabricas.avaliacao(ns.comissao, inscricao=InscricaoFactory(
        cargo=cargo, listas=["Q"], situacao=Inscricao.Situacao.INSCRITO))
    InscricaoFactory(cargo=cargo, situacao=Inscricao.Situacao.ELIMINADO)
    InscricaoFactory(cargo=cargo, listas=["I"], situacao=Inscricao.Situacao.DESISTENTE)
    agora = timezone.now()
    EtapaFactory(certame=certame, tipo=Etapa.Tipo.INSCRICOES, inicio=agora - dt.timedelta(
        days=40), fim=agora - dt.timedelta(days=20))
    EtapaFactory(certame=certame, tipo=Etapa.Tipo.RESULTADO_FINAL,
                 inicio=agora + dt.timedelta(days=30), fim=agora + dt.timedelta(days=31))
    return ns


def test_contagens_por_lista_e_situacao(certame_com_dados, django_assert_num_queries):
    with django_assert_num_queries(1):
        dados = graficos_inscricoes(certame_com_dados.certame)
    # 6 inscrições: cenario's (PP), PP+PCD, PP (absent), Q (inscrito), none (eliminado),
    # I (desistente); the factory's default situação is habilitado.
    assert dados["total_inscricoes"] == 6
    assert dados["matriz_cabecalho"] == ["Inscrito", "Habilitado", "Eliminado", "Ausente",
                                         "Desistente"]
    assert dados["matriz"] == [
        ("Ampla concorrência (AC)", [1, 3, 1, 0, 1], 6),
        ("Pretos e pardos (PP)", [0, 3, 0, 0, 0], 3),
        ("Indígenas (I)", [0, 0, 0, 0, 1], 1),
        ("Quilombolas (Q)", [1, 0, 0, 0, 0], 1),
        ("Pessoas com deficiência (PCD)", [0, 1, 0, 0, 0], 1),
    ]


def test_resultados_por_lote(certame_com_dados, django_assert_num_queries):
    with django_assert_num_queries(2):
        dados = grafico_heteroidentificacao(certame_com_dados.certame)
    assert dados["heteroidentificacao_linhas"] == [
        ("Lote 1 (resultado preliminar)", [0, 1, 0, 0], 1),
        ("Lote 2 (resultado preliminar)", [1, 0, 1, 0], 2),
        ("Ainda sem lote publicado", [0, 0, 0, 1], 1),
    ]


def test_sem_avaliacoes_nao_ha_grafico_de_lotes(db):
    from tests.factories import CertameFactory

    assert grafico_heteroidentificacao(CertameFactory()) == {"heteroidentificacao": None}


def test_pagina_do_certame_mostra_os_tres_graficos(client, certame_com_dados):
    ns = certame_com_dados
    client.force_login(ns.rh)
    html = client.get(reverse("painel:certame", args=[ns.certame.pk])).content.decode()
    for id_base in ("grafico-cronograma", "grafico-listas", "grafico-situacoes",
                    "grafico-heteroidentificacao"):
        assert f'id="{id_base}" role="img" aria-labelledby="{id_base}-titulo {id_base}-desc"' \
            in html
    assert html.count('class="hoje"') == 1
    assert ">Inscrições</text>" in html and ">Resultado final / homologação</text>" in html
    assert ">Lote 2 (resultado preliminar)</text>" in html
    # The numbers for screen readers, next to the figures.
    assert ('<tr><th scope="row">Pretos e pardos (PP)</th><td>0</td><td>3</td><td>0</td>'
            '<td>0</td><td>0</td><td>3</td></tr>') in html
    assert ('<tr><th scope="row">Lote 2 (resultado preliminar)</th><td>1</td><td>0</td>'
            '<td>1</td><td>0</td><td>2</td></tr>') in html
    assert ' style="' not in html.split('id="panorama"')[1].split("</section>")[0]

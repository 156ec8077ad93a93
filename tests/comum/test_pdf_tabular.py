"""The lean layout of long tables (comum/pdf/tabular.py), read back with poppler."""

from __future__ import annotations

from comum.pdf.tabular import Coluna, Documento, Secao, gerar
from tests.pdf_apoio import fontes_do_pdf, info_do_pdf, paginas_do_pdf, texto_do_pdf

COLUNAS = [Coluna("Posição", 10, numerica=True), Coluna("Inscrição", 16), Coluna("Nome", 50),
           Coluna("Nota final", 14, numerica=True)]


def _documento(linhas, *, secoes=None, **campos) -> Documento:
    return Documento(
        orgao="Prefeitura Municipal de Pirangi", municipio="Pirangi — SP",
        titulo="Resultado preliminar da classificação",
        cabecalho=[("Edital", "12/2026 — Concurso de 2026"), ("Cargo", "ENF — Enfermeiro")],
        secoes=secoes or [Secao("Lista AC — Ampla concorrência", colunas=COLUNAS,
                                linhas=linhas, vazia="Nenhum candidato nesta lista.")],
        **campos)


def _linhas(n: int) -> list[tuple[str, ...]]:
    return [(f"{i}º", f"N{i:05d}", f"Candidata {i}", f"{50 + i % 50},0000")
            for i in range(1, n + 1)]


def test_cabecalho_da_tabela_e_numero_da_pagina_em_cada_pagina():
    pdf = gerar(_documento(_linhas(300)))
    total = paginas_do_pdf(pdf)
    assert total == 7  # 300 rows: 43 on the first page (under the header), 51 on the others
    for pagina in range(1, total + 1):
        texto = texto_do_pdf(pdf, pagina=pagina)
        assert "Posição" in texto and "Nota final" in texto
        assert f"{pagina}/{total}" in texto.split()[-1]


def test_cada_linha_sai_uma_vez_e_na_ordem():
    pdf = gerar(_documento(_linhas(300)))
    texto = texto_do_pdf(pdf)
    numeros = [palavra for palavra in texto.split() if palavra.startswith("N0")]
    assert numeros == [f"N{i:05d}" for i in range(1, 301)]


def test_linha_nunca_partida_entre_paginas():
    """A name wrapped in four lines stays on one page with its inscrição."""
    longo = " ".join(["Maria"] * 60)
    linhas = _linhas(42) + [("43º", "N00043", longo, "1,0000")] + _linhas(5)
    pdf = gerar(_documento(linhas))
    primeira, segunda = texto_do_pdf(pdf, pagina=1), texto_do_pdf(pdf, pagina=2)
    assert "N00042" in primeira and "N00043" not in primeira
    assert "N00043" in segunda
    assert segunda.count("Maria") == 60


def test_nomes_como_digitados_com_acentos_e_guarani():
    nomes = ["Kuñã Mbaraka Ỹvy", "João da Conceição", "Ana\u0303 Combinada", "Iracema “Ira”"]
    pdf = gerar(_documento([("1º", "N1", nome, "1,0000") for nome in nomes]))
    texto = texto_do_pdf(pdf)
    assert "Kuñã Mbaraka Ỹvy" in texto
    assert "João da Conceição" in texto
    assert "Anã Combinada" in texto  # a + combining tilde printed as one ã (NFC)
    assert "Iracema “Ira”" in texto


def test_marcacao_e_sintaxe_pdf_sao_texto():
    nome = '<script>alert("x")</script> ) Tj (\\ /F1 99 Tf'
    pdf = gerar(_documento([("1º", "N1", nome, "1,0000")]))
    assert b"<script" not in pdf and b"alert" not in pdf
    assert nome in texto_do_pdf(pdf, layout=False)


def test_tabela_vazia_diz_que_nao_ha_candidatos():
    texto = texto_do_pdf(gerar(_documento([])))
    assert "Nenhum candidato nesta lista." in texto
    assert "Posição" not in texto


def test_fontes_embutidas_em_subconjunto_e_metadados():
    pdf = gerar(_documento(_linhas(3)))
    fontes = fontes_do_pdf(pdf)
    assert [linha.split()[0] for linha in fontes] == ["AAAAAA+DejaVuSans",
                                                        "AAAAAB+DejaVuSans-Bold"]
    assert all(" yes yes yes " in linha for linha in fontes)  # embedded, subset, ToUnicode
    assert "Title:           Resultado preliminar da classificação" in info_do_pdf(pdf)
    assert len(pdf) < 60_000  # the subsets, not the 750 KB font files


def test_textos_longos_do_cabecalho_quebram_na_largura():
    fundamento = " ".join(["Constituição Federal, art. 37"] * 12)
    pdf = gerar(Documento(orgao="Órgão", municipio="Cidade", titulo="Título",
                          cabecalho=[("Fundamento legal", fundamento)], secoes=[]))
    linhas = [linha for linha in texto_do_pdf(pdf).splitlines() if "Constituição" in linha]
    assert len(linhas) >= 3
    assert " ".join(" ".join(linhas).split()).count("Constituição Federal, art. 37") == 12


def test_caracteres_de_controle_viram_espaco():
    pdf = gerar(_documento([("1º", "N1", "Ana\tMaria\x07Souza", "1,0000")]))
    assert "Ana Maria Souza" in texto_do_pdf(pdf, layout=False)

"""The layout of the documents that grow with the candidates: the published lists and a
phase's result, laid out by `comum.pdf.tabular` (weasyprint took minutes for a list of
50,000; this takes seconds).

Each function turns the document's content (`classificacao.documentos.conteudo_publicacao`,
`classificacao.documentos_fases.conteudo_fase`: the same plain data the CSV and the JSON are
written from, so the three formats never disagree) into a `tabular.Documento`. What the
candidates typed is printed as text (`comum.pdf.tabular` writes glyph numbers, never PDF
syntax).
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from comum.formatos import data_hora_br
from comum.pdf.tabular import Coluna, Documento, Secao


def _municipio(conteudo: dict) -> str:
    return (f"{conteudo['municipio']} — {conteudo['uf']}" if conteudo.get("uf")
            else conteudo["municipio"])


def _cabecalho(conteudo: dict, *linhas: tuple[str, str]) -> list[tuple[str, str]]:
    return [(_("Edital"), f"{conteudo['edital']} — {conteudo['certame']}"), *linhas,
            (_("Emitido em"), data_hora_br(conteudo["emitido_em"]))]


def _situacao(sub_judice: bool) -> str:
    return _("sub judice") if sub_judice else ""


def lista_publicada(conteudo: dict) -> Documento:
    """A published list (public, or RH's with the masked CPF): the split, every list and the
    call order."""
    publica = conteudo["publica"]
    publicacao = (f"{conteudo['publicacao_rotulo']} nº {conteudo['publicacao_id']} — "
                  + _("publicado em %(data)s (versão %(versao)s da classificação)") % {
                      "data": conteudo["publicada_em_texto"], "versao": conteudo["versao"]})
    cabecalho = _cabecalho(
        conteudo, (_("Cargo"), f"{conteudo['cargo_codigo']} — {conteudo['cargo_nome']}"),
        (_("Publicação"), publicacao), (_("Regime de reserva"), conteudo["regime"]),
        (_("Fundamento legal"), f"{conteudo['lei']}; {conteudo['fundamento_publicidade']}"))
    preliminar = ([_("Resultado preliminar, sujeito a recurso no prazo do edital; pode mudar "
                     "até a homologação.")]
                  if conteudo["publicacao_tipo"] == "preliminar" else [])
    secoes = [Secao(
        _("Distribuição das vagas") + f" ({conteudo['vagas']})", paragrafos=preliminar,
        itens=conteudo["explicacao"],
        colunas=[Coluna(_("Lista"), 8), Coluna(_("Nome"), 30),
                 Coluna(_("Vagas"), 8, numerica=True), Coluna(_("Fundamento"), 54)],
        linhas=[(lista["lista"], lista["nome"],
                 "—" if lista["vagas"] is None else str(lista["vagas"]), lista["fundamento"])
                for lista in conteudo["listas"]])]
    cpf = [] if publica else [Coluna(_("CPF"), 18)]
    for lista in conteudo["listas"]:
        secoes.append(Secao(
            _("Lista %(lista)s — %(nome)s") % {"lista": lista["lista"], "nome": lista["nome"]},
            colunas=[Coluna(_("Posição"), 10, numerica=True), Coluna(_("Inscrição"), 16),
                     Coluna(_("Nome"), 50), *cpf, Coluna(_("Nota final"), 14, numerica=True),
                     Coluna(_("Situação"), 12)],
            linhas=((f"{c['posicao']}º", c["inscricao"], c["nome"],
                     *([] if publica else [c["cpf"]]), c["nota_br"] or "—",
                     _situacao(c["sub_judice"])) for c in lista["candidatos"]),
            vazia=_("Nenhum candidato nesta lista.")))
    secoes.append(Secao(
        _("Ordem de convocação"),
        paragrafos=[_("Alternância e proporcionalidade") + " — "
                    + conteudo["fundamento_convocacao"]],
        colunas=[Coluna(_("Posição"), 10, numerica=True), Coluna(_("Vaga"), 8),
                 Coluna(_("Lista de origem"), 14), Coluna(_("Inscrição"), 16),
                 Coluna(_("Nome"), 44), *cpf, Coluna(_("Situação"), 12)],
        linhas=((f"{c['posicao']}ª", c["vaga"], c["lista_de_origem"],
                 c["inscricao"] or "—", c["nome"] or _("vaga sem candidato"),
                 *([] if publica else [c["cpf"] or "—"]), _situacao(c["sub_judice"]))
                for c in conteudo["convocacao"]),
        vazia=_("Não há vagas a convocar.")))
    privacidade = (_("Versão pública: número de inscrição e nome, como nas listas publicadas; "
                     "nenhum CPF (LGPD, Lei 13.709/2018, art. 6º, III).") if publica
                   else _("Versão do RH: CPF mascarado. Documento de uso interno (LGPD, Lei "
                          "13.709/2018)."))
    return Documento(orgao=conteudo["orgao"], municipio=_municipio(conteudo),
                     titulo=conteudo["titulo"], cabecalho=cabecalho, secoes=secoes,
                     notas=[_("Notas com quatro casas decimais, como apuradas. “Sub judice”: "
                              "posição que depende de decisão ainda não definitiva."),
                            privacidade],
                     assunto=f"{conteudo['cargo_codigo']} — {conteudo['cargo_nome']}")


def resultado_fase(conteudo: dict) -> Documento:
    """A phase's published result: each candidate's score, accumulated score and outcome
    with its route and basis."""
    fase = (f"{conteudo['fase_codigo']} — {conteudo['fase_nome']} ({conteudo['fase_tipo']}); "
            + _("nota mínima") + f" {conteudo['nota_minima'] or '—'}; " + _("peso")
            + f" {conteudo['peso']}")
    if conteudo["corte"]:
        fase += "; " + _("cláusula de barreira") + ": " + ", ".join(
            f"{lista} {n}" for lista, n in conteudo["corte"].items())
    publicacao = (f"{conteudo['titulo']} nº {conteudo['publicacao_id']} — "
                  + _("publicado em %(data)s (versão %(versao)s da classificação)") % {
                      "data": conteudo["publicada_em_texto"], "versao": conteudo["versao"]})
    fundamento = "; ".join(t for t in (conteudo["lei"], conteudo["garantia"],
                                       conteudo["fundamento_publicidade"]) if t)
    cabecalho = _cabecalho(
        conteudo, (_("Cargo"), f"{conteudo['cargo_codigo']} — {conteudo['cargo_nome']}"),
        (_("Fase"), fase), (_("Publicação"), publicacao),
        (_("Regime de reserva"), conteudo["regime"]), (_("Fundamento legal"), fundamento))
    prazo = conteudo["prazo_recurso"]
    paragrafos = [] if prazo is None else [
        _("Resultado preliminar da fase, sujeito a recurso em %(dias)s dia(s) contados da "
          "publicação, até %(fim)s (%(base)s), na área do candidato.") % {
              "dias": prazo["dias"], "fim": conteudo["prazo_recurso_texto"],
              "base": prazo["fundamento"]}]
    secao = Secao(
        conteudo["fase_nome"], paragrafos=paragrafos,
        colunas=[Coluna(_("Inscrição"), 16), Coluna(_("Nome"), 40),
                 Coluna(_("Nota"), 11, numerica=True),
                 Coluna(_("Nota acumulada"), 13, numerica=True), Coluna(_("Resultado"), 30)],
        linhas=((linha["inscricao"], linha["nome"], linha["nota_br"] or "—",
                 linha["parcial_br"] or "—",
                 " ".join(t for t in (linha["resultado_texto"], linha["rota_texto"]) if t)
                 + (f" — {linha['fundamento']}" if linha["fundamento"] else ""))
                for linha in conteudo["linhas"]),
        vazia=_("Nenhum candidato nesta fase."))
    return Documento(
        orgao=conteudo["orgao"], municipio=_municipio(conteudo), titulo=conteudo["titulo"],
        cabecalho=cabecalho, secoes=[secao],
        notas=[_("Versão pública: número de inscrição e nome; nenhum CPF (LGPD, Lei "
                 "13.709/2018, art. 6º, III).")],
        assunto=f"{conteudo['cargo_codigo']} {conteudo['fase_codigo']}")

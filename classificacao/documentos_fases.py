"""A published phase result as documents (spec section 10): the PDF for the Diário Oficial
(rendered by the Celery task of `classificacao.impressos`), CSV and JSON (open data), and the
public page, all from one content: the publication's own rows (`provas.DesempenhoPublicado`),
so a document shows what was published, never a later computation.

Public: inscrição, name, the phase's score, the partial score, the outcome and the route (the
reserved lists are public themselves); never a CPF. The names and the scores are those
published; the article of each route comes with the row (the guarantee's, the
non-confirmation's).
"""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext_lazy

from certames.models import DocumentoPdf
from certames.regras.listas import chave_inscricao
from classificacao import diagramacao
from classificacao.documentos import FUNDAMENTO_PUBLICIDADE, _cabecalho
from classificacao.impressos import Impresso, registrar
from comum.exportacao import celula_csv
from comum.formatos import data_hora_br
from provas import leitura, recursos
from provas.models import DesempenhoPublicado, PublicacaoFase

ESQUEMA_FASE = "provas.resultado_fase/1"
COLUNAS_FASE = ["inscricao", "nome", "nota", "nota_acumulada", "resultado", "rota",
                "fundamento"]


def _texto(valor) -> str | None:
    return None if valor is None else format(valor.normalize(), "f")


def conteudo_fase(publicacao: PublicacaoFase) -> dict:
    """Everything a phase publication shows, as plain data (scores as decimal text)."""
    fase = publicacao.fase
    cargo = fase.cargo
    certame = cargo.certame
    regime = certame.regime_legal
    linhas = []
    desempenhos = sorted(DesempenhoPublicado.objects.filter(publicacao=publicacao)
                         .select_related("inscricao__candidato"),
                         key=lambda d: chave_inscricao(d.inscricao.numero))
    for d in desempenhos:
        r = leitura.ResultadoNaFase(d.inscricao_id, d.nota, d.parcial, d.resultado,
                                    d.rota or None, d.fundamento)
        linhas.append({
            "inscricao": d.inscricao.numero, "nome": d.inscricao.candidato.nome_exibicao,
            "nota": _texto(d.nota), "nota_br": "" if d.nota is None else celula_csv(d.nota),
            "parcial": _texto(d.parcial),
            "parcial_br": "" if d.parcial is None else celula_csv(d.parcial),
            "resultado": d.resultado, "resultado_texto": r.descricao,
            "rota": d.rota, "rota_texto": r.descricao_rota, "fundamento": d.fundamento})
    return {
        "titulo": str(publicacao.get_tipo_display()), **_cabecalho(certame),
        "certame_id": certame.pk, "cargo_id": cargo.pk, "cargo_codigo": cargo.codigo,
        "cargo_nome": cargo.nome, "fase_codigo": fase.codigo, "fase_nome": fase.nome,
        "fase_tipo": str(fase.get_tipo_display()),
        "nota_minima": _texto(fase.nota_minima), "peso": _texto(fase.peso),
        "corte": leitura.corte_da_fase(publicacao.versao, fase.codigo),
        "publicacao_id": publicacao.pk, "publicacao_tipo": publicacao.tipo,
        "publicada_em": timezone.localtime(publicacao.publicada_em).isoformat(),
        "publicada_em_texto": data_hora_br(publicacao.publicada_em),
        "versao": publicacao.versao.numero, "regime": regime.nome, "lei": regime.lei,
        "garantia": regime.fundamento_todas_as_fases,
        "fundamento_publicidade": FUNDAMENTO_PUBLICIDADE, "linhas": linhas,
        **_prazo_recurso(publicacao),
    }


def _prazo_recurso(publicacao: PublicacaoFase) -> dict:
    """A preliminary result's appeal period (`provas.recursos`: the edital's days from the
    publication), as the documents state it; a final one has none."""
    if publicacao.tipo != PublicacaoFase.Tipo.PRELIMINAR:
        return {"prazo_recurso": None, "prazo_recurso_texto": ""}
    fim = recursos.fim_do_prazo(publicacao)
    return {"prazo_recurso": {"fim": timezone.localtime(fim).isoformat(),
                              "dias": publicacao.fase.prazo_recurso_dias,
                              "fundamento": recursos.FUNDAMENTO_RECURSO},
            "prazo_recurso_texto": data_hora_br(fim)}


def nome_fase(publicacao: PublicacaoFase) -> str:
    """Download name: cargo, phase, kind and id ("fase-AGT-P1-preliminar-3")."""
    return (f"fase-{publicacao.fase.cargo.codigo}-{publicacao.fase.codigo}-"
            f"{publicacao.tipo}-{publicacao.pk}")


def linhas_fase(conteudo: dict) -> list[tuple]:
    return [(linha["inscricao"], linha["nome"], linha["nota_br"], linha["parcial_br"],
             linha["resultado_texto"], linha["rota_texto"], linha["fundamento"])
            for linha in conteudo["linhas"]]


def dados_fase(conteudo: dict, url: str) -> dict:
    """The open-data JSON (schema ESQUEMA_FASE; docs/contrato-json.md)."""
    return {
        "esquema": ESQUEMA_FASE, "url": url, "orgao": conteudo["orgao"],
        "edital": conteudo["edital"], "certame": conteudo["certame"],
        "cargo": conteudo["cargo_codigo"], "fase": conteudo["fase_codigo"],
        "nome_fase": conteudo["fase_nome"], "tipo": conteudo["publicacao_tipo"],
        "publicada_em": conteudo["publicada_em"], "versao": conteudo["versao"],
        "nota_minima": conteudo["nota_minima"], "peso": conteudo["peso"],
        "corte": conteudo["corte"], "prazo_recurso": conteudo["prazo_recurso"],
        "resultados": [{"inscricao": linha["inscricao"], "nome": linha["nome"],
                        "nota": linha["nota"], "nota_acumulada": linha["parcial"],
                        "resultado": linha["resultado"], "rota": linha["rota"] or None,
                        "fundamento": linha["fundamento"]}
                       for linha in conteudo["linhas"]],
    }


registrar(Impresso(
    tipo=DocumentoPdf.Tipo.RESULTADO_FASE, template="", diagramar=diagramacao.resultado_fase,
    conteudo=conteudo_fase, nome=nome_fase, titulo=gettext_lazy("Resultado de fase"),
    alvo=PublicacaoFase))

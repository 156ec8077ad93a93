"""What the phases app declares to the shared mechanisms (registered at app loading by
`ProvasConfig.ready`): its append-only tables and audited columns
(`comum.somente_insercao`), the models the public pages and the candidate's status page show
(`comum.cache_publico`) and the labels of the acts it writes (`certames.auditoria`)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from certames.auditoria import declarar_rotulos
from comum import cache_publico, somente_insercao

TABELAS_PROTEGIDAS = (
    "provas_importacaonotasfase",
    "provas_publicacaofase",
    "provas_desempenhopublicado",
    "provas_revisaonotafase",
    "provas_historicalfase",
    "provas_historicalnotafase",
    "provas_alocacaoprova",
    "provas_lugarprova",
    "provas_historicallocalprova",
    "provas_historicalsalaprova",
)

COLUNAS_AUDITADAS = {
    "provas_notafase": (("inscricao_id", "fase_id"), ("nota", "ausente", "revisao_id")),
}

FONTES_PUBLICAS = {
    # the phases the cargo page describes, and their published results (the status page
    # reads a phase's result only from its publication's version)
    "provas.Fase": (("cargo__certame",), ()),
    "provas.PublicacaoFase": (("fase__cargo__certame",), ()),
}

#: The decision on an appeal against a phase result: the candidate's status page tells it.
FONTES_PRIVADAS = {
    "provas.RevisaoNotaFase": (("i", "desempenho__inscricao"),),
}

#: Written only with their publication, in its transaction.
COBERTAS = {"provas.DesempenhoPublicado": "provas.PublicacaoFase"}

ROTULOS_ATOS = {
    "fase_definida": _("Definição de fase da avaliação"),
    "fase_alterada": _("Alteração de fase da avaliação"),
    "fase_removida": _("Remoção de fase da avaliação"),
    "garantia_fases": _("Garantia dos optantes a todas as fases (edital)"),
    "notas_fase_importadas": _("Importação das notas de uma fase"),
    "resultado_fase_preliminar": _("Publicação do resultado preliminar de uma fase"),
    "resultado_fase_final": _("Publicação do resultado final de uma fase"),
    "recurso_resultado_fase": _("Recurso contra o resultado preliminar de uma fase"),
    "recurso_fase_julgado": _("Julgamento de recurso contra o resultado de uma fase"),
    "local_prova_cadastrado": _("Cadastro de local de prova"),
    "sala_prova_cadastrada": _("Cadastro de sala de prova"),
    "sala_prova_corrigida": _("Correção de sala de prova"),
    "alocacao_prova_publicada": _("Publicação da alocação dos locais de prova"),
    "lista_local_prova_exportada": _("Exportação da lista de candidatos por sala de prova"),
}


def declarar() -> None:
    """Register the declarations above (ProvasConfig.ready)."""
    somente_insercao.declarar_tabelas("provas", TABELAS_PROTEGIDAS)
    somente_insercao.declarar_colunas("provas", COLUNAS_AUDITADAS)
    cache_publico.declarar_fontes(FONTES_PUBLICAS)
    cache_publico.declarar_fontes_privadas(FONTES_PRIVADAS)
    cache_publico.declarar_cobertas(COBERTAS)
    declarar_rotulos(ROTULOS_ATOS)

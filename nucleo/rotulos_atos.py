"""The audit trail's words: one Portuguese label for every kind of act (`Ato.tipo`).

`Ato.tipo` is a code written by `certames.auditoria.registrar_ato` across the project
("importacao_inscricoes", "recurso_heteroidentificacao"...). The pages show the label and keep
the code as secondary text. Exact codes are in `ROTULOS`; families built from an enum or a
procedure's slug (f"chamada_{tipo}", f"recurso_{slug}"...) are in `FAMILIAS` and take the
member's own label, so a new call event, publication kind or procedure plug-in is labelled
with its own words. tests/certames/test_rotulos_atos.py collects every code the code base
writes and fails on one without a label.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from certames.models import EventoChamada, Publicacao
from nucleo.registro import registrados

ROTULOS = {
    # The certame and its edital
    "alteracao_edital": gettext_lazy("Alteração do edital"),
    "vaga_surgida": gettext_lazy("Registro de vaga surgida"),
    "homologacao": gettext_lazy("Homologação do resultado final"),
    "prorrogacao_validade": gettext_lazy("Prorrogação da validade do certame"),
    "criterios_heteroidentificacao": gettext_lazy(
        "Publicação dos critérios da heteroidentificação"),
    "carga_demonstracao": gettext_lazy("Carga dos dados de demonstração"),
    # The public draw of the whole-edital reserve (certames/sorteio.py)
    "sorteio_anunciado": gettext_lazy("Anúncio do sorteio público das vagas reservadas"),
    "sorteio_realizado": gettext_lazy("Sorteio público das vagas reservadas"),
    # Candidates' accounts
    "cadastro_candidato": gettext_lazy("Pedido de cadastro no portal do candidato"),
    "confirmacao_cadastro": gettext_lazy("Confirmação do cadastro pelo candidato"),
    "confirmacao_cadastro_recusada": gettext_lazy("Confirmação de cadastro recusada"),
    "reivindicacao_cadastro": gettext_lazy("Reivindicação de cadastro"),
    "reivindicacao_cadastro_aprovada": gettext_lazy("Reivindicação de cadastro aprovada"),
    "reivindicacao_cadastro_recusada": gettext_lazy("Reivindicação de cadastro recusada"),
    "vinculo_cadastro": gettext_lazy("Vínculo de cadastro importado à conta existente do CPF"),
    "correcao_email_cadastro": gettext_lazy("Correção do e-mail de cadastro importado"),
    "migracao_cadastro_nao_confirmado": gettext_lazy(
        "Remoção de cadastro nunca confirmado (migração)"),
    # Inscrições
    "importacao_inscricoes": gettext_lazy("Importação das inscrições (planilha da banca)"),
    "inscricao": gettext_lazy("Inscrição pelo portal"),
    "retificacao_inscricao": gettext_lazy("Retificação da inscrição"),
    "opcao_listas": gettext_lazy("Opção pelas listas reservadas"),
    "situacao_lista": gettext_lazy("Mudança de situação em lista reservada"),
    "desistencia": gettext_lazy("Desistência do certame"),
    "eliminacao": gettext_lazy("Eliminação do certame"),
    "eliminacao_revogada": gettext_lazy("Eliminação revogada"),
    "convocacao": gettext_lazy("Convocação para nomeação"),
    # Fee and exemption
    # Special conditions at the exam (candidatos/condicoes/)
    "atendimento_pedido": gettext_lazy("Pedido de atendimento especializado na prova"),
    "atendimento_decisao": gettext_lazy("Decisão sobre atendimento especializado"),
    "atendimento_julgamento_recurso": gettext_lazy(
        "Julgamento de recurso do atendimento especializado"),
    "atendimento_exportacao": gettext_lazy(
        "Exportação da lista de atendimento especializado"),
    "isencao_pedido": gettext_lazy("Pedido de isenção da taxa"),
    "isencao_decisao_preliminar": gettext_lazy("Decisão preliminar do pedido de isenção"),
    "isencao_julgamento_recurso": gettext_lazy("Julgamento de recurso da isenção"),
    "isencao_taxa": gettext_lazy("Isenção da taxa aplicada à inscrição"),
    "isencao_indeferida_falsidade": gettext_lazy("Isenção indeferida por declaração falsa"),
    "isencao_falsidade_revogada": gettext_lazy(
        "Indeferimento da isenção por falsidade revogado"),
    "pagamento_taxa": gettext_lazy("Pagamento da taxa de inscrição"),
    "encerramento_prazo_pagamento": gettext_lazy("Encerramento do prazo de pagamento da taxa"),
    "cadunico_importacao": gettext_lazy("Importação do extrato do CadÚnico"),
    # Administrative procedure (fraud or falsity)
    "procedimento_instaurado": gettext_lazy("Instauração de procedimento administrativo"),
    "procedimento_defesa": gettext_lazy("Defesa no procedimento administrativo"),
    "procedimento_decidido": gettext_lazy("Decisão do procedimento administrativo"),
    "procedimento_encaminhamento": gettext_lazy(
        "Encaminhamento do procedimento administrativo"),
    "procedimento_recurso_julgado": gettext_lazy(
        "Julgamento de recurso do procedimento administrativo"),
    "procedimento_encerrado": gettext_lazy("Encerramento do procedimento administrativo"),
    # Appeals against RH's decisions (nucleo/autoridade.py: Lei 9.784/1999, art. 56, §1º)
    "autoridade_recursal_designada": gettext_lazy(
        "Designação da autoridade superior do certame"),
    "recurso_reconsiderado": gettext_lazy("Reconsideração da decisão recorrida"),
    "recurso_mantido_encaminhado": gettext_lazy(
        "Decisão recorrida mantida e recurso encaminhado à autoridade superior"),
    # Committees
    "comissao_designada": gettext_lazy("Designação de comissão"),
    "conta_membro_criada": gettext_lazy("Criação de conta de membro de comissão"),
    "comissao_alterada": gettext_lazy("Alteração de comissão (administração)"),
    "membro_designado": gettext_lazy("Designação de membro de comissão"),
    "membro_alterado": gettext_lazy("Alteração de membro de comissão (administração)"),
    "membro_desligado": gettext_lazy("Desligamento de membro de comissão"),
    "membro_papel": gettext_lazy("Mudança de papel de membro de comissão"),
    "presidente_designado": gettext_lazy("Designação de presidente de comissão"),
    "termo_confidencialidade": gettext_lazy("Assinatura do termo de confidencialidade"),
    "impedimento": gettext_lazy("Declaração de impedimento"),
    "sessao_agendada": gettext_lazy("Agendamento de sessão da comissão"),
    "sessao_alterada": gettext_lazy("Alteração de sessão (administração)"),
    "sessao_encerrada": gettext_lazy("Encerramento de sessão da comissão"),
    "presenca_sessao": gettext_lazy("Registro da presença dos membros na sessão"),
    "presenca_sessao_corrigida": gettext_lazy(
        "Correção do registro de presença dos membros na sessão"),
    "comparecimento": gettext_lazy("Registro de comparecimento"),
    "gravacao": gettext_lazy("Gravação anexada à avaliação"),
    "voto": gettext_lazy("Voto de membro da comissão"),
    "voto_substituido": gettext_lazy("Voto substituído"),
    "parecer": gettext_lazy("Parecer da comissão"),
    "documento_enviado": gettext_lazy("Envio de documento pelo candidato"),
    "documento_substituido": gettext_lazy("Substituição de documento pelo candidato"),
    "documentos_submetidos": gettext_lazy("Documentos submetidos à comissão"),
    "analise_documento": gettext_lazy("Análise de documento"),
    "analise_documento_substituida": gettext_lazy("Análise de documento refeita"),
    "avaliacao_biopsicossocial": gettext_lazy("Avaliação biopsicossocial"),
    "avaliacao_biopsicossocial_substituida": gettext_lazy("Avaliação biopsicossocial refeita"),
    # Privacy
    "expurgo_lgpd": gettext_lazy("Eliminação de dados pessoais (LGPD)"),
}


def _chamada(sufixo: str) -> str | None:
    if sufixo in EventoChamada.Tipo.values:
        return _("Ordem de nomeação: %(e)s") % {"e": EventoChamada.Tipo(sufixo).label}
    return None


def _publicacao(sufixo: str) -> str | None:
    if sufixo in Publicacao.Tipo.values:
        return _("Publicação da classificação: %(t)s") % {
            "t": str(Publicacao.Tipo(sufixo).label).lower()}
    return None


def _por_procedimento(modelo):
    """A family whose suffix is a procedure plug-in's slug (registered at app loading)."""
    def rotulo(sufixo: str) -> str | None:
        for proc in registrados():
            if proc.slug == sufixo:
                return modelo() % {"p": proc.titulo}
        return None
    return rotulo


#: Prefix -> function of the suffix giving the label (None when the suffix is unknown).
FAMILIAS = {
    "chamada_": _chamada,
    "publicacao_": _publicacao,
    "convocacao_": _por_procedimento(lambda: _("Convocação — %(p)s")),
    "recurso_": _por_procedimento(lambda: _("Recurso apresentado — %(p)s")),
    "resultado_preliminar_": _por_procedimento(lambda: _("Resultado preliminar — %(p)s")),
    "resultado_definitivo_": _por_procedimento(lambda: _("Resultado definitivo — %(p)s")),
}


def rotulo_conhecido(codigo: str) -> str | None:
    """The Portuguese label of an act's code, or None when the code has none."""
    if codigo in ROTULOS:
        return str(ROTULOS[codigo])
    for prefixo, funcao in FAMILIAS.items():
        if codigo.startswith(prefixo):
            rotulo = funcao(codigo[len(prefixo):])
            if rotulo:
                return rotulo
    return None


def rotulo_do_ato(codigo: str) -> str:
    """The label, or for a code without one (an act of an older version) the code in words."""
    return rotulo_conhecido(codigo) or codigo.replace("_", " ").capitalize()


def codigos_das_familias() -> list[str]:
    """Every code the families can write today (for the filter's options and the test)."""
    codigos = [f"chamada_{v}" for v in EventoChamada.Tipo.values]
    codigos += [f"publicacao_{v}" for v in Publicacao.Tipo.values]
    for proc in registrados():
        codigos += [f"{p}{proc.slug}" for p in ("convocacao_", "recurso_",
                                                 "resultado_preliminar_",
                                                 "resultado_definitivo_")]
    return codigos

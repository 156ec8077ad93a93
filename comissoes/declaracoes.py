"""What the committees app declares to the shared mechanisms (registered at app loading by
`ComissoesConfig.ready`): its append-only tables and audited columns
(`comum.somente_insercao`), the models the public pages and the candidate's status page show
(`comum.cache_publico`), the labels of the acts it writes (`certames.auditoria`) and its
rules of the retention policy, the documents and medical reports sent to the committees
(`certames.retencao`)."""

from __future__ import annotations

from dateutil.relativedelta import relativedelta
from django.utils.translation import gettext_lazy as _

from candidatos.models import Lista
from certames import retencao
from certames.auditoria import declarar_rotulos
from certames.regras.procedimentos import AVALIACAO_PCD, DOADOR_SANGUE, DOCUMENTAL
from certames.regras.regimes import fundamentos_dos_regimes
from certames.retencao import (
    ANOS_APOS_O_CERTAME,
    APAGAR_ARQUIVOS,
    F_ANULACAO,
    F_DEFESA,
    F_FIM,
    F_PRESCRICAO,
    LGPD,
    Arquivos,
    Regra,
)
from comissoes.models import DocumentoEnviado
from comum import cache_publico, somente_insercao

TABELAS_PROTEGIDAS = (
    # votes, impediments, document judgements, histories
    "comissoes_voto",
    "comissoes_impedimento",
    "comissoes_analisedocumento",
    # the members' presence in a session
    "comissoes_presencasessao",
    "comissoes_historicalcomissao",
    "comissoes_historicalmembrocomissao",
    "comissoes_historicalsessao",
    "comissoes_historicalconvocacao",
    "comissoes_historicalavaliacao",
)

COLUNAS_AUDITADAS = {
    "comissoes_convocacao": (("sessao_id", "inscricao_id", "lista"), ("comparecimento",)),
    "comissoes_avaliacao": (("comissao_id", "inscricao_id", "lista", "instancia"),
                            ("resultado",)),
    "comissoes_voto": (("avaliacao_id", "membro_id"), ("sentido",)),
    "comissoes_analisedocumento": (("avaliacao_id", "documento_id"), ("aceito",)),
}

FONTES_PUBLICAS = {
    # the committees' results and convocations
    "comissoes.Comissao": (("certame",), ()),
    "comissoes.Avaliacao": (("comissao__certame",), ()),
    # committee members' names, where the committee publishes them (results, convocations)
    "auth.User": (("participacoes__comissao__certame",), ()),
}

FONTES_PRIVADAS = {
    # individual convocations to a committee session, and the session (place and time)
    "comissoes.Convocacao": (("i", "inscricao"),),
    "comissoes.Sessao": (("c", "comissao__certame"),),
}

COBERTAS = {
    # a convocation's first history row is when the candidate was told of it (the
    # dashboard's notices): written by the convocation's own save, which renews it
    "comissoes.HistoricalConvocacao": "comissoes.Convocacao",
}

ROTULOS_ATOS = {
    # Committees
    "comissao_designada": _("Designação de comissão"),
    "conta_membro_criada": _("Criação de conta de membro de comissão"),
    "comissao_alterada": _("Alteração de comissão (administração)"),
    "membro_designado": _("Designação de membro de comissão"),
    "membro_alterado": _("Alteração de membro de comissão (administração)"),
    "membro_desligado": _("Desligamento de membro de comissão"),
    "membro_papel": _("Mudança de papel de membro de comissão"),
    "presidente_designado": _("Designação de presidente de comissão"),
    "termo_confidencialidade": _("Assinatura do termo de confidencialidade"),
    "impedimento": _("Declaração de impedimento"),
    "sessao_agendada": _("Agendamento de sessão da comissão"),
    "sessao_alterada": _("Alteração de sessão (administração)"),
    "sessao_encerrada": _("Encerramento de sessão da comissão"),
    "presenca_sessao": _("Registro da presença dos membros na sessão"),
    "presenca_sessao_corrigida": _(
        "Correção do registro de presença dos membros na sessão"),
    "comparecimento": _("Registro de comparecimento"),
    "gravacao": _("Gravação anexada à avaliação"),
    "voto": _("Voto de membro da comissão"),
    "voto_substituido": _("Voto substituído"),
    "parecer": _("Parecer da comissão"),
    "documento_enviado": _("Envio de documento pelo candidato"),
    "documento_substituido": _("Substituição de documento pelo candidato"),
    "documentos_submetidos": _("Documentos submetidos à comissão"),
    "analise_documento": _("Análise de documento"),
    "analise_documento_substituida": _("Análise de documento refeita"),
    "avaliacao_biopsicossocial": _("Avaliação biopsicossocial"),
    "avaliacao_biopsicossocial_substituida": _("Avaliação biopsicossocial refeita"),
}

# --- the retention policy ------------------------------------------------------------------

F_AVALIACAO_PCD = fundamentos_dos_regimes(lambda r: r.procedimento(AVALIACAO_PCD).fundamento)
F_DOCUMENTOS = "; ".join(filter(None, (
    fundamentos_dos_regimes(lambda r: r.procedimento(DOCUMENTAL).fundamento),
    fundamentos_dos_regimes(
        lambda r: r.isencao.modalidade(DOADOR_SANGUE).fundamento
        if r.isencao is not None and DOADOR_SANGUE in r.isencao.codigos else ""))))

LAUDOS = Regra(
    codigo="laudos",
    titulo=_("Laudos médicos (pessoa com deficiência)"),
    dados=_("Os arquivos de laudo médico enviados para a lista de pessoas com deficiência "
            "(dado de saúde)."),
    onde=("comissoes.DocumentoEnviado (lista PCD): arquivo e nome original",),
    finalidade=_("Avaliação biopsicossocial da equipe multiprofissional e seu recurso."),
    evento=_("fim do certame"),
    periodo=relativedelta(years=ANOS_APOS_O_CERTAME),
    prazo=_("5 anos após o fim do certame"),
    acao=APAGAR_ARQUIVOS,
    ao_fim=_("O arquivo é apagado e o nome original substituído por uma marca. Ficam o tipo, "
             "o tamanho, o resumo SHA-256 e a data de envio (que provam qual arquivo foi "
             "examinado), a avaliação, o parecer e os atos."),
    fundamento=(
        f"Tratamento: {LGPD}, art. 11, II, a e b ({F_AVALIACAO_PCD}). Prazo: {F_PRESCRICAO}; "
        f"{F_ANULACAO}; {F_DEFESA}. Fim: {F_FIM}."),
    ordem=20,
)

DOCUMENTOS = Regra(
    codigo="documentos",
    titulo=_("Documentos e anexos enviados"),
    dados=_("Os arquivos enviados pelo candidato, exceto laudos: comprovação de condição "
            "indígena ou quilombola, anexos de recursos (também os do recurso da isenção) e "
            "comprovantes de doação de sangue e do CadÚnico de outro município."),
    onde=("comissoes.DocumentoEnviado (listas I, Q, PPI, PP): arquivo e nome original",
          "nucleo.AnexoRecurso (recursos de todos os procedimentos, também da isenção): "
          "arquivo e nome original",
          "candidatos.PedidoIsencao: arquivos comprovante_doacao e comprovante_cadunico"),
    finalidade=_("Verificação documental, recursos e pedido de isenção da taxa."),
    evento=_("fim do certame"),
    periodo=relativedelta(years=ANOS_APOS_O_CERTAME),
    prazo=_("5 anos após o fim do certame"),
    acao=APAGAR_ARQUIVOS,
    ao_fim=_("O arquivo é apagado e o nome original substituído por uma marca. Ficam os "
             "metadados (tipo, tamanho, SHA-256, data), as análises, os pareceres, as "
             "decisões e os atos."),
    fundamento=(
        f"Tratamento: {LGPD}, art. 11, II, a e b ({F_DOCUMENTOS}). Prazo: {F_PRESCRICAO}; "
        f"{F_ANULACAO}; {F_DEFESA}. Fim: {F_FIM}."),
    ordem=30,
)


class Laudos(Arquivos):
    regra = LAUDOS
    fontes = ((lambda: DocumentoEnviado.objects.filter(lista=Lista.PCD),
               "inscricao__certame_id", "arquivo", "nome_original"),)


class Documentos(Arquivos):
    """The documents sent to the committees; the appeals' attachments and the exemption's
    receipts are added by their apps (`retencao.declarar_arquivos`)."""

    regra = DOCUMENTOS
    fontes = ((lambda: DocumentoEnviado.objects.exclude(lista=Lista.PCD),
               "inscricao__certame_id", "arquivo", "nome_original"),)


def objetos_do_titular(candidato, inscricoes: list[int]) -> dict:
    """The documents the candidate sent (their markers: the candidate's page)."""
    return {DocumentoEnviado: list(DocumentoEnviado.objects.filter(inscricao__in=inscricoes)
                                   .values_list("pk", flat=True))}


def declarar() -> None:
    """Register the declarations above (ComissoesConfig.ready)."""
    somente_insercao.declarar_tabelas("comissoes", TABELAS_PROTEGIDAS)
    somente_insercao.declarar_colunas("comissoes", COLUNAS_AUDITADAS)
    cache_publico.declarar_fontes(FONTES_PUBLICAS)
    cache_publico.declarar_fontes_privadas(FONTES_PRIVADAS)
    cache_publico.declarar_cobertas(COBERTAS)
    declarar_rotulos(ROTULOS_ATOS)
    retencao.declarar(Laudos(), Documentos())
    retencao.declarar_objetos_do_titular(objetos_do_titular)

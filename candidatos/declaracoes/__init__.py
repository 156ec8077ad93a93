"""What the candidatos app declares to the shared mechanisms (registered at app loading by
`CandidatosConfig.ready`): its append-only tables and audited columns
(`comum.somente_insercao`), the models the public pages and the candidate's status page show
and the tables they cover (`comum.cache_publico`), the labels of the acts it writes
(`certames.auditoria`), and its rules of the retention policy with their shredders
(`certames.retencao`), which are long enough for a module of their own: `privacidade`.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from candidatos.declaracoes.privacidade import (
    ARQUIVOS_DOCUMENTOS,
    IDENTIFICACAO,
    Autodeclaracao,
    CadUnico,
    ExtratoCadUnicoExecutor,
    Importacoes,
    PedidosCadastro,
    Reivindicacoes,
    objetos_do_titular,
)
from certames import retencao
from certames.auditoria import declarar_rotulos
from comum import cache_publico, somente_insercao

TABELAS_PROTEGIDAS = (
    "candidatos_historicalcandidato",
    "candidatos_historicalinscricao",
    "candidatos_historicalsituacaolista",
    "candidatos_historicalpedidoisencao",
    "candidatos_historicalprocedimentoadministrativo",
    "candidatos_decisaoisencao",
    # special conditions at the exam: the conditions asked and the
    # decisions (the request row is locked by the kernel's appeal, so it is not here)
    "candidatos_condicaosolicitada",
    "candidatos_decisaoatendimento",
    "candidatos_itemdecisaoatendimento",
)

COLUNAS_AUDITADAS = {
    "candidatos_inscricao": (("certame_id", "cargo_id", "numero"),
                             ("nota", "desempate", "situacao", "situacao_taxa", "listas",
                              "convocada_em")),
    "candidatos_situacaolista": (("inscricao_id", "lista"), ("estado",)),
    "candidatos_pedidoisencao": (("inscricao_id", "tipo"),
                                 ("resultado_preliminar", "resultado_final")),
    "candidatos_decisaoisencao": (("pedido_id", "fase"), ("resultado",)),
    "candidatos_procedimentoadministrativo": (("inscricao_id", "tipo", "lista"),
                                              ("conclusao", "consequencia")),
}

FONTES_PUBLICAS = {
    # the names shown in the published lists
    "candidatos.Inscricao": (("certame",), ()),
    "candidatos.Candidato": (("inscricoes__certame",), ()),
}

FONTES_PRIVADAS = {
    # the fee exemption request and its results
    "candidatos.PedidoIsencao": (("i", "inscricao"),),
    # the state of each reserved list (decisions card, committees' final results)
    "candidatos.SituacaoLista": (("i", "inscricao"),),
    # administrative procedures about the inscrição (fraud)
    "candidatos.ProcedimentoAdministrativo": (("i", "inscricao"),),
    # the account: its name in the menu, its being a candidate (groups:
    # `cache_situacao.conectar`)
    "candidatos.Candidato": (("u", "usuario"),),
    "auth.User": (("u", "pk"),),
    # the account's dashboard lists its inscrições (a new one in another certame) and
    # counts the notices since the last visit to the notices page
    "candidatos.Inscricao": (("u", "candidato__usuario"),),
    "candidatos.LeituraAvisos": (("u", "candidato__usuario"),),
}

COBERTAS = {
    # the special conditions' request in force, its decisions and their items (the appeal
    # window: `candidatos.janelas`), each written with its act (`certames.Ato`, with its
    # certame: `condicoes.solicitar`, `decidir`, `julgar_recurso`)
    "candidatos.PedidoAtendimento": "certames.Ato",
    "candidatos.DecisaoAtendimento": "certames.Ato",
    "candidatos.ItemDecisaoAtendimento": "certames.Ato",
}

ROTULOS_ATOS = {
    # Candidates' accounts
    "cadastro_candidato": _("Pedido de cadastro no portal do candidato"),
    "confirmacao_cadastro": _("Confirmação do cadastro pelo candidato"),
    "confirmacao_cadastro_recusada": _("Confirmação de cadastro recusada"),
    "reivindicacao_cadastro": _("Reivindicação de cadastro"),
    "reivindicacao_cadastro_aprovada": _("Reivindicação de cadastro aprovada"),
    "reivindicacao_cadastro_recusada": _("Reivindicação de cadastro recusada"),
    "vinculo_cadastro": _("Vínculo de cadastro importado à conta existente do CPF"),
    "correcao_email_cadastro": _("Correção do e-mail de cadastro importado"),
    "migracao_cadastro_nao_confirmado": _(
        "Remoção de cadastro nunca confirmado (migração)"),
    # Inscrições
    "importacao_inscricoes": _("Importação das inscrições (planilha da banca)"),
    "inscricao": _("Inscrição pelo portal"),
    "retificacao_inscricao": _("Retificação da inscrição"),
    "opcao_listas": _("Opção pelas listas reservadas"),
    "situacao_lista": _("Mudança de situação em lista reservada"),
    "desistencia": _("Desistência do certame"),
    "eliminacao": _("Eliminação do certame"),
    "eliminacao_revogada": _("Eliminação revogada"),
    "convocacao": _("Convocação para nomeação"),
    # The posse (candidatos/posse.py)
    "posse_documento_exigido": _("Documentos exigidos para a posse"),
    "posse_prazos": _("Prazos de posse e exercício do edital"),
    "posse_documento_enviado": _("Envio de documento para a posse"),
    "posse_documento_analisado": _("Análise de documento para a posse"),
    # Fee and exemption
    # Special conditions at the exam (candidatos/condicoes.py)
    "atendimento_pedido": _("Pedido de atendimento especializado na prova"),
    "atendimento_decisao": _("Decisão sobre atendimento especializado"),
    "atendimento_julgamento_recurso": _(
        "Julgamento de recurso do atendimento especializado"),
    "atendimento_exportacao": _(
        "Exportação da lista de atendimento especializado"),
    "isencao_pedido": _("Pedido de isenção da taxa"),
    "isencao_decisao_preliminar": _("Decisão preliminar do pedido de isenção"),
    "isencao_julgamento_recurso": _("Julgamento de recurso da isenção"),
    "isencao_taxa": _("Isenção da taxa aplicada à inscrição"),
    "isencao_indeferida_falsidade": _("Isenção indeferida por declaração falsa"),
    "isencao_falsidade_revogada": _(
        "Indeferimento da isenção por falsidade revogado"),
    "pagamento_taxa": _("Pagamento da taxa de inscrição"),
    "encerramento_prazo_pagamento": _("Encerramento do prazo de pagamento da taxa"),
    "cadunico_importacao": _("Importação do extrato do CadÚnico"),
    # Administrative procedure (fraud or falsity)
    "procedimento_instaurado": _("Instauração de procedimento administrativo"),
    "procedimento_defesa": _("Defesa no procedimento administrativo"),
    "procedimento_decidido": _("Decisão do procedimento administrativo"),
    "procedimento_encaminhamento": _(
        "Encaminhamento do procedimento administrativo"),
    "procedimento_recurso_julgado": _(
        "Julgamento de recurso do procedimento administrativo"),
    "procedimento_encerrado": _("Encerramento do procedimento administrativo"),
}


def declarar() -> None:
    """Register the declarations above (CandidatosConfig.ready)."""
    somente_insercao.declarar_tabelas("candidatos", TABELAS_PROTEGIDAS)
    somente_insercao.declarar_colunas("candidatos", COLUNAS_AUDITADAS)
    cache_publico.declarar_fontes(FONTES_PUBLICAS)
    cache_publico.declarar_fontes_privadas(FONTES_PRIVADAS)
    cache_publico.declarar_cobertas(COBERTAS)
    declarar_rotulos(ROTULOS_ATOS)
    retencao.declarar(Autodeclaracao(), CadUnico(), ExtratoCadUnicoExecutor(), Importacoes(),
                      PedidosCadastro(), Reivindicacoes(), IDENTIFICACAO)
    retencao.declarar_arquivos("documentos", *ARQUIVOS_DOCUMENTOS)
    retencao.declarar_objetos_do_titular(objetos_do_titular)

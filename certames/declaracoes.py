"""What the certames app declares to the shared mechanisms (registered at app loading by
`CertamesConfig.ready`): its append-only tables and audited columns
(`comum.somente_insercao`), the models its public pages show and the tables they cover
(`comum.cache_publico`), the labels of the acts it writes (`certames.auditoria`) and its rule
of the retention policy (`certames.retencao`)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from certames import retencao
from certames.auditoria import declarar_rotulos
from certames.retencao import F_PRESCRICAO, LGPD, MANTER, Regra
from comum import cache_publico, somente_insercao
from comum.cache_publico import INICIO, TODOS

TABELAS_PROTEGIDAS = (
    # the acts, the history of the edital and the classification snapshots
    "certames_ato",
    "certames_historicalcertame",
    "certames_historicalcargo",
    "certames_historicaletapa",
    "certames_historicalvagasurgida",
    "certames_versaoclassificacao",
    # each list packed in one row, the slots and call order in another
    "certames_listaversao",
    "certames_convocacaoversao",
    "certames_publicacao",
    # the call history: convocações and what happened to them
    "certames_chamada",
    "certames_eventochamada",
    "certames_alteracaocoluna",
    # what the called candidate sends for the posse and RH's check of it
    "certames_enviodocumentoposse",
    "certames_analisedocumentoposse",
    # the public draw of the whole-edital reserve
    "certames_anunciosorteio",
    "certames_sorteio",
    "certames_destinovagasurgida",
    # the suspensions, retomadas and cancellation of a certame (editais.situacao)
    "certames_atosituacaocertame",
)

COLUNAS_AUDITADAS = {
    "certames_ato": (("certame_id",), ("tipo",)),
    "certames_certame": ((), ("regime", "parametros", "status", "validade_meses",
                              "homologado_em", "prorrogado_em", "prorrogacao_meses",
                              "criterios_heteroidentificacao")),
    "certames_cargo": (("certame_id", "codigo"), ("vagas",)),
    "certames_vagasurgida": (("cargo_id",), ("quantidade",)),
}

FONTES_PUBLICAS = {
    # the list of certames (home page) and every certame's header
    "certames.Orgao": ((), (TODOS,)),
    # the órgão's own days without office hours move the deadlines its certames' pages show
    # (certames.calendario): rare, so every page is renewed
    "certames.Feriado": ((), (TODOS,)),
    "certames.Certame": (("pk",), (INICIO,)),
    "certames.Cargo": (("certame",), (INICIO,)),
    # the certame's page: schedule, vacancy table, arising vacancies and their destination;
    # a stage also renews the list of certames (the candidate's dashboard lists the ones open
    # for inscrição: candidatos/cache_situacao.py)
    "certames.Etapa": (("certame",), (INICIO,)),
    "certames.VagaSurgida": (("cargo__certame",), ()),
    "certames.DestinoVagaSurgida": (("vaga_surgida__cargo__certame",), ()),
    # every act of a certame (homologation, validity, retificações, imports...)
    "certames.Ato": (("certame",), ()),
    # the published lists (a new publication of a cargo's classification)
    "certames.Publicacao": (("versao__cargo__certame",), ()),
    # the order of nomeação: calls and their events (posse, desistência...)
    "certames.Chamada": (("cargo__certame",), ()),
    "certames.EventoChamada": (("chamada__cargo__certame",), ()),
    # a PDF rendered by the worker replaces the "wait" page (never stored: no-store)
    "certames.DocumentoPdf": (("certame", "cargo__certame"), ()),
    # a publication's document rendered by the worker replaces its "em preparação"
    "certames.ArquivoPublicacao": (("publicacao__versao__cargo__certame",), ()),
    # the public draw
    "certames.AnuncioSorteio": (("certame",), ()),
    "certames.Sorteio": (("certame",), ()),
    # the suspension, retomada or cancellation: the certame's banner and history
    "certames.AtoSituacaoCertame": (("certame",), ()),
}

COBERTAS = {
    # written by the publication (`classificacao.listas.publicar`) with `bulk_create`; with
    # a worker, by `classificacao.preparo.gravar_resumos`, whose every batch renews the
    # certame in its own transaction
    "certames.ResumoClassificacao": "certames.Publicacao",
    # a snapshot is read only through a publication of it
    "certames.VersaoClassificacao": "certames.Publicacao",
    "certames.ListaVersao": "certames.Publicacao",
}

ROTULOS_ATOS = {
    # The certame and its edital
    "alteracao_edital": _("Alteração do edital"),
    "ordem_convocacao_edital": _("Ordem de convocação estabelecida no edital"),
    "vaga_surgida": _("Registro de vaga surgida"),
    # The public draw of the whole-edital reserve (certames/sorteio.py)
    "sorteio_anunciado": _("Anúncio do sorteio público das vagas reservadas"),
    "sorteio_realizado": _("Sorteio público das vagas reservadas"),
    # The órgão's calendar (certames/calendario/)
    "feriado_registrado": _("Registro de dia sem expediente no calendário do órgão"),
    "feriado_removido": _("Retirada de dia sem expediente do calendário do órgão"),
}

DECISOES = Regra(
    codigo="decisoes",
    titulo=_("Inscrição, notas, decisões e trilha de auditoria"),
    dados=_("Número de inscrição, cargo, opção pelas listas reservadas, notas, situação, "
            "posições nas listas, pareceres e votos das comissões, decisões sobre isenção e "
            "recursos, procedimentos administrativos, decisões sobre reivindicações de "
            "cadastro, publicações e os atos da trilha de auditoria."),
    onde=("candidatos.Inscricao (exceto a autodeclaração), SituacaoLista, DecisaoIsencao, "
          "ProcedimentoAdministrativo",
          "candidatos.PedidoCadastro: CPF, forma de comprovação, situação, datas, quem decidiu "
          "e a motivação (exceto o que foi digitado)",
          "comissoes.Avaliacao, Voto, Recurso, AnaliseDocumento",
          "certames.VersaoClassificacao e posições, Publicacao, Ato"),
    finalidade=_("Classificação, convocação e controle dos atos da administração."),
    evento=_("—"),
    periodo=None,
    prazo=_("permanente no sistema; no mínimo 5 anos após o fim do certame"),
    acao=MANTER,
    ao_fim=_("Não há expurgo automático: a eliminação de documentos públicos depende da "
             "tabela de temporalidade do Município."),
    fundamento=(
        f"CF, art. 37, caput (publicidade); {F_PRESCRICAO}; Lei 8.159/1991, art. 9º "
        f"(eliminação só com autorização da instituição arquivística); {LGPD}, art. 16, I."),
    ordem=100,
    padrao_do_produto=False,
)


def declarar() -> None:
    """Register the declarations above (CertamesConfig.ready)."""
    somente_insercao.declarar_tabelas("certames", TABELAS_PROTEGIDAS)
    somente_insercao.declarar_colunas("certames", COLUNAS_AUDITADAS)
    cache_publico.declarar_fontes(FONTES_PUBLICAS)
    cache_publico.declarar_cobertas(COBERTAS)
    declarar_rotulos(ROTULOS_ATOS)
    retencao.declarar(DECISOES)

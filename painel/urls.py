"""RH's pages: one namespace, ``painel``, mounted at ``/rh/`` (config/urls.py).

The paths are those the pages had before they were gathered here. The names are the old ones
of each area; a name two areas shared carries the area's prefix (``isencao_painel``,
``procedimentos_detalhe``, ``comissoes_certame``...); the names of the old ``rh`` namespace
(certames, imports, audit, classification) are unchanged.
"""

from django.urls import include, path

from candidatos.isencao import CHAVE as ISENCAO
from certames.models import Cargo, Etapa
from comissoes import views as views_comissao
from comissoes.dominio.procedimentos import HETEROIDENTIFICACAO, PROCEDIMENTOS
from nucleo.lotes import FINAL, PRELIMINAR
from painel import avisos
from painel.views import (
    auditoria,
    autoridade,
    busca,
    cadastros,
    certames,
    chamadas,
    classificacao,
    comissoes,
    isencao,
    ordem,
    procedimentos,
    provas,
    publicacoes,
    reivindicacoes,
    resultados,
    retificacao,
    simular,
    sorteio,
)
from painel.views.aplicacao import paginas as aplicacao
from painel.views.editor import calendario as editor_calendario
from painel.views.editor import cargos as editor_cargos
from painel.views.editor import certame as editor_certame
from painel.views.editor import posse as editor_posse
from painel.views.editor import situacao as editor_situacao

app_name = "painel"

#: The committee procedures whose key a results path may carry.
COMISSOES = tuple(PROCEDIMENTOS)

urlpatterns_isencao = [
    path("", isencao.PainelView.as_view(), name="isencao_painel"),
    path("cadunico/", isencao.CadUnicoView.as_view(), name="cadunico"),
    path("certames/<int:pk>/", isencao.PedidosView.as_view(), name="pedidos"),
    path("certames/<int:pk>/confirmar/", isencao.ConfirmarLoteView.as_view(),
         name="confirmar_lote"),
    path("certames/<int:pk>/publicar/<str:fase>/",
         publicacoes.PublicarResultadoView.as_view(procedimento=ISENCAO),
         name="isencao_publicar"),
    path("certames/<int:pk>/encerrar-prazo-pagamento/", isencao.EncerrarPrazoView.as_view(),
         name="encerrar_prazo"),
    path("pedidos/<int:pk>/", isencao.PedidoView.as_view(), name="pedido"),
    path("pedidos/<int:pk>/arquivos/<str:qual>/", isencao.ArquivoRHView.as_view(),
         name="arquivo"),
    path("procedimentos/<int:pk>/", isencao.ProcedimentoView.as_view(), name="procedimento"),
]

urlpatterns_procedimentos = [
    path("", procedimentos.PainelRHView.as_view(), name="procedimentos_painel"),
    path("certames/<int:pk>/", procedimentos.ListaRHView.as_view(), name="procedimentos_lista"),
    path("inscricoes/<int:pk>/abrir/", procedimentos.AbrirFraudeView.as_view(), name="abrir"),
    path("<int:pk>/", procedimentos.DetalheRHView.as_view(), name="procedimentos_detalhe"),
]

urlpatterns_reivindicacoes = [
    path("", reivindicacoes.ListaView.as_view(), name="reivindicacoes_lista"),
    path("<int:pk>/", reivindicacoes.DetalheView.as_view(), name="reivindicacoes_detalhe"),
]

urlpatterns_comissoes = [
    path("", comissoes.IndiceView.as_view(), name="indice"),
    path("certames/<int:pk>/", comissoes.CertameView.as_view(), name="comissoes_certame"),
    path("<int:pk>/", comissoes.ComissaoView.as_view(), name="comissao"),
    path("<int:pk>/membros/", comissoes.AdicionarMembroView.as_view(), name="adicionar_membro"),
    path("<int:pk>/membros/nova-conta/", comissoes.CriarMembroView.as_view(),
         name="criar_membro"),
    path("<int:pk>/impedimentos/", comissoes.ImpedimentoRHView.as_view(), name="impedimento"),
    path("<int:pk>/sessoes/", comissoes.AgendarSessaoView.as_view(), name="agendar_sessao"),
    path("membros/<int:pk>/<str:acao>/", comissoes.MembroAcaoView.as_view(),
         name="membro_acao"),
    path("sessoes/<int:pk>/", comissoes.SessaoRHView.as_view(), name="sessao"),
    path("sessoes/<int:pk>/ata/", comissoes.GerarAtaView.as_view(), name="gerar_ata"),
    # The committee's own view of the minutes (comissoes/views.py), also served to RH here.
    path("sessoes/<int:pk>/ata.pdf", views_comissao.AtaView.as_view(), name="ata"),
    path("etapas/<int:pk>/convocacao/", comissoes.ConvocacaoView.as_view(), name="convocacao"),
]

# Without a procedure in the path: heteroidentification. The publications of every
# procedure's batches are one view (painel/views/publicacoes.py), keyed by the procedure.
urlpatterns_resultados = [
    path("", resultados.PainelResultadosView.as_view(), name="resultados_painel"),
    path("certames/<int:pk>/", resultados.CertameResultadosView.as_view(),
         name="resultados_certame"),
    path("certames/<int:pk>/publicar-preliminar/",
         publicacoes.PublicarResultadoView.as_view(procedimento=HETEROIDENTIFICACAO,
                                                   fase=PRELIMINAR),
         name="publicar_preliminar"),
    path("certames/<int:pk>/publicar-definitivo/",
         publicacoes.PublicarResultadoView.as_view(procedimento=HETEROIDENTIFICACAO,
                                                   fase=FINAL),
         name="publicar_final"),
    path("certames/<int:pk>/<str:procedimento>/", resultados.CertameResultadosView.as_view(),
         name="resultados_certame"),
    path("certames/<int:pk>/<str:procedimento>/publicar-preliminar/",
         publicacoes.PublicarResultadoView.as_view(procedimentos=COMISSOES, fase=PRELIMINAR),
         name="publicar_preliminar"),
    path("certames/<int:pk>/<str:procedimento>/publicar-definitivo/",
         publicacoes.PublicarResultadoView.as_view(procedimentos=COMISSOES, fase=FINAL),
         name="publicar_final"),
]

urlpatterns = [
    path("isencao/", include(urlpatterns_isencao)),
    path("procedimentos/", include(urlpatterns_procedimentos)),
    path("reivindicacoes/", include(urlpatterns_reivindicacoes)),
    path("comissoes/", include(urlpatterns_comissoes)),
    path("resultados/", include(urlpatterns_resultados)),
    path("atendimento/", include("painel.urls_atendimento")),
    # The exam's application: venues, rooms, the allocation and the list per room.
    path("certames/<int:pk>/prova/", aplicacao.AplicacaoProvaView.as_view(),
         name="aplicacao_prova"),
    path("certames/<int:pk>/prova/locais/", aplicacao.CadastrarLocalView.as_view(),
         name="aplicacao_local"),
    path("prova/locais/<int:pk>/salas/", aplicacao.CadastrarSalaView.as_view(),
         name="aplicacao_sala"),
    path("prova/salas/<int:pk>/corrigir/", aplicacao.CorrigirSalaView.as_view(),
         name="aplicacao_sala_corrigir"),
    path("prova/etapas/<int:pk>/alocar/", aplicacao.PublicarAlocacaoView.as_view(),
         name="aplicacao_alocar"),
    path("prova/etapas/<int:pk>/lista.<str:formato>", aplicacao.ListaLocalView.as_view(),
         name="aplicacao_lista"),
    path("", certames.PainelView.as_view(), name="painel"),
    path("buscar/", busca.BuscaView.as_view(), name="buscar"),
    path("certames/<int:pk>/", certames.CertameRHView.as_view(), name="certame"),
    # The edital editor (editais.servicos): the draft, its cargos and schedule, publication.
    path("certames/novo/", editor_certame.CertameFormView.as_view(), name="novo_certame"),
    path("certames/<int:pk>/editar/", editor_certame.CertameFormView.as_view(),
         name="editar_certame"),
    path("certames/<int:pk>/publicar-edital/", editor_certame.PublicarEditalView.as_view(),
         name="publicar_edital"),
    path("certames/<int:certame>/cargos/novo/", editor_cargos.CargoRascunhoView.as_view(),
         name="novo_cargo_rascunho"),
    path("cargos/<int:pk>/editar/", editor_cargos.CargoRascunhoView.as_view(),
         name="editar_cargo_rascunho"),
    path("cargos/<int:pk>/remover/", editor_cargos.RemoverDoRascunhoView.as_view(modelo=Cargo),
         name="remover_cargo_rascunho"),
    path("certames/<int:certame>/cronograma/nova/", editor_cargos.EtapaRascunhoView.as_view(),
         name="nova_etapa_rascunho"),
    path("etapas/<int:pk>/editar/", editor_cargos.EtapaRascunhoView.as_view(),
         name="editar_etapa_rascunho"),
    path("etapas/<int:pk>/remover/", editor_cargos.RemoverDoRascunhoView.as_view(modelo=Etapa),
         name="remover_etapa_rascunho"),
    # The órgão's calendar: its own holidays and days without office hours (certames/calendario.py).
    path("orgaos/<int:pk>/calendario/", editor_calendario.CalendarioOrgaoView.as_view(),
         name="calendario_orgao"),
    path("calendario/<int:pk>/remover/", editor_calendario.RemoverFeriadoView.as_view(),
         name="remover_feriado"),
    # The posse: the documents the edital requires and the days of posse and exercício.
    path("certames/<int:pk>/posse/", editor_posse.PossePaginaView.as_view(),
         name="posse_edital"),
    path("documentos-posse/<int:pk>/", editor_posse.DocumentoPosseView.as_view(),
         name="documento_posse"),
    path("documentos-posse/<int:pk>/remover/", editor_posse.RemoverDocumentoPosseView.as_view(),
         name="remover_documento_posse"),
    path("certames/<int:pk>/importar/", certames.ImportarView.as_view(), name="importar"),
    path("certames/<int:pk>/importar/modelo.<str:formato>",
         certames.ModeloImportacaoView.as_view(), name="modelo_importacao"),
    path("certames/<int:pk>/homologar/", certames.HomologarView.as_view(), name="homologar"),
    path("certames/<int:pk>/prorrogar/", certames.ProrrogarView.as_view(), name="prorrogar"),
    # Suspension, retomada and cancellation of the certame (editais.situacao).
    path("certames/<int:pk>/suspender/", editor_situacao.SuspenderView.as_view(),
         name="suspender_certame"),
    path("certames/<int:pk>/retomar/", editor_situacao.RetomarView.as_view(),
         name="retomar_certame"),
    path("certames/<int:pk>/cancelar/", editor_situacao.CancelarView.as_view(),
         name="cancelar_certame"),
    path("certames/<int:pk>/criterios-heteroidentificacao/", certames.CriteriosView.as_view(),
         name="criterios_heteroidentificacao"),
    # Appeals against RH's decisions (Lei 9.784/1999, art. 56, §1º: nucleo/autoridade.py).
    path("certames/<int:pk>/ordem-convocacao/", ordem.OrdemConvocacaoView.as_view(),
         name="ordem_convocacao"),
    path("certames/<int:pk>/autoridade-superior/", autoridade.DesignarAutoridadeView.as_view(),
         name="autoridade_recursal"),
    path("recursos/<int:pk>/reconsideracao/", autoridade.ReconsiderarView.as_view(),
         name="reconsiderar_recurso"),
    path("importacoes/<int:pk>/", certames.ImportacaoView.as_view(), name="importacao"),
    path("importacoes/<int:pk>/repetir/", certames.RepetirImportacaoView.as_view(),
         name="repetir_importacao"),
    # The public draw of the whole-edital reserve.
    path("certames/<int:pk>/sorteio/", sorteio.SorteioRHView.as_view(), name="sorteio"),
    path("certames/<int:pk>/sorteio/anunciar/", sorteio.AnunciarView.as_view(),
         name="sorteio_anunciar"),
    path("certames/<int:pk>/sorteio/realizar/", sorteio.SortearView.as_view(),
         name="sorteio_realizar"),
    path("auditoria/", auditoria.AuditoriaView.as_view(), name="auditoria"),
    path("avisos/", avisos.AvisosView.as_view(), name="avisos"),
    path("avisos/<int:pk>/reenviar/", avisos.ReenviarAvisoView.as_view(), name="reenviar_aviso"),
    path("auditoria/banco/", auditoria.AlteracoesBancoView.as_view(), name="auditoria_banco"),
    path("simular/", simular.SimularView.as_view(), name="simular"),
    path("cargos/<int:pk>/", classificacao.CargoClassificacaoView.as_view(), name="cargo"),
    path("cargos/<int:pk>/recalcular/", classificacao.RecalcularView.as_view(),
         name="recalcular"),
    path("cargos/<int:pk>/publicar/", classificacao.PublicarView.as_view(), name="publicar"),
    path("cargos/<int:pk>/publicar/<str:tipo>/", classificacao.ConfirmarPublicacaoView.as_view(),
         name="confirmar_publicacao"),
    # Every cargo's lists in one act (classificacao.listas.publicar_todos).
    path("certames/<int:pk>/publicar-listas/<str:tipo>/",
         classificacao.PublicarTodosView.as_view(), name="publicar_todos"),
    path("cargos/<int:pk>/fases/", provas.FasesCargoView.as_view(), name="fases"),
    path("cargos/<int:pk>/fases/garantia/", provas.GarantiaFasesView.as_view(),
         name="garantia_fases"),
    path("cargos/<int:pk>/fases/nova/", provas.DefinirFaseView.as_view(), name="nova_fase"),
    path("cargos/<int:pk>/fases/<int:fase>/", provas.DefinirFaseView.as_view(),
         name="editar_fase"),
    path("fases/<int:pk>/", provas.ResultadoFaseView.as_view(), name="resultado_fase"),
    path("fases/resultados/<int:pk>/recurso/", provas.RecursoFaseView.as_view(),
         name="recurso_fase"),
    path("fases/<int:pk>/remover/", provas.RemoverFaseView.as_view(), name="remover_fase"),
    path("fases/<int:pk>/importar/", provas.ImportarNotasFaseView.as_view(),
         name="importar_notas_fase"),
    path("fases/<int:pk>/modelo.<str:formato>", provas.ModeloNotasFaseView.as_view(),
         name="modelo_notas_fase"),
    path("fases/<int:pk>/publicar/<str:tipo>/", provas.PublicarResultadoFaseView.as_view(),
         name="publicar_resultado_fase"),
    path("cargos/<int:pk>/vagas-surgidas/", classificacao.VagaSurgidaView.as_view(),
         name="vaga_surgida"),
    path("cargos/<int:pk>/versoes/<int:a>/<int:b>/", classificacao.CompararVersoesView.as_view(),
         name="comparar"),
    path("versoes/<int:pk>/exportar.<str:formato>", classificacao.ExportarView.as_view(),
         name="exportar"),
    # A publication laid out for the Diário Oficial with the masked CPF.
    path("publicacoes/<int:pk>.pdf", classificacao.PublicacaoPdfView.as_view(),
         name="publicacao_pdf"),
    # The progress of a publication's background work (summaries, documents).
    path("publicacoes/<int:pk>/preparo/", classificacao.PreparoPublicacaoView.as_view(),
         name="preparo_publicacao"),
    path("certames/<int:pk>/preparo/", classificacao.PreparoCertameView.as_view(),
         name="preparo_certame"),
    path("inscricoes/<int:pk>/", classificacao.InscricaoRHView.as_view(), name="inscricao"),
    path("inscricoes/<int:pk>/retificar/", retificacao.RetificarInscricaoView.as_view(),
         name="inscricao_retificar"),
    # An imported record's e-mail, corrected by a motivated act.
    path("cadastros/<int:pk>/corrigir-email/", cadastros.CorrigirEmailView.as_view(),
         name="corrigir_email_cadastro"),
    # The calls as acts and the order of nomeação.
    path("cargos/<int:pk>/convocar/", chamadas.ConvocarView.as_view(), name="convocar"),
    path("cargos/<int:pk>/ordem-nomeacao.<str:formato>", chamadas.ExportarOrdemView.as_view(),
         name="exportar_ordem_nomeacao"),
    path("chamadas/<int:pk>/", chamadas.ChamadaView.as_view(), name="chamada"),
    path("envios-posse/<int:pk>/analisar/", chamadas.AnalisarDocumentoPosseView.as_view(),
         name="analisar_documento_posse"),
    path("chamadas/<int:pk>/<str:tipo>/", chamadas.EventoView.as_view(), name="evento_chamada"),
]

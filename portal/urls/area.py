"""The candidate's area (namespace portal, at /candidato/): dashboard, sign-up and its
confirmation, inscrição, the status page and its acts, notices."""

from django.urls import path

from candidatos.cache_situacao import PAINEL, em_cache
from portal.views import cartao, contas, convocacao, inscricoes

app_name = "portal"

urlpatterns = [
    # served from the cache while it holds, as the status page (candidatos/cache_situacao.py)
    path("", em_cache(inscricoes.PainelView.as_view(), PAINEL), name="painel"),
    path("cadastro/", contas.CadastroView.as_view(), name="cadastro"),
    path("cadastro/enviado/", contas.CadastroEnviadoView.as_view(), name="cadastro_enviado"),
    path("cadastro/confirmar/<str:uidb64>/<str:token>/", contas.ConfirmarCadastroView.as_view(),
         name="confirmar"),
    path("certames/<int:certame_pk>/inscricao/", inscricoes.InscreverView.as_view(),
         name="inscrever"),
    path("avisos/", inscricoes.AvisosView.as_view(), name="avisos"),
    # An inscrição the banca registered for the account's CPF joins it only by proof.
    path("vincular-inscricao/", contas.VincularView.as_view(), name="vincular"),
    # served from the cache while it holds (candidatos/cache_situacao.py)
    path("inscricoes/<int:pk>/", em_cache(inscricoes.InscricaoView.as_view()), name="inscricao"),
    path("inscricoes/<int:pk>/opcoes/", inscricoes.AlterarOpcoesView.as_view(), name="opcoes"),
    path("inscricoes/<int:pk>/comprovante.pdf", inscricoes.ComprovanteView.as_view(),
         name="comprovante"),
    path("convocacoes/<int:pk>/convocacao.ics", inscricoes.ConvocacaoCalendarioView.as_view(),
         name="convocacao_ics"),
    # The confirmation card of the exam (venue and room), from the allocation's publication.
    path("inscricoes/<int:pk>/cartao/", cartao.CartaoView.as_view(), name="cartao"),
    path("inscricoes/<int:pk>/cartao/<int:etapa>.pdf", cartao.CartaoPdfView.as_view(),
         name="cartao_pdf"),
    # The candidate's answer to a call.
    path("inscricoes/<int:pk>/convocacao/", convocacao.ConvocacaoView.as_view(),
         name="convocacao"),
    path("inscricoes/<int:pk>/convocacao/aceitar/", inscricoes.AceitarChamadaView.as_view(),
         name="aceitar"),
    path("inscricoes/<int:pk>/convocacao/documentos/<int:documento>/enviar/",
         convocacao.EnviarDocumentoPosseView.as_view(), name="enviar_documento_posse"),
    path("convocacao/arquivos/<int:pk>/", convocacao.ArquivoPosseView.as_view(),
         name="arquivo_posse"),
    path("inscricoes/<int:pk>/convocacao/desistir/", inscricoes.DesistirChamadaView.as_view(),
         name="desistir"),
    path("inscricoes/<int:pk>/convocacao/fim-de-fila/", inscricoes.FimDeFilaView.as_view(),
         name="fim_de_fila"),
]

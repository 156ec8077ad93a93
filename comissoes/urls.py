"""The committee workspace (namespace comissao, mounted at /comissao/)."""

from django.urls import path

from comissoes import views

app_name = "comissao"

urlpatterns = [
    path("", views.PainelView.as_view(), name="painel"),
    path("termo/<int:pk>/", views.TermoView.as_view(), name="termo"),
    path("sessoes/<int:pk>/", views.SessaoView.as_view(), name="sessao"),
    path("sessoes/<int:pk>/encerrar/", views.EncerrarSessaoView.as_view(),
         name="encerrar_sessao"),
    path("sessoes/<int:pk>/presenca/", views.PresencaSessaoView.as_view(),
         name="presenca"),
    path("sessoes/<int:pk>/ata.pdf", views.AtaView.as_view(), name="ata"),
    path("sessoes/<int:pk>/sessao.ics", views.SessaoCalendarioView.as_view(),
         name="sessao_ics"),
    path("avaliacoes/<int:pk>/", views.AvaliacaoView.as_view(), name="avaliacao"),
    path("avaliacoes/<int:pk>/impedimento/", views.ImpedimentoView.as_view(),
         name="impedimento"),
    path("avaliacoes/<int:pk>/gravacao/", views.GravacaoView.as_view(), name="gravacao"),
    path("avaliacoes/<int:pk>/documentos/<int:doc>/analise/",
         views.AnaliseDocumentoView.as_view(), name="analisar_documento"),
    path("avaliacoes/<int:pk>/biopsicossocial/", views.BiopsicossocialView.as_view(),
         name="biopsicossocial"),
    path("avaliacoes/<int:pk>/encerrar/", views.EncerrarAvaliacaoView.as_view(),
         name="encerrar_avaliacao"),
    path("convocacoes/<int:pk>/comparecimento/", views.ComparecimentoView.as_view(),
         name="comparecimento"),
]

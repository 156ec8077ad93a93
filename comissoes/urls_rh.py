"""RH pages of the committees (namespace rh_comissoes, mounted at /rh/comissoes/)."""

from django.urls import path

from comissoes import views, views_rh

app_name = "rh_comissoes"

urlpatterns = [
    path("", views_rh.IndiceView.as_view(), name="indice"),
    path("certames/<int:pk>/", views_rh.CertameView.as_view(), name="certame"),
    path("<int:pk>/", views_rh.ComissaoView.as_view(), name="comissao"),
    path("<int:pk>/membros/", views_rh.AdicionarMembroView.as_view(), name="adicionar_membro"),
    path("<int:pk>/impedimentos/", views_rh.ImpedimentoRHView.as_view(), name="impedimento"),
    path("<int:pk>/sessoes/", views_rh.AgendarSessaoView.as_view(), name="agendar_sessao"),
    path("membros/<int:pk>/<str:acao>/", views_rh.MembroAcaoView.as_view(), name="membro_acao"),
    path("sessoes/<int:pk>/", views_rh.SessaoRHView.as_view(), name="sessao"),
    path("sessoes/<int:pk>/ata/", views_rh.GerarAtaView.as_view(), name="gerar_ata"),
    path("sessoes/<int:pk>/ata.pdf", views.AtaView.as_view(), name="ata"),
    path("etapas/<int:pk>/convocacao/", views_rh.ConvocacaoView.as_view(), name="convocacao"),
]

from django.urls import path

from operacao import views

urlpatterns = [
    path("saude/", views.SaudeView.as_view(), name="saude"),
    path("csp/relatorio/", views.RelatorioCspView.as_view(), name="relatorio_csp"),
]

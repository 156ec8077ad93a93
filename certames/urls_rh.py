from django.urls import path

from certames.views import rh

app_name = "rh"

urlpatterns = [
    path("", rh.PainelView.as_view(), name="painel"),
    path("certames/<int:pk>/", rh.CertameRHView.as_view(), name="certame"),
    path("certames/<int:pk>/importar/", rh.ImportarView.as_view(), name="importar"),
    path("importacoes/<int:pk>/", rh.ImportacaoView.as_view(), name="importacao"),
    path("auditoria/", rh.AuditoriaView.as_view(), name="auditoria"),
]

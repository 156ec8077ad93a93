"""Claims of imported records, the RH pages (namespace rh_reivindicacoes, at
/rh/reivindicacoes/)."""

from django.urls import path

from candidatos import views_reivindicacao_rh as v

app_name = "rh_reivindicacoes"

urlpatterns = [
    path("", v.ListaView.as_view(), name="lista"),
    path("<int:pk>/", v.DetalheView.as_view(), name="detalhe"),
]

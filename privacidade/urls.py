"""The candidate's data page (namespace privacidade, mounted at /candidato/meus-dados/). No
URL takes an id: each shows only the logged-in candidate's own data."""

from django.urls import path

from privacidade import views

app_name = "privacidade"

urlpatterns = [
    path("", views.MeusDadosView.as_view(), name="meus_dados"),
    path("dados.json", views.MeusDadosJSONView.as_view(), name="json"),
    path("imprimir/", views.MeusDadosImprimirView.as_view(), name="imprimir"),
]

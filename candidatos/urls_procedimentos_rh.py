"""Administrative procedures, the RH pages (namespace rh_procedimentos, at /rh/procedimentos/)."""

from django.urls import path

from candidatos import views_procedimentos as v

app_name = "rh_procedimentos"

urlpatterns = [
    path("", v.PainelRHView.as_view(), name="painel"),
    path("certames/<int:pk>/", v.ListaRHView.as_view(), name="lista"),
    path("inscricoes/<int:pk>/abrir/", v.AbrirFraudeView.as_view(), name="abrir"),
    path("<int:pk>/", v.DetalheRHView.as_view(), name="detalhe"),
]

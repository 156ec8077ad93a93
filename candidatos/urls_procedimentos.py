"""Administrative procedures, the candidate's pages (namespace procedimentos, at
/candidato/procedimentos/): own procedures only."""

from django.urls import path

from candidatos import procedimentos
from candidatos import views_procedimentos as v
from nucleo.views import RecursoCandidatoView

app_name = "procedimentos"

urlpatterns = [
    path("", v.MeusProcedimentosView.as_view(), name="lista"),
    path("<int:pk>/", v.MeuProcedimentoView.as_view(), name="detalhe"),
    path("<int:pk>/recurso/", RecursoCandidatoView.as_view(chaves=(procedimentos.CHAVE,)),
         name="recurso"),
]

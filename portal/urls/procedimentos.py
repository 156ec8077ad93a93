"""Administrative procedures, the candidate's pages (namespace procedimentos, at
/candidato/procedimentos/): own procedures only."""

from django.urls import path

from candidatos import procedimentos
from nucleo.views import RecursoCandidatoView
from portal.views import procedimentos as v

app_name = "procedimentos"

urlpatterns = [
    path("", v.MeusProcedimentosView.as_view(), name="lista"),
    path("<int:pk>/", v.MeuProcedimentoView.as_view(), name="detalhe"),
    path("<int:pk>/recurso/", RecursoCandidatoView.as_view(chaves=(procedimentos.CHAVE,)),
         name="recurso"),
]

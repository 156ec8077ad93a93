"""The candidate's pages of the exam's phases (namespace fases, at /candidato/fases/): own
inscrições only."""

from django.urls import path

from nucleo.views import RecursoCandidatoView
from portal.views import fases as v
from provas.recursos import CHAVE

app_name = "fases"

urlpatterns = [
    path("inscricoes/<int:pk>/<int:fase>/", v.ResultadoFaseCandidatoView.as_view(),
         name="resultado"),
    path("resultados/<int:pk>/recurso/", RecursoCandidatoView.as_view(chaves=(CHAVE,)),
         name="recurso"),
]

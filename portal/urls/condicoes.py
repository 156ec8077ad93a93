"""Special conditions at the exam: the candidate's pages (portal/views/condicoes.py)."""

from django.urls import path

from candidatos import condicoes
from nucleo.views import RecursoCandidatoView
from portal.views import condicoes as v

app_name = "condicoes"

urlpatterns = [
    path("inscricoes/<int:pk>/", v.InscricaoAtendimentoView.as_view(), name="inscricao"),
    path("inscricoes/<int:pk>/recurso/",
         RecursoCandidatoView.as_view(chaves=(condicoes.CHAVE,)), name="recurso"),
    path("pedidos/<int:pk>/laudo/", v.LaudoCandidatoView.as_view(), name="laudo"),
]

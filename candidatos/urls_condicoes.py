"""Special conditions at the exam: the candidate's pages (candidatos/views_condicoes.py)."""

from django.urls import path

from candidatos import condicoes
from candidatos import views_condicoes as v
from nucleo.views import RecursoCandidatoView

app_name = "condicoes"

urlpatterns = [
    path("inscricoes/<int:pk>/", v.InscricaoAtendimentoView.as_view(), name="inscricao"),
    path("inscricoes/<int:pk>/recurso/",
         RecursoCandidatoView.as_view(chaves=(condicoes.CHAVE,)), name="recurso"),
    path("pedidos/<int:pk>/laudo/", v.LaudoCandidatoView.as_view(), name="laudo"),
]

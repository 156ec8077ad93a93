"""Fee exemption: the candidate's pages (request, appeal) and the public published results."""

from django.urls import path

from candidatos import isencao
from nucleo.views import RecursoCandidatoView
from portal.views import isencao as v

app_name = "isencao"

urlpatterns = [
    path("", v.PainelIsencaoView.as_view(), name="painel"),
    path("inscricoes/<int:pk>/", v.InscricaoIsencaoView.as_view(), name="inscricao"),
    path("inscricoes/<int:pk>/recurso/",
         RecursoCandidatoView.as_view(chaves=(isencao.CHAVE,)), name="recurso"),
    path("inscricoes/<int:pk>/arquivos/<str:qual>/", v.ArquivoCandidatoView.as_view(),
         name="arquivo"),
    path("procedimentos/<int:pk>/defesa/", v.DefesaView.as_view(), name="defesa"),
    # Public (no login): the published lists, inscrição number and name only.
    path("certames/<int:pk>/resultado/<str:fase>/", v.ResultadoPublicoView.as_view(),
         name="resultado"),
]

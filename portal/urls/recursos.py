"""URLs (namespace recursos): the candidate's heteroidentification results and appeals, and
the permission-checked download of the appeals' attachments."""

from django.urls import path

from comissoes.dominio.procedimentos import PROCEDIMENTOS
from nucleo.views import RecursoCandidatoView
from portal.views import recursos as v

app_name = "recursos"

urlpatterns = [
    path("", v.PainelRecursosView.as_view(), name="painel"),
    path("inscricoes/<int:pk>/", v.InscricaoRecursosView.as_view(), name="inscricao"),
    # One address for the three committee procedures: the evaluation belongs to one.
    path("avaliacoes/<int:pk>/recurso/",
         RecursoCandidatoView.as_view(chaves=tuple(PROCEDIMENTOS)), name="apresentar"),
    path("anexos/<int:pk>/", v.AnexoRecursoView.as_view(), name="anexo"),
]

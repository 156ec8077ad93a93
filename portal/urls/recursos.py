"""URLs (namespace recursos): the candidate's heteroidentification results and appeals, and
the permission-checked download of the appeals' attachments."""

from django.urls import path

from portal.views import recursos as v

app_name = "recursos"

urlpatterns = [
    path("", v.PainelRecursosView.as_view(), name="painel"),
    path("inscricoes/<int:pk>/", v.InscricaoRecursosView.as_view(), name="inscricao"),
    path("avaliacoes/<int:pk>/recurso/", v.ApresentarRecursoView.as_view(), name="apresentar"),
    path("anexos/<int:pk>/", v.AnexoRecursoView.as_view(), name="anexo"),
]

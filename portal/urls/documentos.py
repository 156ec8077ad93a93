"""Documents of the candidate (namespace documentos, mounted at /candidato/documentos/): the
documentary verification's documents and the PcD medical report, and the permission-checked
download (also used by RH and the committees)."""

from django.urls import path

from portal.views import documentos as v

app_name = "documentos"

urlpatterns = [
    path("", v.PainelDocumentosView.as_view(), name="painel"),
    path("inscricoes/<int:pk>/", v.InscricaoDocumentosView.as_view(), name="inscricao"),
    path("inscricoes/<int:pk>/<str:lista>/enviar/", v.EnviarDocumentoView.as_view(),
         name="enviar"),
    path("inscricoes/<int:pk>/<str:lista>/confirmar/", v.SubmeterDocumentosView.as_view(),
         name="submeter"),
    path("arquivos/<int:pk>/", v.ArquivoDocumentoView.as_view(), name="arquivo"),
]

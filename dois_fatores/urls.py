"""/contas/segundo-fator/: the code page, the enrolment and the recovery codes."""

from django.urls import path

from dois_fatores import views

app_name = "dois_fatores"

urlpatterns = [
    path("", views.VerificarView.as_view(), name="verificar"),
    path("cadastrar/", views.CadastrarView.as_view(), name="cadastrar"),
    path("codigos/", views.CodigosView.as_view(), name="codigos"),
]

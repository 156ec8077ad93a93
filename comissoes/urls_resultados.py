"""URLs (namespace resultados): the public results of the committee procedures, every batch."""

from django.urls import path

from comissoes import views_resultados_publicos as v

app_name = "resultados"

urlpatterns = [
    path("certames/<int:pk>/<str:procedimento>/", v.ResultadoPublicoView.as_view(),
         name="procedimento"),
]

"""URLs (namespace resultados): the public results of the committee procedures, every batch."""

from django.urls import path

from comissoes import views_resultados_publicos as v
from comum.cache_publico import publica

app_name = "resultados"

urlpatterns = [
    path("certames/<int:pk>/<str:procedimento>/", publica(v.ResultadoPublicoView.as_view(), "pk"),
         name="procedimento"),
]

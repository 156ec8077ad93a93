"""URLs (namespace resultados): the public results of the committee procedures, every batch."""

from django.urls import path

from comum.cache_publico import publica
from publico.views import resultados as v

app_name = "resultados"

urlpatterns = [
    path("certames/<int:pk>/<str:procedimento>/", publica(v.ResultadoPublicoView.as_view(), "pk"),
         name="procedimento"),
]

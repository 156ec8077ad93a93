"""URLs (namespace rh_resultados): RH publishes the results of the committee procedures
(without a procedure in the path: heteroidentification)."""

from django.urls import path

from comissoes import views_resultados_rh as v

app_name = "rh_resultados"

urlpatterns = [
    path("", v.PainelResultadosView.as_view(), name="painel"),
    path("certames/<int:pk>/", v.CertameResultadosView.as_view(), name="certame"),
    path("certames/<int:pk>/publicar-preliminar/", v.PublicarPreliminarView.as_view(),
         name="publicar_preliminar"),
    path("certames/<int:pk>/publicar-definitivo/", v.PublicarFinalView.as_view(),
         name="publicar_final"),
    path("certames/<int:pk>/<str:procedimento>/", v.CertameResultadosView.as_view(),
         name="certame"),
    path("certames/<int:pk>/<str:procedimento>/publicar-preliminar/",
         v.PublicarPreliminarView.as_view(), name="publicar_preliminar"),
    path("certames/<int:pk>/<str:procedimento>/publicar-definitivo/",
         v.PublicarFinalView.as_view(), name="publicar_final"),
]
